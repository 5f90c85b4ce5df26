//! Parsing the program's options (host and 68030).

use alloc::string::ToString;

use super::*;

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
        use crate::app::Activity;
        let o = Options::parse("game slide id 3:1,2,3,4,0,5,7,8,6").unwrap();
        assert_eq!(o.app(b"x").map(|a| a.title().to_string()), Ok("Slide".to_string()));
        let o = Options::parse("game maze").unwrap();
        assert_eq!(o.app(b"x").map(|a| a.title().to_string()), Ok("Maze".to_string()));
        let o = Options::parse("").unwrap();
        assert!(o.app(b"x").unwrap().at_start_screen());
        let o = Options::parse("game fifteen id 3x3:1,1,1").unwrap();
        assert!(o.app(b"x").err().unwrap().starts_with("Fifteen game ID 3x3:1,1,1: "));
    }
}
