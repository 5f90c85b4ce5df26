//! The Falcon program. As a program (.PRG, .GTP), options from its command line or
//! `FALCON.INF`, it chooses its host:
//!
//! - the desktop's AES answers `appl_init` (started from the GEM desktop, or under MiNT)
//!   and the options do not say `fullscreen`: the collection in a GEM window
//!   (`frontend::gem::host`);
//! - no TOS (no AES to call: `trap #2` has no handler then), `fullscreen` given, options it
//!   does not understand (full screen says why, as an alert on the desktop), or no AES (a
//!   program started from the AUTO folder): the collection full screen
//!   (`frontend::fullscreen`).
//!
//! As a desk accessory (the same file renamed .ACC) it registers in the Desk menu and
//! answers AC_OPEN/AC_CLOSE.
#![no_std]
#![no_main]

extern crate alloc;

use alloc::format;

use falcon_gem::aes::Aes;
use falcon_gem::message::Message;
use falcon_puzzles::frontend::fullscreen::{self, options::Options};
use falcon_puzzles::frontend::gem;
use falcon_puzzles::machine::system::{self, Os};
use falcon_puzzles::println;
use falcon_puzzles::runtime::{Flavour, Start, natfeats};

#[unsafe(no_mangle)]
pub fn falcon_main(start: &Start) -> i32 {
    if start.flavour == Flavour::Accessory {
        accessory();
    }
    println!("Falcon Puzzles {}", env!("CARGO_PKG_VERSION"));
    if let Some(code) = in_a_window(start) {
        return code;
    }
    fullscreen::host::main(start)
}

/// The collection in a GEM window, if there is an AES and the options do not ask for full
/// screen; the exit code, or `None` (nothing done) to run full screen.
///
/// Never inlined: compiled into `falcon_main` together with the full-screen host, the
/// full-screen host's end freed a live heap block under EmuTOS (docs/toolchain.md, "Open:
/// the heap lists a live block as free").
#[inline(never)]
fn in_a_window(start: &Start) -> Option<i32> {
    // Which OS runs is a system variable (supervisor mode); the frame counter seeds the
    // random games when the options give no seed.
    let (os, frames) = system::briefly_in_supervisor_mode(|| (system::os(), system::FRCLOCK.read()));
    if os != Os::Tos {
        return None;
    }
    let mut options = Options::parse(&fullscreen::host::options_text(start)).ok()?;
    // Bad options: the full-screen host reports them.
    let disk = falcon_puzzles::frontend::rule_disk::for_os(os);
    options.resolve_tetrhex(disk.as_ref()).ok()?;
    if options.fullscreen {
        return None;
    }
    let seed = options.seed.clone().unwrap_or_else(|| format!("{frames}"));
    gem::host::run(|| {
        options.check_for_window()?;
        let mut app = options.app(seed.as_bytes(), disk.clone())?;
        falcon_puzzles::frontend::picture_folder::give_to(&mut app, os);
        Ok(app)
    })
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
