//! Parsing the program's options (host and 68030).

use alloc::string::ToString;

use super::*;
use crate::app::Activity;
use crate::app::tetrhex::rule_disk::MemoryDisk;

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
        assert_eq!(o.tetrhex.as_deref(), Some("-n 8 -p 'Ann Lee' -u"));
        assert_eq!(o.seed.as_deref(), Some("s"));
        assert!(o.starts_tetrhex() && !o.fullscreen);
        assert_eq!(Options::parse("C:\\GAMES\\HEXCOLS.RUL").unwrap().tetrhex.as_deref(), Some("C:\\GAMES\\HEXCOLS.RUL"));
        // Without a disk (no TOS): no TETRHEX.CFG; full screen, as TETRHEX without MiNT.
        let mut o = Options::parse("-n 8 -r hexcols.rul").unwrap();
        o.resolve_tetrhex(None).unwrap();
        assert!(o.fullscreen);
        let t = o.tetrhex_options.as_ref().unwrap();
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
        let t = o.tetrhex_options.as_ref().unwrap();
        assert!(o.fullscreen && t.video_sync && t.board_side == Some(6));
        assert_eq!(o.app(b"x", Some(disk.clone())).unwrap().title(), "Tetrhex");
        // -ww alone: a window.
        let mut o = Options::parse("-ww").unwrap();
        o.resolve_tetrhex(Some(&disk)).unwrap();
        assert!(!o.fullscreen);
        // `game NAME` takes a rule too, with TETRHEX.CFG's options.
        let mut o = Options::parse("game tet'light").unwrap();
        assert!(o.starts_tetrhex() && o.first_game().is_none());
        o.resolve_tetrhex(Some(&disk)).unwrap();
        assert_eq!(o.tetrhex_options.as_ref().unwrap().board_side, Some(6));
        assert_eq!(o.app(b"x", None).unwrap().title(), "Tet'light");
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
        assert!(o.tetrhex_options.is_none());
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
