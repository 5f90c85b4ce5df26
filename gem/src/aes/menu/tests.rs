use alloc::boxed::Box;

use super::*;
use crate::object::builder::CharCell;
use crate::object::menu::MenuBuilder;
use crate::rect::Rect;
use crate::trap::recorder::{AesReply, Recorder};

fn leaked_menu() -> &'static crate::object::menu::Menu {
    let mut m = MenuBuilder::new(CharCell { w: 8, h: 16 }, Rect::new(0, 0, 640, 480), " Desk ", "  About...");
    let file = m.title(" File ");
    m.item(file, "  Quit");
    Box::leak(Box::new(m.build()))
}

crate::test_cases! {
    /// menu_bar {30, 1, 1, 1, 0}: intin = show (1) or hide (0), addrin = the tree.
    fn menu_bar_encoding() {
        let menu = leaked_menu();
        let mut rec = Recorder::new();
        let mut aes = Aes::with_trap(&mut rec);
        aes.menu_bar(&menu.tree, true);
        aes.menu_bar(&menu.tree, false);
        let c = &aes.trap().aes_calls;
        assert_eq!(c[0].control, [30, 1, 1, 1, 0]);
        assert_eq!((c[0].intin.as_slice(), c[0].addrin.as_slice()), (&[1][..], &[menu.tree.address()][..]));
        assert_eq!(c[1].intin, [0]);
    }

    /// menu_icheck {31, 2, 1, 1, 0}, menu_ienable {32, 2, 1, 1, 0}, menu_tnormal
    /// {33, 2, 1, 1, 0}: intin = object, flag; addrin = the tree.
    fn item_calls_encoding() {
        let menu = leaked_menu();
        let mut rec = Recorder::new();
        let mut aes = Aes::with_trap(&mut rec);
        aes.menu_icheck(&menu.tree, ObjectId(20), true);
        aes.menu_ienable(&menu.tree, ObjectId(20), false);
        aes.menu_tnormal(&menu.tree, ObjectId(4), true);
        let c = &aes.trap().aes_calls;
        assert_eq!((c[0].control, c[0].intin.as_slice()), ([31, 2, 1, 1, 0], &[20, 1][..]));
        assert_eq!((c[1].control, c[1].intin.as_slice()), ([32, 2, 1, 1, 0], &[20, 0][..]));
        assert_eq!((c[2].control, c[2].intin.as_slice()), ([33, 2, 1, 1, 0], &[4, 1][..]));
        assert!(c.iter().all(|c| c.addrin == [menu.tree.address()]));
    }

    /// menu_register {35, 1, 1, 1, 0}: intin = ap_id, addrin = the name; the menu id, or
    /// None when the Desk menu is full (-1).
    fn menu_register_encoding() {
        static NAME: &core::ffi::CStr = c"  Falcon Puzzles";
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[2]));
        rec.reply_aes(AesReply::ints(&[-1]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.menu_register(AppId(5), NAME), Some(2));
        assert_eq!(aes.menu_register(AppId(5), NAME), None);
        let c = &aes.trap().aes_calls[0];
        assert_eq!(c.control, [35, 1, 1, 1, 0]);
        assert_eq!(c.intin, [5]);
        assert_eq!(c.addrin, [NAME.as_ptr() as usize]);
    }
}
