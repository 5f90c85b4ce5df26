//! Timer A as a cycle counter for measurements: delay mode, prescale 4, period 256 counts
//! (2400 interrupts per second); the handler (timer_a.s) counts periods. `now()` combines
//! the period count with the current count, giving a resolution of 4 MFP clocks
//! (1.63 µs, about 26 cycles of the 16 MHz 68030).
//!
//! Install in supervisor mode; the previous vector, registers and interrupt mask come back
//! through `runtime::exit` on every way out.

use core::sync::atomic::{AtomicU8, AtomicU32, Ordering};

use super::registers::{self as reg, IERA, IMRA, IPRA, ISRA, TACR, TADR, TIMER_A_BIT, TIMER_A_VECTOR, VR};

unsafe extern "C" {
    fn timer_a_handler();
    static timer_a_periods: AtomicU32;
    fn cpu_set_sr(sr: u32) -> u32;
}

const PRESCALE_4: u8 = 1;
const PERIOD: u32 = 256;

static SAVED_VECTOR: AtomicU32 = AtomicU32::new(0);
static SAVED_VECTOR_ADDR: AtomicU32 = AtomicU32::new(0);
static SAVED_IERA: AtomicU8 = AtomicU8::new(0);
static SAVED_IMRA: AtomicU8 = AtomicU8::new(0);
static SAVED_VR: AtomicU8 = AtomicU8::new(0);
static SAVED_TADR: AtomicU8 = AtomicU8::new(0);
static SAVED_SR: AtomicU32 = AtomicU32::new(0);
static INSTALLED: AtomicU8 = AtomicU8::new(0);

/// Starts the counter. Supervisor mode only. Returns false if it could not register its
/// restore action (then nothing was changed).
pub fn install() -> bool {
    if INSTALLED.load(Ordering::Relaxed) != 0 {
        return true;
    }
    if !crate::runtime::exit::on_exit(uninstall) {
        return false;
    }
    // SAFETY: supervisor mode (caller's contract); the registers and vector are saved first
    // and restored by `uninstall`.
    unsafe {
        let sr = cpu_set_sr(0x2700); // no interrupts while we rewire
        SAVED_SR.store(sr, Ordering::Relaxed);
        let mut vr = reg::read(VR);
        SAVED_VR.store(vr, Ordering::Relaxed);
        if vr & 0xF0 == 0 {
            // TOS-less start: no vector base yet. TOS's value: base $40, software EOI.
            vr = 0x48;
            reg::write(VR, vr);
        }
        let vector_addr = ((vr & 0xF0) as u32 + TIMER_A_VECTOR as u32) * 4;
        SAVED_VECTOR_ADDR.store(vector_addr, Ordering::Relaxed);
        let vector = vector_addr as *mut u32;
        SAVED_VECTOR.store(vector.read_volatile(), Ordering::Relaxed);
        SAVED_IERA.store(reg::read(IERA), Ordering::Relaxed);
        SAVED_IMRA.store(reg::read(IMRA), Ordering::Relaxed);
        reg::write(TACR, 0);
        SAVED_TADR.store(reg::read(TADR), Ordering::Relaxed);
        vector.write_volatile(timer_a_handler as usize as u32);
        reg::write(TADR, 0); // 256
        reg::write(IERA, reg::read(IERA) | TIMER_A_BIT);
        reg::write(IMRA, reg::read(IMRA) | TIMER_A_BIT);
        reg::write(TACR, PRESCALE_4);
        INSTALLED.store(1, Ordering::Relaxed);
        // Let level-6 (MFP) interrupts through, keep supervisor mode.
        cpu_set_sr(0x2500);
    }
    true
}

fn uninstall() {
    if INSTALLED.swap(0, Ordering::Relaxed) == 0 {
        return;
    }
    // SAFETY: restores exactly what install saved, with interrupts off meanwhile.
    unsafe {
        cpu_set_sr(0x2700);
        reg::write(TACR, 0);
        reg::write(TADR, SAVED_TADR.load(Ordering::Relaxed));
        reg::write(IERA, reg::read(IERA) & !TIMER_A_BIT | SAVED_IERA.load(Ordering::Relaxed) & TIMER_A_BIT);
        reg::write(IMRA, reg::read(IMRA) & !TIMER_A_BIT | SAVED_IMRA.load(Ordering::Relaxed) & TIMER_A_BIT);
        reg::write(ISRA, !TIMER_A_BIT);
        let vector = SAVED_VECTOR_ADDR.load(Ordering::Relaxed) as *mut u32;
        vector.write_volatile(SAVED_VECTOR.load(Ordering::Relaxed));
        reg::write(VR, SAVED_VR.load(Ordering::Relaxed));
        cpu_set_sr(SAVED_SR.load(Ordering::Relaxed));
    }
}

/// Time since `install` in units of 4 MFP clocks (1/614400 s).
pub fn now() -> u64 {
    loop {
        // SAFETY: reading the period counter, the timer's data register and the pending
        // register has no effect.
        let (p1, count, pending, p2) = unsafe {
            let p1 = timer_a_periods.load(Ordering::Relaxed);
            let count = reg::read(TADR) as u32;
            let pending = reg::read(IPRA) & TIMER_A_BIT != 0;
            (p1, count, pending, timer_a_periods.load(Ordering::Relaxed))
        };
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

/// Converts `now()` units to cycles of a 16 MHz CPU: 16e6 / 614400 = 625/24.
pub fn units_to_cycles(units: u64) -> u64 {
    units * 625 / 24
}
