use super::*;
use crate::keyboard::Shift;

fn map(k: KeyPress) -> KeyAction {
    KeyMap::default().map(k)
}

/// The puzzle key and fallback of a key that reaches the puzzle.
fn puzzle(k: KeyPress) -> (Key, Mods, Option<Command>) {
    match map(k) {
        KeyAction::Puzzle { input, fallback } => (input.key, input.mods, fallback),
        other => panic!("{:?} gave {:?}", k, other),
    }
}

fn fallback(k: KeyPress) -> Option<Command> {
    puzzle(k).2
}

/// TOS's form of Control + letter: the control code, with the Control bit.
fn tos_ctrl(letter: u8) -> KeyPress {
    KeyPress::new(scancode::of_ascii(letter), letter & 0x1f, Shift::CONTROL)
}

crate::test_cases! {
    fn printable_keys_reach_the_puzzle_first() {
        assert_eq!(puzzle(KeyPress::char(b'5')), (Key::Char(b'5'), Mods::NONE, None));
        assert_eq!(puzzle(KeyPress::char(b'x')), (Key::Char(b'x'), Mods::NONE, None));
        // Shift is removed from keys other than the cursor keys.
        assert_eq!(puzzle(KeyPress::char(b'X').with(Shift::LEFT_SHIFT)), (Key::Char(b'X'), Mods::NONE, None));
    }

    fn common_keys_are_fallbacks_after_the_puzzle() {
        for c in *b"nN" {
            assert_eq!(fallback(KeyPress::char(c)), Some(Command::NewGame));
        }
        for c in *b"uU*" {
            assert_eq!(fallback(KeyPress::char(c)), Some(Command::Undo), "{}", c as char);
        }
        for c in *b"rR#" {
            assert_eq!(fallback(KeyPress::char(c)), Some(Command::Redo), "{}", c as char);
        }
        for c in *b"qQ" {
            assert_eq!(fallback(KeyPress::char(c)), Some(Command::Quit));
        }
        // Plain s has no common meaning (Net locks a tile with it).
        assert_eq!(fallback(KeyPress::char(b's')), None);
        // The puzzle sees the key itself: 'u' is Char('u'), undo only if the puzzle passes.
        assert_eq!(puzzle(KeyPress::char(b'u')).0, Key::Char(b'u'));
    }

    fn control_letters_fold_to_control_codes_both_ways() {
        // A front end reading the IKBD reports the letter; TOS reports the code.
        for (letter, cmd) in [
            (b'N', Command::NewGame),
            (b'Z', Command::Undo),
            (b'_', Command::Undo),
            (b'R', Command::Redo),
            (b'Y', Command::Redo),
            (b'Q', Command::Quit),
        ] {
            for k in [KeyPress::ctrl(letter), KeyPress::ctrl(letter.to_ascii_lowercase()), tos_ctrl(letter)] {
                assert_eq!(puzzle(k), (Key::Char(letter & 0x1f), Mods::NONE, Some(cmd.clone())), "{:?}", k);
            }
        }
        // Other Control combinations are dropped.
        assert_eq!(map(KeyPress::ctrl(b'1')), KeyAction::Ignore);
        assert_eq!(map(KeyPress::ctrl(b'.')), KeyAction::Ignore);
        // Control codes below 0x20 keep their meaning (Ctrl-Return is still select).
        assert_eq!(puzzle(KeyPress::char(b'\r').with(Shift::CONTROL)).0, Key::CursorSelect);
    }

    fn gem_conventions_where_tatham_differs() {
        // Ctrl-S saves (his Ctrl-S solves), Ctrl-O loads, Ctrl-C copies.
        assert_eq!(fallback(KeyPress::ctrl(b's')), Some(Command::Save));
        assert_eq!(fallback(tos_ctrl(b'S')), Some(Command::Save));
        assert_eq!(fallback(KeyPress::ctrl(b'o')), Some(Command::Load));
        assert_eq!(fallback(KeyPress::ctrl(b'c')), Some(Command::CopyText));
        // Solve moved to Shift-Ctrl-S; Shift-Ctrl-Z is Redo; neither reaches the puzzle.
        assert_eq!(map(KeyPress::ctrl(b's').with(Shift::RIGHT_SHIFT)), KeyAction::Command(Command::Solve));
        assert_eq!(map(tos_ctrl(b'S').with(Shift::LEFT_SHIFT)), KeyAction::Command(Command::Solve));
        assert_eq!(map(KeyPress::ctrl(b'z').with(Shift::LEFT_SHIFT)), KeyAction::Command(Command::Redo));
        // The Atari's own keys.
        assert_eq!(map(KeyPress::special(scancode::UNDO, Shift::empty())), KeyAction::Command(Command::Undo));
        assert_eq!(map(KeyPress::special(scancode::HELP, Shift::empty())), KeyAction::Command(Command::Help));
        assert_eq!(fallback(KeyPress::char(0x1b)), Some(Command::BackToCollection));
        // Alternate combinations belong to the system.
        assert_eq!(map(KeyPress::char(b'n').with(Shift::ALTERNATE)), KeyAction::Ignore);
    }

    fn one_key_preference_turns_off_the_bare_letters_only() {
        let keys = KeyMap { one_key_shortcuts: false };
        let fb = |k: KeyPress| match keys.map(k) {
            KeyAction::Puzzle { fallback, .. } => fallback,
            other => panic!("{:?}", other),
        };
        for c in *b"nNuUrRqQ" {
            assert_eq!(fb(KeyPress::char(c)), None, "{}", c as char);
        }
        assert_eq!(fb(KeyPress::char(b'*')), Some(Command::Undo));
        assert_eq!(fb(KeyPress::char(b'#')), Some(Command::Redo));
        assert_eq!(fb(KeyPress::ctrl(b'n')), Some(Command::NewGame));
        assert_eq!(fb(KeyPress::ctrl(b'q')), Some(Command::Quit));
    }

    fn select_backspace_and_keypad_are_normalised() {
        assert_eq!(puzzle(KeyPress::char(b'\r')).0, Key::CursorSelect);
        assert_eq!(puzzle(KeyPress::new(scancode::KP_ENTER, b'\r', Shift::empty())).0, Key::CursorSelect);
        assert_eq!(puzzle(KeyPress::char(b' ')).0, Key::CursorSelect2);
        assert_eq!(puzzle(KeyPress::char(8)).0, Key::Char(8));
        assert_eq!(puzzle(KeyPress::char(127)).0, Key::Char(8), "Delete is backspace");
        assert_eq!(puzzle(KeyPress::new(scancode::KP_7, b'7', Shift::empty())), (Key::Char(b'7'), Mods::NUMPAD, None));
        assert_eq!(puzzle(KeyPress::char(b'7')), (Key::Char(b'7'), Mods::NONE, None), "main-keyboard digit");
        // Only digits of the keypad are flagged: its * is the plain Undo star.
        assert_eq!(puzzle(KeyPress::new(scancode::KP_STAR, b'*', Shift::empty())), (Key::Char(b'*'), Mods::NONE, Some(Command::Undo)));
        // Keys without ASCII that mean nothing: function keys, Insert.
        assert_eq!(map(KeyPress::special(scancode::F1, Shift::empty())), KeyAction::Ignore);
        assert_eq!(map(KeyPress::special(scancode::INSERT, Shift::empty())), KeyAction::Ignore);
    }

    fn cursor_keys_keep_shift_and_control() {
        let cur = |code, shift| puzzle(KeyPress::special(code, shift));
        assert_eq!(cur(scancode::UP, Shift::empty()), (Key::CursorUp, Mods::NONE, None));
        assert_eq!(cur(scancode::DOWN, Shift::RIGHT_SHIFT), (Key::CursorDown, Mods::SHIFT, None));
        assert_eq!(cur(scancode::LEFT, Shift::CONTROL), (Key::CursorLeft, Mods::CTRL, None));
        assert_eq!(cur(scancode::RIGHT, Shift::CONTROL | Shift::LEFT_SHIFT), (Key::CursorRight, Mods(3), None));
        // TOS's own codes for Control with the arrows.
        assert_eq!(cur(scancode::CTRL_LEFT, Shift::CONTROL), (Key::CursorLeft, Mods::CTRL, None));
        assert_eq!(cur(scancode::CTRL_RIGHT, Shift::empty()), (Key::CursorRight, Mods::CTRL, None));
    }

    fn resolve_runs_the_fallback_only_when_the_puzzle_passes() {
        let action = map(KeyPress::char(b'u'));
        let mut offered = None;
        assert_eq!(action.clone().resolve(|i| { offered = Some(i.key); true }), None);
        assert_eq!(offered, Some(Key::Char(b'u')));
        assert_eq!(action.resolve(|_| false), Some(Command::Undo));
        let mut asked = false;
        assert_eq!(map(KeyPress::special(scancode::UNDO, Shift::empty())).resolve(|_| { asked = true; true }), Some(Command::Undo));
        assert!(!asked, "commands do not reach the puzzle");
        assert_eq!(KeyAction::Ignore.resolve(|_| panic!("not offered")), None);
    }

    fn menu_shortcuts_are_the_keys_that_always_work() {
        let keys = KeyMap { one_key_shortcuts: false };
        // Every shortcut shown, typed, gives its command (whatever the puzzle does).
        for cmd in [Command::NewGame, Command::Undo, Command::Redo, Command::Solve, Command::Save, Command::Load,
                    Command::CopyText, Command::Quit, Command::Help, Command::BackToCollection] {
            let key = match keys.shortcut(&cmd).unwrap() {
                Shortcut::Ctrl(c) => KeyPress::ctrl(c),
                Shortcut::ShiftCtrl(c) => KeyPress::ctrl(c).with(Shift::LEFT_SHIFT),
                Shortcut::UndoKey => KeyPress::special(scancode::UNDO, Shift::empty()),
                Shortcut::HelpKey => KeyPress::special(scancode::HELP, Shift::empty()),
                Shortcut::Esc => KeyPress::char(0x1b),
            };
            assert_eq!(keys.map(key).resolve(|_| false), Some(cmd.clone()), "{:?}", cmd);
        }
        assert_eq!(keys.shortcut(&Command::Restart), None);
        assert_eq!(Shortcut::Ctrl(b'N').label(), "^N");
        assert_eq!(Shortcut::ShiftCtrl(b'S').label(), "Shift ^S");
    }
}
