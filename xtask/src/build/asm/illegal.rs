//! Rewrites instruction forms that LLVM prints but no 68k can execute.
//!
//! Seen: `and.l #imm,%aN` (docs/toolchain.md, class C): AND, OR, EOR and the other
//! data-only instructions have no address-register operand. The rewrite borrows a data
//! register the instruction does not mention, with EXG (which leaves the flags alone):
//!     exg %dT,%aN ; and.l #imm,%dT ; exg %dT,%aN
//! The flags after the sequence are those of the operation on the same value, as LLVM
//! assumed. Anything else GNU as refuses stops the build at the assembler.

use super::{Insn, is_addr_reg};

/// Instructions whose operands must be data registers or memory, never address registers.
const DATA_ONLY: &[&str] = &[
    "and", "andi", "or", "ori", "eor", "eori", "not", "neg", "negx", "mulu", "muls", "divu", "divs", "lsl", "lsr",
    "asl", "asr", "rol", "ror", "ext", "extb", "swap",
];

/// `Ok(Some(sequence))` when `insn` was illegal and has a replacement, `Ok(None)` when it is
/// fine as it is.
pub fn rewrite(insn: &Insn) -> Result<Option<Vec<Insn>>, String> {
    let byte_with_addr = insn.size == "b" && insn.operands.iter().any(|o| is_addr_reg(o));
    let data_only_with_addr = DATA_ONLY.contains(&insn.base.as_str()) && insn.operands.iter().any(|o| is_addr_reg(o));
    if !byte_with_addr && !data_only_with_addr {
        return Ok(None);
    }
    let addr_regs: Vec<String> = insn.operands.iter().filter(|o| is_addr_reg(o)).cloned().collect();
    if addr_regs.iter().any(|r| r == "%sp" || r == "%a7") {
        return Err(format!("illegal instruction on the stack pointer: `{}`", insn.render().trim()));
    }
    let mentioned = insn.operands.join(" ");
    let mut temps = (0..8).map(|n| format!("%d{n}")).filter(|d| !mentioned.contains(d.as_str()));
    let mut before = Vec::new();
    let mut inner = insn.clone();
    let mut seen: Vec<(String, String)> = Vec::new();
    for a in addr_regs {
        if seen.iter().any(|(r, _)| *r == a) {
            continue;
        }
        let t = temps.next().ok_or_else(|| format!("no free data register for `{}`", insn.render().trim()))?;
        before.push(Insn::new("exg", "", &[&t, &a]));
        for op in inner.operands.iter_mut() {
            if *op == a {
                *op = t.clone();
            }
        }
        seen.push((a, t));
    }
    let mut seq = before.clone();
    seq.push(inner);
    seq.extend(before.into_iter().rev());
    Ok(Some(seq))
}

#[cfg(test)]
mod tests;
