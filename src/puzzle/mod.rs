//! The puzzle framework: Simon Tatham's architecture (back ends, one mid end, a drawing API,
//! portable randomness) as a `no_std` + `alloc` core. See `docs/puzzles.md`.

pub mod backend;
pub mod drawing;
pub mod erased;
pub mod midend;
pub mod obfuscate;
pub mod random;
