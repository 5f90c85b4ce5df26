//! Falcon Puzzles: the portable core.
//!
//! Everything in this crate outside `runtime` knows nothing of TOS: it is `no_std` + `alloc`,
//! tested on the host with `cargo test` and, compiled for the 68030, in Hatari by
//! `cargo xtask test` (see `testcase`).
#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod games;
pub mod machine;
pub mod puzzle;
pub mod rul;
pub mod testcase;
pub mod video;

#[cfg(any(test, feature = "target-tests"))]
pub mod differential;

#[cfg(any(test, feature = "target-tests"))]
pub mod suites;

pub mod memory_tests;
pub mod stack_usage;

/// The TOS runtime: start-up, GEMDOS/NatFeats calls, memory routines, panic handler.
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod runtime;

/// The MFP 68901 (timers), for the Falcon program.
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod mfp;
