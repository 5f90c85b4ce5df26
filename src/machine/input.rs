//! Keyboard and mouse input as the program sees it: [`Event`]s (key presses with scancode,
//! ASCII, shift state and auto-repeat; mouse states with position and buttons) made by
//! [`InputState`] from what the interrupt side recorded in the ring (`input_ring.rs`). The
//! IKBD's bytes become those records in `ikbd_parser.rs` (without TOS) or in the OS's
//! handler (under TOS); the service that hooks the interrupts is `keyboard.rs`. Everything
//! here is plain Rust and runs on the host too, so it is tested on both machines.

use super::input_ring::{RawEvent, Ring};
use crate::keyboard::{Shift, scancode};

/// The three ASCII tables of a keyboard layout, indexed by scancode (as XBIOS `Keytbl`
/// returns them): unshifted, shifted, Caps Lock.
#[derive(Clone, Copy)]
pub struct KeyTables<'a> {
    pub unshifted: &'a [u8; 128],
    pub shifted: &'a [u8; 128],
    pub caps_lock: &'a [u8; 128],
}

impl KeyTables<'_> {
    /// The character a key gives in a shift state: the shifted table wins over Caps Lock,
    /// Control makes letters and `@[\]^_` into control codes.
    pub fn ascii(&self, scancode: u8, shift: Shift) -> u8 {
        let i = (scancode & 0x7F) as usize;
        let c = if shift.shifted() {
            self.shifted[i]
        } else if shift.caps_lock() {
            self.caps_lock[i]
        } else {
            self.unshifted[i]
        };
        if shift.control() && (0x40..0x80).contains(&c) { c & 0x1F } else { c }
    }
}

/// Auto-repeat timing: the first repeat after `delay_ms`, then one every `interval_ms`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RepeatRate {
    pub delay_ms: u32,
    pub interval_ms: u32,
}

impl RepeatRate {
    /// TOS's own default (`Kbrate`: 15 and 2 ticks of 20 ms).
    pub const TOS_DEFAULT: RepeatRate = RepeatRate { delay_ms: 300, interval_ms: 40 };

    /// From `Kbrate(-1, -1)`'s answer: initial delay in the high byte, rate in the low byte,
    /// both in 20 ms ticks (Atari Compendium, XBIOS 35).
    pub fn from_kbrate(answer: u16) -> RepeatRate {
        let ticks = |t: u16| (t.max(1) as u32) * 20;
        RepeatRate { delay_ms: ticks(answer >> 8), interval_ms: ticks(answer & 0xFF) }
    }
}

/// One key press, release or repeat, as the program sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KeyEvent {
    pub scancode: u8,
    /// 0 for keys without a character (arrows, function keys, modifiers).
    pub ascii: u8,
    /// Modifiers and Caps Lock at the time of the event.
    pub shift: Shift,
    pub kind: KeyKind,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeyKind {
    Down,
    Repeat,
    Up,
}

/// The mouse as the program sees it: a position clamped to the screen and the buttons.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MouseState {
    pub x: i16,
    pub y: i16,
    /// Bit 0 left, bit 1 right (the usual order; the IKBD sends them the other way round).
    pub buttons: u8,
}

impl MouseState {
    pub const LEFT: u8 = 1;
    pub const RIGHT: u8 = 2;
}

/// What [`InputState::poll`] returns.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    Key(KeyEvent),
    /// The mouse moved or a button changed; `changed` holds the buttons that changed.
    Mouse {
        state: MouseState,
        changed: u8,
    },
}

/// The program's side of input: keyboard state (modifiers, Caps Lock, the key being
/// repeated) and mouse state, fed from a [`Ring`].
pub struct InputState<'a> {
    tables: KeyTables<'a>,
    rate: RepeatRate,
    shift: Shift,
    /// The key that repeats while held: scancode and when it repeats next (ms).
    held: Option<(u8, u32)>,
    mouse: MouseState,
    width: i16,
    height: i16,
}

impl<'a> InputState<'a> {
    /// The mouse starts in the middle of a `width`×`height` screen.
    pub fn new(tables: KeyTables<'a>, rate: RepeatRate, width: i16, height: i16) -> Self {
        InputState {
            tables,
            rate,
            shift: Shift::default(),
            held: None,
            mouse: MouseState { x: width / 2, y: height / 2, buttons: 0 },
            width,
            height,
        }
    }

    pub fn shift(&self) -> Shift {
        self.shift
    }

    pub fn mouse(&self) -> MouseState {
        self.mouse
    }

    /// The next event: from the ring first, then a repeat of the held key if one is due at
    /// `now_ms` (a millisecond clock, e.g. the game clock's).
    pub fn poll<const N: usize>(&mut self, ring: &Ring<N>, now_ms: u32) -> Option<Event> {
        if let Some(raw) = ring.pop() {
            return Some(self.apply(raw, now_ms));
        }
        let (scancode, due) = self.held?;
        if (now_ms.wrapping_sub(due) as i32) < 0 {
            return None;
        }
        self.held = Some((scancode, due.wrapping_add(self.rate.interval_ms)));
        Some(Event::Key(self.key_event(scancode, KeyKind::Repeat)))
    }

    /// Applies one recorded event.
    pub fn apply(&mut self, raw: RawEvent, now_ms: u32) -> Event {
        match raw {
            RawEvent::Key { scancode, down } => {
                let bit = match scancode {
                    scancode::LEFT_SHIFT => Shift::LEFT_SHIFT,
                    scancode::RIGHT_SHIFT => Shift::RIGHT_SHIFT,
                    scancode::CONTROL => Shift::CONTROL,
                    scancode::ALTERNATE => Shift::ALTERNATE,
                    _ => Shift::empty(),
                };
                if down {
                    self.shift.insert(bit);
                    if scancode == scancode::CAPS_LOCK {
                        self.shift.toggle(Shift::CAPS_LOCK);
                    }
                } else {
                    self.shift.remove(bit);
                }
                let modifier = scancode::is_modifier(scancode);
                if down && !modifier {
                    self.held = Some((scancode, now_ms.wrapping_add(self.rate.delay_ms)));
                } else if !down && self.held.is_some_and(|(s, _)| s == scancode) {
                    self.held = None;
                }
                Event::Key(self.key_event(scancode, if down { KeyKind::Down } else { KeyKind::Up }))
            }
            RawEvent::Mouse { buttons, dx, dy } => {
                // IKBD: bit 1 left, bit 0 right.
                let buttons = (buttons >> 1 & 1) | (buttons & 1) << 1;
                let changed = buttons ^ self.mouse.buttons;
                self.mouse = MouseState {
                    x: (self.mouse.x + dx as i16).clamp(0, self.width - 1),
                    y: (self.mouse.y + dy as i16).clamp(0, self.height - 1),
                    buttons,
                };
                Event::Mouse { state: self.mouse, changed }
            }
        }
    }

    fn key_event(&self, scancode: u8, kind: KeyKind) -> KeyEvent {
        KeyEvent { scancode, ascii: self.tables.ascii(scancode, self.shift), shift: self.shift, kind }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
