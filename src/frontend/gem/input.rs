//! `evnt_multi` in the app's terms: what to wait for next, and its answers as
//! [`Input`]s.
//!
//! The app works out presses, drags and releases from where the pointer is and which
//! buttons are held (`app::mouse`), so the host reports every change of either. With no
//! button held it waits for one to go down (`ButtonWait::EITHER_PRESSED_ONCE`, one click:
//! asked for up to two, the AES would hold every press for the double-click time and
//! answer a quick second click as a count); while one is held, for the held buttons to
//! come back up and for the pointer to leave the pixel it is on (`MouseRect`, a drag).
//! Messages and keys always; the timer only while the app wants ticks, so an idle puzzle
//! costs no time under a multitasking AES.
//!
//! An answer may still stand for more than one change ([`pointer`]): a click already over
//! (the buttons up again when the AES answered) is a press and a release, and an AES that
//! counted two clicks anyway is given to the app as two.

use falcon_gem::aes::evnt::{ButtonWait, EventRequest, KeyShift, MouseButtons, MouseRect};
use falcon_gem::aes::evnt::{EventMask, Events, Key};
use falcon_gem::rect::Rect;

use crate::app::input::{Buttons, Input, KeyPress};
use crate::keyboard::Shift;

/// Milliseconds between two ticks while the app animates (50 per second).
pub const TICK_MS: u32 = 20;

/// What to wait for: `held` the buttons held at (`x`, `y`) after the last event.
pub fn request(wants_ticks: bool, held: MouseButtons, x: i16, y: i16) -> EventRequest {
    let (button, mouse1) = if held.is_empty() {
        (ButtonWait::EITHER_PRESSED_ONCE, None)
    } else {
        // Back up (one "click" with the held buttons all up), or a move.
        let up = ButtonWait { clicks: 1, mask: held, state: MouseButtons::empty() };
        (up, Some(MouseRect { leave: true, rect: Rect::new(x, y, 1, 1) }))
    };
    EventRequest {
        message: true,
        keyboard: true,
        button: Some(button),
        mouse1,
        mouse2: None,
        timer_ms: wants_ticks.then_some(TICK_MS),
    }
}

/// The shift keys: `evnt_multi`'s `K_*` bits are `Kbshift`'s bits 0–3.
pub fn shift(s: KeyShift) -> Shift {
    Shift::from_bits_truncate(s.bits() as u8) & (Shift::SHIFT | Shift::CONTROL | Shift::ALTERNATE)
}

/// The buttons (bit 0 left, bit 1 right in both).
pub fn buttons(b: MouseButtons) -> Buttons {
    Buttons::from_bits_truncate(b.bits() as u8)
}

/// A key from `evnt_multi` (scancode and ASCII as TOS's keyboard table gives them).
pub fn key(k: Key, s: KeyShift) -> Input {
    Input::KeyDown(KeyPress::new(k.scancode, k.ascii, shift(s)))
}

/// The pointer at screen (`x`, `y`), as a position on the window's surface whose top left
/// corner is at `origin` (the work area's).
pub fn mouse(e: &Events, origin: (i16, i16)) -> Input {
    Input::Mouse {
        x: (e.mouse_x - origin.0) as i32,
        y: (e.mouse_y - origin.1) as i32,
        buttons: buttons(e.buttons),
        shift: shift(e.shift),
    }
}

/// The most clicks one answer is taken for (a double click).
pub const MAX_CLICKS: usize = 2;

/// The pointer's changes one `evnt_multi` answer stands for, in order: at most a double
/// click, a press and a release each (made without allocating).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerInputs {
    inputs: [Input; 2 * MAX_CLICKS],
    len: usize,
}

impl PointerInputs {
    fn push(&mut self, input: Input) {
        self.inputs[self.len] = input;
        self.len += 1;
    }

    /// The changes, first first.
    pub fn as_slice(&self) -> &[Input] {
        &self.inputs[..self.len]
    }
}

/// What an answer `e` with a button or a move means to the app, `held` the buttons held
/// before it, the surface's corner at `origin`. While a button is held: the buttons and
/// pointer as they are now (a release or a drag). Otherwise a press: each click the AES
/// counted (1 or 2; more are taken as 2) a press and a release, the last press left held
/// when the buttons are still down. A press whose buttons are up again reports no button:
/// it is taken as the left one.
pub fn pointer(e: &Events, held: MouseButtons, origin: (i16, i16)) -> PointerInputs {
    let mut out = PointerInputs { inputs: [Input::FocusLost; 2 * MAX_CLICKS], len: 0 };
    if !held.is_empty() || !e.happened.contains(EventMask::BUTTON) {
        out.push(mouse(e, origin));
        return out;
    }
    let pressed = if e.buttons.is_empty() { MouseButtons::LEFT } else { e.buttons };
    let clicks = (e.clicks.max(1) as usize).min(MAX_CLICKS);
    let at = |buttons: MouseButtons| mouse(&Events { buttons, ..*e }, origin);
    for _ in 1..clicks {
        out.push(at(pressed));
        out.push(at(MouseButtons::empty()));
    }
    out.push(at(pressed));
    if e.buttons.is_empty() {
        out.push(at(MouseButtons::empty()));
    }
    out
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
