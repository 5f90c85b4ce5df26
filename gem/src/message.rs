//! AES messages: the 8-word buffer `evnt_multi`/`evnt_mesag` fill and `appl_write` sends,
//! decoded into [`Message`].
//!
//! Layout (Atari Compendium, "AES messages"): word 0 the kind, word 1 the sender's
//! application id, word 2 the length of extra data (0 for every message here), words 3–7
//! the data. Kinds this crate does not know stay [`Message::Unknown`] with the raw words.

use crate::aes::AppId;
use crate::aes::wind::WindowHandle;
use crate::object::ObjectId;
use crate::rect::Rect;

/// The message numbers (Atari Compendium and tos.hyp names).
pub mod kind {
    pub const MN_SELECTED: i16 = 10;
    pub const WM_REDRAW: i16 = 20;
    pub const WM_TOPPED: i16 = 21;
    pub const WM_CLOSED: i16 = 22;
    pub const WM_FULLED: i16 = 23;
    pub const WM_ARROWED: i16 = 24;
    pub const WM_HSLID: i16 = 25;
    pub const WM_VSLID: i16 = 26;
    pub const WM_SIZED: i16 = 27;
    pub const WM_MOVED: i16 = 28;
    pub const WM_NEWTOP: i16 = 29;
    pub const WM_UNTOPPED: i16 = 30;
    pub const WM_ONTOP: i16 = 31;
    pub const WM_BOTTOMED: i16 = 33;
    pub const WM_ICONIFY: i16 = 34;
    pub const WM_UNICONIFY: i16 = 35;
    pub const WM_ALLICONIFY: i16 = 36;
    pub const AC_OPEN: i16 = 40;
    pub const AC_CLOSE: i16 = 41;
    pub const AP_TERM: i16 = 50;
    pub const AP_TFAIL: i16 = 51;
    pub const AP_RESCHG: i16 = 57;
    pub const SHUT_COMPLETED: i16 = 60;
    pub const RESCH_COMPLETED: i16 = 61;
    pub const AP_DRAGDROP: i16 = 63;
    pub const SH_WDRAW: i16 = 72;
    pub const SC_CHANGED: i16 = 80;
    /// AV protocol: the desktop asks a running program to open files (0x4711).
    pub const VA_START: i16 = 0x4711;
    /// AV protocol: the answer to VA_START (0x4738).
    pub const AV_STARTED: i16 = 0x4738;
}

/// The eight words as the AES stores them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RawMessage(pub [i16; 8]);

impl RawMessage {
    pub fn kind(&self) -> i16 {
        self.0[0]
    }

    /// Word 1: who sent it (for `AP_TFAIL` this word is the error code instead).
    pub fn sender(&self) -> AppId {
        AppId(self.0[1])
    }

    /// The typed message.
    pub fn decode(&self) -> Message {
        Message::decode(self)
    }

    /// The 16 bytes in the AES's order (big-endian words).
    pub fn to_bytes(&self) -> [u8; 16] {
        let mut b = [0u8; 16];
        for (i, w) in self.0.iter().enumerate() {
            b[2 * i..2 * i + 2].copy_from_slice(&w.to_be_bytes());
        }
        b
    }
}

/// Which arrow or page area of a window's scroll bars was clicked (`WM_ARROWED` word 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrow {
    /// WA_UPPAGE (0)
    UpPage,
    /// WA_DNPAGE (1)
    DownPage,
    /// WA_UPLINE (2)
    UpLine,
    /// WA_DNLINE (3)
    DownLine,
    /// WA_LFPAGE (4)
    LeftPage,
    /// WA_RTPAGE (5)
    RightPage,
    /// WA_LFLINE (6)
    LeftLine,
    /// WA_RTLINE (7)
    RightLine,
    /// Another value (XaAES's wheel, 8).
    Other(i16),
}

impl Arrow {
    fn from_word(w: i16) -> Self {
        match w {
            0 => Arrow::UpPage,
            1 => Arrow::DownPage,
            2 => Arrow::UpLine,
            3 => Arrow::DownLine,
            4 => Arrow::LeftPage,
            5 => Arrow::RightPage,
            6 => Arrow::LeftLine,
            7 => Arrow::RightLine,
            other => Arrow::Other(other),
        }
    }

    fn to_word(self) -> i16 {
        match self {
            Arrow::UpPage => 0,
            Arrow::DownPage => 1,
            Arrow::UpLine => 2,
            Arrow::DownLine => 3,
            Arrow::LeftPage => 4,
            Arrow::RightPage => 5,
            Arrow::LeftLine => 6,
            Arrow::RightLine => 7,
            Arrow::Other(w) => w,
        }
    }
}

/// Why the system asks the application to end (`AP_TERM` word 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TermReason {
    /// AP_TERM (50): shutdown, or a plain request to quit.
    Shutdown,
    /// AP_RESCHG (57): a resolution change.
    ResolutionChange,
    /// Any other value (MagiC's Ctrl-Alt-Del sends AP_TERM here too).
    Other(i16),
}

/// A decoded AES message. Window and object numbers are typed; rectangles are GRECTs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Message {
    /// MN_SELECTED (10): a menu item was chosen; its title stays highlighted until
    /// `menu_tnormal`. `tree` (the menu's address) and `parent` (the drop-down box) are
    /// only filled by AESes with the extended message (appl_getinfo 9), else 0.
    MenuSelected { title: ObjectId, item: ObjectId, tree: usize, parent: ObjectId },
    /// WM_REDRAW (20): redraw `area` of the window (walk its rectangle list).
    Redraw { window: WindowHandle, area: Rect },
    /// WM_TOPPED (21): the user clicked an inactive window; top it with `wind_set(WF_TOP)`.
    Topped { window: WindowHandle },
    /// WM_CLOSED (22): the closer was clicked.
    Closed { window: WindowHandle },
    /// WM_FULLED (23): the fuller was clicked.
    Fulled { window: WindowHandle },
    /// WM_ARROWED (24): an arrow or a page area of a scroll bar.
    Arrowed { window: WindowHandle, arrow: Arrow },
    /// WM_HSLID (25): horizontal slider moved to `position` (0–1000).
    HSlid { window: WindowHandle, position: i16 },
    /// WM_VSLID (26): vertical slider moved to `position` (0–1000).
    VSlid { window: WindowHandle, position: i16 },
    /// WM_SIZED (27): the user dragged the sizer; `rect` is the new outer rectangle.
    Sized { window: WindowHandle, rect: Rect },
    /// WM_MOVED (28): the user dragged the mover; `rect` is the new outer rectangle.
    Moved { window: WindowHandle, rect: Rect },
    /// WM_NEWTOP (29): the window was topped.
    NewTop { window: WindowHandle },
    /// WM_UNTOPPED (30): another window went on top of it.
    Untopped { window: WindowHandle },
    /// WM_ONTOP (31): it is on top again (not sent by EmuTOS).
    OnTop { window: WindowHandle },
    /// WM_BOTTOMED (33): put the window at the bottom (`wind_set(WF_BOTTOM)`).
    Bottomed { window: WindowHandle },
    /// WM_ICONIFY (34): iconify the window into `rect` (AES 4.1).
    Iconify { window: WindowHandle, rect: Rect },
    /// WM_UNICONIFY (35): restore the window to `rect` (AES 4.1).
    Uniconify { window: WindowHandle, rect: Rect },
    /// WM_ALLICONIFY (36): iconify all windows of the application into `rect` (AES 4.1).
    AllIconify { window: WindowHandle, rect: Rect },
    /// AC_OPEN (40): an accessory's Desk menu entry was chosen (`menu_id` from word 4).
    AccOpen { menu_id: i16 },
    /// AC_CLOSE (41): the running application changed; the AES has already closed the
    /// accessory's windows (`menu_id` from word 3).
    AccClose { menu_id: i16 },
    /// AP_TERM (50): end now, even from inside a dialog (or answer AP_TFAIL).
    Terminate { reason: TermReason },
    /// AP_TFAIL (51): an application refuses to end; `error` is in word 1.
    TermFailed { error: i16 },
    /// SHUT_COMPLETED (60), to the initiator of a shutdown: `ok`, or who refused and why.
    ShutCompleted { ok: bool, refused_by: AppId, error: i16 },
    /// RESCH_COMPLETED (61), to the initiator of a resolution change.
    ReschCompleted { ok: bool },
    /// AP_DRAGDROP (63): data dropped on `window` (-1: on the application) at (x, y),
    /// through the pipe `U:\PIPE\DRAGDROP.` + `pipe`.
    DragDrop { window: WindowHandle, x: i16, y: i16, shift: i16, pipe: [u8; 2] },
    /// SH_WDRAW (72): the contents of `drive` changed (0 = A:, -1 = all).
    ShellRedraw { drive: i16 },
    /// SC_CHANGED (80): the clipboard changed; `format` as in the Compendium (2 = text).
    ClipboardChanged { format: i16 },
    /// VA_START (0x4711): open what the command line at `command` names.
    VaStart { command: usize },
    /// AV_STARTED (0x4738): the answer to VA_START, with the same address.
    AvStarted { command: usize },
    /// Any other kind, unchanged.
    Unknown(RawMessage),
}

/// A 32-bit address from two words, high word first.
fn address(hi: i16, lo: i16) -> usize {
    (((hi as u16 as u32) << 16) | lo as u16 as u32) as usize
}

/// The two words of a 32-bit address, high word first.
fn address_words(a: usize) -> (i16, i16) {
    let a = a as u32;
    ((a >> 16) as u16 as i16, a as u16 as i16)
}

impl Message {
    pub fn decode(raw: &RawMessage) -> Message {
        use kind::*;
        let m = &raw.0;
        let window = WindowHandle(m[3]);
        let rect = Rect::new(m[4], m[5], m[6], m[7]);
        match m[0] {
            MN_SELECTED => Message::MenuSelected {
                title: ObjectId(m[3]),
                item: ObjectId(m[4]),
                tree: address(m[5], m[6]),
                parent: ObjectId(m[7]),
            },
            WM_REDRAW => Message::Redraw { window, area: rect },
            WM_TOPPED => Message::Topped { window },
            WM_CLOSED => Message::Closed { window },
            WM_FULLED => Message::Fulled { window },
            WM_ARROWED => Message::Arrowed { window, arrow: Arrow::from_word(m[4]) },
            WM_HSLID => Message::HSlid { window, position: m[4] },
            WM_VSLID => Message::VSlid { window, position: m[4] },
            WM_SIZED => Message::Sized { window, rect },
            WM_MOVED => Message::Moved { window, rect },
            WM_NEWTOP => Message::NewTop { window },
            WM_UNTOPPED => Message::Untopped { window },
            WM_ONTOP => Message::OnTop { window },
            WM_BOTTOMED => Message::Bottomed { window },
            WM_ICONIFY => Message::Iconify { window, rect },
            WM_UNICONIFY => Message::Uniconify { window, rect },
            WM_ALLICONIFY => Message::AllIconify { window, rect },
            AC_OPEN => Message::AccOpen { menu_id: m[4] },
            AC_CLOSE => Message::AccClose { menu_id: m[3] },
            AP_TERM => Message::Terminate {
                reason: match m[5] {
                    AP_TERM => TermReason::Shutdown,
                    AP_RESCHG => TermReason::ResolutionChange,
                    other => TermReason::Other(other),
                },
            },
            AP_TFAIL => Message::TermFailed { error: m[1] },
            SHUT_COMPLETED => Message::ShutCompleted { ok: m[3] != 0, refused_by: AppId(m[4]), error: m[5] },
            RESCH_COMPLETED => Message::ReschCompleted { ok: m[3] != 0 },
            AP_DRAGDROP => {
                let [a, b] = m[7].to_be_bytes();
                Message::DragDrop { window, x: m[4], y: m[5], shift: m[6], pipe: [a, b] }
            }
            SH_WDRAW => Message::ShellRedraw { drive: m[3] },
            SC_CHANGED => Message::ClipboardChanged { format: m[3] },
            VA_START => Message::VaStart { command: address(m[3], m[4]) },
            AV_STARTED => Message::AvStarted { command: address(m[3], m[4]) },
            _ => Message::Unknown(*raw),
        }
    }

    /// The message as `sender` would send it (word 2 = 0). `TermFailed` puts its error
    /// in word 1 instead of a sender; `Unknown` is returned unchanged.
    pub fn encode(&self, sender: AppId) -> RawMessage {
        use kind::*;
        let s = sender.0;
        let with_rect = |k: i16, w: WindowHandle, r: &Rect| [k, s, 0, w.0, r.x, r.y, r.w, r.h];
        let with_window = |k: i16, w: WindowHandle| [k, s, 0, w.0, 0, 0, 0, 0];
        RawMessage(match self {
            Message::MenuSelected { title, item, tree, parent } => {
                let (hi, lo) = address_words(*tree);
                [MN_SELECTED, s, 0, title.0, item.0, hi, lo, parent.0]
            }
            Message::Redraw { window, area } => with_rect(WM_REDRAW, *window, area),
            Message::Topped { window } => with_window(WM_TOPPED, *window),
            Message::Closed { window } => with_window(WM_CLOSED, *window),
            Message::Fulled { window } => with_window(WM_FULLED, *window),
            Message::Arrowed { window, arrow } => [WM_ARROWED, s, 0, window.0, arrow.to_word(), 0, 0, 0],
            Message::HSlid { window, position } => [WM_HSLID, s, 0, window.0, *position, 0, 0, 0],
            Message::VSlid { window, position } => [WM_VSLID, s, 0, window.0, *position, 0, 0, 0],
            Message::Sized { window, rect } => with_rect(WM_SIZED, *window, rect),
            Message::Moved { window, rect } => with_rect(WM_MOVED, *window, rect),
            Message::NewTop { window } => with_window(WM_NEWTOP, *window),
            Message::Untopped { window } => with_window(WM_UNTOPPED, *window),
            Message::OnTop { window } => with_window(WM_ONTOP, *window),
            Message::Bottomed { window } => with_window(WM_BOTTOMED, *window),
            Message::Iconify { window, rect } => with_rect(WM_ICONIFY, *window, rect),
            Message::Uniconify { window, rect } => with_rect(WM_UNICONIFY, *window, rect),
            Message::AllIconify { window, rect } => with_rect(WM_ALLICONIFY, *window, rect),
            Message::AccOpen { menu_id } => [AC_OPEN, s, 0, 0, *menu_id, 0, 0, 0],
            Message::AccClose { menu_id } => [AC_CLOSE, s, 0, *menu_id, 0, 0, 0, 0],
            Message::Terminate { reason } => {
                let r = match reason {
                    TermReason::Shutdown => AP_TERM,
                    TermReason::ResolutionChange => AP_RESCHG,
                    TermReason::Other(r) => *r,
                };
                [AP_TERM, s, 0, 0, 0, r, 0, 0]
            }
            Message::TermFailed { error } => [AP_TFAIL, *error, 0, 0, 0, 0, 0, 0],
            Message::ShutCompleted { ok, refused_by, error } => {
                [SHUT_COMPLETED, s, 0, *ok as i16, refused_by.0, *error, 0, 0]
            }
            Message::ReschCompleted { ok } => [RESCH_COMPLETED, s, 0, *ok as i16, 0, 0, 0, 0],
            Message::DragDrop { window, x, y, shift, pipe } => {
                [AP_DRAGDROP, s, 0, window.0, *x, *y, *shift, i16::from_be_bytes(*pipe)]
            }
            Message::ShellRedraw { drive } => [SH_WDRAW, s, 0, *drive, 0, 0, 0, 0],
            Message::ClipboardChanged { format } => [SC_CHANGED, s, 0, *format, 0, 0, 0, 0],
            Message::VaStart { command } => {
                let (hi, lo) = address_words(*command);
                [VA_START, s, 0, hi, lo, 0, 0, 0]
            }
            Message::AvStarted { command } => {
                let (hi, lo) = address_words(*command);
                [AV_STARTED, s, 0, hi, lo, 0, 0, 0]
            }
            Message::Unknown(raw) => return *raw,
        })
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
