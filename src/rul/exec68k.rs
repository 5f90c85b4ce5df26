//! The 68030 executor: the engine's instructions (`program.rs`) in hand-written assembly
//! (`exec68k.s`), for the instructions that matter for speed. It runs until `EXIT` or until
//! an instruction it does not take — or one that would fail, or would need memory it does
//! not have — and hands that instruction back to `exec::step`, which executes it (or reports
//! the failure exactly) before the assembly goes on. So the assembly never decides a
//! failure; it only has to agree with `exec.rs` on what it does run, which the differential
//! tests check on the 68030 (`exec/tests.rs`, the replays).
//!
//! Interface (C convention): `rul_exec68k(state: *mut State) -> u32`, 0 = EXIT (the value
//! in `acc`), 1 = hand back the instruction at `ip`. The assembly reads the cell count,
//! table pointers and stack limits at fixed negative offsets from the variables
//! (`Vm::aux`, the `A_*` indices below).

use super::error::RunError;
use super::exec::{Flow, Regs};
use super::interpreter::Vm;
use super::program::{MAX_STATEMENT_VALUES, Program, ins, insn_len};
use alloc::vec::Vec;

// Indices into `Vm::aux` (the words right before V[0]; `exec68k.s` reads index k at
// −4 × (AUX_WORDS − k) from V[0]). The first eight are the run's registers while the
// assembly is not running (written by it when it hands back, read when it resumes).
const A_ACC: usize = 0;
const A_LAST: usize = 1;
const A_IP: usize = 2;
const A_VP: usize = 3;
const A_FP: usize = 4;
const A_LEFT: usize = 5;
const A_BASE: usize = 6;
const A_CELLS: usize = 8;
const A_MINVP: usize = 9;
const A_MINFP: usize = 10;
const A_ITERMIN: usize = 11;
const A_VALMIN: usize = 12;
const A_CALLMIN: usize = 13;
const A_NB: usize = 14;
const A_COUNT: usize = 15;
const A_N: usize = 16;
const A_COLSTART: usize = 17;
const A_RNG: usize = 18;
const A_PIECE: usize = 19;
const A_PAUSED: usize = 20;
const A_PIECELEN: usize = 21;
const A_FRAMES_END: usize = 22;
const A_VALUES_END: usize = 23;
/// The rule's stack (`Vm::stack`, section 6.9's `$63`–`$65`): its buffer, its length while
/// the assembly runs (`Vm::stack`'s own length is set from it whenever the assembly stops),
/// and how many entries the assembly may fill (the rule's size, at most the buffer's).
const A_RSTACK: usize = 24;
const A_RSLEN: usize = 25;
const A_RSCAP: usize = 26;
/// `$5C` and `$5F`: the radar (1 when on), where `$5C` reads (`Vm::next_vars`), and where
/// `$5F` writes (`Vm::fall_ms`).
const A_RADAR: usize = 27;
const A_NEXTV: usize = 28;
const A_FALL: usize = 29;
/// Words of `Vm::aux`.
pub(super) const AUX_WORDS: usize = 30;

unsafe extern "C" {
    /// Starts a run at `ip` with empty stacks (the first frame returns to word 0, EXIT);
    /// 0: it ended (its value in `aux[A_ACC]`), 1: the instruction at `aux[A_IP]` is handed
    /// back.
    fn rul_run68k(vars: *mut i32, ip: *const u16) -> u32;
    /// Goes on from the registers in `aux`; same answers.
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

/// Fills `Vm::aux` when it does not describe this machine (a new, moved or cloned one):
/// the board's tables and the stacks' limits, whose addresses do not change while the
/// machine stays where it is.
fn prepare_aux(vm: &mut Vm) {
    let cells = vm.board.cells.as_mut_ptr() as u32;
    if vm.aux[A_CELLS] == cells && vm.aux[A_RNG] == &vm.rng as *const _ as u32 {
        return;
    }
    let values = vm.mem.values.as_mut_ptr() as u32;
    let frames = vm.mem.frames.as_mut_ptr() as u32;
    let (values_end, frames_end) = (values + 4 * vm.mem.values.len() as u32, frames + 4 * vm.mem.frames.len() as u32);
    vm.aux[A_CELLS] = cells;
    vm.aux[A_COUNT] = vm.board.cell_count() as u32;
    vm.aux[A_NB] = vm.board.neighbour_table().as_ptr() as u32;
    vm.aux[A_CALLMIN] = frames + 4 * super::exec::CALL_WORDS as u32;
    vm.aux[A_VALMIN] = values + 4 * MAX_STATEMENT_VALUES as u32;
    vm.aux[A_ITERMIN] = frames + 4 * super::exec::ITER_WORDS as u32;
    vm.aux[A_MINFP] = frames_end;
    vm.aux[A_MINVP] = values_end;
    vm.aux[A_FRAMES_END] = frames_end;
    vm.aux[A_VALUES_END] = values_end;
    vm.aux[A_N] = vm.board.size() as u32;
    vm.aux[A_COLSTART] = vm.board.column_starts().as_ptr() as u32;
    vm.aux[A_RNG] = &vm.rng as *const _ as u32;
    vm.aux[A_PIECE] = vm.piece.as_ptr() as u32;
    vm.aux[A_NEXTV] = vm.next_vars.as_ptr() as u32;
    vm.aux[A_FALL] = &mut vm.fall_ms as *mut u32 as u32;
}

/// Runs `p` from word `w` (a compiled block): the 68030's form of `exec::run`. Kept small
/// (hand-backs are in [`hand_back`]): every phase goes through it.
pub(super) fn run(vm: &mut Vm, p: &Program, code: &[u8], w: usize) -> Result<i32, RunError> {
    prepare_aux(vm);
    vm.aux[A_PAUSED] = vm.paused as u32;
    vm.aux[A_RADAR] = vm.radar as u32;
    vm.aux[A_PIECELEN] = vm.piece_len as u32;
    vm.aux[A_LEFT] = vm.budget.saturating_sub(vm.steps);
    vm.aux[A_BASE] = p.prepared.as_ptr() as u32;
    lend_stack(vm);
    // SAFETY: w is an instruction of the program; the assembly keeps to the memory `aux`
    // describes.
    let mut status = unsafe { rul_run68k(vm.vars.as_mut_ptr(), p.prepared.as_ptr().add(w)) };
    loop {
        take_stack_back(vm);
        vm.steps = vm.budget - vm.aux[A_LEFT];
        if status == 0 {
            return Ok(vm.aux[A_ACC] as i32);
        }
        if let Some(v) = hand_back(vm, p, code)? {
            return Ok(v);
        }
        // SAFETY: as above.
        status = unsafe { rul_resume68k(vm.vars.as_mut_ptr()) };
    }
}

/// Lets the assembly push and pop the rule's stack in place: its buffer, its length, and
/// the entries it may fill without growing the buffer (a cloned machine's stack has room
/// for its entries only: pushing further is handed back, and Rust grows it).
fn lend_stack(vm: &mut Vm) {
    vm.aux[A_RSTACK] = vm.stack.as_mut_ptr() as u32;
    vm.aux[A_RSLEN] = vm.stack.len() as u32;
    vm.aux[A_RSCAP] = vm.stack_size.min(vm.stack.capacity()) as u32;
}

/// The rule stack's length after the assembly stopped.
fn take_stack_back(vm: &mut Vm) {
    let len = vm.aux[A_RSLEN] as usize;
    assert!(len <= vm.stack.capacity());
    // SAFETY: the assembly only pushes below A_RSCAP, within the buffer's capacity, writing
    // each entry before counting it, and only pops what was pushed: entries 0..len are
    // initialised.
    unsafe { vm.stack.set_len(len) };
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
    if let Flow::Exit(v) = super::exec::step(vm, p, code, &mut r)? {
        return Ok(Some(v));
    }
    // The instruction may have changed what the assembly reads from `aux`.
    vm.aux[A_PIECELEN] = vm.piece_len as u32;
    vm.aux[A_ACC] = r.acc as u32;
    vm.aux[A_LAST] = r.last as u32;
    vm.aux[A_IP] = base + 2 * r.ip as u32;
    vm.aux[A_VP] = values + 4 * r.vp as u32;
    vm.aux[A_FP] = frames + 4 * r.fp as u32;
    vm.aux[A_LEFT] = vm.budget.saturating_sub(vm.steps);
    lend_stack(vm);
    Ok(None)
}

/// The deepest frame and value stacks the assembly used (bytes), for `Vm::max_depth`.
pub(super) fn depths(vm: &Vm) -> (u32, u32) {
    if vm.aux[A_FRAMES_END] == 0 {
        return (0, 0);
    }
    (vm.aux[A_FRAMES_END] - vm.aux[A_MINFP], vm.aux[A_VALUES_END] - vm.aux[A_MINVP])
}
