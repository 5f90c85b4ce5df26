//! Hexagon sprites: a rule's pattern (18×16 pixels of intensity 0–7, section 6.8) in one of
//! the six colours, turned once at game start into the surface's own layout (a plane word
//! pair and a mask per line), so that drawing a hexagon is a shifted, masked write of a few
//! words per line and plane: no per-pixel work while playing.
//!
//! The hexagon's outline is fixed ([`ROWS`]): the rule's patterns paint intensity 4 (the
//! colour itself) around the hexagon drawn in them, and those corners are not drawn, so that
//! hexagons of neighbouring columns fit together (columns [`PITCH`] pixels apart, each half a
//! cell lower than its neighbour).

use alloc::vec::Vec;

use crate::gfx::blit::{self, NARROW_LINE, NarrowJob};
use crate::gfx::{PLANES, Planar, Rect};
use crate::rul::model::{PATTERN_HEIGHT, PATTERN_SIZE, PATTERN_WIDTH, RuleFile};

/// Width and height of a hexagon in pixels.
pub const WIDTH: i32 = PATTERN_WIDTH as i32;
pub const HEIGHT: i32 = PATTERN_HEIGHT as i32;
/// Horizontal distance between two columns of cells: the widest lines of one hexagon end
/// where the narrow ones of its neighbours, half a cell lower, begin.
pub const PITCH: i32 = 15;

/// The hexagon's lines: first pixel and width (flat top and bottom, 6 pixels; 18 at the
/// widest), as the rules' plain hexagon pattern draws it.
pub const ROWS: [(u8, u8); 16] = [
    (6, 6),
    (4, 10),
    (3, 12),
    (2, 14),
    (1, 16),
    (0, 18),
    (0, 18),
    (0, 18),
    (0, 18),
    (0, 18),
    (0, 18),
    (1, 16),
    (2, 14),
    (3, 12),
    (4, 10),
    (6, 6),
];

/// Whether pixel (`x`,`y`) of the 18×16 box is inside the hexagon.
pub fn inside(x: usize, y: usize) -> bool {
    let (start, width) = ROWS[y];
    x >= start as usize && x < (start + width) as usize
}

/// One line of a sprite, as the narrow sprite blitter reads it ([`NarrowJob`]): the pixels'
/// bits, left-aligned in 32 bits (bit 31 is pixel 0), for each plane, then which pixels are
/// drawn (plane bits only there).
type Line = [u32; NARROW_LINE];

/// The mask's long in a [`Line`].
const MASK: usize = PLANES;

/// A hexagon ready to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sprite {
    lines: [Line; PATTERN_HEIGHT],
}

impl Sprite {
    /// A sprite whose pixel (`x`,`y`) inside the hexagon is pen `pen(x, y)`.
    pub fn build(pen: impl Fn(usize, usize) -> u8) -> Sprite {
        let mut lines = [[0; NARROW_LINE]; PATTERN_HEIGHT];
        for (y, line) in lines.iter_mut().enumerate() {
            for x in 0..PATTERN_WIDTH {
                if !inside(x, y) {
                    continue;
                }
                let bit = 0x8000_0000u32 >> x;
                line[MASK] |= bit;
                let p = pen(x, y);
                for (k, plane) in line[..PLANES].iter_mut().enumerate() {
                    if p & (1 << k) != 0 {
                        *plane |= bit;
                    }
                }
            }
        }
        Sprite { lines }
    }

    /// Pattern `pattern` of `rule` in the 8 shades starting at pen `shades` (intensity `i` is
    /// pen `shades + i`).
    pub fn pattern(pattern: &[u8; PATTERN_SIZE], shades: u8) -> Sprite {
        Sprite::build(|x, y| shades + RuleFile::pixel(pattern, y * PATTERN_WIDTH + x))
    }

    /// One pen all over.
    pub fn plain(pen: u8) -> Sprite {
        Sprite::build(|_, _| pen)
    }

    /// A relief in four pens: `pens[0]` along the outline, then inwards two pixels per pen.
    pub fn relief(pens: [u8; 4]) -> Sprite {
        // Distance of each pixel to the outside, in 4-neighbour steps.
        let depth = |x: usize, y: usize| -> usize {
            let mut d = 0;
            while d < 9 {
                let out = |dx: i32, dy: i32| {
                    let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                    nx < 0
                        || ny < 0
                        || nx >= PATTERN_WIDTH as i32
                        || ny >= PATTERN_HEIGHT as i32
                        || !inside(nx as usize, ny as usize)
                };
                let r = d as i32 + 1;
                if out(r, 0) || out(-r, 0) || out(0, r) || out(0, -r) {
                    break;
                }
                d += 1;
            }
            d
        };
        Sprite::build(|x, y| pens[(depth(x, y) / 2).min(3)])
    }

    /// Draws the hexagon with its box's top-left at (`x`,`y`), clipped to `clip` (whole
    /// 16-pixel groups: a group partly outside `clip` is not drawn) and to the surface.
    /// Returns the box drawn.
    pub fn draw(&self, surface: &mut Planar<&mut [u16]>, clip: Rect, x: i32, y: i32) -> Rect {
        let drawn = Rect::new(x, y, WIDTH, HEIGHT);
        let clip = clip.intersect(&surface.bounds());
        let (g0, shift) = (x >> 4, (x & 15) as u32);
        // The three groups a line touches, and whether each may be written.
        let mut groups = 0;
        for i in 0..3 {
            let gx = (g0 + i) * 16;
            if gx >= clip.x && gx + 16 <= clip.right() {
                groups |= 1 << i;
            }
        }
        let (top, bottom) = (y.max(clip.y), (y + HEIGHT).min(clip.bottom()));
        if groups == 0 || top >= bottom {
            return drawn;
        }
        let line_words = surface.width() / 16 * PLANES as i32;
        let job = NarrowJob {
            dst: top * line_words + g0 * PLANES as i32,
            dst_stride: line_words as u32,
            rows: (bottom - top) as u32,
            shift,
            groups,
        };
        blit::narrow(self.lines[(top - y) as usize..].as_flattened(), surface.words_mut(), &job);
        drawn
    }
}

/// The sprites of a rule: every pattern in every colour, an empty cell and the frame.
pub struct Sprites {
    /// `patterns × 6` sprites: colour `c` (1–6) of pattern `p` (1–n) at `(p − 1) * 6 + c − 1`.
    hexagons: Vec<Sprite>,
    pub empty: Sprite,
    pub frame: Sprite,
}

impl Sprites {
    /// Every pattern of `rule` in the six colours: colour `c`'s shades are the 8 pens from
    /// `shades + (c − 1) * 8`.
    pub fn new(rule: &RuleFile, shades: u8, empty: u8, frame: [u8; 4]) -> Sprites {
        let mut hexagons = Vec::with_capacity(rule.patterns.len() * 6);
        for p in &rule.patterns {
            for c in 0..6u8 {
                hexagons.push(Sprite::pattern(p, shades + c * 8));
            }
        }
        Sprites { hexagons, empty: Sprite::plain(empty), frame: Sprite::relief(frame) }
    }

    /// Pattern `pattern` (1–n) in colour `colour` (1–6); the empty cell for anything else.
    pub fn hexagon(&self, colour: u8, pattern: u8) -> &Sprite {
        if !(1..=6).contains(&colour) || pattern == 0 {
            return &self.empty;
        }
        self.hexagons.get((pattern as usize - 1) * 6 + colour as usize - 1).unwrap_or(&self.empty)
    }
}
