//! A menu bar built in code, laid out as a resource editor lays it out and as the AES
//! expects (object numbers and geometry as in a resource file's menu tree):
//!
//! ```text
//! 0  G_IBOX   the screen
//! 1    G_BOX    the bar (thickness 0), one character cell + 2 pixels high
//! 2      G_IBOX   the active area, from x = 2 cells, cell + 3 pixels high
//! 3..      G_TITLE  the titles, side by side (the first is the Desk menu)
//! n    G_IBOX   the drop-down area, just below the bar
//! n+1    G_BOX    one drop-down box per title (thickness -1), under its title
//! ...      G_STRING its items, one cell high each
//! ```
//!
//! The Desk box holds "About…", a separator and six placeholders: the AES rebuilds that
//! box's children with the names of the accessories loaded (up to 6), writing their
//! addresses and the box's height into the tree.

use alloc::string::String;
use alloc::vec::Vec;

use super::builder::{Attrs, BoxKind, CharCell, StringKind, TreeBuilder};
use super::{Colours, ObjectId, ObjectState, Tree};
use crate::rect::Rect;

/// Accessories the Desk menu has room for (six on every Atari AES).
pub const DESK_ACCESSORY_SLOTS: usize = 6;
/// Width of the Desk box in characters: accessory names are up to 20 characters.
const DESK_BOX_WIDTH: usize = 20;

/// A title added to a [`MenuBuilder`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TitleRef(usize);

/// An item added to a [`MenuBuilder`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItemRef {
    title: usize,
    item: usize,
}

struct ItemSpec {
    text: String,
    separator: bool,
    state: ObjectState,
}

struct TitleSpec {
    text: String,
    items: Vec<ItemSpec>,
}

/// Collects titles and items; [`MenuBuilder::build`] lays them out.
pub struct MenuBuilder {
    cell: CharCell,
    screen: Rect,
    titles: Vec<TitleSpec>,
}

/// A built menu: the tree for `menu_bar`, and the object numbers of titles and items.
pub struct Menu {
    pub tree: Tree,
    titles: Vec<ObjectId>,
    items: Vec<Vec<ObjectId>>,
}

impl MenuBuilder {
    /// A menu bar for a screen (from `graf_handle`/`vq_extnd`: `screen` is the whole
    /// screen, `cell` the AES's character cell), with the Desk menu's title (" Desk ") and
    /// its first item ("  About Falcon Puzzles…").
    pub fn new(cell: CharCell, screen: Rect, desk_title: &str, about: &str) -> MenuBuilder {
        let mut items = Vec::new();
        items.push(ItemSpec { text: String::from(about), separator: false, state: ObjectState::empty() });
        items.push(ItemSpec { text: String::new(), separator: true, state: ObjectState::DISABLED });
        for _ in 0..DESK_ACCESSORY_SLOTS {
            items.push(ItemSpec {
                text: String::from("  Desk Accessory"),
                separator: false,
                state: ObjectState::empty(),
            });
        }
        MenuBuilder { cell, screen, titles: alloc::vec![TitleSpec { text: String::from(desk_title), items }] }
    }

    /// The Desk menu's "About" item.
    pub fn about(&self) -> ItemRef {
        ItemRef { title: 0, item: 0 }
    }

    /// A title (" File "): its menu starts empty.
    pub fn title(&mut self, text: &str) -> TitleRef {
        self.titles.push(TitleSpec { text: String::from(text), items: Vec::new() });
        TitleRef(self.titles.len() - 1)
    }

    /// An item ("  New game  ^N"; two leading spaces leave room for the tick).
    pub fn item(&mut self, title: TitleRef, text: &str) -> ItemRef {
        self.item_with_state(title, text, ObjectState::empty())
    }

    /// An item that starts ticked (CHECKED) or greyed (DISABLED).
    pub fn item_with_state(&mut self, title: TitleRef, text: &str, state: ObjectState) -> ItemRef {
        let items = &mut self.titles[title.0].items;
        items.push(ItemSpec { text: String::from(text), separator: false, state });
        ItemRef { title: title.0, item: items.len() - 1 }
    }

    /// A separator line (a disabled row of dashes).
    pub fn separator(&mut self, title: TitleRef) {
        self.titles[title.0].items.push(ItemSpec {
            text: String::new(),
            separator: true,
            state: ObjectState::DISABLED,
        });
    }

    /// The menu tree.
    pub fn build(self) -> Menu {
        let (cw, ch) = (self.cell.w, self.cell.h);
        let bar_h = ch + 2;
        let title_h = ch + 3;
        let mut b = TreeBuilder::new(
            BoxKind::IBox,
            0,
            Colours::default(),
            Attrs::at(Rect::new(0, 0, self.screen.w, self.screen.h)),
        );
        let bar = b.add_box(
            ObjectId::ROOT,
            BoxKind::Box,
            0,
            Colours::BLACK_ON_WHITE,
            Attrs::at(Rect::new(0, 0, self.screen.w, bar_h)),
        );
        let title_cols: Vec<usize> = self.titles.iter().map(|t| t.text.len()).collect();
        let active_cols: usize = title_cols.iter().sum();
        let active = b.add_box(
            bar,
            BoxKind::IBox,
            0,
            Colours::default(),
            Attrs::at(Rect::new(2 * cw, 0, active_cols as i16 * cw, title_h)),
        );
        let mut titles = Vec::new();
        let mut col = 0usize;
        for (t, &cols) in self.titles.iter().zip(&title_cols) {
            let r = Rect::new(col as i16 * cw, 0, cols as i16 * cw, title_h);
            titles.push(b.add_string(active, StringKind::Title, &t.text, Attrs::at(r)));
            col += cols;
        }
        let drop_area = Rect::new(0, title_h, self.screen.w, self.screen.h - title_h);
        let menus = b.add_box(ObjectId::ROOT, BoxKind::IBox, 0, Colours::default(), Attrs::at(drop_area));
        let mut items = Vec::new();
        let mut col = 0usize;
        for (i, (t, &cols)) in self.titles.iter().zip(&title_cols).enumerate() {
            let mut width = t.items.iter().filter(|it| !it.separator).map(|it| it.text.len()).max().unwrap_or(1);
            if i == 0 {
                width = width.max(DESK_BOX_WIDTH);
            }
            let w = (width as i16 * cw).min(self.screen.w);
            // Under its title; moved left if it would leave the screen.
            let x = ((2 + col) as i16 * cw).min(self.screen.w - w).max(0);
            let boxed = Rect::new(x, 0, w, t.items.len().max(1) as i16 * ch);
            let drop = b.add_box(menus, BoxKind::Box, -1, Colours::BLACK_ON_WHITE, Attrs::at(boxed));
            let mut ids = Vec::new();
            for (row, it) in t.items.iter().enumerate() {
                let r = Rect::new(0, row as i16 * ch, w, ch);
                let text: String = if it.separator { "-".repeat(width) } else { it.text.clone() };
                ids.push(b.add_string(drop, StringKind::String, &text, Attrs::at(r).state(it.state)));
            }
            items.push(ids);
            col += cols;
        }
        Menu { tree: b.build(), titles, items }
    }
}

impl Menu {
    /// The object number of a title (for `menu_tnormal`).
    pub fn title_id(&self, title: TitleRef) -> ObjectId {
        self.titles[title.0]
    }

    /// The object number of an item (for `menu_icheck`, `menu_ienable`).
    pub fn item_id(&self, item: ItemRef) -> ObjectId {
        self.items[item.title][item.item]
    }

    /// Which item an MN_SELECTED names.
    pub fn item_at(&self, id: ObjectId) -> Option<ItemRef> {
        for (t, ids) in self.items.iter().enumerate() {
            if let Some(i) = ids.iter().position(|&x| x == id) {
                return Some(ItemRef { title: t, item: i });
            }
        }
        None
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
