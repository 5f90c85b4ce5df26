//! [`Sprite`]: a picture with transparent pixels, converted once to the surface's planar
//! layout with a mask, then drawn at any position as often as wanted (hex tiles, tiles of a
//! picture, pieces). Making one allocates; drawing one does not.
//!
//! Layout (what the sprite blitter of `blit` reads): each row is `groups + 2` groups of 9
//! words, 8 planes then the mask (bit set = opaque), with an empty group before and after the
//! row's own groups so that a pixel shift never reads outside the row. Plane bits are set only
//! under the mask.

use alloc::vec;
use alloc::vec::Vec;

use super::blit::{GROUP, SPRITE_GROUP, SpriteJob, span_mask};
use super::{Planar, Rect};

/// A `width`×`height` picture with a mask, in planar form.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Sprite {
    width: i32,
    height: i32,
    /// Words from a row to the next.
    stride: usize,
    words: Vec<u16>,
}

impl Sprite {
    /// From one pen per pixel, row by row (`pens.len()` at least `width * height`); pixels of
    /// pen `transparent` are not drawn. Negative sizes count as 0.
    pub fn from_pens(width: i32, height: i32, pens: &[u8], transparent: u8) -> Sprite {
        let (width, height) = (width.max(0), height.max(0));
        Self::build(width, height, |x, y| {
            let pen = pens.get((y * width + x) as usize).copied().unwrap_or(transparent);
            (pen != transparent).then_some(pen)
        })
    }

    /// The pixels of `area` of `surface` (those off the surface are transparent), pixels of
    /// pen `transparent` left out: a tile drawn once with the canvas, then kept.
    pub fn capture<S: AsRef<[u16]>>(surface: &Planar<S>, area: Rect, transparent: u8) -> Sprite {
        let bounds = surface.bounds();
        Self::build(area.w.max(0), area.h.max(0), |x, y| {
            let (sx, sy) = (area.x + x, area.y + y);
            let pen = surface.pixel(sx, sy);
            (bounds.contains(sx, sy) && pen != transparent).then_some(pen)
        })
    }

    fn build(width: i32, height: i32, pen_at: impl Fn(i32, i32) -> Option<u8>) -> Sprite {
        let groups = (width as usize).div_ceil(16);
        let stride = (groups + 2) * SPRITE_GROUP;
        let mut words = vec![0u16; stride * height as usize];
        for y in 0..height {
            for x in 0..width {
                let Some(pen) = pen_at(x, y) else { continue };
                let at = y as usize * stride + (x as usize / 16 + 1) * SPRITE_GROUP;
                let bit = 0x8000u16 >> (x & 15);
                for p in 0..GROUP {
                    if pen >> p & 1 != 0 {
                        words[at + p] |= bit;
                    }
                }
                words[at + GROUP] |= bit;
            }
        }
        Sprite { width, height, stride, words }
    }

    pub fn width(&self) -> i32 {
        self.width
    }
    pub fn height(&self) -> i32 {
        self.height
    }

    /// The sprite's words (the layout above).
    pub(crate) fn words(&self) -> &[u16] {
        &self.words
    }

    /// The job that draws the sprite at (`x`,`y`) on a surface of `lw` words a line, within
    /// `clip` (already inside the surface); `None` if nothing shows.
    pub(crate) fn job(&self, x: i32, y: i32, clip: Rect, lw: usize) -> Option<SpriteJob> {
        let vis = Rect::new(x, y, self.width, self.height).intersect(&clip);
        if vis.is_empty() {
            return None;
        }
        let (g0, g1) = (vis.x >> 4, (vis.right() - 1) >> 4);
        let groups = (g1 - g0 + 1) as u32;
        let (lm, rm) = (span_mask(vis.x & 15, 15), span_mask(0, (vis.right() - 1) & 15));
        let (lm, rm) = if groups == 1 { (lm & rm, lm & rm) } else { (lm, rm) };
        // The sprite pixel under the first pixel of destination group g0 is 16 q + r; it is
        // more than -16 (the group holds a visible pixel), so group q + 1 of the padded row is
        // at least 0, and the last group read is at most the padding after the row.
        let o = 16 * g0 - x;
        let (q, r) = (o >> 4, o & 15);
        Some(SpriteJob {
            src: ((vis.y - y) as usize * self.stride + (q + 1) as usize * SPRITE_GROUP) as u32,
            dst: (vis.y as usize * lw + g0 as usize * GROUP) as u32,
            src_stride: self.stride as u32,
            dst_stride: lw as u32,
            rows: vis.h as u32,
            groups,
            shift: r as u32,
            left_mask: lm as u32,
            right_mask: rm as u32,
        })
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
