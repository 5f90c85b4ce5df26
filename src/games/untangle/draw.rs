//! Drawing Untangle: the whole picture depends on every point, so the reference redraws it
//! all at each change. Here only strips round what changed (the dragged point, its lines,
//! points that changed colour), before and after, are redrawn, each line clipped to the
//! strips it crosses; while a point is dragged, its lines go over a saved layer of the
//! others ([`DrawState`]'s `layer`; see `docs/untangle.md`).

use alloc::vec;
use alloc::vec::Vec;

use super::geometry::Point;
use super::{
    CIRCLE_RADIUS, COL_BACKGROUND, COL_CROSSEDLINE, COL_CURSORPOINT, COL_DRAGPOINT, COL_FLASH1, COL_FLASH2, COL_LINE,
    COL_NEIGHBOUR, COL_OUTLINE, COL_POINT, FLASH_MS, Params, State, Ui, Untangle,
};
use crate::gfx::{BlitterId, Drawing, Rect};
use crate::puzzle::backend::Game;

/// What is on screen.
pub struct DrawState {
    pub(super) tilesize: i64,
    /// Background pen of the last drawing (`None`: nothing drawn yet).
    bg: Option<usize>,
    /// Pixel position and pen of each point as drawn.
    x: Vec<i32>,
    y: Vec<i32>,
    pen: Vec<usize>,
    /// Pen of each edge as drawn.
    edge_pen: Vec<usize>,
    /// The point whose lines were drawn over the others (the dragged point).
    on_top: Option<usize>,
    /// The layer: a blitter the size of the playing area holding the background and every
    /// line except the dragged point's, saved when a point is picked up. Each move of the drag
    /// then restores its damage from the layer and draws only the point's lines and the
    /// points, instead of clearing it and drawing again every line that crosses it.
    layer: Option<BlitterId>,
    /// The point whose lines the layer leaves out (`None`: the layer is out of date).
    layer_of: Option<usize>,
    /// Scratch space of each redraw, kept so that drawing allocates nothing after the first
    /// frame.
    scratch: Scratch,
}

/// What a redraw works out before drawing: where each point and line goes now, in which
/// pen, the rectangles to redraw, each line's box and the points in drawing order.
#[derive(Default)]
struct Scratch {
    x: Vec<i32>,
    y: Vec<i32>,
    pen: Vec<usize>,
    edge_pen: Vec<usize>,
    damage: Vec<Rect>,
    edge_box: Vec<Rect>,
    order: Vec<usize>,
    /// Whether each point and line lies wholly in the damage (it moved or changed pen).
    point_whole: Vec<bool>,
    edge_whole: Vec<bool>,
}

impl DrawState {
    /// Nothing drawn yet, for `state`'s points and lines (size and layer set later,
    /// [`DrawState::set_size`]).
    pub fn new(state: &State) -> Self {
        DrawState {
            tilesize: 0,
            bg: None,
            x: vec![-1; state.n],
            y: vec![-1; state.n],
            pen: vec![usize::MAX; state.n],
            edge_pen: vec![usize::MAX; state.edges.len()],
            on_top: None,
            layer: None,
            layer_of: None,
            scratch: Scratch {
                x: vec![0; state.n],
                y: vec![0; state.n],
                pen: vec![0; state.n],
                edge_pen: vec![0; state.edges.len()],
                damage: Vec::with_capacity(MAX_DAMAGE_RECTS),
                edge_box: vec![Rect::default(); state.edges.len()],
                order: Vec::with_capacity(state.n),
                point_whole: vec![false; state.n],
                edge_whole: vec![false; state.edges.len()],
            },
        }
    }

    /// Tile size `tile` for parameters `p`, with a layer the size of the playing area (the
    /// last one freed).
    pub fn set_size(&mut self, dr: &mut dyn Drawing, p: &Params, tile: i32) {
        self.tilesize = tile as i64;
        if let Some(layer) = self.layer.take() {
            dr.blitter_free(layer);
        }
        let (w, h) = Untangle::compute_size(p, tile);
        self.layer = Some(dr.blitter_new(w, h));
        self.layer_of = None;
    }

    /// Frees the layer.
    pub fn free(self, dr: &mut dyn Drawing) {
        if let Some(layer) = self.layer {
            dr.blitter_free(layer);
        }
    }
}

/// Draws `state` (during an animation, the points `anim_time` of the way from `old`'s) over
/// what `ds` says is on the screen: strips round what moved or changed colour, or all of it
/// when the background changed (the flash) or a point was picked up (the layer is saved).
pub fn redraw(
    dr: &mut dyn Drawing,
    ds: &mut DrawState,
    old: Option<&State>,
    state: &State,
    ui: &Ui,
    anim_time: u32,
    flash_time: u32,
) {
    let bg = if flash_time == 0 {
        COL_BACKGROUND
    } else if (flash_time * 4 / FLASH_MS) % 2 == 0 {
        COL_FLASH1
    } else {
        COL_FLASH2
    };
    let ts = ds.tilesize;
    let n = state.n;
    // Where everything goes now, and in which pen.
    let mut scratch = core::mem::take(&mut ds.scratch);
    let Scratch { x, y, pen, edge_pen, damage, edge_box, order, point_whole, edge_whole } = &mut scratch;
    for i in 0..n {
        let mut p = state.pts[i];
        if ui.dragpoint == Some(i) {
            p = ui.newpoint;
        }
        if let Some(o) = old {
            p = mix(o.pts[i], p, anim_time.min(ui.anim_length) as i64, ui.anim_length.max(1) as i64);
        }
        (x[i], y[i]) = p.pixel(ts);
        pen[i] = if ui.dragpoint == Some(i) {
            COL_DRAGPOINT
        } else if ui.cursorpoint == Some(i) {
            COL_CURSORPOINT
        } else if ui.dragpoint.is_some_and(|d| state.is_edge(d, i)) {
            COL_NEIGHBOUR
        } else {
            COL_POINT
        };
    }
    let crosses = &old.unwrap_or(state).crosses;
    for (k, p) in edge_pen.iter_mut().enumerate() {
        *p = if ui.show_crossed_edges && crosses[k] { COL_CROSSEDLINE } else { COL_LINE };
    }
    // The lines of the dragged point are drawn over the others (`DrawState::layer`).
    let dragged = if old.is_none() { ui.dragpoint } else { None };
    let on_top = |k: usize| {
        let (a, b) = state.edges[k];
        dragged.is_some_and(|d| a == d || b == d)
    };
    let was_on_top = |k: usize| {
        let (a, b) = state.edges[k];
        ds.on_top.is_some_and(|d| a == d || b == d)
    };

    // The damage: everything if the background changed, else the old and new places of
    // every point and line that moved or changed pen or drawing order, a line as a chain
    // of small rectangles along it (`line_bands`), so that dragging a point redraws thin
    // strips round its lines, not the rectangle they span. What is added lies wholly in
    // the damage (`point_whole`, `edge_whole`).
    let (w, h) = Untangle::compute_size(&Params { n: n as u32 }, ts as i32);
    let everything = Rect::new(0, 0, w, h);
    damage.clear();
    let all_new = ds.bg != Some(bg);
    if all_new {
        damage.push(everything);
    }
    let r = CIRCLE_RADIUS + 1;
    for i in 0..n {
        point_whole[i] = all_new || (ds.x[i], ds.y[i], ds.pen[i]) != (x[i], y[i], pen[i]);
        if point_whole[i] && !all_new {
            add_damage(damage, Rect::new(ds.x[i] - r, ds.y[i] - r, 2 * r + 1, 2 * r + 1));
            add_damage(damage, Rect::new(x[i] - r, y[i] - r, 2 * r + 1, 2 * r + 1));
        }
    }
    // Whether the lines under the dragged point's, kept in the layer, changed.
    let mut under_changed = all_new;
    for (k, &(a, b)) in state.edges.iter().enumerate() {
        let moved = (ds.x[a], ds.y[a], ds.x[b], ds.y[b]) != (x[a], y[a], x[b], y[b]);
        edge_whole[k] = all_new || moved || ds.edge_pen[k] != edge_pen[k] || on_top(k) != was_on_top(k);
        under_changed |= edge_whole[k] && !on_top(k);
        if edge_whole[k] && !all_new {
            let old = [ds.x[a], ds.y[a], ds.x[b], ds.y[b]];
            line_bands(old, [x[a], y[a], x[b], y[b]], |r| add_damage(damage, r));
        }
    }
    ds.bg = Some(bg);
    ds.x.copy_from_slice(x);
    ds.y.copy_from_slice(y);
    ds.pen.copy_from_slice(pen);
    ds.edge_pen.copy_from_slice(edge_pen);
    ds.on_top = dragged;

    // Each line's box, and the points in drawing order: by pen, so that the dragged and
    // cursor points come out on top.
    for (k, &(a, b)) in state.edges.iter().enumerate() {
        edge_box[k] = span(x[a], y[a], x[b], y[b]);
    }
    order.clear();
    for class in [COL_POINT, COL_NEIGHBOUR, COL_CURSORPOINT, COL_DRAGPOINT] {
        order.extend((0..n).filter(|&i| pen[i] == class));
    }
    // A point picked up: everything is drawn again, the lines under its own saved as the
    // layer before its lines and the points go on top.
    let rebuild = dragged.is_some() && ds.layer.is_some() && (under_changed || ds.layer_of != dragged);
    if rebuild {
        edge_whole.fill(true);
        point_whole.fill(true);
        damage.clear();
        damage.push(everything);
    }
    damage.retain_mut(|d| {
        *d = d.intersect(&everything);
        !d.is_empty()
    });
    let everything_clip = |dr: &mut dyn Drawing| dr.clip(everything.x, everything.y, everything.w, everything.h);
    let draw_edges = |dr: &mut dyn Drawing, damage: &[Rect], top: bool| {
        let bounds = damage.iter().fold(Rect::default(), |u, d| u.union(d));
        for (k, &(a, b)) in state.edges.iter().enumerate().filter(|&(k, _)| on_top(k) == top) {
            if edge_whole[k] {
                everything_clip(dr);
                dr.draw_line(x[a], y[a], x[b], y[b], edge_pen[k]);
            } else if overlaps(&edge_box[k], &bounds) {
                for d in damage.iter() {
                    if overlaps(&edge_box[k], d) && line_meets(x[a], y[a], x[b], y[b], *d) {
                        dr.clip(d.x, d.y, d.w, d.h);
                        dr.draw_line(x[a], y[a], x[b], y[b], edge_pen[k]);
                    }
                }
            }
        }
    };

    match (dragged, ds.layer) {
        (Some(d), Some(layer)) if rebuild => {
            everything_clip(dr);
            dr.draw_rect(0, 0, w, h, bg);
            draw_edges(dr, damage, false);
            dr.blitter_save(layer, 0, 0);
            ds.layer_of = Some(d);
        }
        (Some(_), Some(layer)) => {
            // Dragging on: the damage shows the layer again.
            for d in damage.iter() {
                dr.clip(d.x, d.y, d.w, d.h);
                dr.blitter_load(layer, 0, 0);
            }
        }
        _ => {
            // Clear the damage and draw the lines under, each whole if it lies wholly
            // in the damage, else clipped to each damaged rectangle it passes through.
            ds.layer_of = None;
            for d in damage.iter() {
                dr.draw_rect(d.x, d.y, d.w, d.h, bg);
            }
            draw_edges(dr, damage, false);
        }
    }
    // The dragged point's lines, then the points, drawn the same way.
    draw_edges(dr, damage, true);
    let bounds = damage.iter().fold(Rect::default(), |u, d| u.union(d));
    for &i in order.iter() {
        let circle = Rect::new(x[i] - r, y[i] - r, 2 * r + 1, 2 * r + 1);
        if point_whole[i] {
            everything_clip(dr);
            dr.draw_circle(x[i], y[i], CIRCLE_RADIUS, Some(pen[i]), COL_OUTLINE);
        } else if overlaps(&circle, &bounds) {
            for d in damage.iter().filter(|d| overlaps(&circle, d)) {
                dr.clip(d.x, d.y, d.w, d.h);
                dr.draw_circle(x[i], y[i], CIRCLE_RADIUS, Some(pen[i]), COL_OUTLINE);
            }
        }
    }
    dr.unclip();
    for d in damage.iter() {
        dr.draw_update(d.x, d.y, d.w, d.h);
    }
    ds.scratch = scratch;
}

/// Whether two rectangles share a pixel.
fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom()
}

/// Damage rectangles kept separate before they become one bounding box ([`add_damage`]).
const MAX_DAMAGE_RECTS: usize = 48;
/// Length along a line's longer axis of each rectangle of [`line_bands`].
const BAND: i32 = 48;

/// Adds `r` to the damage, merged into a rectangle it overlaps if their union is not much
/// bigger than the two (the old and new places of a line dragged a few pixels). Only
/// overlapping rectangles are weighed: the test of their areas costs two multiplications.
fn add_damage(damage: &mut Vec<Rect>, r: Rect) {
    // Areas in 32 bits: every rectangle lies within a few pixels of the screen.
    let area = |r: &Rect| r.w * r.h;
    for d in damage.iter_mut().filter(|d| overlaps(d, &r)) {
        let u = d.union(&r);
        if 4 * area(&u) <= 5 * (area(d) + area(&r)) {
            *d = u;
            return;
        }
    }
    if damage.len() < MAX_DAMAGE_RECTS {
        damage.push(r);
    } else {
        // Many rectangles (a Solve animation moves every point): their bounding box, so that
        // the list never outgrows the room it was given when the game started.
        let all = damage.iter().fold(r, |u, d| u.union(d));
        damage.clear();
        damage.push(all);
    }
}

/// Rectangles covering every pixel of the lines `old` and `new` (the old and new places of a
/// line, each (x0, y0, x1, y1)) with a pixel to spare each side: one per [`BAND`] pixels
/// along their longer axis, as wide as the lines get in that stretch plus two pixels (a drawn
/// pixel is within half a pixel of its ideal line). One rectangle per stretch covers both
/// lines when they share their longer axis (a dragged line moved a few pixels); else each
/// gets its own.
fn line_bands(old: [i32; 4], new: [i32; 4], mut out: impl FnMut(Rect)) {
    let steep = |l: &[i32; 4]| (l[3] - l[1]).abs() > (l[2] - l[0]).abs();
    if steep(&old) != steep(&new) {
        stretches(&[old], &mut out);
        stretches(&[new], &mut out);
    } else {
        stretches(&[old, new], &mut out);
    }
}

/// [`line_bands`] of lines that share their longer axis.
fn stretches(lines: &[[i32; 4]], out: &mut impl FnMut(Rect)) {
    let steep = (lines[0][3] - lines[0][1]).abs() > (lines[0][2] - lines[0][0]).abs();
    // Each line along the major axis a from a0 to a1 (a0 ≤ a1); its minor coordinate b at a
    // is b0 + (a − a0)·(b1 − b0)/(a1 − a0).
    let major_minor = |l: &[i32; 4]| {
        let (a0, b0, a1, b1) = if steep { (l[1], l[0], l[3], l[2]) } else { (l[0], l[1], l[2], l[3]) };
        if a0 <= a1 { (a0, b0, a1, b1) } else { (a1, b1, a0, b0) }
    };
    // The minor range of a line over the stretch from..=to, if it reaches it.
    let minor_range = |l: &[i32; 4], from: i32, to: i32| {
        let (a0, b0, a1, b1) = major_minor(l);
        let (from, to) = (from.max(a0), to.min(a1));
        if from > to {
            return None;
        }
        if a1 == a0 {
            return Some((b0, b0));
        }
        let at = |a: i32| ((a - a0) * (b1 - b0)).div_euclid(a1 - a0) + b0;
        let (p, q) = (at(from), at(to));
        Some((p.min(q), p.max(q)))
    };
    let first = lines.iter().map(|l| major_minor(l).0).min().unwrap_or(0);
    let last = lines.iter().map(|l| major_minor(l).2).max().unwrap_or(0);
    let mut a = first;
    loop {
        let end = (a + BAND - 1).min(last);
        // The minor range over a..=end, rounded outwards, one pixel to spare.
        let (lo, hi) = lines
            .iter()
            .filter_map(|l| minor_range(l, a, end))
            .fold((i32::MAX, i32::MIN), |(lo, hi), (p, q)| (lo.min(p), hi.max(q)));
        if lo <= hi {
            let (lo, hi, alo, ahi) = (lo - 1, hi + 2, a - 1, end + 1);
            out(if steep {
                Rect::new(lo, alo, hi - lo + 1, ahi - alo + 1)
            } else {
                Rect::new(alo, lo, ahi - alo + 1, hi - lo + 1)
            });
        }
        if end >= last {
            break;
        }
        a = end + 1;
    }
}

/// The rectangle spanned by a line's end points, one pixel wider each side.
fn span(x0: i32, y0: i32, x1: i32, y1: i32) -> Rect {
    let (lx, ly) = (x0.min(x1) - 1, y0.min(y1) - 1);
    Rect::new(lx, ly, x0.max(x1) + 2 - lx, y0.max(y1) + 2 - ly)
}

/// Whether the line (`x0`,`y0`)–(`x1`,`y1`), whose box meets `r`, may draw a pixel in `r`:
/// the corners of `r` grown by a pixel are not all strictly on one side of it
/// (a drawn pixel lies within half a pixel of the ideal line). Saves walking lines whose box
/// covers a damaged strip they do not pass through.
fn line_meets(x0: i32, y0: i32, x1: i32, y1: i32, r: Rect) -> bool {
    let side = |x: i32, y: i32| ((x - x0) * (y1 - y0) - (y - y0) * (x1 - x0)).signum();
    let (l, t, rt, b) = (r.x - 1, r.y - 1, r.right(), r.bottom());
    let s = side(l, t);
    !(s != 0 && side(rt, t) == s && side(l, b) == s && side(rt, b) == s)
}

/// The point `t/len` of the way from `a` to `b` (denominator a.d·b.d, truncated as the
/// reference's cast).
fn mix(a: Point, b: Point, t: i64, len: i64) -> Point {
    let d = a.d * b.d;
    let x = a.x * b.d + (b.x * a.d - a.x * b.d) * t / len;
    let y = a.y * b.d + (b.y * a.d - a.y * b.d) * t / len;
    Point::new(x, y, d)
}
