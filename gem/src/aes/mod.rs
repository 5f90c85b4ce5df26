//! The AES (Application Environment Services): one [`Aes`] per application, holding its
//! parameter arrays and the trap it calls through.
//!
//! The calls are grouped as the Atari Compendium groups them, one file each: [`appl`]
//! (application), [`evnt`] (events), [`wind`] (windows), [`menu`], [`form`], [`objc`]
//! (objects), [`graf`] (graphics and mouse), [`scrp`] (the clipboard's path), [`fsel`] (file selector), [`shel`] (shell), and
//! [`capabilities`] (what this AES offers, asked once). Each binding's doc comment names the
//! call and its opcode; the host tests check the arrays it fills against the Compendium's
//! tables.

use crate::trap::{AesArrays, Trap};

pub mod appl;
pub mod capabilities;
pub mod evnt;
pub mod form;
pub mod form_loop;
pub mod fsel;
pub mod graf;
pub mod menu;
pub mod objc;
pub mod scrp;
pub mod shel;
pub mod wind;

pub use capabilities::Capabilities;
pub use evnt::{ButtonWait, EventMask, EventRequest, Events, Key, KeyShift, MouseButtons, MouseRect};
pub use wind::{WindowHandle, WindowParts};

/// An application's id (`appl_init`'s answer; a message's sender).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AppId(pub i16);

/// One call's entry in the Compendium's table: the opcode and how many entries of each
/// array it uses.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Op {
    pub opcode: i16,
    pub intin: i16,
    pub intout: i16,
    pub addrin: i16,
    pub addrout: i16,
}

impl Op {
    pub const fn new(opcode: i16, intin: i16, intout: i16, addrin: i16, addrout: i16) -> Op {
        Op { opcode, intin, intout, addrin, addrout }
    }
}

/// The AES of one application: its arrays (`global` filled by `appl_init`) and its trap.
/// GEM programs are single-threaded: one call at a time.
pub struct Aes<T: Trap> {
    arrays: AesArrays,
    trap: T,
}

#[cfg(target_arch = "m68k")]
impl Aes<crate::trap::Tos> {
    /// The machine's AES.
    pub const fn new() -> Self {
        Aes { arrays: AesArrays::new(), trap: crate::trap::Tos }
    }
}

#[cfg(target_arch = "m68k")]
impl Default for Aes<crate::trap::Tos> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Trap> Aes<T> {
    /// An AES reached through `trap` (a test's recorder).
    pub const fn with_trap(trap: T) -> Self {
        Aes { arrays: AesArrays::new(), trap }
    }

    pub fn trap(&self) -> &T {
        &self.trap
    }

    pub fn trap_mut(&mut self) -> &mut T {
        &mut self.trap
    }

    /// The AES version from `global[0]` after `appl_init` (EmuTOS and TOS 4: 0x0340,
    /// MagiC: 0x0399, MultiTOS/XaAES/N.AES: 0x0400 and up).
    pub fn version(&self) -> u16 {
        self.arrays.global[0] as u16
    }

    /// `global[1]`: how many applications can run at once (1 under plain TOS, -1 under
    /// MultiTOS for "any number").
    /// Our application id (`global[2]`, set by `appl_init`): the sender of our messages.
    pub fn app_id(&self) -> AppId {
        AppId(self.arrays.global[2])
    }

    pub fn max_applications(&self) -> i16 {
        self.arrays.global[1]
    }

    /// Fills `control` and executes the call; `intout[0]`.
    pub(crate) fn call(&mut self, op: Op) -> i16 {
        self.arrays.control = [op.opcode, op.intin, op.intout, op.addrin, op.addrout];
        self.trap.aes(&mut self.arrays);
        self.arrays.intout[0]
    }

    pub(crate) fn intin(&mut self) -> &mut [i16; 16] {
        &mut self.arrays.intin
    }

    pub(crate) fn intout(&self) -> &[i16; 16] {
        &self.arrays.intout
    }

    pub(crate) fn addrin(&mut self) -> &mut [usize; 3] {
        &mut self.arrays.addrin
    }

    pub(crate) fn message(&self) -> &[i16; 8] {
        &self.arrays.message
    }

    pub(crate) fn set_message(&mut self, words: [i16; 8]) {
        self.arrays.message = words;
    }

    /// `addrin[0]` = the message buffer.
    pub(crate) fn point_at_message_buffer(&mut self) {
        self.arrays.addrin[0] = self.arrays.message_address();
    }
}
