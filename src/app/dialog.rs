//! Dialogs as data: what a dialog asks for, in Tatham's `config_item` model (text fields,
//! check boxes, choice lists), so the GEM front end can build an AES object tree from it and
//! the full-screen front end draw its own. The app makes a [`Dialog`] when asked (the reply
//! to `Command::Custom`...); the front end lets the user edit its items and, on OK, sends it
//! back in `Command::ApplyDialog`. A refused dialog comes back as an error reply: the front
//! end shows it and keeps the dialog open (Tatham's behaviour).

use alloc::string::String;
use alloc::vec::Vec;

pub use crate::puzzle::backend::ConfigItem;
use crate::puzzle::midend::ConfigKind;

/// Which question a dialog asks (decides what OK does).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DialogKind {
    /// The puzzle's parameters (Type > Custom...): OK starts a new game with them.
    Custom,
    /// A game ID `params:description` (File > Game ID...): OK starts that game.
    GameId,
    /// A random seed `params#seed` (File > Random seed...): OK starts that game.
    RandomSeed,
    /// The game's preferences, the mid end's first (Edit > Preferences...): OK applies them.
    Preferences,
}

impl DialogKind {
    /// The mid end's name for the same dialog (Tatham's `CFG_*`).
    pub fn config_kind(self) -> ConfigKind {
        match self {
            DialogKind::Custom => ConfigKind::Settings,
            DialogKind::GameId => ConfigKind::Desc,
            DialogKind::RandomSeed => ConfigKind::Seed,
            DialogKind::Preferences => ConfigKind::Prefs,
        }
    }
    /// Whether OK starts a new game (all but the preferences).
    pub fn starts_a_game(self) -> bool {
        self != DialogKind::Preferences
    }
}

/// A dialog: its kind, its title, and its fields in order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Dialog {
    pub kind: DialogKind,
    pub title: String,
    pub items: Vec<ConfigItem>,
}

impl Dialog {
    /// A dialog as the mid end describes it (`get_config`: title and controls).
    pub fn new(kind: DialogKind, (title, items): (String, Vec<ConfigItem>)) -> Self {
        Dialog { kind, title, items }
    }

    /// The item called `name`.
    pub fn item(&self, name: &str) -> Option<&ConfigItem> {
        self.items.iter().find(|i| i.name() == name)
    }
    /// The item called `name`, to edit.
    pub fn item_mut(&mut self, name: &str) -> Option<&mut ConfigItem> {
        self.items.iter_mut().find(|i| i.name() == name)
    }
    /// The text of the first text field (the whole answer of the Game ID and seed dialogs).
    pub fn text(&self) -> Option<&str> {
        self.items.iter().find_map(|i| match i {
            ConfigItem::String { value, .. } => Some(value.as_str()),
            _ => None,
        })
    }
    /// Replaces the text of the field `name`; false if there is no such text field.
    pub fn set_text(&mut self, name: &str, text: &str) -> bool {
        match self.item_mut(name) {
            Some(ConfigItem::String { value, .. }) => {
                value.clear();
                value.push_str(text);
                true
            }
            _ => false,
        }
    }
    /// Sets the check box `name`; false if there is no such check box.
    pub fn set_bool(&mut self, name: &str, on: bool) -> bool {
        match self.item_mut(name) {
            Some(ConfigItem::Boolean { value, .. }) => {
                *value = on;
                true
            }
            _ => false,
        }
    }
    /// Selects entry `index` of the choice list `name`; false if there is no such list or entry.
    pub fn choose(&mut self, name: &str, index: usize) -> bool {
        match self.item_mut(name) {
            Some(ConfigItem::Choices { choices, selected, .. }) if index < choices.len() => {
                *selected = index;
                true
            }
            _ => false,
        }
    }
}
