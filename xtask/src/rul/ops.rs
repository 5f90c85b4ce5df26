//! The RUL operations: mnemonic, code and operand layout, shared by the compiler and the
//! disassembler.

/// What follows an operation code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// An expression.
    Expr,
    /// An expression; a variable name here means its index (for `set`, `timer`, `for…`).
    VarRef,
    /// An 8-bit relative branch to a label.
    Rel8,
    /// A 16-bit relative branch to a label.
    Rel16,
    /// `[label …]`: a byte count then 16-bit offsets.
    Cases,
    /// `[n …]`: a byte count then 16-bit constants.
    Table16,
    /// `[n …]`: a byte count then 32-bit constants.
    Table32,
}

use Operand::*;

/// `(code, mnemonic, operands)` for $40–$7F except the constant forms $48/$49.
pub const OPS: &[(u8, &str, &[Operand])] = &[
    (0x40, "add", &[Expr, Expr]),
    (0x41, "sub", &[Expr, Expr]),
    (0x42, "mul", &[Expr, Expr]),
    (0x43, "div", &[Expr, Expr]),
    (0x44, "shl", &[Expr, Expr]),
    (0x45, "shr", &[Expr, Expr]),
    (0x46, "ifs", &[Expr, Rel8]),
    (0x47, "mod", &[Expr, Expr]),
    (0x4A, "eq", &[Expr, Expr]),
    (0x4B, "ne", &[Expr, Expr]),
    (0x4C, "lt", &[Expr, Expr]),
    (0x4D, "gt", &[Expr, Expr]),
    (0x4E, "le", &[Expr, Expr]),
    (0x4F, "ge", &[Expr, Expr]),
    (0x50, "call", &[Rel16]),
    (0x51, "ret", &[]),
    (0x52, "goto", &[Rel16]),
    (0x53, "if", &[Expr, Rel16]),
    (0x54, "not", &[Expr]),
    (0x55, "and", &[Expr, Expr]),
    (0x56, "or", &[Expr, Expr]),
    (0x57, "xor", &[Expr, Expr]),
    (0x58, "rnd16", &[]),
    (0x59, "rnd32", &[]),
    (0x5A, "var", &[Expr]),
    (0x5B, "set", &[VarRef, Expr]),
    (0x5C, "next", &[Expr]),
    (0x5D, "paused", &[]),
    (0x5E, "timer", &[VarRef]),
    (0x5F, "fall", &[Expr]),
    (0x60, "tab16", &[Expr, Table16]),
    (0x61, "tab32", &[Expr, Table32]),
    (0x62, "case", &[Expr, Cases]),
    (0x63, "push", &[Expr]),
    (0x64, "top", &[]),
    (0x65, "pop", &[]),
    (0x66, "abs", &[Expr]),
    (0x67, "sq", &[Expr]),
    (0x68, "rnd15", &[]),
    (0x69, "rnd31", &[]),
    (0x6A, "min", &[Expr, Expr]),
    (0x6B, "max", &[Expr, Expr]),
    (0x6C, "between", &[Expr, Expr, Expr]),
    (0x6D, "msg", &[]),
    (0x6E, "destroy", &[Expr, Expr]),
    (0x6F, "destroyloop", &[Expr, Expr]),
    (0x70, "size", &[]),
    (0x71, "cell", &[Expr, Expr]),
    (0x72, "height", &[Expr]),
    (0x73, "column", &[Expr]),
    (0x74, "foradjhex", &[VarRef, Expr, Expr]),
    (0x75, "foradj", &[VarRef, Expr, Expr]),
    (0x76, "forhex", &[VarRef, Expr]),
    (0x77, "forcell", &[VarRef, Expr]),
    (0x78, "marked", &[Expr, Expr]),
    (0x79, "flip", &[Expr, Expr]),
    (0x7A, "unmark", &[Expr, Expr]),
    (0x7B, "mark", &[Expr, Expr]),
    (0x7C, "piece", &[Expr]),
    (0x7D, "pattern", &[Expr]),
    (0x7E, "colour", &[Expr]),
    (0x7F, "nb", &[Expr, Expr]),
];

pub fn by_name(name: &str) -> Option<(u8, &'static [Operand])> {
    OPS.iter().find(|o| o.1 == name).map(|o| (o.0, o.2))
}

pub fn by_code(code: u8) -> Option<(&'static str, &'static [Operand])> {
    OPS.iter().find(|o| o.0 == code).map(|o| (o.1, o.2))
}

/// True for the branches, which form no expression.
pub fn transparent(code: u8) -> bool {
    matches!(code, 0x46 | 0x52 | 0x53 | 0x62)
}

/// Default keys: scancodes of the Atari keyboard, with the modifier byte values
/// (right shift 1, left shift 2, Control 4, Alternate 8) usable as `ctrl+Esc`.
pub const KEYS: &[(&str, u8)] = &[
    ("Esc", 0x01),
    ("1", 0x02),
    ("2", 0x03),
    ("3", 0x04),
    ("4", 0x05),
    ("5", 0x06),
    ("6", 0x07),
    ("7", 0x08),
    ("8", 0x09),
    ("9", 0x0A),
    ("0", 0x0B),
    ("Backspace", 0x0E),
    ("Tab", 0x0F),
    ("Q", 0x10),
    ("W", 0x11),
    ("E", 0x12),
    ("R", 0x13),
    ("T", 0x14),
    ("Y", 0x15),
    ("U", 0x16),
    ("I", 0x17),
    ("O", 0x18),
    ("P", 0x19),
    ("Return", 0x1C),
    ("A", 0x1E),
    ("S", 0x1F),
    ("D", 0x20),
    ("F", 0x21),
    ("G", 0x22),
    ("H", 0x23),
    ("J", 0x24),
    ("K", 0x25),
    ("L", 0x26),
    ("Z", 0x2C),
    ("X", 0x2D),
    ("C", 0x2E),
    ("V", 0x2F),
    ("B", 0x30),
    ("N", 0x31),
    ("M", 0x32),
    ("Space", 0x39),
    ("F1", 0x3B),
    ("F2", 0x3C),
    ("F3", 0x3D),
    ("F4", 0x3E),
    ("F5", 0x3F),
    ("F6", 0x40),
    ("F7", 0x41),
    ("F8", 0x42),
    ("F9", 0x43),
    ("F10", 0x44),
    ("ClrHome", 0x47),
    ("Up", 0x48),
    ("KpMinus", 0x4A),
    ("Left", 0x4B),
    ("Right", 0x4D),
    ("KpPlus", 0x4E),
    ("Down", 0x50),
    ("Insert", 0x52),
    ("Delete", 0x53),
    ("Undo", 0x61),
    ("Help", 0x62),
    ("KpEnter", 0x72),
];

pub const MODIFIERS: &[(&str, u8)] = &[("rshift", 1), ("lshift", 2), ("ctrl", 4), ("alt", 8)];
