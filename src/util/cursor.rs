//! A keyboard cursor on a grid, stepped by the arrow keys: Tatham's `move_cursor` (misc.c).
//!
//! One step in the arrow's direction, wrapping round the edges or stopping at them. If the
//! caller keeps a "cursor shown" flag, an arrow shows a hidden cursor (and still moves it).
//! The answer is his three-way one: the key is not an arrow ([`CursorMove::Unused`]), the
//! cursor moved or appeared ([`CursorMove::UiUpdate`]), or an arrow did nothing, at an edge
//! without wrapping ([`CursorMove::NoEffect`]). Our `MoveResult` has no "used, no effect", so
//! both of the other two become `MoveResult::Ignored` (nothing to redraw; the app's key map
//! has no command on the arrows).

use crate::puzzle::backend::{Key, MoveResult};

/// What [`move_cursor`] did (his `MOVE_UNUSED`, `MOVE_NO_EFFECT`, `MOVE_UI_UPDATE`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CursorMove {
    /// Not an arrow key: nothing changed.
    Unused,
    /// An arrow that changed nothing.
    NoEffect,
    /// The cursor moved, or was hidden and is now shown.
    UiUpdate,
}

impl From<CursorMove> for MoveResult {
    fn from(m: CursorMove) -> MoveResult {
        match m {
            CursorMove::UiUpdate => MoveResult::UiUpdate,
            CursorMove::Unused | CursorMove::NoEffect => MoveResult::Ignored,
        }
    }
}

/// The step of an arrow key, `(0, 0)` for any other key.
pub fn arrow_delta(key: Key) -> (i32, i32) {
    match key {
        Key::CursorUp => (0, -1),
        Key::CursorDown => (0, 1),
        Key::CursorLeft => (-1, 0),
        Key::CursorRight => (1, 0),
        _ => (0, 0),
    }
}

/// Steps the cursor (`x`, `y`) of a `w`×`h` grid one cell in the direction of the arrow
/// `key`, wrapping round if `wrap`, else stopping at the edge; shows it if `visible` says it
/// is hidden. `x` and `y` need not be on the grid without `wrap` (they are clamped onto it).
pub fn move_cursor(
    key: Key,
    x: &mut i32,
    y: &mut i32,
    w: i32,
    h: i32,
    wrap: bool,
    visible: Option<&mut bool>,
) -> CursorMove {
    if !key.is_cursor_move() {
        return CursorMove::Unused;
    }
    let (dx, dy) = arrow_delta(key);
    let (ox, oy) = (*x, *y);
    if wrap {
        *x = (*x + dx).rem_euclid(w);
        *y = (*y + dy).rem_euclid(h);
    } else {
        *x = (*x + dx).max(0).min(w - 1);
        *y = (*y + dy).max(0).min(h - 1);
    }
    if let Some(shown) = visible
        && !*shown
    {
        *shown = true;
        return CursorMove::UiUpdate;
    }
    if (*x, *y) != (ox, oy) { CursorMove::UiUpdate } else { CursorMove::NoEffect }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
