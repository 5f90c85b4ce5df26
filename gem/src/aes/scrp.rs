//! Scrap library: where the GEM clipboard is. The clipboard is a folder (`C:\CLIPBRD\` by
//! convention) holding one `SCRAP.*` file per format (`SCRAP.TXT` for text); the AES only
//! keeps its path, which a program sets when none is set yet.

use core::ffi::CStr;

use super::{Aes, Op};
use crate::trap::Trap;

/// scrp_read: opcode 80, 0 intin, 1 intout, 1 addrin (path buffer).
const SCRP_READ: Op = Op::new(80, 0, 1, 1, 0);
/// scrp_write: opcode 81, 0 intin, 1 intout, 1 addrin (path).
const SCRP_WRITE: Op = Op::new(81, 0, 1, 1, 0);

/// Bytes of the path buffer `scrp_read` fills (TOS copies at most 128; MiNT's long names
/// need more).
pub const PATH_LEN: usize = 256;

impl<T: Trap> Aes<T> {
    /// `scrp_read` (opcode 80): the clipboard's path into `path` (NUL-terminated; empty
    /// when no program has set one); false on an error. The buffer is emptied and its last
    /// byte forced to 0 before the call.
    pub fn scrp_read(&mut self, path: &mut [u8; PATH_LEN]) -> bool {
        path[0] = 0;
        path[PATH_LEN - 1] = 0;
        self.addrin()[0] = path.as_mut_ptr() as usize;
        self.call(SCRP_READ) != 0
    }

    /// `scrp_write` (opcode 81): makes `path` (a folder, `C:\CLIPBRD\`) the clipboard's;
    /// false on an error. The AES copies the text.
    pub fn scrp_write(&mut self, path: &CStr) -> bool {
        self.addrin()[0] = path.as_ptr() as usize;
        self.call(SCRP_WRITE) != 0
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
