//! Menus as data: titles, items with label, shortcut, command, enabled and checked state. The
//! GEM front end turns a [`MenuBar`] into an AES menu tree (titles in the bar, `menu_ienable`
//! and `menu_icheck` for the states); the full-screen front end draws its own. Choosing an item
//! sends its [`Command`] to the app, exactly as its shortcut key does.
//!
//! The layout is Tatham's Game/Type/Help adapted to GEM's Desk/File/Edit/Type/Games/Help (his
//! Mac port does the same for its platform): see `PuzzleActivity::menu_bar`.

use alloc::string::String;
use alloc::vec::Vec;

use super::command::Command;
use super::keymap::Shortcut;

/// One choosable entry.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MenuItem {
    /// What the entry says; `...` at the end when it opens a dialog (GEM's style guide).
    pub label: String,
    /// The key that does the same, shown beside the label.
    pub shortcut: Option<Shortcut>,
    pub command: Command,
    /// Greyed out when false.
    pub enabled: bool,
    /// Ticked (the current preset, the current game).
    pub checked: bool,
}

/// An entry of a menu.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MenuEntry {
    Item(MenuItem),
    Separator,
}

/// One title of the bar and its entries.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Menu {
    pub title: String,
    pub entries: Vec<MenuEntry>,
}

/// The whole menu bar, left to right.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct MenuBar {
    pub menus: Vec<Menu>,
}

/// What a menu bar shows that can change, in a few words: two equal states are two equal
/// bars (`Activity::menu_bar`). Made without allocating, so a host may ask after every
/// event and build the bar again only when the state differs (the GEM window keeps the AES's
/// menu in step this way; building a bar costs dozens of allocations).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MenuState {
    /// Which activity's bar: set by the owner of several (`App`: the entry in front, or its
    /// start screen). Another value, another bar: other items, other labels.
    pub activity: usize,
    /// What changes the items or their labels within one activity's bar (a picture added to
    /// Slide's, the shortcut preference, a rule loaded from disk).
    pub items: usize,
    /// What changes only the ticks and the greying (the preset played, Copy's greying, the
    /// picture chosen), in the activity's own words.
    pub marks: [u32; 3],
}

impl Menu {
    pub fn new(title: &str) -> Self {
        Menu { title: title.into(), entries: Vec::new() }
    }
    /// Adds an item, enabled and not ticked.
    pub fn item(&mut self, label: &str, command: Command, shortcut: Option<Shortcut>) -> &mut MenuItem {
        let item = MenuItem { label: label.into(), shortcut, command, enabled: true, checked: false };
        self.entries.push(MenuEntry::Item(item));
        match self.entries.last_mut() {
            Some(MenuEntry::Item(i)) => i,
            _ => unreachable!("just pushed an item"),
        }
    }
    pub fn separator(&mut self) {
        self.entries.push(MenuEntry::Separator);
    }
    /// The items, without separators.
    pub fn items(&self) -> impl Iterator<Item = &MenuItem> {
        self.entries.iter().filter_map(|e| match e {
            MenuEntry::Item(i) => Some(i),
            MenuEntry::Separator => None,
        })
    }
}

impl MenuBar {
    /// The menu titled `title`.
    pub fn menu(&self, title: &str) -> Option<&Menu> {
        self.menus.iter().find(|m| m.title == title)
    }
    /// The first item that sends `command`.
    pub fn find(&self, command: &Command) -> Option<&MenuItem> {
        self.menus.iter().flat_map(|m| m.items()).find(|i| i.command == *command)
    }
}
