//! File selector library: the AES's (or a replacement's) file selector for Load and Save.

use core::ffi::CStr;

use super::{Aes, Op};
use crate::trap::Trap;

/// fsel_input: opcode 90, 0 intin, 2 intout (ok, button), 2 addrin (path, name).
const FSEL_INPUT: Op = Op::new(90, 0, 2, 2, 0);
/// fsel_exinput: opcode 91, 0 intin, 2 intout (ok, button), 3 addrin (path, name, title).
const FSEL_EXINPUT: Op = Op::new(91, 0, 2, 3, 0);

/// Bytes of the path buffer: a drive, folders and a wildcard ("C:\GAMES\*.SAV"). Long
/// enough for MiNT's long names; TOS writes at most 128.
pub const PATH_LEN: usize = 256;
/// Bytes of the file name buffer (8.3 needs 13, long names more).
pub const NAME_LEN: usize = 64;

/// `fsel_exinput` appeared with AES 1.40 (TOS 1.04).
const EXINPUT_VERSION: u16 = 0x0140;

impl<T: Trap> Aes<T> {
    /// `fsel_exinput` (opcode 91) with its title, or on an AES older than 1.40
    /// `fsel_input` (opcode 90) without one. `path` and `name` are NUL-terminated on the way
    /// in (the last byte is forced to 0) and hold the user's choice on the way out.
    /// `Some(true)`: OK, `Some(false)`: Cancel, `None`: the selector failed.
    pub fn fsel(&mut self, path: &mut [u8; PATH_LEN], name: &mut [u8; NAME_LEN], title: &CStr) -> Option<bool> {
        path[PATH_LEN - 1] = 0;
        name[NAME_LEN - 1] = 0;
        let addrin = self.addrin();
        addrin[0] = path.as_mut_ptr() as usize;
        addrin[1] = name.as_mut_ptr() as usize;
        addrin[2] = title.as_ptr() as usize;
        let op = if self.version() >= EXINPUT_VERSION { FSEL_EXINPUT } else { FSEL_INPUT };
        if self.call(op) == 0 {
            return None;
        }
        Some(self.intout()[1] == 1)
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
