//! What this AES offers, asked once after `appl_init`: the one query the program makes
//! before using anything newer than AES 3.40 (`appl_getinfo`, iconify, AP_TERM, window
//! bottoming, the messages of AES 4).
//!
//! `appl_getinfo` itself exists (tos.hyp, `appl_getinfo` and `appl_xgetinfo`) when the AES
//! version is 4.00 or more; or on MagiC, which reports 3.99 (0x0399) and is recognised by
//! its `MagX` cookie (the caller reads the cookie jar, this crate does not); or when
//! `appl_find("?AGI")` answers 0 (MagiC 3 and later, WINX). The Falcon's TOS 4.0x and
//! EmuTOS report 3.40 and have none of it: there every answer here is "no", and nothing
//! newer is ever called (EmuTOS would show an alert for an unknown AES function).

use bitflags::bitflags;

use super::Aes;
use crate::trap::Trap;

bitflags! {
    /// `appl_getinfo(11)` (AES_WINDOW) first answer: the extended `wind_get`/`wind_set`
    /// modes.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct WindowFeatures: u16 {
        /// WF_TOP returns the window below the top one too.
        const TOP_RETURNS_BELOW = 1 << 0;
        const GET_NEWDESK = 1 << 1;
        const COLOR = 1 << 2;
        const DCOLOR = 1 << 3;
        const GET_OWNER = 1 << 4;
        const BEVENT = 1 << 5;
        /// wind_set(WF_BOTTOM).
        const BOTTOM = 1 << 6;
        /// wind_set(WF_ICONIFY).
        const ICONIFY = 1 << 7;
        /// wind_set(WF_UNICONIFY).
        const UNICONIFY = 1 << 8;
    }
}

bitflags! {
    /// `appl_getinfo(12)` (AES_MESSAGE) first answer: the messages beyond AES 3.x that this
    /// AES sends.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct MessageSupport: u16 {
        const NEWTOP = 1 << 0;
        const UNTOPPED = 1 << 1;
        const ONTOP = 1 << 2;
        const AP_TERM = 1 << 3;
        /// MultiTOS shutdown and resolution-change messages.
        const SHUTDOWN = 1 << 4;
        const CH_EXIT = 1 << 5;
        const BOTTOMED = 1 << 6;
        const ICONIFY = 1 << 7;
        const UNICONIFY = 1 << 8;
        const ALLICONIFY = 1 << 9;
    }
}

/// The answers, with "no" for everything when `appl_getinfo` is absent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Capabilities {
    /// `global[0]`.
    pub version: u16,
    /// `global[1]`: 1 under single-tasking TOS, -1 (any number) under MultiTOS.
    pub max_applications: i16,
    /// `appl_getinfo` may be called.
    pub getinfo: bool,
    /// How it was found: version ≥ 4.00, MagiC, or the `?AGI` answer.
    pub found_by: Option<GetinfoEvidence>,
    pub windows: WindowFeatures,
    pub messages: MessageSupport,
    /// `appl_getinfo(10)`, low byte: the highest `shel_write` mode (0 when unknown: then
    /// only the launching modes 0 and 1 of every AES may be used).
    pub shel_write_max_mode: i16,
    /// `appl_getinfo(11)`, fourth answer: `wind_update` with 0x100 (check and set).
    pub update_check_and_set: bool,
    /// `appl_getinfo(8)`: graf_mouse M_SAVE/M_LAST/M_RESTORE (258–260).
    pub mouse_save_restore: bool,
    /// `appl_getinfo(4)`: the AES multitasks pre-emptively.
    pub preemptive: bool,
    /// `appl_getinfo(9)`, fourth answer: MN_SELECTED carries the tree and the parent.
    pub extended_menu_selected: bool,
}

/// Why `appl_getinfo` was taken to exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GetinfoEvidence {
    /// AES version 4.00 or later.
    Version,
    /// MagiC (version 0x0399 and the caller saw the `MagX` cookie).
    MagiC,
    /// `appl_find("?AGI")` answered 0.
    AgiQuery,
}

/// appl_getinfo question numbers used here.
const AES_PROCESS: i16 = 4;
const AES_MOUSE: i16 = 8;
const AES_MENU: i16 = 9;
const AES_SHELL: i16 = 10;
const AES_WINDOW: i16 = 11;
const AES_MESSAGE: i16 = 12;

impl Capabilities {
    /// Iconify may be offered: `wind_set` knows WF_ICONIFY and WF_UNICONIFY, and the AES
    /// sends WM_ICONIFY and WM_UNICONIFY (then add [`super::WindowParts::SMALLER`]).
    pub fn iconify(&self) -> bool {
        self.windows.contains(WindowFeatures::ICONIFY | WindowFeatures::UNICONIFY)
            && self.messages.contains(MessageSupport::ICONIFY | MessageSupport::UNICONIFY)
    }

    /// The AES sends AP_TERM (to programs that announce they understand it).
    pub fn ap_term(&self) -> bool {
        self.messages.contains(MessageSupport::AP_TERM) || self.shel_write_max_mode >= 9
    }

    /// `shel_write` accepts mode `mode` (7 broadcast, 9 announce messages, 10 message to
    /// the AES).
    pub fn shel_write_mode(&self, mode: i16) -> bool {
        mode <= 1 || mode <= self.shel_write_max_mode
    }

    /// `wind_set(WF_BOTTOM)` exists (else only WM_UNTOPPED/compare WF_TOP remain).
    pub fn bottom(&self) -> bool {
        self.windows.contains(WindowFeatures::BOTTOM)
    }

    /// More than one application runs at once (MultiTOS, MagiC, XaAES): no busy waiting.
    pub fn multitasking(&self) -> bool {
        self.max_applications != 1
    }
}

impl<T: Trap> Aes<T> {
    /// Asks the AES what it offers (after `appl_init`). `magic_cookie`: whether the cookie
    /// jar holds `MagX` (MagiC reports AES 3.99 and has `appl_getinfo` without answering
    /// the `?AGI` query in its first versions). Calls `appl_find("?AGI")` when the version
    /// alone does not decide, and `appl_getinfo` only when it exists.
    pub fn capabilities(&mut self, magic_cookie: bool) -> Capabilities {
        let version = self.version();
        let mut c = Capabilities { version, max_applications: self.max_applications(), ..Default::default() };
        c.found_by = if version >= 0x0400 {
            Some(GetinfoEvidence::Version)
        } else if version == 0x0399 && magic_cookie {
            Some(GetinfoEvidence::MagiC)
        } else if self.appl_find_query(c"?AGI") {
            Some(GetinfoEvidence::AgiQuery)
        } else {
            None
        };
        c.getinfo = c.found_by.is_some();
        if !c.getinfo {
            return c;
        }
        if let Some(a) = self.appl_getinfo_unchecked(AES_PROCESS) {
            c.preemptive = a[0] == 1;
        }
        if let Some(a) = self.appl_getinfo_unchecked(AES_MOUSE) {
            c.mouse_save_restore = a[0] == 1;
        }
        if let Some(a) = self.appl_getinfo_unchecked(AES_MENU) {
            c.extended_menu_selected = a[3] == 1;
        }
        if let Some(a) = self.appl_getinfo_unchecked(AES_SHELL) {
            c.shel_write_max_mode = a[0] & 0xff;
        }
        if let Some(a) = self.appl_getinfo_unchecked(AES_WINDOW) {
            c.windows = WindowFeatures::from_bits_truncate(a[0] as u16);
            c.update_check_and_set = a[3] == 1;
        }
        if let Some(a) = self.appl_getinfo_unchecked(AES_MESSAGE) {
            c.messages = MessageSupport::from_bits_truncate(a[0] as u16);
        }
        c
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
