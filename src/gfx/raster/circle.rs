//! Circles: [`draw`] fills a circle span by span and plots its midpoint outline; circles of
//! radius up to [`SMALL_CIRCLE`] (Untangle's points) go row by row from the masks of a
//! [`SmallCircle`], one `Planar::fill_pairs` call per pen.

use super::{isqrt, plot, span};
use crate::gfx::{Planar, Rect};

/// The circle of radius `r` round (`cx`,`cy`) (surface coordinates) inside `clip`: filled
/// with pen `fill` if there is one (the spans of half width ⌊√(r² + r − dy²)⌋), then its
/// midpoint outline in pen `outline`, unless the clip lies wholly inside the circle or
/// apart from its box. The centre within a few thousand pixels of the origin and `r` below
/// 2^12 (the canvas clamps them), so that every product fits in 32 bits.
pub fn draw<S: AsRef<[u16]> + AsMut<[u16]>>(
    surface: &mut Planar<S>,
    clip: Rect,
    cx: i32,
    cy: i32,
    r: i32,
    fill: Option<u8>,
    outline: u8,
) {
    let c = clip;
    // Only the rows inside the clip rectangle.
    let (top, bottom) = ((-r).max(c.y - cy), r.min(c.bottom() - 1 - cy));
    // The outline is skipped when the clip lies wholly inside the circle (a huge circle
    // seen through a small window) or wholly outside its bounding box.
    let inside = |x: i32, y: i32| (x - cx) * (x - cx) + (y - cy) * (y - cy) < (r - 1) * (r - 1);
    let clip_inside = r > 1
        && inside(c.x, c.y)
        && inside(c.right() - 1, c.y)
        && inside(c.x, c.bottom() - 1)
        && inside(c.right() - 1, c.bottom() - 1);
    let clip_apart = cx + r < c.x || cx - r >= c.right() || cy + r < c.y || cy - r >= c.bottom();
    let outline = if clip_inside || clip_apart { None } else { Some(outline) };
    if r <= SMALL_CIRCLE {
        // Row by row, as masks over the two 16-pixel groups the circle's box lies in: the
        // fill's, then the outline's (`SmallCircle`), each cut to the clip.
        let rows = SmallCircle::new(r);
        let (left, window) = (cx - r, (cx - r) & !15);
        let clip_mask = span_bits(c.x - window, c.right() - 1 - window);
        let place = |m: u16| ((m as u32) << 16 >> (left - window)) & clip_mask;
        let (top, bottom) = (top.max(-cy), bottom.min(surface.height() - 1 - cy));
        let n = (bottom - top + 1).max(0) as usize;
        let mut masks = [0u32; 2 * SMALL_CIRCLE as usize + 1];
        for (pen, of) in [(fill, &rows.fill), (outline, &rows.outline)] {
            let Some(pen) = pen else { continue };
            for (i, m) in masks[..n].iter_mut().enumerate() {
                *m = place(of[(top + i as i32).unsigned_abs() as usize]);
            }
            surface.fill_pairs(cy + top, window >> 4, &masks[..n], pen);
        }
        return;
    }
    if let Some(pen) = fill {
        let rr = r * r + r;
        for dy in top..=bottom {
            let hw = isqrt((rr - dy * dy) as u32) as i32;
            span(surface, c, cy + dy, cx - hw, cx + hw, pen);
        }
    }
    let Some(pen) = outline else { return };
    midpoint_octant(r, |x, y| {
        for (px, py) in [(x, y), (y, x), (-y, x), (-x, y), (-x, -y), (-y, -x), (y, -x), (x, -y)] {
            plot(surface, c, cx + px, cy + py, pen);
        }
    });
}

/// Radius up to which circles are drawn row by row from masks ([`SmallCircle`]): their box,
/// 2r + 1 ≤ 15 pixels wide, lies within two 16-pixel groups wherever it is. Bigger ones (none
/// that a puzzle draws with points) fill span by span and plot their outline pixel by pixel.
pub const SMALL_CIRCLE: i32 = 7;

/// The rows of a circle of radius r ≤ [`SMALL_CIRCLE`] as masks over its box (bit 15 its
/// left column, cx − r), by distance v from the centre row: the fill's span, of half width
/// ⌊√(r² + r − v²)⌋, and the midpoint outline's pixels. One octant's walk from (r, 0) gives
/// every outline pixel: (x, y) stands for (±x, ±y) and (±y, ±x).
/// `circles_match_the_pixel_loop` checks the masks against the pixel-by-pixel loops.
pub struct SmallCircle {
    pub fill: [u16; SMALL_CIRCLE as usize + 1],
    pub outline: [u16; SMALL_CIRCLE as usize + 1],
}

impl SmallCircle {
    pub fn new(r: i32) -> SmallCircle {
        let r = r.clamp(0, SMALL_CIRCLE);
        let mut rows = SmallCircle { fill: [0; SMALL_CIRCLE as usize + 1], outline: [0; SMALL_CIRCLE as usize + 1] };
        let column = |dx: i32| 0x8000u16 >> (r + dx);
        let rr = r * r + r;
        let mut hw = r;
        for v in 0..=r {
            while hw * hw > rr - v * v {
                hw -= 1;
            }
            rows.fill[v as usize] = crate::gfx::blit::span_mask(r - hw, r + hw);
        }
        midpoint_octant(r, |x, y| {
            rows.outline[y as usize] |= column(x) | column(-x);
            rows.outline[x as usize] |= column(y) | column(-y);
        });
        rows
    }
}

/// The midpoint circle's walk of one octant of radius `r`, from (r, 0) while x ≥ y: each
/// (x, y) stands for the eight pixels (±x, ±y) and (±y, ±x) of the outline.
fn midpoint_octant(r: i32, mut pixel: impl FnMut(i32, i32)) {
    let (mut x, mut y, mut err) = (r, 0i32, 1 - r);
    while x >= y {
        pixel(x, y);
        y += 1;
        if err < 0 {
            err += 2 * y + 1;
        } else {
            x -= 1;
            err += 2 * (y - x) + 1;
        }
    }
}

/// Bits `first..=last` of a 32-pixel window (bit 31 its first pixel), clamped to it.
fn span_bits(first: i32, last: i32) -> u32 {
    let (first, last) = (first.max(0), last.min(31));
    if first > last {
        0
    } else if last == 31 {
        u32::MAX >> first
    } else {
        (u32::MAX >> first) & !(u32::MAX >> (last + 1))
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
