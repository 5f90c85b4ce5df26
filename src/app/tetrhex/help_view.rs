//! [`HelpView`]: a help text shown in a part of the screen and scrolled by keys (TETRHEX
//! manual, section 5.2): Up and Down a line, with Shift a page, with Control four times as
//! far; Clr-Home the start, Shift-Clr-Home the end; Esc leaves.
//!
//! A rule's help text ([`HelpText`]) is laid out as section 6.8 says, once, when the view is
//! made (all its allocation happens there):
//! - the text's width is its longest line, in characters; a line of that width is justified:
//!   its words spread so that the last ends at the area's right edge;
//! - spaces at a line's start indent it in proportion (spaces / width = shift / the area's
//!   width), and so do spaces at the end of a justified line, from the right edge;
//! - a run of spaces inside a line counts as one space;
//! - an underline line (only spaces and the text's underline character) is not shown: each
//!   run of underline characters underlines the characters of the line above that stand over
//!   it, but for the spaces at the run's ends; if it does not end with an underline character
//!   it also counts as an empty line (so do lines of spaces and truly empty ones).
//!
//! The characters are the Atari's: the accented letters of 128–165 are shown as their plain
//! letter (the 5×7 font is ASCII), other characters from 128 up as `?`, control characters
//! as spaces. Where the area is narrower than the text needs, a line that does not fit is
//! broken between words (its continuation at the same indentation, not justified) rather
//! than cut; underlines follow their characters. Two underline lines in a row (the manual
//! warns they crashed the original) underline nothing from the second.
//!
//! The program's own help is plain text ([`HelpView::plain`]): paragraphs separated by `\n`,
//! wrapped to the area with `widgets::wrap`.

use alloc::string::String;
use alloc::vec::Vec;

use crate::app::input::KeyPress;
use crate::app::widgets;
use crate::gfx::{Planar, Rect, font5x7};
use crate::keyboard::scancode;
use crate::rul::model::HelpText;

/// What a key did to the view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HelpOutcome {
    /// Nothing (already at that end, or a key without a meaning here).
    Nothing,
    /// The text moved: draw it again.
    Scrolled,
    /// Esc: back to the menu.
    Leave,
}

/// A word drawn in one go: `chars[start..end]` from `x` pixels right of the area's left.
#[derive(Clone, Copy, Debug)]
struct Run {
    x: i32,
    start: usize,
    end: usize,
}

/// One line on the screen: its words and its underlines (`x0..x1` pixels from the area's
/// left).
#[derive(Clone, Debug, Default)]
struct Line {
    runs: Vec<Run>,
    underlines: Vec<(i32, i32)>,
}

/// Where each column of a source line went: its display line (counted from the source
/// line's first) and its x; `None` for spaces.
type Places = Vec<Option<(usize, i32)>>;

/// A help text laid out for an area, and the first line shown.
#[derive(Clone, Debug)]
pub struct HelpView {
    /// Every word's characters (ASCII), one after the other.
    chars: String,
    lines: Vec<Line>,
    /// The lines the area shows at once (a page).
    page: usize,
    top: usize,
}

/// The height of a line of help (the glyphs, the underline, a gap).
pub const fn line_height(scale: i32) -> i32 {
    widgets::line_height(scale)
}

/// The character of the 5×7 font showing the Atari character `b`.
pub fn atari_char(b: u8) -> char {
    const ACCENTED: &[u8; 38] = b"CueaaaaceeeiiiAAEaAooouuyOUcLYsfaiounN";
    match b {
        32..=126 => b as char,
        128..=165 => ACCENTED[(b - 128) as usize] as char,
        0..=31 => ' ',
        _ => '?',
    }
}

/// Whether `b` counts as a space (a control character other than the line end does too).
fn is_space(b: u8) -> bool {
    b <= b' '
}

/// A source line of a rule's help text, classified.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Shown: it has a character other than a space and the underline character.
    Text,
    /// Only spaces and underline characters, the last an underline character: not shown.
    Underline,
    /// Only spaces and underline characters, not ending with one (or empty): an empty line.
    Empty,
}

fn kind(line: &[u8], underline: u8) -> Kind {
    let special = |b: u8| is_space(b) || (underline != 0 && b == underline);
    if !line.iter().all(|&b| special(b)) {
        Kind::Text
    } else if underline != 0 && line.last() == Some(&underline) {
        Kind::Underline
    } else {
        Kind::Empty
    }
}

/// The lines of `text`: split at LF, a CR before it dropped; nothing after the last line end.
fn source_lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let text = text.strip_suffix(b"\n").unwrap_or(text);
    let mut lines = text.split(|&b| b == b'\n').map(|l| l.strip_suffix(b"\r").unwrap_or(l));
    let empty = text.is_empty();
    core::iter::from_fn(move || if empty { None } else { lines.next() })
}

impl HelpView {
    /// A rule's help text laid out for `area` at `scale` (section 6.8).
    pub fn rule(help: &HelpText, area: Rect, scale: i32) -> HelpView {
        let scale = scale.max(1);
        let u = help.underline;
        let width = source_lines(&help.text).filter(|l| kind(l, u) == Kind::Text).map(|l| l.len()).max().unwrap_or(1);
        let mut view = HelpView::empty(area, scale);
        // For the line above an underline line: its first display line and where each of
        // its columns went (display line offset and x; `None` for spaces).
        let mut above: Option<(usize, Places)> = None;
        for line in source_lines(&help.text) {
            match kind(line, u) {
                Kind::Text => {
                    let first = view.lines.len();
                    let places = view.lay_out_text_line(line, width, area.w, scale);
                    above = Some((first, places));
                }
                k => {
                    if let Some((first, places)) = above.take() {
                        view.underline(line, u, first, &places, scale);
                    }
                    if k == Kind::Empty {
                        view.lines.push(Line::default());
                    }
                }
            }
        }
        view
    }

    /// Plain text (paragraphs separated by `\n`) wrapped to `area` at `scale`.
    pub fn plain(text: &str, area: Rect, scale: i32) -> HelpView {
        let scale = scale.max(1);
        let columns = (area.w / widgets::char_width(scale)).max(1) as usize;
        let mut view = HelpView::empty(area, scale);
        for row in widgets::wrap(text, columns) {
            let start = view.chars.len();
            view.chars.push_str(&row);
            let end = view.chars.len();
            let runs = if start == end { Vec::new() } else { alloc::vec![Run { x: 0, start, end }] };
            view.lines.push(Line { runs, underlines: Vec::new() });
        }
        view
    }

    fn empty(area: Rect, scale: i32) -> HelpView {
        let page = (area.h / line_height(scale)).max(1) as usize;
        HelpView { chars: String::new(), lines: Vec::new(), page, top: 0 }
    }

    /// Lays out one text line of a rule's help (a text `width` characters wide, in an area
    /// `area_w` pixels wide) as one or more display lines; returns where each column went.
    fn lay_out_text_line(&mut self, line: &[u8], width: usize, area_w: i32, scale: i32) -> Places {
        let cw = widgets::char_width(scale);
        let width = width.max(1) as i32;
        let lead = line.iter().take_while(|&&b| is_space(b)).count();
        let trail = line.iter().rev().take_while(|&&b| is_space(b)).count();
        // The words: (start column, length).
        let mut words: Vec<(usize, usize)> = Vec::new();
        let mut c = lead;
        while c < line.len() {
            let len = line[c..].iter().take_while(|&&b| !is_space(b)).count();
            words.push((c, len));
            c += len;
            c += line[c..].iter().take_while(|&&b| is_space(b)).count();
        }
        // (Saturating: a pathological line of millions of spaces must not overflow.)
        let share = |spaces: usize| (spaces.min(width as usize) as i32).saturating_mul(area_w) / width;
        let indent = share(lead);
        let letters: i32 = words.iter().map(|&(_, n)| n as i32 * cw).sum();
        let gaps = words.len() as i32 - 1;
        let natural_end = indent + letters + gaps * cw - scale;
        // Justified: the gaps share what the words leave of the span, the last glyph ending
        // at the span's end (the right edge less the trailing spaces' share).
        let span_end = area_w - share(trail);
        let spread = span_end - indent - letters + scale;
        let justify = line.len() as i32 == width && gaps > 0 && spread >= gaps * cw;
        let mut xs: Vec<(usize, i32)> = Vec::with_capacity(words.len());
        if justify {
            let mut x = indent;
            for (i, &(_, n)) in words.iter().enumerate() {
                xs.push((0, x));
                let i = i as i32;
                // Gap i: the spread's share, the remainder given to the first gaps.
                let g = spread / gaps + if i < spread % gaps { 1 } else { 0 };
                x += n as i32 * cw + g;
            }
        } else if natural_end <= area_w {
            let mut x = indent;
            for &(_, n) in &words {
                xs.push((0, x));
                x += n as i32 * cw + cw;
            }
        } else {
            // Too wide for the area: broken between words.
            let (mut row, mut x) = (0usize, indent);
            for &(_, n) in &words {
                let w = n as i32 * cw - scale;
                if x > indent && x + w > area_w {
                    row += 1;
                    x = indent;
                }
                xs.push((row, x));
                x += n as i32 * cw + cw;
            }
        }
        let first = self.lines.len();
        let rows = xs.last().map_or(1, |&(r, _)| r + 1);
        for _ in 0..rows {
            self.lines.push(Line::default());
        }
        let mut places = alloc::vec![None; line.len()];
        for (&(start, n), &(row, x)) in words.iter().zip(&xs) {
            let begin = self.chars.len();
            for (j, &b) in line[start..start + n].iter().enumerate() {
                self.chars.push(atari_char(b));
                places[start + j] = Some((row, x + j as i32 * cw));
            }
            let end = self.chars.len();
            self.lines[first + row].runs.push(Run { x, start: begin, end });
        }
        places
    }

    /// Underlines, for each run of `u` in `line`, the characters above it (`places`: where
    /// the line above's columns went, from display line `first` on).
    fn underline(&mut self, line: &[u8], u: u8, first: usize, places: &Places, scale: i32) {
        if u == 0 {
            return;
        }
        let glyph = font5x7::WIDTH * scale;
        let mut c = 0;
        while c < line.len() {
            if line[c] != u {
                c += 1;
                continue;
            }
            let start = c;
            while c < line.len() && line[c] == u {
                c += 1;
            }
            // The characters above the run, by display line: the leftmost and rightmost.
            let mut current: Option<(usize, i32, i32)> = None;
            for &(row, x) in places.iter().take(c).skip(start).flatten() {
                match current {
                    Some((r, x0, _)) if r == row => current = Some((r, x0, x)),
                    _ => {
                        if let Some((r, x0, x1)) = current {
                            self.lines[first + r].underlines.push((x0, x1 + glyph));
                        }
                        current = Some((row, x, x));
                    }
                }
            }
            if let Some((r, x0, x1)) = current {
                self.lines[first + r].underlines.push((x0, x1 + glyph));
            }
        }
    }

    /// The number of display lines.
    pub fn line_count(&self) -> usize {
        self.lines.len()
    }

    /// The first line shown.
    pub fn top(&self) -> usize {
        self.top
    }

    /// The lines shown at once.
    pub fn page(&self) -> usize {
        self.page
    }

    /// The text of display line `i` (its words separated by one space), for tests and
    /// plain-text output.
    pub fn line_text(&self, i: usize) -> String {
        let mut s = String::new();
        for (k, run) in self.lines.get(i).map_or(&[][..], |l| &l.runs[..]).iter().enumerate() {
            if k > 0 {
                s.push(' ');
            }
            s.push_str(&self.chars[run.start..run.end]);
        }
        s
    }

    /// Where display line `i`'s words start, in pixels from the area's left.
    pub fn word_positions(&self, i: usize) -> Vec<i32> {
        self.lines.get(i).map_or_else(Vec::new, |l| l.runs.iter().map(|r| r.x).collect())
    }

    /// Display line `i`'s underlines (`x0..x1` pixels from the area's left).
    pub fn underlines(&self, i: usize) -> &[(i32, i32)] {
        self.lines.get(i).map_or(&[], |l| &l.underlines)
    }

    /// The last possible first line: the end of the text at the bottom of the area.
    fn last_top(&self) -> usize {
        self.lines.len().saturating_sub(self.page)
    }

    /// Handles one key.
    pub fn key(&mut self, k: KeyPress) -> HelpOutcome {
        let factor = if k.shift.control() { 4 } else { 1 };
        let step = if k.shift.shifted() { self.page } else { 1 } * factor;
        let top = match k.scancode {
            scancode::ESC => return HelpOutcome::Leave,
            scancode::UP => self.top.saturating_sub(step),
            scancode::DOWN => (self.top + step).min(self.last_top()),
            scancode::CLR_HOME if k.shift.shifted() => self.last_top(),
            scancode::CLR_HOME => 0,
            _ => return HelpOutcome::Nothing,
        };
        if top == self.top {
            return HelpOutcome::Nothing;
        }
        self.top = top;
        HelpOutcome::Scrolled
    }

    /// Draws the lines shown in `area` (filled with `background` first), clipped to `clip`.
    pub fn draw(&self, surface: &mut Planar<&mut [u16]>, clip: Rect, area: Rect, scale: i32, background: u8, pen: u8) {
        let scale = scale.max(1);
        let clip = clip.intersect(&area);
        if clip.is_empty() {
            return;
        }
        surface.fill_rect(clip, background);
        let lh = line_height(scale);
        let rows = (area.h / lh).max(1) as usize;
        for (k, line) in self.lines.iter().skip(self.top).take(rows).enumerate() {
            let y = area.y + k as i32 * lh + scale;
            for run in &line.runs {
                font5x7::draw(surface, clip, area.x + run.x, y, scale, &self.chars[run.start..run.end], pen);
            }
            for &(x0, x1) in &line.underlines {
                let r = Rect::new(area.x + x0, y + (font5x7::HEIGHT + 1) * scale, x1 - x0, scale);
                surface.fill_rect(r.intersect(&clip), pen);
            }
        }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
