//! [`Planar`]: a 256-colour surface in the Falcon's own layout, over memory it need not own.
//!
//! The Falcon's VIDEL shows 8-bit-per-pixel modes as *interleaved bitplanes*: every 16 pixels
//! of a line are stored as 8 consecutive big-endian words, word `p` holding bit `p` of each
//! pixel's pen (plane 0 first), with bit 15 the leftmost pixel. A line of a `width`-pixel
//! surface is `width / 16 * 8` words, lines follow each other without gaps.
//!
//! The storage is anything that lends a `[u16]`: an owned `Vec<u16>` (host tests, blitters),
//! a `&mut [u16]` over screen RAM (full screen), or an off-screen buffer a GEM host copies to
//! its window with `vro_cpyfm`. The surface knows pens and pixels only: no colours (see
//! [`Palette`](super::Palette)), no origin, no clip beyond its own edges.
//!
//! The primitives here are the ones the 68030 front end replaces with hand-written blitters,
//! so they are few and exactly defined: span and rectangle fills, a pixel plot, rectangle
//! copies (within a surface, overlapping allowed, and between surfaces), a pixel read, and
//! the conversion to one byte per pixel. Every write is clipped to the surface.

use alloc::vec;
use alloc::vec::Vec;

use super::Rect;
use super::blit::{self, CopyJob, ShiftJob, SpanJob, StencilJob, span_mask};
use super::sprite::Sprite;

/// Number of bitplanes (256 colours).
pub const PLANES: usize = 8;

/// Why [`Planar::new`] refused its arguments.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlanarError {
    /// The width is negative or not a multiple of 16.
    Width(i32),
    /// The height is negative.
    Height(i32),
    /// The storage holds fewer words than the surface needs.
    StorageTooSmall { needed: usize, available: usize },
}

/// A `width`×`height` interleaved-bitplane surface over the storage `S`.
pub struct Planar<S> {
    words: S,
    width: i32,
    height: i32,
}

/// Words per line of a `width`-pixel surface.
const fn line_words(width: i32) -> usize {
    width as usize / 16 * PLANES
}

impl<S> Planar<S> {
    /// The number of `u16`s a `width`×`height` surface occupies (width a multiple of 16).
    pub const fn words_needed(width: i32, height: i32) -> usize {
        line_words(width) * height as usize
    }
    pub fn width(&self) -> i32 {
        self.width
    }
    pub fn height(&self) -> i32 {
        self.height
    }
    /// The whole surface as a rectangle at (0,0).
    pub fn bounds(&self) -> Rect {
        Rect::new(0, 0, self.width, self.height)
    }
    /// Gives the storage back.
    pub fn into_storage(self) -> S {
        self.words
    }
}

impl Planar<Vec<u16>> {
    /// A surface in its own zeroed memory (every pixel pen 0).
    pub fn alloc(width: i32, height: i32) -> Result<Self, PlanarError> {
        check_size(width, height)?;
        Planar::new(vec![0; Self::words_needed(width, height)], width, height)
    }
}

fn check_size(width: i32, height: i32) -> Result<(), PlanarError> {
    if width < 0 || width % 16 != 0 {
        return Err(PlanarError::Width(width));
    }
    if height < 0 {
        return Err(PlanarError::Height(height));
    }
    Ok(())
}

impl<S: AsRef<[u16]>> Planar<S> {
    /// A surface over `words` (which may be longer than needed: the rest is not touched).
    pub fn new(words: S, width: i32, height: i32) -> Result<Self, PlanarError> {
        check_size(width, height)?;
        let needed = Self::words_needed(width, height);
        let available = words.as_ref().len();
        if available < needed {
            return Err(PlanarError::StorageTooSmall { needed, available });
        }
        Ok(Planar { words, width, height })
    }

    /// The surface's words, line by line, in VIDEL order.
    pub fn words(&self) -> &[u16] {
        &self.words.as_ref()[..Self::words_needed(self.width, self.height)]
    }

    /// The pen of the pixel at (`x`,`y`); 0 outside the surface.
    pub fn pixel(&self, x: i32, y: i32) -> u8 {
        if !self.bounds().contains(x, y) {
            return 0;
        }
        let base = self.group_index(x, y);
        let mask = 0x8000u16 >> (x & 15);
        let mut v = 0u8;
        for (p, &w) in self.words.as_ref()[base..base + PLANES].iter().enumerate() {
            if w & mask != 0 {
                v |= 1 << p;
            }
        }
        v
    }

    /// Every pixel's pen, line by line (for image output and comparisons).
    pub fn to_indexed(&self) -> Vec<u8> {
        // A 16-pixel group at a time: its eight plane words are read once, then each pixel's
        // bits are gathered (the planar-to-chunky conversion).
        let mut out = vec![0u8; (self.width * self.height) as usize];
        for (g, planes) in self.words().as_chunks::<PLANES>().0.iter().enumerate() {
            let px = &mut out[g * 16..g * 16 + 16];
            for (p, &w) in planes.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                for (i, v) in px.iter_mut().enumerate() {
                    *v |= (((w >> (15 - i)) & 1) as u8) << p;
                }
            }
        }
        out
    }

    /// Index of the first plane word of the group holding pixel (`x`,`y`).
    fn group_index(&self, x: i32, y: i32) -> usize {
        y as usize * line_words(self.width) + (x as usize / 16) * PLANES
    }
}

impl<S: AsRef<[u16]> + AsMut<[u16]>> Planar<S> {
    /// The same surface over a borrowed slice: how one piece of code (the app) draws on
    /// surfaces of every storage type.
    pub fn view(&mut self) -> Planar<&mut [u16]> {
        let n = Self::words_needed(self.width, self.height);
        Planar { words: &mut self.words.as_mut()[..n], width: self.width, height: self.height }
    }

    /// The surface's words, to change directly (the blitters' destination).
    pub fn words_mut(&mut self) -> &mut [u16] {
        let n = Self::words_needed(self.width, self.height);
        &mut self.words.as_mut()[..n]
    }

    /// Sets pixels `x0..=x1` of line `y` to `pen`, clipped to the surface (nothing if
    /// `x0 > x1`): a horizontal line, the primitive polygons and circles are filled with.
    pub fn fill_span(&mut self, y: i32, x0: i32, x1: i32, pen: u8) {
        if y < 0 || y >= self.height {
            return;
        }
        let (x0, x1) = (x0.max(0), x1.min(self.width - 1));
        if x0 <= x1 {
            self.fill_clipped(x0, x1, y, 1, pen);
        }
    }

    /// Sets pixels `y0..=y1` of column `x` to `pen`, clipped to the surface (nothing if
    /// `y0 > y1`): a vertical line.
    pub fn vline(&mut self, x: i32, y0: i32, y1: i32, pen: u8) {
        if x < 0 || x >= self.width {
            return;
        }
        let (y0, y1) = (y0.max(0), y1.min(self.height - 1));
        if y0 <= y1 {
            self.fill_clipped(x, x, y0, (y1 - y0 + 1) as u32, pen);
        }
    }

    /// Sets the pixels of `mask` (bit 15 is the group's first pixel) in 16-pixel group
    /// `group` of line `y` to `pen`; nothing if the group is off the surface. One masked write
    /// per plane for up to 16 scattered pixels: a stencil of one word.
    pub fn fill_mask(&mut self, y: i32, group: i32, mask: u16, pen: u8) {
        if mask != 0 {
            self.fill_stencil(y, 1, group, &[mask], pen);
        }
    }

    /// Sets the pixels of `masks[i]` on line `y + i`, in 16-pixel groups `group` (the high
    /// half of each mask, bit 31 its first pixel) and `group + 1` (the low half), to `pen`,
    /// one call of the pixel blitter per line; nothing if a line or a group with pixels to
    /// set is off the surface. The rows of a small circle (`raster::circle::draw`).
    pub fn fill_pairs(&mut self, y: i32, group: i32, masks: &[u32], pen: u8) {
        let all = masks.iter().fold(0, |a, m| a | m);
        // Only the second group's pixels: it alone is written (the first may be off the
        // surface).
        let (group, shift) = if all >> 16 == 0 { (group + 1, 16) } else { (group, 0) };
        let last = if (all << shift) & 0xFFFF != 0 { group + 1 } else { group };
        let rows = masks.len() as i32;
        if all == 0 || y < 0 || y + rows > self.height || group < 0 || last >= self.width / 16 {
            return;
        }
        let stride = line_words(self.width);
        let base = self.group_index(group * 16, y);
        let words = self.words_mut();
        for (i, &m) in masks.iter().enumerate() {
            if m != 0 {
                blit::pixels(&mut words[base + i * stride..], m << shift, pen);
            }
        }
    }

    /// Fills `r` (clipped to the surface) with `pen`.
    pub fn fill_rect(&mut self, r: Rect, pen: u8) {
        let r = r.intersect(&self.bounds());
        if !r.is_empty() {
            self.fill_clipped(r.x, r.right() - 1, r.y, r.h as u32, pen);
        }
    }

    /// Fills the whole surface with `pen`.
    pub fn clear(&mut self, pen: u8) {
        self.fill_rect(self.bounds(), pen);
    }

    /// Pixels `x0..=x1` of `rows` lines from `y`, all on the surface: one span job, or for
    /// one line within two groups (a polygon's row at puzzle sizes) `blit::pixels`, as
    /// [`Planar::plot`] does: setting up a job costs more than writing the 8 or 16 words.
    fn fill_clipped(&mut self, x0: i32, x1: i32, y: i32, rows: u32, pen: u8) {
        let (g0, g1) = (x0 >> 4, x1 >> 4);
        if rows == 1 && g1 - g0 <= 1 {
            let masks = if g0 == g1 {
                (span_mask(x0 & 15, x1 & 15) as u32) << 16
            } else {
                (span_mask(x0 & 15, 15) as u32) << 16 | span_mask(0, x1 & 15) as u32
            };
            let base = self.group_index(x0, y);
            blit::pixels(&mut self.words_mut()[base..], masks, pen);
            return;
        }
        let job = span_job(line_words(self.width), x0, x1, y, rows, pen);
        blit::span(self.words_mut(), &job);
    }

    /// Sets the `count` pixels of a line's walk from (`x`,`y`), all on the surface (the
    /// caller clipped it): see [`blit::LineJob`] for `steep`, `t`, `inc` and `limit`;
    /// `x_step` and `y_step` are ±1.
    pub(crate) fn line_walk(
        &mut self,
        (x, y): (i32, i32),
        count: u32,
        steep: bool,
        (x_step, y_step): (i32, i32),
        (t, inc, limit): (u32, u32, u32),
        pen: u8,
    ) {
        let words = line_words(self.width);
        let job = blit::LineJob {
            row: (y as usize * words) as u32,
            group: ((x as usize / 16) * PLANES) as u32,
            mask: 0x8000 >> (x & 15),
            count,
            steep: steep as u32,
            x_step,
            row_step: y_step * words as i32,
            t,
            inc,
            limit,
            pen: pen as u32,
        };
        blit::line(self.words_mut(), &job);
    }

    /// Sets one pixel, if it lies on the surface.
    pub fn plot(&mut self, x: i32, y: i32, pen: u8) {
        if !self.bounds().contains(x, y) {
            return;
        }
        let base = self.group_index(x, y);
        blit::pixels(&mut self.words_mut()[base..], (0x8000u32 >> (x & 15)) << 16, pen);
    }

    /// Where `pen` is set in the stencil `masks` (one word per group, from group `g0`), the
    /// pixels of lines `y..y + rows` get the pen; the same stencil serves every line. Clipped
    /// to the surface. The text primitive (`font8x16`, `font5x7`).
    pub fn fill_stencil(&mut self, y: i32, rows: i32, g0: i32, masks: &[u16], pen: u8) {
        let (top, bottom) = (y.max(0), (y + rows).min(self.height));
        let groups = self.width / 16;
        let (first, last) = (g0.max(0), (g0 + masks.len() as i32).min(groups));
        if top >= bottom || first >= last {
            return;
        }
        let masks = &masks[(first - g0) as usize..(last - g0) as usize];
        let job = StencilJob {
            dst: (top as usize * line_words(self.width) + first as usize * PLANES) as u32,
            dst_stride: line_words(self.width) as u32,
            rows: (bottom - top) as u32,
            groups: masks.len() as u32,
            mask_stride: 0,
            pattern: blit::pattern(pen),
        };
        blit::stencil(masks, self.words_mut(), &job);
    }

    /// Copies the pixels of `src` so that its top-left lands on (`dx`,`dy`) of the same
    /// surface. Source and destination may overlap (scrolling). Only pixels whose source and
    /// destination both lie on the surface are copied.
    pub fn copy_rect(&mut self, src: Rect, dx: i32, dy: i32) {
        let Some(c) = clip_copy(src, dx, dy, self.bounds(), self.bounds()) else { return };
        let width = self.width;
        match copy_job(c, width, width, true) {
            Copy::Aligned(j) => blit::copy(None, self.words_mut(), &j),
            Copy::Shifted(j) => blit::copy_shifted(None, self.words_mut(), &j),
        }
    }

    /// Copies the pixels of `src_rect` of another surface so that its top-left lands on
    /// (`dx`,`dy`) here (off-screen buffer → screen, screen → blitter store). Only pixels
    /// whose source and destination both lie on their surfaces are copied.
    pub fn copy_from<T: AsRef<[u16]>>(&mut self, src: &Planar<T>, src_rect: Rect, dx: i32, dy: i32) {
        let Some(c) = clip_copy(src_rect, dx, dy, src.bounds(), self.bounds()) else { return };
        match copy_job(c, src.width, self.width, false) {
            Copy::Aligned(j) => blit::copy(Some(src.words()), self.words_mut(), &j),
            Copy::Shifted(j) => blit::copy_shifted(Some(src.words()), self.words_mut(), &j),
        }
    }

    /// Draws `sprite` with its top-left on (`x`,`y`): its opaque pixels, clipped to `clip`
    /// and to the surface (hex tiles, tiles of a picture, pieces).
    pub fn draw_sprite(&mut self, sprite: &Sprite, x: i32, y: i32, clip: Rect) {
        let Some(job) = sprite.job(x, y, clip.intersect(&self.bounds()), line_words(self.width)) else { return };
        blit::sprite(sprite.words(), self.words_mut(), &job);
    }
}

/// The span job of pixels `x0..=x1` (on the surface) of `rows` lines from `y`, on lines of
/// `lw` words.
fn span_job(lw: usize, x0: i32, x1: i32, y: i32, rows: u32, pen: u8) -> SpanJob {
    let (g0, g1) = (x0 >> 4, x1 >> 4);
    let right_mask = span_mask(0, x1 & 15) as u32;
    let left_mask = span_mask(x0 & 15, 15) as u32;
    SpanJob {
        first: (y as usize * lw + g0 as usize * PLANES) as u32,
        stride: lw as u32,
        rows,
        groups: (g1 - g0 + 1) as u32,
        left_mask: if g0 == g1 { left_mask & right_mask } else { left_mask },
        right_mask,
        pen: pen as u32,
    }
}

/// A copy after clipping: `w`×`h` pixels from (`sx`,`sy`) to (`dx`,`dy`).
#[derive(Clone, Copy, Debug)]
struct CopyArea {
    sx: i32,
    sy: i32,
    dx: i32,
    dy: i32,
    w: i32,
    h: i32,
}

/// Clips a copy of `src` to (`dx`,`dy`) against both surfaces; `None` if nothing is left.
fn clip_copy(src: Rect, dx: i32, dy: i32, src_bounds: Rect, dst_bounds: Rect) -> Option<CopyArea> {
    let s = src.intersect(&src_bounds);
    // Where the clipped source lands, clipped in turn by the destination.
    let d = s.offset(dx - src.x, dy - src.y).intersect(&dst_bounds);
    if d.is_empty() {
        return None;
    }
    let (ox, oy) = (src.x - dx, src.y - dy);
    Some(CopyArea { sx: d.x + ox, sy: d.y + oy, dx: d.x, dy: d.y, w: d.w, h: d.h })
}

/// The job of a copy: whole words when source and destination have the same position in
/// their groups, shifted words otherwise.
enum Copy {
    Aligned(CopyJob),
    Shifted(ShiftJob),
}

/// The job for `c`, between surfaces `src_width` and `dst_width` pixels wide (`same`: the same
/// surface, which may overlap: lines are then walked away from the overlap, bottom-up when
/// moving down, and groups from the right when moving right on the same lines).
fn copy_job(c: CopyArea, src_width: i32, dst_width: i32, same: bool) -> Copy {
    let (slw, dlw) = (line_words(src_width) as i32, line_words(dst_width) as i32);
    let (g0, g1) = (c.dx >> 4, (c.dx + c.w - 1) >> 4);
    let groups = (g1 - g0 + 1) as u32;
    let (lm, rm) = (span_mask(c.dx & 15, 15), span_mask(0, (c.dx + c.w - 1) & 15));
    // One group: both masks are the group's (the executors use either).
    let (lm, rm) = if groups == 1 { (lm & rm, lm & rm) } else { (lm, rm) };
    // The source starts `off` pixels right of the destination: q groups and r pixels.
    let off = c.sx - c.dx;
    let (q, r) = (off >> 4, off & 15);
    let up = same && c.dy > c.sy;
    let first_row = if up { c.h - 1 } else { 0 };
    let (src_stride, dst_stride) = if up { (-slw, -dlw) } else { (slw, dlw) };
    let backward = (same && c.dy == c.sy && c.dx > c.sx) as u32;
    let src = (c.sy + first_row) * slw + (g0 + q) * PLANES as i32;
    let dst = ((c.dy + first_row) * dlw + g0 * PLANES as i32) as u32;
    let rows = c.h as u32;
    if r == 0 {
        let (left_mask, right_mask) = (blit::long_mask(lm), blit::long_mask(rm));
        let src = src as u32;
        Copy::Aligned(CopyJob { src, dst, src_stride, dst_stride, rows, groups, left_mask, right_mask, backward })
    } else {
        // S[0] and S[groups] exist only if they hold copied source pixels.
        let read_first = (g0 + q == c.sx >> 4) as u32;
        let read_last = (g1 + q < (c.sx + c.w - 1) >> 4) as u32;
        Copy::Shifted(ShiftJob {
            src,
            dst,
            src_stride,
            dst_stride,
            rows,
            groups,
            shift: r as u32,
            left_mask: lm as u32,
            right_mask: rm as u32,
            read_first,
            read_last,
            backward,
        })
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
