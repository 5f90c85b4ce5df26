//! A modal dialog run by the program's own `evnt_multi` loop instead of `form_do`.
//!
//! `form_do` keeps every message queued until the dialog ends, so a program inside one
//! cannot answer a multitasking AES that ends it (AP_TERM at shutdown: the AES waits, then
//! asks the user). Here the loop is the one `form_do` runs (the Compendium's description of
//! form_do, and the GEM sources' `fm_do`): the AES's own `form_keybd`, `form_button` and
//! `objc_edit` do the keys, clicks and editing, so the dialog behaves exactly as
//! `form_do`'s; but the wait also asks for messages, and each one goes to the caller, who
//! may end the dialog at once.

use super::Aes;
use super::evnt::{ButtonWait, EventMask, EventRequest, Events, MouseButtons};
use super::form::Dial;
use super::objc::{Edit, MAX_DEPTH};
use super::wind::Update;
use crate::message::RawMessage;
use crate::object::{ObjectId, ObjectState, Tree};
use crate::trap::Trap;

/// What the dialog waits for: keys, the left button pressed (up to a double click, as
/// `form_do` waits), and messages.
pub fn request() -> EventRequest {
    EventRequest {
        message: true,
        keyboard: true,
        button: Some(ButtonWait { clicks: 2, mask: MouseButtons::LEFT, state: MouseButtons::LEFT }),
        ..Default::default()
    }
}

/// The editing state of a dialog on the screen: the field with the cursor and where in
/// it, and the object the last event chose (`ObjectId::ROOT`: none).
struct Editing {
    field: ObjectId,
    next: ObjectId,
    index: i16,
}

impl Editing {
    /// Before each wait: the cursor goes into the field the last event chose.
    fn place_cursor<T: Trap>(&mut self, aes: &mut Aes<T>, tree: &Tree) {
        if self.next != ObjectId::ROOT && self.next != self.field {
            self.field = self.next;
            self.next = ObjectId::ROOT;
            self.index = aes.objc_edit(tree, self.field, 0, 0, Edit::Start).unwrap_or(0);
        }
    }

    /// A key or a click; the exit object when it ends the dialog.
    fn event<T: Trap>(&mut self, aes: &mut Aes<T>, tree: &Tree, e: &Events) -> Option<ObjectId> {
        let mut go_on = true;
        if let Some(key) = e.key {
            let (more, next, left) = aes.form_keybd(tree, self.field, self.next, key.to_word());
            go_on = more;
            self.next = next;
            if left != 0 && self.field != ObjectId::ROOT {
                self.index = aes.objc_edit(tree, self.field, left, self.index, Edit::Char).unwrap_or(self.index);
            }
        }
        if go_on && e.happened.contains(EventMask::BUTTON) {
            // A click outside every object chooses nothing (form_do rings the bell).
            self.next = ObjectId::ROOT;
            if let Some(object) = aes.objc_find(tree, ObjectId::ROOT, MAX_DEPTH, e.mouse_x, e.mouse_y) {
                let (more, next) = aes.form_button(tree, object, e.clicks);
                go_on = more;
                self.next = next;
            }
        }
        let leaves_field = !go_on || (self.next != ObjectId::ROOT && self.next != self.field);
        if leaves_field && self.field != ObjectId::ROOT {
            aes.objc_edit(tree, self.field, 0, self.index, Edit::End);
        }
        // Bit 15: a double click on a TOUCHEXIT object.
        (!go_on).then_some(ObjectId(self.next.0 & 0x7fff))
    }
}

impl<T: Trap> Aes<T> {
    /// A modal dialog from start to end: centre it, take the screen and the mouse, reserve
    /// its area, draw it, let the user fill it in (editing starts in `start_field`,
    /// `ObjectId::ROOT`: none), give everything back (the windows below get WM_REDRAW) and
    /// deselect the exit button. Each message that comes meanwhile goes to `message`;
    /// when it answers false the dialog ends at once, as if cancelled. The exit object, or
    /// `None` when a message ended the dialog.
    pub fn form_run(
        &mut self,
        tree: &Tree,
        start_field: ObjectId,
        mut message: impl FnMut(RawMessage) -> bool,
    ) -> Option<ObjectId> {
        let area = self.form_center(tree);
        self.wind_update(Update::Begin);
        self.wind_update(Update::BeginMouse);
        self.form_dial(Dial::Start, area, area);
        self.objc_draw(tree, ObjectId::ROOT, MAX_DEPTH, area);
        let exit = self.fill_in(tree, start_field, &mut message);
        self.form_dial(Dial::Finish, area, area);
        self.wind_update(Update::EndMouse);
        self.wind_update(Update::End);
        if let Some(exit) = exit
            && exit.index() < tree.len()
        {
            let o = tree.object(exit);
            o.set_state(o.state() - ObjectState::SELECTED);
        }
        exit
    }

    /// The loop of [`form_run`](Self::form_run), between drawing and giving back.
    fn fill_in(
        &mut self,
        tree: &Tree,
        start_field: ObjectId,
        message: &mut impl FnMut(RawMessage) -> bool,
    ) -> Option<ObjectId> {
        let mut editing = Editing { field: ObjectId::ROOT, next: start_field, index: 0 };
        let request = request();
        loop {
            editing.place_cursor(self, tree);
            let e = self.evnt_multi(&request);
            if let Some(m) = e.raw_message
                && !message(m)
            {
                return None;
            }
            if let Some(exit) = editing.event(self, tree, &e) {
                return Some(exit);
            }
        }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
