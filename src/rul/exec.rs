//! Runs a compiled program (`program.rs`): a loop over its words (`instructions.rs`), with
//! the accumulator, the statement value `last`, the value stack and the frame stack of
//! `Vm::mem` (the frames' layout: `memory.rs`). On the 68030 the same instructions also run
//! in hand-written assembly (`exec68k.s`); this file is their definition and the host's
//! engine.

use super::error::{RunError, RunReason as R};
use super::instructions::{BINARY, COMPARE, NULLARY, UNARY, ins, reason};
use super::memory::{CALL_WORDS, ITER_ADJ_KIND, ITER_ALL_KIND, ITER_OCCUPIED, ITER_WORDS};
use super::opcodes as op;
use super::program::{MAX_STATEMENT_VALUES, Program};
use super::slow::{self, SlowExit};
use super::vm::Vm;

/// The registers of a run.
pub(super) struct Regs {
    pub acc: i32,
    pub last: i32,
    /// Word index of the next instruction.
    pub ip: usize,
    /// Index of the top of the value stack (`values.len()` when empty).
    pub vp: usize,
    /// Index of the top frame's first word (`frames.len()` when empty).
    pub fp: usize,
}

/// Runs `p` from the compiled code of RUL offset `entry`.
/// (On the 68030, `Vm::exec` runs an entry that was compiled in assembly without coming
/// here: `exec68k::run`.)
pub(super) fn run(vm: &mut Vm, p: &Program, code: &[u8], entry: u32) -> Result<i32, RunError> {
    let mut r = Regs { acc: 0, last: 0, ip: 0, vp: vm.mem.values.len(), fp: vm.mem.frames.len() };
    // The run's first frame returns to word 0, EXIT.
    r.fp -= CALL_WORDS;
    vm.mem.frames[r.fp] = 0;
    vm.mem.frames[r.fp + 1] = 0;
    match p.entry(entry) {
        Some(w) => r.ip = w,
        None => match slow::run(vm, p, code, entry, &mut r.last)? {
            SlowExit::Continue(w) => r.ip = w,
            SlowExit::Return(v) => {
                r.acc = v;
                ret(vm, &mut r);
            }
        },
    }
    execute(vm, p, code, &mut r)
}

/// Returns from a body: acc is its value.
#[inline]
fn ret(vm: &mut Vm, r: &mut Regs) {
    let f = &vm.mem.frames;
    r.ip = f[r.fp] as usize / 2;
    r.last = f[r.fp + 1] as i32;
    r.fp += CALL_WORDS;
}

/// What an instruction left to do.
pub(super) enum Flow {
    Next,
    Exit(i32),
}

/// The instruction loop, from `r.ip` until `EXIT` or a failure.
#[cfg(not(target_arch = "m68k"))]
pub(super) fn execute(vm: &mut Vm, p: &Program, code: &[u8], r: &mut Regs) -> Result<i32, RunError> {
    loop {
        if let Flow::Exit(v) = step(vm, p, code, r)? {
            return Ok(v);
        }
    }
}

/// The instruction loop on the 68030 after the step-by-step evaluator: instruction by
/// instruction in Rust (the assembly takes the common case, `exec68k::run`).
#[cfg(target_arch = "m68k")]
pub(super) fn execute(vm: &mut Vm, p: &Program, code: &[u8], r: &mut Regs) -> Result<i32, RunError> {
    loop {
        if let Flow::Exit(v) = step(vm, p, code, r)? {
            return Ok(v);
        }
    }
}

/// Executes the instruction at `r.ip`. (Inlined into the host's loop; on the 68030 kept
/// out of line, so that the assembly's caller stays small: a large function makes LLVM
/// save and spill many registers on every call.)
#[cfg_attr(not(target_arch = "m68k"), inline(always))]
#[cfg_attr(target_arch = "m68k", inline(never))]
pub(super) fn step(vm: &mut Vm, p: &Program, code: &[u8], r: &mut Regs) -> Result<Flow, RunError> {
    let w = &p.words[..];
    {
        let at = r.ip;
        let fail = |reason: R| RunError { reason, pc: p.error_pc(at) };
        let k32 = |i: usize| ((w[i] as u32) << 16 | w[i + 1] as u32) as i32;
        let var = |i: usize| (w[i] / 4) as usize;
        let target = |i: usize| (i as isize + (w[i] as i16 as isize) / 2) as usize;
        let insn = w[at];
        match insn {
            ins::EXIT => return Ok(Flow::Exit(r.acc)),
            ins::STEPS => {
                vm.steps += w[at + 1] as u32;
                if vm.steps > vm.budget {
                    return Err(fail(R::StepBudget));
                }
                r.ip = at + 2;
            }
            ins::SLOW => {
                let pc = k32(at + 1) as u32;
                match slow::run(vm, p, code, pc, &mut r.last)? {
                    SlowExit::Continue(to) => r.ip = to,
                    SlowExit::Return(v) => {
                        r.acc = v;
                        ret(vm, r);
                    }
                }
            }
            ins::FAIL => return Err(fail(reason(w[at + 1]))),
            ins::LDK => {
                r.acc = k32(at + 1);
                r.ip = at + 3;
            }
            ins::LDV => {
                r.acc = vm.vars[var(at + 1)];
                r.ip = at + 2;
            }
            ins::PUSH => {
                r.vp -= 1;
                vm.mem.values[r.vp] = r.acc;
                r.ip = at + 1;
            }
            ins::SETLAST => {
                r.last = r.acc;
                r.ip = at + 1;
            }
            ins::RET => {
                r.acc = r.last;
                ret(vm, r);
            }
            ins::RETA => ret(vm, r),
            ins::CALL => {
                if r.fp < CALL_WORDS || r.vp < MAX_STATEMENT_VALUES as usize {
                    return Err(fail(R::TooDeep));
                }
                r.fp -= CALL_WORDS;
                vm.mem.frames[r.fp] = ((at + 2) * 2) as u32;
                vm.mem.frames[r.fp + 1] = r.last as u32;
                r.last = 0;
                r.ip = target(at + 1);
                note(vm, r);
            }
            ins::JMP => r.ip = target(at + 1),
            ins::JZ | ins::JNZ => {
                r.ip = if (r.acc == 0) == (insn == ins::JZ) { target(at + 1) } else { at + 2 };
            }
            ins::CASE => {
                let n = w[at + 1] as i32;
                r.ip = target(at + 2 + r.acc.rem_euclid(n) as usize);
            }
            ins::SETV => {
                vm.vars[var(at + 1)] = r.acc;
                r.ip = at + 2;
            }
            ins::ADDV | ins::SUBV => {
                let v = &mut vm.vars[var(at + 1)];
                *v = if insn == ins::ADDV { v.wrapping_add(r.acc) } else { v.wrapping_sub(r.acc) };
                r.acc = *v;
                r.ip = at + 2;
            }
            ins::SETVK => {
                r.acc = k32(at + 2);
                vm.vars[var(at + 1)] = r.acc;
                r.ip = at + 4;
            }
            ins::ADDVK => {
                let v = &mut vm.vars[var(at + 1)];
                *v = v.wrapping_add(k32(at + 2));
                r.acc = *v;
                r.ip = at + 4;
            }
            ins::SET_S => {
                let x = vm.mem.values[r.vp];
                r.vp += 1;
                r.acc = vm.assign(x, r.acc).map_err(fail)?;
                r.ip = at + 1;
            }
            ins::BETWEEN_S => {
                let y = vm.mem.values[r.vp];
                let x = vm.mem.values[r.vp + 1];
                r.vp += 2;
                r.acc = Vm::between(x, y, r.acc);
                r.ip = at + 1;
            }
            ins::TAB16 => {
                let n = w[at + 1] as usize;
                r.acc = w[at + 2 + r.acc.rem_euclid(n as i32) as usize] as i16 as i32;
                r.ip = at + 2 + n;
            }
            ins::TAB32 => {
                let n = w[at + 1] as usize;
                r.acc = k32(at + 2 + 2 * r.acc.rem_euclid(n as i32) as usize);
                r.ip = at + 2 + 2 * n;
            }
            ins::CHECKVAR => {
                Vm::var(r.acc).map_err(fail)?;
                r.ip = at + 1;
            }
            ins::ITER_ADJ => {
                let n = vm.mem.values[r.vp];
                r.vp += 1;
                let x = vm.cell(r.acc).map_err(fail)?;
                if r.fp < ITER_WORDS {
                    return Err(fail(R::TooDeep));
                }
                let occupied = w[at + 1] != 0;
                let (cells, count) = vm.neighbours(x, occupied);
                r.fp -= ITER_WORDS;
                let f = &mut vm.mem.frames[r.fp..r.fp + ITER_WORDS];
                let done = (count == 0) as u32;
                f[0] = (ITER_ADJ_KIND << 24) | (done << 16) | (n as u32 * 4);
                f[1] = (count as u32) << 24;
                f[2] = u32::from_be_bytes([cells[0], cells[1], cells[2], cells[3]]);
                f[3] = u32::from_be_bytes([cells[4], cells[5], 0, 0]);
                vm.vars[n as usize] = if count == 0 { 0 } else { cells[0] as i32 };
                r.ip = at + 2;
                note(vm, r);
            }
            ins::ITER_ALL => {
                let n = Vm::var(r.acc).map_err(fail)?;
                if r.fp < ITER_WORDS {
                    return Err(fail(R::TooDeep));
                }
                let occupied = w[at + 1] != 0;
                let first = vm.next_cell(0, occupied);
                r.fp -= ITER_WORDS;
                let kind = ITER_ALL_KIND | if occupied { ITER_OCCUPIED } else { 0 };
                let f = &mut vm.mem.frames[r.fp..r.fp + ITER_WORDS];
                f[0] = (kind << 24) | (((first == 0) as u32) << 16) | (n as u32 * 4);
                f[1] = (first as u32) << 16;
                vm.vars[n] = first;
                r.ip = at + 2;
                note(vm, r);
            }
            ins::ITER_STEP => {
                let f0 = vm.mem.frames[r.fp];
                let n = ((f0 & 0xFFFF) / 4) as usize;
                if f0 & 0x00FF_0000 != 0 {
                    // The final round (V[n] = 0) is done.
                    r.fp += ITER_WORDS;
                    r.ip = at + 2;
                    return Ok(Flow::Next);
                }
                let next = if f0 >> 24 == ITER_ADJ_KIND {
                    let f1 = vm.mem.frames[r.fp + 1];
                    let (count, pos) = (f1 >> 24, (f1 >> 16 & 0xFF) + 1);
                    vm.mem.frames[r.fp + 1] = (count << 24) | (pos << 16);
                    if pos < count {
                        let cells = [vm.mem.frames[r.fp + 2].to_be_bytes(), vm.mem.frames[r.fp + 3].to_be_bytes()];
                        cells[pos as usize / 4][pos as usize % 4] as i32
                    } else {
                        0
                    }
                } else {
                    let cursor = (vm.mem.frames[r.fp + 1] >> 16) as i32;
                    let next = vm.next_cell(cursor, f0 >> 24 & ITER_OCCUPIED != 0);
                    vm.mem.frames[r.fp + 1] = (next as u32) << 16;
                    next
                };
                if next == 0 {
                    vm.mem.frames[r.fp] = f0 | 1 << 16;
                }
                vm.vars[n] = next;
                r.ip = target(at + 1);
            }
            ins::DLOOP => {
                if !(0..8).contains(&r.acc) {
                    return Err(fail(R::BadMark));
                }
                let k = vm.destroy(Some(r.acc as u8)) as i32;
                let total = vm.mem.values[r.vp].wrapping_add(k);
                if k == 0 {
                    r.vp += 1;
                    r.acc = total;
                    r.ip = at + 2;
                } else {
                    vm.mem.values[r.vp] = total;
                    vm.steps += 1;
                    if vm.steps > vm.budget {
                        return Err(fail(R::StepBudget));
                    }
                    r.ip = target(at + 1);
                }
            }
            ins::PATTERN_V | ins::COLOUR_V => {
                let c = if insn == ins::PATTERN_V { op::PATTERN } else { op::COLOUR };
                r.acc = vm.unary(c, vm.vars[var(at + 1)]).map_err(fail)?;
                r.ip = at + 2;
            }
            ins::MARKED_VV => {
                r.acc = vm.binary(op::MARKED, vm.vars[var(at + 1)], vm.vars[var(at + 2)]).map_err(fail)?;
                r.ip = at + 3;
            }
            _ if (ins::NUL..ins::NUL + NULLARY.len() as u16).contains(&insn) => {
                r.acc = vm.nullary(NULLARY[(insn - ins::NUL) as usize]).map_err(fail)?;
                r.ip = at + 1;
            }
            _ if (ins::UN..ins::UN + UNARY.len() as u16).contains(&insn) => {
                r.acc = vm.unary(UNARY[(insn - ins::UN) as usize], r.acc).map_err(fail)?;
                r.ip = at + 1;
            }
            _ if (ins::BIN..ins::END).contains(&insn) => {
                let (x, y, next) = match (insn - ins::BIN) % 8 {
                    ins::K => (r.acc, k32(at + 1), at + 3),
                    ins::V => (r.acc, vm.vars[var(at + 1)], at + 2),
                    ins::S => {
                        r.vp += 1;
                        (vm.mem.values[r.vp - 1], r.acc, at + 1)
                    }
                    ins::RK => (k32(at + 1), r.acc, at + 3),
                    _ => (vm.vars[var(at + 1)], r.acc, at + 2),
                };
                if insn < ins::JCMP {
                    r.acc = vm.binary(BINARY[((insn - ins::BIN) / 8) as usize], x, y).map_err(fail)?;
                    r.ip = next;
                } else {
                    // The comparison leaves x in acc (as the 68030 executor does).
                    r.acc = x;
                    let cmp = COMPARE[((insn - ins::JCMP) / 8) as usize];
                    let taken = match cmp {
                        op::EQ => x == y,
                        op::NE => x != y,
                        op::LT => x < y,
                        op::GT => x > y,
                        op::LE => x <= y,
                        _ => x >= y,
                    };
                    r.ip = if taken { target(next) } else { next + 1 };
                }
            }
            _ => return Err(fail(R::UnexpectedReturn)),
        }
    }
    Ok(Flow::Next)
}

/// Records how much of the stacks is in use.
#[inline]
fn note(vm: &mut Vm, r: &Regs) {
    vm.note_depth(0, (vm.mem.frames.len() - r.fp) * 4);
    vm.note_depth(1, (vm.mem.values.len() - r.vp) * 4);
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
