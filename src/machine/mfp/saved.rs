//! Borrowing an MFP interrupt channel or timer, and giving it back: what a handler of ours
//! changes is saved first, in statics (an undo action of `runtime::exit` has no arguments),
//! and put back exactly.
//!
//! - [`SavedChannel`]: the vector register (given TOS's vector base where it has none), the
//!   channel's enable and mask bits and its vector. Used for the keyboard ACIA's channel.
//! - [`SavedTimer`]: a channel and, besides, the timer's mode and reload value. Used for the
//!   game clock (Timer A or D) and the measurement timer (Timer A).
//!
//! Both are written and restored with interrupts masked (the caller's part: an interrupt
//! between two of these writes would find the machine half rewired).

use core::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use super::{Channel, FreeTimer, TimerControl, VR, VectorRegister};
use crate::machine::cpu::{SavedVector, Vector};

/// One interrupt channel, saved for as long as a handler of ours sits on it.
pub struct SavedChannel {
    saved: AtomicBool,
    channel: AtomicU8,
    enabled: AtomicBool,
    unmasked: AtomicBool,
    vector_register: AtomicU8,
    vector: SavedVector,
}

impl SavedChannel {
    /// Nothing saved yet.
    pub const fn new() -> SavedChannel {
        SavedChannel {
            saved: AtomicBool::new(false),
            channel: AtomicU8::new(0),
            enabled: AtomicBool::new(false),
            unmasked: AtomicBool::new(false),
            vector_register: AtomicU8::new(0),
            vector: SavedVector::new(),
        }
    }

    /// Saves the vector register, `channel`'s enable and mask bits and its vector, then puts
    /// `handler` into the vector. Where the vector register has no base yet (a machine
    /// without TOS) it gets TOS's. Returns the vector register in force. Supervisor mode,
    /// interrupts masked; the channel's bits are left as they were.
    pub fn hook(&self, channel: Channel, handler: Vector) -> VectorRegister {
        let mut vr = VR.read();
        self.vector_register.store(vr.bits(), Ordering::Relaxed);
        if vr.bits() & VectorRegister::BASE.bits() == 0 {
            vr = VectorRegister::TOS;
            VR.write(vr);
        }
        self.channel.store(channel.number(), Ordering::Relaxed);
        self.enabled.store(channel.enabled(), Ordering::Relaxed);
        self.unmasked.store(channel.unmasked(), Ordering::Relaxed);
        self.vector.replace(channel.vector(vr), handler);
        self.saved.store(true, Ordering::Relaxed);
        vr
    }

    /// The vector [`hook`](Self::hook) found (to hand back through the OS).
    pub fn previous_vector(&self) -> Vector {
        self.vector.previous()
    }

    /// Puts back what [`hook`](Self::hook) saved: forgets a pending and an in-service
    /// interrupt of the channel, restores its enable and mask bits, its vector and the vector
    /// register. Does nothing when nothing is saved (so it may run twice). Interrupts masked.
    pub fn restore(&self) {
        if !self.saved.swap(false, Ordering::Relaxed) {
            return;
        }
        let channel = Channel(self.channel.load(Ordering::Relaxed));
        channel.set_unmasked(self.unmasked.load(Ordering::Relaxed));
        channel.set_enabled(self.enabled.load(Ordering::Relaxed));
        channel.clear_pending();
        channel.end_of_interrupt();
        self.vector.restore();
        VR.write(VectorRegister(self.vector_register.load(Ordering::Relaxed)));
    }
}

impl Default for SavedChannel {
    fn default() -> Self {
        Self::new()
    }
}

/// How [`SavedTimer::restore`] puts a timer's own registers back.
pub enum Reprogram {
    /// Writes them: stopped, the reload value, the vector, then the mode.
    Directly,
    /// Hands the saved timer, mode, reload value and vector to a function (under TOS:
    /// XBIOS `Xbtimer`, which writes them and enables the channel; the enable and mask bits
    /// are then set as they were).
    Through(fn(FreeTimer, TimerControl, u8, Vector)),
}

/// A free timer, saved for as long as a handler of ours runs on it.
pub struct SavedTimer {
    /// 0 nothing saved, 1 Timer A, 2 Timer D.
    timer: AtomicU8,
    control: AtomicU8,
    data: AtomicU8,
    channel: SavedChannel,
}

impl SavedTimer {
    /// Nothing saved yet.
    pub const fn new() -> SavedTimer {
        SavedTimer {
            timer: AtomicU8::new(0),
            control: AtomicU8::new(0),
            data: AtomicU8::new(0),
            channel: SavedChannel::new(),
        }
    }

    /// Saves `timer`'s mode, its reload value `data` (from [`FreeTimer::reload_value`],
    /// read before interrupts were masked) and its channel ([`SavedChannel::hook`], which
    /// puts `handler` into the vector). Returns the vector register in force. The timer
    /// itself is not touched: start it with [`FreeTimer::start`] or through the OS.
    /// Supervisor mode, interrupts masked.
    pub fn hook(&self, timer: FreeTimer, data: u8, handler: Vector) -> VectorRegister {
        self.control.store(timer.control().bits(), Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
        let vr = self.channel.hook(timer.channel(), handler);
        self.timer.store(if timer == FreeTimer::A { 1 } else { 2 }, Ordering::Relaxed);
        vr
    }

    /// Puts back the timer's mode, reload value and vector (`how`), then its channel's bits
    /// and the vector register ([`SavedChannel::restore`]). Does nothing when nothing is
    /// saved. Supervisor mode, interrupts masked.
    pub fn restore(&self, how: Reprogram) {
        let timer = match self.timer.swap(0, Ordering::Relaxed) {
            1 => FreeTimer::A,
            2 => FreeTimer::D,
            _ => return,
        };
        let control = TimerControl(self.control.load(Ordering::Relaxed));
        let data = self.data.load(Ordering::Relaxed);
        match how {
            Reprogram::Directly => {
                timer.set_control(TimerControl::STOPPED);
                timer.data().write(data);
                timer.set_control(control);
            }
            Reprogram::Through(reprogram) => reprogram(timer, control, data, self.channel.previous_vector()),
        }
        self.channel.restore();
    }
}

impl Default for SavedTimer {
    fn default() -> Self {
        Self::new()
    }
}
