//! The RUL engine's interpreter: runs RUL code on the machine ([`Vm`], `vm.rs`), choosing
//! how. Code runs in two ways, both non-recursive and in fixed memory:
//!
//! - compiled (`compiler.rs` into a `Program`, `program.rs`; run by `exec.rs`): the code is
//!   translated once into the engine's form — expressions as accumulator code with
//!   resolved jumps and pre-typed operands — and run by a loop (and, on the 68030, by
//!   hand-written assembly, `exec68k.rs` and `exec68k.s`);
//! - step by step (`slow.rs`), byte by byte exactly as the manual reads it, for code the
//!   compiler does not take (a transparent branch inside an operand, `$51` where a value is
//!   needed, code running off the end, ...).
//!
//! Both call the machine's operations (`vm.rs`), so they agree by construction;
//! `reference.rs` keeps the original recursive interpreter, and the tests and the fuzzer
//! compare all of them.
//!
//! This file is the top of the engine's layers, above the compiler and every executor (the
//! engine's files import one way, in the order docs/rul.md gives after its table of files).

use super::compiler::compile;
use super::error::RunError;
use super::exec;
#[cfg(target_arch = "m68k")]
use super::exec68k;
use super::program::Program;
use super::vm::Vm;

/// How RUL code runs on the machine.
impl Vm {
    /// Compiles `code` with one entry and runs it: for tests and tools. A session compiles
    /// its rule once ([`compile`]) and calls [`Vm::exec`].
    pub fn run(&mut self, code: &[u8], entry: u32) -> Result<i32, RunError> {
        let p = compile(code, &[entry]);
        self.exec(&p, code, entry)
    }

    /// Runs the subprogram at `entry` (an entry `p` was compiled with) until its `$51`;
    /// returns the value of its last expression.
    pub fn exec(&mut self, p: &Program, code: &[u8], entry: u32) -> Result<i32, RunError> {
        // On the 68030 a compiled entry goes straight to the assembly, which counts the
        // phase's operations (`steps`, `total_steps`) itself.
        #[cfg(target_arch = "m68k")]
        if let Some(w) = p.entry(entry) {
            return exec68k::run(self, p, code, w);
        }
        self.exec_in_rust(p, code, entry)
    }

    /// [`Vm::exec`] by `exec::run`. Out of line on the 68030, where it runs only entries
    /// that are not compiled: inlined, its many live values made LLVM save and restore
    /// eleven registers around every phase, the assembly's included.
    #[cfg_attr(target_arch = "m68k", inline(never))]
    fn exec_in_rust(&mut self, p: &Program, code: &[u8], entry: u32) -> Result<i32, RunError> {
        self.steps = 0;
        let r = exec::run(self, p, code, entry);
        self.total_steps += self.steps as u64;
        r
    }

    /// Deepest use of the engine's reserved memory since creation, in bytes: the deepest
    /// frame stack, plus the deepest value stack, plus the most step-by-step frames.
    pub fn max_depth(&self) -> u32 {
        #[cfg(target_arch = "m68k")]
        let (f, v) = exec68k::depths(self);
        #[cfg(not(target_arch = "m68k"))]
        let (f, v) = (0, 0);
        self.deepest[0].max(f) + self.deepest[1].max(v) + self.deepest[2]
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
