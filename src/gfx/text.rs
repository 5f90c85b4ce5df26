//! Text on a planar surface: a line of bitmap glyphs drawn row by row through stencils.
//!
//! For each glyph row, the bits of every visible character of the line are gathered into one
//! stencil (a mask word per 16-pixel group of the line), which the stencil blitter then paints
//! in the pen on `scale` surface lines at once. A 16-character line of the 8×16 font is 16
//! blitter calls, whatever its position. Nothing allocates: stencils live on the stack, lines
//! wider than [`CHUNK`] groups are done a chunk at a time.

use super::blit::span_mask;
use super::{Planar, Rect};

/// A bitmap font: each glyph is `height` rows of `bits` pixels (bit `bits - 1` the leftmost),
/// characters advance by `width` pixels, the last column of each cell being the gap.
pub struct BitmapFont {
    pub bits: u32,
    pub width: i32,
    pub height: i32,
    /// Rows above the baseline.
    pub baseline: i32,
    /// The first row of a capital letter.
    pub cap_top: i32,
    /// The rows of a character's glyph.
    pub glyph: fn(char) -> &'static [u8],
}

impl BitmapFont {
    /// The width in pixels of `text` at `scale` (no gap after the last character).
    pub fn text_width(&self, text: &str, scale: i32) -> i32 {
        let n = text.chars().count() as i32;
        if n == 0 { 0 } else { n * self.width * scale - scale }
    }
}

/// Groups of a stencil done at once: 1024 pixels (a line of the widest surface in one go).
pub const CHUNK: usize = 64;

/// Draws `text` in `pen` with the top-left of its first cell at (`x`,`y`), each font pixel a
/// `scale`×`scale` square, clipped to `clip` and to the surface.
#[allow(clippy::too_many_arguments)]
pub fn draw<S: AsRef<[u16]> + AsMut<[u16]>>(
    font: &BitmapFont,
    surface: &mut Planar<S>,
    clip: Rect,
    x: i32,
    y: i32,
    scale: i32,
    text: &str,
    pen: u8,
) {
    let scale = scale.max(1);
    let n = text.chars().count() as i32;
    let advance = font.width * scale;
    let clip = clip.intersect(&surface.bounds());
    let area = Rect::new(x, y, n * advance, font.height * scale).intersect(&clip);
    if area.is_empty() {
        return;
    }
    let (first_group, last_group) = (area.x >> 4, (area.right() - 1) >> 4);
    let mut g0 = first_group;
    while g0 <= last_group {
        let g1 = (g0 + CHUNK as i32 - 1).min(last_group);
        // Pixels of this chunk that may change.
        let (px0, px1) = (area.x.max(g0 * 16), (area.right() - 1).min(g1 * 16 + 15));
        // Characters whose cell meets them.
        let first_char = ((px0 - x) / advance) as usize;
        let chars = ((px1 - x) / advance) as usize + 1 - first_char;
        for row in 0..font.height {
            let top = (y + row * scale).max(area.y);
            let bottom = (y + (row + 1) * scale).min(area.bottom());
            if top >= bottom {
                continue;
            }
            let mut masks = [0u16; CHUNK];
            let mut any = false;
            for (i, c) in text.chars().enumerate().skip(first_char).take(chars) {
                let bits = (font.glyph)(c).get(row as usize).copied().unwrap_or(0);
                if bits == 0 {
                    continue;
                }
                any = true;
                // The cell's left edge, relative to the chunk's first pixel.
                let left = x + i as i32 * advance - g0 * 16;
                if scale == 1 {
                    put_bits(&mut masks, left, bits as u32, font.bits);
                } else {
                    put_scaled(&mut masks, left, bits as u32, font.bits, scale);
                }
            }
            if !any {
                continue;
            }
            let words = (g1 - g0 + 1) as usize;
            masks[0] &= span_mask(px0 & 15, 15);
            masks[(px1 >> 4) as usize - g0 as usize] &= span_mask(0, px1 & 15);
            surface.fill_stencil(top, bottom - top, g0, &masks[..words], pen);
        }
        g0 = g1 + 1;
    }
}

/// ORs the `n` glyph bits `bits` (bit `n - 1` first) into the stencil, starting at pixel
/// `left` of it (which may be negative: bits left of the stencil are dropped, and so are
/// bits past its end).
fn put_bits(masks: &mut [u16; CHUNK], left: i32, bits: u32, n: u32) {
    let word = left >> 4;
    // The glyph's bits at the top of a long, then moved to their place in two words.
    let v = (bits << (32 - n)) >> (left & 15);
    for (k, part) in [(word, (v >> 16) as u16), (word + 1, v as u16)] {
        if part != 0 && (0..CHUNK as i32).contains(&k) {
            masks[k as usize] |= part;
        }
    }
}

/// The same for a glyph row drawn `scale` pixels per bit: each run of set bits becomes a run
/// of pixels.
fn put_scaled(masks: &mut [u16; CHUNK], left: i32, bits: u32, n: u32, scale: i32) {
    let mut col = 0;
    while col < n {
        if bits >> (n - 1 - col) & 1 == 0 {
            col += 1;
            continue;
        }
        let start = col;
        while col < n && bits >> (n - 1 - col) & 1 != 0 {
            col += 1;
        }
        put_run(masks, left + start as i32 * scale, left + col as i32 * scale - 1);
    }
}

/// Sets pixels `a..=b` of the stencil (clipped to it).
fn put_run(masks: &mut [u16; CHUNK], a: i32, b: i32) {
    let (a, b) = (a.max(0), b.min(CHUNK as i32 * 16 - 1));
    if a > b {
        return;
    }
    let (wa, wb) = (a >> 4, b >> 4);
    for w in wa..=wb {
        let first = if w == wa { a & 15 } else { 0 };
        let last = if w == wb { b & 15 } else { 15 };
        masks[w as usize] |= span_mask(first, last);
    }
}
