//! The full-screen front end under test: `FALCON.PRG`'s own code (`frontend::fullscreen::
//! host::main`, options from `FALCON.INF`) between two dumps of the machine state, driven by
//! `cargo xtask test` through Hatari (xtask/src/fullscreen.rs) with real key presses and mouse
//! clicks, without a TOS and under EmuTOS.
//!
//! Before anything changes it prints the machine state (`state before ...`, as the machine
//! test does); its first undo action, which runs after every other one, prints it again
//! (`state after ...`): the host compares the two.
#![no_std]
#![no_main]

use core::sync::atomic::{AtomicBool, Ordering};

use falcon_puzzles::frontend::fullscreen::host;
use falcon_puzzles::machine::system::{self, Hardware, Os};
use falcon_puzzles::runtime::console::print_str;
use falcon_puzzles::runtime::{Start, exit};
use falcon_selftest::machine_test::state;

static UNDER_TOS: AtomicBool = AtomicBool::new(false);

/// The first undo action: runs last, after everything else was put back.
fn state_after() {
    state::print("after", if UNDER_TOS.load(Ordering::Relaxed) { Os::Tos } else { Os::Bare });
    print_str("fullscreen-test restored\n");
}

#[unsafe(no_mangle)]
pub fn falcon_main(start: &Start) -> i32 {
    if system::enter_supervisor().is_err() {
        return 22;
    }
    let os = Hardware::detect().os;
    UNDER_TOS.store(os == Os::Tos, Ordering::Relaxed);
    state::print("before", os);
    if !exit::on_exit(state_after) {
        return 22;
    }
    host::main(start)
}
