//! The accessory's menu: a desk accessory has no menu bar (the running program's is on the
//! screen, and AES 3.40 gives a window none), so F10 in its window shows the app's
//! [`MenuBar`] as a dialog of the AES's: the titles along the top as a bar, the items of
//! the menu open below them, as a menu shows them.
//!
//! - A title clicked opens its menu (the dialog is laid out again, [`Choice::Title`]); an
//!   item clicked sends its `Command` as the program's menu bar does ([`Choice::Item`]);
//!   Cancel (Return) closes it.
//! - An item is a line `"  Label   ^N "` ([`item_text`], the menu bar's), the tick as the
//!   AES's CHECKED mark; a greyed item is DISABLED and not selectable; a separator a
//!   disabled row of dashes.
//! - A menu taller than the screen leaves room for goes on in a column to the right.
//! - The Desk menu is the app's (About), not the AES's accessories.

use alloc::vec::Vec;

use falcon_gem::object::builder::{Attrs, CharCell, StringKind};
use falcon_gem::object::dialog::{ButtonRole, DialogBuilder};
use falcon_gem::object::{ObjectFlags, ObjectId, ObjectState, Tree};
use falcon_gem::rect::Rect;

use super::dialog::atari_text;
use super::menu::{item_text, menu_width};
use crate::app::command::Command;
use crate::app::menu::{MenuBar, MenuEntry};

/// What a click in the dialog means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Open the menu of this title (its place in the bar).
    Title(usize),
    /// Send this item's command.
    Item(Command),
    /// Close the dialog, doing nothing.
    Cancel,
}

/// The dialog's exit objects and what each means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuDialogIds {
    /// Each title's object, in the bar's order.
    pub titles: Vec<ObjectId>,
    /// The open menu's enabled items: their objects and commands.
    pub items: Vec<(ObjectId, Command)>,
    pub cancel: ObjectId,
}

impl MenuDialogIds {
    /// What leaving the dialog by `exit` means (an object not ours: Cancel).
    pub fn choice(&self, exit: ObjectId) -> Choice {
        if let Some(i) = self.titles.iter().position(|&t| t == exit) {
            return Choice::Title(i);
        }
        match self.items.iter().find(|(id, _)| *id == exit) {
            Some((_, command)) => Choice::Item(command.clone()),
            None => Choice::Cancel,
        }
    }
}

/// The menu open first: the one after Desk (File), or the only one.
pub fn first_menu(bar: &MenuBar) -> usize {
    usize::from(bar.menus.len() > 1)
}

/// Rows of the dialog besides the items: the border's, the bar's, the space under it, the
/// space above Cancel, Cancel's, the border's.
const OTHER_ROWS: i16 = 6;

/// The dialog for `bar` with the menu `open` (its place in the bar) open, for a screen
/// `screen` of `cell`-sized characters.
pub fn layout(bar: &MenuBar, open: usize, cell: CharCell, screen: Rect) -> (Tree, MenuDialogIds) {
    let open = open.min(bar.menus.len().saturating_sub(1));
    let screen_cols = (screen.w / cell.w.max(1)).max(20);
    let screen_rows = (screen.h / cell.h.max(1)).max(OTHER_ROWS + 2);
    let entries = bar.menus.get(open).map_or(&[][..], |m| &m.entries[..]);
    let width = menu_width(bar.menus.get(open).into_iter().flat_map(|m| m.items())).max(12) as i16;
    // Columns of at most `per_column` entries, as many as the screen's height asks for.
    let per_column = (screen_rows - 2 - OTHER_ROWS).max(1) as usize;
    let columns = entries.len().div_ceil(per_column).max(1) as i16;
    let rows_used = entries.len().min(per_column) as i16;
    let titles_cols: i16 = bar.menus.iter().map(|m| m.title.len() as i16 + 2).sum();
    let box_cols = (titles_cols + 2).max(columns * (width + 1) + 3).max(14).min(screen_cols - 2);
    let box_rows = rows_used + OTHER_ROWS;
    let mut d = DialogBuilder::new(cell, box_cols, box_rows);
    // The bar: each title a selectable string, the open one inverted as a menu's title.
    let mut col = 1;
    let mut titles = Vec::with_capacity(bar.menus.len());
    for (i, menu) in bar.menus.iter().enumerate() {
        let text = atari_text(&alloc::format!(" {} ", menu.title));
        let state = if i == open { ObjectState::SELECTED } else { ObjectState::empty() };
        let attrs = Attrs::at(cells(cell, col, 1, text.len() as i16))
            .flags(ObjectFlags::SELECTABLE | ObjectFlags::EXIT)
            .state(state);
        titles.push(d.builder_mut().add_string(ObjectId::ROOT, StringKind::String, &text, attrs));
        col += text.len() as i16;
    }
    // The items, in columns.
    let mut items = Vec::new();
    for (n, entry) in entries.iter().enumerate() {
        let col = 2 + (n / per_column) as i16 * (width + 1);
        let row = 3 + (n % per_column) as i16;
        let (text, attrs) = match entry {
            MenuEntry::Separator => (
                alloc::string::String::from_iter(core::iter::repeat_n('-', width as usize)),
                Attrs::at(cells(cell, col, row, width)).state(ObjectState::DISABLED),
            ),
            MenuEntry::Item(item) => {
                let text = atari_text(&item_text(&item.label, item.shortcut, width as usize));
                let mut state = ObjectState::empty();
                state.set(ObjectState::CHECKED, item.checked);
                let attrs = Attrs::at(cells(cell, col, row, width));
                let attrs = if item.enabled {
                    attrs.flags(ObjectFlags::SELECTABLE | ObjectFlags::EXIT).state(state)
                } else {
                    attrs.state(state | ObjectState::DISABLED)
                };
                (text, attrs)
            }
        };
        let text = &text[..text.len().min(width as usize)];
        let id = d.builder_mut().add_string(ObjectId::ROOT, StringKind::String, text, attrs);
        if let MenuEntry::Item(item) = entry
            && item.enabled
        {
            items.push((id, item.command.clone()));
        }
    }
    let cancel = d.button(box_cols - 10, box_rows - 2, 8, "Cancel", ButtonRole::Default);
    (d.build(), MenuDialogIds { titles, items, cancel })
}

/// The rectangle of `cols` cells at (`col`, `row`), one row high.
fn cells(cell: CharCell, col: i16, row: i16, cols: i16) -> Rect {
    Rect::new(col * cell.w, row * cell.h, cols * cell.w, cell.h)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
