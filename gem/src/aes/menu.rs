//! Menu library: showing a menu bar built in code, ticking, greying and un-highlighting
//! its entries, and an accessory's entry in the Desk menu.

use core::ffi::CStr;

use super::{Aes, AppId, Op};
use crate::object::{ObjectId, Tree};
use crate::trap::Trap;

/// menu_bar: opcode 30, 1 intin (show), 1 intout, 1 addrin (tree).
const MENU_BAR: Op = Op::new(30, 1, 1, 1, 0);
/// menu_icheck: opcode 31, 2 intin (item, check), 1 intout, 1 addrin (tree).
const MENU_ICHECK: Op = Op::new(31, 2, 1, 1, 0);
/// menu_ienable: opcode 32, 2 intin (item, enable), 1 intout, 1 addrin (tree).
const MENU_IENABLE: Op = Op::new(32, 2, 1, 1, 0);
/// menu_tnormal: opcode 33, 2 intin (title, normal), 1 intout, 1 addrin (tree).
const MENU_TNORMAL: Op = Op::new(33, 2, 1, 1, 0);
/// menu_register: opcode 35, 1 intin (ap_id), 1 intout, 1 addrin (string).
const MENU_REGISTER: Op = Op::new(35, 1, 1, 1, 0);

impl<T: Trap> Aes<T> {
    /// `menu_bar` (opcode 30): shows the menu bar (`show`) or removes it. The AES keeps
    /// the tree's address while it is shown and writes into it (the Desk menu's entries),
    /// hence `'static` (build it at start-up and leak it). Remove it before the program
    /// ends.
    pub fn menu_bar(&mut self, tree: &'static Tree, show: bool) -> bool {
        self.intin()[0] = show as i16;
        self.addrin()[0] = tree.address();
        self.call(MENU_BAR) != 0
    }

    /// `menu_icheck` (opcode 31): ticks or unticks an item.
    pub fn menu_icheck(&mut self, tree: &Tree, item: ObjectId, checked: bool) -> bool {
        let intin = self.intin();
        intin[0] = item.0;
        intin[1] = checked as i16;
        self.addrin()[0] = tree.address();
        self.call(MENU_ICHECK) != 0
    }

    /// `menu_ienable` (opcode 32): enables or greys an item (or a whole title).
    pub fn menu_ienable(&mut self, tree: &Tree, item: ObjectId, enabled: bool) -> bool {
        let intin = self.intin();
        intin[0] = item.0;
        intin[1] = enabled as i16;
        self.addrin()[0] = tree.address();
        self.call(MENU_IENABLE) != 0
    }

    /// `menu_tnormal` (opcode 33): draws a title normal (`normal`, after handling its
    /// MN_SELECTED) or highlighted.
    pub fn menu_tnormal(&mut self, tree: &Tree, title: ObjectId, normal: bool) -> bool {
        let intin = self.intin();
        intin[0] = title.0;
        intin[1] = normal as i16;
        self.addrin()[0] = tree.address();
        self.call(MENU_TNORMAL) != 0
    }

    /// `menu_register` (opcode 35): an accessory's entry in the Desk menu ("  Name"), or a
    /// program's name in the application menu of a multitasking AES; the menu id, or
    /// `None` when the Desk menu is full. The AES keeps the address: `'static`.
    pub fn menu_register(&mut self, app: AppId, title: &'static CStr) -> Option<i16> {
        self.intin()[0] = app.0;
        self.addrin()[0] = title.as_ptr() as usize;
        let id = self.call(MENU_REGISTER);
        (id >= 0).then_some(id)
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
