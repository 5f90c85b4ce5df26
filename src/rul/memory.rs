//! The engine's reserved memory, allocated once with the machine (`Vm::new`) and lent to
//! the executors: the value stack (pending left operands of compiled expressions), the
//! frame stack (calls and iterations of compiled code, `exec.rs` and `exec68k.s`) and the
//! step-by-step evaluator's frames (`slow.rs`), with what each holds.
//!
//! Frames of the frame stack (32-bit words, the stack grows down):
//! - call: return byte offset into the program, the caller's `last` (2 words);
//! - iteration: `kind << 24 | final << 16 | V×4`, then `count << 24 | pos << 16` (around a
//!   cell) or `cursor << 16` (the whole board), then six cell ids as bytes (4 words).
//!   `kind` is 1 around a cell, 2 over the board; bit 7 of `kind`: occupied cells only.

use alloc::boxed::Box;
use alloc::vec::Vec;

/// Entries of the value stack (pending left operands of compiled expressions).
pub const VALUE_SLOTS: usize = 1024;
/// Bytes of the frame stack (8 per call, 16 per iteration).
pub const FRAME_BYTES: usize = 16 * 1024;
/// Frames of the step-by-step evaluator.
pub const SLOW_FRAMES: usize = 1024;

/// Words of a call frame and of an iteration frame.
pub(super) const CALL_WORDS: usize = 2;
pub(super) const ITER_WORDS: usize = 4;
/// Iteration kinds (first byte of the frame).
pub(super) const ITER_ADJ_KIND: u32 = 1;
pub(super) const ITER_ALL_KIND: u32 = 2;
pub(super) const ITER_OCCUPIED: u32 = 0x80;

/// The engine's stacks, allocated once.
#[derive(Clone, Debug)]
pub(super) struct Memory {
    pub values: Box<[i32]>,
    pub frames: Box<[u32]>,
    pub slow: Vec<SlowFrame>,
}

/// A pending part of the step-by-step evaluation (`slow.rs`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum SlowFrame {
    /// A body (phase or function): its statement value, and where its call continues.
    Body { last: i32, ret: u32 },
    /// A transparent branch waiting for its condition; `stmt`: it stands at statement level.
    Branch { code: u8, stmt: bool },
    /// An operation waiting for its operands: `have` of them so far, the first two kept.
    Op { code: u8, have: u8, a: i32, b: i32 },
    /// `$74`–`$77`: evaluates the expression at `start` for each cell, V[n] = the cell.
    Iter { n: u8, start: u32, cells: [u8; 6], count: u8, pos: u8, all: u8, cursor: u16, last_round: bool },
    /// `$6F`: x starts at `start`; hexagons destroyed so far.
    DestroyLoop { start: u32, total: i32 },
}
