//! Drawing: window size, draw states, redraws and the status bar.

use alloc::string::String;
use alloc::vec::Vec;

use super::Midend;
use crate::gfx::Drawing;
use crate::puzzle::backend::Game;

impl<G: Game> Midend<G> {
    /// `midend_size`: the drawing-area size for the current game within `max_w`×`max_h`.
    /// With `user_size` the tile size may exceed the preferred one and becomes preferred.
    pub fn size(&mut self, dr: &mut dyn Drawing, max_w: i32, max_h: i32, user_size: bool) -> (i32, i32) {
        let fits = |t: i32| {
            let (w, h) = G::compute_size(&self.curparams, t);
            w <= max_w && h <= max_h
        };
        let tile = if !user_size && fits(self.preferred_tilesize) {
            self.preferred_tilesize
        } else {
            // Largest tile size that fits (binary search over a monotonic function).
            let upper = if user_size { max_w.max(max_h).max(2) } else { self.preferred_tilesize };
            let (mut lo, mut hi) = (1, upper);
            if !fits(1) {
                1
            } else {
                while lo < hi {
                    let mid = lo + (hi - lo + 1) / 2;
                    if fits(mid) { lo = mid } else { hi = mid - 1 }
                }
                lo
            }
        };
        if user_size {
            self.preferred_tilesize = tile;
        }
        self.tilesize = tile;
        self.winsize = G::compute_size(&self.curparams, tile);
        self.new_drawstate(dr);
        self.winsize
    }

    /// `midend_get_cursor_location`: the region of interest, in drawing-area pixels, once a
    /// draw state exists.
    pub fn cursor_location(&self) -> Option<crate::gfx::Rect> {
        let ds = self.drawstate.as_ref()?;
        if self.statepos == 0 {
            return None;
        }
        G::cursor_location(self.state(), self.ui(), ds)
    }

    /// `midend_wants_statusbar`: the back end's wish, or a play clock to show.
    pub fn wants_statusbar(&self) -> bool {
        G::WANTS_STATUSBAR || G::IS_TIMED
    }

    /// `midend_tilesize`.
    pub fn tilesize(&self) -> i32 {
        self.tilesize
    }

    /// `midend_colours`: the game's palette for the front end's background colour.
    pub fn colours(&self, background: crate::gfx::Colour) -> Vec<crate::gfx::Colour> {
        G::colours(background)
    }

    /// Throws the draw state away through the back end's `free_drawstate`, which releases
    /// its blitters (the drawing part of `midend_free`). Call it before dropping the mid end
    /// or handing it another [`Drawing`]; the next redraw builds a fresh draw state.
    pub fn free_drawstate(&mut self, dr: &mut dyn Drawing) {
        if let Some(ds) = self.drawstate.take() {
            G::free_drawstate(dr, ds);
        }
    }

    pub(super) fn new_drawstate(&mut self, dr: &mut dyn Drawing) {
        self.free_drawstate(dr);
        if self.statepos == 0 {
            return;
        }
        let mut ds = G::new_drawstate(dr, self.state());
        G::set_size(dr, &mut ds, &self.curparams, self.tilesize);
        self.drawstate = Some(ds);
        self.last_status = None;
    }

    pub(super) fn ensure_drawstate(&mut self, dr: &mut dyn Drawing) {
        if self.drawstate.is_none() {
            self.winsize = G::compute_size(&self.curparams, self.tilesize);
            self.new_drawstate(dr);
        }
    }

    /// `midend_force_redraw`: a fresh draw state, then a full redraw.
    pub fn force_redraw(&mut self, dr: &mut dyn Drawing) {
        self.new_drawstate(dr);
        self.redraw(dr);
    }

    /// `midend_redraw`: draws what changed (mid-animation frames included).
    pub fn redraw(&mut self, dr: &mut dyn Drawing) {
        self.draw_changes(dr, true);
    }

    /// A frame of a running animation or flash: the picture only. Neither the state nor the
    /// ui changed since the last redraw, so neither did the status bar's text, which is not
    /// asked for again (the back end makes it as a `String`: nothing allocates in a frame).
    pub(super) fn redraw_frame(&mut self, dr: &mut dyn Drawing) {
        self.draw_changes(dr, false);
    }

    fn draw_changes(&mut self, dr: &mut dyn Drawing, status: bool) {
        if self.statepos == 0 {
            return;
        }
        self.ensure_drawstate(dr);
        dr.start_draw();
        let ds = self.drawstate.as_mut().expect("drawstate");
        let ui = self.ui.as_ref().expect("ui");
        let new = &self.states[self.statepos - 1].state;
        let flash = self.anim.flash.pos;
        match self.anim.frame() {
            Some((old, dir, t)) => G::redraw(dr, ds, Some(old), new, dir, ui, t, flash),
            None => G::redraw(dr, ds, None, new, 1, ui, 0, flash),
        }
        if status {
            self.update_status_bar(dr, false);
        }
        dr.end_draw();
    }

    /// The status bar: the back end's text, after `[m:ss] ` in a timed game
    /// (`midend_rewrite_statusbar`), which shows the clock even without any text.
    pub(super) fn update_status_bar(&mut self, dr: &mut dyn Drawing, force: bool) {
        if !(G::WANTS_STATUSBAR || G::IS_TIMED) || self.statepos == 0 {
            return;
        }
        let text = G::status_text(self.state(), self.ui());
        let full = match text {
            _ if G::IS_TIMED => {
                self.status_body.clear();
                self.status_body.push_str(text.as_deref().unwrap_or(""));
                // Room for the clock's ticks to come: `update_clock_in_status_bar` writes
                // the line again in this string.
                let mut line = String::with_capacity(self.status_body.len() + 16);
                self.anim.clock.write_prefix(&mut line);
                line.push_str(&self.status_body);
                line
            }
            Some(t) => t,
            None => return,
        };
        if force || self.last_status.as_deref() != Some(full.as_str()) {
            dr.status_bar(&full);
            self.last_status = Some(full);
        }
    }

    /// A timed game's clock showed another second: the line again with the new time before
    /// the back end's text of the last change, written where the last line was.
    pub(super) fn update_clock_in_status_bar(&mut self, dr: &mut dyn Drawing) {
        if !G::IS_TIMED || self.statepos == 0 {
            return;
        }
        let Some(line) = self.last_status.as_mut() else {
            return self.update_status_bar(dr, true);
        };
        line.clear();
        self.anim.clock.write_prefix(line);
        line.push_str(&self.status_body);
        dr.status_bar(line);
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
