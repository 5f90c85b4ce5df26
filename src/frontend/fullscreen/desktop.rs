//! Full screen started from the GEM desktop: the screen is the AES's, so we ask for it and
//! give it back as a well-behaved program does (docs/falcon.md, "Full screen from the
//! desktop").
//!
//! - Taking it: `appl_init`; `wind_update(BEG_UPDATE)` (no other application draws),
//!   `wind_update(BEG_MCTRL)` (the AES leaves the mouse alone), `graf_mouse(M_OFF)` (the
//!   OS's pointer is not drawn over our screen).
//! - Giving it back, after the machine layer restored the video mode, the screen and the
//!   palette: the keys played (which our keyboard hook passed on to the OS) taken out of the
//!   BIOS buffer, so that the desktop does not act on them; `graf_mouse(M_ON)`, `END_MCTRL`, `END_UPDATE`, then `form_dial(FMD_FINISH)` over
//!   the whole screen (menu bar included), which sends every window under it a redraw, and
//!   `appl_exit`. Under single-tasking TOS the desktop also redraws itself, menu bar and all,
//!   when the program ends.
//!
//! The AES is always called in user mode (`system::in_user_mode`): its dispatcher may switch
//! to another process, which a caller in supervisor mode on its own stack does not survive
//! (EmuTOS: a Trace panic on the way out).
//!
//! Without a TOS, or under a TOS whose AES does not answer (a program started from the AUTO
//! folder), there is nothing to ask.

use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicBool, Ordering};

use falcon_gem::aes::form::Dial;
use falcon_gem::aes::graf::MouseForm;
use falcon_gem::aes::wind::{RectField, Update};
use falcon_gem::aes::{Aes, WindowHandle};
use falcon_gem::rect::Rect;
use falcon_gem::trap::Tos;

use crate::machine::system::{self, Os};
use crate::runtime::exit;
use crate::runtime::gemdos::Block;

/// The AES block of the program (single-threaded: the exit action is the only other user).
struct Desktop(UnsafeCell<Aes<Tos>>);
// SAFETY: single-threaded; interrupt handlers never touch it.
unsafe impl Sync for Desktop {}

static DESKTOP: Desktop = Desktop(UnsafeCell::new(Aes::new()));
/// The AES answered `appl_init`.
static REGISTERED: AtomicBool = AtomicBool::new(false);
/// The screen and the mouse are ours (`take` succeeded).
static TAKEN: AtomicBool = AtomicBool::new(false);

fn aes() -> &'static mut Aes<Tos> {
    // SAFETY: single-threaded, and no caller keeps the reference across another call.
    unsafe { &mut *DESKTOP.0.get() }
}

/// Runs AES calls in user mode (the AES's dispatcher may switch processes: never in
/// supervisor mode).
fn with_aes<R>(f: impl FnOnce(&mut Aes<Tos>) -> R) -> R {
    system::in_user_mode(|| f(aes()))
}

/// Empties the BIOS keyboard buffer (device 2, the console: `Bconstat`, BIOS 1, and
/// `Bconin`, BIOS 2). Our keyboard hook passes every key on to the OS, which queues them: the
/// keys played full screen must not reach the desktop afterwards.
fn flush_keyboard_buffer() {
    for _ in 0..1000 {
        if Block::new(1).word(2).bios() == 0 {
            break;
        }
        Block::new(2).word(2).bios();
    }
}

/// Registers with the AES, if there is one; true if so.
pub fn register(os: Os) -> bool {
    if os != Os::Tos {
        return false;
    }
    if REGISTERED.load(Ordering::Relaxed) {
        return true;
    }
    let (id, version) = with_aes(|a| (a.appl_init(), a.version()));
    let ok = id.is_some() && version != 0;
    REGISTERED.store(ok, Ordering::Relaxed);
    ok
}

/// Takes the screen and the mouse from the AES (if there is one). Call before the machine
/// layer opens the screen: the giving back is registered first, so that it runs after the
/// screen is restored. False if the undo action cannot be registered.
pub fn take(os: Os) -> bool {
    if !register(os) {
        return true;
    }
    if !exit::on_exit(give_back) {
        return false;
    }
    with_aes(|a| {
        a.wind_update(Update::Begin);
        a.wind_update(Update::BeginMouse);
        a.graf_mouse(MouseForm::Hide);
    });
    TAKEN.store(true, Ordering::Relaxed);
    true
}

/// Gives the screen back (an exit action).
fn give_back() {
    if !REGISTERED.swap(false, Ordering::Relaxed) {
        return;
    }
    let taken = TAKEN.swap(false, Ordering::Relaxed);
    if taken {
        flush_keyboard_buffer();
    }
    with_aes(|a| {
        if taken {
            a.graf_mouse(MouseForm::Show);
            a.wind_update(Update::EndMouse);
            a.wind_update(Update::End);
            // The desk's work area starts below the menu bar: redraw from the top of the screen.
            if let Some(desk) = a.wind_get_rect(WindowHandle::DESK, RectField::Work) {
                let all = Rect::new(0, 0, desk.x + desk.w, desk.y + desk.h);
                a.form_dial(Dial::Finish, all, all);
            }
        }
        a.appl_exit();
    });
}

/// Shows `text` (an alert string, `[icon][lines][buttons]`) if the AES is there and the
/// screen is still the desktop's; false if it could not.
pub fn alert(text: &core::ffi::CStr) -> bool {
    if !REGISTERED.load(Ordering::Relaxed) || TAKEN.load(Ordering::Relaxed) {
        return false;
    }
    with_aes(|a| a.form_alert(1, text));
    true
}

/// Registers (for an alert) and makes sure `appl_exit` is called on the way out.
pub fn register_for_alert(os: Os) -> bool {
    if REGISTERED.load(Ordering::Relaxed) {
        return true;
    }
    register(os) && exit::on_exit(give_back)
}
