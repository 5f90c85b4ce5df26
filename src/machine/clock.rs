//! The game clock: MFP Timer D (TETRHEX's default) or Timer A (its `-ta`), interrupting
//! 1024 times a second (prescaler 50, data 48: see `timing.rs`). The handler in clock.s
//! only counts; milliseconds and the 1 Hz counter are derived from the count.
//!
//! Under TOS the timer is set with XBIOS `Xbtimer` (and put back with it); without TOS the
//! MFP is programmed directly. Either way the timer's mode, reload value, vector, enable and
//! mask bits and the MFP's vector register are saved first (`mfp::saved::SavedTimer`) and
//! put back on exit.

use core::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use super::cpu::{self, Vector};
use super::mfp::saved::{Reprogram, SavedTimer};
use super::mfp::{FreeTimer, TimerControl};
use super::system::{MachineError, Os};
use super::timing::{ticks_to_ms, ticks_to_seconds};
use super::xbios;
use crate::runtime::exit;

// SAFETY: clock.s defines them: the two handlers, and the tick counter as a 2-aligned
// long in .data that only the handlers write (with one ADDQ.L, which an interrupt cannot
// split), so using it as an AtomicU32 is sound.
unsafe extern "C" {
    /// The handler on Timer A: counts a tick, ends the interrupt, RTE.
    fn clock_tick_timer_a();
    /// The same on Timer D.
    fn clock_tick_timer_d();
    /// Ticks counted since `Clock::start`.
    safe static clock_ticks: AtomicU32;
}

/// 2,457,600 Hz / 50 / 48 = 1024 Hz.
const CONTROL: TimerControl = TimerControl::DELAY_50;
const DATA: u8 = 48;

/// What was there before: the timer's mode, reload value, vector, enable and mask bits, the
/// MFP vector register; and whether the OS puts the timer back.
static SAVED_TIMER: SavedTimer = SavedTimer::new();
static UNDER_TOS: AtomicBool = AtomicBool::new(false);

/// The running game clock (one at a time).
pub struct Clock {
    timer: FreeTimer,
}

impl Clock {
    /// Starts the clock on `timer`. Supervisor mode.
    pub fn start(timer: FreeTimer, os: Os) -> Result<Clock, MachineError> {
        stop();
        if !exit::on_exit(stop) {
            return Err(MachineError::CannotRegisterUndo);
        }
        // SAFETY: the handlers in clock.s are interrupt entries ending in RTE that save
        // what they use.
        let handler = unsafe {
            Vector::handler(match timer {
                FreeTimer::A => clock_tick_timer_a,
                FreeTimer::D => clock_tick_timer_d,
            })
        };
        // Watching a running timer's count takes a while: before interrupts go off.
        let reload = timer.reload_value();
        // Interrupts off while the MFP is rewired; everything changed is saved first and put
        // back by `stop`.
        cpu::without_interrupts(|| {
            clock_ticks.store(0, Ordering::Relaxed);
            UNDER_TOS.store(os == Os::Tos, Ordering::Relaxed);
            SAVED_TIMER.hook(timer, reload, handler);
            match os {
                Os::Tos => xbios::xbtimer(timer.xbios_number(), CONTROL.bits() as u16, DATA as u16, handler.address()),
                Os::Bare => timer.start(CONTROL, DATA),
            }
        });
        Ok(Clock { timer })
    }

    pub fn timer(&self) -> FreeTimer {
        self.timer
    }

    /// Interrupts counted since `start` (1024 a second).
    pub fn ticks(&self) -> u32 {
        clock_ticks.load(Ordering::Relaxed)
    }

    /// Milliseconds since `start`.
    pub fn millis(&self) -> u32 {
        ticks_to_ms(self.ticks())
    }

    /// The 1 Hz counter: whole seconds since `start`.
    pub fn seconds(&self) -> u32 {
        ticks_to_seconds(self.ticks())
    }

    /// Holds the clock's interrupt back (masks it) or lets it through again; for measuring
    /// what the handler costs.
    pub fn set_masked(&self, masked: bool) {
        self.timer.channel().set_unmasked(!masked);
    }
}

/// Under TOS: the OS's own call puts mode, reload value and vector back (and enables the
/// interrupt); the enable and mask bits are then made what they were.
fn xbtimer_back(timer: FreeTimer, control: TimerControl, data: u8, vector: Vector) {
    xbios::xbtimer(timer.xbios_number(), control.bits() as u16, data as u16, vector.address());
}

/// Stops the clock and puts back what `start` found.
fn stop() {
    let how = if UNDER_TOS.load(Ordering::Relaxed) { Reprogram::Through(xbtimer_back) } else { Reprogram::Directly };
    // Supervisor mode: undo actions run where the program ran.
    cpu::without_interrupts(|| SAVED_TIMER.restore(how));
}
