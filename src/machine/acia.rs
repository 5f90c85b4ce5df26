//! The keyboard ACIA (MC6850 Asynchronous Communications Interface Adapter) at $FFFFFC00:
//! the serial line to the keyboard processor (IKBD), 7812.5 baud. Its interrupt request
//! reaches the CPU through MFP GPIP 4 (MFP channel 6, vector $118 under TOS's vector base),
//! shared with the MIDI ACIA at $FFFFFC04 (Atari Compendium, "ACIA 6850").
//!
//! The chip has two byte registers on even addresses: at $FFFFFC00 status when read and
//! control when written (a different register each way: the control register cannot be
//! read back), at $FFFFFC02 the received byte when read and the byte to send when written.

use super::register::{Register, register_bits};

register_bits! {
    /// The status register (read at $FFFFFC00).
    pub struct Status(u8) {
        /// RDRF, receive data register full: a byte from the keyboard is waiting.
        const RECEIVE_FULL = 1 << 0;
        /// TDRE, transmit data register empty.
        const TRANSMIT_EMPTY = 1 << 1;
        /// FE, framing error.
        const FRAMING_ERROR = 1 << 4;
        /// OVRN, receiver overrun: a byte was lost.
        const OVERRUN = 1 << 5;
        /// IRQ: the ACIA requests an interrupt.
        const IRQ = 1 << 7;
    }
}

register_bits! {
    /// The control register (written at $FFFFFC00; it cannot be read back). Bits 1–0 the
    /// clock divide (%11 master reset), bits 4–2 the word format, bits 6–5 transmitter
    /// control (%00: transmit interrupt off, RTS low), bit 7 receive interrupt enable.
    pub struct Control(u8) {
        /// Bits 1–0 = %10: the 500 kHz clock divided by 64, 7812.5 baud.
        const DIVIDE_64 = 0b10;
        /// Bits 4–2 = %101: 8 data bits, no parity, 1 stop bit.
        const WORD_8N1 = 0b101 << 2;
        /// Bit 7: interrupt when a byte has been received.
        const RECEIVE_INTERRUPT = 1 << 7;
        /// What TOS itself writes ($96): ÷64, 8N1, receive interrupt on, transmit interrupt off.
        const TOS = 0x96;
    }
}

// SAFETY (every `Register::at` of this file): the keyboard ACIA's byte registers; status and
// control share an address, each the register of its direction.

/// Status, read.
pub const STATUS: Register<Status> = unsafe { Register::at(0xFFFF_FC00) };
/// Control, written.
pub const CONTROL: Register<Control> = unsafe { Register::at(0xFFFF_FC00) };
/// Receive data when read (reading clears RDRF and the interrupt), transmit data when written.
pub const DATA: Register<u8> = unsafe { Register::at(0xFFFF_FC02) };
