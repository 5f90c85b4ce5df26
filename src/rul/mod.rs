//! The RUL engine: TETRHEX's rule files (RUL3) and their bytecode language, re-implemented
//! without TOS (manual section 6). See docs/rul.md.

pub mod board;
pub mod builtin;
pub mod compiler;
pub mod destruction;
pub mod error;
pub mod exec;
#[cfg(target_arch = "m68k")]
pub mod exec68k;
pub mod geometry;
pub mod instructions;
pub mod interpreter;
pub mod loader;
pub mod memory;
pub mod model;
pub mod opcodes;
pub mod program;
pub mod replay;
pub mod rng;
pub mod rule_stack;
pub mod scores;
pub mod session;
pub mod slow;
pub mod vm;
pub mod writer;

/// Small hand-assembled rules for the tests.
#[cfg(any(test, feature = "target-tests"))]
pub mod sample;

/// The worst boards for a landed piece, which the benchmarks measure and the tests check.
#[cfg(any(test, feature = "target-tests"))]
pub mod worst_boards;

/// Benchmarks of the engine (replays, phase B, worst landed pieces), run by `cargo xtask bench`.
#[cfg(any(test, feature = "target-tests"))]
pub mod bench;

/// The original recursive interpreter, kept as the reference the differential tests compare with.
#[cfg(any(test, feature = "target-tests"))]
pub mod reference;

/// The engine as a whole over the three compiled rules (TETRHEX, TETLIGHT, HEXCOLS).
#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
