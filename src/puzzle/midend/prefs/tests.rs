//! Preferences, with the mid end's test game (three back-end preferences: a choice, a
//! boolean and a string): Tatham's file format both ways, the dialog, and 8.3 file names.

use super::*;
use crate::gfx::NullDrawing;
use crate::puzzle::erased::AnyPuzzle;
use crate::puzzle::midend::ConfigKind;
use crate::puzzle::midend::tests::Counter;
use alloc::string::ToString;

const DEFAULTS: &str = "one-key-shortcuts=true\nflash-colour=white\nsound=false\nplayer-name=nobody\n";

crate::test_cases! {
    fn defaults_are_written_in_tathams_format() {
        let me = Midend::<Counter>::new(b"p");
        assert_eq!(me.save_prefs(), DEFAULTS);
        assert!(me.one_key_shortcuts());
        let (title, items) = me.get_config(ConfigKind::Prefs);
        assert_eq!(title, "Counter preferences");
        assert_eq!(items[0], ConfigItem::Boolean { name: "Keyboard shortcuts without Ctrl", value: true });
        assert_eq!(items.len(), 4);
    }

    fn the_dialog_sets_the_game_in_play_and_every_later_one() {
        let mut me = Midend::<Counter>::new(b"p");
        let dr = &mut NullDrawing::default();
        me.new_game(dr);
        let (_, mut items) = me.get_config(ConfigKind::Prefs);
        items[0] = ConfigItem::Boolean { name: "Keyboard shortcuts without Ctrl", value: false };
        if let ConfigItem::Choices { selected, .. } = &mut items[1] {
            *selected = 1;
        }
        items[3] = ConfigItem::String { name: "Player", value: "two\nlines".to_string() };
        me.set_config(ConfigKind::Prefs, &items).unwrap();
        assert!(!me.one_key_shortcuts());
        assert!(me.ui().flash_red && me.ui().player == "two\nlines", "applies to the game in play");
        me.new_game(dr);
        assert!(me.ui().flash_red, "and to the next");
        let saved = me.serialise();
        me.deserialise(dr, &saved).unwrap();
        assert!(me.ui().flash_red, "and to a loaded one");
        assert_eq!(
            me.save_prefs(),
            "one-key-shortcuts=false\nflash-colour=red\nsound=false\nplayer-name=two\n lines\n",
            "a newline in a string continues after a space"
        );
        // Controls that are not these preferences change nothing.
        let e = me.set_config(ConfigKind::Prefs, &items[..2]).unwrap_err();
        assert_eq!(e.kind, ErrorKind::NotPossible);
        let mut wrong = items.clone();
        wrong[2] = ConfigItem::String { name: "Sound", value: "loud".to_string() };
        assert!(me.set_config(ConfigKind::Prefs, &wrong).is_err());
        assert!(!me.ui().sound);
    }

    fn files_load_like_tathams_and_round_trip() {
        let mut me = Midend::<Counter>::new(b"p");
        // Set before any game: kept, then given to the first game's UI.
        me.load_prefs("# a comment\n\nsound=true\nfuture-option=whatever\nplayer-name=Ann\n Lee\nflash-colour=red").unwrap();
        assert_eq!(me.save_prefs(), "one-key-shortcuts=true\nflash-colour=red\nsound=true\nplayer-name=Ann\n Lee\n");
        me.new_game(&mut NullDrawing::default());
        assert!(me.ui().sound && me.ui().flash_red);
        assert_eq!(me.ui().player, "Ann\nLee");
        // What we write reads back the same; CR LF line ends (TOS editors) are accepted.
        let text = me.save_prefs();
        let mut other = Midend::<Counter>::new(b"q");
        other.load_prefs(&text.replace('\n', "\r\n")).unwrap();
        assert_eq!(other.save_prefs(), text);
    }

    fn bad_files_say_what_and_where_and_change_nothing() {
        let mut me = Midend::<Counter>::new(b"p");
        for (text, reason, line) in [
            ("sound=true\nsound", "Partial line at end of preferences file", 2),
            ("sound\nflash-colour=red\n", "Expected '=' after keyword", 1),
            ("# c\nsound=yes\n", "Value for boolean was not 'true' or 'false'", 2),
            ("sound=true\nflash-colour=blue\n", "Invalid value for enumeration", 2),
        ] {
            let e = me.load_prefs(text).unwrap_err();
            assert_eq!((e.kind, &*e.reason, e.position), (ErrorKind::Preferences, reason, Some(line)), "{:?}", text);
            assert_eq!(me.save_prefs(), DEFAULTS);
        }
    }

    fn file_names_are_8_3_and_chosen_by_the_mid_end() {
        assert_eq!(prefs_file_name("Fifteen"), "FIFTEEN.CFG");
        assert_eq!(prefs_file_name("Same Game"), "SAMEGAME.CFG");
        assert_eq!(prefs_file_name("Rectangles"), "RECTANGL.CFG");
        assert_eq!(prefs_file_name("  "), "PUZZLE.CFG");
        assert_eq!(prefs_temp_file_name("Maze"), "MAZE.TMP");
        let me = Midend::<Counter>::new(b"p");
        assert_eq!(AnyPuzzle::prefs_file_name(&me), "COUNTER.CFG");
    }
}
