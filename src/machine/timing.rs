//! Game-clock arithmetic, the portable half of `clock.rs`.
//!
//! The clock interrupt runs at exactly 1024 Hz: the MFP's 2.4576 MHz timer clock, prescaler
//! 50, data register 48 (2,457,600 / 50 / 48 = 1024). Its handler only counts ticks; the
//! milliseconds and seconds are derived from the count, so they never drift: a second is
//! exactly 1024 ticks, a millisecond 1.024 ticks.

/// Clock interrupts per second.
pub const TICK_HZ: u32 = 1024;

/// Milliseconds in `ticks` (rounded down), exact for every u32 tick count (1000/1024 =
/// 125/128, computed without 64-bit arithmetic).
pub const fn ticks_to_ms(ticks: u32) -> u32 {
    (ticks >> 7) * 125 + (((ticks & 127) * 125) >> 7)
}

/// Whole seconds in `ticks`: the 1 Hz counter.
pub const fn ticks_to_seconds(ticks: u32) -> u32 {
    ticks / TICK_HZ
}

/// Something that happens every `period_ms` milliseconds (a TETRHEX speed: 1–8191 ms),
/// measured on a millisecond clock that may wrap around.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Metronome {
    period_ms: u16,
    next_ms: u32,
}

impl Metronome {
    /// Fastest and slowest period a game may ask for.
    pub const MIN_PERIOD_MS: u16 = 1;
    pub const MAX_PERIOD_MS: u16 = 8191;

    /// First beat `period_ms` after `now_ms`; the period is clamped to 1–8191.
    pub fn new(period_ms: u16, now_ms: u32) -> Metronome {
        let period_ms = period_ms.clamp(Self::MIN_PERIOD_MS, Self::MAX_PERIOD_MS);
        Metronome { period_ms, next_ms: now_ms.wrapping_add(period_ms as u32) }
    }

    pub fn period_ms(&self) -> u16 {
        self.period_ms
    }

    /// Changes the speed from now on.
    pub fn set_period(&mut self, period_ms: u16, now_ms: u32) {
        *self = Metronome::new(period_ms, now_ms);
    }

    /// Beats that fell due up to `now_ms` since the last call (0 when none); the next beat
    /// stays on the original grid, so late calls do not make the rhythm drift.
    pub fn due(&mut self, now_ms: u32) -> u32 {
        let late = now_ms.wrapping_sub(self.next_ms);
        if late as i32 <= -1 {
            return 0;
        }
        let beats = late / self.period_ms as u32 + 1;
        self.next_ms = self.next_ms.wrapping_add(beats * self.period_ms as u32);
        beats
    }

    /// Milliseconds until the next beat (0 if it is due).
    pub fn remaining(&self, now_ms: u32) -> u32 {
        let left = self.next_ms.wrapping_sub(now_ms);
        if left as i32 <= 0 { 0 } else { left }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
