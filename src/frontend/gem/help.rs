//! Help in the window: the app's help text (`app::help`) in a dialog of the AES's, a page at
//! a time. The words are wrapped to the dialog's width (at most [`MAX_COLS`], less on a
//! narrow screen), paragraphs kept apart by an empty line, [`ROWS`] lines a page; Back and
//! Next turn the pages where there are others, OK (Return) closes.

use alloc::string::String;
use alloc::vec::Vec;

use falcon_gem::object::builder::CharCell;
use falcon_gem::object::dialog::{ButtonRole, DialogBuilder};
use falcon_gem::object::{ObjectId, Tree};
use falcon_gem::rect::Rect;

use super::dialog::atari_text;

/// The widest line of text (characters).
pub const MAX_COLS: usize = 56;
/// Lines of text on a page.
pub const ROWS: usize = 12;

/// The words of `text` in lines of at most `cols` characters (a longer word is cut), each
/// paragraph (`\n`) after an empty line, in pages of `rows` lines; one empty page for an
/// empty text.
pub fn pages(text: &str, cols: usize, rows: usize) -> Vec<Vec<String>> {
    let cols = cols.max(1);
    let mut lines: Vec<String> = Vec::new();
    for (i, paragraph) in text.split('\n').enumerate() {
        if i > 0 {
            lines.push(String::new());
        }
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let word = &word[..word.len().min(cols)];
            if !line.is_empty() && line.len() + 1 + word.len() > cols {
                lines.push(core::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    let mut out: Vec<Vec<String>> = lines.chunks(rows.max(1)).map(|page| page.to_vec()).collect();
    // A page does not start with the empty line between two paragraphs.
    for page in out.iter_mut() {
        if page.first().is_some_and(|l| l.is_empty()) {
            page.remove(0);
        }
    }
    if out.is_empty() {
        out.push(Vec::new());
    }
    out
}

/// The text's width on a screen of `screen_cols` columns: [`MAX_COLS`], or what the screen
/// leaves with the dialog's margins.
pub fn columns_for(screen_cols: i16) -> usize {
    (screen_cols - 6).clamp(20, MAX_COLS as i16) as usize
}

/// The buttons of a help page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelpIds {
    pub back: Option<ObjectId>,
    pub next: Option<ObjectId>,
    pub ok: ObjectId,
}

/// Page `n` (from 0) of `pages` as a dialog: `title` and the page number on top, the
/// lines, then Back and Next where there is such a page, and OK.
pub fn layout(
    title: &str,
    pages: &[Vec<String>],
    n: usize,
    cols: usize,
    cell: CharCell,
    screen: Rect,
) -> (Tree, HelpIds) {
    let n = n.min(pages.len().saturating_sub(1));
    let box_cols = (cols as i16 + 4).min(screen.w / cell.w.max(1) - 2).max(24);
    let box_rows = ROWS as i16 + 6;
    let mut d = DialogBuilder::new(cell, box_cols, box_rows);
    let heading =
        if pages.len() > 1 { alloc::format!("{} ({}/{})", title, n + 1, pages.len()) } else { String::from(title) };
    let heading = atari_text(&heading);
    let heading = &heading[..heading.len().min(box_cols as usize - 2)];
    d.label((box_cols - heading.len() as i16) / 2, 1, heading);
    for (row, line) in pages.get(n).into_iter().flatten().enumerate() {
        if !line.is_empty() {
            d.label(2, 3 + row as i16, &atari_text(line));
        }
    }
    let row = box_rows - 2;
    let back = (n > 0).then(|| d.button(2, row, 8, "Back", ButtonRole::Exit));
    let next = (n + 1 < pages.len()).then(|| d.button(12, row, 8, "Next", ButtonRole::Exit));
    let ok = d.button(box_cols - 10, row, 8, "OK", ButtonRole::Default);
    (d.build(), HelpIds { back, next, ok })
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
