//! The machine's events as the app's input (host and 68030).

use super::*;
use crate::machine::input::{KeyEvent, MouseState};

fn key(scancode: u8, ascii: u8, shift: Shift, kind: KeyKind) -> Event {
    Event::Key(KeyEvent { scancode, ascii, shift, kind })
}

crate::test_cases! {
    fn keys_keep_scancode_ascii_and_shift() {
        let none = Shift::empty();
        assert_eq!(
            translate(key(0x1E, b'A', Shift::LEFT_SHIFT, KeyKind::Down), none),
            Some(Input::KeyDown(KeyPress::new(0x1E, b'A', Shift::LEFT_SHIFT)))
        );
        assert_eq!(
            translate(key(0x2E, 3, Shift::CONTROL, KeyKind::Down), none),
            Some(Input::KeyDown(KeyPress::new(0x2E, 3, Shift::CONTROL)))
        );
        assert_eq!(
            translate(key(0x48, 0, Shift::empty(), KeyKind::Up), none),
            Some(Input::KeyUp(KeyPress::special(0x48, Shift::empty())))
        );
        // Caps Lock's bit comes through as well.
        assert_eq!(
            translate(key(0x1E, b'A', Shift::CAPS_LOCK, KeyKind::Down), none),
            Some(Input::KeyDown(KeyPress::new(0x1E, b'A', Shift::CAPS_LOCK)))
        );
    }

    fn a_repeat_is_another_key_down() {
        assert_eq!(
            translate(key(0x4B, 0, Shift::empty(), KeyKind::Repeat), Shift::empty()),
            Some(Input::KeyDown(KeyPress::special(0x4B, Shift::empty())))
        );
    }

    fn modifier_keys_alone_are_not_passed_on() {
        for code in [0x2A, 0x36, 0x1D, 0x38, 0x3A] {
            assert!(scancode::is_modifier(code));
            assert_eq!(translate(key(code, 0, Shift::LEFT_SHIFT, KeyKind::Down), Shift::empty()), None);
            assert_eq!(translate(key(code, 0, Shift::empty(), KeyKind::Up), Shift::empty()), None);
        }
        assert!(!scancode::is_modifier(0x39));
    }

    fn mouse_states_carry_the_keyboards_shift() {
        let state = MouseState { x: 320, y: 17, buttons: MouseState::LEFT | MouseState::RIGHT };
        assert_eq!(
            translate(Event::Mouse { state, changed: 1 }, Shift::RIGHT_SHIFT),
            Some(Input::Mouse { x: 320, y: 17, buttons: Buttons::LEFT | Buttons::RIGHT, shift: Shift::RIGHT_SHIFT })
        );
        let state = MouseState { x: 0, y: 479, buttons: 0 };
        assert_eq!(
            translate(Event::Mouse { state, changed: 0 }, Shift::empty()),
            Some(Input::Mouse { x: 0, y: 479, buttons: Buttons::empty(), shift: Shift::empty() })
        );
    }
}
