//! The IKBD's packets reassembled from single bytes, as the ACIA interrupt without a TOS
//! receives them (`keyboard.rs`; under TOS the OS assembles them itself).
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
//!
//! Plain Rust, tested on the host and on the 68030.

use core::sync::atomic::{AtomicU8, Ordering};

use super::input_ring::RawEvent;

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

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
