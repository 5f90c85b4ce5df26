//! The machine's events as the app's input (host and 68030).

use super::*;
use crate::machine::input::{KeyEvent, MouseState};

fn key(scancode: u8, ascii: u8, shift: u8, kind: KeyKind) -> Event {
    Event::Key(KeyEvent { scancode, ascii, shift: machine::Shift(shift), kind })
}

crate::test_cases! {
    fn keys_keep_scancode_ascii_and_shift() {
        let none = machine::Shift(0);
        assert_eq!(
            translate(key(0x1E, b'A', machine::Shift::LEFT_SHIFT, KeyKind::Down), none),
            Some(Input::KeyDown(KeyPress::new(0x1E, b'A', Shift::LEFT_SHIFT)))
        );
        assert_eq!(
            translate(key(0x2E, 3, machine::Shift::CONTROL, KeyKind::Down), none),
            Some(Input::KeyDown(KeyPress::new(0x2E, 3, Shift::CONTROL)))
        );
        assert_eq!(
            translate(key(0x48, 0, 0, KeyKind::Up), none),
            Some(Input::KeyUp(KeyPress::special(0x48, Shift::empty())))
        );
        // Caps Lock's bit comes through as well.
        assert_eq!(
            translate(key(0x1E, b'A', machine::Shift::CAPS_LOCK, KeyKind::Down), none),
            Some(Input::KeyDown(KeyPress::new(0x1E, b'A', Shift::CAPS_LOCK)))
        );
    }

    fn a_repeat_is_another_key_down() {
        assert_eq!(
            translate(key(0x4B, 0, 0, KeyKind::Repeat), machine::Shift(0)),
            Some(Input::KeyDown(KeyPress::special(0x4B, Shift::empty())))
        );
    }

    fn modifier_keys_alone_are_not_passed_on() {
        for code in [0x2A, 0x36, 0x1D, 0x38, 0x3A] {
            assert!(is_modifier(code));
            assert_eq!(translate(key(code, 0, machine::Shift::LEFT_SHIFT, KeyKind::Down), machine::Shift(0)), None);
            assert_eq!(translate(key(code, 0, 0, KeyKind::Up), machine::Shift(0)), None);
        }
        assert!(!is_modifier(0x39));
    }

    fn mouse_states_carry_the_keyboards_shift() {
        let state = MouseState { x: 320, y: 17, buttons: MouseState::LEFT | MouseState::RIGHT };
        assert_eq!(
            translate(Event::Mouse { state, changed: 1 }, machine::Shift(machine::Shift::RIGHT_SHIFT)),
            Some(Input::Mouse { x: 320, y: 17, buttons: Buttons::LEFT | Buttons::RIGHT, shift: Shift::RIGHT_SHIFT })
        );
        let state = MouseState { x: 0, y: 479, buttons: 0 };
        assert_eq!(
            translate(Event::Mouse { state, changed: 0 }, machine::Shift(0)),
            Some(Input::Mouse { x: 0, y: 479, buttons: Buttons::empty(), shift: Shift::empty() })
        );
    }
}
