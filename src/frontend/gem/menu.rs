//! The AES menu bar, built from the app's [`MenuBar`] (`Activity::menu_bar`): the same
//! titles, items, shortcuts, greying and ticks the full-screen host draws itself.
//!
//! - The app's "Desk" menu gives the Desk menu's first item (About…); the AES fills the
//!   rest of that menu with the accessories.
//! - Every other title becomes a title of the bar (" File "), every item a line
//!   `"  Label   ^N "`: two spaces for the tick, the shortcut right-aligned in the menu's
//!   width (GEM's way of showing keys; `Shortcut::label`), separators as disabled rows.
//! - `enabled` and `checked` become the items' DISABLED and CHECKED states at build time;
//!   afterwards [`GemMenu::sync`] changes only the items that differ, through
//!   `menu_ienable`/`menu_icheck`, as long as the bar has the same items (a game with other
//!   presets needs a new tree: [`GemMenu::same_items`] says when).

use alloc::string::String;
use alloc::vec::Vec;

use falcon_gem::aes::Aes;
use falcon_gem::object::builder::CharCell;
use falcon_gem::object::menu::{Menu as MenuTree, MenuBuilder};
use falcon_gem::object::{ObjectId, ObjectState};
use falcon_gem::rect::Rect;
use falcon_gem::trap::Trap;

use crate::app::command::Command;
use crate::app::keymap::Shortcut;
use crate::app::menu::{MenuBar, MenuEntry, MenuItem};

/// The title of the app's menu whose first item becomes the Desk menu's About item.
const DESK: &str = "Desk";

/// One item of the bar: where it is in the tree and what it sends.
struct Entry {
    id: ObjectId,
    title: ObjectId,
    command: Command,
}

/// An AES menu tree made from a [`MenuBar`], and what each of its items means.
pub struct GemMenu {
    pub tree: MenuTree,
    entries: Vec<Entry>,
}

/// The line of an item in a menu `width` characters wide: two spaces (room for the tick),
/// the label, the shortcut's label ending one space before the right edge (at least two
/// spaces after the label).
pub fn item_text(label: &str, shortcut: Option<Shortcut>, width: usize) -> String {
    let mut text = String::from("  ");
    text.push_str(label);
    if let Some(s) = shortcut {
        let key = s.label();
        let gap = width.saturating_sub(2 + label.len() + key.len() + 1).max(2);
        text.extend(core::iter::repeat_n(' ', gap));
        text.push_str(&key);
    }
    text.push(' ');
    text
}

/// The width in characters of a menu: its longest line as [`item_text`] writes it.
pub(super) fn menu_width<'a>(items: impl Iterator<Item = &'a MenuItem>) -> usize {
    items.map(|i| 2 + i.label.len() + i.shortcut.map_or(0, |s| 2 + s.label().len()) + 1).max().unwrap_or(0)
}

/// The object state an item starts with.
fn state_of(item: &MenuItem) -> ObjectState {
    let mut state = ObjectState::empty();
    state.set(ObjectState::DISABLED, !item.enabled);
    state.set(ObjectState::CHECKED, item.checked);
    state
}

impl GemMenu {
    /// Lays out `bar` for a screen (`cell`: the AES's character cell from `graf_handle`).
    pub fn build(bar: &MenuBar, cell: CharCell, screen: Rect) -> GemMenu {
        let desk = bar.menu(DESK);
        let about = desk.and_then(|m| m.items().next());
        let about_text = about.map_or_else(|| item_text("About", None, 0), |i| item_text(&i.label, None, 0));
        let mut b = MenuBuilder::new(cell, screen, " Desk ", &about_text);
        // (item, its command), then (title, items) for each title.
        let mut pending = Vec::new();
        if let Some(item) = about {
            pending.push((None, b.about(), item.command.clone()));
        }
        for menu in bar.menus.iter().filter(|m| m.title != DESK) {
            let title = b.title(&alloc::format!(" {} ", menu.title));
            let width = menu_width(menu.items());
            for entry in &menu.entries {
                match entry {
                    MenuEntry::Separator => b.separator(title),
                    MenuEntry::Item(item) => {
                        let text = item_text(&item.label, item.shortcut, width);
                        let r = b.item_with_state(title, &text, state_of(item));
                        pending.push((Some(title), r, item.command.clone()));
                    }
                }
            }
        }
        let tree = b.build();
        let entries = pending
            .into_iter()
            .map(|(title, item, command)| Entry {
                id: tree.item_id(item),
                // The Desk title is object 3, the first title of a resource-style bar.
                title: title.map_or(ObjectId(3), |t| tree.title_id(t)),
                command,
            })
            .collect();
        GemMenu { tree, entries }
    }

    /// What the item of an MN_SELECTED sends, if it is one of ours.
    pub fn command(&self, item: ObjectId) -> Option<&Command> {
        self.entries.iter().find(|e| e.id == item).map(|e| &e.command)
    }

    /// The title an item belongs to (for `menu_tnormal` after handling it).
    pub fn title_of(&self, item: ObjectId) -> Option<ObjectId> {
        self.entries.iter().find(|e| e.id == item).map(|e| e.title)
    }

    /// Whether `bar` has exactly the items of this tree, in order (then `sync` can bring
    /// their states up to date; otherwise the bar needs a new tree).
    pub fn same_items(&self, bar: &MenuBar) -> bool {
        let commands: Vec<&Command> = items_of(bar).map(|i| &i.command).collect();
        commands.len() == self.entries.len() && commands.iter().zip(&self.entries).all(|(c, e)| **c == e.command)
    }

    /// Greys and ticks the items as `bar` says, calling the AES only for those that
    /// changed; false (and nothing done) when `bar` has other items ([`Self::same_items`]).
    pub fn sync<T: Trap>(&self, aes: &mut Aes<T>, bar: &MenuBar) -> bool {
        if !self.same_items(bar) {
            return false;
        }
        for (item, entry) in items_of(bar).zip(&self.entries) {
            let state = self.tree.tree.object(entry.id).state();
            if state.contains(ObjectState::DISABLED) == item.enabled {
                aes.menu_ienable(&self.tree.tree, entry.id, item.enabled);
            }
            if state.contains(ObjectState::CHECKED) != item.checked {
                aes.menu_icheck(&self.tree.tree, entry.id, item.checked);
            }
        }
        true
    }
}

/// The items of `bar` in the order [`GemMenu::build`] puts them: the Desk menu's first,
/// then every other title's.
fn items_of(bar: &MenuBar) -> impl Iterator<Item = &MenuItem> {
    let about = bar.menu(DESK).and_then(|m| m.items().next());
    about.into_iter().chain(bar.menus.iter().filter(|m| m.title != DESK).flat_map(|m| m.items()))
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
