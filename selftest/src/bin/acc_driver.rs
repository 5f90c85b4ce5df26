//! Test driver, auto-started from the EmuTOS desktop next to FALCON.ACC: it opens and
//! closes the accessory twice through AES messages (as the Desk menu and an application
//! change would) and ends; the runner checks the accessory's replies on the debug channel.
#![no_std]
#![no_main]

use falcon_gem::aes::Aes;
use falcon_gem::message::Message;
use falcon_puzzles::runtime::{Start, natfeats};

#[unsafe(no_mangle)]
pub fn falcon_main(_start: &Start) -> i32 {
    let mut aes = Aes::new();
    let Some(me) = aes.appl_init() else {
        return 4;
    };
    let Some(acc) = aes.appl_find("FALCON") else {
        natfeats::print(c"driver: FALCON.ACC is not loaded\n");
        return 7;
    };
    for _ in 0..2 {
        aes.appl_write(acc, &Message::AccOpen { menu_id: 0 }.encode(me));
        aes.evnt_timer(300);
        aes.appl_write(acc, &Message::AccClose { menu_id: 0 }.encode(me));
        aes.evnt_timer(300);
    }
    natfeats::print(c"driver: done\n");
    aes.appl_exit();
    0
}
