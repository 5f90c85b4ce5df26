//! Drawing Net as the reference does: every cell of the grid and of the ring round it (the
//! barriers' ends) keeps a record of what it shows (Tatham's tile flags), and a redraw draws
//! only the cells whose record changed, the turning tile every frame. Wires are polygons
//! (a turning tile's rotated in fixed point), endpoints boxes, the source black, powered
//! wires cyan, loops red, barriers red along the grid lines, locked tiles darker.

use alloc::vec;
use alloc::vec::Vec;

use super::solver::{D, DIRS, L, R, U, rot_a, rot_c, rot_f};
use super::{
    COL_BACKGROUND, COL_BARRIER, COL_BORDER, COL_ENDPOINT, COL_ERR, COL_LOCKED, COL_POWERED, COL_WIRE, FLASH_FRAME_MS,
    LOCKED, LoopSearch, ROTATE_MS, State, Ui, WINDOW_OFFSET,
};
use crate::gfx::Drawing;
use crate::puzzle::backend::Dir;

// What a drawn tile shows (Tatham's flags).
const TILE_BARRIER_SHIFT: u32 = 0;
const TILE_BARRIER_CORNER_SHIFT: u32 = 4;
const TILE_KEYBOARD_CURSOR: u32 = 1 << 8;
const TILE_WIRE_SHIFT: u32 = 9;
const TILE_ENDPOINT_SHIFT: u32 = 17;
const TILE_WIRE_ON_EDGE_SHIFT: u32 = 19;
const TILE_ROTATING: u32 = 1 << 27;
const TILE_LOCKED: u32 = 1 << 28;

/// The tile size and what is on the screen, with the memory each redraw works in.
pub struct DrawState {
    w: usize,
    h: usize,
    pub(super) tilesize: i32,
    /// What each cell of the grid and the ring round it shows (`u32::MAX`: unknown).
    visible: Vec<u32>,
    /// What each cell is to show after this redraw, and the connectivity it is worked out
    /// from: memory kept from one frame to the next (nothing allocates in a frame).
    todraw: Vec<u32>,
    active: Vec<bool>,
    active_stack: Vec<usize>,
    loops: Vec<u8>,
    loop_search: LoopSearch,
}

impl DrawState {
    /// Nothing drawn yet, for `state`'s grid (size set later, `Game::set_size`).
    pub fn new(state: &State) -> Self {
        let (n, cells) = (state.w * state.h, (state.w + 2) * (state.h + 2));
        let mut loop_search = LoopSearch::default();
        // Room for the whole grid in every buffer: a frame's searches never grow them.
        state.loops_into(false, &mut loop_search, &mut Vec::with_capacity(n));
        loop_search.stack.reserve(n);
        DrawState {
            w: state.w,
            h: state.h,
            tilesize: 0,
            visible: vec![u32::MAX; cells],
            todraw: Vec::with_capacity(cells),
            active: Vec::with_capacity(n),
            active_stack: Vec::with_capacity(n),
            loops: Vec::with_capacity(n),
            loop_search,
        }
    }

    /// The width of the grid lines.
    pub(super) fn line_thick(&self) -> i32 {
        (self.tilesize + 47) / 48
    }
    fn cell(&self, x: i32, y: i32) -> usize {
        ((y + 1) * (self.w as i32 + 2) + x + 1) as usize
    }
}

fn dx(d: u8) -> i32 {
    match d {
        R => 1,
        L => -1,
        _ => 0,
    }
}
fn dy(d: u8) -> i32 {
    match d {
        D => 1,
        U => -1,
        _ => 0,
    }
}

/// Draws `state` (during an animation, `old` turning towards it) over what `ds` says is
/// on the screen: every cell whose look changed, and the turning tile every frame.
#[allow(clippy::too_many_arguments)]
pub fn redraw(
    dr: &mut dyn Drawing,
    ds: &mut DrawState,
    old: Option<&State>,
    state: &State,
    dir: Dir,
    ui: &Ui,
    anim_time: u32,
    flash_time: u32,
) {
    let (w, h) = (state.w, state.h);
    let mut state = state;
    let mut rotating: Option<(usize, usize)> = None;
    let mut angle = (0i64, 1i64);
    let last = if dir == -1 { old.map_or(0, |o| o.last_rotate_dir) } else { state.last_rotate_dir };
    if let Some(o) = old
        && anim_time < ROTATE_MS
        && last != 0
    {
        let src = if dir == -1 { o } else { state };
        rotating = Some((src.last_rotate_x, src.last_rotate_y));
        // The old position turned by last·dir quarter turns times t/T.
        angle = (last as i64 * dir as i64 * anim_time as i64, 4 * ROTATE_MS as i64);
        state = o;
    }
    let frame = (flash_time / FLASH_FRAME_MS) as i32;
    state.active_into(ui.cx, ui.cy, &mut ds.active, &mut ds.active_stack);
    state.loops_into(ui.unlocked_loops, &mut ds.loop_search, &mut ds.loops);
    let (active, loops) = (&ds.active, &ds.loops);
    let cols = w as i32 + 2;
    let mut todraw = core::mem::take(&mut ds.todraw);
    todraw.clear();
    todraw.resize((w + 2) * (h + 2), 0);
    let cell = |x: i32, y: i32| ((y + 1) * cols + x + 1) as usize;
    for sy in 0..h {
        let gy = (sy + ui.org_y) % h;
        for sx in 0..w {
            let gx = (sx + ui.org_x) % w;
            let g = gy * w + gx;
            let (x, y) = (sx as i32, sy as i32);
            let t = state.tiles[g];
            let mut err = loops[g];
            for (dsh, d) in DIRS.iter().copied().enumerate() {
                if state.barriers[g] & d != 0 {
                    todraw[cell(x, y)] |= (d as u32) << TILE_BARRIER_SHIFT;
                    todraw[cell(x + dx(d), y + dy(d))] |= (rot_f(d) as u32) << TILE_BARRIER_SHIFT;
                    let (a, c) = (rot_a(d), rot_c(d));
                    todraw[cell(x + dx(a), y + dy(a))] |= (c as u32) << TILE_BARRIER_CORNER_SHIFT;
                    todraw[cell(x + dx(a) + dx(d), y + dy(a) + dy(d))] |=
                        (rot_f(d) as u32) << TILE_BARRIER_CORNER_SHIFT;
                    todraw[cell(x + dx(c), y + dy(c))] |= (d as u32) << TILE_BARRIER_CORNER_SHIFT;
                    todraw[cell(x + dx(c) + dx(d), y + dy(c) + dy(d))] |= (a as u32) << TILE_BARRIER_CORNER_SHIFT;
                }
                if t & d != 0 {
                    // A locked tile's wire into a barrier or a locked tile without the
                    // matching wire is an error too.
                    if t & LOCKED != 0 {
                        let t2 = state.tiles[state.nb(g, d)];
                        if state.barriers[g] & d != 0 || (t2 & LOCKED != 0 && t2 & rot_f(d) == 0) {
                            err |= d;
                        }
                    }
                    let edge = if err & d != 0 {
                        3
                    } else if active[g] {
                        2
                    } else {
                        1
                    };
                    todraw[cell(x, y)] |= edge << (TILE_WIRE_SHIFT + 2 * dsh as u32);
                    if rotating != Some((gx, gy)) {
                        todraw[cell(x + dx(d), y + dy(d))] |= edge << (TILE_WIRE_ON_EDGE_SHIFT + 2 * (dsh as u32 ^ 2));
                    }
                }
            }
            if ui.cur_visible && (gx, gy) == (ui.cur_x, ui.cur_y) {
                todraw[cell(x, y)] |= TILE_KEYBOARD_CURSOR;
            }
            if rotating == Some((gx, gy)) {
                todraw[cell(x, y)] |= TILE_ROTATING;
            }
            let wires = t & 0xF;
            if (gx, gy) == (ui.cx, ui.cy) {
                todraw[cell(x, y)] |= 3 << TILE_ENDPOINT_SHIFT;
            } else if matches!(wires, R | U | L | D) {
                todraw[cell(x, y)] |= (if active[g] { 2 } else { 1 }) << TILE_ENDPOINT_SHIFT;
            }
            if t & LOCKED != 0 {
                todraw[cell(x, y)] |= TILE_LOCKED;
            }
            // The completion ripple toggles the locked look outward from the source.
            let rcx = ((ui.cx + w - ui.org_x) % w) as i32;
            let rcy = ((ui.cy + h - ui.org_y) % h) as i32;
            let dist = (x - rcx).abs().max((y - rcy).abs());
            if frame >= dist && frame < dist + 4 && (frame - dist) & 1 == 1 {
                todraw[cell(x, y)] ^= TILE_LOCKED;
            }
        }
    }
    for y in -1..=h as i32 {
        for x in -1..=w as i32 {
            let (prev, curr) = (ds.visible[ds.cell(x, y)], todraw[cell(x, y)]);
            if prev != curr || (prev | curr) & TILE_ROTATING != 0 {
                draw_tile(dr, ds, x, y, curr, angle);
                let c = ds.cell(x, y);
                ds.visible[c] = curr;
            }
        }
    }
    ds.todraw = todraw;
}

/// A point (`ix`,`iy`) relative to a tile centre, turned by the rotation (cos, sin) in 1/2^16.
fn turn((c, s): (i64, i64), ix: i64, iy: i64) -> (i64, i64) {
    (c * ix + s * iy, -s * ix + c * iy)
}

/// The tile's wires of the kinds in `bitmap` (bit k: wire kind k) as one polygon round the
/// centre square, turned, filled with `colour`.
#[allow(clippy::too_many_arguments)]
fn draw_wires(
    dr: &mut dyn Drawing,
    cx: i32,
    cy: i32,
    radius: i64,
    tile: u32,
    bitmap: u32,
    colour: usize,
    halfwidth: i64,
    rot: (i64, i64),
) {
    // At most three points a direction, on the stack (nothing allocates in a frame).
    let mut screen = [(0i32, 0i32); 12];
    let mut len = 0;
    let mut point = |x: i64, y: i64| {
        let (rx, ry) = turn(rot, x, y);
        screen[len] = (cx + ((rx + (1 << 15)) >> 16) as i32, cy + ((ry + (1 << 15)) >> 16) as i32);
        len += 1;
    };
    let mut any = false;
    for (dsh, d) in DIRS.iter().copied().enumerate() {
        let kind = (tile >> (TILE_WIRE_SHIFT + 2 * dsh as u32)) & 3;
        let (xd, yd) = (dx(d) as i64, dy(d) as i64);
        let (xc, yc) = (dx(rot_c(d)) as i64, dy(rot_c(d)) as i64);
        let (xa, ya) = (dx(rot_a(d)) as i64, dy(rot_a(d)) as i64);
        point(halfwidth * (xd + xc), halfwidth * (yd + yc));
        if bitmap & (1 << kind) != 0 {
            point(radius * xd + halfwidth * xc, radius * yd + halfwidth * yc);
            point(radius * xd + halfwidth * xa, radius * yd + halfwidth * ya);
            any = true;
        }
    }
    if !any {
        return;
    }
    dr.draw_polygon(&screen[..len], Some(colour), colour);
}

/// One cell of the grid or of the ring round it (barrier ends), as `tile` says.
fn draw_tile(dr: &mut dyn Drawing, ds: &DrawState, x: i32, y: i32, tile: u32, angle: (i64, i64)) {
    let ts = ds.tilesize;
    let lt = ds.line_thick();
    let (border_br, border_tl) = (lt / 2, lt - lt / 2);
    let barrier_outline = (lt + 1) / 2;
    let (w, h) = (ds.w as i32, ds.h as i32);
    let tx = WINDOW_OFFSET + ts * x + border_br;
    let ty = WINDOW_OFFSET + ts * y + border_br;
    let (mut clipx, mut clip_x2, mut clipy, mut clip_y2) = (tx, tx + ts, ty, ty + ts);
    if x == -1 {
        clipx = clip_x2 - border_br - barrier_outline;
    } else if x == w {
        clip_x2 = clipx + border_tl + barrier_outline;
    }
    if y == -1 {
        clipy = clip_y2 - border_br - barrier_outline;
    } else if y == h {
        clip_y2 = clipy + border_tl + barrier_outline;
    }
    let (clipw, cliph) = (clip_x2 - clipx, clip_y2 - clipy);
    dr.clip(clipx, clipy, clipw, cliph);
    let bg = if tile & TILE_LOCKED != 0 { COL_LOCKED } else { COL_BACKGROUND };
    dr.draw_rect(clipx, clipy, clipw, cliph, bg);

    // Grid lines.
    let gridl = if x == -1 { tx + ts - border_br } else { tx };
    let gridr = if x == w { tx + border_tl } else { tx + ts };
    let gridu = if y == -1 { ty + ts - border_br } else { ty };
    let gridd = if y == h { ty + border_tl } else { ty + ts };
    if x >= 0 {
        dr.draw_rect(tx, gridu, border_tl, gridd - gridu, COL_BORDER);
    }
    if y >= 0 {
        dr.draw_rect(gridl, ty, gridr - gridl, border_tl, COL_BORDER);
    }
    if x < w {
        dr.draw_rect(tx + ts - border_br, gridu, border_br, gridd - gridu, COL_BORDER);
    }
    if y < h {
        dr.draw_rect(gridl, ty + ts - border_br, gridr - gridl, border_br, COL_BORDER);
    }

    if tile & TILE_KEYBOARD_CURSOR != 0 {
        let cursorcol = if tile & TILE_LOCKED != 0 { COL_BACKGROUND } else { COL_LOCKED };
        let (outer, inner) = (ts / 8, ts / 8 + lt);
        dr.draw_rect(tx + outer, ty + outer, ts - 2 * outer, ts - 2 * outer, cursorcol);
        dr.draw_rect(tx + inner, ty + inner, ts - 2 * inner, ts - 2 * inner, bg);
    }

    let mut radius = (ts + 1) / 2;
    let (cx, cy) = (tx + radius, ty + radius);
    radius += 1;

    // Wires of neighbours reaching into this cell's edges, unless this cell's own wire will
    // cover them.
    for (dsh, d) in DIRS.iter().copied().enumerate() {
        let edgetype = (tile >> (TILE_WIRE_ON_EDGE_SHIFT + 2 * dsh as u32)) & 3;
        if edgetype == 0 {
            continue;
        }
        if tile & TILE_ROTATING == 0 && (tile >> (TILE_WIRE_SHIFT + 2 * dsh as u32)) & 3 != 0 {
            continue;
        }
        for pass in 0..2 {
            let col = if pass == 0 || edgetype == 1 {
                COL_WIRE
            } else if edgetype == 2 {
                COL_POWERED
            } else {
                COL_ERR
            };
            let halfwidth = if pass == 0 { 2 * lt - 1 } else { lt - 1 };
            let (rx, rw) = match dx(d) {
                -1 => (tx, border_tl),
                1 => (tx + ts - border_br, border_br),
                _ => (cx - halfwidth, 2 * halfwidth + 1),
            };
            let (ry, rh) = match dy(d) {
                -1 => (ty, border_tl),
                1 => (ty + ts - border_br, border_br),
                _ => (cy - halfwidth, 2 * halfwidth + 1),
            };
            dr.draw_rect(rx, ry, rw, rh, col);
        }
    }

    // The rotation of a turning tile, (cos, sin) in 1/2^16.
    let rot = if tile & TILE_ROTATING != 0 {
        let (num, den) = angle;
        let den = den as u32;
        let i = num.rem_euclid(den as i64) as u32;
        let (s, c) = crate::games::trig::sin_cos(i, den);
        (c >> 44, s >> 44)
    } else {
        (1 << 16, 0)
    };
    let r = radius as i64;
    draw_wires(dr, cx, cy, r, tile, 0xE, COL_WIRE, (2 * lt - 1) as i64, rot);
    draw_wires(dr, cx, cy, r, tile, 0x4, COL_POWERED, (lt - 1) as i64, rot);
    draw_wires(dr, cx, cy, r, tile, 0x8, COL_ERR, (lt - 1) as i64, rot);

    // The box of an endpoint (blue, or cyan when powered) or of the source (black).
    let endtype = (tile >> TILE_ENDPOINT_SHIFT) & 3;
    if endtype != 0 {
        for pass in 0..2 {
            let col = if pass == 0 || endtype == 3 {
                COL_WIRE
            } else if endtype == 2 {
                COL_POWERED
            } else {
                COL_ENDPOINT
            };
            // 0.24 of the tile, in 1/100.
            let boxr = (ts as i64 * 24 + 50) / 100 + if pass == 0 { (lt - 1) as i64 } else { 0 };
            let corners = [(1, 1), (1, -1), (-1, -1), (-1, 1)].map(|(a, b)| {
                let (rx, ry) = turn(rot, boxr * a, boxr * b);
                (cx + ((rx + (1 << 15)) >> 16) as i32, cy + ((ry + (1 << 15)) >> 16) as i32)
            });
            dr.draw_polygon(&corners, Some(col), COL_WIRE);
        }
    }

    // Barriers along the grid lines: a black outline pass, then red.
    for pass in 0..2 {
        let (mut btl, mut bbr, mut col) = (border_tl, border_br, COL_BARRIER);
        if pass == 0 {
            btl += barrier_outline;
            bbr += barrier_outline;
            col = COL_WIRE;
        }
        let has = |d: u8, shift: u32| tile & ((d as u32) << shift) != 0;
        if has(L, TILE_BARRIER_SHIFT) {
            dr.draw_rect(tx, ty, btl, ts, col);
        }
        if has(R, TILE_BARRIER_SHIFT) {
            dr.draw_rect(tx + ts - bbr, ty, bbr, ts, col);
        }
        if has(U, TILE_BARRIER_SHIFT) {
            dr.draw_rect(tx, ty, ts, btl, col);
        }
        if has(D, TILE_BARRIER_SHIFT) {
            dr.draw_rect(tx, ty + ts - bbr, ts, bbr, col);
        }
        if has(R, TILE_BARRIER_CORNER_SHIFT) {
            dr.draw_rect(tx + ts - bbr, ty, bbr, btl, col);
        }
        if has(U, TILE_BARRIER_CORNER_SHIFT) {
            dr.draw_rect(tx, ty, btl, btl, col);
        }
        if has(L, TILE_BARRIER_CORNER_SHIFT) {
            dr.draw_rect(tx, ty + ts - bbr, btl, bbr, col);
        }
        if has(D, TILE_BARRIER_CORNER_SHIFT) {
            dr.draw_rect(tx + ts - bbr, ty + ts - bbr, bbr, bbr, col);
        }
    }
    dr.unclip();
    dr.draw_update(clipx, clipy, clipw, cliph);
}
