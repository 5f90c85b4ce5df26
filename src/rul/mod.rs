//! The RUL engine: TETRHEX's rule files (RUL3) and their bytecode language, re-implemented
//! without TOS (manual section 6). See docs/rul.md.

pub mod board;
pub mod error;
pub mod exec;
#[cfg(target_arch = "m68k")]
pub mod exec68k;
pub mod geometry;
pub mod interpreter;
pub mod loader;
pub mod model;
pub mod opcodes;
pub mod program;
pub mod replay;
pub mod rng;
pub mod session;
pub mod slow;
pub mod writer;

#[cfg(any(test, feature = "target-tests"))]
pub mod sample;

#[cfg(any(test, feature = "target-tests"))]
pub mod bench;

#[cfg(any(test, feature = "target-tests"))]
pub mod reference;

#[cfg(any(test, feature = "target-tests"))]
pub mod format_tests;

#[cfg(any(test, feature = "target-tests"))]
pub mod interpreter_tests;

#[cfg(any(test, feature = "target-tests"))]
pub mod game_tests;

#[cfg(any(test, feature = "target-tests"))]
pub mod rules_tests;
