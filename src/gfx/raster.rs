//! Rasterisation: the algorithms that turn lines, polygons and circles into pixels of a
//! [`Planar`] surface, in surface coordinates and inside a clip rectangle (which the
//! [`Canvas`](super::Canvas) keeps inside its client's area):
//!
//! - [`line`](mod@line): lines, walked only where they cross the clip (the line blitter's set-up, and
//!   a 64-bit walk of runs for ends beyond ±8192 pixels);
//! - [`polygon`]: scan conversion of filled polygons (even-odd rule, pixel centres, points
//!   in 1/16 pixels);
//! - [`circle`]: filled and outlined circles (small ones row by row from masks, bigger ones
//!   span by span and pixel by pixel);
//! - [`isqrt`](isqrt()): the integer square root the circles and thick lines use.
//!
//! Each ends in the surface's primitives (and those in the blitters, `gfx::blit`), through
//! the clipped runs below.

pub mod circle;
pub mod isqrt;
pub mod line;
pub mod polygon;

pub use isqrt::isqrt;

use super::{Planar, Rect};

/// Pixels `x0..=x1` of surface line `y`, inside `clip`.
pub fn span<S: AsRef<[u16]> + AsMut<[u16]>>(surface: &mut Planar<S>, clip: Rect, y: i32, x0: i32, x1: i32, pen: u8) {
    if y < clip.y || y >= clip.bottom() {
        return;
    }
    surface.fill_span(y, x0.max(clip.x), x1.min(clip.right() - 1), pen);
}

/// One surface pixel, inside `clip`: the fast path for lines and outlines.
pub fn plot<S: AsRef<[u16]> + AsMut<[u16]>>(surface: &mut Planar<S>, clip: Rect, x: i32, y: i32, pen: u8) {
    if clip.contains(x, y) {
        surface.plot(x, y, pen);
    }
}

/// Pixels `y0..=y1` of surface column `x`, inside `clip`.
pub fn column<S: AsRef<[u16]> + AsMut<[u16]>>(surface: &mut Planar<S>, clip: Rect, x: i32, y0: i32, y1: i32, pen: u8) {
    if x < clip.x || x >= clip.right() {
        return;
    }
    surface.vline(x, y0.max(clip.y), y1.min(clip.bottom() - 1), pen);
}
