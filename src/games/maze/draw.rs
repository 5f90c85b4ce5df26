//! Drawing the maze: the whole visible window when it scrolls, flashes or is new, and
//! otherwise only the surroundings of the cells the penguin left and entered.
//!
//! A picture is the same rectangles drawn in the same order, however it is made:
//!
//! 1. the background around the window (four rectangles) and the window's floor;
//! 2. the exit's mark;
//! 3. the walls, each straight run of walls along one grid line as one rectangle (a wall is
//!    `wall` pixels thick, centred on its grid line, and reaches `wall / 2` past both ends,
//!    so two walls in line overlap and their union is the run's rectangle);
//! 4. the penguin.
//!
//! Redrawing a cell draws that list again under a clip to the cell and a margin of
//! `wall + 1` pixels (the penguin's beak reaches the cell's edge, walls `wall / 2` past it),
//! with the walls of the cell's neighbours only: nothing else reaches into the clip. So the
//! pixels there are exactly those a whole redraw would give, which the tests check.

use core::ops::Range;

use super::grid::{Dir4, Grid};
use super::{COL_BACKGROUND, COL_BEAK, COL_BELLY, COL_EXIT, COL_PENGUIN, COL_WALL, State, VIEW_H, VIEW_W, view_start};
use crate::gfx::Drawing;

/// What the last redraw showed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Shown {
    /// First visible column and row, and how many of each.
    view: (usize, usize, usize, usize),
    floor: usize,
    exit: usize,
    player: usize,
    facing: Dir4,
    escaped: bool,
}

impl Shown {
    /// Everything but the penguin is the same (the window's cells are compared apart).
    fn same_window(&self, other: &Shown) -> bool {
        self.view == other.view && self.floor == other.floor && self.exit == other.exit
    }
}

/// The tile size and what is on the screen.
pub struct DrawState {
    pub tilesize: i32,
    shown: Option<Shown>,
    /// The passages of the visible cells, row by row, as last drawn (`VIEW_W` to a row).
    cells: [u8; VIEW_W * VIEW_H],
}

impl DrawState {
    pub const fn new(tilesize: i32) -> Self {
        DrawState { tilesize, shown: None, cells: [0; VIEW_W * VIEW_H] }
    }

    /// Nothing is known to be on the screen: the next redraw draws everything.
    pub fn forget(&mut self) {
        self.shown = None;
    }

    /// Records the visible cells' passages; true if they are those last drawn.
    fn keep_cells(&mut self, g: &Grid, (sx, sy, vw, vh): (usize, usize, usize, usize)) -> bool {
        let mut same = true;
        for cy in 0..vh {
            for cx in 0..vw {
                let open = g.open[(sy + cy) * g.w + sx + cx];
                let kept = &mut self.cells[cy * VIEW_W + cx];
                same &= *kept == open;
                *kept = open;
            }
        }
        same
    }
}

/// Where things are on the screen.
struct Layout {
    ts: i32,
    /// The window's top-left corner (half a tile in from the drawing's).
    o: i32,
    wall: i32,
    view: (usize, usize, usize, usize),
}

impl Layout {
    /// The top-left pixel of visible cell (`cx`, `cy`).
    fn cell(&self, cx: usize, cy: usize) -> (i32, i32) {
        (self.o + cx as i32 * self.ts, self.o + cy as i32 * self.ts)
    }
}

/// Draws `state`: everything, or where the penguin moved if nothing else changed.
pub fn redraw(dr: &mut dyn Drawing, ds: &mut DrawState, state: &State, floor: usize) {
    let ts = ds.tilesize;
    let g = &state.grid;
    let (vw, vh) = (g.w.min(VIEW_W), g.h.min(VIEW_H));
    let (px, py) = g.xy(state.player);
    let view = (view_start(px, g.w, VIEW_W), view_start(py, g.h, VIEW_H), vw, vh);
    let now =
        Shown { view, floor, exit: state.exit, player: state.player, facing: state.facing, escaped: state.escaped };
    let at = Layout { ts, o: ts / 2, wall: (ts / 10).max(1), view };
    let cells_same = ds.keep_cells(g, view);
    match ds.shown {
        Some(before) if cells_same && before.same_window(&now) => {
            if before == now {
                return;
            }
            // The penguin left one cell and entered another (or turned, or escaped).
            let mut last = None;
            for (cell, gone) in [(before.player, before.escaped), (now.player, now.escaped)] {
                if gone || last == Some(cell) || cell >= g.w * g.h {
                    continue;
                }
                last = Some(cell);
                let (x, y) = g.xy(cell);
                let (cx, cy) = (x - view.0, y - view.1);
                let (l, t) = at.cell(cx, cy);
                let m = at.wall + 1;
                let (rx, ry, rw, rh) = (l - m, t - m, ts + 2 * m, ts + 2 * m);
                dr.clip(rx, ry, rw, rh);
                let near = |c: usize, n: usize| c.saturating_sub(1)..(c + 2).min(n);
                draw_picture(dr, state, &at, floor, near(cx, vw), near(cy, vh));
                dr.unclip();
                dr.draw_update(rx, ry, rw, rh);
            }
        }
        _ => {
            draw_picture(dr, state, &at, floor, 0..vw, 0..vh);
            dr.draw_update(0, 0, vw as i32 * ts + ts, vh as i32 * ts + ts);
        }
    }
    ds.shown = Some(now);
}

/// The list of the module's comment, with the walls of the visible cells `cols` × `rows`
/// only.
fn draw_picture(
    dr: &mut dyn Drawing,
    state: &State,
    at: &Layout,
    floor: usize,
    cols: Range<usize>,
    rows: Range<usize>,
) {
    let (ts, o, wall) = (at.ts, at.o, at.wall);
    let g = &state.grid;
    let (sx, sy, vw, vh) = at.view;
    let (fw, fh) = (vw as i32 * ts, vh as i32 * ts);
    // 1. The background's four sides around the floor, then the floor.
    dr.draw_rect(0, 0, fw + 2 * o, o, COL_BACKGROUND);
    dr.draw_rect(0, o + fh, fw + 2 * o, o, COL_BACKGROUND);
    dr.draw_rect(0, o, o, fh, COL_BACKGROUND);
    dr.draw_rect(o + fw, o, o, fh, COL_BACKGROUND);
    dr.draw_rect(o, o, fw, fh, floor);
    // 2. The exit's doorway, when it is in view.
    let (ex, ey) = g.xy(state.exit);
    if (sx..sx + vw).contains(&ex) && (sy..sy + vh).contains(&ey) {
        let (x, y) = at.cell(ex - sx, ey - sy);
        let (dx, dy) = state.exit_side.delta();
        let (mx, my) = (x + ts / 2 + dx * ts / 2 - ts / 6, y + ts / 2 + dy * ts / 2 - ts / 6);
        dr.draw_rect(mx, my, ts / 3, ts / 3, COL_EXIT);
    }
    // 3. The walls in runs: along each row's top (and the last row's bottom), then along each
    //    column's left (and the last column's right).
    let closed = |cx: usize, cy: usize, d: Dir4| !g.is_open((sy + cy) * g.w + sx + cx, d);
    for cy in rows.clone() {
        let mut line = |side: Dir4, y: i32| {
            run_walls(
                cols.clone(),
                |cx| closed(cx, cy, side),
                |first, last| {
                    let (x0, x1) = (at.cell(first, 0).0, at.cell(last, 0).0 + ts);
                    dr.draw_rect(x0 - wall / 2, y - wall / 2, x1 - x0 + wall, wall, COL_WALL);
                },
            )
        };
        let top = at.cell(0, cy).1;
        line(Dir4::Up, top);
        if cy + 1 == vh {
            line(Dir4::Down, top + ts);
        }
    }
    for cx in cols.clone() {
        let mut line = |side: Dir4, x: i32| {
            run_walls(
                rows.clone(),
                |cy| closed(cx, cy, side),
                |first, last| {
                    let (y0, y1) = (at.cell(0, first).1, at.cell(0, last).1 + ts);
                    dr.draw_rect(x - wall / 2, y0 - wall / 2, wall, y1 - y0 + wall, COL_WALL);
                },
            )
        };
        let left = at.cell(cx, 0).0;
        line(Dir4::Left, left);
        if cx + 1 == vw {
            line(Dir4::Right, left + ts);
        }
    }
    // 4. The penguin.
    if !state.escaped {
        let (px, py) = g.xy(state.player);
        let (x, y) = at.cell(px - sx, py - sy);
        draw_penguin(dr, x, y, ts, state.facing);
    }
}

/// Calls `wall(first, last)` for each run of consecutive cells of `cells` whose wall is
/// `closed`.
fn run_walls(cells: Range<usize>, closed: impl Fn(usize) -> bool, mut wall: impl FnMut(usize, usize)) {
    let mut start = None;
    for c in cells.clone() {
        match (closed(c), start) {
            (true, None) => start = Some(c),
            (false, Some(s)) => {
                wall(s, c - 1);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        wall(s, cells.end - 1);
    }
}

/// The penguin: black body, white belly, two eyes and an orange beak, all shifted towards the
/// direction it faces (seen from behind when it walks up: no belly, no beak).
fn draw_penguin(dr: &mut dyn Drawing, x: i32, y: i32, ts: i32, facing: Dir4) {
    let (cx, cy) = (x + ts / 2, y + ts / 2);
    let r = ts * 3 / 8;
    let (dx, dy) = facing.delta();
    dr.draw_circle(cx, cy, r, Some(COL_PENGUIN), COL_PENGUIN);
    if facing != Dir4::Up {
        let (bx, by) = (cx + dx * r / 3, cy + r / 4);
        dr.draw_circle(bx, by, r * 5 / 8, Some(COL_BELLY), COL_BELLY);
        let eye_y = cy - r / 2;
        let ex = cx + dx * r / 3;
        for side in [-1, 1] {
            if dx == 0 || side == dx {
                dr.draw_circle(ex + side * r / 3, eye_y, (r / 6).max(1), Some(COL_BELLY), COL_BELLY);
            }
        }
        let tip = (cx + dx * (r + r / 3), eye_y + r / 4 + dy * r / 4);
        let base = if dx == 0 {
            [(cx - r / 5, eye_y + r / 6), (cx + r / 5, eye_y + r / 6)]
        } else {
            [(cx + dx * r * 2 / 3, eye_y + r / 8), (cx + dx * r * 2 / 3, eye_y + r / 2)]
        };
        dr.draw_polygon(&[tip, base[0], base[1]], Some(COL_BEAK), COL_BEAK);
    }
}
