//! TETRHEX's presentation (manual section 5): the first screen, shown while the original
//! computed its background picture; a key or a click goes on to the main menu. Here: the
//! program's name over a row of the six hexagon colours (section 6.6) in the rule's first
//! pattern, the rule's name, and what to press.

use super::pens;
use super::sprite::{PITCH, Sprites, WIDTH};
use crate::app::widgets;
use crate::gfx::{Planar, Rect};

/// Draws the presentation over the whole `region`.
pub fn draw(surface: &mut Planar<&mut [u16]>, region: Rect, sprites: &Sprites, rule_name: &str) {
    let s = widgets::scale_for(region);
    let line = widgets::line_height(s);
    surface.fill_rect(region, pens::BACKGROUND);
    let big = if widgets::text_width("TETRHEX", 4 * s) <= region.w { 4 * s } else { s };
    let mut y = region.y + region.h / 4 - line;
    widgets::centred_line(surface, region, y, big, "TETRHEX", pens::GAME_OVER);
    y += line * big / s;
    let row_w = 5 * PITCH + WIDTH;
    let x0 = region.x + (region.w - row_w) / 2;
    for colour in 1..=6u8 {
        let x = x0 + (colour as i32 - 1) * PITCH;
        let dy = if colour % 2 == 0 { super::layout::HALF } else { 0 };
        sprites.hexagon(colour, 1).draw(surface, region, x, y + dy);
    }
    y += 3 * line;
    widgets::centred_line(surface, region, y, s, rule_name, pens::RULE_NAME);
    y += 2 * line;
    widgets::centred_line(surface, region, y, s, "Press a key", pens::HINT);
}
