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

use super::exec::Regs;
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

// Indices into `Vm::aux` (the words right before V[0]; `exec68k.s` reads them at −4 × (8 −
// index) from V[0]).
const A_COUNT: usize = 7;
const A_NB: usize = 6;
const A_CALLMIN: usize = 5;
const A_VALMIN: usize = 4;
const A_ITERMIN: usize = 3;
const A_MINFP: usize = 2;
const A_MINVP: usize = 1;
const A_CELLS: usize = 0;

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
        // SAFETY: a table of plain words in the program's text.
        out[i] = unsafe { rul68k_table.get(w).copied().unwrap_or(rul68k_table[ins::FAIL as usize]) };
        i += insn_len(words, i);
    }
    out
}

/// Runs the assembly from `r`; true when it reached `EXIT` (the value in `r.acc`), false
/// when the instruction at `r.ip` is for `exec::step`.
pub(super) fn run(vm: &mut Vm, p: &Program, r: &mut Regs) -> bool {
    let base = p.prepared.as_ptr();
    let values = vm.mem.values.as_mut_ptr();
    let frames = vm.mem.frames.as_mut_ptr();
    // SAFETY (pointer arithmetic): indices within the allocations (`Regs` invariants).
    let (vp, fp) = unsafe { (values.add(r.vp), frames.add(r.fp)) };
    vm.aux[A_COUNT] = vm.board.cell_count() as u32;
    vm.aux[A_NB] = vm.board.neighbour_table().as_ptr() as u32;
    vm.aux[A_CALLMIN] = frames as u32 + 4 * super::exec::CALL_WORDS as u32;
    vm.aux[A_VALMIN] = values as u32 + 4 * MAX_STATEMENT_VALUES as u32;
    vm.aux[A_ITERMIN] = frames as u32 + 4 * super::exec::ITER_WORDS as u32;
    vm.aux[A_MINFP] = fp as u32;
    vm.aux[A_MINVP] = vp as u32;
    vm.aux[A_CELLS] = vm.board.cells.as_mut_ptr() as u32;
    let mut s = State {
        acc: r.acc,
        last: r.last,
        // SAFETY: r.ip is an instruction of the program.
        ip: unsafe { base.add(r.ip) },
        vp,
        fp,
        left: vm.budget.saturating_sub(vm.steps),
        base,
        vars: vm.vars.as_mut_ptr(),
    };
    // SAFETY: the state describes this machine's memory; the assembly keeps to it.
    let status = unsafe { rul_exec68k(&mut s) };
    r.acc = s.acc;
    r.last = s.last;
    r.ip = (s.ip as usize - base as usize) / 2;
    r.vp = (s.vp as usize - values as usize) / 4;
    r.fp = (s.fp as usize - frames as usize) / 4;
    vm.steps = vm.budget - s.left;
    let (min_fp, min_vp) = (vm.aux[A_MINFP] as usize, vm.aux[A_MINVP] as usize);
    vm.note_depth(0, frames as usize + vm.mem.frames.len() * 4 - min_fp);
    vm.note_depth(1, values as usize + vm.mem.values.len() * 4 - min_vp);
    status == 0
}
