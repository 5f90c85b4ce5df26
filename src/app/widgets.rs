//! The few drawing pieces the app's own screens share (the start screen, the on-screen menus
//! and dialogs): a text size chosen from the region, boxes with a border, text in a box. All
//! in the 5×7 font scaled by whole pixels, so a 192×144 test window and the 640×480 screen
//! are laid out by the same code.

use crate::gfx::{Planar, Rect, font5x7};

/// The font scale for a region: 2 from 480×360 up (the full screen), else 1.
pub fn scale_for(region: Rect) -> i32 {
    if region.w >= 480 && region.h >= 360 { 2 } else { 1 }
}

/// The height of one line of text with its padding (a menu item, a dialog row).
pub const fn line_height(scale: i32) -> i32 {
    (font5x7::HEIGHT + 4) * scale
}

/// The width of `text` at `scale`.
pub fn text_width(text: &str, scale: i32) -> i32 {
    font5x7::text_width(text, scale)
}

/// The width of one character cell (glyph and gap).
pub const fn char_width(scale: i32) -> i32 {
    (font5x7::WIDTH + 1) * scale
}

/// Draws `text` in `pen`, its top-left at (`x`,`y`), clipped to `clip`.
pub fn text(surface: &mut Planar<&mut [u16]>, clip: Rect, x: i32, y: i32, scale: i32, text: &str, pen: u8) {
    font5x7::draw(surface, clip, x, y, scale, text, pen);
}

/// Draws `text` vertically centred in `r`, `pad` pixels from its left edge, clipped to `r`.
pub fn text_in(surface: &mut Planar<&mut [u16]>, r: Rect, pad: i32, scale: i32, s: &str, pen: u8) {
    let y = r.y + (r.h - font5x7::HEIGHT * scale) / 2;
    text(surface, r, r.x + pad, y, scale, s, pen);
}

/// Draws `text` centred in `r`, clipped to `r`.
pub fn text_centred(surface: &mut Planar<&mut [u16]>, r: Rect, scale: i32, s: &str, pen: u8) {
    let pad = (r.w - text_width(s, scale)) / 2;
    text_in(surface, r, pad.max(0), scale, s, pen);
}

/// Draws `text` on the line of text whose top is `y`, centred across `clip` and clipped to it
/// (a screen's line of its own: a title, a hint).
pub fn centred_line(surface: &mut Planar<&mut [u16]>, clip: Rect, y: i32, scale: i32, s: &str, pen: u8) {
    let x = clip.x + ((clip.w - text_width(s, scale)) / 2).max(0);
    line_text(surface, clip, x, y, scale, s, pen);
}

/// Draws `text` from `x` on the line of text whose top is `y`, clipped to `clip`.
pub fn line_text(surface: &mut Planar<&mut [u16]>, clip: Rect, x: i32, y: i32, scale: i32, s: &str, pen: u8) {
    text(surface, clip, x, y + 2 * scale, scale, s, pen);
}

/// A one-pixel frame just inside `r`.
pub fn frame(surface: &mut Planar<&mut [u16]>, r: Rect, pen: u8) {
    if r.is_empty() {
        return;
    }
    surface.fill_rect(Rect::new(r.x, r.y, r.w, 1), pen);
    surface.fill_rect(Rect::new(r.x, r.bottom() - 1, r.w, 1), pen);
    surface.vline(r.x, r.y + 1, r.bottom() - 2, pen);
    surface.vline(r.right() - 1, r.y + 1, r.bottom() - 2, pen);
}

/// `r` filled with `face` inside a frame of `border`.
pub fn panel(surface: &mut Planar<&mut [u16]>, r: Rect, face: u8, border: u8) {
    surface.fill_rect(r, face);
    frame(surface, r, border);
}

/// `r` shrunk by `d` pixels on every side.
pub const fn inset(r: Rect, d: i32) -> Rect {
    Rect::new(r.x + d, r.y + d, r.w - 2 * d, r.h - 2 * d)
}

/// Splits `text` into lines of at most `columns` characters, breaking at spaces where it can
/// (a word longer than a line is cut) and at every `\n`.
pub fn wrap(text: &str, columns: usize) -> alloc::vec::Vec<alloc::string::String> {
    use alloc::string::String;
    let columns = columns.max(1);
    let mut lines = alloc::vec::Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split(' ') {
            let mut word = word;
            loop {
                let len = line.chars().count();
                let wlen = word.chars().count();
                let needed = if len == 0 { wlen } else { len + 1 + wlen };
                if needed <= columns {
                    if len > 0 {
                        line.push(' ');
                    }
                    line.push_str(word);
                    break;
                }
                if len > 0 {
                    lines.push(core::mem::take(&mut line));
                    continue;
                }
                // A word longer than a line: cut it.
                let cut = word.char_indices().nth(columns).map_or(word.len(), |(i, _)| i);
                lines.push(String::from(&word[..cut]));
                word = &word[cut..];
                if word.is_empty() {
                    break;
                }
            }
        }
        lines.push(line);
    }
    lines
}
