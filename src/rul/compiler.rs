//! The compiler: RUL code compiled once (at session start) from the rule's bytes into a
//! [`Program`], a stream of 16-bit words (`instructions.rs`) that `exec.rs` (and `exec68k.s`
//! on the 68030) run without decoding prefix bytes, recursing or checking what the compiler
//! already checked.
//!
//! RUL is read as statements: the body of a phase or function is a sequence of expressions
//! and transparent branches ended by `$51`. A *clean* statement — an expression tree with no
//! transparent branch and no `$51` inside it, entirely inside the code, with every jump
//! target inside the code — compiles to accumulator code: the value is in `acc`, pending
//! left operands on a value stack, operands that are constants or variables folded into the
//! instruction that uses them, comparisons feeding a branch fused with it, jumps resolved to
//! word offsets. Anything else compiles to `SLOW pc`: the step-by-step evaluator (`slow.rs`)
//! runs the code from there and comes back at the next compiled block it reaches. The rules
//! of this project compile without a single `SLOW`.
//!
//! Operation counting: every RUL code the manual's reader would read counts one step, as
//! before; the compiler adds them up per straight-line block and a `STEPS n` instruction at
//! the block's start adds them at once, so a phase's step count is exactly the reference
//! interpreter's. The budget is checked at those points: a phase that runs out stops at the
//! start of the block that would exceed it.

use super::error::RunReason;
#[cfg(target_arch = "m68k")]
use super::exec68k::prepare;
use super::instructions::{BINARY, COMPARE, NULLARY, UNARY, ins};
use super::opcodes as op;
use super::program::{MAX_STATEMENT_VALUES, Program};
use alloc::vec;
use alloc::vec::Vec;

fn index_of(table: &[u8], code: u8) -> Option<u16> {
    table.iter().position(|&c| c == code).map(|i| i as u16)
}

/// The comparison that is true exactly when `code`'s is false.
fn negated(code: u8) -> u8 {
    match code {
        op::EQ => op::NE,
        op::NE => op::EQ,
        op::LT => op::GE,
        op::GE => op::LT,
        op::GT => op::LE,
        _ => op::GT,
    }
}

/// Deepest expression nesting the compiler takes (its own recursion on the machine stack is
/// bounded by it); deeper statements run step by step.
pub const MAX_NESTING: u32 = 40;
/// Largest program, in words (jump distances are 16-bit byte offsets).
pub const MAX_WORDS: usize = 16_000;

/// Compiles `code` reachable from `entries` (RUL offsets of phases).
pub fn compile(code: &[u8], entries: &[u32]) -> Program {
    // Pass 1 finds the jump targets, so that pass 2 starts a block only where one is
    // needed; both passes decode the same bytes the same way.
    let mut labels = vec![false; code.len()];
    for &e in entries {
        if (e as usize) < code.len() {
            labels[e as usize] = true;
        }
    }
    let first = Compiler::new(code, labels).run(entries);
    let program = Compiler::new(code, first.labels).run(entries);
    if program.out.len() > MAX_WORDS {
        return all_slow(code, entries);
    }
    program.finish()
}

/// A program that runs everything step by step (for code too large to compile).
fn all_slow(code: &[u8], entries: &[u32]) -> Program {
    let mut p = Program {
        words: vec![ins::EXIT],
        stmt_at: vec![0; code.len()],
        block_start: vec![false; code.len()],
        ..Default::default()
    };
    for &e in entries {
        if (e as usize) < code.len() && p.stmt_at[e as usize] == 0 {
            p.stmt_at[e as usize] = p.words.len() as u16;
            p.words.extend_from_slice(&[ins::SLOW, (e >> 16) as u16, e as u16]);
            p.slow_statements += 1;
        }
    }
    #[cfg(target_arch = "m68k")]
    {
        p.prepared = prepare(&p.words);
    }
    p
}

/// A constant or a variable operand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Leaf {
    K(i32),
    V(u8),
}

/// The statement cannot be compiled (see the module documentation).
struct Unclean;

type C<T> = Result<T, Unclean>;

struct Compiler<'a> {
    code: &'a [u8],
    out: Vec<u16>,
    errors: Vec<(u16, u32)>,
    stmt_at: Vec<u16>,
    block_start: Vec<bool>,
    /// RUL offsets that are jump targets, entries or call targets (pass 1 finds them).
    labels: Vec<bool>,
    /// Bodies and jump targets still to compile.
    work: Vec<u32>,
    /// Word of the current block's `STEPS` count, if the block has one yet.
    steps_slot: Option<usize>,
    /// Value-stack depth now and at most, within the statement; expression nesting now.
    depth: u16,
    nest: u32,
    max_depth: u16,
    /// Forward references: (operand word, RUL offset of the target statement).
    fixups: Vec<(usize, u32)>,
    statements: u32,
    slow: u32,
    /// For [`Compiler::may_return`].
    seen: Seen,
}

/// The places [`Compiler::may_return`] has looked at: after [`Seen::MOST`] it gives up and
/// answers "may return". One list for the whole compilation, its room reserved once.
#[derive(Default)]
struct Seen {
    at: Vec<u32>,
}

impl Seen {
    const MOST: usize = 64;

    fn with_room() -> Seen {
        Seen { at: Vec::with_capacity(Seen::MOST + 1) }
    }
    fn holds(&self, p: usize) -> bool {
        self.at.contains(&(p as u32))
    }
    fn is_full(&self) -> bool {
        self.at.len() > Seen::MOST
    }
    fn add(&mut self, p: usize) {
        self.at.push(p as u32);
    }
}

impl<'a> Compiler<'a> {
    fn new(code: &'a [u8], labels: Vec<bool>) -> Self {
        Compiler {
            code,
            out: vec![ins::EXIT],
            errors: Vec::new(),
            stmt_at: vec![0; code.len()],
            block_start: vec![false; code.len()],
            labels,
            work: Vec::new(),
            steps_slot: None,
            depth: 0,
            nest: 0,
            max_depth: 0,
            fixups: Vec::new(),
            statements: 0,
            slow: 0,
            seen: Seen::with_room(),
        }
    }

    fn run(mut self, entries: &[u32]) -> Self {
        for &e in entries.iter().rev() {
            self.work.push(e);
        }
        while let Some(p) = self.work.pop() {
            if (p as usize) < self.code.len() && self.stmt_at[p as usize] == 0 {
                self.compile_run(p);
            }
        }
        self
    }

    fn finish(mut self) -> Program {
        for &(slot, target) in &self.fixups {
            let to = self.stmt_at[target as usize] as i64;
            self.out[slot] = ((to - slot as i64) * 2) as i16 as u16;
        }
        self.errors.sort_by_key(|e| e.0);
        Program {
            #[cfg(target_arch = "m68k")]
            prepared: prepare(&self.out),
            words: self.out,
            stmt_at: self.stmt_at,
            block_start: self.block_start,
            errors: self.errors,
            statements: self.statements,
            slow_statements: self.slow,
        }
    }

    // ---- output ----

    fn emit(&mut self, w: u16) {
        self.out.push(w);
    }
    fn emit_k(&mut self, k: i32) {
        self.out.push((k >> 16) as u16);
        self.out.push(k as u16);
    }
    fn emit_v(&mut self, v: u8) {
        self.out.push(v as u16 * 4);
    }
    /// A jump operand to the statement at RUL offset `target` (queued for compilation).
    fn emit_target(&mut self, target: u32) {
        self.fixups.push((self.out.len(), target));
        self.out.push(0);
        self.work.push(target);
        self.labels[target as usize] = true;
    }
    /// An instruction that can fail, reporting RUL offset `pc`.
    fn failing(&mut self, w: u16, pc: usize) {
        self.errors.push((self.out.len() as u16, pc as u32));
        self.emit(w);
    }
    /// Ends the current block: the next counted operation starts a new `STEPS`.
    fn block_end(&mut self) {
        self.steps_slot = None;
    }
    /// Counts the RUL code at `pc` as one operation of the current block.
    fn count(&mut self, pc: usize) {
        match self.steps_slot {
            Some(s) => self.out[s] += 1,
            None => {
                self.errors.push((self.out.len() as u16, pc as u32));
                self.emit(ins::STEPS);
                self.steps_slot = Some(self.out.len());
                self.emit(1);
            }
        }
    }
    fn push(&mut self) {
        self.emit(ins::PUSH);
        self.depth += 1;
        self.max_depth = self.max_depth.max(self.depth);
    }
    fn pop(&mut self) {
        self.depth -= 1;
    }

    // ---- reading RUL ----

    fn byte(&self, p: usize) -> C<u8> {
        self.code.get(p).copied().ok_or(Unclean)
    }
    fn word(&self, p: usize) -> C<i16> {
        Ok(i16::from_be_bytes([self.byte(p)?, self.byte(p + 1)?]))
    }
    fn long(&self, p: usize) -> C<i32> {
        Ok(i32::from_be_bytes([self.byte(p)?, self.byte(p + 1)?, self.byte(p + 2)?, self.byte(p + 3)?]))
    }
    /// A jump target `off` bytes from `base`, inside the code.
    fn target(&self, base: usize, off: i32) -> C<u32> {
        let t = base as i64 + off as i64;
        if t < 0 || t >= self.code.len() as i64 { Err(Unclean) } else { Ok(t as u32) }
    }
    /// The expression at `p` as a constant or variable operand, and its end.
    fn leaf(&self, p: usize) -> Option<(Leaf, usize)> {
        let c = *self.code.get(p)?;
        if op::is_small_constant(c) {
            Some((Leaf::K(op::small_constant(c)), p + 1))
        } else if op::is_variable(c) {
            Some((Leaf::V(c), p + 1))
        } else if c == op::WORD {
            self.word(p + 1).ok().map(|w| (Leaf::K(w as i32), p + 3))
        } else if c == op::LONG {
            self.long(p + 1).ok().map(|l| (Leaf::K(l), p + 5))
        } else {
            None
        }
    }

    /// True when the expression at `p` is clean and writes no variable (no `$5B`, call or
    /// iteration): a variable read before or after it reads the same value.
    fn writes_no_variable(&self, p: usize, budget: &mut u32) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        if self.leaf(p).is_some() {
            return true;
        }
        let Some(&c) = self.code.get(p) else { return false };
        if matches!(c, op::SET | op::CALL | op::FOR_ADJ_HEX | op::FOR_ADJ | op::FOR_HEX | op::FOR_CELL) {
            return false;
        }
        let Some(info) = op::by_code(c) else { return false };
        if info.is_branch() || c == op::RET || c == op::DESTROY_LOOP {
            return false;
        }
        let mut q = p + 1;
        for &o in info.operands {
            match o {
                op::Operand::Expr | op::Operand::VarRef => {
                    if !self.writes_no_variable(q, budget) {
                        return false;
                    }
                    match self.expr_end(q) {
                        Some(e) => q = e,
                        None => return false,
                    }
                }
                op::Operand::Table16 | op::Operand::Table32 => {
                    let Some(&n) = self.code.get(q) else { return false };
                    q += 1 + n as usize * if o == op::Operand::Table16 { 2 } else { 4 };
                }
                _ => return false,
            }
        }
        q <= self.code.len()
    }

    /// End of the clean expression at `p` (`None` if it is not clean or nests deeper than
    /// [`MAX_NESTING`]).
    fn expr_end(&self, p: usize) -> Option<usize> {
        self.skip(p, 0)
    }

    fn skip(&self, p: usize, nest: u32) -> Option<usize> {
        if nest > MAX_NESTING {
            return None;
        }
        if let Some((_, e)) = self.leaf(p) {
            return Some(e);
        }
        let c = *self.code.get(p)?;
        let info = op::by_code(c)?;
        if info.is_branch() || c == op::RET {
            return None;
        }
        let mut q = p + 1;
        for &o in info.operands {
            q = match o {
                op::Operand::Expr | op::Operand::VarRef => self.skip(q, nest + 1)?,
                op::Operand::Rel16 => q + 2,
                op::Operand::Table16 | op::Operand::Table32 => {
                    let n = *self.code.get(q)? as usize;
                    q + 1 + n * if o == op::Operand::Table16 { 2 } else { 4 }
                }
                _ => return None,
            };
        }
        (q <= self.code.len()).then_some(q)
    }

    // ---- statements ----

    /// Compiles the statements from `p` on, until control cannot fall through.
    fn compile_run(&mut self, mut p: u32) {
        loop {
            if let Some(&w) = self.stmt_at.get(p as usize) {
                if w != 0 {
                    // Already compiled: jump there.
                    self.emit(ins::JMP);
                    self.fixups.push((self.out.len(), p));
                    self.emit(0);
                    self.labels[p as usize] = true;
                    self.block_end();
                    return;
                }
            }
            if p as usize >= self.code.len() {
                // Running off the end: the step-by-step evaluator reports it.
                self.slow_at(p);
                return;
            }
            if self.labels[p as usize] {
                self.block_end();
                self.block_start[p as usize] = true;
            }
            self.stmt_at[p as usize] = self.out.len() as u16;
            let mark = (self.out.len(), self.errors.len(), self.fixups.len(), self.work.len(), self.steps_slot);
            let counted = self.steps_slot.map(|s| self.out[s]);
            self.depth = 0;
            self.max_depth = 0;
            self.nest = 0;
            match self.statement(p as usize) {
                Ok(Some(next)) if self.max_depth <= MAX_STATEMENT_VALUES => {
                    self.statements += 1;
                    p = next as u32;
                }
                Ok(None) if self.max_depth <= MAX_STATEMENT_VALUES => {
                    self.statements += 1;
                    return;
                }
                _ => {
                    // Undo the attempt and leave the statement to the step-by-step evaluator.
                    self.out.truncate(mark.0);
                    self.errors.truncate(mark.1);
                    self.fixups.truncate(mark.2);
                    self.work.truncate(mark.3);
                    self.steps_slot = mark.4;
                    if let (Some(s), Some(n)) = (mark.4, counted) {
                        self.out[s] = n;
                    }
                    self.slow_at(p);
                    return;
                }
            }
        }
    }

    fn slow_at(&mut self, p: u32) {
        if let Some(s) = self.stmt_at.get_mut(p as usize) {
            *s = self.out.len() as u16;
        }
        self.emit(ins::SLOW);
        self.emit_k(p as i32);
        self.block_end();
        self.slow += 1;
    }

    /// One statement at `p`; the offset of the next one, or `None` when control does not
    /// fall through.
    fn statement(&mut self, p: usize) -> C<Option<usize>> {
        let c = self.byte(p)?;
        match c {
            op::GOTO => {
                self.count(p);
                let off = self.word(p + 1)? as i32;
                let t = self.target(p + 1, off)?;
                self.emit(ins::JMP);
                self.emit_target(t);
                self.block_end();
                Ok(None)
            }
            op::IF | op::IF_SHORT => {
                self.count(p);
                let end = self.condition(p + 1)?;
                let (off, next) = if c == op::IF {
                    (self.word(end)? as i32, end + 2)
                } else {
                    (self.byte(end)? as i8 as i32, end + 1)
                };
                let t = self.target(end, off)?;
                self.emit_target(t);
                self.block_end();
                Ok(Some(next))
            }
            op::CASE => {
                self.count(p);
                let end = self.expr(p + 1)?;
                let n = self.byte(end)? as usize;
                if n == 0 {
                    self.failing(ins::FAIL, end + 1);
                    self.emit(RunReason::EmptyTable as u16);
                    self.block_end();
                    return Ok(None);
                }
                let mut targets = Vec::with_capacity(n);
                for i in 0..n {
                    let base = end + 1 + 2 * i;
                    let off = self.word(base)? as i32;
                    targets.push(self.target(base, off)?);
                }
                self.emit(ins::CASE);
                self.emit(n as u16);
                for t in targets {
                    self.emit_target(t);
                }
                self.block_end();
                Ok(None)
            }
            op::RET => {
                self.count(p);
                self.emit(ins::RET);
                self.block_end();
                Ok(None)
            }
            _ => {
                let end = self.expr(p)?;
                if self.code.get(end) == Some(&op::RET) {
                    // "value ret": return acc directly.
                    self.count(end);
                    self.emit(ins::RETA);
                    self.block_end();
                    return Ok(None);
                }
                let mut seen = core::mem::take(&mut self.seen);
                seen.at.clear();
                let may = self.may_return(end, &mut seen);
                self.seen = seen;
                if may {
                    self.emit(ins::SETLAST);
                }
                Ok(Some(end))
            }
        }
    }

    /// True when the statement level at `p` can reach `$51` through branches only (then the
    /// value of the statement before `p` may be returned and must be kept). No allocation
    /// ([`Seen`]): it runs for every expression statement, and a `Vec` of the places seen,
    /// made and grown step by step at each, cost the 68030 more than the search itself
    /// (docs/rul.md, "Starting a game").
    fn may_return(&self, p: usize, seen: &mut Seen) -> bool {
        if seen.holds(p) {
            return false;
        }
        if seen.is_full() {
            return true;
        }
        seen.add(p);
        let Some(&c) = self.code.get(p) else { return true };
        // Whether the branch `off` bytes from `base` may return.
        let reaches = |seen: &mut Seen, base: usize, off: i32| match self.target(base, off) {
            Ok(t) => self.may_return(t as usize, seen),
            Err(_) => true,
        };
        match c {
            op::RET => true,
            op::GOTO => match self.word(p + 1).ok().and_then(|o| self.target(p + 1, o as i32).ok()) {
                Some(t) => self.may_return(t as usize, seen),
                None => true,
            },
            op::IF | op::IF_SHORT | op::CASE => {
                let Some(end) = self.expr_end(p + 1) else { return true };
                match c {
                    op::IF => {
                        let Ok(off) = self.word(end) else { return true };
                        reaches(seen, end, off as i32) || self.may_return(end + 2, seen)
                    }
                    op::IF_SHORT => {
                        let Ok(off) = self.byte(end) else { return true };
                        reaches(seen, end, off as i8 as i32) || self.may_return(end + 1, seen)
                    }
                    _ => {
                        let Ok(n) = self.byte(end) else { return true };
                        (0..n as usize).any(|i| {
                            let base = end + 1 + 2 * i;
                            self.word(base).map_or(true, |off| reaches(seen, base, off as i32))
                        })
                    }
                }
            }
            // An expression statement sets the value itself; anything unclean may return.
            _ => self.expr_end(p).is_none(),
        }
    }

    /// A branch condition at `p`, followed by its jump instruction (whose target operand
    /// the caller emits): comparisons fuse with the jump. Returns the condition's end.
    fn condition(&mut self, p: usize) -> C<usize> {
        let c = self.byte(p)?;
        let (cmp, at, negate) = if let Some(i) = index_of(&COMPARE, c) {
            (Some(COMPARE[i as usize]), p, false)
        } else if c == op::NOT {
            match self.code.get(p + 1).and_then(|&d| index_of(&COMPARE, d)) {
                Some(i) => (Some(COMPARE[i as usize]), p + 1, true),
                None => (None, p, false),
            }
        } else {
            (None, p, false)
        };
        if let Some(cmp) = cmp {
            if negate {
                self.count(p);
            }
            self.count(at);
            let cmp = if negate { negated(cmp) } else { cmp };
            let base = ins::JCMP + 8 * index_of(&COMPARE, cmp).unwrap();
            let end = self.two(at + 1, base)?;
            return Ok(end);
        }
        // `not` is bitwise: `if (not x)` jumps unless x = −1, which is "x = 0" only when x
        // is a truth value (−1 or 0).
        if c == op::NOT && matches!(self.code.get(p + 1), Some(&op::MARKED) | Some(&op::PAUSED)) {
            self.count(p);
            let end = self.expr(p + 1)?;
            self.emit(ins::JZ);
            return Ok(end);
        }
        let end = self.expr(p)?;
        self.emit(ins::JNZ);
        Ok(end)
    }

    // ---- expressions ----

    /// A clean expression at `p`, its value left in acc; returns its end.
    fn expr(&mut self, p: usize) -> C<usize> {
        if self.nest >= MAX_NESTING {
            return Err(Unclean);
        }
        self.nest += 1;
        let r = self.expr_inner(p);
        self.nest -= 1;
        r
    }

    fn expr_inner(&mut self, p: usize) -> C<usize> {
        if let Some((l, end)) = self.leaf(p) {
            self.count(p);
            match l {
                Leaf::K(k) => {
                    self.emit(ins::LDK);
                    self.emit_k(k);
                }
                Leaf::V(v) => {
                    self.emit(ins::LDV);
                    self.emit_v(v);
                }
            }
            return Ok(end);
        }
        let c = self.byte(p)?;
        if c == op::RET || op::is_branch(c) || op::is_small_constant(c) || op::is_variable(c) {
            return Err(Unclean);
        }
        self.count(p);
        let x = p + 1;
        if let Some(i) = index_of(&NULLARY, c) {
            self.failing(ins::NUL + i, x);
            return Ok(x);
        }
        if let Some(i) = index_of(&UNARY, c) {
            // Cell contents of a variable: one instruction.
            if c == op::PATTERN || c == op::COLOUR {
                if let Some((Leaf::V(v), end)) = self.leaf(x) {
                    self.count(x);
                    self.failing(if c == op::PATTERN { ins::PATTERN_V } else { ins::COLOUR_V }, end);
                    self.emit_v(v);
                    return Ok(end);
                }
            }
            let end = self.expr(x)?;
            self.failing(ins::UN + i, end);
            return Ok(end);
        }
        if let Some(i) = index_of(&BINARY, c) {
            // marked V V: one instruction.
            if c == op::MARKED {
                if let Some((Leaf::V(a), e1)) = self.leaf(x) {
                    if let Some((Leaf::V(b), e2)) = self.leaf(e1) {
                        self.count(x);
                        self.count(e1);
                        self.failing(ins::MARKED_VV, e2);
                        self.emit_v(a);
                        self.emit_v(b);
                        return Ok(e2);
                    }
                }
            }
            return self.two(x, ins::BIN + 8 * i);
        }
        match c {
            op::WORD | op::LONG => Err(Unclean), // a truncated constant
            op::SET => self.set(x),
            op::BETWEEN => {
                let e1 = self.expr(x)?;
                self.push();
                let e2 = self.expr(e1)?;
                self.push();
                let e3 = self.expr(e2)?;
                self.emit(ins::BETWEEN_S);
                self.pop();
                self.pop();
                Ok(e3)
            }
            op::TAB16 | op::TAB32 => {
                let end = self.expr(x)?;
                let n = self.byte(end)? as usize;
                if n == 0 {
                    self.failing(ins::FAIL, end + 1);
                    self.emit(RunReason::EmptyTable as u16);
                    return Ok(end + 1);
                }
                let size = if c == op::TAB16 { 2 } else { 4 };
                let stop = end + 1 + size * n;
                if stop > self.code.len() {
                    return Err(Unclean);
                }
                self.emit(if c == op::TAB16 { ins::TAB16 } else { ins::TAB32 });
                self.emit(n as u16);
                for k in 0..n {
                    let at = end + 1 + size * k;
                    if size == 2 {
                        let w = self.word(at)?;
                        self.emit(w as u16);
                    } else {
                        let l = self.long(at)?;
                        self.emit_k(l);
                    }
                }
                Ok(stop)
            }
            op::CALL => {
                let off = self.word(x)? as i32;
                let t = self.target(x, off)?;
                self.failing(ins::CALL, x + 2);
                self.emit_target(t);
                Ok(x + 2)
            }
            op::DESTROY_LOOP => {
                // total = 0 on the value stack; the loop block counts x, m and the $6F code
                // of each repetition (the first reading of $6F counted above).
                self.emit(ins::LDK);
                self.emit_k(0);
                self.push();
                self.block_end();
                let top = self.out.len();
                let e1 = self.expr(x)?;
                let e2 = self.expr(e1)?;
                self.failing(ins::DLOOP, e2);
                let off = ((top as i64 - self.out.len() as i64) * 2) as i16 as u16;
                self.emit(off);
                self.pop();
                self.block_end();
                Ok(e2)
            }
            op::FOR_ADJ_HEX | op::FOR_ADJ | op::FOR_HEX | op::FOR_CELL => {
                let adj = c == op::FOR_ADJ_HEX || c == op::FOR_ADJ;
                let occupied = (c == op::FOR_ADJ_HEX || c == op::FOR_HEX) as u16;
                let e1 = self.expr(x)?;
                let body_at = if adj {
                    self.failing(ins::CHECKVAR, e1);
                    self.push();
                    let e2 = self.expr(e1)?;
                    self.failing(ins::ITER_ADJ, e2);
                    self.pop();
                    e2
                } else {
                    self.failing(ins::ITER_ALL, e1);
                    e1
                };
                self.emit(occupied);
                self.block_end();
                let top = self.out.len();
                let end = self.expr(body_at)?;
                self.emit(ins::ITER_STEP);
                let off = ((top as i64 - self.out.len() as i64) * 2) as i16 as u16;
                self.emit(off);
                self.block_end();
                Ok(end)
            }
            _ => Err(Unclean),
        }
    }

    /// x then y of a two-value operation (`base` + form: BIN or JCMP). A JCMP's target
    /// operand is left to the caller.
    fn two(&mut self, x: usize, base: u16) -> C<usize> {
        let ex = match self.leaf(x) {
            Some((_, e)) => e,
            None => self.expr_end(x).ok_or(Unclean)?,
        };
        // y a constant or variable: x into acc, y folded in.
        if let Some((l, end)) = self.leaf(ex) {
            self.expr(x)?;
            self.count(ex);
            match l {
                Leaf::K(k) => {
                    self.failing(base + ins::K, end);
                    self.emit_k(k);
                }
                Leaf::V(v) => {
                    self.failing(base + ins::V, end);
                    self.emit_v(v);
                }
            }
            return Ok(end);
        }
        // x a constant: y into acc first (nothing happens in between).
        if let Some((Leaf::K(k), _)) = self.leaf(x) {
            self.count(x);
            let end = self.expr(ex)?;
            self.failing(base + ins::RK, end);
            self.emit_k(k);
            return Ok(end);
        }
        // x a variable and y writes no variable: y first, then x read.
        let mut budget = 64;
        if let Some((Leaf::V(v), _)) = self.leaf(x) {
            if self.writes_no_variable(ex, &mut budget) {
                self.count(x);
                let end = self.expr(ex)?;
                self.failing(base + ins::RV, end);
                self.emit_v(v);
                return Ok(end);
            }
        }
        self.expr(x)?;
        self.push();
        let end = self.expr(ex)?;
        self.failing(base + ins::S, end);
        self.pop();
        Ok(end)
    }

    /// `$5B` x y.
    fn set(&mut self, x: usize) -> C<usize> {
        if let Some((Leaf::K(k), ex)) = self.leaf(x) {
            self.count(x);
            // y a constant: one instruction for V = k and V += k.
            if let Some((Leaf::K(y), end)) = self.leaf(ex) {
                if (-64..=63).contains(&k) {
                    self.count(ex);
                    let (w, v) = if k >= 0 { (ins::SETVK, k) } else { (ins::ADDVK, k + 64) };
                    self.emit(w);
                    self.emit_v(v as u8);
                    self.emit_k(y);
                    return Ok(end);
                }
            }
            let end = self.expr(ex)?;
            match k {
                0..=63 => {
                    self.emit(ins::SETV);
                    self.emit_v(k as u8);
                }
                -64..=-1 => {
                    self.emit(ins::ADDV);
                    self.emit_v((k + 64) as u8);
                }
                64..=127 => {
                    self.emit(ins::SUBV);
                    self.emit_v((k - 64) as u8);
                }
                _ => {
                    self.failing(ins::FAIL, end);
                    self.emit(RunReason::BadAssignment as u16);
                }
            }
            return Ok(end);
        }
        let ex = self.expr(x)?;
        self.push();
        let end = self.expr(ex)?;
        self.failing(ins::SET_S, end);
        self.pop();
        Ok(end)
    }
}
