//! The step-by-step evaluator: reads RUL bytes one operation at a time exactly as the
//! manual's reader does (and as `reference.rs`, the original recursive interpreter, does),
//! but with an explicit stack of [`Frame`]s in fixed memory instead of recursion. It runs
//! the code the compiler leaves out (`SLOW pc`): transparent branches inside operands,
//! `$51` where a value is needed, code that runs off the end, nesting deeper than the
//! compiler takes. It hands back to compiled code at the next compiled block its body
//! reaches, or when that body returns.

use super::error::{RunError, RunReason as R};
use super::memory::SlowFrame as Frame;
use super::opcodes as op;
use super::program::Program;
use super::vm::Vm;

/// Size of one frame, for the memory figures.
const FRAME_SIZE: usize = core::mem::size_of::<Frame>();

/// How the step-by-step evaluator hands back.
pub(super) enum SlowExit {
    /// Compiled code continues at this word (the start of a compiled block).
    Continue(usize),
    /// The body it started in returned this value.
    Return(i32),
}

enum Mode {
    Statement,
    Expression,
    Value(i32),
}

struct Slow<'a> {
    vm: &'a mut Vm,
    code: &'a [u8],
    pc: usize,
}

type Res<T> = Result<T, RunError>;

impl Slow<'_> {
    fn fail(&self, reason: R) -> RunError {
        RunError { reason, pc: self.pc as u32 }
    }
    fn byte(&mut self) -> Res<u8> {
        match self.code.get(self.pc) {
            Some(&b) => {
                self.pc += 1;
                Ok(b)
            }
            None => Err(self.fail(R::PcOutOfCode)),
        }
    }
    fn word(&mut self) -> Res<i16> {
        Ok(((self.byte()? as u16) << 8 | self.byte()? as u16) as i16)
    }
    fn long(&mut self) -> Res<i32> {
        Ok(((self.word()? as u16 as u32) << 16 | self.word()? as u16 as u32) as i32)
    }
    fn jump(&mut self, base: usize, off: i32) -> Res<()> {
        let t = base as i64 + off as i64;
        if t < 0 || t >= self.code.len() as i64 {
            return Err(self.fail(R::PcOutOfCode));
        }
        self.pc = t as usize;
        Ok(())
    }
    /// The next operation code, counted against the budget.
    fn op(&mut self) -> Res<u8> {
        self.vm.steps += 1;
        if self.vm.steps > self.vm.budget {
            return Err(self.fail(R::StepBudget));
        }
        self.byte()
    }
    fn push(&mut self, f: Frame) -> Res<()> {
        if self.vm.mem.slow.len() >= self.vm.mem.slow.capacity() {
            return Err(self.fail(R::TooDeep));
        }
        self.vm.mem.slow.push(f);
        let bytes = self.vm.mem.slow.len() * FRAME_SIZE;
        self.vm.note_depth(2, bytes);
        Ok(())
    }
    fn top(&mut self) -> &mut Frame {
        let n = self.vm.mem.slow.len();
        &mut self.vm.mem.slow[n - 1]
    }
    fn ok<T>(&self, r: Result<T, R>) -> Res<T> {
        r.map_err(|reason| self.fail(reason))
    }

    /// Starts the expression or statement whose code `c` was just read.
    fn begin(&mut self, c: u8) -> Res<Mode> {
        if op::is_small_constant(c) {
            return Ok(Mode::Value(op::small_constant(c)));
        }
        if op::is_variable(c) {
            return Ok(Mode::Value(self.vm.vars[c as usize]));
        }
        let v = match c {
            op::WORD => self.word()? as i32,
            op::LONG => self.long()?,
            op::RND16 | op::RND32 | op::PAUSED | op::TOP | op::POP | op::RND15 | op::RND31 | op::MSG | op::SIZE => {
                let r = self.vm.nullary(c);
                self.ok(r)?
            }
            op::CALL => {
                let base = self.pc;
                let off = self.word()? as i32;
                let ret = self.pc as u32;
                self.jump(base, off)?;
                self.push(Frame::Body { last: 0, ret })?;
                return Ok(Mode::Statement);
            }
            op::DESTROY_LOOP => {
                self.push(Frame::DestroyLoop { start: self.pc as u32, total: 0 })?;
                self.push(Frame::Op { code: c, have: 0, a: 0, b: 0 })?;
                return Ok(Mode::Expression);
            }
            _ => {
                self.push(Frame::Op { code: c, have: 0, a: 0, b: 0 })?;
                return Ok(Mode::Expression);
            }
        };
        Ok(Mode::Value(v))
    }

    /// A transparent branch `c` was just read.
    fn branch(&mut self, c: u8, stmt: bool) -> Res<Mode> {
        let next = if stmt { Mode::Statement } else { Mode::Expression };
        if c == op::GOTO {
            let base = self.pc;
            let off = self.word()? as i32;
            self.jump(base, off)?;
            return Ok(next);
        }
        self.push(Frame::Branch { code: c, stmt })?;
        Ok(Mode::Expression)
    }

    /// A branch's condition `v` arrived.
    fn finish_branch(&mut self, c: u8, v: i32) -> Res<()> {
        match c {
            op::IF_SHORT => {
                let base = self.pc;
                let off = self.byte()? as i8 as i32;
                if v != 0 {
                    self.jump(base, off)?;
                }
            }
            op::IF => {
                let base = self.pc;
                let off = self.word()? as i32;
                if v != 0 {
                    self.jump(base, off)?;
                }
            }
            _ => {
                let n = self.byte()? as i32;
                if n == 0 {
                    return Err(self.fail(R::EmptyTable));
                }
                self.pc += 2 * v.rem_euclid(n) as usize;
                let base = self.pc;
                let off = self.word()? as i32;
                self.jump(base, off)?;
            }
        }
        Ok(())
    }

    /// Operand `v` arrived for the operation on top.
    fn operand(&mut self, v: i32) -> Res<Mode> {
        let Frame::Op { code, have, a, .. } = *self.top() else { unreachable!() };
        match (code, have) {
            // One operand: compute.
            (op::TAB16 | op::TAB32, 0) => {
                self.vm.mem.slow.pop();
                let n = self.byte()? as usize;
                if n == 0 {
                    return Err(self.fail(R::EmptyTable));
                }
                let size = if code == op::TAB16 { 2 } else { 4 };
                let end = self.pc + size * n;
                self.pc += size * v.rem_euclid(n as i32) as usize;
                let r = if code == op::TAB16 { self.word()? as i32 } else { self.long()? };
                self.pc = end;
                Ok(Mode::Value(r))
            }
            (op::FOR_ADJ_HEX | op::FOR_ADJ, 0) => {
                let n = self.ok(Vm::var(v))?;
                *self.top() = Frame::Op { code, have: 1, a: n as i32, b: 0 };
                Ok(Mode::Expression)
            }
            (op::FOR_ADJ_HEX | op::FOR_ADJ, _) => {
                let x = self.ok(self.vm.cell(v))?;
                let (cells, count) = self.vm.neighbours(x, code == op::FOR_ADJ_HEX);
                self.vm.mem.slow.pop();
                let n = a as u8;
                self.vm.vars[n as usize] = if count == 0 { 0 } else { cells[0] as i32 };
                let start = self.pc as u32;
                self.push(Frame::Iter { n, start, cells, count, pos: 0, all: 0, cursor: 0, last_round: count == 0 })?;
                Ok(Mode::Expression)
            }
            (op::FOR_HEX | op::FOR_CELL, _) => {
                let n = self.ok(Vm::var(v))?;
                self.vm.mem.slow.pop();
                let occupied = code == op::FOR_HEX;
                let first = self.vm.next_cell(0, occupied);
                self.vm.vars[n] = first;
                let start = self.pc as u32;
                let all = 1 + occupied as u8;
                let f = Frame::Iter {
                    n: n as u8,
                    start,
                    cells: [0; 6],
                    count: 0,
                    pos: 0,
                    all,
                    cursor: first as u16,
                    last_round: first == 0,
                };
                self.push(f)?;
                Ok(Mode::Expression)
            }
            (c, 0) if op::by_code(c).is_some_and(|o| o.arity() == 1) => {
                self.vm.mem.slow.pop();
                let r = self.vm.unary(c, v);
                Ok(Mode::Value(self.ok(r)?))
            }
            (_, 0) => {
                *self.top() = Frame::Op { code, have: 1, a: v, b: 0 };
                Ok(Mode::Expression)
            }
            (op::BETWEEN, 1) => {
                *self.top() = Frame::Op { code, have: 2, a, b: v };
                Ok(Mode::Expression)
            }
            (op::BETWEEN, _) => {
                let Frame::Op { b, .. } = *self.top() else { unreachable!() };
                self.vm.mem.slow.pop();
                Ok(Mode::Value(Vm::between(a, b, v)))
            }
            (op::SET, _) => {
                self.vm.mem.slow.pop();
                let r = self.vm.assign(a, v);
                Ok(Mode::Value(self.ok(r)?))
            }
            (op::DESTROY_LOOP, _) => {
                self.vm.mem.slow.pop();
                if !(0..8).contains(&v) {
                    return Err(self.fail(R::BadMark));
                }
                let k = self.vm.destroy(Some(v as u8)) as i32;
                let Frame::DestroyLoop { start, total } = self.top() else { unreachable!() };
                *total += k;
                let (start, total) = (*start as usize, *total);
                if k == 0 {
                    self.vm.mem.slow.pop();
                    return Ok(Mode::Value(total));
                }
                // The code is read again from x: count it once more.
                self.pc = start;
                self.op()?;
                self.pc = start;
                self.push(Frame::Op { code, have: 0, a: 0, b: 0 })?;
                Ok(Mode::Expression)
            }
            _ => {
                self.vm.mem.slow.pop();
                let r = self.vm.binary(code, a, v);
                Ok(Mode::Value(self.ok(r)?))
            }
        }
    }

    /// The iteration on top evaluated its expression to `v`.
    fn iteration(&mut self, v: i32) -> Res<Mode> {
        let Frame::Iter { n, start, cells, count, pos, all, cursor, last_round } = *self.top() else { unreachable!() };
        if last_round {
            self.vm.mem.slow.pop();
            return Ok(Mode::Value(v));
        }
        let (next, pos, cursor) = if all == 0 {
            let pos = pos + 1;
            (if pos < count { cells[pos as usize] as i32 } else { 0 }, pos, cursor)
        } else {
            let next = self.vm.next_cell(cursor as i32, all == 2);
            (next, pos, next as u16)
        };
        *self.top() = Frame::Iter { n, start, cells, count, pos, all, cursor, last_round: next == 0 };
        self.vm.vars[n as usize] = next;
        self.pc = start as usize;
        Ok(Mode::Expression)
    }
}

/// Runs from RUL offset `pc`, at statement level of the current body whose statement value
/// is `last`, until compiled code can take over or the body returns.
pub(super) fn run(vm: &mut Vm, p: &Program, code: &[u8], pc: u32, last: &mut i32) -> Result<SlowExit, RunError> {
    vm.mem.slow.clear();
    let mut s = Slow { vm, code, pc: pc as usize };
    s.push(Frame::Body { last: *last, ret: 0 })?;
    let mut mode = Mode::Statement;
    let mut moved = false;
    loop {
        mode = match mode {
            Mode::Statement => {
                // Back at the starting body's statement level on a compiled block: hand back.
                if moved && s.vm.mem.slow.len() == 1 && p.is_block(s.pc as u32) {
                    if let Some(w) = p.entry(s.pc as u32) {
                        if let Frame::Body { last: l, .. } = s.vm.mem.slow[0] {
                            *last = l;
                        }
                        return Ok(SlowExit::Continue(w));
                    }
                }
                moved = true;
                let c = s.op()?;
                if op::is_branch(c) {
                    s.branch(c, true)?
                } else if c == op::RET {
                    let Some(Frame::Body { last: l, ret }) = s.vm.mem.slow.pop() else { unreachable!() };
                    if s.vm.mem.slow.is_empty() {
                        *last = l;
                        return Ok(SlowExit::Return(l));
                    }
                    s.pc = ret as usize;
                    Mode::Value(l)
                } else {
                    s.begin(c)?
                }
            }
            Mode::Expression => {
                let c = s.op()?;
                if op::is_branch(c) {
                    s.branch(c, false)?
                } else if c == op::RET {
                    s.pc -= 1;
                    return Err(s.fail(R::UnexpectedReturn));
                } else {
                    s.begin(c)?
                }
            }
            Mode::Value(v) => match *s.top() {
                Frame::Body { ret, .. } => {
                    *s.top() = Frame::Body { last: v, ret };
                    Mode::Statement
                }
                Frame::Branch { code: c, stmt } => {
                    s.vm.mem.slow.pop();
                    s.finish_branch(c, v)?;
                    if stmt { Mode::Statement } else { Mode::Expression }
                }
                Frame::Op { .. } => s.operand(v)?,
                Frame::Iter { .. } => s.iteration(v)?,
                Frame::DestroyLoop { .. } => unreachable!(),
            },
        };
    }
}
