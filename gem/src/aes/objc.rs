//! Object library: drawing, finding, changing and editing objects of a tree.

use super::{Aes, Op};
use crate::object::{ObjectId, ObjectState, Tree};
use crate::rect::Rect;
use crate::trap::Trap;

/// objc_draw: opcode 42, 6 intin (start, depth, clip x, y, w, h), 1 intout, 1 addrin.
const OBJC_DRAW: Op = Op::new(42, 6, 1, 1, 0);
/// objc_find: opcode 43, 4 intin (start, depth, x, y), 1 intout, 1 addrin.
const OBJC_FIND: Op = Op::new(43, 4, 1, 1, 0);
/// objc_offset: opcode 44, 1 intin (object), 3 intout (ok, x, y), 1 addrin.
const OBJC_OFFSET: Op = Op::new(44, 1, 3, 1, 0);
/// objc_edit: opcode 46, 4 intin (object, char, index, kind), 2 intout (ok, index), 1 addrin.
const OBJC_EDIT: Op = Op::new(46, 4, 2, 1, 0);
/// objc_change: opcode 47, 8 intin (object, 0, clip x, y, w, h, state, redraw), 1 intout, 1 addrin.
const OBJC_CHANGE: Op = Op::new(47, 8, 1, 1, 0);

/// Depth for "the object and all its descendants".
pub const MAX_DEPTH: i16 = 8;

/// What `objc_edit` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// ED_INIT (1): show the cursor; the index starts at the end of the text.
    Start,
    /// ED_CHAR (2): insert or apply a key (`Key::to_word`).
    Char,
    /// ED_END (3): hide the cursor.
    End,
}

impl<T: Trap> Aes<T> {
    /// `objc_draw` (opcode 42): draws `start` and its children down to `depth` levels
    /// (`MAX_DEPTH`: all), clipped to `clip` (screen coordinates).
    pub fn objc_draw(&mut self, tree: &Tree, start: ObjectId, depth: i16, clip: Rect) -> bool {
        let c = clip.to_words();
        self.intin()[..6].copy_from_slice(&[start.0, depth, c[0], c[1], c[2], c[3]]);
        self.addrin()[0] = tree.address();
        self.call(OBJC_DRAW) != 0
    }

    /// `objc_find` (opcode 43): the deepest object under the screen point (`x`, `y`)
    /// below `start`, or `None`.
    pub fn objc_find(&mut self, tree: &Tree, start: ObjectId, depth: i16, x: i16, y: i16) -> Option<ObjectId> {
        self.intin()[..4].copy_from_slice(&[start.0, depth, x, y]);
        self.addrin()[0] = tree.address();
        let found = self.call(OBJC_FIND);
        (found >= 0).then_some(ObjectId(found))
    }

    /// `objc_offset` (opcode 44): the screen position of an object's top-left corner.
    pub fn objc_offset(&mut self, tree: &Tree, object: ObjectId) -> Option<(i16, i16)> {
        self.intin()[0] = object.0;
        self.addrin()[0] = tree.address();
        if self.call(OBJC_OFFSET) == 0 {
            return None;
        }
        let o = self.intout();
        Some((o[1], o[2]))
    }

    /// `objc_edit` (opcode 46): edits an editable field at cursor position `index`; the
    /// new position, or `None` on an error.
    pub fn objc_edit(&mut self, tree: &Tree, object: ObjectId, key: i16, index: i16, kind: Edit) -> Option<i16> {
        let k = match kind {
            Edit::Start => 1,
            Edit::Char => 2,
            Edit::End => 3,
        };
        self.intin()[..4].copy_from_slice(&[object.0, key, index, k]);
        self.addrin()[0] = tree.address();
        if self.call(OBJC_EDIT) == 0 {
            return None;
        }
        Some(self.intout()[1])
    }

    /// `objc_change` (opcode 47): sets an object's state and, with `redraw`, draws it
    /// clipped to `clip`.
    pub fn objc_change(&mut self, tree: &Tree, object: ObjectId, clip: Rect, state: ObjectState, redraw: bool) -> bool {
        let c = clip.to_words();
        self.intin()[..8].copy_from_slice(&[object.0, 0, c[0], c[1], c[2], c[3], state.bits() as i16, redraw as i16]);
        self.addrin()[0] = tree.address();
        self.call(OBJC_CHANGE) != 0
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
