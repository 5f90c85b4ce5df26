use super::*;
use crate::object::builder::CharCell;
use crate::object::dialog::DialogBuilder;
use crate::trap::recorder::{AesReply, Recorder};

crate::test_cases! {
    /// form_alert {52, 1, 1, 1, 0}: intin = default button, addrin = the text.
    fn form_alert_encoding() {
        static TEXT: &CStr = c"[1][Save failed:|disk full][ OK ]";
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.form_alert(1, TEXT), 1);
        let c = aes.trap().single_aes();
        assert_eq!(c.control, [52, 1, 1, 1, 0]);
        assert_eq!(c.intin, [1]);
        assert_eq!(c.addrin, [TEXT.as_ptr() as usize]);
    }

    /// form_do {50, 1, 1, 1, 0}: intin = start field; the exit object, bit 15 set for a
    /// double click.
    fn form_do_encoding() {
        let tree = DialogBuilder::new(CharCell { w: 8, h: 16 }, 20, 5).build();
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[3]));
        rec.reply_aes(AesReply::ints(&[(0x8000u16 | 4) as i16]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.form_do(&tree, ObjectId(1)), (ObjectId(3), false));
        assert_eq!(aes.form_do(&tree, ObjectId::ROOT), (ObjectId(4), true));
        let c = &aes.trap().aes_calls[0];
        assert_eq!(c.control, [50, 1, 1, 1, 0]);
        assert_eq!((c.intin.as_slice(), c.addrin.as_slice()), (&[1][..], &[tree.address()][..]));
    }

    /// form_dial {51, 9, 1, 0, 0}: flag (FMD_START 0, FMD_GROW 1, FMD_SHRINK 2,
    /// FMD_FINISH 3), little x, y, w, h, big x, y, w, h.
    fn form_dial_encoding() {
        let mut rec = Recorder::new();
        let mut aes = Aes::with_trap(&mut rec);
        let little = Rect::new(300, 230, 10, 10);
        let big = Rect::new(150, 150, 340, 180);
        aes.form_dial(Dial::Start, little, big);
        aes.form_dial(Dial::Grow, little, big);
        aes.form_dial(Dial::Shrink, little, big);
        aes.form_dial(Dial::Finish, little, big);
        let c = &aes.trap().aes_calls;
        assert!(c.iter().all(|c| c.control == [51, 9, 1, 0, 0]));
        assert_eq!(c[0].intin, [0, 300, 230, 10, 10, 150, 150, 340, 180]);
        let flags: alloc::vec::Vec<i16> = c.iter().map(|c| c.intin[0]).collect();
        assert_eq!(flags, [0, 1, 2, 3]);
    }

    /// form_center {54, 0, 5, 1, 0}: addrin = the tree; the area in intout[1..5].
    fn form_center_encoding() {
        let tree = DialogBuilder::new(CharCell { w: 8, h: 16 }, 20, 5).build();
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1, 237, 197, 166, 86]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.form_center(&tree), Rect::new(237, 197, 166, 86));
        let c = aes.trap().single_aes();
        assert_eq!(c.control, [54, 0, 5, 1, 0]);
        assert!(c.intin.is_empty());
    }

    /// form_keybd {55, 3, 3, 1, 0}: intin = field, key, next object; intout = go on,
    /// next object, key left.
    fn form_keybd_encoding() {
        let tree = DialogBuilder::new(CharCell { w: 8, h: 16 }, 20, 5).build();
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1, 3, 0x1e61]));
        rec.reply_aes(AesReply::ints(&[0, 5, 0]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.form_keybd(&tree, ObjectId(2), ObjectId::ROOT, 0x1e61), (true, ObjectId(3), 0x1e61));
        assert_eq!(aes.form_keybd(&tree, ObjectId(2), ObjectId(4), 0x1c0d), (false, ObjectId(5), 0));
        let c = &aes.trap().aes_calls;
        assert_eq!(c[0].control, [55, 3, 3, 1, 0]);
        assert_eq!((c[0].intin.as_slice(), c[0].addrin.as_slice()), (&[2, 0x1e61, 0][..], &[tree.address()][..]));
        assert_eq!(c[1].intin, [2, 0x1c0d, 4]);
    }

    /// form_button {56, 2, 2, 1, 0}: intin = object, clicks; intout = go on, next object.
    fn form_button_encoding() {
        let tree = DialogBuilder::new(CharCell { w: 8, h: 16 }, 20, 5).build();
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[0, 6]));
        rec.reply_aes(AesReply::ints(&[1, 0]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.form_button(&tree, ObjectId(6), 1), (false, ObjectId(6)));
        assert_eq!(aes.form_button(&tree, ObjectId(3), 2), (true, ObjectId::ROOT));
        let c = &aes.trap().aes_calls;
        assert_eq!(c[0].control, [56, 2, 2, 1, 0]);
        assert_eq!((c[0].intin.as_slice(), c[0].addrin.as_slice()), (&[6, 1][..], &[tree.address()][..]));
        assert_eq!(c[1].intin, [3, 2]);
    }
}
