//! The 68030 executor: the engine's instructions (`instructions.rs`) in hand-written assembly
//! (`exec68k.s`), for the instructions that matter for speed. It runs until `EXIT` or until
//! an instruction it does not take — or one that would fail, or would need memory it does
//! not have — and hands that instruction back to `exec::step`, which executes it (or reports
//! the failure exactly) before the assembly goes on. So the assembly never decides a
//! failure; it only has to agree with `exec.rs` on what it does run, which the differential
//! tests check on the 68030 (`exec/tests.rs`, the replays).
//!
//! Interface (C convention): `rul_run68k` and `rul_resume68k` below, 0 = EXIT (the value in
//! `aux[A_ACC]`), 1 = hand back the instruction at `aux[A_IP]`. The assembly reads and writes
//! the machine in place at fixed offsets from its variables: the stacks' limits and its
//! registers between runs in the words before them (`Vm::aux`, the `A_*` indices below),
//! the piece, the random generator, the step count, the board and so on in the `Vm` fields
//! after them (checked below).

use super::error::RunError;
use super::exec::{Flow, Regs, step};
use super::instructions::{ins, insn_len};
use super::memory::{CALL_WORDS, ITER_WORDS};
use super::program::{MAX_STATEMENT_VALUES, Program};
use super::vm::{AUX_WORDS, Vm};
use super::{board, rule_stack};
use alloc::vec::Vec;

// Indices into `Vm::aux` (the words right before V[0]; `exec68k.s` reads index k at
// −4 × (AUX_WORDS − k) from V[0]). The first five are the run's registers while the
// assembly is not running (written by it when it hands back, read when it resumes).
const A_ACC: usize = 0;
const A_LAST: usize = 1;
const A_IP: usize = 2;
const A_VP: usize = 3;
const A_FP: usize = 4;
/// The prepared program of the run (the assembly writes it when it starts).
const A_BASE: usize = 5;
// The stacks' limits (`prepare_aux`), which do not change while the machine's stacks stay
// where they are, and the deepest use of the stacks the assembly saw.
const A_MINVP: usize = 6;
const A_MINFP: usize = 7;
const A_ITERMIN: usize = 8;
const A_VALMIN: usize = 9;
const A_CALLMIN: usize = 10;
const A_FRAMES_END: usize = 11;
const A_VALUES_END: usize = 12;
/// The frame stack the limits above were computed for (`prepare_aux`).
const A_FRAMES: usize = 13;
// Every index has its word in `Vm::aux` (`vm::AUX_WORDS`), and the last is right before V[0].
const _: () = assert!(A_FRAMES + 1 == AUX_WORDS);

/// What the assembly reads in place, in bytes from V[0] (the `V_*` constants of
/// `exec68k.s`): the `Vm` fields that follow `vars`, and the board's. Checked here, when the
/// program is built, so that a change of `Vm` or `Board` cannot go unnoticed.
const _: () = {
    use core::mem::offset_of;
    let v = offset_of!(Vm, vars);
    let board = offset_of!(Vm, board) - v;
    let b = board::EXEC68K_OFFSETS;
    let stack = offset_of!(Vm, stack) - v;
    let s = rule_stack::EXEC68K_OFFSETS;
    assert!(offset_of!(Vm, aux) + 4 * AUX_WORDS == v);
    assert!(offset_of!(Vm, piece) - v == 256); // V_PIECE
    assert!(offset_of!(Vm, next_vars) - v == 276); // V_NEXTV
    assert!(offset_of!(Vm, fall_ms) - v == 312); // V_FALL
    assert!(offset_of!(Vm, rng) - v == 316); // V_RNG
    assert!(offset_of!(Vm, steps) - v == 320); // V_STEPS
    assert!(offset_of!(Vm, budget) - v == 324); // V_BUDGET
    assert!(offset_of!(Vm, total_steps) - v == 328); // V_TOTAL
    assert!(offset_of!(Vm, piece_len) - v == 336); // V_PIECELEN
    assert!(offset_of!(Vm, radar) - v == 337); // V_RADAR
    assert!(offset_of!(Vm, paused) - v == 338); // V_PAUSED
    assert!(stack + s[0] == 340); // V_RSLEN
    assert!(stack + s[1] == 344); // V_RSSIZE
    assert!(stack + s[2] == 348); // V_RSAT
    assert!(board + b[0] == 360); // V_N
    assert!(board + b[1] == 364); // V_COUNT
    assert!(board + b[2] == 368); // V_COLSTART
    assert!(board + b[3] == 404); // V_CELLS
    assert!(board + b[4] == 1272); // V_NB
    assert!(board + b[5] == 3016); // V_COLUMN
    assert!(board + b[6] == 3234); // V_HEIGHT
};

unsafe extern "C" {
    /// A phase: runs the prepared program `base` from word `w` with empty stacks (the first
    /// frame returns to word 0, EXIT), counting its operations from 0 in `Vm::steps`
    /// against `Vm::budget`. 0: it ended (its value in `aux[A_ACC]`, its operations also
    /// added to `Vm::total_steps`); 1: the instruction at `aux[A_IP]` is handed back
    /// (`Vm::steps` counts the operations so far).
    fn rul_run68k(vars: *mut i32, base: *const u16, w: usize) -> u32;
    /// Goes on from the registers in `aux` and `Vm::steps`; same answers.
    fn rul_resume68k(vars: *mut i32) -> u32;
    /// For each instruction number, the offset of its handler from the handlers' base.
    static rul68k_table: [u16; ins::END as usize];
}

/// The program's words with each instruction number replaced by its handler's offset.
pub(super) fn prepare(words: &[u16]) -> Vec<u16> {
    let mut out = words.to_vec();
    let mut i = 0;
    while i < words.len() {
        let w = words[i] as usize;
        // SAFETY: a table of plain words in the program's data.
        out[i] = unsafe { rul68k_table.get(w).copied().unwrap_or(rul68k_table[ins::FAIL as usize]) };
        i += insn_len(words, i);
    }
    out
}

/// Fills the stacks' limits in `Vm::aux` for this machine's stacks (a new or cloned
/// machine: the stacks are allocated, so they stay where they are when the machine moves).
#[inline(never)]
fn prepare_aux(vm: &mut Vm) {
    let values = vm.mem.values.as_mut_ptr() as u32;
    let frames = vm.mem.frames.as_mut_ptr() as u32;
    let (values_end, frames_end) = (values + 4 * vm.mem.values.len() as u32, frames + 4 * vm.mem.frames.len() as u32);
    vm.aux[A_CALLMIN] = frames + 4 * CALL_WORDS as u32;
    vm.aux[A_VALMIN] = values + 4 * MAX_STATEMENT_VALUES as u32;
    vm.aux[A_ITERMIN] = frames + 4 * ITER_WORDS as u32;
    vm.aux[A_MINFP] = frames_end;
    vm.aux[A_MINVP] = values_end;
    vm.aux[A_FRAMES_END] = frames_end;
    vm.aux[A_VALUES_END] = values_end;
    vm.aux[A_FRAMES] = frames;
}

/// A phase from word `w` of `p` (a compiled block): the 68030's form of `Vm::exec`. Inlined
/// into it and kept short, since every phase goes through it and runs it from memory (the
/// instruction cache keeps nothing from one phase to the next): the assembly counts the
/// operations itself and reads the machine in place; hand-backs are in [`go_on`].
#[inline(always)]
pub(super) fn run(vm: &mut Vm, p: &Program, code: &[u8], w: usize) -> Result<i32, RunError> {
    if vm.aux[A_FRAMES] != vm.mem.frames.as_ptr() as u32 {
        prepare_aux(vm);
    }
    // SAFETY: w is an instruction of the program; the assembly keeps to the memory `aux`
    // and the machine describe.
    let status = unsafe { rul_run68k(vm.vars.as_mut_ptr(), p.prepared.as_ptr(), w) };
    if status == 0 {
        return Ok(vm.aux[A_ACC] as i32);
    }
    go_on(vm, p, code)
}

/// The rest of a phase whose run handed an instruction back: that instruction in Rust,
/// then the assembly again, until the end.
#[inline(never)]
fn go_on(vm: &mut Vm, p: &Program, code: &[u8]) -> Result<i32, RunError> {
    loop {
        // A phase that ends in Rust counts its operations as the assembly's end does.
        match hand_back(vm, p, code) {
            Ok(None) => {}
            Ok(Some(v)) => {
                vm.total_steps += vm.steps as u64;
                return Ok(v);
            }
            Err(e) => {
                vm.total_steps += vm.steps as u64;
                return Err(e);
            }
        }
        // SAFETY: as in `run`.
        let status = unsafe { rul_resume68k(vm.vars.as_mut_ptr()) };
        if status == 0 {
            return Ok(vm.aux[A_ACC] as i32);
        }
    }
}

/// Runs the instruction the assembly handed back with `exec::step`; `Some` when it ended
/// the run.
#[inline(never)]
fn hand_back(vm: &mut Vm, p: &Program, code: &[u8]) -> Result<Option<i32>, RunError> {
    let (values, frames, base) = (vm.mem.values.as_ptr() as u32, vm.mem.frames.as_ptr() as u32, vm.aux[A_BASE]);
    let mut r = Regs {
        acc: vm.aux[A_ACC] as i32,
        last: vm.aux[A_LAST] as i32,
        ip: ((vm.aux[A_IP] - base) / 2) as usize,
        vp: ((vm.aux[A_VP] - values) / 4) as usize,
        fp: ((vm.aux[A_FP] - frames) / 4) as usize,
    };
    if let Flow::Exit(v) = step(vm, p, code, &mut r)? {
        return Ok(Some(v));
    }
    vm.aux[A_ACC] = r.acc as u32;
    vm.aux[A_LAST] = r.last as u32;
    vm.aux[A_IP] = base + 2 * r.ip as u32;
    vm.aux[A_VP] = values + 4 * r.vp as u32;
    vm.aux[A_FP] = frames + 4 * r.fp as u32;
    Ok(None)
}

/// The deepest frame and value stacks the assembly used (bytes), for `Vm::max_depth`.
pub(super) fn depths(vm: &Vm) -> (u32, u32) {
    if vm.aux[A_FRAMES_END] == 0 {
        return (0, 0);
    }
    (vm.aux[A_FRAMES_END] - vm.aux[A_MINFP], vm.aux[A_VALUES_END] - vm.aux[A_MINVP])
}
