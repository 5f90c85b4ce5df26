use super::*;
use alloc::format;

crate::test_cases! {
    fn digits_as_format_writes_them() {
        for v in [0, 7, 10, 99, 100, 12345, 4_000_000_000, u32::MAX] {
            assert_eq!(Decimal::new(v).as_str(), format!("{v}"));
        }
    }
}
