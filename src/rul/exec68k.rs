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

/// What the assembly reads and writes (`exec68k.s`, offsets `S_*`).
#[repr(C)]
struct State {
    acc: i32,
    last: i32,
    ip: *const u16,
    vp: *mut i32,
    fp: *mut u32,
    /// Operations left in the budget.
    left: u32,
    /// The prepared words.
    base: *const u16,
    vars: *mut i32,
}

// Indices into `Vm::aux` (the words right before V[0]; `exec68k.s` reads index k at
// −4 × (AUX_WORDS − k) from V[0]).
const A_CELLS: usize = 0;
const A_MINVP: usize = 1;
const A_MINFP: usize = 2;
const A_ITERMIN: usize = 3;
const A_VALMIN: usize = 4;
const A_CALLMIN: usize = 5;
const A_NB: usize = 6;
const A_COUNT: usize = 7;
const A_N: usize = 8;
const A_COLSTART: usize = 9;
const A_RNG: usize = 10;
const A_PIECE: usize = 11;
const A_PAUSED: usize = 12;
const A_PIECELEN: usize = 13;
/// Words of `Vm::aux`.
pub(super) const AUX_WORDS: usize = 16;

unsafe extern "C" {
    fn rul_exec68k(state: *mut State) -> u32;
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

/// Fills `Vm::aux` when it does not describe this machine (a new or moved or cloned one):
/// the board's tables and the stacks' limits. Their addresses do not change while the
/// machine stays where it is.
fn prepare_aux(vm: &mut Vm) {
    let cells = vm.board.cells.as_mut_ptr() as u32;
    if vm.aux[A_CELLS] == cells && vm.aux[A_RNG] == &vm.rng as *const _ as u32 {
        return;
    }
    let values = vm.mem.values.as_mut_ptr() as u32;
    let frames = vm.mem.frames.as_mut_ptr() as u32;
    vm.aux[A_CELLS] = cells;
    vm.aux[A_COUNT] = vm.board.cell_count() as u32;
    vm.aux[A_NB] = vm.board.neighbour_table().as_ptr() as u32;
    vm.aux[A_CALLMIN] = frames + 4 * super::exec::CALL_WORDS as u32;
    vm.aux[A_VALMIN] = values + 4 * MAX_STATEMENT_VALUES as u32;
    vm.aux[A_ITERMIN] = frames + 4 * super::exec::ITER_WORDS as u32;
    vm.aux[A_MINFP] = frames + 4 * vm.mem.frames.len() as u32;
    vm.aux[A_MINVP] = values + 4 * vm.mem.values.len() as u32;
    vm.aux[A_N] = vm.board.size() as u32;
    vm.aux[A_COLSTART] = vm.board.column_starts().as_ptr() as u32;
    vm.aux[A_RNG] = &vm.rng as *const _ as u32;
    vm.aux[A_PIECE] = vm.piece.as_ptr() as u32;
}

/// Runs `p` from word `w` (a compiled block) with a fresh frame stack whose first frame
/// returns to `EXIT`: the 68030's form of `exec::run`.
pub(super) fn run(vm: &mut Vm, p: &Program, code: &[u8], w: usize) -> Result<i32, RunError> {
    prepare_aux(vm);
    vm.aux[A_PAUSED] = vm.paused as u32;
    vm.aux[A_PIECELEN] = vm.piece_len as u32;
    let base = p.prepared.as_ptr();
    let values = vm.mem.values.as_mut_ptr();
    let frames = vm.mem.frames.as_mut_ptr();
    let (nv, nf) = (vm.mem.values.len(), vm.mem.frames.len());
    // SAFETY: indices within the allocations; the first frame is [return to word 0, last 0].
    let mut s = unsafe {
        let fp = frames.add(nf - super::exec::CALL_WORDS);
        fp.write(0);
        fp.add(1).write(0);
        State {
            acc: 0,
            last: 0,
            ip: base.add(w),
            vp: values.add(nv),
            fp,
            left: vm.budget.saturating_sub(vm.steps),
            base,
            vars: vm.vars.as_mut_ptr(),
        }
    };
    loop {
        // SAFETY: the state describes this machine's memory; the assembly keeps to it.
        let status = unsafe { rul_exec68k(&mut s) };
        vm.steps = vm.budget - s.left;
        if status == 0 {
            note_depths(vm);
            return Ok(s.acc);
        }
        // Hand-back: this instruction runs in Rust.
        let mut r = Regs {
            acc: s.acc,
            last: s.last,
            ip: (s.ip as usize - base as usize) / 2,
            vp: (s.vp as usize - values as usize) / 4,
            fp: (s.fp as usize - frames as usize) / 4,
        };
        let flow = super::exec::step(vm, p, code, &mut r);
        note_depths(vm);
        if let Flow::Exit(v) = flow? {
            return Ok(v);
        }
        // The instruction may have changed what the assembly reads from `aux`.
        vm.aux[A_PIECELEN] = vm.piece_len as u32;
        s.acc = r.acc;
        s.last = r.last;
        // SAFETY: as above.
        unsafe {
            s.ip = base.add(r.ip);
            s.vp = values.add(r.vp);
            s.fp = frames.add(r.fp);
        }
        s.left = vm.budget.saturating_sub(vm.steps);
    }
}

/// Folds the lowest stack pointers the assembly saw into `Vm::max_depth`.
fn note_depths(vm: &mut Vm) {
    let frames_end = vm.mem.frames.as_ptr() as usize + 4 * vm.mem.frames.len();
    let values_end = vm.mem.values.as_ptr() as usize + 4 * vm.mem.values.len();
    vm.note_depth(0, frames_end - vm.aux[A_MINFP] as usize);
    vm.note_depth(1, values_end - vm.aux[A_MINVP] as usize);
}
