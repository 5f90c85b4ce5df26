//! Puts back in register order the spills and reloads LLVM's MOVEM collapser merged out of
//! order (class M, docs/toolchain.md).
//!
//! LLVM's M68k backend spills and reloads registers with single-register MOVEMs (MOVEM does
//! not touch the flags); its last pass before printing, `M68kCollapseMOVEM`, merges a run of
//! them at consecutive stack offsets into one MOVEM. A MOVEM always stores the lowest
//! register at the lowest address, so a run may only grow downwards with a register below
//! all those already merged. The pass checks `new mask < merged mask` instead: with a4 at
//! 256, a0 at 252, then a1 at 248, it accepts a1 (0x0200 < 0x1100) and prints
//! `movem.l %a0-%a1/%a4, (248,%sp)`, which stores a0 at 248 and a1 at 252: the two values
//! trade places, and every later reload gets the wrong one. Only merges of three or more
//! registers can go wrong.
//!
//! The printed assembly no longer says in which order the registers were meant, so the
//! repair asks LLVM: for the functions that contain such a merge, code generation runs
//! again (a child `cargo xtask codegen`, the same bitcode and barriers, so the same code)
//! with `-print-before=m68k-collapse-movem`, which prints the machine code before the
//! merge. Replaying the pass on it gives each merged MOVEM's true register-to-slot map; a
//! merge whose map differs from the hardware's order is rewritten as the single MOVEMs it
//! was made of. The MOVEMs of the dump and of the assembly must agree one for one, or the
//! build stops.

use std::collections::BTreeMap;
use std::path::Path;

/// A MOVEM of the machine code before the collapser (32-bit forms only: the pass merges
/// nothing else, and anything else ends a run).
#[derive(Clone, Debug, PartialEq)]
struct Movem {
    load: bool,
    base: String,
    offset: i32,
    mask: u16,
}

/// One instruction of a block, as the collapser sees it.
#[derive(Clone, Debug, PartialEq)]
enum Item {
    Movem(Movem),
    Other,
}

/// What the collapser printed for a run, and what the run meant.
#[derive(Clone, Debug, PartialEq)]
struct Merged {
    load: bool,
    base: String,
    /// The lowest offset (the printed instruction's displacement).
    start: i32,
    mask: u16,
    /// Register number (0–7 d0–d7, 8–15 a0–a7) and its slot, as LLVM meant them.
    meant: Vec<(u8, i32)>,
}

impl Merged {
    /// The slots the printed MOVEM actually uses: registers in ascending order from `start`.
    fn hardware(&self) -> Vec<(u8, i32)> {
        let mut regs: Vec<u8> = (0..16).filter(|r| self.mask & (1 << r) != 0).collect();
        regs.sort_unstable();
        regs.iter().enumerate().map(|(i, &r)| (r, self.start + 4 * i as i32)).collect()
    }

    fn is_wrong(&self) -> bool {
        let mut meant = self.meant.clone();
        meant.sort_by_key(|&(_, o)| o);
        meant != self.hardware()
    }
}

fn register_name(r: u8) -> String {
    if r < 8 { format!("%d{r}") } else { format!("%a{}", r - 8) }
}

/// The register number of `%d3`, `%a5`, `%sp`, `%fp`.
fn register_number(name: &str) -> Option<u8> {
    match name {
        "%sp" => Some(15),
        "%fp" => Some(14),
        _ => {
            let b = name.as_bytes();
            if b.len() == 3 && b[0] == b'%' && (b'0'..=b'7').contains(&b[2]) {
                match b[1] {
                    b'd' => Some(b[2] - b'0'),
                    b'a' => Some(8 + b[2] - b'0'),
                    _ => None,
                }
            } else {
                None
            }
        }
    }
}

/// The mask of a register list `%d1/%d4-%d5/%a0`.
fn register_list_mask(list: &str) -> Option<u16> {
    let mut mask = 0u16;
    for part in list.split('/') {
        let (a, b) = part.split_once('-').unwrap_or((part, part));
        let (a, b) = (register_number(a.trim())?, register_number(b.trim())?);
        for r in a.min(b)..=a.max(b) {
            mask |= 1 << r;
        }
    }
    Some(mask)
}

/// One printed `movem.l` with a register list and a `(d,%base)` operand.
#[derive(Clone, Debug, PartialEq)]
struct Printed {
    line: usize,
    load: bool,
    base: String,
    offset: i32,
    mask: u16,
}

/// `movem.l %a0-%a1/%a4, (248,%sp)` or `movem.l (248,%sp), %a0-%a1/%a4`.
fn parse_printed(line: usize, text: &str) -> Option<Printed> {
    let t = text.trim();
    let rest = t.strip_prefix("movem.l")?.trim();
    let (load, mem, list) = if rest.starts_with('(') {
        let (mem, list) = rest.split_once("),")?;
        (true, mem.trim_start_matches('('), list.trim())
    } else {
        let (list, mem) = rest.split_once(", (")?;
        (false, mem.trim_end_matches(')'), list.trim())
    };
    let (offset, base) = mem.split_once(',').map_or(("0", mem), |(o, b)| (o, b));
    Some(Printed {
        line,
        load,
        base: base.trim().to_string(),
        offset: offset.trim().parse().ok()?,
        mask: register_list_mask(list)?,
    })
}

/// The functions of an assembly text (label lines at column 0 that `.type` marks as a
/// function) and, for each, its printed multi-register MOVEMs.
fn printed_by_function(asm: &str) -> BTreeMap<String, Vec<Printed>> {
    let mut functions: Vec<String> = Vec::new();
    for line in asm.lines() {
        if let Some(rest) = line.trim().strip_prefix(".type") {
            if let Some(name) = rest.trim().strip_suffix(",@function") {
                functions.push(name.trim().to_string());
            }
        }
    }
    let mut out: BTreeMap<String, Vec<Printed>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for (i, line) in asm.lines().enumerate() {
        if let Some(name) = line.strip_suffix(':') {
            if functions.iter().any(|f| f == name) {
                current = Some(name.to_string());
            }
            continue;
        }
        if let (Some(f), Some(p)) = (&current, parse_printed(i, line)) {
            if p.mask.count_ones() >= 2 {
                out.entry(f.clone()).or_default().push(p);
            }
        }
    }
    out
}

/// The functions whose assembly holds a merge of three or more registers outside the
/// prologue and epilogue (the only merges that can be out of order).
fn suspects(asm: &str) -> Vec<String> {
    let lines: Vec<&str> = asm.lines().collect();
    let mut out = Vec::new();
    for (f, printed) in printed_by_function(asm) {
        let frame = |p: &Printed| {
            let prev = lines.get(p.line.wrapping_sub(1)).map_or("", |l| l.trim());
            let next = lines.get(p.line + 1).map_or("", |l| l.trim());
            prev.starts_with("suba.l") || next.starts_with("adda.l") || next.starts_with("rts")
        };
        if printed.iter().any(|p| p.mask.count_ones() >= 3 && !frame(p)) {
            out.push(f);
        }
    }
    out
}

/// The operands of a MIR instruction line after its opcode, split at commas, up to the
/// implicit operands and memory operands.
fn mir_operands(rest: &str) -> Vec<String> {
    let rest = rest.split(" :: ").next().unwrap_or(rest);
    rest.split(',').map(|s| s.trim().to_string()).take_while(|s| !s.starts_with("implicit")).collect()
}

/// One instruction line of a MIR dump (inside a block).
fn parse_mir_instruction(line: &str) -> Item {
    let mut t = line.trim();
    for flag in ["frame-setup ", "frame-destroy "] {
        t = t.strip_prefix(flag).unwrap_or(t);
    }
    let Some((opcode, rest)) = t.split_once(' ') else { return Item::Other };
    let ops = mir_operands(rest);
    let num = |s: &String| s.parse::<i64>().ok();
    let movem = match (opcode, ops.as_slice()) {
        ("MOVM32pm", [off, base, mask]) => Some((false, base, num(off), num(mask))),
        ("MOVM32mp", [mask, off, base]) => Some((true, base, num(off), num(mask))),
        ("MOVM32jm", [base, mask]) => Some((false, base, Some(0), num(mask))),
        ("MOVM32mj", [mask, base]) => Some((true, base, Some(0), num(mask))),
        _ => None,
    };
    match movem {
        Some((load, base, Some(offset), Some(mask))) => {
            Item::Movem(Movem { load, base: base.clone(), offset: offset as i32, mask: mask as u16 })
        }
        _ => Item::Other,
    }
}

/// The blocks of each function of a `-print-before=m68k-collapse-movem` dump.
fn parse_mir(dump: &str) -> BTreeMap<String, Vec<Vec<Item>>> {
    let mut out: BTreeMap<String, Vec<Vec<Item>>> = BTreeMap::new();
    let mut function: Option<String> = None;
    let mut in_block = false;
    for line in dump.lines() {
        if let Some(rest) = line.strip_prefix("# Machine code for function ") {
            let name = rest.split(':').next().unwrap_or("").trim().to_string();
            out.insert(name.clone(), Vec::new());
            function = Some(name);
            in_block = false;
            continue;
        }
        if line.starts_with("# End machine code for function") {
            function = None;
            in_block = false;
            continue;
        }
        let Some(f) = &function else { continue };
        if line.starts_with("bb.") {
            if let Some(blocks) = out.get_mut(f) {
                blocks.push(Vec::new());
            }
            in_block = true;
            continue;
        }
        let t = line.trim();
        if !in_block || !line.starts_with("  ") || t.is_empty() || t.starts_with('#') {
            continue;
        }
        if t.starts_with("successors:") || t.starts_with("liveins:") || t.starts_with("predecessors:") {
            continue;
        }
        if let Some(block) = out.get_mut(f).and_then(|b| b.last_mut()) {
            block.push(parse_mir_instruction(line));
        }
    }
    out
}

/// Replays `M68kCollapseMOVEM` on one function's blocks, its flaw included: the merged runs
/// (two instructions or more), and multi-register MOVEMs left alone, in printing order.
fn replay(blocks: &[Vec<Item>]) -> Vec<Merged> {
    let mut out = Vec::new();
    for block in blocks {
        // The run so far, and its highest offset.
        let mut run: Option<(Merged, i32)> = None;
        let finish = |run: &mut Option<(Merged, i32)>, out: &mut Vec<Merged>| {
            if let Some((m, _)) = run.take() {
                if m.meant.len() >= 2 || m.mask.count_ones() >= 2 {
                    out.push(m);
                }
            }
        };
        for item in block {
            let Item::Movem(mv) = item else {
                finish(&mut run, &mut out);
                continue;
            };
            let joined = match &mut run {
                Some((m, stop)) if m.load == mv.load && m.base == mv.base => {
                    // The pass: "descending" when the new mask is below the merged mask as a
                    // number, "ascending" when above; equal masks end the run.
                    if mv.mask < m.mask && mv.offset == m.start - 4 {
                        m.start -= 4;
                        m.mask |= mv.mask;
                        m.meant.extend(single_registers(mv));
                        true
                    } else if mv.mask > m.mask && mv.offset == *stop + 4 {
                        *stop += 4;
                        m.mask |= mv.mask;
                        m.meant.extend(single_registers(mv));
                        true
                    } else {
                        false
                    }
                }
                _ => false,
            };
            if !joined {
                finish(&mut run, &mut out);
                // A run starts only on the stack, base (a5) or frame (a6) register.
                if ["$sp", "$a7", "$a5", "$a6"].contains(&mv.base.as_str()) {
                    let m = Merged {
                        load: mv.load,
                        base: mv.base.clone(),
                        start: mv.offset,
                        mask: mv.mask,
                        meant: single_registers(mv),
                    };
                    run = Some((m, mv.offset));
                }
            }
        }
        finish(&mut run, &mut out);
    }
    out
}

/// A single-register MOVEM's register and slot (a frame MOVEM of several registers: its
/// registers in hardware order).
fn single_registers(mv: &Movem) -> Vec<(u8, i32)> {
    (0..16u8).filter(|r| mv.mask & (1 << r) != 0).enumerate().map(|(i, r)| (r, mv.offset + 4 * i as i32)).collect()
}

/// Rewrites, in `asm`, the out-of-order merges of `functions` given the machine code
/// before the collapser (`dump`); the number of MOVEMs rewritten.
fn rewrite(asm: &str, dump: &str, functions: &[String]) -> Result<(String, usize), String> {
    let mir = parse_mir(dump);
    let printed = printed_by_function(asm);
    let mut replacement: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for f in functions {
        let blocks = mir.get(f).ok_or_else(|| format!("no machine code for {f} in LLVM's dump"))?;
        let merged = replay(blocks);
        let shown = printed.get(f).cloned().unwrap_or_default();
        if merged.len() != shown.len() {
            return Err(format!(
                "{f}: {} multi-register MOVEMs in LLVM's machine code, {} in its assembly",
                merged.len(),
                shown.len()
            ));
        }
        for (m, p) in merged.iter().zip(&shown) {
            let base = m.base.trim_start_matches('$');
            if m.load != p.load || m.mask != p.mask || m.start != p.offset || base != p.base.trim_start_matches('%') {
                return Err(format!("{f}: LLVM's machine code {m:?} does not match its assembly {p:?}"));
            }
            if m.is_wrong() {
                let lines = m
                    .meant
                    .iter()
                    .map(|&(r, o)| {
                        if m.load {
                            format!("\tmovem.l\t({o},{}), {}", p.base, register_name(r))
                        } else {
                            format!("\tmovem.l\t{}, ({o},{})", register_name(r), p.base)
                        }
                    })
                    .collect();
                replacement.insert(p.line, lines);
            }
        }
    }
    let mut out = String::with_capacity(asm.len() + 64 * replacement.len());
    for (i, line) in asm.lines().enumerate() {
        match replacement.get(&i) {
            Some(lines) => lines.iter().for_each(|l| {
                out.push_str(l);
                out.push('\n');
            }),
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    Ok((out, replacement.len()))
}

/// Repairs the assembly at `asm` (generated from `bitcode` at `opt_level`) in place; the
/// number of merged MOVEMs put back in order. `dump` generates the machine code before the
/// collapser for the given functions (a child `cargo xtask codegen` with
/// `FALCON_LLVM_ARGS`, see `child_dump`).
pub fn repair(
    bitcode: &Path,
    asm: &Path,
    opt_level: &str,
    dump: impl Fn(&Path, &str, &[String]) -> Result<String, String>,
) -> Result<usize, String> {
    let text = std::fs::read_to_string(asm).map_err(|e| format!("{}: {e}", asm.display()))?;
    let functions = suspects(&text);
    if functions.is_empty() {
        return Ok(0);
    }
    let machine_code = dump(bitcode, opt_level, &functions)?;
    let (fixed, n) = rewrite(&text, &machine_code, &functions)?;
    std::fs::write(asm, fixed).map_err(|e| format!("{}: {e}", asm.display()))?;
    Ok(n)
}

/// Runs this tool's `codegen` on `bitcode` in a child process with LLVM printing the
/// machine code of `functions` before the MOVEM collapser; what it printed. (A child,
/// because LLVM's options are global to a process.)
pub fn child_dump(bitcode: &Path, opt_level: &str, functions: &[String]) -> Result<String, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let dir = std::env::temp_dir().join(format!("falcon-movem-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let mut args = String::from("-print-before=m68k-collapse-movem");
    for f in functions {
        args.push_str(" -filter-print-funcs=");
        args.push_str(f);
    }
    let out = std::process::Command::new(exe)
        .arg("codegen")
        .arg(bitcode)
        .arg(dir.join("dump.s"))
        .arg(opt_level)
        .env(super::LLVM_ARGS_VAR, args)
        .output()
        .map_err(|e| format!("codegen for the MOVEM dump: {e}"))?;
    let _ = std::fs::remove_dir_all(&dir);
    if !out.status.success() {
        return Err(format!("codegen for the MOVEM dump failed:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(String::from_utf8_lossy(&out.stderr).into_owned())
}

#[cfg(test)]
mod tests;
