use super::*;
use crate::message::kind::{AP_TERM, WM_REDRAW};
use crate::object::builder::CharCell;
use crate::object::dialog::{ButtonRole, DialogBuilder};
use crate::trap::recorder::{AesReply, Recorder};
use alloc::vec::Vec;

/// A dialog of one editable field and OK; the tree, the field and OK.
fn dialog() -> (Tree, ObjectId, ObjectId) {
    let mut d = DialogBuilder::new(CharCell { w: 8, h: 16 }, 20, 5);
    let field = d.field(1, 1, "____", "XXXX", "abc");
    let ok = d.button(6, 3, 8, "OK", ButtonRole::Default);
    (d.build(), field, ok)
}

/// The answers of `form_center`, the two `wind_update`s, `form_dial` and `objc_draw`.
fn opened(rec: &mut Recorder) {
    rec.reply_aes(AesReply::ints(&[1, 240, 200, 160, 80]));
    for _ in 0..4 {
        rec.reply_aes(AesReply::ints(&[1]));
    }
}

/// `evnt_multi`'s answer of a key.
fn key(word: i16) -> AesReply {
    AesReply::ints(&[EventMask::KEYBOARD.bits() as i16, 0, 0, 0, 0, word, 0])
}

/// `evnt_multi`'s answer of a message.
fn message(words: [i16; 8]) -> AesReply {
    AesReply {
        intout: alloc::vec![EventMask::MESSAGE.bits() as i16, 0, 0, 0, 0, 0, 0],
        message: Some(words),
        ..Default::default()
    }
}

crate::test_cases! {
    /// form_run: centre, lock the screen and the mouse, reserve, draw; the cursor into the
    /// start field (objc_edit ED_INIT); a key through form_keybd and, left over, into the
    /// field (ED_CHAR at the cursor); a click found with objc_find and handed to
    /// form_button, which ends the dialog on OK; the cursor hidden (ED_END), the area
    /// given back, the locks released and OK deselected.
    fn form_run_types_into_the_field_then_clicks_ok() {
        let (tree, field, ok) = dialog();
        tree.object(ok).set_state(ObjectState::SELECTED); // as form_button leaves it
        let mut rec = Recorder::new();
        opened(&mut rec);
        rec.reply_aes(AesReply::ints(&[1, 3])); // ED_INIT: the cursor after "abc"
        rec.reply_aes(key(0x2064)); // 'd'
        rec.reply_aes(AesReply::ints(&[1, 0, 0x2064])); // form_keybd: for the field
        rec.reply_aes(AesReply::ints(&[1, 4])); // ED_CHAR
        rec.reply_aes(AesReply::ints(&[EventMask::BUTTON.bits() as i16, 250, 260, 1, 0, 0, 1]));
        rec.reply_aes(AesReply::ints(&[ok.0])); // objc_find
        rec.reply_aes(AesReply::ints(&[0, ok.0])); // form_button: an exit button
        let mut aes = Aes::with_trap(&mut rec);
        let mut seen = Vec::new();
        assert_eq!(aes.form_run(&tree, field, |m| { seen.push(m.kind()); true }), Some(ok));
        assert!(seen.is_empty());
        assert!(!tree.object(ok).state().contains(ObjectState::SELECTED));
        let t = aes.trap();
        assert_eq!(t.aes_opcodes(), [54, 107, 107, 51, 42, 46, 25, 55, 46, 25, 43, 56, 46, 51, 107, 107]);
        let c = &t.aes_calls;
        assert_eq!((c[1].intin[0], c[2].intin[0], c[14].intin[0], c[15].intin[0]), (1, 3, 2, 0));
        assert_eq!((c[3].intin[0], c[13].intin[0]), (0, 3));
        assert_eq!(&c[4].intin[2..], &[240, 200, 160, 80]);
        assert_eq!(c[5].intin, [field.0, 0, 0, 1]);
        // evnt_multi: keys, the left button down up to a double click, messages.
        assert_eq!(&c[6].intin[..4], &[0x13, 2, 1, 1]);
        assert_eq!(c[7].intin, [field.0, 0x2064, 0]);
        assert_eq!(c[8].intin, [field.0, 0x2064, 3, 2]);
        assert_eq!(c[10].intin, [0, MAX_DEPTH, 250, 260]);
        assert_eq!(c[11].intin, [ok.0, 1]);
        assert_eq!(c[12].intin, [field.0, 0, 4, 3]);
    }

    /// Return: form_keybd selects the default button and ends the dialog; no field, so no
    /// objc_edit at all.
    fn form_run_ends_on_return_without_a_field() {
        let (tree, _, ok) = dialog();
        let mut rec = Recorder::new();
        opened(&mut rec);
        rec.reply_aes(key(0x1c0d));
        rec.reply_aes(AesReply::ints(&[0, ok.0, 0]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.form_run(&tree, ObjectId::ROOT, |_| true), Some(ok));
        assert_eq!(aes.trap().aes_opcodes(), [54, 107, 107, 51, 42, 25, 55, 51, 107, 107]);
    }

    /// A click beside every object chooses nothing and the dialog goes on; a double click
    /// on a TOUCHEXIT object (bit 15) ends it with the object alone.
    fn form_run_ignores_a_click_outside_and_clears_the_double_click_bit() {
        let (tree, _, ok) = dialog();
        let mut rec = Recorder::new();
        opened(&mut rec);
        rec.reply_aes(AesReply::ints(&[EventMask::BUTTON.bits() as i16, 5, 5, 1, 0, 0, 1]));
        rec.reply_aes(AesReply::ints(&[-1])); // objc_find: nothing there
        rec.reply_aes(AesReply::ints(&[EventMask::BUTTON.bits() as i16, 250, 260, 1, 0, 0, 2]));
        rec.reply_aes(AesReply::ints(&[ok.0]));
        rec.reply_aes(AesReply::ints(&[0, (0x8000u16 as i16) | ok.0]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.form_run(&tree, ObjectId::ROOT, |_| true), Some(ok));
        assert_eq!(aes.trap().aes_opcodes(), [54, 107, 107, 51, 42, 25, 43, 25, 43, 56, 51, 107, 107]);
        assert_eq!(aes.trap().aes_calls[9].intin, [ok.0, 2]);
    }

    /// Messages come to the caller while the dialog is up: one it takes (a redraw) and the
    /// dialog goes on; one it refuses (AP_TERM) ends the dialog at once, given back and
    /// unlocked, with no exit object.
    fn form_run_hands_messages_over_and_ends_when_told() {
        let (tree, field, _) = dialog();
        let mut rec = Recorder::new();
        opened(&mut rec);
        rec.reply_aes(AesReply::ints(&[1, 3]));
        rec.reply_aes(message([WM_REDRAW, 2, 0, 1, 0, 19, 640, 461]));
        rec.reply_aes(message([AP_TERM, 0, 0, 0, 0, 50, 0, 0]));
        let mut aes = Aes::with_trap(&mut rec);
        let mut seen = Vec::new();
        let exit = aes.form_run(&tree, field, |m| {
            seen.push(m.kind());
            m.kind() != AP_TERM
        });
        assert_eq!(exit, None);
        assert_eq!(seen, [WM_REDRAW, AP_TERM]);
        assert_eq!(aes.trap().aes_opcodes(), [54, 107, 107, 51, 42, 46, 25, 25, 51, 107, 107]);
    }
}
