//! Keyboard and mouse input, the portable half: what the interrupt side records and how the
//! program turns it into key presses (scancode, ASCII, shift state, auto-repeat) and mouse
//! states (position, buttons).
//!
//! The interrupt side (`ikbd.rs`: the OS's IKBD hooks under TOS, the ACIA interrupt without
//! one) only feeds bytes or packets to [`IKBD_PARSER`] and pushes [`RawEvent`]s into
//! [`INPUT_RING`]: fixed memory, atomic loads and stores only, no allocation. The program
//! drains the ring with [`InputState::poll`]. Everything here is plain Rust and runs on the host
//! too, so it is tested on both machines.
//!
//! The IKBD protocol (Atari Compendium, "Intelligent Keyboard (IKBD) Protocol"): a byte
//! $01–$72 is a key's *make* code (pressed), the same with bit 7 set its *break* code
//! (released); $F6–$FF start a packet whose length depends on the header:
//!
//! | header | packet | length after the header |
//! | --- | --- | --- |
//! | $F6 | status report | 7 |
//! | $F7 | absolute mouse position | 5 |
//! | $F8–$FB | relative mouse: bit 1 left button, bit 0 right button; then dx, dy (signed) | 2 |
//! | $FC | time of day | 6 |
//! | $FD | both joysticks | 2 |
//! | $FE, $FF | joystick 0 / 1 | 1 |

use core::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, Ordering};

use crate::keyboard::{Shift, scancode};

/// What the interrupt side records: one key transition or one relative mouse packet.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RawEvent {
    /// A key went down (`down`) or up; `scancode` without the break bit.
    Key { scancode: u8, down: bool },
    /// A relative mouse packet: buttons (bit 1 left, bit 0 right, as the IKBD sends them)
    /// and the movement since the last packet.
    Mouse { buttons: u8, dx: i8, dy: i8 },
}

impl RawEvent {
    const KEY: u32 = 1 << 24;
    const MOUSE: u32 = 2 << 24;

    /// Packs the event into one word, so a ring slot is written with one store.
    pub const fn encode(self) -> u32 {
        match self {
            RawEvent::Key { scancode, down } => Self::KEY | (scancode as u32) << 8 | down as u32,
            RawEvent::Mouse { buttons, dx, dy } => {
                Self::MOUSE | (buttons as u32 & 3) << 16 | (dx as u8 as u32) << 8 | dy as u8 as u32
            }
        }
    }

    /// The inverse of [`encode`](Self::encode); `None` for a word no event encodes to.
    pub const fn decode(word: u32) -> Option<RawEvent> {
        match word & 0xFF00_0000 {
            Self::KEY => Some(RawEvent::Key { scancode: (word >> 8) as u8 & 0x7F, down: word & 1 != 0 }),
            Self::MOUSE => Some(RawEvent::Mouse {
                buttons: (word >> 16) as u8 & 3,
                dx: (word >> 8) as u8 as i8,
                dy: word as u8 as i8,
            }),
            _ => None,
        }
    }
}

/// A single-producer (interrupt), single-consumer (program) ring of encoded events.
/// `N` must be a power of two at most 32768. When full, new events are dropped and counted.
pub struct Ring<const N: usize> {
    slots: [AtomicU32; N],
    /// Next slot the consumer reads; written by the consumer only.
    head: AtomicU16,
    /// Next slot the producer writes; written by the producer only.
    tail: AtomicU16,
    dropped: AtomicU16,
}

impl<const N: usize> Ring<N> {
    const MASK: u16 = {
        assert!(N.is_power_of_two() && N <= 32768);
        (N - 1) as u16
    };

    pub const fn new() -> Self {
        Ring {
            slots: [const { AtomicU32::new(0) }; N],
            head: AtomicU16::new(0),
            tail: AtomicU16::new(0),
            dropped: AtomicU16::new(0),
        }
    }

    /// Producer side (the interrupt handler). Returns false if the ring was full.
    pub fn push(&self, event: RawEvent) -> bool {
        let tail = self.tail.load(Ordering::Relaxed);
        let head = self.head.load(Ordering::Acquire);
        if tail.wrapping_sub(head) > Self::MASK {
            self.dropped.store(self.dropped.load(Ordering::Relaxed).wrapping_add(1), Ordering::Relaxed);
            return false;
        }
        self.slots[(tail & Self::MASK) as usize].store(event.encode(), Ordering::Relaxed);
        self.tail.store(tail.wrapping_add(1), Ordering::Release);
        true
    }

    /// Consumer side (the program).
    pub fn pop(&self) -> Option<RawEvent> {
        let head = self.head.load(Ordering::Relaxed);
        if head == self.tail.load(Ordering::Acquire) {
            return None;
        }
        let word = self.slots[(head & Self::MASK) as usize].load(Ordering::Relaxed);
        self.head.store(head.wrapping_add(1), Ordering::Release);
        RawEvent::decode(word)
    }

    /// Events lost because the program did not drain the ring in time.
    pub fn dropped(&self) -> u16 {
        self.dropped.load(Ordering::Relaxed)
    }

    /// Forgets every pending event (consumer side).
    pub fn clear(&self) {
        self.head.store(self.tail.load(Ordering::Acquire), Ordering::Release);
    }
}

impl<const N: usize> Default for Ring<N> {
    fn default() -> Self {
        Self::new()
    }
}

/// The ring the interrupt side of `ikbd.rs` fills.
pub static INPUT_RING: Ring<128> = Ring::new();

/// Reassembles IKBD packets from single bytes (the ACIA interrupt without TOS). State in
/// atomics, so the interrupt handler needs nothing but a shared reference.
pub struct IkbdParser {
    /// Header of the packet being received (0 when between packets).
    header: AtomicU8,
    /// Bytes of the current packet still to come.
    remaining: AtomicU8,
    /// First movement byte of a relative mouse packet.
    dx: AtomicU8,
}

impl IkbdParser {
    pub const fn new() -> Self {
        IkbdParser { header: AtomicU8::new(0), remaining: AtomicU8::new(0), dx: AtomicU8::new(0) }
    }

    /// Bytes that follow a packet header (see the table in the module documentation).
    pub const fn packet_length(header: u8) -> u8 {
        match header {
            0xF6 => 7,
            0xF7 => 5,
            0xF8..=0xFB => 2,
            0xFC => 6,
            0xFD => 2,
            0xFE | 0xFF => 1,
            _ => 0,
        }
    }

    /// Takes one byte from the keyboard processor; returns the event it completes, if any.
    pub fn feed(&self, byte: u8) -> Option<RawEvent> {
        let remaining = self.remaining.load(Ordering::Relaxed);
        if remaining == 0 {
            let length = Self::packet_length(byte);
            if length == 0 {
                return Some(RawEvent::Key { scancode: byte & 0x7F, down: byte & 0x80 == 0 });
            }
            self.header.store(byte, Ordering::Relaxed);
            self.remaining.store(length, Ordering::Relaxed);
            return None;
        }
        let header = self.header.load(Ordering::Relaxed);
        self.remaining.store(remaining - 1, Ordering::Relaxed);
        if !(0xF8..=0xFB).contains(&header) {
            return None;
        }
        if remaining == 2 {
            self.dx.store(byte, Ordering::Relaxed);
            None
        } else {
            Some(RawEvent::Mouse { buttons: header & 3, dx: self.dx.load(Ordering::Relaxed) as i8, dy: byte as i8 })
        }
    }

    /// Forgets a half-received packet.
    pub fn reset(&self) {
        self.remaining.store(0, Ordering::Relaxed);
        self.header.store(0, Ordering::Relaxed);
    }
}

impl Default for IkbdParser {
    fn default() -> Self {
        Self::new()
    }
}

/// The parser of the ACIA interrupt handler.
pub static IKBD_PARSER: IkbdParser = IkbdParser::new();

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
