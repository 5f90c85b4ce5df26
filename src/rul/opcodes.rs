//! The RUL operation codes (manual section 6.9): one table of names, codes and operand
//! layouts, shared by the interpreter, the compiler and the disassembler (`xtask/src/rul`).
//!
//! A code is one byte. $00–$3F read a variable, $80–$FF are the small constants −64…63,
//! everything else is listed in [`OPS`] (every code of $40–$7F has a meaning).

/// First code of the small constants ($80–$FF mean `code − $C0`).
pub const SMALL_CONST_FIRST: u8 = 0x80;
/// `code − CONST_BIAS` is the value of a small constant code.
pub const CONST_BIAS: i32 = 0xC0;
/// Last code of the variable reads ($00–$3F read V[code]).
pub const VAR_LAST: u8 = 0x3F;

pub const ADD: u8 = 0x40;
pub const SUB: u8 = 0x41;
pub const MUL: u8 = 0x42;
pub const DIV: u8 = 0x43;
pub const SHL: u8 = 0x44;
pub const SHR: u8 = 0x45;
pub const IF_SHORT: u8 = 0x46;
pub const MOD: u8 = 0x47;
pub const WORD: u8 = 0x48;
pub const LONG: u8 = 0x49;
pub const EQ: u8 = 0x4A;
pub const NE: u8 = 0x4B;
pub const LT: u8 = 0x4C;
pub const GT: u8 = 0x4D;
pub const LE: u8 = 0x4E;
pub const GE: u8 = 0x4F;
pub const CALL: u8 = 0x50;
pub const RET: u8 = 0x51;
pub const GOTO: u8 = 0x52;
pub const IF: u8 = 0x53;
pub const NOT: u8 = 0x54;
pub const AND: u8 = 0x55;
pub const OR: u8 = 0x56;
pub const XOR: u8 = 0x57;
pub const RND16: u8 = 0x58;
pub const RND32: u8 = 0x59;
pub const VAR: u8 = 0x5A;
pub const SET: u8 = 0x5B;
pub const NEXT: u8 = 0x5C;
pub const PAUSED: u8 = 0x5D;
pub const TIMER: u8 = 0x5E;
pub const FALL: u8 = 0x5F;
pub const TAB16: u8 = 0x60;
pub const TAB32: u8 = 0x61;
pub const CASE: u8 = 0x62;
pub const PUSH: u8 = 0x63;
pub const TOP: u8 = 0x64;
pub const POP: u8 = 0x65;
pub const ABS: u8 = 0x66;
pub const SQ: u8 = 0x67;
pub const RND15: u8 = 0x68;
pub const RND31: u8 = 0x69;
pub const MIN: u8 = 0x6A;
pub const MAX: u8 = 0x6B;
pub const BETWEEN: u8 = 0x6C;
pub const MSG: u8 = 0x6D;
pub const DESTROY: u8 = 0x6E;
pub const DESTROY_LOOP: u8 = 0x6F;
pub const SIZE: u8 = 0x70;
pub const CELL: u8 = 0x71;
pub const HEIGHT: u8 = 0x72;
pub const COLUMN: u8 = 0x73;
pub const FOR_ADJ_HEX: u8 = 0x74;
pub const FOR_ADJ: u8 = 0x75;
pub const FOR_HEX: u8 = 0x76;
pub const FOR_CELL: u8 = 0x77;
pub const MARKED: u8 = 0x78;
pub const FLIP: u8 = 0x79;
pub const UNMARK: u8 = 0x7A;
pub const MARK: u8 = 0x7B;
pub const PIECE: u8 = 0x7C;
pub const PATTERN: u8 = 0x7D;
pub const COLOUR: u8 = 0x7E;
pub const NEIGHBOUR: u8 = 0x7F;

/// What follows an operation code, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// An expression.
    Expr,
    /// An expression whose value is a variable's index (`set`, `timer`, the iterations); the
    /// source language lets a variable's name stand for its index there.
    VarRef,
    /// An 8-bit offset relative to its own address.
    Rel8,
    /// A 16-bit offset relative to its own address.
    Rel16,
    /// A count byte n, then n 16-bit offsets (each relative to its own address).
    Cases,
    /// A count byte n, then n 16-bit signed constants.
    Table16,
    /// A count byte n, then n 32-bit constants.
    Table32,
    /// A 16-bit signed constant.
    Word,
    /// A 32-bit constant.
    Long,
}

use Operand::*;

/// One operation: its code, its name in the source language and its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpInfo {
    pub code: u8,
    /// Mnemonic of the source language (docs/rul.md). `$48`/`$49` are written as a number
    /// with the prefix `w:`/`l:` (`w:5`), which is what their names hold.
    pub name: &'static str,
    pub operands: &'static [Operand],
}

impl OpInfo {
    /// Number of expressions the operation reads (its arity as an expression).
    pub fn arity(&self) -> usize {
        self.operands.iter().filter(|o| matches!(o, Expr | VarRef)).count()
    }
    /// True for the transparent branches, which form no expression (section 6.9).
    pub fn is_branch(&self) -> bool {
        is_branch(self.code)
    }
}

/// Every code of $40–$7F, in code order (`OPS[c − $40].code == c`).
pub const OPS: [OpInfo; 64] = [
    OpInfo { code: ADD, name: "add", operands: &[Expr, Expr] },
    OpInfo { code: SUB, name: "sub", operands: &[Expr, Expr] },
    OpInfo { code: MUL, name: "mul", operands: &[Expr, Expr] },
    OpInfo { code: DIV, name: "div", operands: &[Expr, Expr] },
    OpInfo { code: SHL, name: "shl", operands: &[Expr, Expr] },
    OpInfo { code: SHR, name: "shr", operands: &[Expr, Expr] },
    OpInfo { code: IF_SHORT, name: "ifs", operands: &[Expr, Rel8] },
    OpInfo { code: MOD, name: "mod", operands: &[Expr, Expr] },
    OpInfo { code: WORD, name: "w:", operands: &[Word] },
    OpInfo { code: LONG, name: "l:", operands: &[Long] },
    OpInfo { code: EQ, name: "eq", operands: &[Expr, Expr] },
    OpInfo { code: NE, name: "ne", operands: &[Expr, Expr] },
    OpInfo { code: LT, name: "lt", operands: &[Expr, Expr] },
    OpInfo { code: GT, name: "gt", operands: &[Expr, Expr] },
    OpInfo { code: LE, name: "le", operands: &[Expr, Expr] },
    OpInfo { code: GE, name: "ge", operands: &[Expr, Expr] },
    OpInfo { code: CALL, name: "call", operands: &[Rel16] },
    OpInfo { code: RET, name: "ret", operands: &[] },
    OpInfo { code: GOTO, name: "goto", operands: &[Rel16] },
    OpInfo { code: IF, name: "if", operands: &[Expr, Rel16] },
    OpInfo { code: NOT, name: "not", operands: &[Expr] },
    OpInfo { code: AND, name: "and", operands: &[Expr, Expr] },
    OpInfo { code: OR, name: "or", operands: &[Expr, Expr] },
    OpInfo { code: XOR, name: "xor", operands: &[Expr, Expr] },
    OpInfo { code: RND16, name: "rnd16", operands: &[] },
    OpInfo { code: RND32, name: "rnd32", operands: &[] },
    OpInfo { code: VAR, name: "var", operands: &[Expr] },
    OpInfo { code: SET, name: "set", operands: &[VarRef, Expr] },
    OpInfo { code: NEXT, name: "next", operands: &[Expr] },
    OpInfo { code: PAUSED, name: "paused", operands: &[] },
    OpInfo { code: TIMER, name: "timer", operands: &[VarRef] },
    OpInfo { code: FALL, name: "fall", operands: &[Expr] },
    OpInfo { code: TAB16, name: "tab16", operands: &[Expr, Table16] },
    OpInfo { code: TAB32, name: "tab32", operands: &[Expr, Table32] },
    OpInfo { code: CASE, name: "case", operands: &[Expr, Cases] },
    OpInfo { code: PUSH, name: "push", operands: &[Expr] },
    OpInfo { code: TOP, name: "top", operands: &[] },
    OpInfo { code: POP, name: "pop", operands: &[] },
    OpInfo { code: ABS, name: "abs", operands: &[Expr] },
    OpInfo { code: SQ, name: "sq", operands: &[Expr] },
    OpInfo { code: RND15, name: "rnd15", operands: &[] },
    OpInfo { code: RND31, name: "rnd31", operands: &[] },
    OpInfo { code: MIN, name: "min", operands: &[Expr, Expr] },
    OpInfo { code: MAX, name: "max", operands: &[Expr, Expr] },
    OpInfo { code: BETWEEN, name: "between", operands: &[Expr, Expr, Expr] },
    OpInfo { code: MSG, name: "msg", operands: &[] },
    OpInfo { code: DESTROY, name: "destroy", operands: &[Expr, Expr] },
    OpInfo { code: DESTROY_LOOP, name: "destroyloop", operands: &[Expr, Expr] },
    OpInfo { code: SIZE, name: "size", operands: &[] },
    OpInfo { code: CELL, name: "cell", operands: &[Expr, Expr] },
    OpInfo { code: HEIGHT, name: "height", operands: &[Expr] },
    OpInfo { code: COLUMN, name: "column", operands: &[Expr] },
    OpInfo { code: FOR_ADJ_HEX, name: "foradjhex", operands: &[VarRef, Expr, Expr] },
    OpInfo { code: FOR_ADJ, name: "foradj", operands: &[VarRef, Expr, Expr] },
    OpInfo { code: FOR_HEX, name: "forhex", operands: &[VarRef, Expr] },
    OpInfo { code: FOR_CELL, name: "forcell", operands: &[VarRef, Expr] },
    OpInfo { code: MARKED, name: "marked", operands: &[Expr, Expr] },
    OpInfo { code: FLIP, name: "flip", operands: &[Expr, Expr] },
    OpInfo { code: UNMARK, name: "unmark", operands: &[Expr, Expr] },
    OpInfo { code: MARK, name: "mark", operands: &[Expr, Expr] },
    OpInfo { code: PIECE, name: "piece", operands: &[Expr] },
    OpInfo { code: PATTERN, name: "pattern", operands: &[Expr] },
    OpInfo { code: COLOUR, name: "colour", operands: &[Expr] },
    OpInfo { code: NEIGHBOUR, name: "nb", operands: &[Expr, Expr] },
];

/// The operation of a code of $40–$7F (`None` for variables and small constants).
pub fn by_code(code: u8) -> Option<&'static OpInfo> {
    match code {
        0x40..=0x7F => Some(&OPS[(code - 0x40) as usize]),
        _ => None,
    }
}

/// The operation of a source mnemonic.
pub fn by_name(name: &str) -> Option<&'static OpInfo> {
    OPS.iter().find(|o| o.name == name)
}

/// True for the transparent branches `$46`, `$52`, `$53`, `$62`: they only move the
/// program counter, form no expression and keep the last expression's value.
#[inline(always)]
pub fn is_branch(code: u8) -> bool {
    matches!(code, IF_SHORT | GOTO | IF | CASE)
}

/// True for `$00`–`$3F`, which read V[code].
#[inline(always)]
pub fn is_variable(code: u8) -> bool {
    code <= VAR_LAST
}

/// True for `$80`–`$FF`, the constants −64…63.
#[inline(always)]
pub fn is_small_constant(code: u8) -> bool {
    code >= SMALL_CONST_FIRST
}

/// The value of a small constant code.
#[inline(always)]
pub fn small_constant(code: u8) -> i32 {
    code as i32 - CONST_BIAS
}

/// The small constant code of `v` (−64…63).
pub const fn small_constant_code(v: i32) -> u8 {
    (v + CONST_BIAS) as u8
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
