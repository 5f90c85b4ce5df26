//! Save files: the `TIME` record's number format (C's `%g` of the seconds, both ways), then
//! whole files through the mid end's test game: round trips, Tatham's leniency, his files,
//! and every malformed file refused with its reason and record.

use super::*;
use crate::gfx::{DrawOp, NullDrawing, RecordingDrawing};
use crate::puzzle::backend::{ErrorKind, Status};
use crate::puzzle::midend::tests::*;
use crate::puzzle::midend::{Midend, identify_game};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

/// A save file as Tatham's `midend_serialise` writes it: one record per line, in his order.
pub fn save_file(lines: &[&str]) -> String {
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

/// The records of the control file for the malformed-save table (it loads).
const GOOD: [&str; 10] = [
    "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection",
    "VERSION :1:1",
    "GAME    :7:Counter",
    "PARAMS  :4:t6s4",
    "CPARAMS :4:t6s4",
    "DESC    :1:1",
    "NSTATES :1:3",
    "STATEPOS:1:2",
    "MOVE    :1:+",
    "MOVE    :1:+",
];

/// Every malformed save file is rejected with its reason and record number, and leaves the
/// mid end untouched. (Written as one table so each line's failure is visible.) The reasons
/// are Tatham's, and so is what counts as malformed: a record's value is exactly its length
/// (a wrong length swallows the line end, a forbidden character), unknown keys are skipped.
pub fn malformed_save_cases() -> Vec<(String, &'static str, usize)> {
    let replace = |i: usize, with: &str| {
        let mut l: Vec<&str> = GOOD.to_vec();
        l[i] = with;
        save_file(&l)
    };
    let insert = |i: usize, line: &str| {
        let mut l: Vec<&str> = GOOD.to_vec();
        l.insert(i, line);
        save_file(&l)
    };
    let remove = |i: usize| {
        let mut l: Vec<&str> = GOOD.to_vec();
        l.remove(i);
        save_file(&l)
    };
    vec![
        (replace(0, "SAVEFILE:5:Hello"), "Data does not appear to be a saved game file", 1),
        (replace(0, "GARBAGE"), "Data does not appear to be a saved game file", 1),
        (replace(1, "VERSION :1:2"), "Cannot handle this version of the saved game file format", 2),
        (replace(2, "GAME    :7:Fifteen"), "Save file is from a different game", 3),
        (replace(3, "PARAMS  :2:t0"), "Long-term parameters in save file are invalid", 4),
        (replace(3, "PARAMS  :2:zz"), "Long-term parameters in save file are invalid", 4),
        (remove(3), "Long-term parameters in save file are missing", 10),
        (replace(4, "CPARAMS :4:t999"), "Short-term parameters in save file are invalid", 5),
        (remove(4), "Short-term parameters in save file are missing", 10),
        (replace(5, "DESC    :1:9"), "Game description in save file is invalid", 6),
        (remove(5), "Game description in save file is missing", 10),
        (replace(6, "NSTATES :1:0"), "Number of states in save file was not positive", 7),
        (replace(6, "NSTATES :1:x"), "Number of states in save file is not a number", 7),
        (replace(6, "NSTATES :1:4"), "Saved data ended unexpectedly", 11),
        (remove(6), "No state count provided in save file", 8),
        (replace(7, "STATEPOS:1:4"), "Game position in save file is out of range", 8),
        (replace(7, "STATEPOS:1:0"), "Game position in save file is out of range", 8),
        (replace(7, "STATEPOS:2:-1"), "Game position in save file is not a number", 8),
        (remove(7), "No game position provided in save file", 8),
        (replace(8, "MOVE    :1:*"), "Save file contained an invalid move", 9),
        (replace(8, "RESTART :1:7"), "Save file contained an invalid restart move", 9),
        (replace(8, "MOVE    :2:+"), "Forbidden characters in saved game file", 9),
        (replace(8, "MOVE    :5:+"), "Forbidden characters in saved game file", 9),
        (replace(8, "MOVE    ;1:+"), "Data was incorrectly formatted for a saved game file", 9),
        (replace(8, "MOVE    :x:+"), "Data was incorrectly formatted for a saved game file", 9),
        (replace(8, "MOVE    ::+"), "Data was incorrectly formatted for a saved game file", 10),
        (replace(8, "move    :1:+"), "Saved data ended unexpectedly", 11),
        (replace(8, "MO VE   :1:+"), "Saved data ended unexpectedly", 11),
        (replace(8, "MOVE    :1:\x07"), "Forbidden characters in saved game file", 9),
        (replace(9, "MOVE    :9:+"), "Saved data ended unexpectedly", 10),
        (replace(9, "MOV"), "Saved data ended unexpectedly", 10),
        (replace(9, "MOVE    :1"), "Data was incorrectly formatted for a saved game file", 10),
        (replace(8, "SOLVE   :2:=9"), "Save file contained an invalid move", 9),
        (replace(5, "PRIVDESC:1:9"), "Game description in save file is missing", 11),
        (insert(6, "PRIVDESC:1:8"), "Game private description in save file is invalid", 7),
        (insert(7, "NSTATES :1:3"), "Two state counts provided in save file", 8),
        (insert(3, "VERSION :1:9"), "Cannot handle this version of the saved game file format", 4),
        (replace(4, "TIME    :2:1x"), "Game time in save file is not a number", 5),
        (replace(4, "HEXSEED :1:a"), "Random seed in save file is not hexadecimal", 5),
        (replace(4, "AUXINFO :2:zz"), "Auxiliary data in save file is not hexadecimal", 5),
        (String::new(), "Data does not appear to be a saved game file", 1),
    ]
}

/// Checks one slice of [`malformed_save_cases`]: each file is rejected with its reason and
/// record number, and a failed load leaves the mid end exactly as it was. (Split in parts so
/// each on-target case stays cheap.)
fn check_malformed(part: usize, parts: usize) {
    let mut me = Midend::<Counter>::new(b"m");
    let dr = &mut NullDrawing::default();
    me.set_game_id("t9:4").unwrap();
    me.new_game(dr);
    let before = me.serialise();
    let cases = malformed_save_cases();
    let n = cases.len();
    for (file, reason, record) in
        cases.into_iter().skip(part * n / parts).take((part + 1) * n / parts - part * n / parts)
    {
        let e = me.deserialise(dr, &file).expect_err(reason);
        assert_eq!((e.kind, &*e.reason, e.position), (ErrorKind::SaveFile, reason, Some(record)), "{:?}", file);
        assert_eq!(me.serialise(), before, "a failed load changes nothing");
    }
}

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

    fn save_round_trip() {
        let mut me = started("t6s4:1");
        let dr = &mut NullDrawing::default();
        me.process_key(dr, key(b'+'));
        me.process_key(dr, key(b'+'));
        me.restart(dr).unwrap();
        me.process_key(dr, key(b'+'));
        me.undo(dr).unwrap();
        let saved = me.serialise();
        assert!(saved.starts_with("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nVERSION :1:1\nGAME    :7:Counter\n"));
        assert!(saved.contains("\nRESTART :1:1\n"));
        assert!(saved.contains("\nNSTATES :1:5\nSTATEPOS:1:4\n"));
        let mut other = Midend::<Counter>::new(b"other");
        other.deserialise(dr, &saved).unwrap();
        assert_eq!(other.serialise(), saved);
        assert_eq!(other.state(), me.state());
        assert_eq!(other.undo_chain(), (5, 4));
        assert!(other.can_redo());
        other.redo(dr).unwrap();
        assert_eq!(other.state().value, 2);
        assert_eq!(identify_game(&saved).unwrap(), "Counter");
    }

    fn save_with_seed_and_aux_round_trips() {
        let mut me = Midend::<Counter>::new(b"s");
        let dr = &mut NullDrawing::default();
        me.new_game(dr);
        let saved = me.serialise();
        assert!(saved.contains("\nSEED    :15:"));
        // "aux!" scrambled as the reference does it.
        assert!(saved.contains("\nAUXINFO :8:6c0cc62a\n"), "{}", saved);
        let mut other = Midend::<Counter>::new(b"o");
        other.deserialise(dr, &saved).unwrap();
        assert_eq!(other.random_seed_id(), me.random_seed_id());
        other.solve(dr).unwrap();
        assert_eq!(other.status(), Status::Won);
    }

    fn malformed_saves_part_1() { check_malformed(0, 4); }

    fn malformed_saves_part_2() { check_malformed(1, 4); }

    fn malformed_saves_part_3() { check_malformed(2, 4); }

    fn malformed_saves_part_4() { check_malformed(3, 4); }

    fn good_save_file_loads_with_any_line_endings() {
        let base = save_file(&GOOD);
        let mut me = Midend::<Counter>::new(b"m");
        let dr = &mut NullDrawing::default();
        me.deserialise(dr, &base).unwrap();
        assert_eq!(me.state().value, 2);
        // CRLF line endings and blank lines between records are accepted.
        let crlf = base.replace('\n', "\r\n\r\n");
        me.deserialise(dr, &crlf).unwrap();
        assert_eq!(me.state().value, 2);
    }

    /// Tatham's loader stops reading once the undo chain is complete and needs no line end
    /// after a record: extra moves, trailing bytes, a last record without newline, records
    /// run together all load there, so they load here.
    fn loading_is_as_lenient_as_tathams() {
        let mut me = Midend::<Counter>::new(b"l");
        let dr = &mut NullDrawing::default();
        let mut fewer = GOOD;
        fewer[6] = "NSTATES :1:2";
        me.deserialise(dr, &save_file(&fewer)).unwrap();
        assert_eq!((me.undo_chain(), me.state().value), ((2, 2), 2), "the extra move is ignored");
        let trailing = save_file(&GOOD) + "trailing bytes: not a record\x01\x02";
        me.deserialise(dr, &trailing).unwrap();
        assert_eq!((me.undo_chain(), me.state().value), ((3, 2), 2));
        let unterminated = GOOD.join("\n");
        me.deserialise(dr, &unterminated).unwrap();
        assert_eq!(me.undo_chain(), (3, 2));
        let run_together = GOOD.concat();
        me.deserialise(dr, &run_together).unwrap();
        assert_eq!(me.undo_chain(), (3, 2));
        assert_eq!(identify_game(&GOOD[..3].concat()).unwrap(), "Counter");
    }

    /// A timed game as Tatham's program writes it (`TIME` with `%g`, a float of seconds):
    /// it loads, and written back it is the same bytes; `%g`'s exponent form loads too.
    fn timed_save_files_move_both_ways() {
        let fixture = save_file(&[
            "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection",
            "VERSION :1:1",
            "GAME    :7:Counter",
            "PARAMS  :4:t9s3",
            "CPARAMS :4:t9s3",
            "SEED    :15:123456789012345",
            "DESC    :1:2",
            "AUXINFO :8:6c0cc62a",
            "TIME    :5:61.25",
            "NSTATES :1:3",
            "STATEPOS:1:3",
            "MOVE    :1:+",
            "MOVE    :1:+",
        ]);
        let mut me = Midend::<TimedCounter>::new(b"t");
        let dr = &mut RecordingDrawing::default();
        me.deserialise(dr, &fixture).unwrap();
        assert_eq!((me.elapsed_ms(), me.state().value), (61_250, 4));
        assert_eq!(me.serialise(), fixture);
        me.redraw(dr);
        assert!(dr.ops.contains(&DrawOp::Status("[1:01] at 4".to_string())));
        for (written, ms) in [("1e+06", 1_000_000_000), ("1.23457e+06", 1_234_570_000), ("0", 0), ("0.001", 1)] {
            let f = fixture.replace("TIME    :5:61.25", &format!("TIME    :{}:{}", written.len(), written));
            me.deserialise(dr, &f).unwrap();
            assert_eq!(me.elapsed_ms(), ms, "{}", written);
            assert_eq!(me.serialise(), f, "written back as %g");
        }
    }
}
