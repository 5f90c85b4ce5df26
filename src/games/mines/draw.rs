//! Drawing Mines as the reference does: the recessed well round the grid once, then each
//! square whose look changed (covered, pressed, flagged, a number, a mine, a wrong flag),
//! over the background of the moment (the completion and death flashes change it).

use alloc::vec;
use alloc::vec::Vec;

use super::{
    BANG, COL_1, COL_BACKGROUND, COL_BACKGROUND2, COL_BANG, COL_CROSS, COL_CURSOR, COL_FLAG, COL_FLAGBASE,
    COL_HIGHLIGHT, COL_LOWLIGHT, COL_MINE, COL_WRONGNUMBER, COVERED, FLAGGED, FLASH_FRAME_MS, MINE, State, Ui,
    WRONG_FLAG, around,
};
use crate::gfx::{Drawing, Font, HAlign, VAlign};

/// Draw-state marks beyond the grid values: a covered square shown pressed, a number with too
/// many flags around, nothing drawn yet.
const PRESSED: i16 = -20;
const TOO_MANY_FLAGS: i16 = 32;
const UNDRAWN: i16 = -99;

/// The tile size and what is on the screen.
pub struct DrawState {
    started: bool,
    pub(super) tilesize: i32,
    bg: Option<usize>,
    grid: Vec<i16>,
    cursor: Option<(i32, i32)>,
}

impl DrawState {
    /// Nothing drawn yet, for `s`'s grid (size set later, `Game::set_size`).
    pub fn new(s: &State) -> Self {
        DrawState { started: false, tilesize: 0, bg: None, grid: vec![UNDRAWN; s.grid.len()], cursor: None }
    }
    fn border(&self) -> i32 {
        border(self.tilesize)
    }
    /// The pixel where column or row `c` of the grid starts.
    pub(super) fn coord(&self, c: i32) -> i32 {
        c * self.tilesize + self.border()
    }
    /// The column or row of the grid pixel `p` lies in.
    pub(super) fn cell_at(&self, p: i32) -> i32 {
        (p - self.border()).div_euclid(self.tilesize.max(1))
    }
}

/// The margin round the grid at tile size `tile`.
pub(super) fn border(tile: i32) -> i32 {
    tile * 3 / 2
}

/// Draws `s` over what `ds` says is on the screen: the well round the grid the first time,
/// then every square whose look changed, all of them when the flash's background changes.
pub fn redraw(dr: &mut dyn Drawing, ds: &mut DrawState, s: &State, ui: &Ui, flash_time: u32) {
    let ts = ds.tilesize;
    let bg = if flash_time > 0 {
        let odd = (flash_time / FLASH_FRAME_MS) % 2 == 1;
        match (ui.flash_is_death, odd) {
            (true, true) => COL_BACKGROUND,
            (true, false) => COL_BANG,
            (false, true) => COL_LOWLIGHT,
            (false, false) => COL_HIGHLIGHT,
        }
    } else {
        COL_BACKGROUND
    };
    let (w, h) = (s.w as i32, s.h as i32);
    if !ds.started {
        let (sw, sh) = (w * ts + 2 * ds.border(), h * ts + 2 * ds.border());
        dr.draw_rect(0, 0, sw, sh, COL_BACKGROUND);
        // The recessed well round the grid: light bottom right, dark top left, split
        // along the diagonal of each corner.
        let o = ds.border() / 10;
        let (x0, y0) = (ds.coord(0) - o, ds.coord(0) - o);
        let (x1, y1) = (ds.coord(w) + o - 1, ds.coord(h) + o - 1);
        let mut pts = [(x1, y1), (x1, y0), (x1 - ts, y0 + ts), (x0 + ts, y1 - ts), (x0, y1)];
        dr.draw_polygon(&pts, Some(COL_HIGHLIGHT), COL_HIGHLIGHT);
        pts[0] = (x0, y0);
        dr.draw_polygon(&pts, Some(COL_LOWLIGHT), COL_LOWLIGHT);
        dr.draw_update(0, 0, sw, sh);
        ds.started = true;
    }
    let cursor = ui.cur_visible.then_some((ui.cur_x, ui.cur_y));
    let cursor_moved = cursor != ds.cursor;
    for y in 0..h {
        for x in 0..w {
            let i = (y * w + x) as usize;
            let mut v = s.grid[i] as i16;
            if (0..=8).contains(&v) {
                let (nb, k) = around(s.w, s.h, i);
                let flags = nb[..k].iter().filter(|&&j| s.grid[j] == FLAGGED).count() as i16;
                if flags > v {
                    v |= TOO_MANY_FLAGS;
                }
            }
            if v == COVERED as i16 && (x - ui.hx).abs() <= ui.hradius && (y - ui.hy).abs() <= ui.hradius {
                v += PRESSED;
            }
            let here = cursor == Some((x, y));
            let cc = cursor_moved && (here || ds.cursor == Some((x, y)));
            if ds.grid[i] != v || ds.bg != Some(bg) || cc {
                draw_tile(dr, ds, ds.coord(x), ds.coord(y), v, if here { COL_CURSOR } else { bg });
                ds.grid[i] = v;
            }
        }
    }
    ds.bg = Some(bg);
    ds.cursor = cursor;
}

/// One square at `(x, y)` showing `v` (a grid value, maybe [`PRESSED`] or [`TOO_MANY_FLAGS`])
/// over background `bg`.
fn draw_tile(dr: &mut dyn Drawing, ds: &DrawState, x: i32, y: i32, v: i16, bg: usize) {
    let ts = ds.tilesize;
    let open_bg = if bg == COL_BACKGROUND { COL_BACKGROUND2 } else { bg };
    if v < 0 {
        if v == COVERED as i16 + PRESSED {
            dr.draw_rect(x, y, ts, ts, open_bg);
            dr.draw_line(x, y, x + ts - 1, y, COL_LOWLIGHT);
            dr.draw_line(x, y, x, y + ts - 1, COL_LOWLIGHT);
        } else {
            // Raised: light top left, dark bottom right, the face in between.
            let hw = ts / 10;
            let (r, b) = (x + ts - 1, y + ts - 1);
            dr.draw_polygon(&[(r, b), (r, y), (x, b)], Some(COL_LOWLIGHT), COL_LOWLIGHT);
            dr.draw_polygon(&[(x, y), (r, y), (x, b)], Some(COL_HIGHLIGHT), COL_HIGHLIGHT);
            dr.draw_rect(x + hw, y + hw, ts - 2 * hw, ts - 2 * hw, bg);
        }
        if v == FLAGGED as i16 {
            let at = |fx: i32, fy: i32| (x + ts * fx / 20, y + ts * fy / 20);
            let base = [at(12, 7), at(12, 14), at(16, 16), at(5, 16), at(11, 14), at(11, 7)];
            dr.draw_polygon(&base, Some(COL_FLAGBASE), COL_FLAGBASE);
            dr.draw_polygon(&[at(12, 4), at(12, 10), at(4, 7)], Some(COL_FLAG), COL_FLAG);
        }
    } else {
        let (mut v, mut bg) = (v, open_bg);
        if v & TOO_MANY_FLAGS != 0 {
            bg = COL_WRONGNUMBER;
            v &= !TOO_MANY_FLAGS;
        }
        dr.draw_rect(x, y, ts, ts, if v == BANG as i16 { COL_BANG } else { bg });
        dr.draw_line(x, y, x + ts - 1, y, COL_LOWLIGHT);
        dr.draw_line(x, y, x, y + ts - 1, COL_LOWLIGHT);
        if (1..=8).contains(&v) {
            let digit = [b'0' + v as u8];
            let text = core::str::from_utf8(&digit).unwrap_or("?");
            dr.draw_text(
                x + ts / 2,
                y + ts / 2,
                Font::Variable,
                ts * 7 / 8,
                HAlign::Centre,
                VAlign::Centre,
                COL_1 - 1 + v as usize,
                text,
            );
        } else if v >= MINE as i16 {
            let (cx, cy, r) = (x + ts / 2, y + ts / 2, ts / 2 - 3);
            dr.draw_circle(cx, cy, 5 * r / 6, Some(COL_MINE), COL_MINE);
            dr.draw_rect(cx - r / 6, cy - r, 2 * (r / 6) + 1, 2 * r + 1, COL_MINE);
            dr.draw_rect(cx - r, cy - r / 6, 2 * r + 1, 2 * (r / 6) + 1, COL_MINE);
            dr.draw_rect(cx - r / 3, cy - r / 3, r / 3, r / 4, COL_HIGHLIGHT);
            if v == WRONG_FLAG as i16 {
                for dx in -1..=1 {
                    dr.draw_line(x + 3 + dx, y + 2, x + ts - 3 + dx, y + ts - 2, COL_CROSS);
                    dr.draw_line(x + ts - 3 + dx, y + 2, x + 3 + dx, y + ts - 2, COL_CROSS);
                }
            }
        }
    }
    dr.draw_update(x, y, ts, ts);
}
