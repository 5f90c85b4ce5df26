//! The rule's stack (section 6.9's `$63`–`$65`, and the data of message files, section 7):
//! at most the rule's stack size of entries, in a buffer allocated once, so that nothing is
//! allocated while a rule runs (a cloned machine's stack keeps its full size too). The
//! 68030 executor pushes and pops it in place (`exec68k.s`).

use alloc::boxed::Box;
use alloc::vec;
use core::fmt;
use core::ops::Deref;

/// The entries in use read as a slice (`Deref`), bottom first.
///
/// `repr(C)`: `exec68k.s` reads and writes `len`, and reads `size` and the buffer's address,
/// at fixed offsets from V[0] (`V_RSLEN`, `V_RSSIZE`, `V_RSAT`, checked by `exec68k.rs`).
#[repr(C)]
pub struct RuleStack {
    /// Entries in use: the first `len` of `buf`.
    len: u32,
    /// Entries the stack may hold: the rule's stack size, `buf`'s length.
    size: u32,
    /// `buf`'s address, for the 68030 executor (the buffer does not move when the stack
    /// does; a clone gets its own).
    #[cfg(target_arch = "m68k")]
    at: u32,
    buf: Box<[i32]>,
}

/// Where the 68030 executor finds the length, the size and the buffer's address in a stack
/// (`exec68k.rs` checks them against `exec68k.s`).
#[cfg(target_arch = "m68k")]
pub(super) const EXEC68K_OFFSETS: [usize; 3] = [
    core::mem::offset_of!(RuleStack, len),
    core::mem::offset_of!(RuleStack, size),
    core::mem::offset_of!(RuleStack, at),
];

impl RuleStack {
    /// An empty stack of `size` entries.
    pub fn new(size: u32) -> RuleStack {
        Self::with(vec![0; size as usize].into_boxed_slice(), 0)
    }

    fn with(buf: Box<[i32]>, len: u32) -> RuleStack {
        RuleStack {
            len,
            size: buf.len() as u32,
            #[cfg(target_arch = "m68k")]
            at: buf.as_ptr() as u32,
            buf,
        }
    }

    /// Entries the stack may hold.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Pushes `x`; false, and nothing pushed, when the stack is full.
    pub fn push(&mut self, x: i32) -> bool {
        match self.buf.get_mut(self.len as usize) {
            Some(e) => {
                *e = x;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// The top entry, taken off; `None` when the stack is empty.
    pub fn pop(&mut self) -> Option<i32> {
        let top = self.last().copied()?;
        self.len -= 1;
        Some(top)
    }

    /// Keeps the `len` lowest entries (all of them when there are fewer).
    pub fn truncate(&mut self, len: usize) {
        if len < self.len as usize {
            self.len = len as u32;
        }
    }

    /// Pushes each of `xs`, which must fit.
    pub fn extend_from_slice(&mut self, xs: &[i32]) {
        for &x in xs {
            assert!(self.push(x), "the rule's stack is full");
        }
    }
}

impl Deref for RuleStack {
    type Target = [i32];
    fn deref(&self) -> &[i32] {
        &self.buf[..self.len as usize]
    }
}

impl Clone for RuleStack {
    /// A stack of the same size and entries, in a buffer of its own.
    fn clone(&self) -> RuleStack {
        Self::with(self.buf.clone(), self.len)
    }
}

impl fmt::Debug for RuleStack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<const N: usize> PartialEq<[i32; N]> for RuleStack {
    fn eq(&self, other: &[i32; N]) -> bool {
        **self == *other
    }
}
