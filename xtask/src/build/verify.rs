//! The last gate of the build: disassembles the linked program and refuses it, naming
//! function and offset, if a condition-code hazard or an instruction the 68030 lacks is in
//! it. It checks the bytes that ship, independently of what the repair step believed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use crate::build::asm::{Insn, Line, flow, split_operands};

/// Symbols of GCC's libgcc. GCC models the flags MOVE sets and relies on them on purpose, so
/// the hazard rule (which is about LLVM's blind spot) does not apply to its code; it is
/// still checked for instructions the 68030 lacks.
fn libgcc_symbols() -> BTreeSet<String> {
    let Ok(out) = Command::new(crate::build::toolchain::NM).arg(crate::build::toolchain::LIBGCC).output() else {
        return BTreeSet::new();
    };
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2).map(str::to_string))
        .collect()
}

/// Symbols of our hand-written assembly (`programs::hand_written_asm`, whose objects the
/// pipeline leaves next to the ELF). Like GCC, a person writing 68k assembly relies on the
/// flags MOVE sets on purpose (`move.b (a0)+,d0; beq`): the hazard rule, which is about
/// LLVM's model of MOVE, does not apply to them; they are still checked for instructions
/// the 68030 lacks.
fn hand_written_symbols(elf: &Path) -> BTreeSet<String> {
    let Some(dir) = elf.parent() else { return BTreeSet::new() };
    let mut out = BTreeSet::new();
    for src in super::programs::hand_written_asm() {
        let stem = Path::new(src).file_stem().unwrap().to_string_lossy().to_string();
        let obj = dir.join(format!("{stem}.o"));
        let Ok(o) = Command::new(crate::build::toolchain::NM).arg(&obj).output() else { continue };
        out.extend(
            String::from_utf8_lossy(&o.stdout).lines().filter_map(|l| l.split_whitespace().nth(2).map(str::to_string)),
        );
    }
    out
}

/// Disassembles `elf` (GNU objdump for the 68030) and checks it.
pub fn verify_elf(elf: &Path) -> Result<(), String> {
    let out = Command::new(crate::build::toolchain::OBJDUMP)
        .args(["-d", "--no-show-raw-insn", "-m", "m68k:68030", "-j", ".text"])
        .arg(elf)
        .output()
        .map_err(|e| format!("{}: {e}", crate::build::toolchain::OBJDUMP))?;
    if !out.status.success() {
        return Err(format!("objdump failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let mut trusted = libgcc_symbols();
    trusted.extend(hand_written_symbols(elf));
    verify_disassembly(&String::from_utf8_lossy(&out.stdout), &trusted)
}

/// Sizes objdump appends to mnemonics (`movel`, `beqs`, `bral`).
const SIZES: &[char] = &['b', 'w', 'l', 's'];

/// Splits an objdump mnemonic into base and size.
fn split_mnemonic(m: &str) -> (String, String) {
    let known = |b: &str| {
        let i = Insn::new(b, "", &[]);
        crate::build::asm::flags::effect(&i).is_ok() || b == "move" || b == "clr"
    };
    if known(m) {
        return (m.to_string(), String::new());
    }
    if let Some(last) = m.chars().last() {
        if SIZES.contains(&last) && known(&m[..m.len() - 1]) {
            return (m[..m.len() - 1].to_string(), last.to_string());
        }
    }
    (m.to_string(), String::new())
}

/// Checks objdump's text; `Err` lists every problem found.
pub fn verify_disassembly(text: &str, gcc_compiled: &BTreeSet<String>) -> Result<(), String> {
    // Pass 1: instructions by address, symbol labels, branch targets.
    struct Row {
        addr: u64,
        insn: Insn,
        raw: String,
    }
    let mut rows: Vec<Row> = Vec::new();
    let mut symbols: BTreeMap<u64, String> = BTreeMap::new();
    let mut targets: BTreeSet<u64> = BTreeSet::new();
    let mut problems = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        // "00000000 <_start>:"
        if let Some((addr, rest)) = t.split_once(" <") {
            if let (Ok(a), Some(name)) = (u64::from_str_radix(addr, 16), rest.strip_suffix(">:")) {
                symbols.insert(a, name.to_string());
                continue;
            }
        }
        // "   2:\tbnes 1a <.LBB0_1>"
        let Some((addr, body)) = t.split_once(":\t") else { continue };
        let Ok(addr) = u64::from_str_radix(addr.trim(), 16) else { continue };
        let body = body.trim();
        let (mnemonic, ops) = match body.split_once(' ') {
            Some((m, o)) => (m, o.trim()),
            None => (body, ""),
        };
        // The NatFeats opcodes (src/runtime/traps.s) are no 68030 instruction: the emulator
        // traps them, and nf_probe catches them on a real machine.
        if mnemonic == ".short" && (ops == "0x7300" || ops == "0x7301") {
            rows.push(Row { addr, insn: Insn::new("nop", "", &[]), raw: body.to_string() });
            continue;
        }
        if mnemonic.starts_with('.') {
            problems.push(format!("{addr:#x}: not an instruction: `{body}`"));
            continue;
        }
        let (base, size) = split_mnemonic(mnemonic);
        // Branch targets: "1a <.LBB0_1>" or "1a <f+0x12>": keep the address.
        let mut operands = split_operands(ops);
        let is_branch = base.starts_with('b') || base.starts_with("db") || base == "jmp" || base == "jsr";
        if is_branch {
            if let Some(last) = operands.last_mut() {
                let first = last.split_whitespace().next().unwrap_or("").to_string();
                if let Ok(a) = u64::from_str_radix(&first, 16) {
                    if last.contains('<') {
                        targets.insert(a);
                        *last = format!("0x{a:x}");
                    }
                }
            }
        }
        rows.push(Row { addr, insn: Insn { base, size, operands }, raw: body.to_string() });
    }

    // Pass 2: lines for the flow analysis; every symbol and branch target becomes a label
    // (targets by address, named `0x..`, symbols also by address so branches find them).
    let mut lines: Vec<Line> = Vec::new();
    let mut addr_of_line: Vec<u64> = Vec::new();
    for row in &rows {
        if let Some(name) = symbols.get(&row.addr) {
            lines.push(Line::Label(name.clone()));
            addr_of_line.push(row.addr);
        }
        if targets.contains(&row.addr) || symbols.contains_key(&row.addr) {
            lines.push(Line::Label(format!("0x{:x}", row.addr)));
            addr_of_line.push(row.addr);
        }
        lines.push(Line::Insn(row.insn.clone()));
        addr_of_line.push(row.addr);
    }
    let enclosing = |i: usize| -> Option<&String> { symbols.range(..=addr_of_line[i]).next_back().map(|(_, n)| n) };
    let location = |i: usize| -> String {
        let addr = addr_of_line[i];
        match symbols.range(..=addr).next_back() {
            Some((a, name)) => format!("{name}+{:#x}", addr - a),
            None => format!("{addr:#x}"),
        }
    };
    let raw_of = |i: usize| -> String {
        rows.iter().find(|r| r.addr == addr_of_line[i]).map(|r| r.raw.clone()).unwrap_or_default()
    };
    for row in &rows {
        // No integer instruction of the 68k starts with f.
        if row.insn.base.starts_with('f') {
            problems.push(format!("{:#x}: floating-point instruction `{}` (the Falcon has no FPU)", row.addr, row.raw));
        }
    }
    let analysis = flow::analyse(&lines);
    for (i, why) in &analysis.unknown {
        problems.push(format!("{}: {why} (`{}`)", location(*i), raw_of(*i)));
    }
    for h in &analysis.hazards {
        if enclosing(h.line).is_some_and(|n| gcc_compiled.contains(n)) {
            continue;
        }
        problems.push(format!("{}: condition codes clobbered while live by `{}`", location(h.line), raw_of(h.line)));
    }
    for h in &analysis.x_hazards {
        if enclosing(h.line).is_some_and(|n| gcc_compiled.contains(n)) {
            continue;
        }
        problems.push(format!(
            "{}: `{}` does not set the X flag a later ADDX/SUBX/NEGX reads",
            location(h.line),
            raw_of(h.line)
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("the binary fails verification:\n  {}", problems.join("\n  ")))
    }
}

#[cfg(test)]
mod tests;
