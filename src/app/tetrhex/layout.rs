//! Where everything of the TETRHEX screen goes in the region it is given (section 5.4): the
//! hexagonal board with its frame, the radar (the next piece) at the top in the middle above
//! the board, the rule's numbers to the right of the board, "-- PAUSE --" at the top left.
//!
//! Cell positions are the engine's `(column, y)` (`rul::geometry`): a column is
//! [`sprite::PITCH`] pixels wide, a unit of `y` is half a cell (8 pixels), upwards.

use super::sprite::{self, HEIGHT, PITCH, WIDTH};
use crate::app::widgets;
use crate::gfx::{Rect, font5x7};
use crate::rul::geometry::position_offset;
use crate::rul::model::{NumberDef, RuleFile};

/// Pixels per unit of `y` (half a cell).
pub const HALF: i32 = HEIGHT / 2;

/// One displayed number: where its text and its digits go, and their sizes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NumberPlace {
    pub label: (i32, i32),
    pub label_scale: i32,
    /// The digits' box (cleared before they are drawn again).
    pub digits: Rect,
    pub digit_scale: i32,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    pub region: Rect,
    /// Board side.
    pub n: i32,
    /// Top-left of the box of the frame's column −n, at `y = 4n − 2` (the frame's top).
    pub board_origin: (i32, i32),
    /// The board and its frame.
    pub board: Rect,
    /// The radar's box, and where the reference hexagon of the next piece goes in it.
    pub radar: Rect,
    pub radar_reference: (i32, i32),
    /// The font scale of the screen's own text (pause, game over, the rule's name).
    pub scale: i32,
    /// "-- PAUSE --" (cleared when the pause ends).
    pub pause: Rect,
    /// The rule's name, above the numbers.
    pub name: (i32, i32),
    pub numbers: [NumberPlace; 8],
}

/// The extent of a rule's pieces around their reference hexagon, in `(column, y)` units:
/// (min column, max column, min y, max y), over every shape's initial configuration.
fn piece_extent(rule: &RuleFile) -> (i32, i32, i32, i32) {
    let mut e = (0, 0, 0, 0);
    for s in &rule.shapes {
        for &p in &s.initial[..s.count as usize] {
            let (dc, dy) = position_offset(p).unwrap_or((0, 0));
            e = (e.0.min(dc), e.1.max(dc), e.2.min(dy), e.3.max(dy));
        }
    }
    e
}

/// The width of a number's widest line (text and digits, as placed).
fn number_width(def: &NumberDef, label: &str, label_scale: i32, digit_scale: i32) -> i32 {
    let digits = def.max_digits.max(1) as i32 * (font5x7::WIDTH + 1) * digit_scale;
    let text = widgets::text_width(label, label_scale);
    if def.placement == 0 { digits.max(text) } else { digits + text + 2 * (font5x7::WIDTH + 1) * label_scale }
}

/// The label of number `def` in English (language 'E'), else its first.
pub fn label(def: &NumberDef) -> &str {
    let t = def.texts.iter().find(|t| t.lang == b'E').or(def.texts.first());
    t.and_then(|t| core::str::from_utf8(&t.text).ok()).unwrap_or("")
}

impl Layout {
    pub fn new(region: Rect, rule: &RuleFile, n: i32) -> Layout {
        let scale = widgets::scale_for(region);
        let margin = 4 * scale;
        let line = widgets::line_height(scale);
        let board_w = 2 * n * PITCH + WIDTH;
        let board_h = 4 * n * HALF + HEIGHT;
        let (c0, c1, y0, y1) = piece_extent(rule);
        let radar_w = (c1 - c0) * PITCH + WIDTH;
        let radar_h = (y1 - y0) * HALF + HEIGHT;
        // The numbers' sizes: the rule's heights, halved in a small region.
        let sizes = |def: &NumberDef| {
            let s = |h: u8| (h as i32 * scale / 16).max(1);
            (s(def.text_height), s(def.number_height))
        };
        let numbers_w = rule
            .numbers
            .iter()
            .map(|d| {
                let (ls, ds) = sizes(d);
                number_width(d, label(d), ls, ds)
            })
            .chain(core::iter::once(widgets::text_width(core::str::from_utf8(rule.name_str()).unwrap_or(""), scale)))
            .max()
            .unwrap_or(0);
        // The board centred, unless the numbers need the room on the right.
        let centred = region.x + (region.w - board_w) / 2;
        let left_most = region.right() - margin - numbers_w - 2 * margin - board_w;
        let bx = centred.min(left_most).max(region.x + margin);
        let top = region.y + margin + line;
        let radar = Rect::new(bx + (board_w - radar_w) / 2, top, radar_w, radar_h);
        let by = radar.bottom() + margin;
        let board = Rect::new(bx, by, board_w, board_h);
        // The reference hexagon's box in the radar.
        let radar_reference = (radar.x - c0 * PITCH, radar.y + y1 * HALF);
        let pause = Rect::new(region.x + margin, region.y + margin, widgets::text_width("-- PAUSE --", scale), line);
        let nx = board.right() + 2 * margin;
        let name = (nx, top);
        let mut numbers = [NumberPlace::default(); 8];
        let mut ny = top + line;
        for (k, def) in rule.numbers.iter().take(8).enumerate() {
            let (ls, ds) = sizes(def);
            let text_w = widgets::text_width(label(def), ls);
            let digits_w = def.max_digits.max(1) as i32 * (font5x7::WIDTH + 1) * ds;
            let digits_h = font5x7::HEIGHT * ds;
            let gap = (font5x7::WIDTH + 1) * ls;
            let place = match def.placement {
                0 => {
                    let label = (nx, ny);
                    ny += font5x7::HEIGHT * ls + 2 * scale;
                    NumberPlace {
                        label,
                        label_scale: ls,
                        digits: Rect::new(nx, ny, digits_w, digits_h),
                        digit_scale: ds,
                    }
                }
                1 => NumberPlace {
                    label: (nx, ny + digits_h - font5x7::HEIGHT * ls),
                    label_scale: ls,
                    digits: Rect::new(nx + text_w + gap, ny, digits_w, digits_h),
                    digit_scale: ds,
                },
                _ => NumberPlace {
                    label: (nx + digits_w + gap, ny + digits_h - font5x7::HEIGHT * ls),
                    label_scale: ls,
                    digits: Rect::new(nx, ny, digits_w, digits_h),
                    digit_scale: ds,
                },
            };
            ny = place.digits.bottom() + line;
            numbers[k] = place;
        }
        Layout { region, n, board_origin: (bx, by), board, radar, radar_reference, scale, pause, name, numbers }
    }

    /// The top-left of the box of the cell at `(c, y)` (on the board or its frame).
    pub fn cell(&self, c: i32, y: i32) -> (i32, i32) {
        (self.board_origin.0 + (c + self.n) * PITCH, self.board_origin.1 + (4 * self.n - 2 - y) * HALF)
    }

    /// The top-left of the box of a radar hexagon at offset `(dc, dy)` from the reference.
    pub fn radar_cell(&self, dc: i32, dy: i32) -> (i32, i32) {
        (self.radar_reference.0 + dc * PITCH, self.radar_reference.1 - dy * HALF)
    }

    /// The positions of the frame: every place of the lattice next to the board but not on
    /// it, `(column, y)`.
    pub fn frame_cells(&self, mut each: impl FnMut(i32, i32)) {
        let n = self.n;
        for c in -n..=n {
            let mut y = -2 - (c & 1);
            while y <= 4 * n - 2 {
                let on_board = |c: i32, y: i32| {
                    let d = y - c.abs();
                    c.abs() < n && d >= 0 && d % 2 == 0 && d / 2 < 2 * n - 1 - c.abs()
                };
                if !on_board(c, y) && crate::rul::geometry::DIRS.iter().any(|&(dc, dy)| on_board(c + dc, y + dy)) {
                    each(c, y);
                }
                y += 2;
            }
        }
    }
}

/// The sprite module's box size, for callers that damage one hexagon.
pub const CELL: (i32, i32) = (sprite::WIDTH, sprite::HEIGHT);
