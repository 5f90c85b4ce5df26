//! The Falcon program. For now: a banner and a clean exit as a program; as a desk accessory
//! (the same file renamed .ACC) it registers in the Desk menu and answers AC_OPEN/AC_CLOSE.
#![no_std]
#![no_main]

use falcon_gem::aes::Aes;
use falcon_gem::message::Message;
use falcon_puzzles::println;
use falcon_puzzles::runtime::{Flavour, Start, natfeats};

#[unsafe(no_mangle)]
pub fn falcon_main(start: &Start) -> i32 {
    if start.flavour == Flavour::Accessory {
        accessory();
    }
    println!("Falcon Puzzles {}", env!("CARGO_PKG_VERSION"));
    let line = start.command_line();
    if !line.is_empty() {
        println!("command line: {}", core::str::from_utf8(line).unwrap_or("(not text)"));
    }
    0
}

/// The desk accessory: never returns (the AES has no way to end an accessory).
fn accessory() -> ! {
    let mut aes = Aes::new();
    let menu_id = aes.appl_init().and_then(|ap_id| aes.menu_register(ap_id, c"  Falcon Puzzles"));
    // Only the emulator's debug channel hears this: an accessory has no console.
    natfeats::print(if menu_id.is_some() { c"acc: registered in the Desk menu\n" } else { c"acc: no AES\n" });
    loop {
        match aes.evnt_mesag().decode() {
            Message::AccOpen { .. } => {
                natfeats::print(c"acc: opened\n");
            }
            Message::AccClose { .. } => {
                // Windows will be closed here once the accessory has any.
                natfeats::print(c"acc: closed\n");
            }
            _ => {}
        }
    }
}
