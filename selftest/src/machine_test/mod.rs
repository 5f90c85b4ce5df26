//! The machine layer's test program (`src/bin/machine_test.rs`), its library half: what the
//! program and the host share, and what only the program does.
//!
//! - [`pattern`]: the two pictures the program shows, which the host renders too, to check
//!   Hatari's screenshots and the reference images (compiled everywhere).
//! - [`state`]: the dump of every register the machine layer may change, printed before and
//!   after a run so that the host can compare them (68030 only).
//! - `bench.s`: the program's measuring routines (a busy loop, a hand-made interrupt).

pub mod pattern;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod state;
