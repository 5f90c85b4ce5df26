//! Messages as alert strings (host and 68030).

use super::*;

crate::test_cases! {
    fn a_message_is_wrapped_into_lines_of_thirty() {
        let t = alert_text("This program needs an Atari Falcon030 or a compatible 256-colour display (VIDEL).");
        assert_eq!(
            core::str::from_utf8(&t).unwrap(),
            "[3][This program needs an Atari|Falcon030 or a compatible|256-colour display (VIDEL).][ OK ]\0"
        );
    }

    fn delimiters_are_replaced_and_long_texts_cut() {
        let t = alert_text("a [b] c|d");
        assert_eq!(core::str::from_utf8(&t).unwrap(), "[3][a /b/ c/d][ OK ]\0");
        let long = "x".repeat(70);
        let t = alert_text(&long);
        assert_eq!(core::str::from_utf8(&t).unwrap(), alloc::format!("[3][{}|{}|{}][ OK ]\0", "x".repeat(30), "x".repeat(30), "x".repeat(10)));
        let many = "word ".repeat(100);
        let t = alert_text(&many);
        assert_eq!(t.iter().filter(|&&b| b == b'|').count(), LINES - 1);
    }
}
