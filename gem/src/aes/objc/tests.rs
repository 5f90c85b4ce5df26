use super::*;
use crate::object::builder::CharCell;
use crate::object::dialog::{ButtonRole, DialogBuilder};
use crate::trap::recorder::{AesReply, Recorder};

fn dialog() -> Tree {
    let mut d = DialogBuilder::new(CharCell { w: 8, h: 16 }, 30, 6);
    d.field(2, 1, "Seed: ________", "X", "abc");
    d.button(20, 4, 8, "OK", ButtonRole::Default);
    d.build()
}

crate::test_cases! {
    /// objc_draw {42, 6, 1, 1, 0}: start, depth, clip x, y, w, h; addrin = the tree.
    fn objc_draw_encoding() {
        let tree = dialog();
        let mut rec = Recorder::new();
        let mut aes = Aes::with_trap(&mut rec);
        aes.objc_draw(&tree, ObjectId::ROOT, MAX_DEPTH, Rect::new(160, 100, 240, 96));
        let c = aes.trap().single_aes();
        assert_eq!(c.control, [42, 6, 1, 1, 0]);
        assert_eq!(c.intin, [0, 8, 160, 100, 240, 96]);
        assert_eq!(c.addrin, [tree.address()]);
    }

    /// objc_find {43, 4, 1, 1, 0}: start, depth, x, y; the object, or -1.
    fn objc_find_encoding() {
        let tree = dialog();
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[2]));
        rec.reply_aes(AesReply::ints(&[-1]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.objc_find(&tree, ObjectId::ROOT, MAX_DEPTH, 330, 170), Some(ObjectId(2)));
        assert_eq!(aes.objc_find(&tree, ObjectId::ROOT, MAX_DEPTH, 0, 0), None);
        let c = &aes.trap().aes_calls[0];
        assert_eq!(c.control, [43, 4, 1, 1, 0]);
        assert_eq!(c.intin, [0, 8, 330, 170]);
    }

    /// objc_change {47, 8, 1, 1, 0}: object, 0 (reserved), clip x, y, w, h, new state,
    /// redraw.
    fn objc_change_encoding() {
        let tree = dialog();
        let mut rec = Recorder::new();
        let mut aes = Aes::with_trap(&mut rec);
        aes.objc_change(&tree, ObjectId(2), Rect::new(0, 0, 640, 480), ObjectState::SELECTED, true);
        let c = aes.trap().single_aes();
        assert_eq!(c.control, [47, 8, 1, 1, 0]);
        assert_eq!(c.intin, [2, 0, 0, 0, 640, 480, 1, 1]);
    }

    /// objc_edit {46, 4, 2, 1, 0}: object, character, index, kind (ED_INIT 1, ED_CHAR 2,
    /// ED_END 3); the new index from intout[1].
    fn objc_edit_encoding() {
        let tree = dialog();
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1, 3]));
        rec.reply_aes(AesReply::ints(&[1, 4]));
        rec.reply_aes(AesReply::ints(&[0, 0]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.objc_edit(&tree, ObjectId(1), 0, 0, Edit::Start), Some(3));
        assert_eq!(aes.objc_edit(&tree, ObjectId(1), 0x2064, 3, Edit::Char), Some(4));
        assert_eq!(aes.objc_edit(&tree, ObjectId(1), 0, 4, Edit::End), None);
        let c = &aes.trap().aes_calls;
        assert_eq!(c[0].control, [46, 4, 2, 1, 0]);
        assert_eq!(c[0].intin, [1, 0, 0, 1]);
        assert_eq!(c[1].intin, [1, 0x2064, 3, 2]);
        assert_eq!(c[2].intin, [1, 0, 4, 3]);
    }

    /// objc_offset {44, 1, 3, 1, 0}: object; x, y in intout[1..3].
    fn objc_offset_encoding() {
        let tree = dialog();
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1, 176, 164]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.objc_offset(&tree, ObjectId(2)), Some((176, 164)));
        let c = aes.trap().single_aes();
        assert_eq!((c.control, c.intin.as_slice()), ([44, 1, 3, 1, 0], &[2][..]));
    }
}
