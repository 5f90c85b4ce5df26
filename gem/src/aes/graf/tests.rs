use super::*;
use crate::trap::recorder::{AesReply, Recorder};

crate::test_cases! {
    /// graf_handle {77, 0, 5, 0, 0}: handle, wchar, hchar, wbox, hbox.
    fn graf_handle_encoding() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1, 8, 16, 10, 19]));
        let mut aes = Aes::with_trap(&mut rec);
        let g = aes.graf_handle();
        assert_eq!(g.vdi_handle, 1);
        assert_eq!(g.char_cell, CharCell { w: 8, h: 16 });
        assert_eq!(g.box_cell, CharCell { w: 10, h: 19 });
        assert_eq!(aes.trap().single_aes().control, [77, 0, 5, 0, 0]);
    }

    /// graf_mouse {78, 1, 1, 1, 0}: the form number (ARROW 0 … OUTLN_CROSS 7, M_OFF 256,
    /// M_ON 257, M_SAVE 258, M_LAST 259, M_RESTORE 260), addrin 0 (no user form).
    fn graf_mouse_numbers() {
        let mut rec = Recorder::new();
        let mut aes = Aes::with_trap(&mut rec);
        let forms = [
            MouseForm::Arrow,
            MouseForm::TextCursor,
            MouseForm::Busy,
            MouseForm::PointHand,
            MouseForm::FlatHand,
            MouseForm::ThinCross,
            MouseForm::ThickCross,
            MouseForm::OutlineCross,
            MouseForm::Hide,
            MouseForm::Show,
            MouseForm::Save,
            MouseForm::Last,
            MouseForm::Restore,
        ];
        for f in forms {
            aes.graf_mouse(f);
        }
        let c = &aes.trap().aes_calls;
        assert!(c.iter().all(|c| c.control == [78, 1, 1, 1, 0] && c.addrin == [0]));
        let numbers: alloc::vec::Vec<i16> = c.iter().map(|c| c.intin[0]).collect();
        assert_eq!(numbers, [0, 1, 2, 3, 4, 5, 6, 7, 256, 257, 258, 259, 260]);
    }

    /// graf_mkstate {79, 0, 5, 0, 0}: x, y, buttons, shift in intout[1..5].
    fn graf_mkstate_encoding() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1, 100, 200, 2, 9]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.graf_mkstate(), (100, 200, MouseButtons::RIGHT, KeyShift::RIGHT_SHIFT | KeyShift::ALTERNATE));
        assert_eq!(aes.trap().single_aes().control, [79, 0, 5, 0, 0]);
    }
}
