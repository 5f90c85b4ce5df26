//! The engine's instruction set: the 16-bit words RUL code is compiled into (`compiler.rs`),
//! which `exec.rs` defines by running them (on the 68030 `exec68k.s` runs them too), and
//! the tables that tie them to RUL's operations.
//!
//! Encoding: an instruction is its number (a word) then its operands: a variable as its
//! byte offset V×4 (one word), a constant as two words (high first), a jump target as the
//! signed byte distance from the operand word itself to the target instruction (the 68030
//! adds it to its instruction pointer in one `adda.w`). Word 0 is `EXIT`.

use super::error::RunReason;
use super::opcodes as op;

/// Instruction numbers.
pub mod ins {
    /// End of the run: the value is `acc`. Always word 0 (the run's first frame returns here).
    pub const EXIT: u16 = 0;
    /// `n`: count n operations; fail with `StepBudget` when the phase exceeds its budget.
    pub const STEPS: u16 = 1;
    /// `pc` (2 words): run step by step from RUL offset pc.
    pub const SLOW: u16 = 2;
    /// `reason`: fail (a constant operand the operation refuses).
    pub const FAIL: u16 = 3;
    /// `k`: acc = k.
    pub const LDK: u16 = 4;
    /// `v`: acc = V[v].
    pub const LDV: u16 = 5;
    /// Push acc on the value stack.
    pub const PUSH: u16 = 6;
    /// last = acc (the statement's value, which `$51` returns).
    pub const SETLAST: u16 = 7;
    /// Return `last` to the caller.
    pub const RET: u16 = 8;
    /// Return `acc` to the caller.
    pub const RETA: u16 = 9;
    /// `target`: call the body at target (frame: return offset, caller's last).
    pub const CALL: u16 = 10;
    /// `target`: jump.
    pub const JMP: u16 = 11;
    /// `target`: jump if acc = 0.
    pub const JZ: u16 = 12;
    /// `target`: jump if acc ≠ 0.
    pub const JNZ: u16 = 13;
    /// `n`, n targets: jump to target (acc mod n).
    pub const CASE: u16 = 14;
    /// `v`: V[v] = acc.
    pub const SETV: u16 = 15;
    /// `v`: V[v] += acc; acc = V[v].
    pub const ADDV: u16 = 16;
    /// `v`: V[v] −= acc; acc = V[v].
    pub const SUBV: u16 = 17;
    /// `v`, `k`: V[v] = k; acc = k.
    pub const SETVK: u16 = 18;
    /// `v`, `k`: V[v] += k; acc = V[v].
    pub const ADDVK: u16 = 19;
    /// `$5B` with x on the value stack, y in acc.
    pub const SET_S: u16 = 20;
    /// `$6C`: x, y on the value stack, z in acc.
    pub const BETWEEN_S: u16 = 21;
    /// `n`, n words: acc = table[acc mod n] (`$60`).
    pub const TAB16: u16 = 22;
    /// `n`, n pairs of words: acc = table[acc mod n] (`$61`).
    pub const TAB32: u16 = 23;
    /// Fail with `BadVariable` unless 0 ≤ acc ≤ 63.
    pub const CHECKVAR: u16 = 24;
    /// `$74`/`$75`: n on the value stack, x in acc; `occupied` (word): start an iteration
    /// frame over the cells around x.
    pub const ITER_ADJ: u16 = 25;
    /// `$76`/`$77`: n in acc; `occupied` (word): start an iteration over the board.
    pub const ITER_ALL: u16 = 26;
    /// `target`: next element of the innermost iteration: V[n] = it, jump to target (the
    /// body); after the final round (V[n] = 0), drop the frame and go on (acc = e's value).
    pub const ITER_STEP: u16 = 27;
    /// `target`: `$6F`'s loop: destroy mark acc; add to the total on the value stack; if
    /// something went, count the repetition and jump to target, else acc = total.
    pub const DLOOP: u16 = 28;
    /// `v`: acc = pattern of cell V[v] (`$7D`).
    pub const PATTERN_V: u16 = 29;
    /// `v`: acc = colour of cell V[v] (`$7E`).
    pub const COLOUR_V: u16 = 30;
    /// `x`, `m` (variables): acc = marked(V[x], V[m]).
    pub const MARKED_VV: u16 = 31;

    /// Operations without operands: NUL + index in [`super::NULLARY`].
    pub const NUL: u16 = 32;
    /// Operations of acc: UN + index in [`super::UNARY`].
    pub const UN: u16 = 48;
    /// Operations of two values: BIN + 8 × index in [`super::BINARY`] + form.
    pub const BIN: u16 = 64;
    /// Branches on a comparison: JCMP + 8 × index in [`super::COMPARE`] + form, then target.
    pub const JCMP: u16 = BIN + 8 * super::BINARY.len() as u16;
    /// One past the last instruction number.
    pub const END: u16 = JCMP + 8 * super::COMPARE.len() as u16;

    /// Forms of the two-value operations (x op y): y a constant operand `k`...
    pub const K: u16 = 0;
    /// ...y a variable operand `v`...
    pub const V: u16 = 1;
    /// ...x on the value stack, y in acc...
    pub const S: u16 = 2;
    /// ...x a constant operand `k`, y in acc...
    pub const RK: u16 = 3;
    /// ...x a variable operand `v`, y in acc (y computed first: it writes no variable).
    pub const RV: u16 = 4;
}

/// RUL codes of the operations without operands, in `NUL` order.
pub const NULLARY: [u8; 9] =
    [op::RND16, op::RND32, op::PAUSED, op::TOP, op::POP, op::RND15, op::RND31, op::MSG, op::SIZE];
/// RUL codes of the operations of one value, in `UN` order.
pub const UNARY: [u8; 13] = [
    op::NOT,
    op::VAR,
    op::NEXT,
    op::TIMER,
    op::FALL,
    op::PUSH,
    op::ABS,
    op::SQ,
    op::HEIGHT,
    op::COLUMN,
    op::PIECE,
    op::PATTERN,
    op::COLOUR,
];
/// RUL codes of the operations of two values, in `BIN` order.
pub const BINARY: [u8; 25] = [
    op::ADD,
    op::SUB,
    op::MUL,
    op::DIV,
    op::SHL,
    op::SHR,
    op::MOD,
    op::EQ,
    op::NE,
    op::LT,
    op::GT,
    op::LE,
    op::GE,
    op::AND,
    op::OR,
    op::XOR,
    op::MIN,
    op::MAX,
    op::CELL,
    op::MARKED,
    op::FLIP,
    op::UNMARK,
    op::MARK,
    op::NEIGHBOUR,
    op::DESTROY,
];
/// RUL codes of the comparisons, in `JCMP` order.
pub const COMPARE: [u8; 6] = [op::EQ, op::NE, op::LT, op::GT, op::LE, op::GE];

/// The reason a `FAIL` instruction reports.
pub(super) fn reason(w: u16) -> RunReason {
    use RunReason::*;
    [
        PcOutOfCode,
        UnexpectedReturn,
        StepBudget,
        TooDeep,
        DivisionByZero,
        BadModulo,
        BadShift,
        BadVariable,
        BadAssignment,
        StackOverflow,
        StackUnderflow,
        BadCell,
        BadMark,
        BadPieceIndex,
        EmptyTable,
        BadTimerVariable,
    ]
    .get(w as usize)
    .copied()
    .unwrap_or(UnexpectedReturn)
}

/// Words of the instruction at `words[i]` (opcode and operands).
pub fn insn_len(words: &[u16], i: usize) -> usize {
    match words[i] {
        ins::EXIT | ins::PUSH | ins::SETLAST | ins::RET | ins::RETA | ins::SET_S | ins::BETWEEN_S | ins::CHECKVAR => 1,
        ins::STEPS | ins::FAIL | ins::LDV | ins::CALL | ins::JMP | ins::JZ | ins::JNZ => 2,
        ins::SETV | ins::ADDV | ins::SUBV | ins::ITER_ADJ | ins::ITER_ALL | ins::ITER_STEP | ins::DLOOP => 2,
        ins::PATTERN_V | ins::COLOUR_V => 2,
        ins::SLOW | ins::LDK | ins::MARKED_VV => 3,
        ins::SETVK | ins::ADDVK => 4,
        ins::CASE => 2 + words[i + 1] as usize,
        ins::TAB16 => 2 + words[i + 1] as usize,
        ins::TAB32 => 2 + 2 * words[i + 1] as usize,
        x if (ins::BIN..ins::END).contains(&x) => {
            let jump = (x >= ins::JCMP) as usize;
            let base = if x >= ins::JCMP { ins::JCMP } else { ins::BIN };
            jump + match (x - base) % 8 {
                ins::K | ins::RK => 3,
                ins::S => 1,
                _ => 2,
            }
        }
        _ => 1,
    }
}
