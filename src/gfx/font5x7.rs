//! A 5×7 bitmap font for ASCII 32–126, drawn for this project (one row per byte, bit 4 is the
//! leftmost pixel). Text on a planar surface is this font scaled by whole pixels, so it needs
//! no floating point and looks the same on the host and the Falcon.

use super::{Planar, Rect};

/// Glyph width and height in font pixels; characters advance by `WIDTH + 1`.
pub const WIDTH: i32 = 5;
pub const HEIGHT: i32 = 7;

/// The width in pixels of `text` drawn at `scale` (no trailing gap after the last glyph).
pub fn text_width(text: &str, scale: i32) -> i32 {
    let n = text.chars().count() as i32;
    if n == 0 { 0 } else { n * (WIDTH + 1) * scale - scale }
}

/// Draws `text` in `pen` with its top-left corner at (`x`,`y`), each font pixel a
/// `scale`×`scale` square, clipped to `clip` (and to the surface). Up to scale 3 a glyph row
/// fits in 16 pixels: each line of the text is then gathered group by group and written with
/// one masked write per 16-pixel group ([`Planar::fill_mask`]); larger text is drawn as one
/// span per run of set pixels.
#[allow(clippy::too_many_arguments)]
pub fn draw<S: AsRef<[u16]> + AsMut<[u16]>>(
    surface: &mut Planar<S>,
    clip: Rect,
    x: i32,
    y: i32,
    scale: i32,
    text: &str,
    pen: u8,
) {
    let clip = clip.intersect(&surface.bounds());
    if clip.is_empty() || scale <= 0 {
        return;
    }
    if scale > 3 {
        draw_by_spans(surface, clip, x, y, scale, text, pen);
        return;
    }
    let (glyph_w, advance) = (WIDTH * scale, (WIDTH + 1) * scale);
    for row in 0..HEIGHT as usize {
        for line in 0..scale {
            let py = y + row as i32 * scale + line;
            if py < clip.y || py >= clip.bottom() {
                continue;
            }
            // The group being gathered and its bits.
            let (mut group, mut bits) = (i32::MIN, 0u16);
            let mut cx = x;
            for ch in text.chars() {
                if cx >= clip.right() {
                    break;
                }
                let row_bits = glyph(ch)[row];
                if row_bits != 0 && cx + glyph_w > clip.x {
                    let wide = widen(row_bits, scale);
                    // The glyph row placed at `cx` in a 32-bit window from its group's start.
                    let window = wide << (32 - glyph_w) >> cx.rem_euclid(16);
                    let g = cx.div_euclid(16);
                    for (k, part) in [(g, (window >> 16) as u16), (g + 1, window as u16)] {
                        if part == 0 {
                            continue;
                        }
                        if k != group {
                            write_clipped(surface, clip, py, group, bits, pen);
                            (group, bits) = (k, 0);
                        }
                        bits |= part;
                    }
                }
                cx += advance;
            }
            write_clipped(surface, clip, py, group, bits, pen);
        }
    }
}

/// Writes the gathered `bits` of `group` on line `y`, without the pixels outside `clip`.
fn write_clipped<S: AsRef<[u16]> + AsMut<[u16]>>(
    surface: &mut Planar<S>,
    clip: Rect,
    y: i32,
    group: i32,
    bits: u16,
    pen: u8,
) {
    if bits == 0 {
        return;
    }
    let gx = group * 16;
    let (first, last) = ((clip.x - gx).max(0), (clip.right() - 1 - gx).min(15));
    if first > last {
        return;
    }
    let mask = (0xFFFFu32 >> first) as u16 & !((0xFFFFu32 >> (last + 1)) as u16);
    surface.fill_mask(y, group, bits & mask, pen);
}

/// A glyph row (5 bits) with every bit repeated `scale` times (scale 1 to 3), in the low bits.
fn widen(bits: u8, scale: i32) -> u32 {
    match scale {
        1 => bits as u32,
        2 => WIDE2[bits as usize & 31] as u32,
        _ => WIDE3[bits as usize & 31] as u32,
    }
}

/// Every 5-bit row widened by 2 and by 3, worked out at compile time.
const WIDE2: [u16; 32] = widen_table(2);
const WIDE3: [u16; 32] = widen_table(3);

const fn widen_table(scale: u32) -> [u16; 32] {
    let mut t = [0u16; 32];
    let mut v = 0;
    while v < 32 {
        let mut w = 0u16;
        let mut bit = 0;
        while bit < 5 {
            let b = (v >> (4 - bit)) & 1;
            let mut k = 0;
            while k < scale {
                w = w << 1 | b as u16;
                k += 1;
            }
            bit += 1;
        }
        t[v] = w;
        v += 1;
    }
    t
}

/// [`draw`] for text too big for a 16-pixel group: one span per run of set pixels.
fn draw_by_spans<S: AsRef<[u16]> + AsMut<[u16]>>(
    surface: &mut Planar<S>,
    clip: Rect,
    x: i32,
    y: i32,
    scale: i32,
    text: &str,
    pen: u8,
) {
    let mut cx = x;
    for ch in text.chars() {
        if cx >= clip.right() {
            break;
        }
        if cx + WIDTH * scale > clip.x {
            for (row, &bits) in glyph(ch).iter().enumerate() {
                let mut col = 0;
                while col < WIDTH {
                    if bits >> (WIDTH - 1 - col) & 1 == 0 {
                        col += 1;
                        continue;
                    }
                    let start = col;
                    while col < WIDTH && bits >> (WIDTH - 1 - col) & 1 != 0 {
                        col += 1;
                    }
                    let (x0, x1) = ((cx + start * scale).max(clip.x), (cx + col * scale - 1).min(clip.right() - 1));
                    let top = y + row as i32 * scale;
                    for py in top.max(clip.y)..(top + scale).min(clip.bottom()) {
                        surface.fill_span(py, x0, x1, pen);
                    }
                }
            }
        }
        cx += (WIDTH + 1) * scale;
    }
}

/// The rows of the glyph for `c` (a box for characters outside ASCII 32–126).
pub fn glyph(c: char) -> &'static [u8; 7] {
    let i = c as u32;
    if (32..127).contains(&i) { &GLYPHS[(i - 32) as usize] } else { &BOX }
}

const BOX: [u8; 7] = [0b11111, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b11111];

#[rustfmt::skip]
static GLYPHS: [[u8; 7]; 95] = [
    [0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b00000], // ' '
    [0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00000, 0b00100], // '!'
    [0b01010, 0b01010, 0b01010, 0b00000, 0b00000, 0b00000, 0b00000], // '"'
    [0b01010, 0b01010, 0b11111, 0b01010, 0b11111, 0b01010, 0b01010], // '#'
    [0b00100, 0b01111, 0b10100, 0b01110, 0b00101, 0b11110, 0b00100], // '$'
    [0b11000, 0b11001, 0b00010, 0b00100, 0b01000, 0b10011, 0b00011], // '%'
    [0b01100, 0b10010, 0b10100, 0b01000, 0b10101, 0b10010, 0b01101], // '&'
    [0b00100, 0b00100, 0b01000, 0b00000, 0b00000, 0b00000, 0b00000], // "'"
    [0b00010, 0b00100, 0b01000, 0b01000, 0b01000, 0b00100, 0b00010], // '('
    [0b01000, 0b00100, 0b00010, 0b00010, 0b00010, 0b00100, 0b01000], // ')'
    [0b00000, 0b00100, 0b10101, 0b01110, 0b10101, 0b00100, 0b00000], // '*'
    [0b00000, 0b00100, 0b00100, 0b11111, 0b00100, 0b00100, 0b00000], // '+'
    [0b00000, 0b00000, 0b00000, 0b00000, 0b01100, 0b00100, 0b01000], // ','
    [0b00000, 0b00000, 0b00000, 0b11111, 0b00000, 0b00000, 0b00000], // '-'
    [0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b01100, 0b01100], // '.'
    [0b00000, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0b00000], // '/'
    [0b01110, 0b10001, 0b10011, 0b10101, 0b11001, 0b10001, 0b01110], // '0'
    [0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110], // '1'
    [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111], // '2'
    [0b11111, 0b00010, 0b00100, 0b00010, 0b00001, 0b10001, 0b01110], // '3'
    [0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010], // '4'
    [0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110], // '5'
    [0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110], // '6'
    [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000], // '7'
    [0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110], // '8'
    [0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100], // '9'
    [0b00000, 0b01100, 0b01100, 0b00000, 0b01100, 0b01100, 0b00000], // ':'
    [0b00000, 0b01100, 0b01100, 0b00000, 0b01100, 0b00100, 0b01000], // ';'
    [0b00010, 0b00100, 0b01000, 0b10000, 0b01000, 0b00100, 0b00010], // '<'
    [0b00000, 0b00000, 0b11111, 0b00000, 0b11111, 0b00000, 0b00000], // '='
    [0b01000, 0b00100, 0b00010, 0b00001, 0b00010, 0b00100, 0b01000], // '>'
    [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b00000, 0b00100], // '?'
    [0b01110, 0b10001, 0b00001, 0b01101, 0b10101, 0b10101, 0b01110], // '@'
    [0b01110, 0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001], // 'A'
    [0b11110, 0b10001, 0b10001, 0b11110, 0b10001, 0b10001, 0b11110], // 'B'
    [0b01110, 0b10001, 0b10000, 0b10000, 0b10000, 0b10001, 0b01110], // 'C'
    [0b11100, 0b10010, 0b10001, 0b10001, 0b10001, 0b10010, 0b11100], // 'D'
    [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111], // 'E'
    [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b10000], // 'F'
    [0b01110, 0b10001, 0b10000, 0b10111, 0b10001, 0b10001, 0b01111], // 'G'
    [0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001], // 'H'
    [0b01110, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110], // 'I'
    [0b00111, 0b00010, 0b00010, 0b00010, 0b00010, 0b10010, 0b01100], // 'J'
    [0b10001, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010, 0b10001], // 'K'
    [0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b11111], // 'L'
    [0b10001, 0b11011, 0b10101, 0b10101, 0b10001, 0b10001, 0b10001], // 'M'
    [0b10001, 0b10001, 0b11001, 0b10101, 0b10011, 0b10001, 0b10001], // 'N'
    [0b01110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110], // 'O'
    [0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000], // 'P'
    [0b01110, 0b10001, 0b10001, 0b10001, 0b10101, 0b10010, 0b01101], // 'Q'
    [0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001], // 'R'
    [0b01111, 0b10000, 0b10000, 0b01110, 0b00001, 0b00001, 0b11110], // 'S'
    [0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100], // 'T'
    [0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110], // 'U'
    [0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100], // 'V'
    [0b10001, 0b10001, 0b10001, 0b10101, 0b10101, 0b10101, 0b01010], // 'W'
    [0b10001, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001, 0b10001], // 'X'
    [0b10001, 0b10001, 0b10001, 0b01010, 0b00100, 0b00100, 0b00100], // 'Y'
    [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0b11111], // 'Z'
    [0b01110, 0b01000, 0b01000, 0b01000, 0b01000, 0b01000, 0b01110], // '['
    [0b00000, 0b10000, 0b01000, 0b00100, 0b00010, 0b00001, 0b00000], // '\\'
    [0b01110, 0b00010, 0b00010, 0b00010, 0b00010, 0b00010, 0b01110], // ']'
    [0b00100, 0b01010, 0b10001, 0b00000, 0b00000, 0b00000, 0b00000], // '^'
    [0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b11111], // '_'
    [0b01000, 0b00100, 0b00010, 0b00000, 0b00000, 0b00000, 0b00000], // '`'
    [0b00000, 0b00000, 0b01110, 0b00001, 0b01111, 0b10001, 0b01111], // 'a'
    [0b10000, 0b10000, 0b10110, 0b11001, 0b10001, 0b10001, 0b11110], // 'b'
    [0b00000, 0b00000, 0b01110, 0b10000, 0b10000, 0b10001, 0b01110], // 'c'
    [0b00001, 0b00001, 0b01101, 0b10011, 0b10001, 0b10001, 0b01111], // 'd'
    [0b00000, 0b00000, 0b01110, 0b10001, 0b11111, 0b10000, 0b01110], // 'e'
    [0b00110, 0b01001, 0b01000, 0b11100, 0b01000, 0b01000, 0b01000], // 'f'
    [0b00000, 0b01111, 0b10001, 0b10001, 0b01111, 0b00001, 0b01110], // 'g'
    [0b10000, 0b10000, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001], // 'h'
    [0b00100, 0b00000, 0b01100, 0b00100, 0b00100, 0b00100, 0b01110], // 'i'
    [0b00010, 0b00000, 0b00110, 0b00010, 0b00010, 0b10010, 0b01100], // 'j'
    [0b10000, 0b10000, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010], // 'k'
    [0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110], // 'l'
    [0b00000, 0b00000, 0b11010, 0b10101, 0b10101, 0b10001, 0b10001], // 'm'
    [0b00000, 0b00000, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001], // 'n'
    [0b00000, 0b00000, 0b01110, 0b10001, 0b10001, 0b10001, 0b01110], // 'o'
    [0b00000, 0b00000, 0b11110, 0b10001, 0b11110, 0b10000, 0b10000], // 'p'
    [0b00000, 0b00000, 0b01101, 0b10011, 0b01111, 0b00001, 0b00001], // 'q'
    [0b00000, 0b00000, 0b10110, 0b11001, 0b10000, 0b10000, 0b10000], // 'r'
    [0b00000, 0b00000, 0b01110, 0b10000, 0b01110, 0b00001, 0b11110], // 's'
    [0b01000, 0b01000, 0b11100, 0b01000, 0b01000, 0b01001, 0b00110], // 't'
    [0b00000, 0b00000, 0b10001, 0b10001, 0b10001, 0b10011, 0b01101], // 'u'
    [0b00000, 0b00000, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100], // 'v'
    [0b00000, 0b00000, 0b10001, 0b10001, 0b10101, 0b10101, 0b01010], // 'w'
    [0b00000, 0b00000, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001], // 'x'
    [0b00000, 0b00000, 0b10001, 0b10001, 0b01111, 0b00001, 0b01110], // 'y'
    [0b00000, 0b00000, 0b11111, 0b00010, 0b00100, 0b01000, 0b11111], // 'z'
    [0b00010, 0b00100, 0b00100, 0b01000, 0b00100, 0b00100, 0b00010], // '{'
    [0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100], // '|'
    [0b01000, 0b00100, 0b00100, 0b00010, 0b00100, 0b00100, 0b01000], // '}'
    [0b00000, 0b00000, 0b01000, 0b10101, 0b00010, 0b00000, 0b00000], // '~'
];
