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
//! As a desk accessory (the same file renamed .ACC) it registers in the Desk menu and opens
//! the collection's window on AC_OPEN (`frontend::gem::host::Accessory`).
#![no_std]
#![no_main]

extern crate alloc;

use alloc::format;

use falcon_gem::aes::Aes;
use falcon_gem::trap::Tos;
use falcon_puzzles::app::collection::App;
use falcon_puzzles::app::tetrhex::exit_code::Failure;
use falcon_puzzles::app::tetrhex::rule_disk::read_rule_file;
use falcon_puzzles::frontend::fullscreen;
use falcon_puzzles::frontend::gem;
use falcon_puzzles::frontend::start_up::StartUp;
use falcon_puzzles::machine::system::{self, Os};
use falcon_puzzles::println;
use falcon_puzzles::runtime::{Flavour, Start, heap, natfeats};

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
fn in_a_window(start: &Start) -> Option<i32> {
    // Which OS runs is a system variable (supervisor mode); the frame counter seeds the
    // random games when the options give no seed.
    // The `_AKP` cookie's language is TETRHEX's `-l ?` and `*`.
    let (os, frames, language) =
        system::briefly_in_supervisor_mode(|| (system::os(), system::FRCLOCK.read(), system::akp_language()));
    if os != Os::Tos {
        return None;
    }
    // Bad options: the full-screen host reports them.
    let startup = StartUp::read(start, os, language).ok()?;
    if startup.options.fullscreen {
        return None;
    }
    // TETRHEX's `-h` and `-e` (with a console: MiNT's, or a shell's redirection); full
    // screen, the full-screen host writes them.
    startup.write_console_lines();
    // TETRHEX's `-i on|off` (XBIOS, from user mode), left so at the end.
    startup.switch_speaker();
    let options = &startup.options;
    let look = gem::host::WindowLook { placement: options.window_placement(), icon_colour: options.icon_colour() };
    gem::host::run(look, || {
        options.check_for_window().map_err(Failure::bad_options)?;
        startup.app(Some(frames))
    })
}

/// The desk accessory: registers in the Desk menu, makes the collection and everything its
/// window needs now (under TOS, what an accessory allocates later belongs to the program
/// running then and vanishes with it), then answers the AES for ever (an accessory never
/// ends). Its app's disk is the root of the boot drive (an accessory has no current folder
/// of its own: `frontend::rooted_disk`): TETRHEX's rule files and best scores are there.
fn accessory() -> ! {
    let mut aes = Aes::new();
    let menu_id = aes.appl_init().and_then(|ap_id| aes.menu_register(ap_id, c"  Falcon Puzzles"));
    // Only the emulator's debug channel hears this: an accessory has no console.
    natfeats::print(if menu_id.is_some() { c"acc: registered in the Desk menu\n" } else { c"acc: no AES\n" });
    let (os, frames, boot_drive) =
        system::briefly_in_supervisor_mode(|| (system::os(), system::FRCLOCK.read(), system::boot_drive()));
    let disk = falcon_puzzles::frontend::rule_disk::for_accessory(boot_drive);
    if let Some(d) = &disk {
        // Only the emulator hears it (the EmuTOS test checks it): Tetrhex's rule file as the
        // accessory reads it, from the root of the boot drive.
        let letter = boot_drive.and_then(falcon_puzzles::frontend::rooted_disk::drive_letter).unwrap_or('?');
        match read_rule_file(&mut *d.borrow_mut(), "TETRHEX.RUL") {
            Ok((_, rule)) => {
                let [a, b, c, e] = rule.scores.each_ref().map(|side| side.len());
                natfeats::print_fmt(format_args!(
                    "acc: {letter}:\\TETRHEX.RUL read, best scores by side {a} {b} {c} {e}\n"
                ));
            }
            Err(why) => natfeats::print_fmt(format_args!("acc: {letter}:\\TETRHEX.RUL not read: {why}\n")),
        }
    }
    let mut acc = gem::host::Accessory::start(aes, Tos, || {
        let mut app = App::new(format!("{frames}").as_bytes());
        if let Some(d) = disk.clone() {
            app.set_rule_disk(d);
        }
        // Slide's loaded pictures: C:\PICTURES\, beside TETRHEX's files.
        falcon_puzzles::frontend::picture_folder::give_to_accessory(&mut app, os, boot_drive);
        Ok(app)
    });
    let (used, free) = heap::usage();
    natfeats::print_fmt(format_args!("acc: ready, heap used {used} free {free}\n"));
    loop {
        let was_open = acc.is_open();
        acc.step();
        if !was_open && acc.is_open() {
            natfeats::print(c"acc: opened\n");
        } else if was_open && !acc.is_open() {
            let (used, _) = heap::usage();
            natfeats::print_fmt(format_args!("acc: closed, heap used {used}\n"));
        }
    }
}
