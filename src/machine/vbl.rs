//! The vertical blank: a frame counter for pacing, and the moment screens are swapped.
//!
//! Under TOS the OS's own handler counts frames (`_frclock`) and `Setscreen` swaps. Without
//! TOS our handler (`vbl_handler` in vbl.s) sits on the level-4 autovector ($70):
//! it counts frames and writes a requested screen address to the VIDEL.

use core::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, Ordering};

use super::cpu::{self, SavedVector, StatusRegister, Vector};
use super::system::{self, MachineError, Os};
use crate::runtime::exit;

// SAFETY: vbl.s defines them: the handler, and two longs in .data, 2-aligned, that the
// handler reads and writes with single long accesses (which an interrupt cannot split), so
// reading and writing them as AtomicU32 is sound.
unsafe extern "C" {
    /// The handler: counts the frame, hands a requested screen address to the VIDEL, RTE.
    fn vbl_handler();
    /// Frames counted by the handler.
    safe static vbl_count: AtomicU32;
    /// The screen address to show from the next frame on, 0 when none is requested.
    safe static vbl_pending_base: AtomicU32;
}

/// The level-4 autovector: vertical blank.
const VBL_VECTOR: u8 = 28;

static SAVED_VECTOR: SavedVector = SavedVector::new();
static SAVED_SR: AtomicU16 = AtomicU16::new(0);
static INSTALLED: AtomicBool = AtomicBool::new(false);

/// The frame counter of whoever owns the vertical blank.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Vbl {
    os: Os,
}

impl Vbl {
    /// Under TOS: nothing to install (the OS counts frames). Without TOS: our handler on
    /// $70. Either way the interrupt mask is lowered to 3 if it was higher, so that vertical
    /// blanks (level 4) and the MFP (level 6) come through. Undone on exit. Supervisor mode.
    pub fn start(os: Os) -> Result<Vbl, MachineError> {
        if !INSTALLED.load(Ordering::Relaxed) {
            if !exit::on_exit(uninstall) {
                return Err(MachineError::CannotRegisterUndo);
            }
            let sr = cpu::status_register();
            SAVED_SR.store(sr.bits(), Ordering::Relaxed);
            cpu::without_interrupts(|| {
                if os == Os::Bare {
                    vbl_pending_base.store(0, Ordering::Relaxed);
                    // SAFETY: vbl_handler is an interrupt entry ending in RTE that saves what
                    // it uses.
                    SAVED_VECTOR.replace(VBL_VECTOR, unsafe { Vector::handler(vbl_handler) });
                }
                INSTALLED.store(true, Ordering::Relaxed);
            });
            // SAFETY: supervisor mode; the mask only goes down to let levels 4 and 6 in, and
            // `uninstall` puts the status register back.
            unsafe { cpu::set_status_register(sr.with_mask(sr.mask().min(3))) };
        }
        Ok(Vbl { os })
    }

    /// Frames so far (wraps after 2^32).
    pub fn count(&self) -> u32 {
        match self.os {
            Os::Tos => system::FRCLOCK.read(),
            Os::Bare => vbl_count.load(Ordering::Relaxed),
        }
    }

    /// Waits until the next vertical blank has begun.
    pub fn wait(&self) {
        let start = self.count();
        while self.count() == start {}
    }

    /// Without TOS: asks the handler to show `base` from the next frame on.
    pub fn request_base(&self, base: u32) {
        vbl_pending_base.store(base, Ordering::Relaxed);
    }

    /// Without TOS: the handler has taken the last request.
    pub fn request_taken(&self) -> bool {
        vbl_pending_base.load(Ordering::Relaxed) == 0
    }
}

/// Puts back the vector and the status register `start` found, interrupts off from before
/// the vector changes until the status register is the one found: with the old vector back
/// and the mask still at 3, a vertical blank would go where the vector points, and without a
/// TOS that is no handler (Hatari's TOS-less ROM leaves $70 pointing into its own code; the
/// program ended on "Unhandled exception" at about one exit in ten: docs/hatari.md,
/// "TOS-less mode").
fn uninstall() {
    if !INSTALLED.swap(false, Ordering::Relaxed) {
        return;
    }
    // SAFETY: supervisor mode (exit actions run where the program ran); raising the mask
    // only delays interrupts.
    unsafe { cpu::set_status_register(cpu::status_register().with_mask(7)) };
    SAVED_VECTOR.restore();
    // SAFETY: the status register `start` found; no interrupt came between.
    unsafe { cpu::set_status_register(StatusRegister(SAVED_SR.load(Ordering::Relaxed))) };
}
