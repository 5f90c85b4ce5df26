//! [`Form`]: a dialog on the screen, in Tatham's `config_item` model: a text field, check box
//! or choice list per item, then a message line and the OK and Cancel buttons. It serves the
//! app's dialogs (Custom, Game ID, Random seed, Preferences) and the host's own file-name
//! questions (Load, Save).
//!
//! Keys: Tab or Down to the next control, Shift-Tab or Up to the one before; in a text field
//! the printable characters, Backspace, Delete, Left, Right and Clr/Home edit; Space or Left
//! and Right toggle a check box and step through a choice list; Return is OK (Cancel when
//! Cancel has the focus), Esc is Cancel. Mouse: a click on a field puts the cursor there, on
//! a check box toggles it, on the left or right half of a choice list steps back or on, on a
//! button presses it.

use alloc::string::String;
use alloc::vec::Vec;

use super::{Outcome, pens};
use crate::app::dialog::{ConfigItem, DialogKind};
use crate::app::input::KeyPress;
use crate::app::widgets;
use crate::gfx::{Planar, Rect};
use crate::keyboard::scancode;

/// What OK does.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Purpose {
    /// Send the app's dialog back (`Command::ApplyDialog`).
    Dialog(DialogKind),
    /// Ask the host to read the file named in the first field.
    Load,
    /// Ask the host to write this save file under the name in the first field.
    Save(String),
    /// Send the path in the first field to the activity (`Command::LoadPictureFile`).
    LoadPicture,
    /// Send the path in the first field to the activity (`Command::LoadRuleFile`).
    LoadRule,
}

/// The longest text a field takes.
const MAX_TEXT: usize = 120;

/// An open dialog.
pub struct Form {
    pub purpose: Purpose,
    pub title: String,
    pub items: Vec<ConfigItem>,
    /// The error of the last OK (shown until the next edit), or `None`.
    pub error: Option<String>,
    /// The control with the focus: an item, then OK (`items.len()`), then Cancel.
    focus: usize,
    /// The cursor in the focused text field, in characters.
    cursor: usize,
    layout: Layout,
    /// Whether the form is on the screen, and what changed since (the control that had the
    /// focus, the one that has it, whether the message changed).
    drawn: bool,
    dirty: Option<(usize, usize, bool)>,
}

#[derive(Clone, Default, Debug)]
struct Layout {
    rect: Rect,
    scale: i32,
    title: Rect,
    /// Each item's label (for check boxes, the whole row) and control.
    labels: Vec<Rect>,
    /// A check box's label, wrapped to the box (nothing for the other items).
    wrapped: Vec<Vec<String>>,
    controls: Vec<Rect>,
    message: Rect,
    ok: Rect,
    cancel: Rect,
}

impl Form {
    pub fn new(purpose: Purpose, title: String, items: Vec<ConfigItem>) -> Self {
        let mut f = Form {
            purpose,
            title,
            items,
            error: None,
            focus: 0,
            cursor: 0,
            layout: Layout::default(),
            drawn: false,
            dirty: None,
        };
        f.focus_on(0);
        f
    }

    /// The text of the first text field (the file name of Load and Save).
    pub fn text(&self) -> String {
        self.items
            .iter()
            .find_map(|i| match i {
                ConfigItem::String { value, .. } => Some(value.clone()),
                _ => None,
            })
            .unwrap_or_default()
    }

    fn ok(&self) -> usize {
        self.items.len()
    }
    fn cancel(&self) -> usize {
        self.items.len() + 1
    }

    fn focus_on(&mut self, n: usize) {
        self.focus = n;
        if let Some(ConfigItem::String { value, .. }) = self.items.get(n) {
            self.cursor = value.chars().count();
        }
    }

    /// Lays the form out in the middle of `region`; returns its box.
    pub fn layout(&mut self, region: Rect, scale: i32) -> Rect {
        let cw = widgets::char_width(scale);
        let lh = widgets::line_height(scale);
        let pad = 2 * cw;
        let row_h = lh + 2 * scale;
        let label_w = self
            .items
            .iter()
            .filter(|i| !matches!(i, ConfigItem::Boolean { .. }))
            .map(|i| widgets::text_width(i.name(), scale))
            .max()
            .unwrap_or(0);
        let control_w = self
            .items
            .iter()
            .map(|i| match i {
                ConfigItem::String { value, .. } => (value.chars().count().max(16) as i32 + 1) * cw + 4 * scale,
                ConfigItem::Choices { choices, .. } => {
                    choices.iter().map(|c| widgets::text_width(c, scale)).max().unwrap_or(0) + 5 * cw
                }
                ConfigItem::Boolean { name, .. } => 2 * cw + widgets::text_width(name, scale) - label_w - cw,
            })
            .max()
            .unwrap_or(0);
        let button_w = widgets::text_width("Cancel", scale) + 4 * cw;
        let inner_w = (label_w + cw + control_w)
            .max(widgets::text_width(&self.title, scale) + 2 * cw)
            .max(2 * button_w + 2 * cw)
            .max(30 * cw);
        let w = (inner_w + 2 * pad).min(region.w - 2 * cw).max(1);
        // A check box's label wraps when the box is narrow.
        let box_w = 9 * scale;
        let wrap_cols = ((w - 2 * pad - box_w - cw) / cw).max(1) as usize;
        let wrapped: Vec<Vec<String>> = self
            .items
            .iter()
            .map(|i| match i {
                ConfigItem::Boolean { name, .. } => widgets::wrap(name, wrap_cols),
                _ => Vec::new(),
            })
            .collect();
        let rows_h: i32 = wrapped.iter().map(|l| l.len().max(1) as i32 * lh + 2 * scale).sum();
        // Title, items, two message lines, buttons, with the frame and the margins.
        let h = 2 + lh + pad + rows_h + 2 * lh + scale + row_h;
        let h = h.min(region.h - 2 * scale).max(1);
        let rect = Rect::new(region.x + (region.w - w) / 2, region.y + (region.h - h) / 2, w, h);
        let title = Rect::new(rect.x + 1, rect.y + 1, rect.w - 2, lh);
        let mut y = title.bottom() + pad / 2;
        let (mut labels, mut controls) = (Vec::new(), Vec::new());
        let left = rect.x + pad;
        let right = rect.right() - pad;
        for (i, lines) in self.items.iter().zip(&wrapped) {
            let row = Rect::new(left, y, right - left, lines.len().max(1) as i32 * lh);
            match i {
                ConfigItem::Boolean { .. } => {
                    labels.push(row);
                    controls.push(Rect::new(left, y + (lh - 7 * scale) / 2 - scale, box_w, box_w));
                }
                _ => {
                    labels.push(Rect::new(left, y, label_w, row.h));
                    let x = left + label_w + cw;
                    controls.push(Rect::new(x, y, (right - x).min(control_w), row.h));
                }
            }
            y += row.h + 2 * scale;
        }
        let message = Rect::new(left, y, right - left, 2 * lh);
        let by = message.bottom() + scale;
        let mid = rect.x + rect.w / 2;
        let ok = Rect::new(mid - cw - button_w, by, button_w, row_h);
        let cancel = Rect::new(mid + cw, by, button_w, row_h);
        self.layout = Layout { rect, scale, title, labels, wrapped, controls, message, ok, cancel };
        rect
    }

    /// The box, after `layout`.
    pub fn rect(&self) -> Rect {
        self.layout.rect
    }

    /// Where item `n`'s control is, after `layout` (for tests and scripts that click).
    pub fn control(&self, n: usize) -> Rect {
        self.layout.controls[n]
    }
    /// Where the OK and Cancel buttons are, after `layout`.
    pub fn buttons(&self) -> (Rect, Rect) {
        (self.layout.ok, self.layout.cancel)
    }

    fn edited(&mut self) -> Outcome {
        self.error = None;
        Outcome::Redraw
    }

    fn step_focus(&mut self, dir: isize) -> Outcome {
        let n = self.items.len() as isize + 2;
        self.focus_on((self.focus as isize + dir).rem_euclid(n) as usize);
        Outcome::Redraw
    }

    /// A key.
    fn key_inner(&mut self, k: KeyPress) -> Outcome {
        let shift = k.shift.shifted();
        match k.scancode {
            scancode::ESC | scancode::UNDO => return Outcome::Close,
            scancode::RETURN | scancode::KP_ENTER => {
                return if self.focus == self.cancel() { Outcome::Close } else { Outcome::Submit };
            }
            scancode::TAB => return self.step_focus(if shift { -1 } else { 1 }),
            scancode::DOWN => return self.step_focus(1),
            scancode::UP => return self.step_focus(-1),
            _ => {}
        }
        let focus = self.focus;
        let cursor = self.cursor;
        match self.items.get_mut(focus) {
            Some(ConfigItem::String { value, .. }) => {
                let len = value.chars().count();
                let at = |c: usize| value.char_indices().nth(c).map_or(value.len(), |(i, _)| i);
                match k.scancode {
                    scancode::LEFT if cursor > 0 => self.cursor -= 1,
                    scancode::RIGHT if cursor < len => self.cursor += 1,
                    scancode::CLR_HOME => self.cursor = if shift { len } else { 0 },
                    scancode::BACKSPACE if cursor > 0 => {
                        let i = at(cursor - 1);
                        value.remove(i);
                        self.cursor -= 1;
                        return self.edited();
                    }
                    scancode::DELETE if cursor < len => {
                        let i = at(cursor);
                        value.remove(i);
                        return self.edited();
                    }
                    _ if (32..127).contains(&k.ascii) && !k.shift.control() && len < MAX_TEXT => {
                        let i = at(cursor);
                        value.insert(i, k.ascii as char);
                        self.cursor += 1;
                        return self.edited();
                    }
                    _ => return Outcome::Stay,
                }
                Outcome::Redraw
            }
            Some(ConfigItem::Boolean { value, .. }) => match k.scancode {
                scancode::SPACE | scancode::LEFT | scancode::RIGHT => {
                    *value = !*value;
                    self.edited()
                }
                _ => Outcome::Stay,
            },
            Some(ConfigItem::Choices { choices, selected, .. }) => {
                let n = choices.len().max(1);
                match k.scancode {
                    scancode::SPACE | scancode::RIGHT => *selected = (*selected + 1) % n,
                    scancode::LEFT => *selected = (*selected + n - 1) % n,
                    _ => return Outcome::Stay,
                }
                self.edited()
            }
            None => match k.scancode {
                scancode::SPACE if focus == self.ok() => Outcome::Submit,
                scancode::SPACE => Outcome::Close,
                scancode::LEFT | scancode::RIGHT => {
                    let other = if focus == self.ok() { self.cancel() } else { self.ok() };
                    self.focus_on(other);
                    Outcome::Redraw
                }
                _ => Outcome::Stay,
            },
        }
    }

    /// A press of the left button at (`x`,`y`).
    fn press_inner(&mut self, x: i32, y: i32) -> Outcome {
        let l = &self.layout;
        if l.ok.contains(x, y) {
            return Outcome::Submit;
        }
        if l.cancel.contains(x, y) {
            return Outcome::Close;
        }
        let hit = (0..self.items.len()).find(|&n| l.controls[n].contains(x, y) || l.labels[n].contains(x, y));
        let Some(n) = hit else { return Outcome::Stay };
        let control = l.controls[n];
        let (cw, scale) = (widgets::char_width(l.scale), l.scale);
        self.focus_on(n);
        match &mut self.items[n] {
            ConfigItem::String { value, .. } => {
                let first = first_shown(self.cursor, visible_chars(control, scale));
                let len = value.chars().count();
                self.cursor = (first + ((x - control.x - 2 * scale).max(0) + cw / 2) as usize / cw as usize).min(len);
                Outcome::Redraw
            }
            ConfigItem::Boolean { value, .. } => {
                *value = !*value;
                self.edited()
            }
            ConfigItem::Choices { choices, selected, .. } => {
                let n = choices.len().max(1);
                *selected = if x < control.x + control.w / 2 { (*selected + n - 1) % n } else { (*selected + 1) % n };
                self.edited()
            }
        }
    }

    /// A key.
    pub fn key(&mut self, k: KeyPress) -> Outcome {
        let before = (self.focus, self.error.is_some());
        let o = self.key_inner(k);
        self.changed(before, &o);
        o
    }

    /// A press of the left button at (`x`,`y`).
    pub fn press(&mut self, x: i32, y: i32) -> Outcome {
        let before = (self.focus, self.error.is_some());
        let o = self.press_inner(x, y);
        self.changed(before, &o);
        o
    }

    /// After a change: what the next `draw` must draw again (the control that had the focus,
    /// the one that has it, the message if it came or went).
    fn changed(&mut self, (focus, had_error): (usize, bool), o: &Outcome) {
        if *o == Outcome::Redraw && self.drawn {
            self.dirty = Some((focus, self.focus, had_error != self.error.is_some()));
        }
    }

    /// Draws the form: all of it the first time (and after `invalidate`), else what changed.
    /// Returns what it drew.
    pub fn draw(&mut self, s: &mut Planar<&mut [u16]>) -> Rect {
        let dirty = self.dirty.take();
        match dirty {
            Some((a, b, message)) if self.drawn => {
                let mut r = self.draw_control(s, a);
                if b != a {
                    r = r.union(&self.draw_control(s, b));
                }
                if message {
                    self.draw_message(s);
                    r = r.union(&self.layout.message);
                }
                r
            }
            _ => {
                self.draw_all(s);
                self.drawn = true;
                self.layout.rect
            }
        }
    }

    /// Forgets what was drawn: the next `draw` draws everything.
    pub fn invalidate(&mut self) {
        self.drawn = false;
        self.dirty = None;
    }

    fn draw_all(&self, s: &mut Planar<&mut [u16]>) {
        let l = &self.layout;
        let scale = l.scale;
        widgets::panel(s, l.rect, pens::FACE, pens::INK);
        s.fill_rect(l.title, pens::SELECT);
        widgets::text_centred(s, l.title, scale, &self.title, pens::SELECT_TEXT);
        for n in 0..self.items.len() + 2 {
            self.draw_control(s, n);
        }
        self.draw_message(s);
    }

    /// Draws item `n`'s row, or the OK or Cancel button; returns where.
    fn draw_control(&self, s: &mut Planar<&mut [u16]>, n: usize) -> Rect {
        let l = &self.layout;
        let scale = l.scale;
        let cw = widgets::char_width(scale);
        if n >= self.items.len() {
            let (r, label) = if n == self.ok() { (l.ok, "OK") } else { (l.cancel, "Cancel") };
            widgets::panel(s, r, pens::PAPER, pens::INK);
            if n == self.ok() {
                // The default button, as GEM draws it: a thicker frame.
                widgets::frame(s, widgets::inset(r, scale), pens::INK);
            }
            if self.focus == n {
                widgets::frame(s, widgets::inset(r, 2 * scale), pens::SELECT);
            }
            widgets::text_centred(s, r, scale, label, pens::INK);
            return r;
        }
        let (label, control) = (l.labels[n], l.controls[n]);
        let row = label.union(&control);
        s.fill_rect(row, pens::FACE);
        let focused = self.focus == n;
        let border = if focused { pens::SELECT } else { pens::INK };
        match &self.items[n] {
            ConfigItem::String { name, value } => {
                widgets::text_in(s, label, 0, scale, name, pens::INK);
                widgets::panel(s, control, pens::PAPER, border);
                let shown = visible_chars(control, scale);
                let first = first_shown(if focused { self.cursor } else { 0 }, shown);
                let text: String = value.chars().skip(first).take(shown).collect();
                widgets::text_in(s, widgets::inset(control, 1), 2 * scale - 1, scale, &text, pens::INK);
                if focused {
                    let x = control.x + 2 * scale + (self.cursor - first) as i32 * cw - scale;
                    s.fill_rect(Rect::new(x, control.y + 2 * scale, scale, control.h - 4 * scale), pens::SELECT);
                }
            }
            ConfigItem::Boolean { value, .. } => {
                widgets::panel(s, control, pens::PAPER, border);
                if *value {
                    s.fill_rect(widgets::inset(control, 2 * scale), pens::INK);
                }
                let (x, lh) = (control.right() + cw, widgets::line_height(scale));
                let ink = if focused { pens::SELECT } else { pens::INK };
                for (i, line) in l.wrapped[n].iter().enumerate() {
                    let r = Rect::new(x, label.y + i as i32 * lh, label.right() - x, lh);
                    widgets::text_in(s, r, 0, scale, line, ink);
                }
            }
            ConfigItem::Choices { name, choices, selected } => {
                widgets::text_in(s, label, 0, scale, name, pens::INK);
                widgets::panel(s, control, pens::PAPER, border);
                let inside = widgets::inset(control, 1);
                widgets::text_in(s, inside, cw / 2, scale, "<", pens::INK);
                let right = inside.w - cw - cw / 2 + scale;
                widgets::text_in(s, inside, right, scale, ">", pens::INK);
                let value = choices.get(*selected).copied().unwrap_or("");
                widgets::text_centred(s, inside, scale, value, pens::INK);
            }
        }
        row
    }

    /// The message lines: the last OK's error, or a hint.
    fn draw_message(&self, s: &mut Planar<&mut [u16]>) {
        let l = &self.layout;
        let (scale, cw, lh) = (l.scale, widgets::char_width(l.scale), widgets::line_height(l.scale));
        s.fill_rect(l.message, pens::FACE);
        let (text, pen) = match &self.error {
            Some(e) => (e.as_str(), pens::ERROR),
            None => ("Tab: next field. Return: OK. Esc: Cancel.", pens::GREY),
        };
        let columns = (l.message.w / cw).max(1) as usize;
        for (i, line) in widgets::wrap(text, columns).iter().take(2).enumerate() {
            let r = Rect::new(l.message.x, l.message.y + i as i32 * lh, l.message.w, lh);
            widgets::text_in(s, r, 0, scale, line, pen);
        }
    }
}

/// How many characters a text field shows.
fn visible_chars(control: Rect, scale: i32) -> usize {
    ((control.w - 4 * scale) / widgets::char_width(scale)).max(1) as usize
}

/// The first character a field shows so that the cursor is in view.
fn first_shown(cursor: usize, shown: usize) -> usize {
    (cursor + 1).saturating_sub(shown)
}
