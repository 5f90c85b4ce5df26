//! Falcon Puzzles' test code, never shipped in FALCON.PRG.
//!
//! - [`suites`]: the list of every test suite, in the order the on-target test program runs
//!   them (the core's per-module `test_cases!` tables and this crate's).
//! - [`differential`]: ordinary Rust whose results must be identical on the host and the
//!   68030, the net that catches the compiler's miscompiles (docs/toolchain.md).
//! - [`compiler_repro`]: reproducers of miscompiles found by other tests, kept as tests.
//! - [`memory_routines`]: the runtime's memcpy/memmove/memset/memcmp against reference loops.
//! - [`gfx_bench`]: benchmarks of the blitters and of a move's redraw, with their baselines.
//! - [`stack`]: how much of the painted machine stack a test used, and overflow detection.
//! - [`machine_test`]: the machine layer test program's pattern and machine-state dump.
//! - `src/bin/target_tests.rs`: the on-target test program; `src/bin/acc_driver.rs`: the
//!   desk-accessory driver of the EmuTOS tests; `src/bin/machine_test.rs`: the machine
//!   layer's test program (full screen, input, every way out).
//!
//! The library is `no_std` + `alloc` like the core: `cargo test` runs every case on the host,
//! the target-tests program runs the same cases on the emulated 68030.
#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod compiler_repro;
pub mod differential;
pub mod gfx_bench;
pub mod machine_test;
pub mod memory_routines;
pub mod stack;
pub mod suites;
