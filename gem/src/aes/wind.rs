//! Window library: creating, opening, walking the rectangle list, setting titles, and the
//! screen lock (`wind_update`) every drawing must hold.

use core::ffi::CStr;

use bitflags::bitflags;

use super::capabilities::Capabilities;
use super::{Aes, Op};
use crate::rect::Rect;
use crate::trap::Trap;

/// wind_create: opcode 100, 5 intin (kind, x, y, w, h), 1 intout.
const WIND_CREATE: Op = Op::new(100, 5, 1, 0, 0);
/// wind_open: opcode 101, 5 intin (handle, x, y, w, h), 1 intout.
const WIND_OPEN: Op = Op::new(101, 5, 1, 0, 0);
/// wind_close: opcode 102, 1 intin (handle), 1 intout.
const WIND_CLOSE: Op = Op::new(102, 1, 1, 0, 0);
/// wind_delete: opcode 103, 1 intin (handle), 1 intout.
const WIND_DELETE: Op = Op::new(103, 1, 1, 0, 0);
/// wind_get: opcode 104, 2 intin (handle, field), 5 intout.
const WIND_GET: Op = Op::new(104, 2, 5, 0, 0);
/// wind_set: opcode 105, 6 intin (handle, field, 4 values), 1 intout.
const WIND_SET: Op = Op::new(105, 6, 1, 0, 0);
/// wind_find: opcode 106, 2 intin (x, y), 1 intout.
const WIND_FIND: Op = Op::new(106, 2, 1, 0, 0);
/// wind_update: opcode 107, 1 intin (mode), 1 intout.
const WIND_UPDATE: Op = Op::new(107, 1, 1, 0, 0);
/// wind_calc: opcode 108, 6 intin (type, kind, x, y, w, h), 5 intout.
const WIND_CALC: Op = Op::new(108, 6, 5, 0, 0);

/// `wind_get`/`wind_set` field numbers (`WF_*`).
pub mod field {
    pub const WF_KIND: i16 = 1;
    pub const WF_NAME: i16 = 2;
    pub const WF_INFO: i16 = 3;
    pub const WF_WORKXYWH: i16 = 4;
    pub const WF_CURRXYWH: i16 = 5;
    pub const WF_PREVXYWH: i16 = 6;
    pub const WF_FULLXYWH: i16 = 7;
    pub const WF_HSLIDE: i16 = 8;
    pub const WF_VSLIDE: i16 = 9;
    pub const WF_TOP: i16 = 10;
    pub const WF_FIRSTXYWH: i16 = 11;
    pub const WF_NEXTXYWH: i16 = 12;
    pub const WF_HSLSIZE: i16 = 15;
    pub const WF_VSLSIZE: i16 = 16;
    pub const WF_BOTTOM: i16 = 25;
    pub const WF_ICONIFY: i16 = 26;
    pub const WF_UNICONIFY: i16 = 27;
    pub const WF_UNICONIFYXYWH: i16 = 28;
}

/// A window's handle (0 is the desktop window, whose work area is the desk).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WindowHandle(pub i16);

impl WindowHandle {
    /// The desktop window.
    pub const DESK: WindowHandle = WindowHandle(0);
}

bitflags! {
    /// The parts ("widgets") of a window, as `wind_create` takes them.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct WindowParts: u16 {
        /// NAME: title bar.
        const NAME = 0x0001;
        /// CLOSER: close box.
        const CLOSER = 0x0002;
        /// FULLER: full box.
        const FULLER = 0x0004;
        /// MOVER: the title bar moves the window.
        const MOVER = 0x0008;
        /// INFO: information line.
        const INFO = 0x0010;
        /// SIZER: size box.
        const SIZER = 0x0020;
        const UPARROW = 0x0040;
        const DNARROW = 0x0080;
        const VSLIDE = 0x0100;
        const LFARROW = 0x0200;
        const RTARROW = 0x0400;
        const HSLIDE = 0x0800;
        /// SMALLER: iconifier (AES 4.1; only where `Capabilities::iconify`).
        const SMALLER = 0x4000;
    }
}

/// The rectangles `wind_get`/`wind_set` know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RectField {
    /// WF_WORKXYWH (4): the work area (of the desk window: the desk).
    Work,
    /// WF_CURRXYWH (5): the outer rectangle.
    Current,
    /// WF_PREVXYWH (6): the outer rectangle before the last change.
    Previous,
    /// WF_FULLXYWH (7): the full size (given to `wind_create`).
    Full,
    /// WF_UNICONIFY (27), with `wind_get`: the rectangle an iconified window had (AES 4.1).
    Uniconified,
}

impl RectField {
    fn code(self) -> i16 {
        match self {
            RectField::Work => field::WF_WORKXYWH,
            RectField::Current => field::WF_CURRXYWH,
            RectField::Previous => field::WF_PREVXYWH,
            RectField::Full => field::WF_FULLXYWH,
            RectField::Uniconified => field::WF_UNICONIFY,
        }
    }
}

/// `wind_update` modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Update {
    /// END_UPDATE (0): give the screen back.
    End,
    /// BEG_UPDATE (1): take the screen (nobody else draws; the rectangle lists stay).
    Begin,
    /// END_MCTRL (2): give the mouse back.
    EndMouse,
    /// BEG_MCTRL (3): take the mouse (menus and other windows stop reacting).
    BeginMouse,
    /// BEG_UPDATE | 0x100: take the screen only if free (AES 4 and MagiC,
    /// `Capabilities::update_check_and_set`); false when taken.
    TryBegin,
    /// BEG_MCTRL | 0x100.
    TryBeginMouse,
}

impl Update {
    fn code(self) -> i16 {
        match self {
            Update::End => 0,
            Update::Begin => 1,
            Update::EndMouse => 2,
            Update::BeginMouse => 3,
            Update::TryBegin => 0x101,
            Update::TryBeginMouse => 0x103,
        }
    }
}

/// `wind_calc`'s direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Calc {
    /// WC_BORDER (0): the outer rectangle of a window whose work area is given.
    BorderFromWork,
    /// WC_WORK (1): the work area of a window whose outer rectangle is given.
    WorkFromBorder,
}

/// The two words of a 32-bit address, high word first (how `wind_set` takes strings).
fn address_words(a: usize) -> [i16; 2] {
    let a = a as u32;
    [(a >> 16) as u16 as i16, a as u16 as i16]
}

impl<T: Trap> Aes<T> {
    /// `wind_create` (opcode 100): a window with `parts` that may grow to `full` (also
    /// the rectangle `RectField::Full` answers); its handle, or `None` when the AES has no
    /// window left (EmuTOS: 8 with AES < 3.30, else 16, the desktop included).
    pub fn wind_create(&mut self, parts: WindowParts, full: Rect) -> Option<WindowHandle> {
        let r = full.to_words();
        self.intin()[..5].copy_from_slice(&[parts.bits() as i16, r[0], r[1], r[2], r[3]]);
        let h = self.call(WIND_CREATE);
        (h > 0).then_some(WindowHandle(h))
    }

    /// `wind_open` (opcode 101): shows the window with outer rectangle `rect`.
    pub fn wind_open(&mut self, window: WindowHandle, rect: Rect) -> bool {
        let r = rect.to_words();
        self.intin()[..5].copy_from_slice(&[window.0, r[0], r[1], r[2], r[3]]);
        self.call(WIND_OPEN) != 0
    }

    /// `wind_close` (opcode 102): hides the window (it can be opened again).
    pub fn wind_close(&mut self, window: WindowHandle) -> bool {
        self.intin()[0] = window.0;
        self.call(WIND_CLOSE) != 0
    }

    /// `wind_delete` (opcode 103): frees a closed window's handle.
    pub fn wind_delete(&mut self, window: WindowHandle) -> bool {
        self.intin()[0] = window.0;
        self.call(WIND_DELETE) != 0
    }

    /// `wind_get` (opcode 104) of any field: the four answers, or `None` on an error.
    pub fn wind_get(&mut self, window: WindowHandle, field: i16) -> Option<[i16; 4]> {
        let intin = self.intin();
        intin[0] = window.0;
        intin[1] = field;
        if self.call(WIND_GET) == 0 {
            return None;
        }
        let o = self.intout();
        Some([o[1], o[2], o[3], o[4]])
    }

    /// `wind_get` (opcode 104) of a rectangle (`WF_WORKXYWH` of [`WindowHandle::DESK`]: the
    /// desk area below the menu bar).
    pub fn wind_get_rect(&mut self, window: WindowHandle, which: RectField) -> Option<Rect> {
        self.wind_get(window, which.code()).map(Rect::from_words)
    }

    /// `wind_get(0, WF_TOP)` (opcode 104, field 10): the top window (0 when none).
    pub fn wind_get_top(&mut self) -> Option<WindowHandle> {
        self.wind_get(WindowHandle::DESK, field::WF_TOP).map(|a| WindowHandle(a[0]))
    }

    /// The visible rectangles of `window` (`wind_get` WF_FIRSTXYWH, then WF_NEXTXYWH until
    /// an empty one), in screen coordinates. Hold `wind_update(Begin)` while walking it
    /// and drawing, or the list can change under you.
    pub fn rectangles(&mut self, window: WindowHandle) -> Rectangles<'_, T> {
        Rectangles { aes: self, window, started: false, done: false }
    }

    /// `wind_set` (opcode 105) of any field with four values.
    pub fn wind_set(&mut self, window: WindowHandle, field: i16, values: [i16; 4]) -> bool {
        self.intin()[..6].copy_from_slice(&[window.0, field, values[0], values[1], values[2], values[3]]);
        self.call(WIND_SET) != 0
    }

    /// `wind_set` (opcode 105) of a rectangle (WF_CURRXYWH moves and sizes the window:
    /// the AES does nothing itself on WM_MOVED/WM_SIZED/WM_FULLED).
    pub fn wind_set_rect(&mut self, window: WindowHandle, which: RectField, rect: Rect) -> bool {
        self.wind_set(window, which.code(), rect.to_words())
    }

    /// `wind_set(WF_NAME)` (opcode 105, field 2): the title. The AES keeps the address,
    /// not a copy, so the text must outlive the window: `'static`. At most 80 characters
    /// on Atari's AES.
    pub fn wind_set_name(&mut self, window: WindowHandle, title: &'static CStr) -> bool {
        let [hi, lo] = address_words(title.as_ptr() as usize);
        self.wind_set(window, field::WF_NAME, [hi, lo, 0, 0])
    }

    /// `wind_set(WF_INFO)` (opcode 105, field 3): the information line (kept by address,
    /// like the title).
    pub fn wind_set_info(&mut self, window: WindowHandle, info: &'static CStr) -> bool {
        let [hi, lo] = address_words(info.as_ptr() as usize);
        self.wind_set(window, field::WF_INFO, [hi, lo, 0, 0])
    }

    /// `wind_set(WF_TOP)` (opcode 105, field 10): brings the window to the top.
    pub fn wind_set_top(&mut self, window: WindowHandle) -> bool {
        self.wind_set(window, field::WF_TOP, [0; 4])
    }

    /// `wind_set(WF_BOTTOM)` (opcode 105, field 25): sends the window to the bottom, where
    /// the AES knows it (`Capabilities::bottom`); false without calling elsewhere.
    pub fn wind_set_bottom(&mut self, capabilities: &Capabilities, window: WindowHandle) -> bool {
        capabilities.bottom() && self.wind_set(window, field::WF_BOTTOM, [0; 4])
    }

    /// `wind_set(WF_ICONIFY)` (opcode 105, field 26): iconifies the window into `rect` (from
    /// WM_ICONIFY), where the AES can (`Capabilities::iconify`); false without calling
    /// elsewhere.
    pub fn wind_set_iconify(&mut self, capabilities: &Capabilities, window: WindowHandle, rect: Rect) -> bool {
        capabilities.iconify() && self.wind_set(window, field::WF_ICONIFY, rect.to_words())
    }

    /// `wind_set(WF_UNICONIFY)` (opcode 105, field 27): restores the window to `rect` (from
    /// WM_UNICONIFY), where the AES can; false without calling elsewhere.
    pub fn wind_set_uniconify(&mut self, capabilities: &Capabilities, window: WindowHandle, rect: Rect) -> bool {
        capabilities.iconify() && self.wind_set(window, field::WF_UNICONIFY, rect.to_words())
    }

    /// `wind_find` (opcode 106): the window under (`x`, `y`) (0: the desktop).
    pub fn wind_find(&mut self, x: i16, y: i16) -> WindowHandle {
        let intin = self.intin();
        intin[0] = x;
        intin[1] = y;
        WindowHandle(self.call(WIND_FIND))
    }

    /// `wind_update` (opcode 107): takes or gives back the screen or the mouse. The calls
    /// nest: every Begin needs its End. False when a Try… found the lock taken.
    pub fn wind_update(&mut self, mode: Update) -> bool {
        self.intin()[0] = mode.code();
        self.call(WIND_UPDATE) != 0
    }

    /// `wind_calc` (opcode 108): converts between a window's outer rectangle and its work
    /// area for the given parts.
    pub fn wind_calc(&mut self, direction: Calc, parts: WindowParts, rect: Rect) -> Option<Rect> {
        let r = rect.to_words();
        let kind = match direction {
            Calc::BorderFromWork => 0,
            Calc::WorkFromBorder => 1,
        };
        self.intin()[..6].copy_from_slice(&[kind, parts.bits() as i16, r[0], r[1], r[2], r[3]]);
        if self.call(WIND_CALC) == 0 {
            return None;
        }
        let o = self.intout();
        Some(Rect::new(o[1], o[2], o[3], o[4]))
    }
}

/// The rectangle list of a window (see [`Aes::rectangles`]).
pub struct Rectangles<'a, T: Trap> {
    aes: &'a mut Aes<T>,
    window: WindowHandle,
    started: bool,
    done: bool,
}

impl<T: Trap> Iterator for Rectangles<'_, T> {
    type Item = Rect;

    fn next(&mut self) -> Option<Rect> {
        if self.done {
            return None;
        }
        let which = if self.started { field::WF_NEXTXYWH } else { field::WF_FIRSTXYWH };
        self.started = true;
        match self.aes.wind_get(self.window, which).map(Rect::from_words) {
            Some(r) if !r.is_empty() => Some(r),
            _ => {
                self.done = true;
                None
            }
        }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
