//! Falcon Puzzles: the portable core.
//!
//! Everything in this crate outside `runtime` knows nothing of TOS: it is `no_std` + `alloc`,
//! tested on the host with `cargo test` and, compiled for the 68030, in Hatari by
//! `cargo xtask test` (see `testcase`). Test code is compiled only for tests (`cfg(test)`, or
//! the `target-tests` feature that falcon-selftest turns on); the test programs, the suite
//! list and the compiler checks live in falcon-selftest.
#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod app;
pub mod digest;
/// Front ends: the full-screen collection and the GEM host (its portable half compiles everywhere and is
/// tested on both machines; the host loop is Falcon only).
pub mod frontend;
pub mod games;
pub mod gfx;
/// The Atari keyboard's scancodes and shift bits, shared by the app and the machine layer.
pub mod keyboard;
pub mod picture;
pub mod puzzle;
pub mod rul;
/// The back ends' shared utilities: union-find, loop finding, cursor keys (Tatham's `dsf.c`,
/// `findloop.c`, `misc.c`).
pub mod util;

/// `test_cases!`: tests written once, run on the host and on the 68030.
#[cfg(any(test, feature = "target-tests"))]
pub mod testcase;

/// The TOS runtime: start-up, GEMDOS/NatFeats calls, memory routines, panic handler.
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod runtime;

/// The machine layer: the Falcon's chips, one file per chip, and the services built on them
/// (m68k only; its portable halves compile everywhere and are tested on both machines).
pub mod machine;
