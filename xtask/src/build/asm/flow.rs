//! Control flow and condition-code liveness over a list of lines.
//!
//! Condition codes are *live* after an instruction when some path from it reaches a flag
//! reader before a real flag writer. Clobbers (see `flags`) are transparent here: they are
//! exactly the instructions that must not destroy live flags. The analysis crosses basic
//! blocks (branches, fall-through, jump tables) inside a function; calls and returns end
//! liveness (no function reads flags it did not set).

use std::collections::HashMap;

use super::flags::{self, Effect, Write};
use super::{Insn, Line};

/// Where control goes after an instruction.
#[derive(Clone, Debug, PartialEq)]
enum Next {
    Fall,
    Jump(String),
    Branch(String),
    Indirect,
    Stop,
}

fn next_of(insn: &Insn) -> Next {
    let base = insn.base.as_str();
    let target = || insn.operands.last().cloned().unwrap_or_default();
    if flags::is_conditional_branch(base) || flags::is_dbcc(base) {
        return Next::Branch(target());
    }
    match base {
        "bra" => Next::Jump(target()),
        "jmp" => {
            let t = target();
            if t.starts_with('(') || t.contains('%') { Next::Indirect } else { Next::Jump(t) }
        }
        "rts" | "rte" | "rtr" | "illegal" | "stop" => Next::Stop,
        _ => Next::Fall,
    }
}

/// A function label (not a local `.L` label, not an address label made by the verifier).
pub fn is_function_label(name: &str) -> bool {
    !name.starts_with('.') && !name.starts_with("0x")
}

/// A flag clobber at a point where the flags are live: the miscompilation.
#[derive(Clone, Debug, PartialEq)]
pub struct Hazard {
    /// Index of the clobbering instruction in the line list.
    pub line: usize,
    /// The function it is in (the nearest function label before it).
    pub function: String,
}

/// The result of the analysis over a list of lines.
pub struct Analysis {
    pub hazards: Vec<Hazard>,
    /// Flag producers that do not set X although a later X reader (SUBX, ADDX...) takes its
    /// X from them, as LLVM assumed: the line of the producer.
    pub x_hazards: Vec<Hazard>,
    /// Lines whose condition-code behaviour is unknown (with the reason).
    pub unknown: Vec<(usize, String)>,
}

/// Finds every clobber whose flags are live afterwards.
pub fn analyse(lines: &[Line]) -> Analysis {
    let n = lines.len();
    let mut labels: HashMap<&str, usize> = HashMap::new();
    let mut function_of = vec![0usize; n]; // index of the function label
    let mut function_labels: HashMap<usize, Vec<usize>> = HashMap::new(); // function -> label lines
    let mut current = 0usize;
    for (i, line) in lines.iter().enumerate() {
        if let Line::Label(name) = line {
            labels.insert(name, i);
            if is_function_label(name) {
                current = i;
            }
            function_labels.entry(current).or_default().push(i);
        }
        function_of[i] = current;
    }

    let mut effects: Vec<Option<Effect>> = vec![None; n];
    let mut unknown = Vec::new();
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, line) in lines.iter().enumerate() {
        match line {
            Line::Insn(insn) => {
                match flags::effect(insn) {
                    Ok(e) => effects[i] = Some(e),
                    Err(why) => unknown.push((i, why)),
                }
                let add_target = |t: &str, s: &mut Vec<usize>| {
                    // A target outside this function (a tail call) starts with dead flags.
                    if let Some(&l) = labels.get(t) {
                        if function_of[l] == function_of[i] {
                            s.push(l);
                        }
                    }
                };
                let mut s = Vec::new();
                match next_of(insn) {
                    Next::Fall => s.push(i + 1),
                    Next::Jump(t) => add_target(&t, &mut s),
                    Next::Branch(t) => {
                        s.push(i + 1);
                        add_target(&t, &mut s);
                    }
                    Next::Indirect => {
                        s.extend(function_labels.get(&function_of[i]).into_iter().flatten().copied());
                    }
                    Next::Stop => {}
                }
                succ[i] = s;
            }
            _ => succ[i] = vec![i + 1],
        }
    }

    let live_out = |i: usize, live_in: &[bool]| succ[i].iter().any(|&s| s <= n && live_in[s.min(n)]);
    // N/Z/V/C live before each line; then X, in LLVM's model (every real flag producer
    // defines it, whether or not the CPU does).
    let live_in = liveness(lines, &effects, &succ, |e, _| e.reads);
    let live_x_in = liveness(lines, &effects, &succ, |_, insn| flags::reads_x(insn));
    let mut x_hazards = Vec::new();
    for i in 0..n {
        if let (Line::Insn(insn), Some(e)) = (&lines[i], effects[i]) {
            if e.write == Write::Real && !flags::sets_x(insn) && live_out(i, &live_x_in) {
                x_hazards.push(Hazard { line: i, function: function_name(lines, &function_of, i) });
            }
        }
    }

    let mut hazards = Vec::new();
    for i in 0..n {
        if effects[i].is_some_and(|e| e.write == Write::Clobber) && live_out(i, &live_in) {
            hazards.push(Hazard { line: i, function: function_name(lines, &function_of, i) });
        }
    }
    Analysis { hazards, x_hazards, unknown }
}

/// Backward fixpoint: `result[i]` is true when, on some path from just before line `i`, an
/// instruction for which `reads` holds comes before a real flag producer. Clobbers are
/// transparent; an unknown instruction counts as a reader (it is reported anyway); a
/// function label starts with dead flags whatever falls into it.
fn liveness(
    lines: &[Line],
    effects: &[Option<Effect>],
    succ: &[Vec<usize>],
    reads: impl Fn(Effect, &Insn) -> bool,
) -> Vec<bool> {
    let n = lines.len();
    let mut live_in = vec![false; n + 1];
    let mut changed = true;
    while changed {
        changed = false;
        for i in (0..n).rev() {
            let out = succ[i].iter().any(|&s| s <= n && live_in[s.min(n)]);
            let inn = match (&lines[i], effects[i]) {
                (Line::Insn(insn), Some(e)) => reads(e, insn) || (out && e.write != Write::Real),
                (Line::Insn(_), None) => true,
                (Line::Label(name), _) if is_function_label(name) => false,
                _ => out,
            };
            if inn != live_in[i] {
                live_in[i] = inn;
                changed = true;
            }
        }
    }
    live_in
}

fn function_name(lines: &[Line], function_of: &[usize], i: usize) -> String {
    match &lines[function_of[i]] {
        Line::Label(name) => name.clone(),
        _ => String::from("?"),
    }
}

#[cfg(test)]
mod tests;
