//! The machine's input events (`machine::input::Event`: what the IKBD said, decoded by the
//! machine layer) as the app's [`Input`]: the same scancode, ASCII and `Kbshift` bits (both
//! speak `crate::keyboard`), the mouse in screen coordinates.

use crate::app::input::{Buttons, Input, KeyPress};
use crate::keyboard::{Shift, scancode};
use crate::machine::input::{Event, KeyKind};

/// The app's event for a machine event, `None` for events the app has no use for: the
/// modifier keys themselves (Shift, Control, Alternate, Caps Lock only change the shift
/// state, which every later event carries). A repeat is a key going down again (as GEM
/// reports it); `shift_now` is the keyboard's state, for mouse events.
pub fn translate(event: Event, shift_now: Shift) -> Option<Input> {
    match event {
        Event::Key(k) => {
            if scancode::is_modifier(k.scancode) {
                return None;
            }
            let key = KeyPress::new(k.scancode, k.ascii, k.shift);
            Some(match k.kind {
                KeyKind::Down | KeyKind::Repeat => Input::KeyDown(key),
                KeyKind::Up => Input::KeyUp(key),
            })
        }
        Event::Mouse { state, .. } => Some(Input::Mouse {
            x: state.x as i32,
            y: state.y as i32,
            buttons: Buttons::from_bits_truncate(state.buttons),
            shift: shift_now,
        }),
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
