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

    /// Sets pixels `x0..=x1` of line `y` to `pen`, clipped to the surface (nothing if
    /// `x0 > x1`). The core primitive: a masked write per plane in the first and last
    /// 16-pixel groups, whole groups between them copied.
    pub fn fill_span(&mut self, y: i32, x0: i32, x1: i32, pen: u8) {
        if y < 0 || y >= self.height {
            return;
        }
        let x0 = x0.max(0);
        let x1 = x1.min(self.width - 1);
        if x0 > x1 {
            return;
        }
        let lw = line_words(self.width);
        let line = &mut self.words.as_mut()[y as usize * lw..(y as usize + 1) * lw];
        let groups = line.as_chunks_mut::<PLANES>().0;
        let (g0, g1) = ((x0 >> 4) as usize, (x1 >> 4) as usize);
        let (first, last) = (span_mask(x0 & 15, 15), span_mask(0, x1 & 15));
        if g0 == g1 {
            write_group(&mut groups[g0], first & last, pen);
            return;
        }
        write_group(&mut groups[g0], first, pen);
        fill_groups(&mut groups[g0 + 1..g1], &plane_fill(pen));
        write_group(&mut groups[g1], last, pen);
    }

    /// Fills `r` (clipped to the surface) with `pen`.
    pub fn fill_rect(&mut self, r: Rect, pen: u8) {
        let r = r.intersect(&self.bounds());
        for y in r.y..r.bottom() {
            self.fill_span(y, r.x, r.right() - 1, pen);
        }
    }

    /// Fills the whole surface with `pen`.
    pub fn clear(&mut self, pen: u8) {
        let n = Self::words_needed(self.width, self.height);
        fill_groups(self.words.as_mut()[..n].as_chunks_mut::<PLANES>().0, &plane_fill(pen));
    }

    /// Sets one pixel, if it lies on the surface.
    pub fn plot(&mut self, x: i32, y: i32, pen: u8) {
        if !self.bounds().contains(x, y) {
            return;
        }
        let base = self.group_index(x, y);
        let bit = 0x8000u16 >> (x & 15);
        if let Ok(group) = <&mut [u16; PLANES]>::try_from(&mut self.words.as_mut()[base..base + PLANES]) {
            write_group(group, bit, pen);
        }
    }

    /// Copies the pixels of `src` so that its top-left lands on (`dx`,`dy`) of the same
    /// surface. Source and destination may overlap (scrolling). Only pixels whose source and
    /// destination both lie on the surface are copied.
    pub fn copy_rect(&mut self, src: Rect, dx: i32, dy: i32) {
        let Some(c) = clip_copy(src, dx, dy, self.bounds(), self.bounds()) else { return };
        let width = self.width;
        copy_bits(self.words.as_mut(), width, None, c);
    }

    /// Copies the pixels of `src_rect` of another surface so that its top-left lands on
    /// (`dx`,`dy`) here (off-screen buffer → screen, screen → blitter store). Only pixels
    /// whose source and destination both lie on their surfaces are copied.
    pub fn copy_from<T: AsRef<[u16]>>(&mut self, src: &Planar<T>, src_rect: Rect, dx: i32, dy: i32) {
        let Some(c) = clip_copy(src_rect, dx, dy, src.bounds(), self.bounds()) else { return };
        let width = self.width;
        copy_bits(self.words.as_mut(), width, Some((src.words(), src.width)), c);
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

/// The 16 bits of one plane of line-words `row` (a slice of one line) starting at pixel
/// `x`, which may be negative (bits left of pixel 0 read as 0) or run past the line's end
/// (bits past it read as 0).
fn read16(line: &[u16], plane: usize, x: i32) -> u16 {
    let word = |g: i32| -> u32 {
        if g < 0 {
            return 0;
        }
        line.get(g as usize * PLANES + plane).map_or(0, |&w| w as u32)
    };
    let g = x.div_euclid(16);
    let shift = x.rem_euclid(16) as u32;
    let pair = word(g) << 16 | word(g + 1);
    (pair << shift >> 16) as u16
}

/// Copies bits for `c` into `dst` (a surface `dst_width` pixels wide). With `src` `None` the
/// source is `dst` itself: then lines are walked away from the overlap (bottom-up when moving
/// down) and, on one line, groups are walked against the direction of the move, so every
/// source word is read before it is overwritten.
fn copy_bits(dst: &mut [u16], dst_width: i32, src: Option<(&[u16], i32)>, c: CopyArea) {
    let dst_line = line_words(dst_width);
    let src_line = line_words(src.map_or(dst_width, |s| s.1));
    let same = src.is_none();
    let down = same && c.dy > c.sy;
    let right = same && c.dy == c.sy && c.dx > c.sx;
    let (first_group, last_group) = (c.dx.div_euclid(16), (c.dx + c.w - 1).div_euclid(16));
    for i in 0..c.h {
        let row = if down { c.h - 1 - i } else { i };
        let (sy, dy) = ((c.sy + row) as usize, (c.dy + row) as usize);
        for k in 0..=last_group - first_group {
            let g = if right { last_group - k } else { first_group + k };
            let gx = g * 16;
            let mask = span_mask((c.dx - gx).max(0), (c.dx + c.w - 1 - gx).min(15));
            // Source pixel under destination pixel gx.
            let sx = gx - c.dx + c.sx;
            let base = dy * dst_line + g as usize * PLANES;
            for p in 0..PLANES {
                let bits = match src {
                    Some((s, _)) => read16(&s[sy * src_line..(sy + 1) * src_line], p, sx),
                    None => read16(&dst[sy * src_line..(sy + 1) * src_line], p, sx),
                };
                let w = &mut dst[base + p];
                *w = (*w & !mask) | (bits & mask);
            }
        }
    }
}

/// The mask of pixels `first..=last` of a 16-pixel group (bit 15 = pixel 0).
fn span_mask(first: i32, last: i32) -> u16 {
    (0xFFFFu32 >> first) as u16 & !((0xFFFFu32 >> (last + 1)) as u16)
}

/// The word each plane gets where a pen is drawn: all ones if the pen has that bit.
fn plane_fill(pen: u8) -> [u16; PLANES] {
    let mut f = [0u16; PLANES];
    for (p, w) in f.iter_mut().enumerate() {
        if pen >> p & 1 != 0 {
            *w = 0xFFFF;
        }
    }
    f
}

/// Writes the masked bits of one 16-pixel group: per plane, the bits are set where the pen
/// has that plane's bit and cleared where not (one `or` or one `and` per word, nothing but
/// the pen and the mask held in registers).
fn write_group(group: &mut [u16; PLANES], mask: u16, pen: u8) {
    if mask == 0xFFFF {
        *group = plane_fill(pen);
        return;
    }
    for (p, w) in group.iter_mut().enumerate() {
        if pen & (1 << p) != 0 {
            *w |= mask;
        } else {
            *w &= !mask;
        }
    }
}

/// Sets whole groups to `fill`: the first one written, then copies of what is done doubling
/// each time (a handful of block moves, each at `memmove` speed, instead of one store loop).
fn fill_groups(groups: &mut [[u16; PLANES]], fill: &[u16; PLANES]) {
    let Some(first) = groups.first_mut() else { return };
    *first = *fill;
    let mut done = 1;
    while done < groups.len() {
        let n = done.min(groups.len() - done);
        groups.copy_within(0..n, done);
        done += n;
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
