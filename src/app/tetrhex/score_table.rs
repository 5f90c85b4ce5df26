//! The best scores' screen (manual section 5.5): ten ranks of the table of the board side
//! being played, from rank 10n−9 (key Fn, n = 1–20; ranks 201–255 can be kept but not shown,
//! as in TETRHEX), with the rank a game just entered in the prompt's colour. Down and Up turn
//! the page by ten ranks (ours: full screen and the accessory keep F10 for their menus). Esc
//! goes back to the main menu.

use alloc::format;

use super::pens;
use crate::app::widgets;
use crate::gfx::{Planar, Rect};
use crate::rul::model::ScoreEntry;
use crate::rul::scores::date_text;

/// Ranks on one page.
pub const PAGE: usize = 10;
/// The last page a key can show (F20: ranks 191–200).
pub const LAST_PAGE: u8 = 20;

/// The first rank (0-based) of page `n` (1–20).
pub const fn first_rank(page: u8) -> usize {
    (page as usize - 1) * PAGE
}

/// A player's name as text: up to its NUL, bytes outside printable ASCII shown as `?`.
pub fn name_text(entry: &ScoreEntry) -> alloc::string::String {
    let end = entry.name.iter().position(|&b| b == 0).unwrap_or(entry.name.len());
    entry.name[..end].iter().map(|&b| if (32..127).contains(&b) { b as char } else { '?' }).collect()
}

/// What the page shows.
pub struct ScorePage<'a> {
    pub rule_name: &'a str,
    pub side: u8,
    /// The whole table of that side, best first.
    pub table: &'a [ScoreEntry],
    /// The first rank shown (0-based, a multiple of [`PAGE`]).
    pub first: usize,
    /// The rank just entered, shown in the prompt's colour.
    pub mark: Option<usize>,
}

/// Draws the page over the whole `region`.
pub fn draw(surface: &mut Planar<&mut [u16]>, region: Rect, page: &ScorePage<'_>) {
    let s = widgets::scale_for(region);
    let line = widgets::line_height(s);
    surface.fill_rect(region, pens::BACKGROUND);
    let mut y = region.y + line;
    let title = format!("{}: best scores, side {}", page.rule_name, page.side);
    widgets::centred_line(surface, region, y, s, &title, pens::RULE_NAME);
    y += line;
    let ranks = format!("Ranks {} to {}", page.first + 1, page.first + PAGE);
    widgets::centred_line(surface, region, y, s, &ranks, pens::HINT);
    y += line * 3 / 2;
    // Columns: the rank right-aligned in 4 characters, a space, the name (23 at most), the
    // score right-aligned in 10, two spaces, the date (10): 50 characters.
    let cw = widgets::char_width(s);
    let x = region.x + ((region.w - 50 * cw) / 2).max(s * 2);
    for rank in page.first..page.first + PAGE {
        widgets::line_text(surface, region, x, y, s, &format!("{:>3}.", rank + 1), pens::HINT);
        if let Some(entry) = page.table.get(rank) {
            let pen = if page.mark == Some(rank) { pens::PROMPT } else { pens::RULE_NAME };
            widgets::line_text(surface, region, x + 5 * cw, y, s, &name_text(entry), pen);
            widgets::line_text(surface, region, x + 28 * cw, y, s, &format!("{:>10}", entry.score), pen);
            widgets::line_text(surface, region, x + 40 * cw, y, s, &date_text(entry.date), pens::HINT);
        }
        y += line;
    }
    y += line / 2;
    widgets::centred_line(surface, region, y, s, &keys_hint(page.first), pens::HINT);
}

/// The keys' line under the page whose first rank (0-based) is `first`: the page that Down
/// or Up turns to, where there is one, and Esc.
pub fn keys_hint(first: usize) -> alloc::string::String {
    let last = first_rank(LAST_PAGE);
    if first == 0 {
        format!("Down: ranks {} to {}   Esc: main menu", PAGE + 1, 2 * PAGE)
    } else if first >= last {
        format!("Up: ranks {} to {}   Esc: main menu", last - PAGE + 1, last)
    } else {
        "Down, Up: other ranks   Esc: main menu".into()
    }
}
