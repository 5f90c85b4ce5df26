//! The recursive RUL interpreter the engine started with, kept as the semantic reference:
//! the differential tests and the fuzzer run every program on it and on the engine
//! (`interpreter.rs`) and compare the results. Not part of the Falcon program.
//!
//! It evaluates prefix expressions by recursion (`body` → `eval` → `expr` → `eval` …),
//! limited to [`MAX_DEPTH`] levels; the engine has no such limit but its reserved memory.

use super::board::Board;
use super::error::{RunError, RunReason as R};
use super::opcodes as op;
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
pub struct RefVm {
    pub vars: [i32; 64],
    pub stack: Vec<i32>,
    pub stack_size: usize,
    pub rng: Rng,
    pub board: Board,
    /// Cell ids of the reference hexagon and the hexagons of the current (or last) piece.
    pub piece: [i32; 5],
    pub piece_len: u8,
    /// V[0..=8] after the last phase A (what `$5C` reads while the radar is on).
    pub next_vars: [i32; 9],
    /// True when the radar's phase A prepared the next piece (`next_vars` describes it).
    pub next_prepared: bool,
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

fn boolean(b: bool) -> i32 {
    if b { -1 } else { 0 }
}

impl RefVm {
    /// A machine for a board of side `size` with a stack of `stack_size` entries.
    pub fn new(size: u8, stack_size: u32, seed: u32) -> RefVm {
        RefVm {
            vars: [0; 64],
            stack: Vec::with_capacity(stack_size as usize),
            stack_size: stack_size as usize,
            rng: Rng::new(seed),
            board: Board::new(size),
            piece: [0; 5],
            piece_len: 0,
            next_vars: [0; 9],
            next_prepared: false,
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
            if op::is_branch(op) && self.transparent(code, op)? {
                continue;
            }
            if op == op::RET {
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
            if op::is_small_constant(op) {
                return Ok(op::small_constant(op));
            }
            if op::is_variable(op) {
                return Ok(self.vars[op as usize]);
            }
            if op::is_branch(op) && self.transparent(code, op)? {
                continue;
            }
            if op == op::RET {
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
            op::IF_SHORT => {
                let c = self.expr(code)?;
                let base = self.pc;
                let off = self.byte(code)? as i8 as i32;
                if c != 0 {
                    self.jump(code, base, off)?;
                }
            }
            op::GOTO => {
                let base = self.pc;
                let off = self.word(code)? as i32;
                self.jump(code, base, off)?;
            }
            op::IF => {
                let c = self.expr(code)?;
                let base = self.pc;
                let off = self.word(code)? as i32;
                if c != 0 {
                    self.jump(code, base, off)?;
                }
            }
            op::CASE => {
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
        // m = 8..15 answers the state of the mark before the change (test-and-set).
        let before = x != 0 && self.board.cell(x).marks & mask != 0;
        if x != 0 {
            let c = self.board.cell_mut(x);
            c.marks = match op {
                op::FLIP => c.marks ^ mask,
                op::UNMARK => c.marks & !mask,
                _ => c.marks | mask,
            };
        }
        if m <= 7 { Ok(x) } else { Ok(boolean(before)) }
    }

    /// Evaluates the expression whose code `op` was just read.
    fn eval(&mut self, code: &[u8], op: u8) -> Res<i32> {
        Ok(match op {
            op::SMALL_CONST_FIRST..=0xFF => op::small_constant(op),
            0..=op::VAR_LAST => self.vars[op as usize],
            op::ADD => {
                let (x, y) = self.two(code)?;
                x.wrapping_add(y)
            }
            op::SUB => {
                let (x, y) = self.two(code)?;
                x.wrapping_sub(y)
            }
            op::MUL => {
                let (x, y) = self.two(code)?;
                x.wrapping_mul(y)
            }
            op::DIV => {
                let (x, y) = self.two(code)?;
                if y == 0 {
                    return Err(self.fail(R::DivisionByZero));
                }
                x.wrapping_div(y)
            }
            op::SHL => {
                let (x, y) = self.two(code)?;
                if !(0..64).contains(&y) {
                    return Err(self.fail(R::BadShift));
                }
                if y >= 32 { 0 } else { ((x as u32) << y) as i32 }
            }
            op::SHR => {
                let (x, y) = self.two(code)?;
                if !(0..64).contains(&y) {
                    return Err(self.fail(R::BadShift));
                }
                x >> y.min(31)
            }
            op::MOD => {
                let (x, y) = self.two(code)?;
                if y <= 0 {
                    return Err(self.fail(R::BadModulo));
                }
                x.rem_euclid(y)
            }
            op::WORD => self.word(code)? as i32,
            op::LONG => self.long(code)?,
            op::EQ => {
                let (x, y) = self.two(code)?;
                boolean(x == y)
            }
            op::NE => {
                let (x, y) = self.two(code)?;
                boolean(x != y)
            }
            op::LT => {
                let (x, y) = self.two(code)?;
                boolean(x < y)
            }
            op::GT => {
                let (x, y) = self.two(code)?;
                boolean(x > y)
            }
            op::LE => {
                let (x, y) = self.two(code)?;
                boolean(x <= y)
            }
            op::GE => {
                let (x, y) = self.two(code)?;
                boolean(x >= y)
            }
            op::CALL => {
                let base = self.pc;
                let off = self.word(code)? as i32;
                let ret = self.pc;
                self.jump(code, base, off)?;
                let v = self.body(code)?;
                self.pc = ret;
                v
            }
            op::NOT => !self.expr(code)?,
            op::AND => {
                let (x, y) = self.two(code)?;
                x & y
            }
            op::OR => {
                let (x, y) = self.two(code)?;
                x | y
            }
            op::XOR => {
                let (x, y) = self.two(code)?;
                x ^ y
            }
            op::RND16 => self.rng.signed16(),
            op::RND32 => self.rng.signed32(),
            op::VAR => {
                let x = self.expr(code)?;
                let i = self.var(x)?;
                self.vars[i]
            }
            op::SET => {
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
            op::NEXT => {
                let x = self.expr(code)?;
                if !self.radar {
                    0
                } else if (0..=8).contains(&x) {
                    self.next_vars[x as usize]
                } else {
                    -1
                }
            }
            op::PAUSED => boolean(self.paused),
            op::TIMER => {
                let x = self.expr(code)?;
                if x >= 64 {
                    return Err(self.fail(R::BadTimerVariable));
                }
                self.timer_var = if x >= 0 { Some(x as u8) } else { None };
                x
            }
            op::FALL => {
                let x = self.expr(code)?;
                self.fall_ms = x.clamp(1, 8191) as u32;
                x
            }
            op::TAB16 | op::TAB32 => {
                let x = self.expr(code)?;
                let n = self.byte(code)? as usize;
                if n == 0 {
                    return Err(self.fail(R::EmptyTable));
                }
                let size = if op == op::TAB16 { 2 } else { 4 };
                let end = self.pc + size * n;
                self.pc += size * x.rem_euclid(n as i32) as usize;
                let v = if op == op::TAB16 { self.word(code)? as i32 } else { self.long(code)? };
                self.pc = end;
                v
            }
            op::PUSH => {
                let x = self.expr(code)?;
                if self.stack.len() >= self.stack_size {
                    return Err(self.fail(R::StackOverflow));
                }
                self.stack.push(x);
                x
            }
            op::TOP => match self.stack.last() {
                Some(&v) => v,
                None => return Err(self.fail(R::StackUnderflow)),
            },
            op::POP => match self.stack.pop() {
                Some(v) => v,
                None => return Err(self.fail(R::StackUnderflow)),
            },
            op::ABS => self.expr(code)?.wrapping_abs(),
            op::SQ => {
                let x = self.expr(code)?;
                x.wrapping_mul(x)
            }
            op::RND15 => self.rng.positive15(),
            op::RND31 => self.rng.positive31(),
            op::MIN => {
                let (x, y) = self.two(code)?;
                x.min(y)
            }
            op::MAX => {
                let (x, y) = self.two(code)?;
                x.max(y)
            }
            op::BETWEEN => {
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
            op::MSG => (self.message_hook)(&self.stack),
            op::DESTROY => {
                let (_, m) = self.two(code)?;
                if m > 7 {
                    return Err(self.fail(R::BadMark));
                }
                let m = if m < 0 { None } else { Some(m as u8) };
                self.board.destroy(m) as i32
            }
            op::DESTROY_LOOP => {
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
            op::SIZE => self.board.size(),
            op::CELL => {
                let (c, h) = self.two(code)?;
                self.board.id(c, h)
            }
            op::HEIGHT | op::COLUMN => {
                let x = self.expr(code)?;
                let x = self.cell(x)?;
                if x == 0 {
                    -1
                } else {
                    let (c, h) = self.board.col_height(x);
                    if op == op::HEIGHT { h } else { c }
                }
            }
            op::FOR_ADJ_HEX | op::FOR_ADJ => {
                let n = self.expr(code)?;
                let n = self.var(n)?;
                let x = self.expr(code)?;
                let x = self.cell(x)?;
                let (cells, k) = self.neighbours(x, op == op::FOR_ADJ_HEX);
                self.iterate(code, n, &cells[..k], None)?
            }
            op::FOR_HEX | op::FOR_CELL => {
                let n = self.expr(code)?;
                let n = self.var(n)?;
                self.iterate(code, n, &[], Some(op == op::FOR_HEX))?
            }
            op::MARKED => {
                let (x, m) = self.two(code)?;
                let x = self.cell(x)?;
                let m = self.mark(m)?;
                boolean(x != 0 && self.board.cell(x).marks & (1 << m) != 0)
            }
            op::FLIP..=op::MARK => self.mark_op(code, op)?,
            op::PIECE => {
                let n = self.expr(code)?;
                if n < 0 {
                    self.piece_len as i32
                } else if n <= self.piece_len as i32 {
                    self.piece[n as usize]
                } else {
                    return Err(self.fail(R::BadPieceIndex));
                }
            }
            op::PATTERN | op::COLOUR => {
                let x = self.expr(code)?;
                let x = self.cell(x)?;
                if x == 0 {
                    -1
                } else {
                    let c = self.board.cell(x);
                    if c.pattern == 0 {
                        0
                    } else if op == op::PATTERN {
                        c.pattern as i32
                    } else {
                        c.colour as i32
                    }
                }
            }
            op::NEIGHBOUR => {
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

/// What a run did, for comparing the engine with the reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub result: Result<i32, RunError>,
    pub vars: [i32; 64],
    pub stack: Vec<i32>,
    pub board: Board,
    pub rng: Rng,
    pub timer_var: Option<u8>,
    pub fall_ms: u32,
    pub steps: u32,
}

impl RefVm {
    /// A reference machine in the same state as `vm`.
    pub fn from_vm(vm: &super::vm::Vm) -> RefVm {
        let mut r = RefVm::new(vm.board.size() as u8, vm.stack.size() as u32, 1);
        r.vars = vm.vars;
        r.stack = vm.stack.to_vec();
        r.rng = vm.rng;
        r.board = vm.board.clone();
        r.piece = vm.piece;
        r.piece_len = vm.piece_len;
        r.next_vars = vm.next_vars;
        r.next_prepared = vm.next_prepared;
        r.radar = vm.radar;
        r.paused = vm.paused;
        r.timer_var = vm.timer_var;
        r.fall_ms = vm.fall_ms;
        r.message_hook = vm.message_hook;
        r.budget = vm.budget;
        r
    }

    /// Runs `entry` of `code` and says what happened.
    pub fn outcome(&mut self, code: &[u8], entry: u32) -> Outcome {
        let result = self.run(code, entry);
        Outcome {
            result,
            vars: self.vars,
            stack: self.stack.clone(),
            board: self.board.clone(),
            rng: self.rng,
            timer_var: self.timer_var,
            fall_ms: self.fall_ms,
            steps: self.steps,
        }
    }
}

/// Runs `entry` of `code` (compiled as `program`) on the engine, from `vm`'s state.
pub fn engine_outcome(vm: &mut super::vm::Vm, program: &super::program::Program, code: &[u8], entry: u32) -> Outcome {
    let result = vm.exec(program, code, entry);
    Outcome {
        result,
        vars: vm.vars,
        stack: vm.stack.to_vec(),
        board: vm.board.clone(),
        rng: vm.rng,
        timer_var: vm.timer_var,
        fall_ms: vm.fall_ms,
        steps: vm.steps,
    }
}

/// How the engine's outcome relates to the reference's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// Same result, same state, same operation count (when the run ended well).
    Same,
    /// The reference ran out of its nesting limit (the engine's limit is its memory), or
    /// the engine ran out of budget at a block's start (the reference a few operations
    /// later, or failed otherwise inside that block): not comparable.
    Limits,
    /// A real difference: a defect.
    Different,
}

/// Compares an engine outcome with the reference's.
pub fn agree(engine: &Outcome, reference: &Outcome) -> Agreement {
    use super::error::RunReason as R;
    let reason = |o: &Outcome| o.result.err().map(|e| e.reason);
    if reason(reference) == Some(R::TooDeep) {
        return Agreement::Limits;
    }
    if reason(engine) == Some(R::StepBudget) {
        return Agreement::Limits;
    }
    // A failed run may have counted the rest of the block it failed in: steps are
    // compared only between runs that ended well.
    let steps_match = engine.steps == reference.steps || reference.result.is_err();
    let same = Outcome { steps: 0, ..engine.clone() } == Outcome { steps: 0, ..reference.clone() };
    if same && steps_match { Agreement::Same } else { Agreement::Different }
}
