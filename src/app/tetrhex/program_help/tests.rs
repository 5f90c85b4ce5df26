use super::*;
use crate::app::activity::{Activity, ActivityReply, HostRequest};
use crate::app::input::{Input, KeyPress};
use crate::app::script::Screen;
use crate::app::tetrhex::help_view::{HelpOutcome, HelpView};
use crate::app::tetrhex::main_menu::{Choice, choice_for_key};
use crate::app::tetrhex::name_entry::{NameEntry, NameOutcome};
use crate::app::tetrhex::{HELP_SCALE, TetrhexActivity, View, keys, options, rules};
use crate::gfx::Rect;
use crate::keyboard::{Shift, scancode};
use crate::rul::loader::load;
use alloc::string::String;
use alloc::vec::Vec;

fn special(code: u8) -> KeyPress {
    KeyPress::special(code, Shift::empty())
}

fn shifted(code: u8) -> KeyPress {
    KeyPress::special(code, Shift::LEFT_SHIFT)
}

fn ctrl(code: u8) -> KeyPress {
    KeyPress::special(code, Shift::CONTROL)
}

const RETURN: KeyPress = KeyPress::new(scancode::RETURN, b'\r', Shift::empty());
const ENTER: KeyPress = KeyPress::new(scancode::KP_ENTER, b'\r', Shift::empty());
const ESC: KeyPress = KeyPress::new(scancode::ESC, 0x1B, Shift::empty());
const BACKSPACE: KeyPress = KeyPress::new(scancode::BACKSPACE, 8, Shift::empty());

/// The help on TETRHEX as the menu's Help key opens it, TETRHEX started with the options
/// `line`: every line of the viewer, one after the other.
fn help_from_the_menu(line: &[u8]) -> String {
    let o = options::parse(None, line, &mut |_| Err("no files".into())).unwrap();
    let mut s = Screen::new(320, 200).unwrap();
    let mut a = TetrhexActivity::new(&rules::ALL[0], 6, 1).unwrap();
    a.apply_options(&o, None);
    a.draw_all(&mut s.target());
    a.input(&mut s.target(), &Input::KeyDown(KeyPress::char(b' ')));
    assert_eq!(a.view(), View::Menu);
    a.input(&mut s.target(), &Input::KeyDown(special(scancode::HELP)));
    assert_eq!(a.view(), View::Help { rule: false });
    let help = a.help.as_ref().unwrap();
    let lines: Vec<String> = (0..help.line_count()).map(|i| help.line_text(i)).collect();
    lines.join(" ")
}

/// The key names the texts give, each as both write it.
const NAMES: [&str; 20] = [
    "Help:",
    "Shift-Help",
    "Undo",
    "N:",
    "Return",
    "Enter",
    "F1",
    "F10",
    "Shift-F1",
    "Shift-F10",
    "Ctrl-Q",
    "Ctrl-Tab",
    "( ) / *",
    "Esc",
    "Clr-Home",
    "Shift-Clr-Home",
    "Backspace",
    "Ctrl-C",
    "Ctrl-Esc",
    "Shift,",
];

crate::test_cases! {
    fn the_language_is_french_for_2_and_7_and_english_else() {
        assert!(core::ptr::eq(text(2), FRENCH) && core::ptr::eq(text(7), FRENCH));
        for country in [0, 1, 3, 8, 16, 255] {
            assert!(core::ptr::eq(text(country), ENGLISH), "country {}", country);
        }
        // The two say the same things in the same order: as many lines, the options in turn.
        assert_eq!(ENGLISH.lines().count(), FRENCH.lines().count());
        let option = |l: &str| l.starts_with('-').then(|| String::from(l.split([' ', ':']).next().unwrap()));
        let english: Vec<String> = ENGLISH.lines().filter_map(option).collect();
        let french: Vec<String> = FRENCH.lines().filter_map(option).collect();
        assert_eq!(english, french);
        for o in ["-n", "-p", "-u", "-b", "-vhc", "-l", "-r", "-ws", "-o", "-s"] {
            assert!(english.iter().any(|e| e == o), "option {} is explained", o);
        }
        for t in [ENGLISH, FRENCH] {
            for o in ["-vhw", "-ww", "TETRHEX.CFG", "TETRHEX.RUL", "HEXCOLS.RUL", "TETLIGHT.RUL", " 10."] {
                assert!(t.contains(o), "{} named", o);
            }
        }
    }

    fn the_menus_help_follows_option_l() {
        for line in [&b"-l 2"[..], b"-l 7", b"-l 1 7 0"] {
            let shown = help_from_the_menu(line);
            assert!(shown.contains("menu principal") && shown.contains("tableau hexagonal"), "{:?}", line);
        }
        for line in [&b""[..], b"-l 0", b"-l 3 2"] {
            let shown = help_from_the_menu(line);
            assert!(shown.contains("main menu") && shown.contains("hexagonal board"), "{:?}", line);
        }
        // A language neither text has: English.
        assert!(help_from_the_menu(b"-l 1").contains("main menu"));
    }

    fn the_texts_are_ascii_and_wrap_between_words_at_320_and_640() {
        for t in [ENGLISH, FRENCH] {
            assert!(t.bytes().all(|b| b == b'\n' || (32..127).contains(&b)), "only what the font draws");
            for w in [320, 640] {
                let area = TetrhexActivity::help_area(Rect::new(0, 0, w, 200));
                let columns = (area.w / crate::app::widgets::char_width(HELP_SCALE)) as usize;
                let view = HelpView::plain(t, area, HELP_SCALE);
                let mut words = Vec::new();
                for i in 0..view.line_count() {
                    let line = view.line_text(i);
                    assert!(line.len() <= columns, "line {} wider than {} pixels: {}", i, w, line);
                    words.extend(line.split(' ').filter(|w| !w.is_empty()).map(String::from));
                }
                let source: Vec<&str> = t.split_whitespace().collect();
                assert_eq!(words, source, "every word whole, in order, at {} pixels", w);
            }
        }
    }

    fn every_key_the_texts_name_is_handled() {
        for t in [ENGLISH, FRENCH] {
            for name in NAMES {
                assert!(t.contains(name), "{:?} named", name);
            }
            // Keys the program does not handle are not promised.
            for name in ["Ctrl-F", "Alternate", "Alt-", "\nTab:"] {
                assert!(!t.contains(name), "{:?} named", name);
            }
        }
        assert!(ENGLISH.contains("Up and Down arrows") && ENGLISH.contains("Right arrow") && ENGLISH.contains("Up arrow"));
        assert!(FRENCH.contains("fleches vers le haut et vers le bas") && FRENCH.contains("fleche droite"));
        assert!(FRENCH.contains("fleche vers le haut"));

        // The main menu.
        for (k, choice) in [
            (special(scancode::HELP), Choice::ProgramHelp),
            (shifted(scancode::HELP), Choice::RuleHelp),
            (special(scancode::UNDO), Choice::LoadRule),
            (KeyPress::char(b'n'), Choice::PlayerName),
            (RETURN, Choice::Play),
            (ENTER, Choice::Play),
            (special(scancode::F1), Choice::Scores(1)),
            (special(scancode::F10), Choice::Scores(10)),
            (shifted(scancode::F1), Choice::Scores(11)),
            (shifted(scancode::F10), Choice::Scores(20)),
            (KeyPress::ctrl(b'q'), Choice::Quit),
            (ctrl(scancode::TAB), Choice::Background),
            (ctrl(scancode::KP_LPAREN), Choice::Side(6)),
            (ctrl(scancode::KP_RPAREN), Choice::Side(7)),
            (ctrl(scancode::KP_SLASH), Choice::Side(8)),
            (ctrl(scancode::KP_STAR), Choice::Side(9)),
            (ESC, Choice::Leave),
        ] {
            assert_eq!(choice_for_key(k), Some(choice), "{:?}", k);
        }

        // The help viewer.
        let mut v = HelpView::plain(ENGLISH, Rect::new(0, 0, 320, 100), HELP_SCALE);
        let page = v.page();
        assert!(v.line_count() > 2 * page + 4);
        assert_eq!(v.key(special(scancode::DOWN)), HelpOutcome::Scrolled);
        assert_eq!(v.top(), 1);
        v.key(shifted(scancode::DOWN));
        assert_eq!(v.top(), 1 + page);
        v.key(ctrl(scancode::DOWN));
        assert_eq!(v.top(), 5 + page);
        v.key(special(scancode::UP));
        assert_eq!(v.top(), 4 + page);
        v.key(shifted(scancode::CLR_HOME));
        assert_eq!(v.top(), v.line_count() - page);
        v.key(special(scancode::CLR_HOME));
        assert_eq!(v.top(), 0);
        assert_eq!(v.key(ESC), HelpOutcome::Leave);

        // The player's name.
        let mut e = NameEntry::new();
        e.begin(false);
        for c in *b"ab" {
            e.key(KeyPress::char(c));
        }
        e.key(BACKSPACE);
        assert_eq!(e.text(), "a");
        e.key(special(scancode::RIGHT));
        assert_eq!(e.text(), "ab");
        e.key(ESC);
        assert_eq!(e.text(), "");
        e.key(special(scancode::UP));
        assert_eq!(e.text(), "ab");
        assert_eq!(e.key(ENTER), NameOutcome::Validated("ab".into()));
        // "type its first letter, then the Up arrow": the last name back.
        e.begin(false);
        e.key(KeyPress::char(b'a'));
        e.key(special(scancode::UP));
        assert_eq!(e.text(), "ab");
        e.begin(false);
        assert_eq!(e.key(KeyPress::ctrl(b'c')), NameOutcome::Validated(String::new()));
        e.begin(true);
        assert_eq!(e.key(RETURN), NameOutcome::Editing, "no empty name at a game's end");
        assert_eq!(e.key(KeyPress::ctrl(b'c')), NameOutcome::Aborted);

        // The game: Ctrl-Esc gives up, Undo pauses and Return goes on in the three rules.
        for entry in rules::ALL {
            let rule = load(entry.file).unwrap();
            let signal = |k: KeyPress| keys::signal_for(&rule, k);
            assert!(signal(ctrl(scancode::ESC)).is_some(), "{}", entry.name);
            assert!(signal(special(scancode::UNDO)).is_some() && signal(RETURN).is_some(), "{}", entry.name);
            assert_eq!(signal(ESC), None);
        }
        // Esc during a game: the collection; Ctrl-Q: quit; after the end Return, the scores
        // or the menu, and on the scores Return the menu.
        let mut s = Screen::new(320, 200).unwrap();
        let mut a = TetrhexActivity::playing(&rules::ALL[0], 6, 2).unwrap();
        a.draw_all(&mut s.target());
        let mut send = |a: &mut TetrhexActivity, k: KeyPress| a.input(&mut s.target(), &Input::KeyDown(k));
        assert_eq!(send(&mut a, ESC), ActivityReply::Back);
        assert_eq!(send(&mut a, KeyPress::ctrl(b'q')), ActivityReply::Host(HostRequest::Quit));
        send(&mut a, ctrl(scancode::ESC));
        send(&mut a, RETURN);
        assert_eq!(a.view(), View::Menu, "a score of 0 never enters");
        send(&mut a, special(scancode::F1));
        assert!(matches!(a.view(), View::Scores { .. }));
        send(&mut a, RETURN);
        assert_eq!(a.view(), View::Menu);
    }
}
