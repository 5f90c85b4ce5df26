//! A compiled program: RUL code in the engine's instruction set (`instructions.rs`), made
//! once per session by the compiler (`compiler.rs`) and run by the executors (`exec.rs`;
//! on the 68030 `exec68k.rs`; `slow.rs` for the code the compiler leaves out). What they
//! share about it is here: the words, where the compiled code of each RUL offset starts,
//! which offsets start a block, the RUL offset a failing instruction reports, and how much
//! of the value stack one statement may use.

use super::instructions::{BINARY, COMPARE, NULLARY, UNARY, ins, insn_len, reason};
use super::opcodes as op;
use alloc::vec::Vec;

/// Largest value-stack depth one compiled statement may need (deeper ones run step by
/// step): the executors make sure of that much room when a call starts.
pub const MAX_STATEMENT_VALUES: u16 = 32;

/// A compiled program.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub words: Vec<u16>,
    /// On the 68030: the same words with each instruction number replaced by the offset of
    /// its handler in `exec68k.s` (same layout, so offsets into either are the same).
    #[cfg(target_arch = "m68k")]
    pub(super) prepared: Vec<u16>,
    /// For each RUL offset: the word where its compiled statement starts (0: none), and
    /// whether it starts a block (where the step-by-step evaluator may hand back).
    pub(super) stmt_at: Vec<u16>,
    pub(super) block_start: Vec<bool>,
    /// (word of an instruction that can fail, RUL offset reported), sorted.
    pub(super) errors: Vec<(u16, u32)>,
    /// Statements compiled, and those left to the step-by-step evaluator.
    pub statements: u32,
    pub slow_statements: u32,
}

impl Program {
    pub fn entry(&self, pc: u32) -> Option<usize> {
        match self.stmt_at.get(pc as usize) {
            Some(&w) if w != 0 => Some(w as usize),
            _ => None,
        }
    }

    /// True when RUL offset `pc` starts a compiled block (the step-by-step evaluator may
    /// hand back there).
    pub(super) fn is_block(&self, pc: u32) -> bool {
        self.block_start.get(pc as usize).copied().unwrap_or(false)
    }

    /// The RUL offset to report for a failure of the instruction at word `w`.
    pub(super) fn error_pc(&self, w: usize) -> u32 {
        match self.errors.binary_search_by_key(&(w as u16), |e| e.0) {
            Ok(i) => self.errors[i].1,
            Err(_) => 0,
        }
    }
}

impl Program {
    /// The program as text, one instruction per line (for `rul disasm --compiled` and tests).
    pub fn listing(&self) -> alloc::string::String {
        use core::fmt::Write;
        let w = &self.words;
        let mut s = alloc::string::String::new();
        let mut i = 1;
        let k32 = |i: usize| ((w[i] as u32) << 16 | w[i + 1] as u32) as i32;
        let t = |i: usize| (i as isize + (w[i] as i16 as isize) / 2) as usize;
        while i < w.len() {
            let insn = w[i];
            let _ = write!(s, "{i:5}: ");
            let (name, len): (alloc::string::String, usize) = match insn {
                ins::EXIT => ("EXIT".into(), 1),
                ins::STEPS => (alloc::format!("STEPS {}", w[i + 1]), 2),
                ins::SLOW => (alloc::format!("SLOW pc={}", k32(i + 1)), 3),
                ins::FAIL => (alloc::format!("FAIL {:?}", reason(w[i + 1])), 2),
                ins::LDK => (alloc::format!("LDK {}", k32(i + 1)), 3),
                ins::LDV => (alloc::format!("LDV V{}", w[i + 1] / 4), 2),
                ins::PUSH => ("PUSH".into(), 1),
                ins::SETLAST => ("SETLAST".into(), 1),
                ins::RET => ("RET".into(), 1),
                ins::RETA => ("RETA".into(), 1),
                ins::CALL => (alloc::format!("CALL {}", t(i + 1)), 2),
                ins::JMP => (alloc::format!("JMP {}", t(i + 1)), 2),
                ins::JZ => (alloc::format!("JZ {}", t(i + 1)), 2),
                ins::JNZ => (alloc::format!("JNZ {}", t(i + 1)), 2),
                ins::CASE => {
                    let n = w[i + 1] as usize;
                    let mut x = alloc::format!("CASE {n}");
                    for k in 0..n {
                        let _ = write!(x, " {}", t(i + 2 + k));
                    }
                    (x, 2 + n)
                }
                ins::SETV => (alloc::format!("SETV V{}", w[i + 1] / 4), 2),
                ins::ADDV => (alloc::format!("ADDV V{}", w[i + 1] / 4), 2),
                ins::SUBV => (alloc::format!("SUBV V{}", w[i + 1] / 4), 2),
                ins::SETVK => (alloc::format!("SETVK V{} {}", w[i + 1] / 4, k32(i + 2)), 4),
                ins::ADDVK => (alloc::format!("ADDVK V{} {}", w[i + 1] / 4, k32(i + 2)), 4),
                ins::SET_S => ("SET_S".into(), 1),
                ins::BETWEEN_S => ("BETWEEN_S".into(), 1),
                ins::TAB16 => (alloc::format!("TAB16 n={}", w[i + 1]), 2 + w[i + 1] as usize),
                ins::TAB32 => (alloc::format!("TAB32 n={}", w[i + 1]), 2 + 2 * w[i + 1] as usize),
                ins::CHECKVAR => ("CHECKVAR".into(), 1),
                ins::ITER_ADJ => (alloc::format!("ITER_ADJ occupied={}", w[i + 1]), 2),
                ins::ITER_ALL => (alloc::format!("ITER_ALL occupied={}", w[i + 1]), 2),
                ins::ITER_STEP => (alloc::format!("ITER_STEP {}", t(i + 1)), 2),
                ins::DLOOP => (alloc::format!("DLOOP {}", t(i + 1)), 2),
                ins::PATTERN_V => (alloc::format!("PATTERN_V V{}", w[i + 1] / 4), 2),
                ins::COLOUR_V => (alloc::format!("COLOUR_V V{}", w[i + 1] / 4), 2),
                ins::MARKED_VV => (alloc::format!("MARKED_VV V{} V{}", w[i + 1] / 4, w[i + 2] / 4), 3),
                x if (ins::NUL..ins::NUL + NULLARY.len() as u16).contains(&x) => {
                    (alloc::format!("NUL {}", op::by_code(NULLARY[(x - ins::NUL) as usize]).unwrap().name), 1)
                }
                x if (ins::UN..ins::UN + UNARY.len() as u16).contains(&x) => {
                    (alloc::format!("UN {}", op::by_code(UNARY[(x - ins::UN) as usize]).unwrap().name), 1)
                }
                x if (ins::BIN..ins::END).contains(&x) => {
                    let (base, name) = if x < ins::JCMP {
                        (ins::BIN, op::by_code(BINARY[((x - ins::BIN) / 8) as usize]).unwrap().name)
                    } else {
                        (ins::JCMP, op::by_code(COMPARE[((x - ins::JCMP) / 8) as usize]).unwrap().name)
                    };
                    let j = if base == ins::JCMP { "J" } else { "" };
                    let (form, len) = match (x - base) % 8 {
                        ins::K => (alloc::format!("K {}", k32(i + 1)), 3),
                        ins::V => (alloc::format!("V V{}", w[i + 1] / 4), 2),
                        ins::S => ("S".into(), 1),
                        ins::RK => (alloc::format!("RK {}", k32(i + 1)), 3),
                        _ => (alloc::format!("RV V{}", w[i + 1] / 4), 2),
                    };
                    if base == ins::JCMP {
                        (alloc::format!("{j}{name}_{form} -> {}", t(i + len)), len + 1)
                    } else {
                        (alloc::format!("{name}_{form}"), len)
                    }
                }
                x => (alloc::format!("?{x}"), 1),
            };
            s.push_str(&name);
            s.push('\n');
            assert_eq!(len, insn_len(w, i));
            i += insn_len(w, i);
        }
        s
    }
}
