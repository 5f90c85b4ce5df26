//! The vertical blank: a frame counter for pacing, and the moment screens are swapped.
//!
//! Under TOS the OS's own handler counts frames (`_frclock`) and `Setscreen` swaps. Without
//! TOS our handler (`vbl_handler` in handlers.s) sits on the level-4 autovector ($70):
//! it counts frames and writes a requested screen address to the VIDEL.

use core::sync::atomic::{AtomicU32, Ordering};

use super::cpu::{SavedVector, Vector};
use super::system::{self, MachineError, Os};
use crate::runtime::exit;

unsafe extern "C" {
    fn vbl_handler();
    static vbl_count: AtomicU32;
    static vbl_pending_base: AtomicU32;
    fn cpu_set_sr(sr: u32) -> u32;
}

/// The level-4 autovector: vertical blank.
const VBL_VECTOR: u8 = 28;

static SAVED_VECTOR: SavedVector = SavedVector::new();
static SAVED_SR: AtomicU32 = AtomicU32::new(0);
static INSTALLED: AtomicU32 = AtomicU32::new(0);

/// The frame counter of whoever owns the vertical blank.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Vbl {
    os: Os,
}

impl Vbl {
    /// Under TOS: nothing to install (the OS counts frames). Without TOS: our handler on
    /// $70. Either way the interrupt mask is lowered to 3 if it was higher, so that vertical
    /// blanks (level 4) and the MFP (level 6) come through. Undone on exit.
    pub fn start(os: Os) -> Result<Vbl, MachineError> {
        if INSTALLED.load(Ordering::Relaxed) == 0 {
            if !exit::on_exit(uninstall) {
                return Err(MachineError::CannotRegisterUndo);
            }
            // SAFETY: supervisor mode; the vector is saved first and the mask restored by
            // `uninstall`.
            unsafe {
                let sr = cpu_set_sr(0x2700);
                SAVED_SR.store(sr, Ordering::Relaxed);
                if os == Os::Bare {
                    vbl_pending_base.store(0, Ordering::Relaxed);
                    // vbl_handler is an interrupt entry ending in RTE that saves what it uses.
                    SAVED_VECTOR.replace(VBL_VECTOR, Vector::handler(vbl_handler));
                }
                INSTALLED.store(1, Ordering::Relaxed);
                let mask = (sr >> 8 & 7).min(3);
                cpu_set_sr(sr & 0xF8FF | mask << 8);
            }
        }
        Ok(Vbl { os })
    }

    /// Frames so far (wraps after 2^32).
    pub fn count(&self) -> u32 {
        match self.os {
            Os::Tos => system::FRCLOCK.read(),
            // SAFETY: the handler's counter, read with one long load.
            Os::Bare => unsafe { vbl_count.load(Ordering::Relaxed) },
        }
    }

    /// Waits until the next vertical blank has begun.
    pub fn wait(&self) {
        let start = self.count();
        while self.count() == start {}
    }

    /// Without TOS: asks the handler to show `base` from the next frame on.
    pub fn request_base(&self, base: u32) {
        // SAFETY: one long store the handler reads with one long load.
        unsafe { vbl_pending_base.store(base, Ordering::Relaxed) };
    }

    /// Without TOS: the handler has taken the last request.
    pub fn request_taken(&self) -> bool {
        // SAFETY: as above.
        unsafe { vbl_pending_base.load(Ordering::Relaxed) == 0 }
    }
}

fn uninstall() {
    if INSTALLED.swap(0, Ordering::Relaxed) == 0 {
        return;
    }
    // SAFETY: puts back what `start` saved, interrupts off meanwhile.
    unsafe {
        cpu_set_sr(0x2700);
        SAVED_VECTOR.restore();
        cpu_set_sr(SAVED_SR.load(Ordering::Relaxed));
    }
}
