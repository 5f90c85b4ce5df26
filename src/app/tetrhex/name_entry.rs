//! [`NameEntry`]: the player's name typed in a box at the top left (TETRHEX manual, section
//! 5.3), from the main menu or at a game's end when the score is to be saved.
//!
//! Keys: a printable character is added (ASCII 32–126, at most [`MAX_LEN`] characters: the
//! score table keeps 24 bytes with the NUL); Backspace erases the last character, Esc all of
//! them; Right arrow recalls the last character erased at the cursor's position (or an older
//! one that stood there), Up arrow all the erased ones from the cursor on; Return or Enter
//! validate; Ctrl-C ends the entry with an empty name.
//!
//! The erased characters go to a mini-buffer, one place per position. After a validation or
//! a Ctrl-C the name just entered becomes the mini-buffer, except its first character: at
//! the next entry, typing the first character and then Up gives the last name back. (The
//! mini-buffer ends with that name: older, longer names do not trail after it.)
//!
//! At a game's end an empty name cannot be validated (Return does nothing) and Ctrl-C
//! aborts the entry: the score is not saved.
//!
//! Atari characters from 128 up are refused: the 5×7 font has none of them (they would show
//! as boxes) and a name of plain ASCII reads the same on every keyboard and in the score
//! table.

use alloc::string::String;

use crate::app::input::KeyPress;
use crate::app::widgets;
use crate::gfx::{Planar, Rect, font5x7};
use crate::keyboard::scancode;

/// The longest name (the score table's 24 bytes hold it and its NUL).
pub const MAX_LEN: usize = 23;

/// The text before the name in the box.
pub const PROMPT: &str = "Name:";

/// What a key did to the entry.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NameOutcome {
    /// The entry goes on (the box may have changed: draw it again).
    Editing,
    /// Return or Enter (or Ctrl-C from the main menu, with an empty name): the name given.
    Validated(String),
    /// Ctrl-C at a game's end: no name, the score is not saved.
    Aborted,
}

/// The pens of the name's box.
#[derive(Clone, Copy, Debug)]
pub struct NamePens {
    pub face: u8,
    pub border: u8,
    pub prompt: u8,
    /// The name and the cursor.
    pub text: u8,
}

/// The name being typed and the mini-buffer of erased characters, kept from one entry to
/// the next.
#[derive(Clone, Debug, Default)]
pub struct NameEntry {
    text: [u8; MAX_LEN],
    len: usize,
    /// The last character erased at each position, 0 for none.
    erased: [u8; MAX_LEN],
    at_game_end: bool,
}

impl NameEntry {
    /// No name typed, an empty mini-buffer.
    pub const fn new() -> Self {
        NameEntry { text: [0; MAX_LEN], len: 0, erased: [0; MAX_LEN], at_game_end: false }
    }

    /// Starts an entry with an empty name (the mini-buffer is kept); `at_game_end` says it
    /// is asked at a game's end, where an empty name cannot be validated.
    pub fn begin(&mut self, at_game_end: bool) {
        self.len = 0;
        self.at_game_end = at_game_end;
    }

    /// The name typed so far.
    pub fn text(&self) -> &str {
        // Only ASCII 32–126 is ever stored.
        core::str::from_utf8(&self.text[..self.len]).unwrap_or("")
    }

    /// Whether this entry is the one at a game's end.
    pub fn at_game_end(&self) -> bool {
        self.at_game_end
    }

    /// Handles one key.
    pub fn key(&mut self, k: KeyPress) -> NameOutcome {
        let control = k.shift.control();
        if control && is_c(k) {
            self.keep_for_next_entry();
            return if self.at_game_end { NameOutcome::Aborted } else { NameOutcome::Validated(String::new()) };
        }
        match k.scancode {
            scancode::RETURN | scancode::KP_ENTER => {
                if self.len == 0 && self.at_game_end {
                    return NameOutcome::Editing;
                }
                let name = String::from(self.text());
                self.keep_for_next_entry();
                return NameOutcome::Validated(name);
            }
            scancode::BACKSPACE => {
                if self.len > 0 {
                    self.len -= 1;
                    self.erased[self.len] = self.text[self.len];
                }
            }
            scancode::ESC => {
                self.erased[..self.len].copy_from_slice(&self.text[..self.len]);
                self.len = 0;
            }
            scancode::RIGHT => {
                self.recall_one();
            }
            scancode::UP => while self.recall_one() {},
            _ => {
                if !control && !k.shift.alternate() && (32..=126).contains(&k.ascii) && self.len < MAX_LEN {
                    self.text[self.len] = k.ascii;
                    self.len += 1;
                }
            }
        }
        NameOutcome::Editing
    }

    /// Puts back the character erased at the cursor's position, if any.
    fn recall_one(&mut self) -> bool {
        if self.len >= MAX_LEN || self.erased[self.len] == 0 {
            return false;
        }
        self.text[self.len] = self.erased[self.len];
        self.len += 1;
        true
    }

    /// After a validation or Ctrl-C: the name becomes the mini-buffer, but for its first
    /// character.
    fn keep_for_next_entry(&mut self) {
        self.erased = [0; MAX_LEN];
        self.erased[..self.len].copy_from_slice(&self.text[..self.len]);
        self.erased[0] = 0;
        self.len = 0;
    }

    /// The box's size at `scale`: room for the prompt, the longest name and the cursor.
    pub fn box_size(scale: i32) -> (i32, i32) {
        let cw = widgets::char_width(scale);
        let pad = 3 * scale;
        let w = 2 * pad + widgets::text_width(PROMPT, scale) + cw + (MAX_LEN as i32 + 1) * cw;
        (w, widgets::line_height(scale) + 2 * scale)
    }

    /// Draws the box with its top-left corner at `at`'s, no larger than `at`, clipped to
    /// `clip`: the prompt, the name and the cursor after it. Returns the rectangle drawn (for
    /// the damage).
    pub fn draw(&self, surface: &mut Planar<&mut [u16]>, clip: Rect, at: Rect, scale: i32, pens: NamePens) -> Rect {
        let scale = scale.max(1);
        let (w, h) = Self::box_size(scale);
        let r = Rect::new(at.x, at.y, w.min(at.w), h.min(at.h));
        let clip = clip.intersect(&r);
        if clip.is_empty() {
            return clip;
        }
        surface.fill_rect(clip, pens.face);
        // The frame, one side at a time, so that it too stays inside `clip`.
        for side in [
            Rect::new(r.x, r.y, r.w, 1),
            Rect::new(r.x, r.bottom() - 1, r.w, 1),
            Rect::new(r.x, r.y, 1, r.h),
            Rect::new(r.right() - 1, r.y, 1, r.h),
        ] {
            surface.fill_rect(side.intersect(&clip), pens.border);
        }
        let pad = 3 * scale;
        let y = r.y + (r.h - font5x7::HEIGHT * scale) / 2;
        let inner = widgets::inset(r, 1).intersect(&clip);
        let x = r.x + pad;
        font5x7::draw(surface, inner, x, y, scale, PROMPT, pens.prompt);
        let x = x + widgets::text_width(PROMPT, scale) + widgets::char_width(scale);
        font5x7::draw(surface, inner, x, y, scale, self.text(), pens.text);
        let cx = x + self.len as i32 * widgets::char_width(scale);
        let cursor = Rect::new(cx, y + (font5x7::HEIGHT + 1) * scale, font5x7::WIDTH * scale, scale);
        surface.fill_rect(cursor.intersect(&inner), pens.text);
        clip
    }
}

/// Whether `k` is the C key (Control held): TOS gives the control code 3, a front end
/// reading the IKBD the letter, and a key with no ASCII is known by its scancode.
fn is_c(k: KeyPress) -> bool {
    matches!(k.ascii, 3 | b'c' | b'C') || (k.ascii == 0 && k.scancode == scancode::of_ascii(b'c'))
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
