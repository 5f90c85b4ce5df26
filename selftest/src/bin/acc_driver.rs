//! Test driver, auto-started from the EmuTOS desktop as `C:\ACCDRV.PRG` next to FALCON.ACC;
//! the runner (`xtask/src/targettest.rs`, group `accessory`) checks what both say on the
//! debug channel. Two stages:
//!
//! 1. (no command line) 100 times: AC_OPEN to the accessory (as its Desk menu entry
//!    would), then WM_CLOSED for the window on top (the accessory's, as its closer would).
//!    The largest free block (`Malloc(-1)`) before and after. Then the window opened once
//!    more and left open, the driver named as the next program (`shel_write` mode 1), and
//!    the driver ends without ending the emulation: the AES closes every window and sends
//!    the accessory AC_CLOSE, a program change.
//! 2. (command line `2`) the accessory opened and closed once more in the new program, the
//!    free memory again; the end of the emulation.
#![no_std]
#![no_main]

use falcon_gem::aes::{Aes, AppId};
use falcon_gem::message::Message;
use falcon_gem::trap::Tos;
use falcon_puzzles::runtime::{Start, gemdos, natfeats};

/// Open/close cycles of stage 1.
const CYCLES: u32 = 100;
/// What this program is called on drive C: (the runner copies it there under that name).
const ME: &core::ffi::CStr = c"C:\\ACCDRV.PRG";

#[unsafe(no_mangle)]
pub fn falcon_main(start: &Start) -> i32 {
    let mut aes = Aes::new();
    let Some(me) = aes.appl_init() else {
        return 4;
    };
    let Some(acc) = aes.appl_find("FALCON") else {
        natfeats::print(c"driver: FALCON.ACC is not loaded\n");
        return 7;
    };
    if start.command_line() == b"2" {
        natfeats::print_fmt(format_args!("driver: stage 2, free {}\n", gemdos::largest_free_block()));
        open_and_close(&mut aes, me, acc);
        // Time for the accessory to answer the last WM_CLOSED before the emulation ends.
        aes.evnt_timer(500);
        natfeats::print_fmt(format_args!("driver: stage 2 done, free {}\n", gemdos::largest_free_block()));
        aes.appl_exit();
        // Under a TOS the runtime's end only says `falcon-exit 0`: end the emulation here.
        natfeats::exit(0);
        return 0;
    }
    natfeats::print_fmt(format_args!("driver: free before {}\n", gemdos::largest_free_block()));
    for _ in 0..CYCLES {
        open_and_close(&mut aes, me, acc);
    }
    natfeats::print_fmt(format_args!("driver: free after {}\n", gemdos::largest_free_block()));
    aes.appl_write(acc, &Message::AccOpen { menu_id: 0 }.encode(me));
    aes.evnt_timer(200);
    let next = aes.shel_run_next(ME, b"2");
    natfeats::print_fmt(format_args!("driver: stage 1 done, next program named: {next}\n"));
    aes.appl_exit();
    // Not `return`: the runtime's exit would end the emulation (NatFeats), and stage 2 is
    // still to come.
    gemdos::pterm(0)
}

/// AC_OPEN, then WM_CLOSED for the window on top, each given time to be answered.
fn open_and_close(aes: &mut Aes<Tos>, me: AppId, acc: AppId) {
    aes.appl_write(acc, &Message::AccOpen { menu_id: 0 }.encode(me));
    aes.evnt_timer(60);
    match aes.wind_get_top() {
        Some(window) if window.0 > 0 => {
            aes.appl_write(acc, &Message::Closed { window }.encode(me));
        }
        _ => {
            natfeats::print(c"driver: no window on top after AC_OPEN\n");
        }
    }
    aes.evnt_timer(60);
}
