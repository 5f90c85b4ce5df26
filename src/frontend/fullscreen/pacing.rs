//! When the attract mode's steps and ticks happen: in the attract mode the app's time is the
//! script's, not the machine's clock.
//!
//! Every tick the app gets is a `Tick { ms: TICK_MS }`, given only where the script lets
//! time run, one per [`TICK_MS`] of the real clock (a person watching sees the games at
//! their speed). The inputs the app sees, ticks included, are then a function of the
//! script alone: the PC (xtask's `render_attract`, which runs a [`Pacer`] on a clock of its
//! own) draws exactly the screens the Falcon shows, a TETRHEX piece as far fallen, however
//! fast or slow the emulator runs.
//!
//! - A step paced [`Pace::Settled`] lets the app have a tick every [`TICK_MS`] while it wants
//!   them (an animation running) and is carried out once it wants no more and
//!   [`PAUSE_MS`] have passed since the last action.
//! - A step paced [`Pace::Ticks(n)`](Pace::Ticks) waits `n` times [`TICK_MS`], in each of
//!   which the app gets a tick if it wants one, and is carried out after the last.
//! - After a screen shown ([`Action::Show`]) nothing moves, no tick, until [`SHOW_MS`] have
//!   passed or a key is pressed (under `hold`, until a key is pressed).
//!
//! Times are the host's milliseconds, which may wrap.

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;

use super::attract::{Action, Attract, PAUSE_MS, Pace, SHOW_MS, Step};

/// The ticks' length: Tatham's front ends tick every 20 ms.
pub const TICK_MS: u32 = 20;

/// How far behind the real clock the ticks may fall before they stop catching up (the ticks
/// of a slow frame come in the next turns of the loop; those of a long one, a screenshot's
/// wait, never).
const CATCH_UP_MS: u32 = 5 * TICK_MS;

/// What the host is to do now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Next {
    /// Give the app `Input::Tick { ms: TICK_MS }`.
    Tick,
    /// Carry out this action.
    Act(Action),
    /// Nothing yet.
    Wait,
}

/// The script and where its time is.
#[derive(Clone, Debug)]
pub struct Pacer {
    script: Attract,
    /// The step waiting to be carried out.
    step: Option<Step>,
    /// Ticks' time left before it (a [`Pace::Ticks`] step).
    slots_left: u32,
    /// When the next tick (or empty slot) is due.
    next_slot: u32,
    /// When the last action was carried out.
    last_action: u32,
    /// A screen shown until this time (or under `held`, until a key).
    showing_until: Option<u32>,
    held: bool,
    /// The option `hold`: a screen shown waits for a key.
    hold: bool,
}

/// Whether `t` is before `until` (on a clock that wraps).
fn before(t: u32, until: u32) -> bool {
    (t.wrapping_sub(until) as i32) < 0
}

impl Pacer {
    /// The script from its start, at `now`.
    pub fn new(hold: bool, now: u32) -> Self {
        Pacer {
            script: Attract::new(),
            step: None,
            slots_left: 0,
            next_slot: now,
            last_action: now,
            showing_until: None,
            held: false,
            hold,
        }
    }

    /// A key was pressed at `now`: a screen shown stops waiting.
    pub fn key(&mut self, now: u32) {
        if self.showing_until.is_some() {
            self.showing_until = Some(now);
            self.held = false;
        }
    }

    /// Whether a screen is being shown (the time after an [`Action::Show`]).
    pub fn showing(&self) -> bool {
        self.showing_until.is_some()
    }

    /// Takes the slot due at `now`, if one is; the next is due [`TICK_MS`] after it (or
    /// after `now` when the ticks have fallen too far behind).
    fn take_slot(&mut self, now: u32) -> bool {
        if before(now, self.next_slot) {
            return false;
        }
        let behind = now.wrapping_sub(self.next_slot);
        self.next_slot = if behind > CATCH_UP_MS { now } else { self.next_slot }.wrapping_add(TICK_MS);
        true
    }

    /// What to do at `now`, the app wanting ticks or not. Several ticks may be due when the
    /// loop was slow: the host asks once a turn (a frame is one tick's work), the PC until
    /// it waits.
    pub fn next(&mut self, now: u32, wants_ticks: bool) -> Next {
        if let Some(until) = self.showing_until {
            if self.held || before(now, until) {
                return Next::Wait;
            }
            self.showing_until = None;
            self.next_slot = now;
        }
        let step = match self.step {
            Some(s) => s,
            None => {
                let s = self.script.advance();
                if let Pace::Ticks(n) = s.pace {
                    self.slots_left = n;
                }
                self.step = Some(s);
                s
            }
        };
        match step.pace {
            Pace::Settled if wants_ticks => {
                return if self.take_slot(now) { Next::Tick } else { Next::Wait };
            }
            Pace::Settled if before(now, self.last_action.wrapping_add(PAUSE_MS)) => return Next::Wait,
            Pace::Settled => {}
            Pace::Ticks(_) if self.slots_left > 0 => {
                if !self.take_slot(now) {
                    return Next::Wait;
                }
                self.slots_left -= 1;
                return if wants_ticks { Next::Tick } else { Next::Wait };
            }
            Pace::Ticks(_) => {}
        }
        self.step = None;
        self.last_action = now;
        self.next_slot = now.wrapping_add(TICK_MS);
        if let Action::Show(_) = step.action {
            self.showing_until = Some(now.wrapping_add(SHOW_MS));
            self.held = self.hold;
        }
        Next::Act(step.action)
    }
}
