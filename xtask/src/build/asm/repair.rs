//! Repairs LLVM's assembly so it means what LLVM meant.
//!
//! 0. Symbols whose names end in what GNU as reads as a size (`.Lvtable.l`) are renamed
//!    (`symbols`).
//! 1. Illegal instruction forms are rewritten (`illegal`), word immediates of 32768..65535
//!    loaded into address registers are widened to long (`widen`).
//! 2. Every clobber at a point where the flags are live (`flow`) is made flag-neutral:
//!    - a long move between a data register and memory becomes MOVEM.L (and a word store
//!      MOVEM.W), which does the same transfer without touching the flags;
//!    - anything else is wrapped in `move.w %ccr,-(%sp)` / `move.w (%sp)+,%ccr` (68010+),
//!      with stack-relative operands inside the wrapped instruction moved up by 2 bytes.
//!
//!    An instruction that cannot be rewritten safely (it pushes, pops or reads %sp itself)
//!    stops the build with its function and text.
//! 3. The analysis runs again on the result and must find nothing.

use super::flags;
use super::flow::{self, Hazard};
use super::{Insn, Line, illegal, is_data_reg, parse_line, symbols, widen};

/// What a repair did, for the build report.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Report {
    pub illegal_rewritten: usize,
    pub movem_rewrites: usize,
    pub ccr_wraps: usize,
    pub x_fixes: usize,
    pub word_immediates_widened: usize,
    pub symbols_renamed: usize,
}

/// A failure, naming the function and instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct RepairError(pub String);

impl std::fmt::Display for RepairError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Repairs the whole assembly text.
pub fn repair(text: &str) -> Result<(String, Report), RepairError> {
    let mut report = Report::default();
    let (text, renamed) = symbols::rename(text);
    report.symbols_renamed = renamed;
    let mut lines: Vec<Line> = Vec::new();
    for raw in text.lines() {
        let t = raw.trim_start();
        // LLVM's inline-asm markers are comments to it but not to GNU as.
        if t.starts_with(";APP") || t.starts_with(";NO_APP") {
            continue;
        }
        match parse_line(raw) {
            Line::Insn(mut insn) => {
                for op in insn.operands.iter_mut() {
                    *op = absolute_hex(op);
                }
                long_branch_to_function(&mut insn);
                if let Some(long) = widen::rewrite(&insn) {
                    report.word_immediates_widened += 1;
                    insn = long;
                }
                match illegal::rewrite(&insn).map_err(RepairError)? {
                    Some(seq) => {
                        report.illegal_rewritten += 1;
                        lines.extend(seq.into_iter().map(Line::Insn));
                    }
                    None => lines.push(Line::Insn(insn)),
                }
            }
            other => lines.push(other),
        }
    }

    let analysis = flow::analyse(&lines);
    if let Some((i, why)) = analysis.unknown.first() {
        return Err(RepairError(format!("{why} in {}: cannot prove it safe", function_at(&lines, *i))));
    }
    let mut replacement: Vec<Option<Vec<Line>>> = vec![None; lines.len()];
    // X := C right after each producer whose X a later ADDX/SUBX/NEGX takes (as LLVM assumed).
    for (k, Hazard { line, .. }) in analysis.x_hazards.iter().enumerate() {
        report.x_fixes += 1;
        let mut seq = vec![lines[*line].clone()];
        seq.extend(x_from_carry(k));
        replacement[*line] = Some(seq);
    }
    for Hazard { line, function } in &analysis.hazards {
        let Line::Insn(insn) = &lines[*line] else { unreachable!() };
        let seq = if let Some(m) = as_movem(insn) {
            report.movem_rewrites += 1;
            vec![m]
        } else {
            report.ccr_wraps += 1;
            wrap(insn).map_err(|why| RepairError(format!("{why} in {function}")))?
        };
        replacement[*line] = Some(seq.into_iter().map(Line::Insn).collect());
    }
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    for (line, rep) in lines.into_iter().zip(replacement) {
        match rep {
            Some(seq) => out.extend(seq),
            None => out.push(line),
        }
    }

    let again = flow::analyse(&out);
    if let Some(h) = again.hazards.first().or(again.x_hazards.first()) {
        return Err(RepairError(format!("hazard left after repair in {}: {}", h.function, render(&out[h.line]))));
    }
    let mut text = String::new();
    for line in &out {
        match line {
            Line::Insn(insn) => text.push_str(&relaxable(insn).render()),
            other => text.push_str(&render(other)),
        }
        text.push('\n');
    }
    Ok((text, report))
}

/// GNU as gives a plain `bne .L1` a 16-bit displacement and refuses a target more than
/// 32 KiB away (some functions are that large); its `jbne` form picks the 8-, 16- or 32-bit
/// displacement the distance needs. Used for every branch whose size LLVM left open.
fn relaxable(insn: &Insn) -> Insn {
    let b = insn.base.as_str();
    let branch = b == "bra" || b == "bsr" || flags::is_conditional_branch(b);
    if branch && insn.size.is_empty() { Insn { base: format!("j{b}"), ..insn.clone() } } else { insn.clone() }
}

/// A branch to a function (a tail call: `bra f`, `bne f`) may cross sections placed more
/// than 32 KiB apart, where GNU as' 16-bit form does not reach. The 68020+ has a 32-bit
/// displacement (`bra.l`): use it for every branch whose target is not a local label.
fn long_branch_to_function(insn: &mut Insn) {
    let b = insn.base.as_str();
    let branch = b == "bra" || b == "bsr" || flags::is_conditional_branch(b);
    if branch && insn.size.is_empty() && insn.operands.first().is_some_and(|t| !t.starts_with('.')) {
        insn.size = "l".into();
    }
}

/// LLVM prints absolute addresses as 64-bit hex with a `$` (`$fffffffffffffa17` for the MFP
/// register $FFFFFA17); GNU as reads `$...` as a symbol. Rewrites them as 32-bit `0x...`.
fn absolute_hex(op: &str) -> String {
    let mut out = String::new();
    let mut rest = op;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let end = after.find(|c: char| !c.is_ascii_hexdigit()).unwrap_or(after.len());
        match u64::from_str_radix(&after[..end], 16) {
            Ok(v) if end > 0 => out.push_str(&format!("0x{:x}", v as u32)),
            _ => out.push_str(&rest[i..i + 1 + end]),
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

fn render(line: &Line) -> String {
    match line {
        Line::Label(l) => format!("{l}:"),
        Line::Insn(i) => i.render(),
        Line::Other(o) => o.clone(),
    }
}

fn function_at(lines: &[Line], i: usize) -> String {
    lines[..=i]
        .iter()
        .rev()
        .find_map(|l| match l {
            Line::Label(n) if flow::is_function_label(n) => Some(n.clone()),
            _ => None,
        })
        .unwrap_or_else(|| "?".into())
}

/// Copies C into X, leaving N, Z, V, C alone (branches and ORI/ANDI to CCR touch nothing
/// else). The k-th fix gets labels `.Lfalcon_x{k}_clear` and `.Lfalcon_x{k}_done`.
fn x_from_carry(k: usize) -> Vec<Line> {
    let clear = format!(".Lfalcon_x{k}_clear");
    let done = format!(".Lfalcon_x{k}_done");
    vec![
        Line::Insn(Insn::new("bcc", "", &[&clear])),
        Line::Insn(Insn::new("ori", "b", &["#16", "%ccr"])),
        Line::Insn(Insn::new("bra", "", &[&done])),
        Line::Label(clear),
        Line::Insn(Insn::new("andi", "b", &["#-17", "%ccr"])),
        Line::Label(done),
    ]
}

/// Is the operand a memory operand MOVEM accepts in this direction?
fn movem_memory(op: &str, store: bool) -> bool {
    if op.starts_with('#') || op.starts_with('%') {
        return false;
    }
    if op.starts_with("-(") {
        return store;
    }
    if op.ends_with(")+") {
        return !store;
    }
    // (An), (d,An), (d,An,Xn), absolute, and for loads (d,PC): control addressing modes.
    store && !op.contains("%pc") || !store
}

/// `move.l %dN,<mem>` / `move.l <mem>,%dN` / `move.w %dN,<mem>` as the equivalent MOVEM.
fn as_movem(insn: &Insn) -> Option<Insn> {
    if insn.base != "move" || insn.operands.len() != 2 {
        return None;
    }
    let (src, dst) = (&insn.operands[0], &insn.operands[1]);
    let ok = match insn.size.as_str() {
        "l" => (is_data_reg(src) && movem_memory(dst, true)) || (is_data_reg(dst) && movem_memory(src, false)),
        // MOVEM.W to a register sign-extends it: only the store is equivalent.
        "w" => is_data_reg(src) && movem_memory(dst, true),
        _ => false,
    };
    ok.then(|| Insn { base: "movem".into(), size: insn.size.clone(), operands: insn.operands.clone() })
}

/// Saves the flags around one instruction, adjusting stack-relative operands.
fn wrap(insn: &Insn) -> Result<Vec<Insn>, String> {
    let mut inner = insn.clone();
    for op in inner.operands.iter_mut() {
        *op = shift_sp_operand(op).map_err(|why| format!("{why}: `{}`", insn.render().trim()))?;
    }
    Ok(vec![Insn::new("move", "w", &["%ccr", "-(%sp)"]), inner, Insn::new("move", "w", &["(%sp)+", "%ccr"])])
}

/// `(d,%sp...)` → `(d+2,%sp...)`, `(%sp)` → `(2,%sp)`; refuses operands that move or
/// expose %sp.
fn shift_sp_operand(op: &str) -> Result<String, String> {
    let uses_sp = op.contains("%sp") || op.contains("%a7");
    if !uses_sp {
        return Ok(op.to_string());
    }
    if op == "%sp" || op == "%a7" || op.starts_with("-(") || op.ends_with(")+") {
        return Err("cannot save the flags around an instruction that moves the stack pointer".into());
    }
    if op == "(%sp)" || op == "(%a7)" {
        return Ok("(2,%sp)".into());
    }
    // (d,%sp) or (d,%sp,%xN.s*k): the displacement is the first field.
    if let Some(inner) = op.strip_prefix('(').and_then(|s| s.strip_suffix(')')) {
        let mut fields: Vec<&str> = inner.split(',').collect();
        if fields.len() >= 2 && (fields[1] == "%sp" || fields[1] == "%a7") {
            let d: i64 =
                fields[0].trim().parse().map_err(|_| format!("displacement `{}` is not a number", fields[0]))?;
            let shifted = (d + 2).to_string();
            fields[0] = &shifted;
            return Ok(format!("({})", fields.join(",")));
        }
        if fields.first().is_some_and(|f| *f == "%sp" || *f == "%a7") && fields.len() >= 2 {
            return Ok(format!("(2,{})", fields.join(",")));
        }
    }
    Err(format!("unrecognised stack operand `{op}`"))
}

#[cfg(test)]
mod tests;
