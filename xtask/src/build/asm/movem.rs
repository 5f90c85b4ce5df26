//! Class K (docs/toolchain.md): LLVM's "M68k MOVEM collapser pass" merges runs of MOVEM
//! spills and reloads to consecutive stack slots into one MOVEM. It decides that a register
//! extends a run downwards when the register's mask is below the *union* of the masks so far,
//! not below its lowest register: `a3@48, d4@44, d5@40, d6@36` becomes
//! `movem.l %d4-%d6/%a3,(36,%sp)`, which the 68030 executes as d4@36, d5@40, d6@44 — d4's
//! and d6's values swap slots, and their later reloads read each other's value.
//!
//! The assembly no longer says in which order the run was built, so the code generation step
//! (`crate::build::llvm`) also prints the machine code just before that pass
//! (`-print-before=m68k-collapse-movem`). This module runs the pass's own merging rule over
//! that listing, finds the merged runs whose registers are not in the hardware's order (lowest
//! register at the lowest address), and puts back, in the assembly, the single-register MOVEMs
//! the run was made of. A merged MOVEM that cannot be matched stops the build.

use std::collections::BTreeMap;

/// One MOVEM before the pass: store or load, register mask (bit 0 = d0 … bit 15 = a7), offset
/// from the base register.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Movem {
    store: bool,
    mask: u16,
    offset: i32,
    base: String,
}

/// What the pass leaves of a run: the merged MOVEM, and the run's MOVEMs in their order when
/// the merge stores registers in the wrong slots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    pub store: bool,
    pub mask: u16,
    pub offset: i32,
    /// `Some(run)`: a wrong merge; the run as it was.
    pub wrong: Option<Vec<(u16, i32)>>,
}

/// The pass's run of MOVEMs (its `MOVEMState`).
struct Run {
    store: bool,
    base: String,
    start: i32,
    stop: i32,
    mask: u16,
    members: Vec<(u16, i32)>,
}

impl Run {
    /// The pass's `update`: extends the run with (offset, mask) or refuses.
    fn update(&mut self, o: i32, m: u16) -> bool {
        if self.mask & m != 0 {
            return false;
        }
        // The pass compares the new mask with the union: the defect.
        let ascending = m > self.mask;
        let descending = m < self.mask;
        if self.members.is_empty() {
            self.start = o;
            self.stop = o;
        } else if descending && o == self.start - 4 {
            self.start -= 4;
        } else if ascending && o == self.stop + 4 {
            self.stop += 4;
        } else {
            return false;
        }
        self.mask |= m;
        self.members.push((m, o));
        true
    }

    fn finish(self) -> Merged {
        // Where each register goes: as the run meant it (each MOVEM puts its registers in
        // ascending order from its offset), and as the merged MOVEM does.
        let slots = |list: &[(u16, i32)]| {
            let mut v: Vec<(u32, i32)> = Vec::new();
            for &(m, o) in list {
                let mut a = o;
                for b in 0..16 {
                    if m & (1 << b) != 0 {
                        v.push((b, a));
                        a += 4;
                    }
                }
            }
            v.sort();
            v
        };
        let meant = slots(&self.members);
        let done = slots(&[(self.mask, self.start)]);
        let wrong = (meant != done).then(|| self.members.clone());
        Merged { store: self.store, mask: self.mask, offset: self.start, wrong }
    }
}

/// The pass over one basic block's MOVEMs (`None`: an instruction that is not a MOVEM).
fn collapse(block: &[Option<Movem>], bases: &[&str], out: &mut Vec<Merged>) {
    let mut run: Option<Run> = None;
    for insn in block {
        let Some(mv) = insn else {
            if let Some(r) = run.take() {
                out.push(r.finish());
            }
            continue;
        };
        if let Some(r) = run.as_mut() {
            if r.store == mv.store && r.base == mv.base && r.update(mv.offset, mv.mask) {
                continue;
            }
            out.push(run.take().unwrap().finish());
        }
        if bases.contains(&mv.base.as_str()) {
            let mut r = Run { store: mv.store, base: mv.base.clone(), start: 0, stop: 0, mask: 0, members: Vec::new() };
            r.update(mv.offset, mv.mask);
            run = Some(r);
        } else {
            out.push(Merged { store: mv.store, mask: mv.mask, offset: mv.offset, wrong: None });
        }
    }
    if let Some(r) = run.take() {
        out.push(r.finish());
    }
}

/// Parses one MIR instruction line into a MOVEM, if it is one.
fn parse_mir(line: &str) -> Option<Option<Movem>> {
    let t = line.trim();
    let t = t.strip_prefix("frame-setup ").or_else(|| t.strip_prefix("frame-destroy ")).unwrap_or(t);
    let (op, rest) = t.split_once(' ').unwrap_or((t, ""));
    let args: Vec<&str> = rest.split(',').map(str::trim).collect();
    let num = |s: &str| s.parse::<i64>().ok();
    let reg = |s: &str| s.strip_prefix('$').map(str::to_string);
    Some(match op {
        // store, (d16,An): offset, base, mask
        "MOVM32pm" => {
            Some(Movem { store: true, offset: num(args[0])? as i32, base: reg(args[1])?, mask: num(args[2])? as u16 })
        }
        // load, (d16,An): mask, offset, base
        "MOVM32mp" => {
            Some(Movem { store: false, mask: num(args[0])? as u16, offset: num(args[1])? as i32, base: reg(args[2])? })
        }
        // store, (An): base, mask
        "MOVM32jm" => Some(Movem { store: true, offset: 0, base: reg(args[0])?, mask: num(args[1])? as u16 }),
        // load, (An): mask, base
        "MOVM32mj" => Some(Movem { store: false, mask: num(args[0])? as u16, offset: 0, base: reg(args[1])? }),
        _ => None,
    })
}

/// For every function of the pre-pass listing: the MOVEMs the pass leaves, in order.
pub fn merged_movems(mir: &str) -> BTreeMap<String, Vec<Merged>> {
    let mut out = BTreeMap::new();
    let mut name: Option<String> = None;
    let mut merged = Vec::new();
    let mut block: Vec<Option<Movem>> = Vec::new();
    let bases = ["sp", "a5"];
    for line in mir.lines() {
        if let Some(rest) = line.strip_prefix("# Machine code for function ") {
            name = Some(rest.split(':').next().unwrap_or("").to_string());
            merged = Vec::new();
            block.clear();
            continue;
        }
        if line.starts_with("# End machine code for function ") {
            collapse(&block, &bases, &mut merged);
            block.clear();
            if let Some(n) = name.take() {
                out.insert(n, std::mem::take(&mut merged));
            }
            continue;
        }
        if name.is_none() {
            continue;
        }
        if line.starts_with("bb.") {
            collapse(&block, &bases, &mut merged);
            block.clear();
            continue;
        }
        // Instructions are indented; successor and live-in lists are not instructions.
        let t = line.trim_start();
        if line.len() == t.len() || t.is_empty() || t.starts_with("successors:") || t.starts_with("liveins:") {
            continue;
        }
        if t.starts_with(';') || t.starts_with('#') {
            continue;
        }
        match parse_mir(t) {
            Some(m) => block.push(m),
            None => block.push(None),
        }
    }
    out
}

/// The register of mask bit `b` in LLVM's assembly syntax.
fn reg_name(b: u32) -> String {
    if b < 8 { format!("%d{b}") } else { format!("%a{}", b - 8) }
}

/// Replaces, in LLVM's assembly, every wrong merge with the run's single-register MOVEMs.
/// Returns the new text and how many merges it split; an assembly MOVEM sequence that does
/// not match the listing is an error (the fix would be guesswork).
pub fn fix(asm: &str, mir: &str) -> Result<(String, usize), String> {
    let merged = merged_movems(mir);
    let mut out = String::with_capacity(asm.len() + 1024);
    let mut fixed = 0;
    let mut current: Option<(&Vec<Merged>, usize, String)> = None;
    for line in asm.lines() {
        // A function starts at its label (global symbols of the listing).
        if let Some(label) = line.strip_suffix(':') {
            if let Some(list) = merged.get(label) {
                if let Some((list, used, name)) = &current {
                    if *used != list.len() {
                        return Err(format!(
                            "class L: {name}: {used} MOVEMs in the assembly, {} in the listing",
                            list.len()
                        ));
                    }
                }
                current = Some((list, 0, label.to_string()));
            }
        }
        let t = line.trim_start();
        if t.starts_with("movem.l") {
            let Some((list, used, name)) = current.as_mut() else {
                return Err(format!("class L: a MOVEM outside any function of the listing: `{t}`"));
            };
            let Some(m) = list.get(*used) else {
                return Err(format!("class L: {name}: more MOVEMs in the assembly than in the listing"));
            };
            *used += 1;
            if let Some(run) = &m.wrong {
                out.push_str(&format!("\t| class L: `{}` split into its run\n", t.replace('\t', " ")));
                let base = line_base(t);
                for &(mask, off) in run {
                    let regs: Vec<String> = (0..16).filter(|b| mask & (1 << b) != 0).map(reg_name).collect();
                    let r = regs.join("/");
                    if m.store {
                        out.push_str(&format!("\tmovem.l\t{r}, ({off},{base})\n"));
                    } else {
                        out.push_str(&format!("\tmovem.l\t({off},{base}), {r}\n"));
                    }
                }
                fixed += 1;
                continue;
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    if let Some((list, used, name)) = &current {
        if *used != list.len() {
            return Err(format!("class L: {name}: {used} MOVEMs in the assembly, {} in the listing", list.len()));
        }
    }
    Ok((out, fixed))
}

/// The base register of a MOVEM line (`%sp` of `movem.l %d4, (36,%sp)`).
fn line_base(t: &str) -> String {
    let inside = t.rsplit_once('(').map(|(_, r)| r).unwrap_or("");
    let inside = inside.split(')').next().unwrap_or("");
    inside.rsplit(',').next().unwrap_or("%sp").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The run found in `Vm::exec` (src/rul/interpreter.rs, commit of 2026-11-23), then a
    /// prologue merged with a spill below it (a correct merge).
    const MIR: &str = "# Machine code for function f: NoPHIs
bb.0.start:
  frame-setup MOVM32pm 192, $sp, 31996, implicit killed $d2
  MOVM32pm 104, $sp, 1, implicit $d0
  $d1 = MOV32rr $d0
  MOVM32pm 48, $sp, 2048, implicit $a3
  MOVM32pm 44, $sp, 16, implicit $d4
  MOVM32pm 40, $sp, 32, implicit $d5
  MOVM32pm 36, $sp, 64, implicit $d6
  Bcc 7, %bb.2
bb.1:
  MOVM32mp 16, 44, $sp, implicit-def $d3
  MOVM32mp 2, 12, $sp, implicit-def $d1
  MOVM32mp 4, 16, $sp, implicit-def $d2
  RTS
# End machine code for function f.
# Machine code for function g: NoPHIs
bb.0:
  frame-setup MOVM32pm 40, $sp, 508, implicit killed $d2
  MOVM32pm 36, $sp, 1, implicit $d0
  RTS
# End machine code for function g.
";

    #[test]
    fn finds_the_wrong_merge_and_splits_it() {
        let m = merged_movems(MIR);
        let f = &m["f"];
        assert_eq!(f.len(), 5);
        assert_eq!(f[2].mask, 0x870);
        assert_eq!(f[2].offset, 36);
        assert_eq!(f[2].wrong, Some(vec![(2048, 48), (16, 44), (32, 40), (64, 36)]));
        // Two registers in ascending order, ascending offsets: a correct merge.
        assert_eq!(f[4], Merged { store: false, mask: 6, offset: 12, wrong: None });
        let asm = "f:\n\tmovem.l\t%d2-%d7/%a2-%a6, (192,%sp)\n\tmovem.l\t%d0, (104,%sp)\n\tmove.l\t%d0, %d1\n\tmovem.l\t%d4-%d6/%a3, (36,%sp)\n\tbeq\t.LBB0_2\n\tmovem.l\t(44,%sp), %d3\n\tmovem.l\t(12,%sp), %d1-%d2\n\trts\n";
        let (text, n) = fix(asm, MIR).unwrap();
        assert_eq!(n, 1);
        assert!(text.contains("\tmovem.l\t%a3, (48,%sp)\n\tmovem.l\t%d4, (44,%sp)\n\tmovem.l\t%d5, (40,%sp)\n\tmovem.l\t%d6, (36,%sp)\n"), "{text}");
        assert!(!text.contains("\tmovem.l\t%d4-%d6/%a3"));
        assert_eq!(m["g"], vec![Merged { store: true, mask: 509, offset: 36, wrong: None }]);
        // An assembly whose MOVEMs do not match the listing is refused.
        assert!(fix("f:\n\trts\n", MIR).is_err());
    }
}
