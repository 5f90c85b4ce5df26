//! [`Pulldown`]: one menu of the bar, open below its title: its entries laid out in a box
//! (in more than one column when they do not fit below the bar), the entry under the mouse or
//! the keyboard's cursor highlighted, ticks and shortcuts shown, disabled items greyed.

use alloc::string::String;
use alloc::vec::Vec;

use super::{Outcome, pens};
use crate::app::command::Command;
use crate::app::input::KeyPress;
use crate::app::menu::{Menu, MenuEntry};
use crate::app::widgets;
use crate::gfx::{Planar, Rect};
use crate::keyboard::scancode;

/// An open menu.
pub struct Pulldown {
    /// Which title of the bar it belongs to.
    pub title: usize,
    menu: Menu,
    /// Where each entry is (surface coordinates), in the order of `menu.entries`.
    places: Vec<Rect>,
    /// The shortcut label of each entry ("" for none).
    shortcuts: Vec<String>,
    /// The whole box, frame included.
    rect: Rect,
    /// The highlighted entry (an enabled item), if any.
    hover: Option<usize>,
    /// The highlight when the menu was last drawn (`None`: not drawn yet).
    drawn: Option<Option<usize>>,
    scale: i32,
}

impl Pulldown {
    /// Lays out `menu` below `title_rect`, inside `region`. `keyboard`: highlight the first
    /// item at once (opened by a key, not the mouse).
    pub fn new(title: usize, menu: Menu, title_rect: Rect, region: Rect, scale: i32, keyboard: bool) -> Self {
        let cw = widgets::char_width(scale);
        let lh = widgets::line_height(scale);
        let sep_h = (lh / 2).max(3);
        let shortcuts: Vec<String> = menu
            .entries
            .iter()
            .map(|e| match e {
                MenuEntry::Item(i) => i.shortcut.map(|s| s.label()).unwrap_or_default(),
                MenuEntry::Separator => String::new(),
            })
            .collect();
        let label_w = menu.items().map(|i| widgets::text_width(&i.label, scale)).max().unwrap_or(0);
        let short_w = shortcuts.iter().map(|s| widgets::text_width(s, scale)).max().unwrap_or(0);
        let gap = if short_w > 0 { 3 * cw } else { 0 };
        let entry_w = 3 * cw + label_w + gap + short_w + cw;
        let top = title_rect.bottom() + 1;
        let room = (region.bottom() - top - 2).max(lh);
        // Entries run down a column and on to the next when the column is full.
        let mut places = Vec::with_capacity(menu.entries.len());
        let (mut col, mut y, mut tallest) = (0, 0, 0);
        for e in &menu.entries {
            let h = if matches!(e, MenuEntry::Separator) { sep_h } else { lh };
            if y + h > room && y > 0 {
                col += 1;
                y = 0;
            }
            places.push(Rect::new(col * entry_w, y, entry_w, h));
            y += h;
            tallest = tallest.max(y);
        }
        let w = (col + 1) * entry_w + 2;
        let x = title_rect.x.min(region.right() - w).max(region.x);
        for p in &mut places {
            *p = p.offset(x + 1, top + 1);
        }
        let rect = Rect::new(x, top, w, tallest + 2);
        let mut p = Pulldown { title, menu, places, shortcuts, rect, hover: None, drawn: None, scale };
        if keyboard {
            p.hover = p.step(None, 1);
        }
        p
    }

    /// The box, frame included.
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// The entry highlighted (an index into the menu's entries).
    pub fn hover(&self) -> Option<usize> {
        self.hover
    }

    fn enabled(&self, n: usize) -> bool {
        matches!(&self.menu.entries[n], MenuEntry::Item(i) if i.enabled)
    }

    /// The next enabled item from `from` in direction `dir` (±1), wrapping; the first or last
    /// when `from` is `None`.
    fn step(&self, from: Option<usize>, dir: isize) -> Option<usize> {
        let n = self.menu.entries.len() as isize;
        let mut i = from.map_or(if dir > 0 { -1 } else { n }, |f| f as isize);
        for _ in 0..n {
            i = (i + dir).rem_euclid(n);
            if self.enabled(i as usize) {
                return Some(i as usize);
            }
        }
        None
    }

    /// The entry at (`x`,`y`), enabled or not.
    fn at(&self, x: i32, y: i32) -> Option<usize> {
        self.places.iter().position(|p| p.contains(x, y))
    }

    fn command_of(&self, n: usize) -> Option<Command> {
        match &self.menu.entries[n] {
            MenuEntry::Item(i) if i.enabled => Some(i.command.clone()),
            _ => None,
        }
    }

    /// A key: Up and Down move the highlight, Return, Enter or Space choose, Esc closes.
    /// (Left and Right, to the next menu, are the bar's.)
    pub fn key(&mut self, k: KeyPress) -> Outcome {
        match k.scancode {
            scancode::UP | scancode::DOWN => {
                let next = self.step(self.hover, if k.scancode == scancode::UP { -1 } else { 1 });
                if next == self.hover {
                    return Outcome::Stay;
                }
                self.hover = next;
                Outcome::Redraw
            }
            scancode::RETURN | scancode::KP_ENTER | scancode::SPACE => {
                match self.hover.and_then(|n| self.command_of(n)) {
                    Some(c) => Outcome::Command(c),
                    None => Outcome::Stay,
                }
            }
            scancode::ESC | scancode::UNDO => Outcome::Close,
            _ => Outcome::Stay,
        }
    }

    /// The mouse moved to (`x`,`y`): highlight the enabled item there.
    pub fn track(&mut self, x: i32, y: i32) -> Outcome {
        let here = self.at(x, y).filter(|&n| self.enabled(n));
        if here == self.hover {
            return Outcome::Stay;
        }
        self.hover = here;
        Outcome::Redraw
    }

    /// The button came up at (`x`,`y`): the item there is chosen, if enabled.
    pub fn release(&mut self, x: i32, y: i32) -> Outcome {
        match self.at(x, y).and_then(|n| self.command_of(n)) {
            Some(c) => Outcome::Command(c),
            None => Outcome::Stay,
        }
    }

    /// Forgets what was drawn: the next `draw` draws everything.
    pub fn invalidate(&mut self) {
        self.drawn = None;
    }

    /// Draws the menu: all of it the first time, then only the entries whose highlight
    /// changed. Returns what it drew.
    pub fn draw(&mut self, s: &mut Planar<&mut [u16]>) -> Rect {
        match self.drawn.replace(self.hover) {
            Some(old) => {
                let mut r = Rect::default();
                for n in [old, self.hover].into_iter().flatten() {
                    self.draw_entry(s, n);
                    r = r.union(&self.places[n]);
                }
                r
            }
            None => {
                widgets::panel(s, self.rect, pens::PAPER, pens::INK);
                for n in 0..self.places.len() {
                    self.draw_entry(s, n);
                }
                self.rect
            }
        }
    }

    fn draw_entry(&self, s: &mut Planar<&mut [u16]>, n: usize) {
        let scale = self.scale;
        let cw = widgets::char_width(scale);
        let r = self.places[n];
        match &self.menu.entries[n] {
            MenuEntry::Separator => {
                s.fill_rect(Rect::new(r.x, r.y + r.h / 2, r.w, scale), pens::GREY);
            }
            MenuEntry::Item(item) => {
                let lit = self.hover == Some(n);
                s.fill_rect(r, if lit { pens::SELECT } else { pens::PAPER });
                let ink = if lit {
                    pens::SELECT_TEXT
                } else if item.enabled {
                    pens::INK
                } else {
                    pens::GREY
                };
                if item.checked {
                    tick(s, r.x + cw, r.y + (r.h - 7 * scale) / 2, scale, ink);
                }
                widgets::text_in(s, r, 3 * cw, scale, &item.label, ink);
                let short = &self.shortcuts[n];
                if !short.is_empty() {
                    let x = r.right() - cw - widgets::text_width(short, scale);
                    widgets::text_in(s, r, x - r.x, scale, short, ink);
                }
            }
        }
    }
}

/// A tick mark in a 7×7 cell (font pixels), its top-left at (`x`,`y`).
fn tick(s: &mut Planar<&mut [u16]>, x: i32, y: i32, scale: i32, pen: u8) {
    const POINTS: [(i32, i32); 7] = [(0, 3), (1, 4), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)];
    for (px, py) in POINTS {
        s.fill_rect(Rect::new(x + px * scale, y + py * scale, scale, 2 * scale), pen);
    }
}
