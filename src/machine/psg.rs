//! The YM2149 sound chip (PSG, "programmable sound generator"; Atari Compendium, "Sound
//! chip", and the XBIOS calls `Giaccess`, `Offgibit`, `Ongibit`). Only its I/O port A is
//! used here, for the one bit TETRHEX's `-i on|off` switches: the Falcon030's internal
//! speaker.
//!
//! The chip sits at two byte addresses:
//!
//! | address | read | write |
//! | --- | --- | --- |
//! | `$FFFF8800` | the selected register's contents | selects a register (0–15) |
//! | `$FFFF8802` | — | writes the selected register |
//!
//! Register 14 is port A, an output port whose bits drive lines of the machine: the floppy
//! side and drive selection (bits 0–2), the serial port's handshake and the printer strobe
//! (bits 3–5), on a Falcon030 **bit 6 the internal speaker** ([`SPEAKER_OFF`]: set, the
//! speaker is silent; clear, it plays) and bit 7 the IDE interface's reset. Only bit 6 is
//! changed here.
//! Changing one bit is read, modify, write, with the selection and the data access in one
//! piece: the OS's interrupt handlers use the chip too (the floppy's VBL deselect, the
//! serial port's handshake, `Dosound` on Timer C), so the three accesses run with every
//! interrupt held back, as TOS's own `Ongibit` and `Offgibit` do.
//!
//! The polarity: EmuTOS initialises port A to `$07` at boot (drives deselected, side 0,
//! bit 6 clear) and a Falcon's speaker plays after boot; bit 6 set silences it. The
//! Compendium's page could not be read here; no real Falcon was at hand to listen to.
//!
//! Under a TOS the XBIOS does the read-modify-write (user or supervisor mode); without one
//! (Hatari's `--tos none`) this file writes the chip, in supervisor mode. The manual says
//! `-i` leaves the speaker as it set it when the program ends (section 4: "l'état antérieur
//! ne sera pas récupéré"): like a control panel's switch, it is not an undo action.

use super::cpu;
use super::register::Register;
use super::system::Os;
use super::xbios;

// SAFETY (every `Register::at` of this file): the YM2149's byte registers; selecting and
// reading share the first address.

/// Written: selects the register the next accesses reach. Read: that register's contents.
const SELECT_OR_READ: Register<u8> = unsafe { Register::at(0xFFFF_8800) };
/// Written: the selected register's new contents.
const WRITE: Register<u8> = unsafe { Register::at(0xFFFF_8802) };

/// The number of I/O port A.
pub const PORT_A: u8 = 14;
/// Port A's bit 6 on a Falcon030: set, the internal speaker is off.
pub const SPEAKER_OFF: u8 = 0x40;

/// Port A's bits now. Supervisor mode.
pub fn port_a() -> u8 {
    cpu::without_interrupts(|| {
        SELECT_OR_READ.write(PORT_A);
        SELECT_OR_READ.read()
    })
}

/// Port A with `set` bits set and the bits not in `keep` cleared, as one uninterrupted
/// read-modify-write. Supervisor mode.
fn change_port_a(keep: u8, set: u8) {
    cpu::without_interrupts(|| {
        SELECT_OR_READ.write(PORT_A);
        let now = SELECT_OR_READ.read();
        WRITE.write(now & keep | set);
    });
}

/// Switches the Falcon030's internal speaker on or off (TETRHEX's `-i on`, `-i off`): under
/// a TOS with XBIOS `Offgibit` (clears the bits not in its mask) or `Ongibit` (sets the bits
/// of its mask); without one, on the chip itself (supervisor mode then). Not undone at the
/// end (see the module's documentation).
pub fn set_internal_speaker(os: Os, on: bool) {
    match (os, on) {
        (Os::Tos, true) => xbios::offgibit(!SPEAKER_OFF),
        (Os::Tos, false) => xbios::ongibit(SPEAKER_OFF),
        (Os::Bare, true) => change_port_a(!SPEAKER_OFF, 0),
        (Os::Bare, false) => change_port_a(0xFF, SPEAKER_OFF),
    }
}
