//! Timing: move animations, the completion flash and the play clock, driven by `timer`.

use super::Midend;
use crate::puzzle::backend::Game;
use crate::puzzle::drawing::Drawing;

impl<G: Game> Midend<G> {
    pub(super) fn update_timing(&mut self) {
        self.timing = G::IS_TIMED && self.statepos > 0 && G::timing_state(self.state(), self.ui());
    }

    /// Whether the front end should be calling [`timer`](Self::timer) (`activate_timer` /
    /// `deactivate_timer` as a query): an animation or flash is running or the clock ticks.
    pub fn wants_timer(&self) -> bool {
        self.anim_time > 0 || self.flash_time > 0 || self.timing || !self.queue.is_empty()
    }

    /// Current animation and flash progress in milliseconds: (pos, length) each.
    pub fn anim_progress(&self) -> ((u32, u32), (u32, u32)) {
        ((self.anim_pos, self.anim_time), (self.flash_pos, self.flash_time))
    }

    /// Play-clock milliseconds.
    pub fn elapsed_ms(&self) -> u32 {
        self.elapsed
    }

    /// `midend_timer`: `ms` milliseconds have passed.
    pub fn timer(&mut self, dr: &mut dyn Drawing, ms: u32) {
        let need_redraw = self.anim_time > 0 || self.flash_time > 0;
        if self.anim_time > 0 {
            self.anim_pos = self.anim_pos.saturating_add(ms);
        }
        let flash_before = self.flash_time;
        if self.anim_time > 0 && self.anim_pos >= self.anim_time {
            self.finish_move();
        }
        let flash_started_now = flash_before == 0 && self.flash_time > 0;
        // A flash that started in this very tick (when an animation ended) starts at 0.
        if self.flash_time > 0 && !flash_started_now {
            self.flash_pos = self.flash_pos.saturating_add(ms);
            if self.flash_pos >= self.flash_time {
                self.flash_pos = 0;
                self.flash_time = 0;
            }
        }
        if self.anim_time == 0 && !self.queue.is_empty() {
            self.play_next_queued();
            self.redraw(dr);
        } else if need_redraw {
            self.redraw(dr);
        }
        if self.timing {
            let before = self.elapsed / 1000;
            self.elapsed = self.elapsed.saturating_add(ms);
            if self.elapsed / 1000 != before {
                self.update_status_bar(dr, true);
            }
        }
    }
}
