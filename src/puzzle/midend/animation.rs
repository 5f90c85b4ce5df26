//! Timing: the move animation, the completion flash and the play clock ([`Animation`]), and
//! the mid end's side of them (`timer`, finishing a move, starting a flash).
//!
//! Everything is integer milliseconds (no FPU on the 68030); the front end calls
//! [`Midend::timer`] while [`Midend::wants_timer`] says so.

use alloc::string::String;

use super::Midend;
use crate::gfx::Drawing;
use crate::puzzle::backend::{Dir, Game};

/// One timed phase (a move animation or a completion flash): milliseconds elapsed and its
/// length. A length of 0 means the phase is not running.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Phase {
    pub pos: u32,
    pub len: u32,
}

impl Phase {
    /// A phase of `len` milliseconds starting now (`len == 0`: not running).
    pub const fn start(len: u32) -> Phase {
        Phase { pos: 0, len }
    }
    /// Whether the phase is running.
    pub const fn is_running(&self) -> bool {
        self.len > 0
    }
    /// Whether the phase ran to (or past) its end.
    pub const fn is_over(&self) -> bool {
        self.pos >= self.len
    }
    /// Advances a running phase by `ms` (saturating); a stopped one stays stopped.
    pub fn advance(&mut self, ms: u32) {
        if self.is_running() {
            self.pos = self.pos.saturating_add(ms);
        }
    }
    /// The elapsed time to draw with: the position while running and not over, else 0.
    pub const fn frame(&self) -> u32 {
        if self.is_running() && !self.is_over() { self.pos } else { 0 }
    }
}

/// The play clock of timed games (`is_timed`): milliseconds played, and whether it runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PlayClock {
    pub elapsed: u32,
    pub running: bool,
}

impl PlayClock {
    /// Adds `ms` if the clock runs; true when the shown whole second changed.
    pub fn tick(&mut self, ms: u32) -> bool {
        if !self.running {
            return false;
        }
        let before = self.elapsed / 1000;
        self.elapsed = self.elapsed.saturating_add(ms);
        self.elapsed / 1000 != before
    }
    /// The status-bar prefix Tatham's `midend_rewrite_statusbar` puts before a timed game's
    /// text: `[m:ss] ` (minutes not wrapped).
    pub fn prefix(&self) -> String {
        let mut out = String::new();
        self.write_prefix(&mut out);
        out
    }
    /// [`prefix`](Self::prefix) added to `out` (no allocation while `out` has room).
    pub fn write_prefix(&self, out: &mut String) {
        use core::fmt::Write;
        let sec = self.elapsed / 1000;
        let _ = write!(out, "[{}:{:02}] ", sec / 60, sec % 60);
    }
}

/// Everything that moves with time in the mid end (the loose `oldstate`, `anim_time`,
/// `anim_pos`, `flash_time`, `flash_pos`, `dir`, `elapsed` and `timing` of `midend.c`):
///
/// - the move animation from `old` in direction `dir` (+1 move or redo, −1 undo);
/// - the completion flash;
/// - the play clock.
pub struct Animation<S> {
    /// The state a move started from, until the move is finished (its animation over and
    /// the flash decided).
    pub old: Option<S>,
    pub dir: Dir,
    pub anim: Phase,
    pub flash: Phase,
    pub clock: PlayClock,
}

impl<S> Default for Animation<S> {
    fn default() -> Self {
        Animation { old: None, dir: 0, anim: Phase::default(), flash: Phase::default(), clock: PlayClock::default() }
    }
}

impl<S> Animation<S> {
    /// A move from `old` in direction `dir` begins; its animation length is set later
    /// ([`set_anim`](Self::set_anim)), once the back end has been asked.
    pub fn begin_move(&mut self, old: S, dir: Dir) {
        self.old = Some(old);
        self.dir = dir;
        self.anim = Phase::default();
    }
    /// Starts the move animation (`len` milliseconds).
    pub fn set_anim(&mut self, len: u32) {
        self.anim = Phase::start(len);
    }
    /// Whether a move is still to be finished (`oldstate || anim_time` in the reference).
    pub fn move_pending(&self) -> bool {
        self.old.is_some() || self.anim.is_running()
    }
    /// Forgets the move: no old state, no animation, no direction.
    pub fn end_move(&mut self) {
        self.old = None;
        self.anim = Phase::default();
        self.dir = 0;
    }
    /// Starts the completion flash (`len` milliseconds; 0 does nothing).
    pub fn start_flash(&mut self, len: u32) {
        if len > 0 {
            self.flash = Phase::start(len);
        }
    }
    /// Stops the flash.
    pub fn stop_flash(&mut self) {
        self.flash = Phase::default();
    }
    /// Advances the flash by `ms`, stopping it at its end.
    pub fn advance_flash(&mut self, ms: u32) {
        self.flash.advance(ms);
        if self.flash.is_running() && self.flash.is_over() {
            self.stop_flash();
        }
    }
    /// The old state, direction and elapsed milliseconds to draw an animation frame with,
    /// while one is running.
    pub fn frame(&self) -> Option<(&S, Dir, u32)> {
        match &self.old {
            Some(old) if self.anim.is_running() && !self.anim.is_over() => Some((old, self.dir, self.anim.pos)),
            _ => None,
        }
    }
    /// Whether anything here needs timer calls (the mid end adds its queue of moves).
    pub fn wants_timer(&self) -> bool {
        self.anim.is_running() || self.flash.is_running() || self.clock.running
    }
}

impl<G: Game> Midend<G> {
    /// `midend_set_timer`'s first half: whether the play clock runs now. Asked again after
    /// every change of state or UI, every finished move and every tick, as Tatham does.
    pub(super) fn update_timing(&mut self) {
        self.anim.clock.running = G::IS_TIMED && self.statepos > 0 && G::timing_state(self.state(), self.ui());
    }

    /// Ends any animation (jumping to its final frame) without drawing.
    pub(super) fn stop_anim_silently(&mut self) {
        if self.anim.move_pending() {
            self.finish_move();
        }
    }

    /// `midend_finish_move`: ends an animation and starts the completion flash if the state
    /// change calls for one (never for solve or restart, nor when undoing onto one).
    pub(super) fn finish_move(&mut self) {
        if self.statepos >= 1 && (self.anim.old.is_some() || self.statepos > 1) {
            let dir = self.anim.dir;
            let later_special = if dir > 0 {
                self.states[self.statepos - 1].movetype.is_special()
            } else if dir < 0 && self.statepos < self.states.len() {
                self.states[self.statepos].movetype.is_special()
            } else {
                true
            };
            if !later_special {
                let (old, dir) = match &self.anim.old {
                    Some(o) => (o, dir),
                    None => (&self.states[self.statepos - 2].state, 1),
                };
                let ui = self.ui.as_mut().expect("no ui");
                let f = G::flash_length(old, &self.states[self.statepos - 1].state, dir, ui);
                self.anim.start_flash(f);
            }
        }
        self.anim.end_move();
        // Tatham's `midend_set_timer` here: the back end may stop its clock when a move ends.
        self.update_timing();
    }

    /// After a move/undo/redo: asks the back end how long to animate.
    pub(super) fn start_anim(&mut self, animate: bool) {
        let t = match (&self.anim.old, animate) {
            (Some(old), true) => {
                let ui = self.ui.as_mut().expect("no ui");
                G::anim_length(old, &self.states[self.statepos - 1].state, self.anim.dir, ui)
            }
            _ => 0,
        };
        if t > 0 {
            self.anim.set_anim(t);
        } else {
            self.finish_move();
        }
    }

    /// Whether the front end should be calling [`timer`](Self::timer) (`activate_timer` /
    /// `deactivate_timer` as a query): an animation or flash is running or the clock ticks.
    pub fn wants_timer(&self) -> bool {
        self.anim.wants_timer() || !self.queue.is_empty()
    }

    /// Whether a move's animation or a flash is running, or moves wait in the queue (the
    /// play clock aside): what a front end shows before the game is at rest.
    pub fn is_animating(&self) -> bool {
        self.anim.anim.is_running() || self.anim.flash.is_running() || !self.queue.is_empty()
    }

    /// Current animation and flash progress in milliseconds: (pos, length) each.
    pub fn anim_progress(&self) -> ((u32, u32), (u32, u32)) {
        ((self.anim.anim.pos, self.anim.anim.len), (self.anim.flash.pos, self.anim.flash.len))
    }

    /// Play-clock milliseconds.
    pub fn elapsed_ms(&self) -> u32 {
        self.anim.clock.elapsed
    }

    /// `midend_timer`: `ms` milliseconds have passed.
    pub fn timer(&mut self, dr: &mut dyn Drawing, ms: u32) {
        let need_redraw = self.anim.anim.is_running() || self.anim.flash.is_running();
        self.anim.anim.advance(ms);
        let flash_before = self.anim.flash.is_running();
        if self.anim.anim.is_running() && self.anim.anim.is_over() {
            self.finish_move();
        }
        // A flash that started in this very tick (when an animation ended) starts at 0.
        if flash_before || !self.anim.flash.is_running() {
            self.anim.advance_flash(ms);
        }
        if !self.anim.anim.is_running() && !self.queue.is_empty() {
            self.play_next_queued();
            self.redraw(dr);
        } else if need_redraw {
            // An animation's or a flash's frame, its last included: the state and the ui are
            // those of the move, whose status text is shown already (`Game::flash_length`).
            self.redraw_frame(dr);
        }
        if self.anim.clock.tick(ms) {
            self.update_clock_in_status_bar(dr);
        }
        self.update_timing();
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
