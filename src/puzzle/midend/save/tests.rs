//! The `TIME` record's number format: C's `%g` of the seconds, both ways. (Whole save files
//! are tested with the mid end, in `midend/tests.rs`.)

use super::*;

crate::test_cases! {
    fn seconds_are_written_as_printf_g_writes_them() {
        for (ms, g) in [
            (0, "0"),
            (1, "0.001"),
            (10, "0.01"),
            (100, "0.1"),
            (1500, "1.5"),
            (61_234, "61.234"),
            (1_234_567, "1234.57"),
            (3_600_000, "3600"),
            (12_345_678, "12345.7"),
            (123_456_789, "123457"),
            (999_999_000, "999999"),
            (999_999_499, "999999"),
            // Exact halves round to even, as glibc does with an exactly representable value.
            (999_998_500, "999998"),
            (999_999_500, "1e+06"),
            (1_000_000_000, "1e+06"),
            (1_234_570_000, "1.23457e+06"),
            (u32::MAX, "4.29497e+06"),
        ] {
            assert_eq!(format_seconds(ms), g, "{} ms", ms);
        }
    }

    fn seconds_are_read_from_whatever_printf_g_wrote() {
        for (text, ms) in [
            ("0", Some(0)),
            ("1.5", Some(1500)),
            (".5", Some(500)),
            ("5.", Some(5000)),
            ("1e+06", Some(1_000_000_000)),
            ("1E6", Some(1_000_000_000)),
            ("1.23457e+06", Some(1_234_570_000)),
            ("61.2345", Some(61_235)),
            ("1e-3", Some(1)),
            ("0.0005", Some(1)),
            ("0.0004999", Some(0)),
            ("00012.5000", Some(12_500)),
            ("+2", Some(2000)),
            ("-3", Some(0)),
            ("5e+30", Some(u32::MAX)),
            ("4294967.2955", Some(u32::MAX)),
            ("123456789012345678901234", Some(u32::MAX)),
            ("", None),
            (".", None),
            ("e5", None),
            ("1e", None),
            ("1x", None),
            ("1.2.3", None),
            (" 1", None),
            ("inf", None),
            ("nan", None),
        ] {
            assert_eq!(parse_seconds(text.as_bytes()), ms, "{:?}", text);
        }
    }

    fn six_digit_times_survive_the_round_trip() {
        // Up to 999.999 s every millisecond is exact in six digits; beyond, %g rounds.
        let mut ms = 0u32;
        while ms < 4_000_000_000 {
            let back = parse_seconds(format_seconds(ms).as_bytes()).unwrap();
            if ms < 1_000_000 {
                assert_eq!(back, ms);
            } else {
                assert!(back.abs_diff(ms) * 200_000 <= ms, "{} -> {}", ms, back);
            }
            ms = ms * 3 + 7;
        }
    }
}
