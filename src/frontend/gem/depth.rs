//! The window's picture at the desktop's depth. The app draws 256-colour pens into a
//! `gfx::Planar` (8 interleaved planes); a desktop of 16 colours (4 planes), 4 colours or
//! monochrome shows each pen as the nearest colour it already has. Nothing of the AES's
//! palette is changed at those depths: its 16 pens are the desktop's.
//!
//! - [`PenMap`]: pen → screen pixel value, the nearest of the desktop's colours (red, green
//!   and blue distance, in the VDI's thousandths). The VDI pen of a colour is not its pixel
//!   value (pen 1, black, is pixel 15 at 16 colours): [`pixel_of_vdi_pen`] is TOS's table.
//! - [`convert`]: a rectangle of the surface (widened to whole 16-pixel groups) into a
//!   device-format bitmap of 1, 2 or 4 interleaved planes, the Falcon's layout at those
//!   depths, ready for `vro_cpyfm`.
//! - Monochrome (a desktop of two colours) is dithered instead: the nearer of black and
//!   white would make every light grey white (a puzzle's background, its tiles' faces and
//!   their bevels alike: Fifteen's board showed numbers and nothing else). Each pen is a
//!   share of dark pixels by its lightness, in 17 steps from white to black, laid out by a
//!   4×4 ordered (Bayer) matrix ([`MonoPatterns`]), as monochrome GEM programs showed
//!   greys: still colours stay still patterns, and a pen's area is seen by its grain. The
//!   lightest 30 % of the range is white and the darkest 20 % black: text stands on
//!   backgrounds and buttons, which are light greys or dark colours (dotted, the first try,
//!   made thin text hard to read), and the middle tones, bevels and colours, are the
//!   patterns.

use alloc::vec::Vec;

use crate::gfx::{Colour, PLANES, Palette, Planar, Rect};

/// The VDI's pen → pixel value table of TOS for 1, 2 and 4 planes (at 8 planes pens 0–15
/// follow the 4-plane table with 255 for black, and pens 16–254 are their own pixel).
pub fn pixel_of_vdi_pen(pen: u8, planes: i16) -> u8 {
    const FOUR: [u8; 16] = [0, 15, 1, 2, 4, 6, 3, 5, 7, 8, 9, 10, 12, 14, 11, 13];
    const TWO: [u8; 4] = [0, 3, 1, 2];
    match planes {
        1 => pen & 1,
        2 => TWO[pen as usize & 3],
        _ => FOUR[pen as usize & 15],
    }
}

/// A colour in the VDI's thousandths.
pub fn thousandths(c: Colour) -> [i16; 3] {
    let t = |v: u8| (v as i32 * 1000 / 255) as i16;
    [t(c.r), t(c.g), t(c.b)]
}

/// Which screen pixel value shows each of the app's 256 pens.
pub struct PenMap {
    pixel: [u8; 256],
    /// The desktop's colours: (pixel value, colour in thousandths).
    desktop: Vec<(u8, [i16; 3])>,
    /// On a desktop of two colours, each pen's pattern of dark pixels.
    mono: Option<MonoPatterns>,
}

/// Monochrome: for each pen, how many of the 16 pixels of a 4×4 block are dark (0 white
/// to 16 black, by the pen's lightness between the desktop's two colours), and which pixel
/// value is the dark one.
pub struct MonoPatterns {
    dark_pixels: [u8; 256],
    dark_value: u8,
    /// The lightness (thousandths) at and above which a pen is white, and at and below
    /// which it is black.
    white_from: i32,
    black_from: i32,
}

/// Where white and black begin, in tenths of the range from the desktop's dark colour to
/// its light one.
const WHITE_FROM_TENTHS: i32 = 7;
const BLACK_FROM_TENTHS: i32 = 2;

/// The 4×4 ordered-dither (Bayer) matrix: the pixel at (x, y) of a block is dark when its
/// entry is below the pen's count of dark pixels, so that each count darkens the pixels
/// of the one before and spreads them evenly.
const BAYER: [[u8; 4]; 4] = [[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]];

/// A colour's lightness in thousandths (ITU-R 601 weights).
fn lightness(c: [i16; 3]) -> i32 {
    (299 * c[0] as i32 + 587 * c[1] as i32 + 114 * c[2] as i32) / 1000
}

impl MonoPatterns {
    /// For the desktop colours `a` and `b` (pixel value, colour), every pen white.
    fn new(a: (u8, [i16; 3]), b: (u8, [i16; 3])) -> MonoPatterns {
        let (light, dark) = if lightness(a.1) >= lightness(b.1) { (a, b) } else { (b, a) };
        let (light_l, dark_l) = (lightness(light.1), lightness(dark.1));
        let at = |tenths: i32| dark_l + (light_l - dark_l) * tenths / 10;
        MonoPatterns {
            dark_pixels: [0; 256],
            dark_value: dark.0,
            white_from: at(WHITE_FROM_TENTHS),
            black_from: at(BLACK_FROM_TENTHS),
        }
    }

    /// The share of dark pixels (of 16) for a colour: its place between where black and
    /// white begin, rounded.
    fn dark_pixels_for(&self, c: [i16; 3]) -> u8 {
        let span = (self.white_from - self.black_from).max(1);
        let darkness = (self.white_from - lightness(c)).clamp(0, span);
        ((darkness * 16 + span / 2) / span) as u8
    }

    /// How many of a 4×4 block's pixels are dark for `pen`.
    pub fn dark_pixels(&self, pen: u8) -> u8 {
        self.dark_pixels[pen as usize]
    }

    /// The 16 pixels of line `y` that show `pen` as the bits of a plane word (the leftmost
    /// pixel the highest bit): 1 where the pixel value is 1.
    pub fn word(&self, pen: u8, y: usize) -> u16 {
        let n = self.dark_pixels[pen as usize];
        let row = &BAYER[y & 3];
        let mut nibble = 0u16;
        for (x, &t) in row.iter().enumerate() {
            if t < n {
                nibble |= 8 >> x;
            }
        }
        let dark = nibble * 0x1111;
        if self.dark_value & 1 != 0 { dark } else { !dark }
    }
}

impl PenMap {
    /// `desktop`: the screen's pixel values with the colours they show now. Two colours
    /// (monochrome): the pens are dithered.
    pub fn new(desktop: Vec<(u8, [i16; 3])>) -> PenMap {
        let mono = match desktop[..] {
            [a, b] => Some(MonoPatterns::new(a, b)),
            _ => None,
        };
        PenMap { pixel: [0; 256], desktop, mono }
    }

    /// The pixel value for `pen` (the nearest desktop colour).
    pub fn pixel(&self, pen: u8) -> u8 {
        self.pixel[pen as usize]
    }

    /// The patterns when the desktop is monochrome.
    pub fn mono(&self) -> Option<&MonoPatterns> {
        self.mono.as_ref()
    }

    /// Maps the pens `first..=last` of `palette` to the nearest desktop colours (and, in
    /// monochrome, to their shares of dark pixels).
    pub fn update(&mut self, palette: &Palette, first: u8, last: u8) {
        for pen in first..=last {
            let want = thousandths(palette.get(pen));
            let distance = |c: &[i16; 3]| -> i32 { (0..3).map(|i| (want[i] as i32 - c[i] as i32).pow(2)).sum() };
            self.pixel[pen as usize] = self.desktop.iter().min_by_key(|(_, c)| distance(c)).map_or(0, |(p, _)| *p);
            if let Some(mono) = &mut self.mono {
                mono.dark_pixels[pen as usize] = mono.dark_pixels_for(want);
            }
        }
    }
}

/// `r` widened to whole 16-pixel groups and cut to a `width`×`height` surface.
pub fn group_aligned(r: Rect, width: i32, height: i32) -> Rect {
    let x0 = (r.x.max(0) / 16) * 16;
    let x1 = ((r.x + r.w).min(width) + 15) / 16 * 16;
    let y0 = r.y.max(0);
    let y1 = (r.y + r.h).min(height);
    Rect { x: x0, y: y0, w: (x1 - x0).max(0), h: (y1 - y0).max(0) }
}

/// Writes `area` of `surface` into `out`, a device-format bitmap of the surface's size with
/// `planes` (1, 2 or 4) interleaved planes, each pen as `map` says (dithered when the map is
/// monochrome and `planes` is 1).
///
/// Each group of 16 pixels goes through [`convert_group`]; the groups' places in the two
/// bitmaps are stepped along a line rather than multiplied out for each group (a
/// multiplication is a library call on the 68030).
pub fn convert<S: AsRef<[u16]>>(surface: &Planar<S>, area: Rect, map: &PenMap, planes: usize, out: &mut [u16]) {
    let area = group_aligned(area, surface.width(), surface.height());
    let groups = surface.width() as usize / 16;
    let words = surface.words();
    let (g0, g1) = ((area.x / 16) as usize, ((area.x + area.w) / 16) as usize);
    for y in area.y..area.y + area.h {
        let first = y as usize * groups + g0;
        let (mut from, mut to) = (first * PLANES, first * planes);
        for _ in g0..g1 {
            let (Some(src), Some(dst)) = (words.get(from..from + PLANES), out.get_mut(to..to + planes)) else {
                return;
            };
            let src: &[u16; PLANES] = src.try_into().unwrap_or(&[0; PLANES]);
            match (map.mono(), dst) {
                (Some(mono), [word]) => *word = dither_group(src, mono, y as usize),
                (_, dst) => convert_group(src, map, dst),
            }
            from += PLANES;
            to += planes;
        }
    }
}

/// One group of 16 pixels: `src` its 8 plane words, `dst` its 1, 2 or 4 output words.
///
/// Most groups of a window hold one pen (backgrounds, the insides of tiles): every plane
/// word is all ones or all zeros, and the output words are too. Other groups hold few pens:
/// each pen is found once and all its pixels written at once. The pixels of a pixel's pen
/// are those where every plane word agrees with that pen's bit; they get the pen's pixel
/// value in every output plane, and the next pen is sought among the pixels left.
fn convert_group(src: &[u16; PLANES], map: &PenMap, dst: &mut [u16]) {
    let mut pen = 0u8;
    let mut solid = true;
    for (p, &w) in src.iter().enumerate() {
        // 0 → 1 and 0xffff → 0: the two words of a one-pen group.
        let one_pen_word = w.wrapping_add(1) <= 1;
        if !one_pen_word {
            solid = false;
            break;
        }
        pen |= ((w & 1) as u8) << p;
    }
    if solid {
        let pixel = map.pixel(pen);
        for (p, d) in dst.iter_mut().enumerate() {
            *d = 0u16.wrapping_sub(((pixel >> p) & 1) as u16);
        }
        return;
    }
    dst.fill(0);
    let mut left: u16 = 0xffff;
    while left != 0 {
        let (pen, same) = next_pen(src, left);
        let pixel = map.pixel(pen);
        for (p, d) in dst.iter_mut().enumerate() {
            if pixel & (1 << p) != 0 {
                *d |= same;
            }
        }
        left &= !same;
    }
}

/// One group of 16 pixels of line `y` in monochrome: `src` its 8 plane words; each pen's
/// pixels take that pen's pattern (found pen by pen as in [`convert_group`]).
fn dither_group(src: &[u16; PLANES], mono: &MonoPatterns, y: usize) -> u16 {
    let mut out = 0u16;
    let mut left: u16 = 0xffff;
    while left != 0 {
        let (pen, same) = next_pen(src, left);
        out |= same & mono.word(pen, y);
        left &= !same;
    }
    out
}

/// Among the pixels `left` (bits) of a group whose 8 plane words are `src`: the pen of one
/// of them (the rightmost: found without a bit scan) and every pixel of `left` with that
/// pen (those where every plane word agrees with the pen's bit).
fn next_pen(src: &[u16; PLANES], left: u16) -> (u8, u16) {
    let first = left.isolate_lowest_one();
    let mut pen = 0u8;
    let mut same = left;
    for (p, &w) in src.iter().enumerate() {
        if w & first != 0 {
            pen |= 1 << p;
            same &= w;
        } else {
            same &= !w;
        }
    }
    (pen, same)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
