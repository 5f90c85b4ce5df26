//! Application library: registering with the AES, finding other applications, sending
//! messages, and `appl_getinfo` where the AES has it.

use core::ffi::CStr;

use super::capabilities::Capabilities;
use super::{Aes, AppId, Op};
use crate::message::RawMessage;
use crate::trap::Trap;

/// appl_init: opcode 10, 0 intin, 1 intout, 0 addrin.
const APPL_INIT: Op = Op::new(10, 0, 1, 0, 0);
/// appl_write: opcode 12, 2 intin (id, length), 1 intout, 1 addrin (buffer).
const APPL_WRITE: Op = Op::new(12, 2, 1, 1, 0);
/// appl_find: opcode 13, 0 intin, 1 intout, 1 addrin (name).
const APPL_FIND: Op = Op::new(13, 0, 1, 1, 0);
/// appl_exit: opcode 19, 0 intin, 1 intout, 0 addrin.
const APPL_EXIT: Op = Op::new(19, 0, 1, 0, 0);
/// appl_getinfo: opcode 130, 1 intin (type), 5 intout, 0 addrin.
const APPL_GETINFO: Op = Op::new(130, 1, 5, 0, 0);

/// An application name as `appl_find` wants it: 8 characters padded with spaces (the
/// program's file name without extension), NUL-terminated.
pub fn padded_name(name: &str) -> [u8; 9] {
    let mut out = [b' '; 9];
    out[8] = 0;
    for (o, b) in out.iter_mut().zip(name.bytes().take(8)) {
        *o = b;
    }
    out
}

impl<T: Trap> Aes<T> {
    /// `appl_init` (opcode 10): registers the application and fills `global` (version,
    /// number of applications, id); the id, or `None` when there is no AES (or no room).
    pub fn appl_init(&mut self) -> Option<AppId> {
        let id = self.call(APPL_INIT);
        (id >= 0).then_some(AppId(id))
    }

    /// `appl_exit` (opcode 19): the application leaves the AES; false on an error.
    pub fn appl_exit(&mut self) -> bool {
        self.call(APPL_EXIT) != 0
    }

    /// `appl_find` (opcode 13): the id of the application called `name` (up to 8 characters,
    /// padded here), or `None`.
    pub fn appl_find(&mut self, name: &str) -> Option<AppId> {
        let padded = padded_name(name);
        self.addrin()[0] = padded.as_ptr() as usize;
        let id = self.call(APPL_FIND);
        (id >= 0).then_some(AppId(id))
    }

    /// `appl_find` (opcode 13) with the string passed as it is (for the special queries
    /// such as `?AGI`, which an AES compares unpadded); true when the answer is 0.
    pub(crate) fn appl_find_query(&mut self, query: &CStr) -> bool {
        self.addrin()[0] = query.as_ptr() as usize;
        self.call(APPL_FIND) == 0
    }

    /// `appl_write` (opcode 12): sends the 16 bytes of `message` to application `to`;
    /// false on an error.
    pub fn appl_write(&mut self, to: AppId, message: &RawMessage) -> bool {
        self.set_message(message.0);
        let intin = self.intin();
        intin[0] = to.0;
        intin[1] = 16;
        self.point_at_message_buffer();
        self.call(APPL_WRITE) > 0
    }

    /// `appl_getinfo` (opcode 130): the four answers to question `kind` (Compendium:
    /// 0 large font … 12 messages, 13 objects, 14 forms, 64/65 extensions, 96 version).
    /// Only called where `capabilities` found the call: on an AES without it (TOS 4,
    /// EmuTOS) calling it would put up an "unknown function" alert. `None` there, or when
    /// the AES says the question is unknown.
    pub fn appl_getinfo(&mut self, capabilities: &Capabilities, kind: i16) -> Option<[i16; 4]> {
        if !capabilities.getinfo {
            return None;
        }
        self.appl_getinfo_unchecked(kind)
    }

    /// `appl_getinfo` without the check (for [`Aes::capabilities`], which decides).
    pub(crate) fn appl_getinfo_unchecked(&mut self, kind: i16) -> Option<[i16; 4]> {
        self.intin()[0] = kind;
        if self.call(APPL_GETINFO) == 0 {
            return None;
        }
        let o = self.intout();
        Some([o[1], o[2], o[3], o[4]])
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
