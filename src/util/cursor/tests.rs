use super::*;
use crate::puzzle::backend::Button;

/// Steps from (`x`, `y`) on a 3×2 grid: where the cursor ends and the answer.
fn step(key: Key, x: i32, y: i32, wrap: bool, visible: Option<bool>) -> (i32, i32, CursorMove, Option<bool>) {
    let (mut x, mut y, mut shown) = (x, y, visible.unwrap_or(true));
    let m = move_cursor(key, &mut x, &mut y, 3, 2, wrap, visible.is_some().then_some(&mut shown));
    (x, y, m, visible.map(|_| shown))
}

crate::test_cases! {
    fn arrows_step_one_cell() {
        assert_eq!(step(Key::CursorRight, 1, 0, false, None), (2, 0, CursorMove::UiUpdate, None));
        assert_eq!(step(Key::CursorLeft, 1, 0, false, None), (0, 0, CursorMove::UiUpdate, None));
        assert_eq!(step(Key::CursorDown, 1, 0, false, None), (1, 1, CursorMove::UiUpdate, None));
        assert_eq!(step(Key::CursorUp, 1, 1, false, None), (1, 0, CursorMove::UiUpdate, None));
    }

    fn edges_stop_or_wrap() {
        assert_eq!(step(Key::CursorRight, 2, 1, false, None), (2, 1, CursorMove::NoEffect, None));
        assert_eq!(step(Key::CursorUp, 0, 0, false, None), (0, 0, CursorMove::NoEffect, None));
        assert_eq!(step(Key::CursorRight, 2, 1, true, None), (0, 1, CursorMove::UiUpdate, None));
        assert_eq!(step(Key::CursorLeft, 0, 1, true, None), (2, 1, CursorMove::UiUpdate, None));
        assert_eq!(step(Key::CursorUp, 0, 0, true, None), (0, 1, CursorMove::UiUpdate, None));
        assert_eq!(step(Key::CursorDown, 0, 1, true, None), (0, 0, CursorMove::UiUpdate, None));
        // Off the grid without wrapping: clamped back onto it (Sixteen's ring uses this).
        assert_eq!(step(Key::CursorRight, 7, -4, false, None), (2, 0, CursorMove::UiUpdate, None));
        // A one-wide grid wraps onto itself: no effect.
        let (mut x, mut y) = (0, 0);
        assert_eq!(move_cursor(Key::CursorLeft, &mut x, &mut y, 1, 1, true, None), CursorMove::NoEffect);
    }

    /// A hidden cursor is shown by any arrow, moving too; a shown one reports only moves.
    fn a_hidden_cursor_is_shown() {
        assert_eq!(step(Key::CursorRight, 0, 0, false, Some(false)), (1, 0, CursorMove::UiUpdate, Some(true)));
        assert_eq!(step(Key::CursorLeft, 0, 0, false, Some(false)), (0, 0, CursorMove::UiUpdate, Some(true)));
        assert_eq!(step(Key::CursorLeft, 0, 0, false, Some(true)), (0, 0, CursorMove::NoEffect, Some(true)));
        assert_eq!(step(Key::CursorLeft, 1, 0, false, Some(true)), (0, 0, CursorMove::UiUpdate, Some(true)));
    }

    fn other_keys_are_unused() {
        for key in [Key::CursorSelect, Key::CursorSelect2, Key::Char(b'a'), Key::Press(Button::Left)] {
            assert_eq!(step(key, 1, 1, true, Some(false)), (1, 1, CursorMove::Unused, Some(false)));
            assert_eq!(arrow_delta(key), (0, 0));
        }
        assert_eq!(MoveResult::from(CursorMove::UiUpdate), MoveResult::UiUpdate);
        assert_eq!(MoveResult::from(CursorMove::NoEffect), MoveResult::Ignored);
        assert_eq!(MoveResult::from(CursorMove::Unused), MoveResult::Ignored);
    }
}
