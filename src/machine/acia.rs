//! The keyboard ACIA (MC6850 Asynchronous Communications Interface Adapter) at $FFFFFC00:
//! the serial line to the keyboard processor (IKBD), 7812.5 baud. Its interrupt request
//! reaches the CPU through MFP GPIP 4 (MFP channel 6, vector $118 under TOS's vector base),
//! shared with the MIDI ACIA at $FFFFFC04 (Atari Compendium, "ACIA 6850").

use super::reg::Reg;

// SAFETY (every `Reg::new` of this file): the keyboard ACIA's byte registers.

/// Status when read:
///
/// | bit | name | meaning |
/// | --- | --- | --- |
/// | 0 | RDRF | receive data register full: a byte from the keyboard is waiting |
/// | 1 | TDRE | transmit data register empty |
/// | 4 | FE | framing error |
/// | 5 | OVRN | receiver overrun: a byte was lost |
/// | 7 | IRQ | the ACIA requests an interrupt |
///
/// Control when written (it cannot be read back): bits 1–0 clock divide (%11 = master
/// reset, %10 = ÷64), bits 4–2 word format (%101 = 8 bits, no parity, 1 stop bit), bits 6–5
/// transmitter control, bit 7 receive interrupt enable.
pub const CONTROL_STATUS: Reg<u8> = unsafe { Reg::new(0xFFFF_FC00) };
/// Receive data when read (reading clears RDRF and the interrupt), transmit data when written.
pub const DATA: Reg<u8> = unsafe { Reg::new(0xFFFF_FC02) };

pub const STATUS_RDRF: u8 = 1 << 0;
pub const STATUS_IRQ: u8 = 1 << 7;

/// Control value TOS itself uses: ÷64 (7812.5 baud from the 500 kHz clock), 8N1, receive
/// interrupt on, transmit interrupt off.
pub const CONTROL_TOS: u8 = 0x96;
