//! Parsing the program's options (host and 68030).

use alloc::string::ToString;

use super::*;
use crate::app::Activity;
use crate::app::tetrhex::program::CONSOLE_COLUMNS;
use crate::app::tetrhex::rule_disk::MemoryDisk;
use crate::app::tetrhex::{program_help, rules};
use crate::games;

crate::test_cases! {
    fn no_words_is_the_default() {
        assert_eq!(Options::parse(""), Ok(Options::default()));
        assert_eq!(Options::parse(" \r\n\t"), Ok(Options::default()));
        assert!(Options::default().first_game().is_none());
    }

    fn every_option_is_read() {
        let o = Options::parse("game maze id 7x5b#2024\r\nseed abc attract hold measure fullscreen\r\n").unwrap();
        assert_eq!(o.game, games::ALL.iter().position(|g| g.name == "Maze"));
        assert_eq!(o.first_game().map(|g| g.name), Some("Maze"));
        assert_eq!(o.id.as_deref(), Some("7x5b#2024"));
        assert_eq!(o.seed.as_deref(), Some("abc"));
        assert!(o.attract && o.hold && o.measure && o.fullscreen);
        assert!(!Options::parse("attract").unwrap().hold);
        assert!(!Options::parse("attract").unwrap().fullscreen);
    }

    fn the_window_refuses_what_only_full_screen_does() {
        assert_eq!(Options::parse("game fifteen seed x").unwrap().check_for_window(), Ok(()));
        assert_eq!(Options::parse("").unwrap().check_for_window(), Ok(()));
        assert!(Options::parse("attract").unwrap().check_for_window().unwrap_err().contains("add `fullscreen`"));
        assert!(Options::parse("measure").unwrap().check_for_window().unwrap_err().contains("`measure`"));
    }

    fn bad_options_say_what_is_wrong() {
        assert!(Options::parse("game Chess").unwrap_err().contains("no game called `Chess`"));
        assert!(Options::parse("fast").unwrap_err().contains("unknown option `fast`"));
        assert!(Options::parse("seed").unwrap_err().contains("`seed` needs a value"));
        assert!(Options::parse("id 3x3:1,2,3,4,5,6,7,8,0").unwrap_err().contains("needs `game NAME`"));
        assert!(Options::parse("hold").unwrap_err().contains("needs `attract`"));
    }

    fn the_app_starts_with_the_game_and_id_asked_for() {
        let o = Options::parse("game slide id 3:1,2,3,4,0,5,7,8,6").unwrap();
        assert_eq!(o.app(b"x", None).map(|a| a.title().to_string()), Ok("Slide".to_string()));
        let o = Options::parse("game maze").unwrap();
        assert_eq!(o.app(b"x", None).map(|a| a.title().to_string()), Ok("Maze".to_string()));
        let o = Options::parse("").unwrap();
        assert!(o.app(b"x", None).unwrap().at_start_screen());
        let o = Options::parse("game fifteen id 3x3:1,1,1").unwrap();
        assert!(o.app(b"x", None).err().unwrap().starts_with("Fifteen game ID 3x3:1,1,1: "));
    }

    fn tetrhex_options_make_tetrhex_the_program() {
        // The first word that starts with `-` or names a .RUL file: TETRHEX's command line,
        // as written (quotes kept), to the end.
        let o = Options::parse("seed s -n 8 -p 'Ann Lee' -u").unwrap();
        assert_eq!(o.tetrhex_command_line.as_deref(), Some("-n 8 -p 'Ann Lee' -u"));
        assert_eq!(o.seed.as_deref(), Some("s"));
        assert!(o.starts_tetrhex() && !o.fullscreen);
        assert_eq!(Options::parse("C:\\GAMES\\HEXCOLS.RUL").unwrap().tetrhex_command_line.as_deref(), Some("C:\\GAMES\\HEXCOLS.RUL"));
        // Without a disk (no TOS): no TETRHEX.CFG; full screen, as TETRHEX without MiNT.
        let mut o = Options::parse("-n 8 -r hexcols.rul").unwrap();
        o.resolve_tetrhex(None).unwrap();
        assert!(o.fullscreen);
        let t = &o.tetrhex.as_ref().unwrap().options;
        assert_eq!((t.board_side, t.rule_file.as_deref()), (Some(8), Some("hexcols.rul")));
        let app = o.app(b"x", None).unwrap();
        assert_eq!(app.title(), "Hexcolumns", "the built-in rule of that file name");
        assert!(!app.at_start_screen() && !app.wants_ticks(), "at the rule's presentation");
        // TETRHEX.CFG first, the command line after: the manual's example (-ww in the file,
        // -ws on the command line: full screen, side 6).
        let disk: SharedRuleDisk = alloc::rc::Rc::new(core::cell::RefCell::new(MemoryDisk::with_files(&[(
            "TETRHEX.CFG",
            b"-ww -wpc -n 6\r\n",
        )])));
        let mut o = Options::parse("-ws -vs").unwrap();
        o.resolve_tetrhex(Some(&disk)).unwrap();
        let t = &o.tetrhex.as_ref().unwrap().options;
        assert!(o.fullscreen && t.video_sync && t.board_side == Some(6));
        assert_eq!(o.app(b"x", Some(disk.clone())).unwrap().title(), "Tetrhex");
        // -ww alone: a window.
        let mut o = Options::parse("-ww").unwrap();
        o.resolve_tetrhex(Some(&disk)).unwrap();
        assert!(!o.fullscreen);
        // TETRHEX.CFG's -wpc: the window opens centred (`gem::first_place`); the collection's
        // own options leave the host's place.
        assert_eq!(o.window_placement(), WindowPlacement::Centred);
        let mut o = Options::parse("-ww -wp 10 40").unwrap();
        o.resolve_tetrhex(Some(&disk)).unwrap();
        assert_eq!(o.window_placement(), WindowPlacement::At { x: 10, y: 40 });
        // -ci: the icon's colour, for the window host (none without it, or without TETRHEX).
        assert_eq!(o.icon_colour(), None);
        let mut o = Options::parse("-ww -ci $C").unwrap();
        o.resolve_tetrhex(Some(&disk)).unwrap();
        assert_eq!(o.icon_colour(), Some(12));
        assert_eq!(Options::parse("game maze").unwrap().icon_colour(), None);
        assert_eq!(Options::parse("game maze").unwrap().window_placement(), WindowPlacement::Default);
        // `game NAME` takes a rule too, with TETRHEX.CFG's options.
        let mut o = Options::parse("game tet'light").unwrap();
        assert!(o.starts_tetrhex() && o.first_game().is_none());
        o.resolve_tetrhex(Some(&disk)).unwrap();
        assert_eq!(o.tetrhex.as_ref().unwrap().options.board_side, Some(6));
        assert_eq!(o.app(b"x", None).unwrap().title(), "Tet'light");
    }

    fn tetrhex_h_and_e_write_the_help_and_the_notes_for_the_console() {
        let lines = |line: &str, system: Option<u8>| {
            let mut o = Options::parse(line).unwrap();
            o.resolve_tetrhex(None).unwrap();
            if let Some(t) = &mut o.tetrhex {
                t.system_language = system;
            }
            o.console_lines()
        };
        // Neither -h nor -e (nor TETRHEX): nothing, even with a note to give.
        assert!(lines("-n 7 -b 300 0 0 0 0 0", None).is_empty());
        assert!(Options::parse("game maze").unwrap().console_lines().is_empty());
        // -h: the help on TETRHEX, every word of it, in lines the console shows whole.
        let english = lines("-h", None);
        let words = |ls: &[String]| ls.iter().flat_map(|l| l.split_whitespace()).map(String::from).collect::<alloc::vec::Vec<_>>();
        let want: alloc::vec::Vec<String> =
            program_help::ENGLISH.split_whitespace().map(String::from).collect();
        assert_eq!(words(&english), want);
        assert!(english.len() > 20 && english.iter().all(|l| l.chars().count() <= CONSOLE_COLUMNS));
        // In the language -l picks: French for -l 2, and for -l ? with the _AKP language 2.
        let french: alloc::vec::Vec<String> =
            program_help::FRENCH.split_whitespace().map(String::from).collect();
        assert_eq!(words(&lines("-help -l 2", None)), french);
        assert_eq!(words(&lines("-h -l ?", Some(2))), french);
        // -e: each ignored option, and why; -e- takes it back.
        let notes = lines("-e -b 300 0 0 0 0 0 -cd 1 2 999", None);
        assert_eq!(notes.len(), 2, "{:?}", notes);
        assert!(notes[0].starts_with("-b 300 0 0 0 0 0: ignored"), "{}", notes[0]);
        assert!(notes[1].starts_with("-cd 1 2 999: an intensity over 255"), "{}", notes[1]);
        assert!(lines("-e -b 300 0 0 0 0 0 -e-", None).is_empty());
        // Both: the help first.
        let both = lines("-e -h -b 300 0 0 0 0 0", None);
        assert_eq!(both.len(), english.len() + 1);
        assert!(both[english.len()].starts_with("-b 300"));
    }

    fn a_bad_tetrhex_lng_or_help_file_stops_tetrhex_with_its_exit_code() {
        let code = |files: &[(&str, &[u8])], line: &str| {
            let disk = disk_with(files);
            let e = Options::read(line, Some(&disk), None).unwrap_err();
            (e.code.value(), e.message)
        };
        assert_eq!(
            code(&[("TETRHEX.LNG", b"LANGUAGE 0\nHELP EN.TXT\n")], "-n 6"),
            (11, "TETRHEX.LNG line 2: `HELP EN.TXT`: neither a LANGUAGE line nor a NAME: line".to_string())
        );
        assert_eq!(
            code(&[("TETRHEX.LNG", b"LANGUAGE 0\nHELP: EN.TXT\n")], "-n 6"),
            (12, "EN.TXT: help file not found (named by TETRHEX.LNG for language 0)".to_string())
        );
        assert_eq!(
            code(&[("TETRHEX.LNG", b"LANGUAGE 0\nHELP: EN.TXT\n"), ("EN.TXT", b"\x00\x01")], "-n 6"),
            (13, "EN.TXT: byte $00 at offset 0 is not text".to_string())
        );
        // When TETRHEX is not the program, TETRHEX.LNG is not read.
        let disk = disk_with(&[("TETRHEX.LNG", b"bad")]);
        assert!(Options::read("game maze", Some(&disk), None).is_ok());
    }

    fn a_rule_file_missing_or_bad_stops_tetrhex_with_code_7_or_8() {
        let code = |line: &str, disk: Option<&SharedRuleDisk>| {
            let mut o = Options::parse(line).unwrap();
            o.resolve_tetrhex(disk).unwrap();
            let e = o.start(b"x", disk.cloned()).err().unwrap();
            (e.exit_code(), e.message)
        };
        let disk = disk_with(&[("BAD.RUL", b"RUL3 but not really"), ("TETRHEX.RUL", b"not a rule")]);
        assert_eq!(code("-r MINE.RUL", Some(&disk)), (7, "The rule file MINE.RUL was not found.".to_string()));
        assert_eq!(code("-r MINE.RUL", None), (7, "MINE.RUL: no disk without a TOS".to_string()));
        let (c, message) = code("-r BAD.RUL", Some(&disk));
        assert!(c == 8 && message.starts_with("BAD.RUL is not a valid rule file"), "{c} {message}");
        // The built-in rule's file beside the program, when it is there, is the one played.
        let (c, message) = code("-n 6", Some(&disk));
        assert!(c == 8 && message.starts_with("TETRHEX.RUL is not a valid rule file"), "{c} {message}");
        // The collection's refusals are bad options (10), as `app` words them.
        let o = Options::parse("game fifteen id 3x3:1,1,1").unwrap();
        let e = o.start(b"x", None).err().unwrap();
        assert_eq!(e.exit_code(), 10);
        assert_eq!(o.app(b"x", None).err(), Some(e.message));
    }

    fn tetrhex_vr_refuses_a_screen_that_would_change_mode() {
        use crate::machine::video_mode::{Monitor, VideoMode};
        assert_eq!(RESOLUTION_EXIT, 2, "section 8.2's code");
        let resolved = |line: &str| {
            let mut o = Options::parse(line).unwrap();
            o.resolve_tetrhex(None).unwrap();
            o
        };
        let st_low = VideoMode(VideoMode::STMODES | VideoMode::VGA | 2);
        // Without -vr (or with -vr-), any mode: the full screen sets its own.
        for o in [resolved("-n 7"), resolved("-vr -vr-"), Options::parse("game maze").unwrap()] {
            assert_eq!(o.check_fixed_resolution(Monitor::Vga, Some(st_low)), Ok(()));
            assert_eq!(o.check_fixed_resolution(Monitor::Vga, None), Ok(()));
        }
        // -vr: only the mode the full screen sets is accepted, whatever the PAL bit on RGB.
        let o = resolved("-vr");
        assert_eq!(o.check_fixed_resolution(Monitor::Vga, Some(VideoMode::VGA_640X480X8)), Ok(()));
        let pal = VideoMode(VideoMode::RGB_640X480X8_INTERLACED.0 | VideoMode::PAL);
        assert_eq!(o.check_fixed_resolution(Monitor::Rgb, Some(pal)), Ok(()));
        assert_eq!(o.check_fixed_resolution(Monitor::Tv, Some(VideoMode::RGB_640X480X8_INTERLACED)), Ok(()));
        let why = o.check_fixed_resolution(Monitor::Vga, Some(st_low)).unwrap_err();
        assert!(why.starts_with("-vr: the screen is in mode $0092;") && why.contains("(mode $001B)"), "{why}");
        // 640x480 in 16 colours, or the VGA mode on an RGB monitor: a change, refused.
        let sixteen = VideoMode(VideoMode::VGA | VideoMode::COL80 | 2);
        assert!(o.check_fixed_resolution(Monitor::Vga, Some(sixteen)).is_err());
        assert!(o.check_fixed_resolution(Monitor::Rgb, Some(VideoMode::VGA_640X480X8)).is_err());
        // Without a TOS the program always sets the mode: -vr cannot be honoured.
        assert!(o.check_fixed_resolution(Monitor::Vga, None).unwrap_err().contains("without a TOS"));
    }

    /// `-i on|off` reaches the hosts as a typed value (they switch the internal speaker
    /// with it); without it, or without TETRHEX, nothing is asked; a bad value is refused.
    fn tetrhex_i_on_off_asks_the_hosts_to_switch_the_internal_speaker() {
        let resolved = |line: &str| {
            let mut o = Options::parse(line).unwrap();
            o.resolve_tetrhex(None).map(|()| o)
        };
        assert_eq!(resolved("-i on").unwrap().internal_speaker(), Some(InternalSpeaker::On));
        assert_eq!(resolved("-i off").unwrap().internal_speaker(), Some(InternalSpeaker::Off));
        assert_eq!(resolved("-i OFF -n 7").unwrap().internal_speaker(), Some(InternalSpeaker::Off));
        // The last one counts.
        assert_eq!(resolved("-i on -i off").unwrap().internal_speaker(), Some(InternalSpeaker::Off));
        assert_eq!(resolved("-i off -n 6 -i on").unwrap().internal_speaker(), Some(InternalSpeaker::On));
        // Not asked: the speaker is left as it is.
        assert_eq!(resolved("-n 7").unwrap().internal_speaker(), None);
        assert_eq!(Options::parse("game maze").unwrap().internal_speaker(), None);
        // A bad value ends the program (exit code 10) with the reason.
        let why = resolved("-i loud").unwrap_err();
        assert!(why.contains("-i on, -i off"), "{}", why);
    }

    fn tetrhex_ta_td_and_left_shift_choose_the_clocks_timer() {
        use crate::app::tetrhex::options::Timer;
        let resolved = |line: &str| {
            let mut o = Options::parse(line).unwrap();
            o.resolve_tetrhex(None).map(|()| o)
        };
        // TETRHEX: Timer D, Timer A with left Shift held at the start; -ta and -td whatever
        // left Shift says, the last one counting.
        let o = resolved("-n 7").unwrap();
        assert_eq!((o.clock_timer(false), o.clock_timer(true)), (Timer::D, Timer::A));
        let o = resolved("-ta").unwrap();
        assert_eq!((o.clock_timer(false), o.clock_timer(true)), (Timer::A, Timer::A));
        let o = resolved("-ta -td").unwrap();
        assert_eq!((o.clock_timer(false), o.clock_timer(true)), (Timer::D, Timer::D));
        // The collection alone keeps Timer D.
        let o = Options::parse("game maze").unwrap();
        assert_eq!((o.clock_timer(false), o.clock_timer(true)), (Timer::D, Timer::D));
        // `measure` counts cycles on Timer A: left Shift leaves the clock on D, -ta is refused.
        let o = resolved("measure -n 7").unwrap();
        assert_eq!(o.clock_timer(true), Timer::D);
        assert!(resolved("measure -ta").unwrap_err().starts_with("-ta: `measure` counts cycles with MFP Timer A"));
        assert_eq!(resolved("measure -ta -td").unwrap().clock_timer(true), Timer::D);
    }

    fn bad_tetrhex_options_and_rules_are_refused_with_exit_code_10() {
        assert_eq!(BAD_OPTIONS_EXIT, 10);
        let mut o = Options::parse("-n 12").unwrap();
        let why = o.resolve_tetrhex(None).unwrap_err();
        assert!(why.contains("-n 12") && why.contains("between 6 and 9"), "{}", why);
        assert!(Options::parse("game maze -n 7").unwrap_err().contains("can only name one of its rules"));
        // A message file (section 7, `-s`): refused with the reason, before anything starts.
        let mut o = Options::parse("-n 7 -s PLAYER.MSG").unwrap();
        let why = o.resolve_tetrhex(None).unwrap_err();
        assert!(why.starts_with("-s PLAYER.MSG: message files") && why.contains("does not run them"), "{}", why);
        assert!(o.tetrhex.is_none());
        // A .MSG file dropped on the program is TETRHEX's `-s`: refused the same way.
        let mut o = Options::parse("TALK.MSG").unwrap();
        assert!(o.resolve_tetrhex(None).unwrap_err().starts_with("-s TALK.MSG: message files"));
        assert!(Options::parse("game tetrhex id 1").unwrap_err().contains("needs `game NAME` of a puzzle"));
        // A rule file that is not built in is read from the disk: missing, or not a rule.
        let mut o = Options::parse("-r MINE.RUL").unwrap();
        o.resolve_tetrhex(None).unwrap();
        assert!(o.app(b"x", None).err().unwrap().contains("MINE.RUL"));
        let disk: SharedRuleDisk = alloc::rc::Rc::new(core::cell::RefCell::new(MemoryDisk::with_files(&[(
            "MINE.RUL",
            b"not a rule",
        )])));
        assert!(o.app(b"x", Some(disk.clone())).err().unwrap().contains("MINE.RUL"));
        // A good one under another name is played.
        let d = MemoryDisk::with_files(&[("A:\\MINE.RUL", rules::ALL[1].file)]);
        let disk: SharedRuleDisk = alloc::rc::Rc::new(core::cell::RefCell::new(d));
        let mut o = Options::parse("A:\\MINE.RUL").unwrap();
        o.resolve_tetrhex(Some(&disk)).unwrap();
        assert_eq!(o.app(b"x", Some(disk)).unwrap().title(), "MINE.RUL");
    }
}

/// A disk with these files.
fn disk_with(files: &[(&str, &[u8])]) -> SharedRuleDisk {
    alloc::rc::Rc::new(core::cell::RefCell::new(MemoryDisk::with_files(files)))
}
