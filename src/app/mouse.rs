//! Mouse buttons as the puzzle sees them: the front end reports *states* (where the mouse is,
//! which buttons are held); [`MouseTracker`] turns their changes into Tatham's press, drag and
//! release events. The Atari mouse has two buttons: as in Tatham's GTK and Windows front
//! ends, Shift-click is the middle button and Alternate-click the right one.

use super::input::Buttons;
use crate::keyboard::Shift;
use crate::puzzle::backend::{Button, Key};

/// Remembers the button state between reports.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MouseTracker {
    buttons: Buttons,
    /// The puzzle button of the press in progress.
    held: Option<Button>,
}

impl MouseTracker {
    /// The event for a new state (`None` if nothing the puzzle cares about happened: the
    /// mouse moved with no button held).
    pub fn update(&mut self, buttons: Buttons, shift: Shift) -> Option<Key> {
        let added = buttons.difference(self.buttons);
        let before = self.buttons;
        self.buttons = buttons;
        if !added.is_empty() {
            let b = if added.contains(Buttons::RIGHT) || shift.alternate() {
                Button::Right
            } else if shift.shifted() {
                Button::Middle
            } else {
                Button::Left
            };
            self.held = Some(b);
            return Some(Key::Press(b));
        }
        let held = self.held?;
        if buttons.is_empty() || buttons != before {
            // All released, or one of two: the press in progress ends.
            self.held = None;
            return Some(Key::Release(held));
        }
        Some(Key::Drag(held))
    }

    /// Ends a press in progress without a report from the mouse (focus lost mid-drag).
    pub fn cancel(&mut self) -> Option<Key> {
        self.buttons = Buttons::empty();
        self.held.take().map(Key::Release)
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
