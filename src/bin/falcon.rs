//! The Falcon program. For now: a banner, then a clean exit (issue 2's first program).
#![no_std]
#![no_main]

use falcon_puzzles::println;
use falcon_puzzles::runtime::{Flavour, Start};

#[unsafe(no_mangle)]
pub fn falcon_main(start: &Start) -> i32 {
    println!("Falcon Puzzles {}", env!("CARGO_PKG_VERSION"));
    let line = start.command_line();
    if !line.is_empty() {
        println!("command line: {}", core::str::from_utf8(line).unwrap_or("(not text)"));
    }
    if start.flavour == Flavour::Accessory {
        // Desk accessory registration comes with the GEM bindings (gem/).
        loop {}
    }
    0
}
