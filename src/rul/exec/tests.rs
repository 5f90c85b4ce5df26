//! The engine (compiled code, the step-by-step evaluator, and on the 68030 the assembly
//! executor) against the original recursive interpreter (`reference.rs`), on random
//! programs and random machine states: same values, same errors at the same offsets, same
//! variables, stack, board, random generator and operation count.

use super::super::compiler::compile;
use super::super::opcodes::{self as op, Operand};
use super::super::reference::{Agreement, RefVm, agree, engine_outcome};
use super::super::rng::Rng;
use super::super::vm::Vm;
use alloc::vec::Vec;

/// A random program: mostly well-formed prefix code (operations with their operand bytes,
/// leaves, branches a few bytes away, returns), so that both the compiler and the
/// step-by-step evaluator get work.
pub fn random_program(rng: &mut Rng, len: usize) -> Vec<u8> {
    let mut code = Vec::with_capacity(len + 8);
    while code.len() < len {
        let r = rng.next_u32();
        match r % 100 {
            0..=29 => code.push(if r & 0x100 != 0 { (r >> 9) as u8 % 12 } else { 0xC0 + ((r >> 9) % 20) as u8 - 4 }),
            30..=34 => code.push(op::RET),
            35..=37 => {
                code.push(op::WORD);
                code.extend_from_slice(&((r >> 8) as i16 % 300).to_be_bytes());
            }
            38 => {
                code.push(op::LONG);
                code.extend_from_slice(&rng.next_u32().to_be_bytes());
            }
            _ => {
                let c = 0x40 + (r >> 8) as u8 % 64;
                if c == op::WORD || c == op::LONG {
                    continue;
                }
                code.push(c);
                for &o in op::by_code(c).unwrap().operands {
                    let v = rng.next_u32();
                    match o {
                        Operand::Rel8 => code.push(((v % 24) as u8).wrapping_sub(8)),
                        Operand::Rel16 => code.extend_from_slice(&((v % 60) as i16 - 20).to_be_bytes()),
                        Operand::Cases => {
                            let n = v % 3;
                            code.push(n as u8);
                            for k in 0..n {
                                code.extend_from_slice(&(((v >> (8 + 4 * k)) % 40) as i16 - 10).to_be_bytes());
                            }
                        }
                        Operand::Table16 | Operand::Table32 => {
                            let n = v % 4;
                            code.push(n as u8);
                            for _ in 0..n * if o == Operand::Table16 { 2 } else { 4 } {
                                code.push(rng.next_u32() as u8);
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    code.extend_from_slice(&[op::RET, op::RET, op::RET]);
    code
}

/// Builds well-formed RUL (what the compiler takes): statements of random clean
/// expressions, branches between statement starts, calls to two functions.
struct Structured<'r> {
    rng: &'r mut Rng,
    code: Vec<u8>,
    /// (operand position, statement number, operand size 1 or 2)
    refs: Vec<(usize, usize, u8)>,
    starts: Vec<usize>,
    functions: [usize; 2],
    statements: usize,
}

impl Structured<'_> {
    fn r(&mut self, n: u32) -> u32 {
        self.rng.next_u32() % n
    }
    fn leaf(&mut self) {
        match self.r(10) {
            0..=3 => {
                let v = self.r(12) as u8;
                self.code.push(v)
            }
            4..=7 => {
                let k = self.r(14) as i32 - 3;
                self.code.push(op::small_constant_code(k))
            }
            8 => {
                self.code.push(op::WORD);
                let w = self.r(500) as i16 - 100;
                self.code.extend_from_slice(&w.to_be_bytes());
            }
            _ => {
                self.code.push(op::LONG);
                let l = self.rng.next_u32();
                self.code.extend_from_slice(&l.to_be_bytes());
            }
        }
    }
    fn label(&mut self, statement: usize, size: u8) {
        self.refs.push((self.code.len(), statement, size));
        self.code.extend(core::iter::repeat_n(0, size as usize));
    }
    fn expr(&mut self, depth: u32) {
        if depth > 4 || self.r(3) == 0 {
            return self.leaf();
        }
        let c = 0x40 + self.r(64) as u8;
        if matches!(c, op::WORD | op::LONG | op::RET) || op::is_branch(c) {
            return self.leaf();
        }
        self.code.push(c);
        if c == op::CALL {
            let f = self.functions[self.r(2) as usize];
            return self.label(f, 2);
        }
        for &o in op::by_code(c).unwrap().operands {
            match o {
                Operand::VarRef if self.r(4) != 0 => {
                    let v = self.r(20) as i32;
                    self.code.push(op::small_constant_code(v))
                }
                Operand::Expr | Operand::VarRef => self.expr(depth + 1),
                Operand::Table16 | Operand::Table32 => {
                    let n = self.r(4);
                    self.code.push(n as u8);
                    for _ in 0..n * if o == Operand::Table16 { 2 } else { 4 } {
                        let b = self.rng.next_u32() as u8;
                        self.code.push(b);
                    }
                }
                _ => {}
            }
        }
    }
    fn statement(&mut self) {
        let n = self.statements;
        match self.r(20) {
            0..=2 => {
                let c = if self.r(2) == 0 { op::IF } else { op::IF_SHORT };
                self.code.push(c);
                self.expr(0);
                let t = self.r(n as u32) as usize;
                self.label(t, if c == op::IF { 2 } else { 1 });
            }
            3 => {
                self.code.push(op::GOTO);
                let t = self.r(n as u32) as usize;
                self.label(t, 2);
            }
            4 => {
                self.code.push(op::CASE);
                self.expr(1);
                let k = 1 + self.r(3);
                self.code.push(k as u8);
                for _ in 0..k {
                    let t = self.r(n as u32) as usize;
                    self.label(t, 2);
                }
            }
            5 => self.code.push(op::RET),
            _ => self.expr(0),
        }
    }
    /// `n` statements of the main body, then two functions of a few statements.
    fn program(rng: &mut Rng, n: usize) -> Vec<u8> {
        let total = n + 8;
        let mut s = Structured {
            rng,
            code: Vec::new(),
            refs: Vec::new(),
            starts: Vec::new(),
            functions: [n, n + 4],
            statements: total,
        };
        for k in 0..total {
            s.starts.push(s.code.len());
            if k == n - 1 || k == n + 3 || k == n + 7 {
                s.code.push(op::RET);
            } else {
                s.statement();
            }
        }
        for &(at, st, size) in &s.refs {
            let base = at as i64;
            let off = s.starts[st] as i64 - base;
            if size == 2 {
                s.code[at..at + 2].copy_from_slice(&(off as i16).to_be_bytes());
            } else {
                // 8-bit branches that cannot reach become offsets to themselves' neighbour.
                s.code[at] = off.clamp(-128, 127) as i8 as u8;
            }
        }
        s.code
    }
}

/// A machine with a random board (side 6), marks, variables and stack.
pub fn random_vm(rng: &mut Rng) -> Vm {
    let mut vm = Vm::new(6, 8, rng.next_u32());
    for id in 1..=vm.board.cell_count() as i32 {
        let r = rng.next_u32();
        let c = vm.board.cell_mut(id);
        if r % 3 == 0 {
            c.pattern = 1 + (r >> 4) as u8 % 3;
            c.colour = 1 + (r >> 8) as u8 % 6;
        }
        c.marks = if r % 5 == 0 { (r >> 12) as u8 } else { 0 };
    }
    for v in vm.vars.iter_mut() {
        let r = rng.next_u32();
        *v = if r % 4 == 0 { (r >> 8) as i32 % 92 } else { (r >> 8) as i32 % 10 - 2 };
    }
    for _ in 0..rng.next_u32() % 4 {
        vm.stack.push(rng.next_u32() as i32 % 50);
    }
    vm.piece = [10, 10, 11, 12, 0];
    vm.piece_len = 3;
    vm.radar = rng.next_u32() % 2 == 0;
    vm.next_vars = [3, 1, 2, 3, 0, 1, 1, 1, 0];
    vm.budget = 3000;
    vm
}

/// Runs `count` random programs (seeded) on the engine and the reference; returns how many
/// agreed exactly and how many hit a limit; panics on a difference. `structured`: built
/// from statements and clean expressions (mostly compiled), else random bytes (mostly run
/// step by step).
pub fn compare_random(seed: u32, count: usize, len: usize, structured: bool) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let (mut same, mut limits) = (0, 0);
    for i in 0..count {
        let code = if structured { Structured::program(&mut rng, len) } else { random_program(&mut rng, len) };
        let mut vm = random_vm(&mut rng);
        let entry = 0;
        let mut r = RefVm::from_vm(&vm);
        let want = r.outcome(&code, entry);
        let program = compile(&code, &[entry]);
        let got = engine_outcome(&mut vm, &program, &code, entry);
        match agree(&got, &want) {
            Agreement::Same => same += 1,
            Agreement::Limits => limits += 1,
            Agreement::Different => panic!(
                "program {i} of seed {seed} differs: {:02X?}\nengine {:?} steps {}\nreference {:?} steps {}",
                code, got.result, got.steps, want.result, want.steps
            ),
        }
    }
    (same, limits)
}

crate::test_cases! {
    fn engine_agrees_with_the_reference_on_random_programs() {
        let (same, limits) = compare_random(2026, 40, 40, false);
        assert!(same > 25, "only {same} comparable runs ({limits} hit limits)");
        let (same, limits) = compare_random(2027, 40, 12, true);
        assert!(same > 25, "only {same} comparable runs ({limits} hit limits)");
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;
    #[test]
    fn engine_agrees_with_the_reference_on_many_random_programs() {
        let mut total = (0, 0);
        for seed in 1..=40 {
            let (s, l) = compare_random(seed, 500, 10 + seed as usize * 3, false);
            total = (total.0 + s, total.1 + l);
            let (s, l) = compare_random(seed + 1000, 500, 4 + seed as usize / 2, true);
            total = (total.0 + s, total.1 + l);
        }
        std::println!("{} same, {} at a limit", total.0, total.1);
        assert!(total.0 > total.1);
    }
}
