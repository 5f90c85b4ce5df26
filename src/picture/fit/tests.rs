use super::*;

crate::test_cases! {}
