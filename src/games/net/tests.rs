//! Net tests (placeholder while the game is written).
use super::*;
crate::test_cases! {
    fn placeholder() {
        let _ = Net::default_params();
    }
}
