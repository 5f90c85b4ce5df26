//! The RUL engine: TETRHEX's rule files (RUL3) and their bytecode language, re-implemented
//! without TOS (manual section 6). See docs/rul.md.

pub mod board;
pub mod error;
// Clippy findings left to the RUL renaming: game.rs (an `if` inside a match arm),
// geometry.rs (a manual div_ceil), interpreter/tests.rs (a repeated push, a `+ 0`).
#[allow(clippy::collapsible_match)]
pub mod game;
#[allow(clippy::manual_div_ceil)]
pub mod geometry;
#[allow(clippy::same_item_push, clippy::identity_op)]
pub mod interpreter;
pub mod loader;
pub mod model;
pub mod replay;
pub mod rng;
pub mod writer;

/// Small hand-assembled rules for the tests.
#[cfg(any(test, feature = "target-tests"))]
pub mod sample;

/// The engine as a whole over the three compiled rules (TETRHEX, TETLIGHT, HEXCOLS).
#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
