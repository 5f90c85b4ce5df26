//! Widens word immediates that LLVM loads into address registers as if unsigned.
//!
//! Found at opt-level s: `move.w #32768, %a3` for the 32-bit constant 32768 (the `N as u64`
//! of a benchmark line, printed as 4294934528). MOVEA.W sign-extends its source to 32
//! bits, so `#32768`..`#65535` give $FFFF8000..$FFFFFFFF, not the number written. LLVM prints
//! an immediate by its value: a 16-bit constant with the high bit set would appear as a
//! negative number, so a printed value of 32768 or more in a word move to an address
//! register is a 32-bit constant that does not fit the sign-extended form. The long form
//! loads the number written; the low word is the same, so a use of only the low word is
//! unaffected. MOVEA leaves the flags alone in both sizes.

use super::{Insn, is_addr_reg};

/// The value of a `#` immediate written in decimal or `0x` hex.
fn immediate(op: &str) -> Option<i64> {
    let v = op.strip_prefix('#')?;
    let (neg, v) = match v.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, v),
    };
    let n = match v.strip_prefix("0x") {
        Some(hex) => i64::from_str_radix(hex, 16).ok()?,
        None => v.parse::<i64>().ok()?,
    };
    Some(if neg { -n } else { n })
}

/// `Some(long move)` when `insn` is a word move of an immediate in 32768..=65535 into an
/// address register; `None` otherwise.
pub fn rewrite(insn: &Insn) -> Option<Insn> {
    let is_move = insn.base == "move" || insn.base == "movea";
    if !is_move || insn.size != "w" || insn.operands.len() != 2 || !is_addr_reg(&insn.operands[1]) {
        return None;
    }
    let v = immediate(&insn.operands[0])?;
    if !(0x8000..=0xFFFF).contains(&v) {
        return None;
    }
    let mut long = insn.clone();
    long.size = "l".into();
    Some(long)
}

#[cfg(test)]
mod tests;
