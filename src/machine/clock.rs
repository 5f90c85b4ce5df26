//! The game clock: MFP Timer D (TETRHEX's default) or Timer A (its `-ta`), interrupting
//! 1024 times a second (prescaler 50, data 48: see `timing.rs`). The handler in handlers.s
//! only counts; milliseconds and the 1 Hz counter are derived from the count.
//!
//! Under TOS the timer is set with XBIOS `Xbtimer` and the old vector read with `Setexc`;
//! without TOS the MFP is programmed directly. Either way the timer's control and data
//! registers, its vector and its enable and mask bits are saved first and put back on exit.

use core::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, Ordering};

use super::mfp_reg::{self as mfp, FreeTimer, Prescale};
use super::reg::Vector;
use super::system::{MachineError, Os};
use super::timing::{ticks_to_ms, ticks_to_seconds};
use super::xbios;
use crate::runtime::exit;

unsafe extern "C" {
    fn clock_tick_timer_a();
    fn clock_tick_timer_d();
    static clock_ticks: AtomicU32;
    fn cpu_set_sr(sr: u32) -> u32;
}

/// 2,457,600 Hz / 50 / 48 = 1024 Hz.
const PRESCALE: Prescale = Prescale::Div50;
const DATA: u8 = 48;

/// What was there before: which timer (0 none, 1 A, 2 D), its control bits, reload value,
/// vector, enable and mask registers, the MFP vector register.
static TIMER: AtomicU8 = AtomicU8::new(0);
static OS_TOS: AtomicU8 = AtomicU8::new(0);
static SAVED_CONTROL: AtomicU8 = AtomicU8::new(0);
static SAVED_DATA: AtomicU8 = AtomicU8::new(0);
static SAVED_VECTOR: AtomicU32 = AtomicU32::new(0);
static SAVED_ENABLE: AtomicU8 = AtomicU8::new(0);
static SAVED_MASK: AtomicU8 = AtomicU8::new(0);
static SAVED_VR: AtomicU16 = AtomicU16::new(0);

/// The running game clock (one at a time).
pub struct Clock {
    timer: FreeTimer,
}

impl Clock {
    /// Starts the clock on `timer`. Supervisor mode.
    pub fn start(timer: FreeTimer, os: Os) -> Result<Clock, MachineError> {
        if TIMER.load(Ordering::Relaxed) != 0 {
            stop();
        }
        if !exit::on_exit(stop) {
            return Err(MachineError::CannotRegisterUndo);
        }
        let channel = timer.channel();
        let handler = match timer {
            FreeTimer::A => clock_tick_timer_a as *const () as usize as u32,
            FreeTimer::D => clock_tick_timer_d as *const () as usize as u32,
        };
        // Watching a running timer's count takes a while: before interrupts go off.
        SAVED_DATA.store(timer.reload_value(), Ordering::Relaxed);
        // SAFETY: supervisor mode; interrupts off while the MFP is rewired; everything
        // changed is saved first and put back by `stop`.
        let sr = unsafe { cpu_set_sr(0x2700) };
        let mut vr = mfp::VR.read();
        SAVED_VR.store(vr as u16, Ordering::Relaxed);
        if vr & 0xF0 == 0 {
            // Without TOS nothing set the vector base yet: TOS's value.
            vr = mfp::TOS_VR;
            mfp::VR.write(vr);
        }
        let vector = Vector::number(channel.vector(vr));
        SAVED_CONTROL.store(timer.control(), Ordering::Relaxed);
        SAVED_VECTOR.store(vector.read(), Ordering::Relaxed);
        SAVED_ENABLE.store(channel.enable_register().read(), Ordering::Relaxed);
        SAVED_MASK.store(channel.mask_register().read(), Ordering::Relaxed);
        OS_TOS.store((os == Os::Tos) as u8, Ordering::Relaxed);
        TIMER.store(if timer == FreeTimer::A { 1 } else { 2 }, Ordering::Relaxed);
        // SAFETY: the handler's counter; the handler is not installed yet.
        unsafe { clock_ticks.store(0, Ordering::Relaxed) };
        match os {
            Os::Tos => xbios::xbtimer(timer.xbios_number(), PRESCALE as u16, DATA as u16, handler),
            Os::Bare => {
                timer.set_control(0);
                vector.write(handler);
                timer.data().write(DATA);
                channel.enable();
                timer.set_control(PRESCALE as u8);
            }
        }
        // SAFETY: back to the caller's interrupt mask.
        unsafe { cpu_set_sr(sr) };
        Ok(Clock { timer })
    }

    pub fn timer(&self) -> FreeTimer {
        self.timer
    }

    /// Interrupts counted since `start` (1024 a second).
    pub fn ticks(&self) -> u32 {
        // SAFETY: one long load of the handler's counter.
        unsafe { clock_ticks.load(Ordering::Relaxed) }
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
        let channel = self.timer.channel();
        let b = channel.bit();
        channel.mask_register().modify(|v| if masked { v & !b } else { v | b });
    }
}

/// Stops the clock and puts back what `start` found.
fn stop() {
    let timer = match TIMER.swap(0, Ordering::Relaxed) {
        1 => FreeTimer::A,
        2 => FreeTimer::D,
        _ => return,
    };
    let channel = timer.channel();
    let vr = mfp::VR.read();
    let vector = Vector::number(channel.vector(vr));
    let (control, data) = (SAVED_CONTROL.load(Ordering::Relaxed), SAVED_DATA.load(Ordering::Relaxed));
    let old_vector = SAVED_VECTOR.load(Ordering::Relaxed);
    // SAFETY: supervisor mode (restorers run where the program ran); interrupts off.
    let sr = unsafe { cpu_set_sr(0x2700) };
    if OS_TOS.load(Ordering::Relaxed) != 0 {
        // The OS's own call puts control, data and vector back (and enables the
        // interrupt); the enable and mask bits are then made what they were.
        xbios::xbtimer(timer.xbios_number(), control as u16, data as u16, old_vector);
    } else {
        timer.set_control(0);
        timer.data().write(data);
        vector.write(old_vector);
        timer.set_control(control);
    }
    channel.pending_register().write(!channel.bit());
    channel.in_service_register().write(!channel.bit());
    channel.restore_bits(SAVED_ENABLE.load(Ordering::Relaxed), SAVED_MASK.load(Ordering::Relaxed));
    mfp::VR.write(SAVED_VR.load(Ordering::Relaxed) as u8);
    // SAFETY: back to the mask the restorer was called with.
    unsafe { cpu_set_sr(sr) };
}
