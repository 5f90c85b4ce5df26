//! What each 68k instruction does to the condition codes (N, Z, V, C; X is tracked only in
//! that MOVE never touches it).
//!
//! The miscompilation this guards against (docs/toolchain.md, class B): after
//! register allocation LLVM inserts copies, spills, reloads and rematerialised constants
//! (`move`, `moveq`, `clr`) that it believes leave the flags alone, between the instruction
//! that sets the flags and the one that reads them. On the 68k they set N and Z and clear V
//! and C. LLVM never relies on a MOVE's own flags (it emits an explicit `tst`/`cmp`), so
//! such an instruction is a *clobber*: transparent in LLVM's model, destructive on the CPU.

use super::{Insn, is_addr_reg};

/// How an instruction writes the condition codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Write {
    /// Leaves N, Z, V, C unchanged (MOVEA, LEA, MOVEM, EXG, ADDA, branches...).
    None,
    /// Sets them on purpose: compares, arithmetic, calls (the callee leaves them undefined).
    Real,
    /// Sets them although the compiler assumed it would not (MOVE, MOVEQ, CLR).
    Clobber,
}

/// The condition-code behaviour of one instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effect {
    /// Reads N, Z, V or C (conditional branches, Scc, DBcc, ADDX/SUBX/NEGX, MOVE from CCR).
    pub reads: bool,
    pub write: Write,
}

const CONDITIONS: &[&str] =
    &["hi", "ls", "cc", "cs", "ne", "eq", "vc", "vs", "pl", "mi", "ge", "lt", "gt", "le", "hs", "lo"];

fn is_condition(s: &str) -> bool {
    CONDITIONS.contains(&s)
}

/// Is `base` a conditional branch (`bne`, `bhi`, ...)?
pub fn is_conditional_branch(base: &str) -> bool {
    base.strip_prefix('b').is_some_and(is_condition)
}

/// Is `base` a DBcc loop instruction (`dbf`, `dbra`, `dbne`, ...)?
pub fn is_dbcc(base: &str) -> bool {
    base == "dbra" || base == "dbf" || base == "dbt" || base.strip_prefix("db").is_some_and(is_condition)
}

/// Instructions that set the flags from their result, on purpose.
const PRODUCERS: &[&str] = &[
    "add", "addi", "addq", "sub", "subi", "subq", "and", "andi", "or", "ori", "eor", "eori", "not", "neg", "ext",
    "extb", "swap", "lsl", "lsr", "asl", "asr", "rol", "ror", "roxl", "roxr", "mulu", "muls", "divu", "divs", "divul",
    "divsl", "cmp", "cmpi", "cmpa", "cmpm", "cmp2", "tst", "btst", "bset", "bclr", "bchg", "tas", "chk", "chk2", "cas",
    "cas2", "abcd", "sbcd", "nbcd", "bfextu", "bfexts", "bfins", "bfset", "bfclr", "bfchg", "bftst", "bfffo", "jsr",
    "bsr", "trap", "trapv",
];

/// Instructions that leave N, Z, V and C alone.
const NEUTRAL: &[&str] = &[
    "movea",
    "lea",
    "pea",
    "movem",
    "exg",
    "adda",
    "suba",
    "link",
    "unlk",
    "nop",
    "rts",
    "rte",
    "rtr",
    "jmp",
    "bra",
    "illegal",
    "dbf",
    "dbra",
    "dbt",
    "st",
    "sf",
    "moveq_to_addr",
    "stop",
    "reset",
    "movec",
    "moves",
    "pack",
    "unpk",
];

/// Does the instruction read the extend flag X? (ADDX, SUBX, NEGX, ROXL, ROXR, BCD.)
pub fn reads_x(insn: &Insn) -> bool {
    matches!(insn.base.as_str(), "addx" | "subx" | "negx" | "roxl" | "roxr" | "abcd" | "sbcd" | "nbcd")
}

/// Does the instruction set X? Only arithmetic and shifts do; compares, tests, logic, moves,
/// multiplications and divisions leave it alone, although LLVM's model of the flags says
/// they define it (defect class "X from a compare", docs/toolchain.md).
pub fn sets_x(insn: &Insn) -> bool {
    let b = insn.base.as_str();
    let arith = matches!(
        b,
        "add"
            | "addi"
            | "addq"
            | "addx"
            | "sub"
            | "subi"
            | "subq"
            | "subx"
            | "neg"
            | "negx"
            | "asl"
            | "asr"
            | "lsl"
            | "lsr"
            | "roxl"
            | "roxr"
            | "abcd"
            | "sbcd"
            | "nbcd"
    );
    let to_ccr =
        matches!(b, "andi" | "ori" | "eori" | "move") && insn.dest().is_some_and(|d| d == "%ccr" || d == "%sr");
    (arith && !insn.dest().is_some_and(super::is_addr_reg)) || to_ccr || b == "jsr" || b == "bsr" || b == "trap"
}

/// `#123`, `#0x7b`, `#$7b` as a number.
fn parse_immediate(op: &str) -> Option<i64> {
    let v = op.strip_prefix('#')?;
    if let Some(h) = v.strip_prefix("0x").or_else(|| v.strip_prefix('$')) {
        i64::from_str_radix(h, 16).ok()
    } else {
        v.parse().ok()
    }
}

/// Classifies one instruction; `Err` names an instruction the pipeline does not know, which
/// it then refuses to pass (it cannot prove that instruction safe).
pub fn effect(insn: &Insn) -> Result<Effect, String> {
    let base = insn.base.as_str();
    let dest_is_addr = insn.dest().is_some_and(is_addr_reg);
    let touches = |reg: &str| insn.operands.iter().any(|o| o == reg);
    let e = |reads, write| Ok(Effect { reads, write });

    if is_conditional_branch(base) {
        return e(true, Write::None);
    }
    if let Some(cc) = base.strip_prefix('s') {
        if is_condition(cc) {
            return e(true, Write::None);
        }
    }
    if is_dbcc(base) {
        let reads = !matches!(base, "dbf" | "dbra" | "dbt");
        return e(reads, Write::None);
    }
    match base {
        "addx" | "subx" | "negx" => return e(true, Write::Real),
        "move" | "moveq" | "clr" | "mov3q" => {
            // Reading the CCR (to save the flags) depends on them; reading the whole SR is
            // done to save the interrupt mask, and does not.
            if insn.operands.first().is_some_and(|o| o == "%ccr") {
                return e(true, Write::None);
            }
            if insn.operands.first().is_some_and(|o| o == "%sr") {
                return e(false, Write::None);
            }
            if touches("%ccr") || insn.dest() == Some("%sr") {
                return e(false, Write::Real);
            }
            if dest_is_addr {
                return e(false, Write::None);
            }
            return e(false, Write::Clobber);
        }
        "add" | "sub" | "addq" | "subq" if dest_is_addr => return e(false, Write::None),
        "andi" | "ori" | "eori" if insn.dest().is_some_and(|d| d == "%ccr" || d == "%sr") => {
            // Changing only the interrupt mask (low byte kept) leaves the flags as they are.
            let imm = insn.operands.first().and_then(|o| parse_immediate(o));
            let keeps_flags = match (base, imm) {
                ("andi", Some(v)) => v & 0xff == 0xff,
                ("ori" | "eori", Some(v)) => v & 0xff == 0,
                _ => false,
            };
            return if keeps_flags && insn.dest() == Some("%sr") {
                e(false, Write::None)
            } else {
                e(true, Write::Real)
            };
        }
        _ => {}
    }
    if PRODUCERS.contains(&base) {
        return e(false, Write::Real);
    }
    if NEUTRAL.contains(&base) {
        return e(false, Write::None);
    }
    Err(format!("unknown instruction `{}`", insn.render().trim()))
}

#[cfg(test)]
mod tests;
