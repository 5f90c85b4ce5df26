//! Input: mouse normalisation, keys left to the key map, key labels.

use crate::gfx::NullDrawing;
use crate::puzzle::backend::{GameFlags, Key, KeyLabel, Mods, PuzzleInput};
use crate::puzzle::midend::tests::*;
use crate::puzzle::midend::*;
use alloc::vec;
use alloc::vec::Vec;

crate::test_cases! {
    /// No key means anything to the mid end: what the back end does not use is `Ignored`,
    /// for the app's key map (Tatham's `n`, `u`, `r`, `q`, `s`, ^Z... are the map's now).
    fn keys_the_back_end_ignores_are_left_to_the_key_map() {
        let mut me = started("t5:0");
        let dr = &mut NullDrawing::default();
        assert_eq!(me.process_key(dr, key(b'+')), KeyOutcome::Handled);
        assert_eq!(me.process_key(dr, key(b'p')), KeyOutcome::Handled, "a UI update is handled");
        for c in [b'n', b'u', b'r', b'q', b's', b'S', 0x1a, 0x12, 0x13, 0x11, b'*', b'#'] {
            let ctrl = PuzzleInput { key: Key::Char(c), x: 0, y: 0, mods: Mods::CTRL };
            assert_eq!(me.process_key(dr, key(c)), KeyOutcome::Ignored);
            assert_eq!(me.process_key(dr, ctrl), KeyOutcome::Ignored);
        }
        assert_eq!(me.state().value, 1, "nothing was undone, solved or restarted");
        assert_eq!(me.undo_chain(), (2, 2));
        assert_eq!(me.process_key(dr, PuzzleInput::mouse(Key::Drag(Button::Left), 1, 1)), KeyOutcome::Ignored, "dropped");
        assert_eq!(Midend::<Counter>::new(b"none").process_key(dr, key(b'+')), KeyOutcome::Ignored, "no game");
    }

    fn mouse_events_are_paired() {
        let mut me = started("t9:0");
        let dr = &mut NullDrawing::default();
        // Drag and release with nothing pressed: dropped.
        me.process_key(dr, PuzzleInput::mouse(Key::Drag(Button::Left), 1, 1));
        me.process_key(dr, PuzzleInput::mouse(Key::Release(Button::Right), 1, 1));
        // Overlapping presses: A B a b → A a B b.
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Middle), 1, 1));
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Right), 1, 1));
        me.process_key(dr, PuzzleInput::mouse(Key::Release(Button::Middle), 1, 1));
        me.process_key(dr, PuzzleInput::mouse(Key::Release(Button::Right), 1, 1));
        // Button mutating mid-drag: A (drag b) b → A (drag a) a.
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Left), 1, 1));
        me.process_key(dr, PuzzleInput::mouse(Key::Drag(Button::Middle), 2, 2));
        me.process_key(dr, PuzzleInput::mouse(Key::Release(Button::Middle), 2, 2));
        assert_eq!(me.pressed_button(), None);
        let seen: Vec<Key> = me.ui().seen.iter().copied().filter(|k| k.is_mouse()).collect();
        assert_eq!(seen, vec![
            Key::Press(Button::Middle), Key::Release(Button::Middle),
            Key::Press(Button::Right), Key::Release(Button::Right),
            Key::Press(Button::Left), Key::Drag(Button::Left), Key::Release(Button::Left),
        ]);
        // The left release made a move (+1), the others were UI updates.
        assert_eq!(me.state().value, 1);
    }

    fn button_beats_keeps_the_priority_button() {
        let mut me = started("t9:0");
        let dr = &mut NullDrawing::default();
        // Left held, right pressed: the right press is ignored (Left beats Right).
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Left), 1, 1));
        assert_eq!(me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Right), 1, 1)), KeyOutcome::Ignored);
        assert_eq!(me.pressed_button(), Some(Button::Left));
        me.process_key(dr, PuzzleInput::mouse(Key::Release(Button::Right), 1, 1));
        me.process_key(dr, PuzzleInput::mouse(Key::Release(Button::Left), 1, 1));
        // Right held, left pressed: no priority that way round, so the most recent wins.
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Right), 1, 1));
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Left), 1, 1));
        me.process_key(dr, PuzzleInput::mouse(Key::Release(Button::Left), 1, 1));
        let seen: Vec<Key> = me.ui().seen.iter().copied().filter(|k| k.is_mouse()).collect();
        assert_eq!(seen, vec![
            Key::Press(Button::Left), Key::Release(Button::Left),
            Key::Press(Button::Right), Key::Release(Button::Right),
            Key::Press(Button::Left), Key::Release(Button::Left),
        ]);
        assert!(!GameFlags::NONE.button_beats(Button::Left, Button::Right));
    }

    /// `midend_request_keys` fills the generic labels (`button2label`); the select key's
    /// label says what it does now.
    fn key_labels_like_tatham() {
        let mut me = started("t2:1");
        let dr = &mut NullDrawing::default();
        let keys = me.request_keys();
        assert_eq!(keys, vec![
            KeyLabel { key: Key::Char(b'+'), label: "+" },
            KeyLabel { key: Key::Char(b'-'), label: "Back" },
            KeyLabel { key: Key::Char(8), label: "Clear" },
        ]);
        assert_eq!(me.current_key_label(Key::CursorSelect), "Count");
        assert_eq!(me.current_key_label(Key::CursorLeft), "", "only the select keys have labels");
        me.process_key(dr, key(b'+'));
        assert_eq!(me.current_key_label(Key::CursorSelect), "", "nothing left to do");
        assert_eq!(button_label(Key::CursorUp), "Up");
        assert_eq!(button_label(Key::CursorSelect), "Select");
        assert_eq!(button_label(Key::Char(b'7')), "7");
        assert_eq!(button_label(Key::Char(b'Q')), "Q");
        assert_eq!(button_label(Key::Press(Button::Left)), "");
    }
}
