use super::*;

crate::test_cases! {
    fn an_alert_has_icon_lines_and_ok() {
        let t = alert_text(1, "About", "Fifteen from Simon Tatham's Portable Puzzle Collection");
        assert_eq!(t, b"[1][About|Fifteen from Simon Tatham's|Portable Puzzle Collection][ OK ]\0".to_vec());
    }

    fn an_alert_keeps_its_format_and_five_lines() {
        let t = alert_text(3, "", "bad [id] | a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq rr ss tt uu vv ww xx yy zz 11 22 33 44 55 66 77 88 99 00 12 34 56 78");
        let s = core::str::from_utf8(&t).unwrap();
        assert!(s.starts_with("[3][bad (id) / a b"), "{s}");
        assert_eq!(s.matches('|').count(), 4, "{s}");
        assert!(s.ends_with("][ OK ]\0"));
        assert!(s.split(['[', ']', '|']).all(|l| l.len() <= 30), "{s}");
    }
}
