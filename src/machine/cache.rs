//! The 68030's instruction and data caches (CACR, the cache control register, set in cpu.s).
//!
//! TOS 4 switches both caches on at boot; Hatari's TOS-less test mode starts with them off
//! (CACR = 0 after reset), which makes every instruction fetch a bus access. The on-target
//! test program switches them on as TOS would, so that the cycles it measures are those of a
//! Falcon running TOS. The previous value comes back on every exit path.

use core::sync::atomic::{AtomicU32, Ordering};

use crate::runtime::exit;

unsafe extern "C" {
    /// In cpu.s.
    fn cpu_set_cacr(cacr: u32) -> u32;
}

/// CACR bits: enable instruction cache (EI), instruction burst (IBE), enable data cache (ED),
/// data burst (DBE): what TOS sets. The Falcon's bus has no burst mode; the bits are
/// harmless. Clear both caches (CI, CD) on the same write.
const TOS_CACR: u32 = 0x1111;
const CLEAR_BOTH: u32 = 0x0808;

static SAVED: AtomicU32 = AtomicU32::new(0);

/// Switches both caches on (supervisor mode only); false when the restore action could not
/// be registered (then nothing changed).
pub fn enable_like_tos() -> bool {
    if !exit::on_exit(restore) {
        return false;
    }
    // SAFETY: supervisor mode (caller's contract); restored on exit.
    let old = unsafe { cpu_set_cacr(TOS_CACR | CLEAR_BOTH) };
    SAVED.store(old, Ordering::Relaxed);
    true
}

fn restore() {
    // SAFETY: puts back the value found at start-up (clearing both caches).
    unsafe { cpu_set_cacr(SAVED.load(Ordering::Relaxed) | CLEAR_BOTH) };
}
