//! Graphics library: the AES's VDI workstation and character cell, the mouse form, and
//! the mouse and shift state.

use super::evnt::{KeyShift, MouseButtons};
use super::{Aes, Op};
use crate::object::builder::CharCell;
use crate::trap::Trap;

/// graf_handle: opcode 77, 0 intin, 5 intout (handle, wchar, hchar, wbox, hbox).
const GRAF_HANDLE: Op = Op::new(77, 0, 5, 0, 0);
/// graf_mouse: opcode 78, 1 intin (form), 1 intout, 1 addrin (user form, unused here).
const GRAF_MOUSE: Op = Op::new(78, 1, 1, 1, 0);
/// graf_mkstate: opcode 79, 0 intin, 5 intout (ok, x, y, buttons, shift).
const GRAF_MKSTATE: Op = Op::new(79, 0, 5, 0, 0);

/// `graf_handle`'s answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GrafHandle {
    /// The AES's physical VDI workstation: open a virtual one on it (`v_opnvwk`).
    pub vdi_handle: i16,
    /// The system font's character cell.
    pub char_cell: CharCell,
    /// The box a character fits in (a cell plus borders): widget sizes.
    pub box_cell: CharCell,
}

/// The mouse forms `graf_mouse` knows, and its show/hide/save modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseForm {
    /// ARROW (0)
    Arrow,
    /// TEXT_CRSR (1)
    TextCursor,
    /// BUSYBEE (2): long work.
    Busy,
    /// POINT_HAND (3)
    PointHand,
    /// FLAT_HAND (4)
    FlatHand,
    /// THIN_CROSS (5)
    ThinCross,
    /// THICK_CROSS (6)
    ThickCross,
    /// OUTLN_CROSS (7)
    OutlineCross,
    /// M_OFF (256): hide the pointer (only inside BEG_UPDATE).
    Hide,
    /// M_ON (257): show it again.
    Show,
    /// M_SAVE (258), AES 4 (`Capabilities::mouse_save_restore`).
    Save,
    /// M_LAST (259)
    Last,
    /// M_RESTORE (260)
    Restore,
}

impl MouseForm {
    fn code(self) -> i16 {
        match self {
            MouseForm::Arrow => 0,
            MouseForm::TextCursor => 1,
            MouseForm::Busy => 2,
            MouseForm::PointHand => 3,
            MouseForm::FlatHand => 4,
            MouseForm::ThinCross => 5,
            MouseForm::ThickCross => 6,
            MouseForm::OutlineCross => 7,
            MouseForm::Hide => 256,
            MouseForm::Show => 257,
            MouseForm::Save => 258,
            MouseForm::Last => 259,
            MouseForm::Restore => 260,
        }
    }
}

impl<T: Trap> Aes<T> {
    /// `graf_handle` (opcode 77): the AES's VDI handle and its character cell.
    pub fn graf_handle(&mut self) -> GrafHandle {
        let handle = self.call(GRAF_HANDLE);
        let o = self.intout();
        GrafHandle {
            vdi_handle: handle,
            char_cell: CharCell { w: o[1], h: o[2] },
            box_cell: CharCell { w: o[3], h: o[4] },
        }
    }

    /// `graf_mouse` (opcode 78): changes the mouse form, or hides/shows the pointer.
    pub fn graf_mouse(&mut self, form: MouseForm) -> bool {
        self.intin()[0] = form.code();
        self.addrin()[0] = 0;
        self.call(GRAF_MOUSE) != 0
    }

    /// `graf_mkstate` (opcode 79): where the mouse is, its buttons and the shift keys, now.
    pub fn graf_mkstate(&mut self) -> (i16, i16, MouseButtons, KeyShift) {
        self.call(GRAF_MKSTATE);
        let o = self.intout();
        (o[1], o[2], MouseButtons::from_bits_truncate(o[3] as u16), KeyShift::from_bits_truncate(o[4] as u16))
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
