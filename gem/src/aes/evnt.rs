//! Event library: waiting for messages, keys, mouse buttons, mouse rectangles and time in
//! one call (`evnt_multi`), the way a GEM program sleeps without busy-waiting.

use bitflags::bitflags;

use super::{Aes, Op};
use crate::message::{Message, RawMessage};
use crate::rect::Rect;
use crate::trap::Trap;

/// evnt_mesag: opcode 23, 0 intin, 1 intout, 1 addrin (buffer).
const EVNT_MESAG: Op = Op::new(23, 0, 1, 1, 0);
/// evnt_timer: opcode 24, 2 intin (low, high word of ms), 1 intout.
const EVNT_TIMER: Op = Op::new(24, 2, 1, 0, 0);
/// evnt_multi: opcode 25, 16 intin, 7 intout, 1 addrin (message buffer).
const EVNT_MULTI: Op = Op::new(25, 16, 7, 1, 0);

bitflags! {
    /// Which events to wait for and which happened (`MU_*`).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct EventMask: u16 {
        /// MU_KEYBD
        const KEYBOARD = 0x01;
        /// MU_BUTTON
        const BUTTON = 0x02;
        /// MU_M1: the mouse entered or left the first rectangle.
        const MOUSE1 = 0x04;
        /// MU_M2
        const MOUSE2 = 0x08;
        /// MU_MESAG
        const MESSAGE = 0x10;
        /// MU_TIMER
        const TIMER = 0x20;
    }
}

bitflags! {
    /// Mouse buttons (bit 0 left, bit 1 right).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct MouseButtons: u16 {
        const LEFT = 0x01;
        const RIGHT = 0x02;
    }
}

bitflags! {
    /// The shift keys held (`K_*`, as `evnt_multi` and `graf_mkstate` report them).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct KeyShift: u16 {
        const RIGHT_SHIFT = 0x01;
        const LEFT_SHIFT = 0x02;
        const CONTROL = 0x04;
        const ALTERNATE = 0x08;
    }
}

/// A button condition to wait for (`evnt_multi` words 1–3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ButtonWait {
    /// How many clicks to wait for (1 or 2). With 0x100 added the condition is inverted:
    /// it is met when any button of `mask` differs from `state` (so mask left|right with
    /// state 0 waits for either button to go down; TOS and EmuTOS's `downorup`).
    pub clicks: i16,
    pub mask: MouseButtons,
    pub state: MouseButtons,
}

impl ButtonWait {
    /// Either button going down, answered at once: clicks 0x101, mask left|right, state 0.
    /// What a game waits for: the AES counts no clicks (the answer's count is 1).
    pub const EITHER_PRESSED_ONCE: ButtonWait =
        ButtonWait { clicks: 0x101, mask: MouseButtons::LEFT.union(MouseButtons::RIGHT), state: MouseButtons::empty() };

    /// Either button going down, up to a double click: clicks 0x102, mask left|right,
    /// state 0 (an editor's wait). The AES holds every press for the double-click time
    /// (EmuTOS: `gl_dclick`, about 0.2 s) while it counts the clicks, then answers with
    /// their count.
    pub const EITHER_PRESSED: ButtonWait =
        ButtonWait { clicks: 0x102, mask: MouseButtons::LEFT.union(MouseButtons::RIGHT), state: MouseButtons::empty() };
}

/// A mouse rectangle to wait for (`evnt_multi` words 4–8 or 9–13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MouseRect {
    /// Wait for the mouse to leave (true) or to enter (false) the rectangle.
    pub leave: bool,
    pub rect: Rect,
}

/// What `evnt_multi` waits for. `Default`: nothing (fill in what you need).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EventRequest {
    pub message: bool,
    pub keyboard: bool,
    pub button: Option<ButtonWait>,
    pub mouse1: Option<MouseRect>,
    pub mouse2: Option<MouseRect>,
    /// Milliseconds (a lower bound only); `Some(0)` returns at once with what is pending.
    pub timer_ms: Option<u32>,
}

impl EventRequest {
    /// The `MU_*` mask of this request.
    pub fn mask(&self) -> EventMask {
        let mut m = EventMask::empty();
        m.set(EventMask::MESSAGE, self.message);
        m.set(EventMask::KEYBOARD, self.keyboard);
        m.set(EventMask::BUTTON, self.button.is_some());
        m.set(EventMask::MOUSE1, self.mouse1.is_some());
        m.set(EventMask::MOUSE2, self.mouse2.is_some());
        m.set(EventMask::TIMER, self.timer_ms.is_some());
        m
    }
}

/// A key press: scancode (IKBD) and ASCII code (0 for keys without one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    pub scancode: u8,
    pub ascii: u8,
}

impl Key {
    /// From `evnt_multi`'s key word: scancode in the high byte, ASCII in the low byte.
    pub fn from_word(w: i16) -> Key {
        Key { scancode: (w as u16 >> 8) as u8, ascii: w as u8 }
    }

    /// The word `objc_edit` and `form_keybd` take.
    pub fn to_word(self) -> i16 {
        (((self.scancode as u16) << 8) | self.ascii as u16) as i16
    }
}

/// What happened, and the mouse and keyboard state at that moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Events {
    pub happened: EventMask,
    pub mouse_x: i16,
    pub mouse_y: i16,
    pub buttons: MouseButtons,
    pub shift: KeyShift,
    /// With [`EventMask::KEYBOARD`].
    pub key: Option<Key>,
    /// With [`EventMask::BUTTON`]: the number of clicks.
    pub clicks: i16,
    /// With [`EventMask::MESSAGE`].
    pub raw_message: Option<RawMessage>,
}

impl Events {
    /// The message, decoded.
    pub fn message(&self) -> Option<Message> {
        self.raw_message.map(|m| m.decode())
    }
}

impl<T: Trap> Aes<T> {
    /// `evnt_multi` (opcode 25): waits for any of the events in `request`; the events
    /// that happened, with the mouse and shift state, the key, the clicks and the message.
    pub fn evnt_multi(&mut self, request: &EventRequest) -> Events {
        let button = request.button.unwrap_or(ButtonWait {
            clicks: 0,
            mask: MouseButtons::empty(),
            state: MouseButtons::empty(),
        });
        let m1 = request.mouse1.unwrap_or(MouseRect { leave: false, rect: Rect::default() });
        let m2 = request.mouse2.unwrap_or(MouseRect { leave: false, rect: Rect::default() });
        let ms = request.timer_ms.unwrap_or(0);
        *self.intin() = [
            request.mask().bits() as i16,
            button.clicks,
            button.mask.bits() as i16,
            button.state.bits() as i16,
            m1.leave as i16,
            m1.rect.x,
            m1.rect.y,
            m1.rect.w,
            m1.rect.h,
            m2.leave as i16,
            m2.rect.x,
            m2.rect.y,
            m2.rect.w,
            m2.rect.h,
            ms as u16 as i16,
            (ms >> 16) as u16 as i16,
        ];
        self.point_at_message_buffer();
        let which = EventMask::from_bits_truncate(self.call(EVNT_MULTI) as u16);
        let o = *self.intout();
        Events {
            happened: which,
            mouse_x: o[1],
            mouse_y: o[2],
            buttons: MouseButtons::from_bits_truncate(o[3] as u16),
            shift: KeyShift::from_bits_truncate(o[4] as u16),
            key: which.contains(EventMask::KEYBOARD).then(|| Key::from_word(o[5])),
            clicks: if which.contains(EventMask::BUTTON) { o[6] } else { 0 },
            raw_message: which.contains(EventMask::MESSAGE).then(|| RawMessage(*self.message())),
        }
    }

    /// `evnt_mesag` (opcode 23): waits for a message.
    pub fn evnt_mesag(&mut self) -> RawMessage {
        self.point_at_message_buffer();
        self.call(EVNT_MESAG);
        RawMessage(*self.message())
    }

    /// `evnt_timer` (opcode 24): waits at least `ms` milliseconds, letting other
    /// applications and accessories run.
    pub fn evnt_timer(&mut self, ms: u32) {
        let intin = self.intin();
        intin[0] = ms as u16 as i16;
        intin[1] = (ms >> 16) as u16 as i16;
        self.call(EVNT_TIMER);
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
