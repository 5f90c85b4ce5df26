//! TETRHEX as the program: its help on TETRHEX in the system's language and from
//! TETRHEX.LNG (host and 68030).

use alloc::vec::Vec;

use super::*;
use crate::app::Activity;
use crate::app::input::{Input, KeyPress};
use crate::app::tetrhex::rule_disk::MemoryDisk;
use crate::keyboard::{Shift, scancode};

crate::test_cases! {
    fn tetrhex_reads_the_system_language_the_host_passes() {
        // `-l ?` and `*` (the default `* 0 3` too) stand for the `_AKP` cookie's language,
        // which the host puts in `system_language`: the help on TETRHEX is then French for
        // France (2) and French Switzerland (7), as `-l 2` makes it.
        let french = help_screen("-l 2", None);
        let english = help_screen("-l 0", None);
        assert!(french != english);
        assert!(help_screen("-l ?", Some(2)) == french);
        assert!(help_screen("-l *", Some(7)) == french, "7's group is {{2, 7}}");
        assert!(help_screen("-n 6", Some(2)) == french, "the default * 0 3");
        // Without the cookie `?` and `*` stand for nothing; another language: English.
        assert!(help_screen("-l ?", None) == english);
        assert!(help_screen("-n 6", None) == english);
        assert!(help_screen("-l ?", Some(1)) == english);
    }

    fn tetrhex_lng_names_the_help_on_tetrhex_of_each_language() {
        const LNG: &[u8] = b"LANGUAGE 0\r\nHELP: HELP\\EN.TXT\r\nLANGUAGE 2\r\nHELP: HELP\\FR.TXT\r\nLANGUAGE 3\r\n";
        let disk = disk_with(&[
            ("TETRHEX.LNG", LNG),
            ("HELP\\EN.TXT", b"Press Return to play.\r\nGood luck!\r\n"),
            ("HELP\\FR.TXT", b"Appuyez sur Return pour jouer.\r\nBonne chance !\r\n"),
        ]);
        let lines = |line: &str, system: Option<u8>| program(line, system, Some(&disk)).console_lines();
        // -h writes the help file of the language picked: the system's (France) by default.
        assert_eq!(lines("-h", Some(2)), ["Appuyez sur Return pour jouer.", "Bonne chance !", ""]);
        assert_eq!(lines("-h -l 0", Some(2)), ["Press Return to play.", "Good luck!", ""]);
        // The United Kingdom has no HELP line, Spain is not in the file: no help at all.
        assert!(lines("-h -l 3", None).is_empty());
        assert!(lines("-h -l 4", None).is_empty());
        // The Help key shows the file's text: another screen than the built-in help's.
        let (_, english_file) = help_screen_on("-l 0", None, Some(&disk));
        let (_, french_file) = help_screen_on("-l 2", None, Some(&disk));
        let french_built_in = help_screen("-l 2", None);
        assert!(french_file != french_built_in && english_file != french_file);
        // Without a HELP line for the language, Help shows nothing: the menu stays.
        let (menu, after) = help_screen_on("-l 3", None, Some(&disk));
        assert!(menu == after, "no help, the menu is left as it was");
        // Without TETRHEX.LNG, the built-in help.
        let bare = disk_with(&[]);
        assert!(help_screen_on("-l 2", None, Some(&bare)).1 == french_built_in);
    }
}

/// TETRHEX as the program started with the options `line`, the host having read `system`
/// from the `_AKP` cookie, its help read from `disk`.
fn program(line: &str, system: Option<u8>, disk: Option<&SharedRuleDisk>) -> TetrhexProgram {
    let mut p = TetrhexProgram::read(line, disk).unwrap();
    p.system_language = system;
    p.load_help(disk).unwrap();
    p
}

/// The screen of the help on TETRHEX (the menu's Help key) of the program started with
/// TETRHEX's options `line`, the host having read `system` from the `_AKP` cookie.
fn help_screen(line: &str, system: Option<u8>) -> Vec<u16> {
    help_screen_on(line, system, None).1
}

/// The main menu's screen and the screen after its Help key, TETRHEX started with the
/// options `line`, the system language `system` and the files of `disk`.
fn help_screen_on(line: &str, system: Option<u8>, disk: Option<&SharedRuleDisk>) -> (Vec<u16>, Vec<u16>) {
    let mut a = program(line, system, disk).activity(None, b"x", disk).unwrap();
    let mut s = crate::app::script::Screen::new(320, 200).unwrap();
    a.draw_all(&mut s.target());
    a.input(&mut s.target(), &Input::KeyDown(KeyPress::char(b' ')));
    let menu = s.surface.words().to_vec();
    a.input(&mut s.target(), &Input::KeyDown(KeyPress::special(scancode::HELP, Shift::empty())));
    (menu, s.surface.words().to_vec())
}

/// A disk with these files.
fn disk_with(files: &[(&str, &[u8])]) -> SharedRuleDisk {
    alloc::rc::Rc::new(core::cell::RefCell::new(MemoryDisk::with_files(files)))
}
