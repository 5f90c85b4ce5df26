//! Shell library: `shel_write` in the modes a well-behaved program uses on a
//! multitasking AES: announcing that it understands AP_TERM (9), answering AP_TFAIL to the
//! AES (10), broadcasting a message (7). Each is used only where the AES has the mode. And
//! mode 1, which every AES has: the program to run next.

use core::ffi::CStr;

use super::capabilities::Capabilities;
use super::{Aes, Op};
use crate::message::RawMessage;
use crate::trap::Trap;

/// shel_write: opcode 121, 3 intin (mode, isgr, iscr), 1 intout, 2 addrin (cmd, tail).
const SHEL_WRITE: Op = Op::new(121, 3, 1, 2, 0);

/// The longest command line of a basepage (its length byte, then at most 124 characters
/// and a NUL).
pub const TAIL_MAX: usize = 124;

/// shel_write modes.
const SWM_LAUNCH: i16 = 1;
const SWM_BROADCAST: i16 = 7;
const SWM_NEWMSG: i16 = 9;
const SWM_AESMSG: i16 = 10;
/// Mode 9's bit 0: the application understands AP_TERM.
const NM_APTERM: i16 = 0x0001;

impl<T: Trap> Aes<T> {
    /// `shel_write(9, 1, 0, NULL, NULL)` (opcode 121): tells the AES the program
    /// understands AP_TERM, where it can (`Capabilities::ap_term` and mode 9); false without
    /// calling elsewhere.
    pub fn shel_announce_ap_term(&mut self, capabilities: &Capabilities) -> bool {
        if !(capabilities.ap_term() && capabilities.shel_write_mode(SWM_NEWMSG)) {
            return false;
        }
        self.intin()[..3].copy_from_slice(&[SWM_NEWMSG, NM_APTERM, 0]);
        let addrin = self.addrin();
        addrin[0] = 0;
        addrin[1] = 0;
        self.call(SHEL_WRITE) != 0
    }

    /// `shel_write(1, 1, 0, program, tail)` (opcode 121): a GEM program (`isgr` 1) to
    /// start with the command line `tail` (at most [`TAIL_MAX`] bytes; the AES wants its
    /// length in a first byte, as a basepage holds it). Under a single-tasking AES (TOS,
    /// EmuTOS) it starts once this program has ended, after the AES has closed every window
    /// and sent the accessories AC_CLOSE. False when the AES refuses or `tail` is too long.
    pub fn shel_run_next(&mut self, program: &CStr, tail: &[u8]) -> bool {
        if tail.len() > TAIL_MAX {
            return false;
        }
        let mut line = [0u8; TAIL_MAX + 2];
        line[0] = tail.len() as u8;
        line[1..=tail.len()].copy_from_slice(tail);
        self.intin()[..3].copy_from_slice(&[SWM_LAUNCH, 1, 0]);
        let addrin = self.addrin();
        addrin[0] = program.as_ptr() as usize;
        addrin[1] = line.as_ptr() as usize;
        self.call(SHEL_WRITE) != 0
    }

    /// `shel_write(10, 0, 0, message, NULL)` (opcode 121): a message to the AES itself
    /// (AP_TFAIL: `Message::TermFailed { error }.encode(..)`), where mode 10 exists.
    pub fn shel_message_to_aes(&mut self, capabilities: &Capabilities, message: &RawMessage) -> bool {
        self.shel_with_message(capabilities, SWM_AESMSG, message)
    }

    /// `shel_write(7, 0, 0, message, NULL)` (opcode 121): sends a message to every other
    /// application (SC_CHANGED after writing the clipboard), where mode 7 exists.
    pub fn shel_broadcast(&mut self, capabilities: &Capabilities, message: &RawMessage) -> bool {
        self.shel_with_message(capabilities, SWM_BROADCAST, message)
    }

    fn shel_with_message(&mut self, capabilities: &Capabilities, mode: i16, message: &RawMessage) -> bool {
        if !capabilities.shel_write_mode(mode) {
            return false;
        }
        self.set_message(message.0);
        self.intin()[..3].copy_from_slice(&[mode, 0, 0]);
        self.point_at_message_buffer();
        self.addrin()[1] = 0;
        self.call(SHEL_WRITE) != 0
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
