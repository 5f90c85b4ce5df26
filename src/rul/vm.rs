//! The RUL engine's machine (section 6.9): the state RUL code reads and writes, and what
//! every operation does to it. Every executor (`exec.rs`, `exec68k.rs`, `slow.rs`) calls
//! the operations below, so they agree by construction; how code runs on the machine
//! ([`Vm::run`], [`Vm::exec`]) is the interpreter's, `interpreter.rs`, above them.
//!
//! Fixed memory (allocated by [`Vm::new`]): 64 variables, the rule's stack (its header
//! size), the board, and the executors' stacks (`memory.rs`): a value stack of
//! [`VALUE_SLOTS`] entries and a frame stack of [`FRAME_BYTES`] bytes for calls and
//! iterations (recursion is allowed, section 6.9: a depth-first search over a whole side-9
//! board uses about 24 bytes per level), and the step-by-step evaluator's frames
//! ([`SLOW_FRAMES`]). Running out of any of them ends the phase with
//! [`RunReason::TooDeep`]; every operation counts against the phase's step budget, so a
//! rule that loops forever ends with [`RunReason::StepBudget`].
//!
//! Choices where the manual says "undefined": division by 0, modulo by y ≤ 0, shifts outside
//! 0–63, variables outside 0–63, bad cell ids, marks outside their range, stack overflow or
//! underflow and an empty `$60`/`$61`/`$62` table are errors. Shifts of 32–63: `<<` gives 0,
//! `>>` is arithmetic and gives 0 or −1. `$62` indexes its table with x modulo n like `$60`.
//! `$6E`/`$6F` return the number of hexagons destroyed. `$72`/`$73` of cell 0 return −1.
//! `$79`–`$7B` with m = 8..15 answer the mark's state before the change (test-and-set).

use super::board::Board;
use super::destruction::DestructionSteps;
use super::error::{RunReason as R, RunReason};
use super::memory::{FRAME_BYTES, Memory, SLOW_FRAMES, VALUE_SLOTS};
use super::opcodes as op;
use super::rng::Rng;
use super::rule_stack::RuleStack;
use alloc::vec;
use alloc::vec::Vec;

/// Words of [`Vm::aux`], before V[0]: on the 68030 the assembly executor's registers
/// between its runs and the stacks' limits (the `A_*` indices of `exec68k.rs`, which checks
/// that they fit).
#[cfg(target_arch = "m68k")]
pub(super) const AUX_WORDS: usize = 14;
#[cfg(not(target_arch = "m68k"))]
pub(super) const AUX_WORDS: usize = 1;

/// Default number of operations one phase may execute.
pub const DEFAULT_BUDGET: u32 = 2_000_000;

/// The state RUL code reads and writes.
///
/// `repr(C)`, in this order: the 68030 executor (`exec68k.s`) reads and writes the fields
/// from `vars` to `board` at fixed offsets from V[0] (checked when it is built,
/// `exec68k.rs`), so a phase copies nothing into it; keep them where they are.
#[derive(Clone, Debug)]
#[repr(C)]
pub struct Vm {
    /// Right before the variables, what the 68030 executor keeps between its runs (its
    /// registers at a hand-back, the stacks' limits: `exec68k.rs`).
    pub(super) aux: [u32; AUX_WORDS],
    pub vars: [i32; 64],
    /// Cell ids of the reference hexagon and the hexagons of the current (or last) piece.
    pub piece: [i32; 5],
    /// V[0..=8] after the last phase A (what `$5C` reads while the radar is on).
    pub next_vars: [i32; 9],
    /// Fall period in milliseconds (1–8191).
    pub fall_ms: u32,
    pub rng: Rng,
    /// Operations executed by the current phase, and the limit.
    pub steps: u32,
    pub budget: u32,
    /// Operations executed since creation (for speed measurements).
    pub total_steps: u64,
    pub piece_len: u8,
    pub radar: bool,
    pub paused: bool,
    /// True when the radar's phase A prepared the next piece (`next_vars` describes it).
    pub next_prepared: bool,
    /// The rule's stack (its header's size).
    pub stack: RuleStack,
    pub board: Board,
    /// Variable wired to the 1 Hz timer.
    pub timer_var: Option<u8>,
    /// Answer of the message file to `$6D`, given the rule's stack.
    pub message_hook: fn(&[i32]) -> i32,
    /// Deepest frame stack, value stack and step-by-step frames so far (bytes), as the Rust
    /// executor saw them (each sampled when a call or an iteration starts); see
    /// [`Vm::max_depth`].
    pub(super) deepest: [u32; 3],
    /// The engine's reserved memory (see the module documentation).
    pub(super) mem: Memory,
    /// The board before each destruction, while a session records them (a landing).
    pub destruction: DestructionSteps,
}

fn no_message(_: &[i32]) -> i32 {
    0
}

pub(super) fn boolean(b: bool) -> i32 {
    if b { -1 } else { 0 }
}

/// Why an operation failed; the caller knows where (the `pc` of
/// [`RunError`](super::error::RunError)).
pub(super) type Op<T> = Result<T, RunReason>;

impl Vm {
    /// A machine for a board of side `size` with a stack of `stack_size` entries.
    pub fn new(size: u8, stack_size: u32, seed: u32) -> Vm {
        Vm {
            aux: [0; AUX_WORDS],
            vars: [0; 64],
            stack: RuleStack::new(stack_size),
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
            deepest: [0; 3],
            mem: Memory {
                values: vec![0; VALUE_SLOTS].into_boxed_slice(),
                frames: vec![0; FRAME_BYTES / 4].into_boxed_slice(),
                slow: Vec::with_capacity(SLOW_FRAMES),
            },
            destruction: DestructionSteps::new(),
        }
    }

    /// `$6E`/`$6F`'s destruction of the hexagons marked `m` (all with `None`), recorded as a
    /// step while [`Vm::destruction`] records; the number destroyed.
    pub fn destroy(&mut self, m: Option<u8>) -> usize {
        let kept = self.destruction.before(&self.board);
        let destroyed = self.board.destroy(m);
        self.destruction.after(kept, destroyed);
        destroyed
    }

    /// A variable index.
    #[inline]
    pub(super) fn var(x: i32) -> Op<usize> {
        if (0..64).contains(&x) { Ok(x as usize) } else { Err(R::BadVariable) }
    }
    /// A cell argument: a valid id, or 0.
    #[inline]
    pub(super) fn cell(&self, x: i32) -> Op<i32> {
        if x == 0 || self.board.valid(x) { Ok(x) } else { Err(R::BadCell) }
    }
    #[inline]
    fn mark(m: i32) -> Op<u8> {
        if (0..8).contains(&m) { Ok(m as u8) } else { Err(R::BadMark) }
    }

    /// `$79`–`$7B` (`op` is FLIP, UNMARK or MARK).
    fn mark_op(&mut self, op: u8, x: i32, m: i32) -> Op<i32> {
        let x = self.cell(x)?;
        if m > 15 {
            return Err(R::BadMark);
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
        Ok(if m <= 7 { x } else { boolean(before) })
    }

    /// The operations of two expressions (x then y), by RUL code. `$6E` ignores x.
    pub(super) fn binary(&mut self, code: u8, x: i32, y: i32) -> Op<i32> {
        Ok(match code {
            op::ADD => x.wrapping_add(y),
            op::SUB => x.wrapping_sub(y),
            op::MUL => x.wrapping_mul(y),
            op::DIV => {
                if y == 0 {
                    return Err(R::DivisionByZero);
                }
                x.wrapping_div(y)
            }
            op::SHL => {
                if !(0..64).contains(&y) {
                    return Err(R::BadShift);
                }
                if y >= 32 { 0 } else { ((x as u32) << y) as i32 }
            }
            op::SHR => {
                if !(0..64).contains(&y) {
                    return Err(R::BadShift);
                }
                x >> y.min(31)
            }
            op::MOD => {
                if y <= 0 {
                    return Err(R::BadModulo);
                }
                x.rem_euclid(y)
            }
            op::EQ => boolean(x == y),
            op::NE => boolean(x != y),
            op::LT => boolean(x < y),
            op::GT => boolean(x > y),
            op::LE => boolean(x <= y),
            op::GE => boolean(x >= y),
            op::AND => x & y,
            op::OR => x | y,
            op::XOR => x ^ y,
            op::MIN => x.min(y),
            op::MAX => x.max(y),
            op::CELL => self.board.id(x, y),
            op::MARKED => {
                let x = self.cell(x)?;
                let m = Self::mark(y)?;
                boolean(x != 0 && self.board.cell(x).marks & (1 << m) != 0)
            }
            op::FLIP | op::UNMARK | op::MARK => self.mark_op(code, x, y)?,
            op::NEIGHBOUR => {
                let x = self.cell(x)?;
                if x == 0 { 0 } else { self.board.neighbour(x, y.rem_euclid(6) as usize) }
            }
            op::DESTROY => {
                if y > 7 {
                    return Err(R::BadMark);
                }
                let m = if y < 0 { None } else { Some(y as u8) };
                self.destroy(m) as i32
            }
            _ => return Err(R::UnexpectedReturn),
        })
    }

    /// The operations of one expression, by RUL code.
    pub(super) fn unary(&mut self, code: u8, x: i32) -> Op<i32> {
        Ok(match code {
            op::NOT => !x,
            op::VAR => self.vars[Self::var(x)?],
            op::NEXT => {
                if !self.radar {
                    0
                } else if (0..=8).contains(&x) {
                    self.next_vars[x as usize]
                } else {
                    -1
                }
            }
            op::TIMER => {
                if x >= 64 {
                    return Err(R::BadTimerVariable);
                }
                self.timer_var = if x >= 0 { Some(x as u8) } else { None };
                x
            }
            op::FALL => {
                self.fall_ms = x.clamp(1, 8191) as u32;
                x
            }
            op::PUSH => {
                if !self.stack.push(x) {
                    return Err(R::StackOverflow);
                }
                x
            }
            op::ABS => x.wrapping_abs(),
            op::SQ => x.wrapping_mul(x),
            op::HEIGHT | op::COLUMN => {
                let x = self.cell(x)?;
                if x == 0 {
                    -1
                } else {
                    let (c, h) = self.board.col_height(x);
                    if code == op::HEIGHT { h } else { c }
                }
            }
            op::PIECE => {
                if x < 0 {
                    self.piece_len as i32
                } else if x <= self.piece_len as i32 {
                    self.piece[x as usize]
                } else {
                    return Err(R::BadPieceIndex);
                }
            }
            op::PATTERN | op::COLOUR => {
                let x = self.cell(x)?;
                if x == 0 {
                    -1
                } else {
                    let c = self.board.cell(x);
                    if c.pattern == 0 {
                        0
                    } else if code == op::PATTERN {
                        c.pattern as i32
                    } else {
                        c.colour as i32
                    }
                }
            }
            _ => return Err(R::UnexpectedReturn),
        })
    }

    /// The operations without operands, by RUL code.
    pub(super) fn nullary(&mut self, code: u8) -> Op<i32> {
        Ok(match code {
            op::RND16 => self.rng.signed16(),
            op::RND32 => self.rng.signed32(),
            op::RND15 => self.rng.positive15(),
            op::RND31 => self.rng.positive31(),
            op::PAUSED => boolean(self.paused),
            op::TOP => *self.stack.last().ok_or(R::StackUnderflow)?,
            op::POP => self.stack.pop().ok_or(R::StackUnderflow)?,
            op::MSG => (self.message_hook)(&self.stack),
            op::SIZE => self.board.size(),
            _ => return Err(R::UnexpectedReturn),
        })
    }

    /// `$5B`: V[x] = y (0 ≤ x ≤ 63), V[x+64] += y (−64 ≤ x ≤ −1), V[x−64] −= y (64 ≤ x ≤ 127).
    pub(super) fn assign(&mut self, x: i32, y: i32) -> Op<i32> {
        let v = match x {
            0..=63 => {
                self.vars[x as usize] = y;
                return Ok(y);
            }
            -64..=-1 => &mut self.vars[(x + 64) as usize],
            64..=127 => {
                let v = &mut self.vars[(x - 64) as usize];
                *v = v.wrapping_sub(y);
                return Ok(*v);
            }
            _ => return Err(R::BadAssignment),
        };
        *v = v.wrapping_add(y);
        Ok(*v)
    }

    /// `$6C`: 0 if y ≤ x ≤ z, −1 if x < y, 1 if x > z.
    pub(super) fn between(x: i32, y: i32, z: i32) -> i32 {
        if x < y {
            -1
        } else if x > z {
            1
        } else {
            0
        }
    }

    /// The cells `$74` (`occupied_only`) or `$75` iterate around cell x (0: none).
    pub(super) fn neighbours(&self, x: i32, occupied_only: bool) -> ([u8; 6], u8) {
        let mut out = [0u8; 6];
        let mut k = 0;
        if x != 0 {
            for d in 0..6 {
                let m = self.board.neighbour(x, d);
                if m != 0 && (!occupied_only || self.board.occupied(m)) {
                    out[k] = m as u8;
                    k += 1;
                }
            }
        }
        (out, k as u8)
    }

    /// The next cell after `id` that `$76` (`occupied_only`) or `$77` visits, 0 when none.
    pub(super) fn next_cell(&self, id: i32, occupied_only: bool) -> i32 {
        let mut id = id + 1;
        let n = self.board.cell_count() as i32;
        while id <= n {
            if !occupied_only || self.board.occupied(id) {
                return id;
            }
            id += 1;
        }
        0
    }

    /// Records the use of stack `which` (0 frames, 1 values, 2 step-by-step frames).
    #[inline]
    pub(super) fn note_depth(&mut self, which: usize, bytes: usize) {
        if bytes as u32 > self.deepest[which] {
            self.deepest[which] = bytes as u32;
        }
    }
}
