//! Timer A as a cycle counter for measurements: delay mode, prescale 4, period 256 counts
//! (2400 interrupts per second); the handler (timer_a.s) counts periods. [`now`] combines the
//! period count with the current count, giving a resolution of 4 MFP clocks (1.63 µs, about
//! 26 cycles of the 16 MHz 68030).
//!
//! [`install`] in supervisor mode; the previous vector, registers and interrupt mask come back
//! through `runtime::exit` on every way out.

use core::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, Ordering};

use super::saved::{Reprogram, SavedTimer};
use super::{ChannelsA, FreeTimer, IPRA, TADR, TimerControl};
use crate::machine::cpu::{self, MFP_LEVEL, StatusRegister, Vector};

// SAFETY: timer_a.s defines both: the handler, and the period counter as a 2-aligned long
// in .data that only the handler writes (with one ADDQ.L, which an interrupt cannot split),
// so reading it as an AtomicU32 is sound.
unsafe extern "C" {
    /// The interrupt handler: counts a period, ends the interrupt, RTE. Never called from
    /// Rust: only its address goes into the vector table.
    fn timer_a_handler();
    /// Periods counted by the handler since start-up.
    safe static timer_a_periods: AtomicU32;
}

/// Counts per period: the data register is loaded with 0, which means 256.
const PERIOD: u32 = 256;

/// What `install` changed, for `uninstall` to put back.
static SAVED_TIMER: SavedTimer = SavedTimer::new();
static SAVED_SR: AtomicU16 = AtomicU16::new(0);
static INSTALLED: AtomicBool = AtomicBool::new(false);

/// Starts the counter. Supervisor mode only. Returns false if it could not register its
/// restore action (then nothing was changed).
pub fn install() -> bool {
    if INSTALLED.load(Ordering::Relaxed) {
        return true;
    }
    if !crate::runtime::exit::on_exit(uninstall) {
        return false;
    }
    // Before masking: a running timer's reload value takes a while to find.
    let reload = FreeTimer::A.reload_value();
    // SAFETY: supervisor mode (this function's contract); no interrupt while we rewire.
    let sr = unsafe { cpu::set_status_register(StatusRegister::supervisor_masking(7)) };
    SAVED_SR.store(sr.bits(), Ordering::Relaxed);
    // SAFETY: timer_a_handler is an interrupt entry ending in RTE that saves what it uses.
    SAVED_TIMER.hook(FreeTimer::A, reload, unsafe { Vector::handler(timer_a_handler) });
    FreeTimer::A.start(TimerControl::DELAY_4, 0); // 0: a period of 256
    INSTALLED.store(true, Ordering::Relaxed);
    // Let the MFP's level through, stay in supervisor mode.
    // SAFETY: supervisor mode; only the mask is lowered.
    unsafe { cpu::set_status_register(StatusRegister::supervisor_masking(MFP_LEVEL - 1)) };
    true
}

/// Restores exactly what `install` saved (Timer A's mode, reload value, vector, enable and
/// mask bits, the vector register, the status register), with interrupts off meanwhile.
fn uninstall() {
    if !INSTALLED.swap(false, Ordering::Relaxed) {
        return;
    }
    // SAFETY: supervisor mode, as when `install` ran (exit actions run in the same mode).
    unsafe { cpu::set_status_register(StatusRegister::supervisor_masking(7)) };
    SAVED_TIMER.restore(Reprogram::Directly);
    // SAFETY: the status register `install` found.
    unsafe { cpu::set_status_register(StatusRegister(SAVED_SR.load(Ordering::Relaxed))) };
}

/// Time since `install` in units of 4 MFP clocks (1/614400 s).
pub fn now() -> u64 {
    loop {
        // Reading the period counter, the timer's data register and the pending register
        // has no effect on them.
        let p1 = timer_a_periods.load(Ordering::Relaxed);
        let count = TADR.read() as u32;
        let pending = IPRA.read().contains(ChannelsA::TIMER_A);
        let p2 = timer_a_periods.load(Ordering::Relaxed);
        if p1 != p2 {
            continue;
        }
        // The counter may have reloaded after p1 was read while its interrupt is not yet
        // serviced: then the count is high (just reloaded) and a period is owed.
        let periods = p1 as u64 + (pending && count > PERIOD / 2) as u64;
        let into = (PERIOD - count) % PERIOD;
        return periods * PERIOD as u64 + into as u64;
    }
}

/// Converts [`now`] units to cycles of a 16 MHz CPU: 16e6 / 614400 = 625/24.
pub fn units_to_cycles(units: u64) -> u64 {
    units * 625 / 24
}
