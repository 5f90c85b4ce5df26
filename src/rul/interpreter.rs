//! The RUL interpreter (section 6.9): a recursive evaluator of prefix expressions over the
//! state of [`Vm`].
//!
//! Fixed memory: 64 variables, the rule's stack (allocated once, at its header size), the
//! board's fixed cell array, and a bounded nesting depth ([`MAX_DEPTH`]) that also bounds the
//! host/68030 machine stack. Every operation counts against the phase's step budget, so a
//! rule that loops forever ends with [`RunReason::StepBudget`] instead of hanging.
//!
//! Choices where the manual says "undefined": division by 0, modulo by y ≤ 0, shifts outside
//! 0–63, variables outside 0–63, bad cell ids, marks outside their range, stack overflow or
//! underflow and an empty `$60`/`$61`/`$62` table are errors. Shifts of 32–63: `<<` gives 0,
//! `>>` is arithmetic and gives 0 or −1. `$62` indexes its table with x modulo n like `$60`.
//! `$6E`/`$6F` return the number of hexagons destroyed. `$72`/`$73` of cell 0 return −1.

use super::board::Board;
use super::error::{RunError, RunReason as R};
use super::rng::Rng;
use alloc::vec::Vec;

/// Deepest nesting of expressions, calls and iterations. On the 68030 one level costs at
/// most about 240 bytes of machine stack (frames of `expr` 64, `eval` 136, `two` 40 bytes,
/// measured in the m68k assembly), so 48 levels stay under 12 KiB of the runtime's 32 KiB
/// stack. The three rules need 13 at most (measured over the random-game campaign).
pub const MAX_DEPTH: u32 = 48;
/// Default number of operations one phase may execute.
pub const DEFAULT_BUDGET: u32 = 2_000_000;

/// The state RUL code reads and writes.
#[derive(Clone, Debug)]
pub struct Vm {
    pub vars: [i32; 64],
    pub stack: Vec<i32>,
    pub stack_size: usize,
    pub rng: Rng,
    pub board: Board,
    /// Cell ids of the reference hexagon and the hexagons of the current (or last) piece.
    pub piece: [i32; 5],
    pub piece_len: u8,
    /// V[0..=8] after the last phase A that prepared the next piece, if any.
    pub next_vars: Option<[i32; 9]>,
    pub radar: bool,
    pub paused: bool,
    /// Variable wired to the 1 Hz timer.
    pub timer_var: Option<u8>,
    /// Fall period in milliseconds (1–8191).
    pub fall_ms: u32,
    /// Answer of the message file to `$6D`, given the rule's stack.
    pub message_hook: fn(&[i32]) -> i32,
    /// Operations executed by the current phase, and the limit.
    pub steps: u32,
    pub budget: u32,
    /// Operations executed since creation (for speed measurements).
    pub total_steps: u64,
    /// Deepest nesting reached since creation.
    pub max_depth: u32,
    pc: usize,
    depth: u32,
    fault: Option<RunError>,
}

/// "The run stopped; the reason is in `Vm::fault`."
#[derive(Clone, Copy, Debug)]
struct Stop;

type Res<T> = Result<T, Stop>;

fn no_message(_: &[i32]) -> i32 {
    0
}

/// The transparent codes: tested before calling `transparent`, to save a call per operation.
#[inline(always)]
fn is_branch(op: u8) -> bool {
    matches!(op, 0x46 | 0x52 | 0x53 | 0x62)
}

fn boolean(b: bool) -> i32 {
    if b { -1 } else { 0 }
}

impl Vm {
    /// A machine for a board of side `size` with a stack of `stack_size` entries.
    pub fn new(size: u8, stack_size: u32, seed: u32) -> Vm {
        Vm {
            vars: [0; 64],
            stack: Vec::with_capacity(stack_size as usize),
            stack_size: stack_size as usize,
            rng: Rng::new(seed),
            board: Board::new(size),
            piece: [0; 5],
            piece_len: 0,
            next_vars: None,
            radar: false,
            paused: false,
            timer_var: None,
            fall_ms: 1000,
            message_hook: no_message,
            steps: 0,
            budget: DEFAULT_BUDGET,
            total_steps: 0,
            max_depth: 0,
            pc: 0,
            depth: 0,
            fault: None,
        }
    }

    /// Runs the subprogram at `entry` until its `$51`; returns the value of its last
    /// expression.
    pub fn run(&mut self, code: &[u8], entry: u32) -> Result<i32, RunError> {
        self.pc = entry as usize;
        self.steps = 0;
        self.depth = 0;
        self.fault = None;
        let r = self.body(code);
        self.total_steps += self.steps as u64;
        r.map_err(|Stop| self.fault.unwrap_or(RunError { reason: R::PcOutOfCode, pc: self.pc as u32 }))
    }

    /// Records why the run stops. Internal functions return the zero-sized `Stop`, so on the
    /// 68030 their results fit in registers instead of going through memory.
    #[cold]
    fn fail(&mut self, reason: R) -> Stop {
        self.fault = Some(RunError { reason, pc: self.pc as u32 });
        Stop
    }

    #[inline(always)]
    fn byte(&mut self, code: &[u8]) -> Res<u8> {
        let b = match code.get(self.pc) {
            Some(&b) => b,
            None => return Err(self.fail(R::PcOutOfCode)),
        };
        self.pc += 1;
        Ok(b)
    }
    fn word(&mut self, code: &[u8]) -> Res<i16> {
        Ok((((self.byte(code)? as u16) << 8) | self.byte(code)? as u16) as i16)
    }
    fn long(&mut self, code: &[u8]) -> Res<i32> {
        Ok((((self.word(code)? as u16 as u32) << 16) | self.word(code)? as u16 as u32) as i32)
    }
    /// Jumps to `base + off` (offsets are relative to their own address).
    fn jump(&mut self, code: &[u8], base: usize, off: i32) -> Res<()> {
        let t = base as i64 + off as i64;
        if t < 0 || t >= code.len() as i64 {
            return Err(self.fail(R::PcOutOfCode));
        }
        self.pc = t as usize;
        Ok(())
    }
    /// Fetches the next code, counting it against the budget.
    #[inline(always)]
    fn op(&mut self, code: &[u8]) -> Res<u8> {
        self.steps += 1;
        if self.steps > self.budget {
            return Err(self.fail(R::StepBudget));
        }
        self.byte(code)
    }
    fn enter(&mut self) -> Res<()> {
        self.depth += 1;
        self.max_depth = self.max_depth.max(self.depth);
        if self.depth > MAX_DEPTH {
            return Err(self.fail(R::TooDeep));
        }
        Ok(())
    }

    /// A sequence of expressions ended by `$51`.
    fn body(&mut self, code: &[u8]) -> Res<i32> {
        self.enter()?;
        let mut last = 0;
        loop {
            let op = self.op(code)?;
            if is_branch(op) && self.transparent(code, op)? {
                continue;
            }
            if op == 0x51 {
                self.depth -= 1;
                return Ok(last);
            }
            last = self.eval(code, op)?;
        }
    }

    /// One expression (transparent branches before it are executed).
    fn expr(&mut self, code: &[u8]) -> Res<i32> {
        loop {
            let op = self.op(code)?;
            // Leaves (constants, variables: about half of all codes) without a call to
            // `eval`, whose frame is large on the 68030.
            if op >= 0x80 {
                return Ok(op as i32 - 0xC0);
            }
            if op < 0x40 {
                return Ok(self.vars[op as usize]);
            }
            if is_branch(op) && self.transparent(code, op)? {
                continue;
            }
            if op == 0x51 {
                self.pc -= 1;
                return Err(self.fail(R::UnexpectedReturn));
            }
            self.enter()?;
            let v = self.eval(code, op)?;
            self.depth -= 1;
            return Ok(v);
        }
    }

    /// Executes a branch code; false when `op` is not one. Counts as a nesting level: a
    /// branch's condition is an expression that may itself start with a branch, so a rule
    /// could otherwise nest them until the machine's stack runs out.
    fn transparent(&mut self, code: &[u8], op: u8) -> Res<bool> {
        self.enter()?;
        let r = self.transparent_inner(code, op);
        self.depth -= 1;
        r
    }

    fn transparent_inner(&mut self, code: &[u8], op: u8) -> Res<bool> {
        match op {
            0x46 => {
                let c = self.expr(code)?;
                let base = self.pc;
                let off = self.byte(code)? as i8 as i32;
                if c != 0 {
                    self.jump(code, base, off)?;
                }
            }
            0x52 => {
                let base = self.pc;
                let off = self.word(code)? as i32;
                self.jump(code, base, off)?;
            }
            0x53 => {
                let c = self.expr(code)?;
                let base = self.pc;
                let off = self.word(code)? as i32;
                if c != 0 {
                    self.jump(code, base, off)?;
                }
            }
            0x62 => {
                let x = self.expr(code)?;
                let n = self.byte(code)? as i32;
                if n == 0 {
                    return Err(self.fail(R::EmptyTable));
                }
                self.pc += 2 * x.rem_euclid(n) as usize;
                let base = self.pc;
                let off = self.word(code)? as i32;
                self.jump(code, base, off)?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn var(&mut self, x: i32) -> Res<usize> {
        if (0..64).contains(&x) { Ok(x as usize) } else { Err(self.fail(R::BadVariable)) }
    }
    /// A cell argument: a valid id, or 0 when `zero_ok`.
    fn cell(&mut self, x: i32) -> Res<i32> {
        if x == 0 || self.board.valid(x) { Ok(x) } else { Err(self.fail(R::BadCell)) }
    }
    fn mark(&mut self, m: i32) -> Res<u8> {
        if (0..8).contains(&m) { Ok(m as u8) } else { Err(self.fail(R::BadMark)) }
    }

    #[inline(always)]
    fn two(&mut self, code: &[u8]) -> Res<(i32, i32)> {
        let x = self.expr(code)?;
        let y = self.expr(code)?;
        Ok((x, y))
    }

    /// Evaluates every expression in `e` (starting at `start`) for each cell the predicate
    /// accepts, stored in V[n], then once for cell 0; returns the last value.
    fn iterate(&mut self, code: &[u8], n: usize, cells: &[i32], live: Option<bool>) -> Res<i32> {
        let start = self.pc;
        // `cells` empty and `live` set: iterate every cell of the board (occupied only when
        // `live == Some(true)`), checking occupation when each cell's turn comes.
        if let Some(occupied_only) = live {
            for id in 1..=self.board.cell_count() as i32 {
                if occupied_only && !self.board.occupied(id) {
                    continue;
                }
                self.vars[n] = id;
                self.pc = start;
                self.expr(code)?;
            }
        } else {
            for &id in cells {
                self.vars[n] = id;
                self.pc = start;
                self.expr(code)?;
            }
        }
        self.vars[n] = 0;
        self.pc = start;
        self.expr(code)
    }

    fn neighbours(&self, x: i32, occupied_only: bool) -> ([i32; 6], usize) {
        let mut out = [0; 6];
        let mut k = 0;
        if x != 0 {
            for d in 0..6 {
                let m = self.board.neighbour(x, d);
                if m != 0 && (!occupied_only || self.board.occupied(m)) {
                    out[k] = m;
                    k += 1;
                }
            }
        }
        (out, k)
    }

    fn mark_op(&mut self, code: &[u8], op: u8) -> Res<i32> {
        let (x, m) = self.two(code)?;
        let x = self.cell(x)?;
        if m > 15 {
            return Err(self.fail(R::BadMark));
        }
        let mask: u8 = if m < 0 { 0xff } else { 1 << (m % 8) };
        if x != 0 {
            let c = self.board.cell_mut(x);
            c.marks = match op {
                0x79 => c.marks ^ mask,
                0x7A => c.marks & !mask,
                _ => c.marks | mask,
            };
        }
        if m <= 7 { Ok(x) } else { Ok(boolean(x != 0 && self.board.cell(x).marks & mask != 0)) }
    }

    /// Evaluates the expression whose code `op` was just read.
    fn eval(&mut self, code: &[u8], op: u8) -> Res<i32> {
        Ok(match op {
            0x80..=0xFF => op as i32 - 0xC0,
            0x00..=0x3F => self.vars[op as usize],
            0x40 => {
                let (x, y) = self.two(code)?;
                x.wrapping_add(y)
            }
            0x41 => {
                let (x, y) = self.two(code)?;
                x.wrapping_sub(y)
            }
            0x42 => {
                let (x, y) = self.two(code)?;
                x.wrapping_mul(y)
            }
            0x43 => {
                let (x, y) = self.two(code)?;
                if y == 0 {
                    return Err(self.fail(R::DivisionByZero));
                }
                x.wrapping_div(y)
            }
            0x44 => {
                let (x, y) = self.two(code)?;
                if !(0..64).contains(&y) {
                    return Err(self.fail(R::BadShift));
                }
                if y >= 32 { 0 } else { ((x as u32) << y) as i32 }
            }
            0x45 => {
                let (x, y) = self.two(code)?;
                if !(0..64).contains(&y) {
                    return Err(self.fail(R::BadShift));
                }
                x >> y.min(31)
            }
            0x47 => {
                let (x, y) = self.two(code)?;
                if y <= 0 {
                    return Err(self.fail(R::BadModulo));
                }
                x.rem_euclid(y)
            }
            0x48 => self.word(code)? as i32,
            0x49 => self.long(code)?,
            0x4A => {
                let (x, y) = self.two(code)?;
                boolean(x == y)
            }
            0x4B => {
                let (x, y) = self.two(code)?;
                boolean(x != y)
            }
            0x4C => {
                let (x, y) = self.two(code)?;
                boolean(x < y)
            }
            0x4D => {
                let (x, y) = self.two(code)?;
                boolean(x > y)
            }
            0x4E => {
                let (x, y) = self.two(code)?;
                boolean(x <= y)
            }
            0x4F => {
                let (x, y) = self.two(code)?;
                boolean(x >= y)
            }
            0x50 => {
                let base = self.pc;
                let off = self.word(code)? as i32;
                let ret = self.pc;
                self.jump(code, base, off)?;
                let v = self.body(code)?;
                self.pc = ret;
                v
            }
            0x54 => !self.expr(code)?,
            0x55 => {
                let (x, y) = self.two(code)?;
                x & y
            }
            0x56 => {
                let (x, y) = self.two(code)?;
                x | y
            }
            0x57 => {
                let (x, y) = self.two(code)?;
                x ^ y
            }
            0x58 => self.rng.signed16(),
            0x59 => self.rng.signed32(),
            0x5A => {
                let x = self.expr(code)?;
                let i = self.var(x)?;
                self.vars[i]
            }
            0x5B => {
                let (x, y) = self.two(code)?;
                match x {
                    0..=63 => {
                        self.vars[x as usize] = y;
                        y
                    }
                    -64..=-1 => {
                        let v = &mut self.vars[(x + 64) as usize];
                        *v = v.wrapping_add(y);
                        *v
                    }
                    64..=127 => {
                        let v = &mut self.vars[(x - 64) as usize];
                        *v = v.wrapping_sub(y);
                        *v
                    }
                    _ => return Err(self.fail(R::BadAssignment)),
                }
            }
            0x5C => {
                let x = self.expr(code)?;
                if !self.radar {
                    0
                } else if (0..=8).contains(&x) {
                    self.next_vars.map_or(0, |v| v[x as usize])
                } else {
                    -1
                }
            }
            0x5D => boolean(self.paused),
            0x5E => {
                let x = self.expr(code)?;
                if x >= 64 {
                    return Err(self.fail(R::BadTimerVariable));
                }
                self.timer_var = if x >= 0 { Some(x as u8) } else { None };
                x
            }
            0x5F => {
                let x = self.expr(code)?;
                self.fall_ms = x.clamp(1, 8191) as u32;
                x
            }
            0x60 | 0x61 => {
                let x = self.expr(code)?;
                let n = self.byte(code)? as usize;
                if n == 0 {
                    return Err(self.fail(R::EmptyTable));
                }
                let size = if op == 0x60 { 2 } else { 4 };
                let end = self.pc + size * n;
                self.pc += size * x.rem_euclid(n as i32) as usize;
                let v = if op == 0x60 { self.word(code)? as i32 } else { self.long(code)? };
                self.pc = end;
                v
            }
            0x63 => {
                let x = self.expr(code)?;
                if self.stack.len() >= self.stack_size {
                    return Err(self.fail(R::StackOverflow));
                }
                self.stack.push(x);
                x
            }
            0x64 => match self.stack.last() {
                Some(&v) => v,
                None => return Err(self.fail(R::StackUnderflow)),
            },
            0x65 => match self.stack.pop() {
                Some(v) => v,
                None => return Err(self.fail(R::StackUnderflow)),
            },
            0x66 => self.expr(code)?.wrapping_abs(),
            0x67 => {
                let x = self.expr(code)?;
                x.wrapping_mul(x)
            }
            0x68 => self.rng.positive15(),
            0x69 => self.rng.positive31(),
            0x6A => {
                let (x, y) = self.two(code)?;
                x.min(y)
            }
            0x6B => {
                let (x, y) = self.two(code)?;
                x.max(y)
            }
            0x6C => {
                let (x, y) = self.two(code)?;
                let z = self.expr(code)?;
                if x < y {
                    -1
                } else if x > z {
                    1
                } else {
                    0
                }
            }
            0x6D => (self.message_hook)(&self.stack),
            0x6E => {
                let (_, m) = self.two(code)?;
                if m > 7 {
                    return Err(self.fail(R::BadMark));
                }
                let m = if m < 0 { None } else { Some(m as u8) };
                self.board.destroy(m) as i32
            }
            0x6F => {
                let start = self.pc;
                let mut total = 0i32;
                loop {
                    let (_, m) = self.two(code)?;
                    let m = self.mark(m)?;
                    let k = self.board.destroy(Some(m)) as i32;
                    total += k;
                    if k == 0 {
                        break;
                    }
                    self.pc = start;
                    // Count the repetition itself so an endless loop always meets the budget.
                    self.op(code)?;
                    self.pc = start;
                }
                total
            }
            0x70 => self.board.size(),
            0x71 => {
                let (c, h) = self.two(code)?;
                self.board.id(c, h)
            }
            0x72 | 0x73 => {
                let x = self.expr(code)?;
                let x = self.cell(x)?;
                if x == 0 {
                    -1
                } else {
                    let (c, h) = self.board.col_height(x);
                    if op == 0x72 { h } else { c }
                }
            }
            0x74 | 0x75 => {
                let n = self.expr(code)?;
                let n = self.var(n)?;
                let x = self.expr(code)?;
                let x = self.cell(x)?;
                let (cells, k) = self.neighbours(x, op == 0x74);
                self.iterate(code, n, &cells[..k], None)?
            }
            0x76 | 0x77 => {
                let n = self.expr(code)?;
                let n = self.var(n)?;
                self.iterate(code, n, &[], Some(op == 0x76))?
            }
            0x78 => {
                let (x, m) = self.two(code)?;
                let x = self.cell(x)?;
                let m = self.mark(m)?;
                boolean(x != 0 && self.board.cell(x).marks & (1 << m) != 0)
            }
            0x79..=0x7B => self.mark_op(code, op)?,
            0x7C => {
                let n = self.expr(code)?;
                if n < 0 {
                    self.piece_len as i32
                } else if n <= self.piece_len as i32 {
                    self.piece[n as usize]
                } else {
                    return Err(self.fail(R::BadPieceIndex));
                }
            }
            0x7D | 0x7E => {
                let x = self.expr(code)?;
                let x = self.cell(x)?;
                if x == 0 {
                    -1
                } else {
                    let c = self.board.cell(x);
                    if c.pattern == 0 {
                        0
                    } else if op == 0x7D {
                        c.pattern as i32
                    } else {
                        c.colour as i32
                    }
                }
            }
            0x7F => {
                let (x, d) = self.two(code)?;
                let x = self.cell(x)?;
                if x == 0 { 0 } else { self.board.neighbour(x, d.rem_euclid(6) as usize) }
            }
            // Branches and $51 are handled by the callers; reaching here is impossible but
            // answered with an error rather than a panic.
            _ => return Err(self.fail(R::UnexpectedReturn)),
        })
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
