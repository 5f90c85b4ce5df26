//! Form library: alerts, modal dialogs, and the screen-area bookkeeping around them.

use core::ffi::CStr;

use super::{Aes, Op};
use crate::object::{ObjectId, Tree};
use crate::rect::Rect;
use crate::trap::Trap;

/// form_do: opcode 50, 1 intin (start field), 1 intout, 1 addrin (tree).
const FORM_DO: Op = Op::new(50, 1, 1, 1, 0);
/// form_dial: opcode 51, 9 intin (flag, little x, y, w, h, big x, y, w, h), 1 intout.
const FORM_DIAL: Op = Op::new(51, 9, 1, 0, 0);
/// form_alert: opcode 52, 1 intin (default button), 1 intout, 1 addrin (string).
const FORM_ALERT: Op = Op::new(52, 1, 1, 1, 0);
/// form_center: opcode 54, 0 intin, 5 intout (ok, x, y, w, h), 1 addrin (tree).
const FORM_CENTER: Op = Op::new(54, 0, 5, 1, 0);
/// form_keybd: opcode 55, 3 intin (object, character, next object), 3 intout (go on, next
/// object, character left), 1 addrin (tree).
const FORM_KEYBD: Op = Op::new(55, 3, 3, 1, 0);
/// form_button: opcode 56, 2 intin (object, clicks), 2 intout (go on, next object), 1
/// addrin (tree).
const FORM_BUTTON: Op = Op::new(56, 2, 2, 1, 0);

/// `form_dial`'s steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dial {
    /// FMD_START (0): reserve the area (nothing drawn).
    Start,
    /// FMD_GROW (1): an expanding box from the small rectangle to the big one.
    Grow,
    /// FMD_SHRINK (2): a shrinking box.
    Shrink,
    /// FMD_FINISH (3): give the area back: every window under it gets WM_REDRAW (the
    /// menu bar is not redrawn).
    Finish,
}

impl<T: Trap> Aes<T> {
    /// `form_alert` (opcode 52): shows an alert and waits; the button chosen (1–3).
    /// `text` in the AES's format: `[icon][line|line][button|button]`, icon 0 none,
    /// 1 note, 2 wait, 3 stop; up to 5 lines of 30 (40 on newer AESes) characters and
    /// 3 buttons of 10; `default_button` 0 (none) to 3 is chosen with Return.
    pub fn form_alert(&mut self, default_button: i16, text: &CStr) -> i16 {
        self.intin()[0] = default_button;
        self.addrin()[0] = text.as_ptr() as usize;
        self.call(FORM_ALERT)
    }

    /// `form_do` (opcode 50): lets the user fill in a dialog already drawn, starting in
    /// editable field `start_field` (`ObjectId::ROOT`: none); the exit object, and whether
    /// it was double-clicked.
    pub fn form_do(&mut self, tree: &Tree, start_field: ObjectId) -> (ObjectId, bool) {
        self.intin()[0] = start_field.0;
        self.addrin()[0] = tree.address();
        let r = self.call(FORM_DO);
        (ObjectId(r & 0x7fff), r < 0)
    }

    /// `form_dial` (opcode 51): reserves (`Start`) or gives back (`Finish`) the screen area
    /// `big`, or draws a growing/shrinking box between `little` and `big`.
    pub fn form_dial(&mut self, step: Dial, little: Rect, big: Rect) -> bool {
        let flag = match step {
            Dial::Start => 0,
            Dial::Grow => 1,
            Dial::Shrink => 2,
            Dial::Finish => 3,
        };
        let (l, b) = (little.to_words(), big.to_words());
        self.intin()[..9].copy_from_slice(&[flag, l[0], l[1], l[2], l[3], b[0], b[1], b[2], b[3]]);
        self.call(FORM_DIAL) != 0
    }

    /// `form_center` (opcode 54): centres the tree on the screen (the AES moves the
    /// root); the area it covers, border and shadow included.
    pub fn form_center(&mut self, tree: &Tree) -> Rect {
        self.addrin()[0] = tree.address();
        self.call(FORM_CENTER);
        let o = self.intout();
        Rect::new(o[1], o[2], o[3], o[4])
    }

    /// `form_keybd` (opcode 55): what `form_do` does with a key in a dialog: Tab and the
    /// arrows up and down move between editable fields, Return selects the default button.
    /// `object` is the field being edited (`ObjectId::ROOT`: none), `next` the next object
    /// so far, `key` the key word (`Key::to_word`). Answers whether the dialog goes on, the
    /// next object (the field to edit, or the default button selected by Return) and the
    /// key left for `objc_edit` (0: used).
    pub fn form_keybd(&mut self, tree: &Tree, object: ObjectId, next: ObjectId, key: i16) -> (bool, ObjectId, i16) {
        self.intin()[..3].copy_from_slice(&[object.0, key, next.0]);
        self.addrin()[0] = tree.address();
        let go_on = self.call(FORM_KEYBD) != 0;
        let o = self.intout();
        (go_on, ObjectId(o[1]), o[2])
    }

    /// `form_button` (opcode 56): what `form_do` does with a click on `object`: selects a
    /// button, a radio button (deselecting the others of its group), an editable field.
    /// Answers whether the dialog goes on and the next object (an exit button ends it, bit
    /// 15 set for a double click on a TOUCHEXIT object).
    pub fn form_button(&mut self, tree: &Tree, object: ObjectId, clicks: i16) -> (bool, ObjectId) {
        self.intin()[..2].copy_from_slice(&[object.0, clicks]);
        self.addrin()[0] = tree.address();
        let go_on = self.call(FORM_BUTTON) != 0;
        (go_on, ObjectId(self.intout()[1]))
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
