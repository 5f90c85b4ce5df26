//! [`TextBox`]: a message on the screen (About, an error, the help on a game): a title, the
//! text wrapped to the box, scrolled with Up and Down when it is longer than the screen
//! allows; Return, Space, Esc or a click close it.

use alloc::string::String;
use alloc::vec::Vec;

use super::{Outcome, pens};
use crate::app::input::KeyPress;
use crate::app::widgets;
use crate::gfx::{Planar, Rect};
use crate::keyboard::scancode;

/// The widest a text box gets, in characters (lines longer than this are hard to read).
const MAX_COLUMNS: i32 = 60;

/// An open message.
pub struct TextBox {
    title: String,
    text: String,
    /// The text wrapped to the box, after `layout`.
    lines: Vec<String>,
    /// The first line shown.
    top: usize,
    /// How many lines fit.
    rows: usize,
    rect: Rect,
    scale: i32,
}

impl TextBox {
    pub fn new(title: String, text: String) -> Self {
        TextBox { title, text, lines: Vec::new(), top: 0, rows: 0, rect: Rect::default(), scale: 1 }
    }

    pub fn title(&self) -> &str {
        &self.title
    }

    /// Wraps the text and centres the box in `region`; returns the box.
    pub fn layout(&mut self, region: Rect, scale: i32) -> Rect {
        let cw = widgets::char_width(scale);
        let lh = widgets::line_height(scale);
        let pad = cw;
        let columns = ((region.w - 2 * cw - 2 * pad) / cw).clamp(1, MAX_COLUMNS) as usize;
        self.lines = widgets::wrap(&self.text, columns);
        let widest = self.lines.iter().map(|l| l.chars().count()).max().unwrap_or(0).max(self.title.len() + 2);
        let w = (widest.min(columns) as i32 * cw + 2 * pad).max(20 * cw).min(region.w - 2 * scale).max(1);
        let room = ((region.h - 2 * scale - 2 * lh - 2 * pad) / lh).max(1) as usize;
        self.rows = self.lines.len().min(room).max(1);
        self.top = self.top.min(self.lines.len().saturating_sub(self.rows));
        let h = (lh + self.rows as i32 * lh + lh + 2 * pad).min(region.h - 2 * scale).max(1);
        self.rect = Rect::new(region.x + (region.w - w) / 2, region.y + (region.h - h) / 2, w, h);
        self.scale = scale;
        self.rect
    }

    pub fn rect(&self) -> Rect {
        self.rect
    }

    fn scroll(&mut self, by: isize) -> Outcome {
        let last = self.lines.len().saturating_sub(self.rows);
        let top = (self.top as isize + by).clamp(0, last as isize) as usize;
        if top == self.top {
            return Outcome::Stay;
        }
        self.top = top;
        Outcome::Redraw
    }

    pub fn key(&mut self, k: KeyPress) -> Outcome {
        match k.scancode {
            scancode::UP => self.scroll(-1),
            scancode::DOWN => self.scroll(1),
            scancode::RETURN | scancode::KP_ENTER | scancode::SPACE | scancode::ESC | scancode::UNDO => Outcome::Close,
            _ => Outcome::Stay,
        }
    }

    /// Draws the box; returns what it drew.
    pub fn draw(&self, s: &mut Planar<&mut [u16]>) -> Rect {
        let scale = self.scale;
        let (cw, lh) = (widgets::char_width(scale), widgets::line_height(scale));
        let r = self.rect;
        widgets::panel(s, r, pens::PAPER, pens::INK);
        let title = Rect::new(r.x + 1, r.y + 1, r.w - 2, lh);
        s.fill_rect(title, pens::SELECT);
        widgets::text_centred(s, title, scale, &self.title, pens::SELECT_TEXT);
        let body = Rect::new(r.x + cw, title.bottom() + cw / 2, r.w - 2 * cw, self.rows as i32 * lh);
        for (i, line) in self.lines.iter().skip(self.top).take(self.rows).enumerate() {
            let row = Rect::new(body.x, body.y + i as i32 * lh, body.w, lh);
            widgets::text_in(s, row, 0, scale, line, pens::INK);
        }
        let more = self.lines.len() > self.rows;
        let hint = if more { "Up/Down scroll, Return ends" } else { "Return: close" };
        let foot = Rect::new(body.x, r.bottom() - 1 - lh - cw / 2, body.w, lh);
        widgets::text_centred(s, foot, scale, hint, pens::GREY);
        r
    }
}
