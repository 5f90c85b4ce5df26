//! [`Input`]: what a front end feeds the app, in the Atari's own terms (IKBD scancodes and the
//! `Kbshift` bits of `crate::keyboard`, mouse buttons as the IKBD reports them), so a
//! full-screen front end passes on what the keyboard processor says and a GEM front end what
//! `evnt_multi` says.

use bitflags::bitflags;

use crate::keyboard::{Shift, scancode};

bitflags! {
    /// Mouse buttons held, as the IKBD mouse packet and AES `evnt_button` number them.
    #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
    pub struct Buttons: u8 {
        const LEFT = 1 << 0;
        const RIGHT = 1 << 1;
    }
}

/// One key: the IKBD scancode (make code, 1–127), the ASCII code the keyboard table gives for
/// it under the current shift state (0 for keys without one: cursor keys, Undo, Help, F1...),
/// and the shift state. A control-key ASCII may be the control code (TOS: Ctrl-A gives 1) or
/// the letter (a front end reading the IKBD itself): the key map accepts both.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct KeyPress {
    pub scancode: u8,
    pub ascii: u8,
    pub shift: Shift,
}

impl KeyPress {
    pub const fn new(scancode: u8, ascii: u8, shift: Shift) -> Self {
        KeyPress { scancode, ascii, shift }
    }
    /// A key with no ASCII code (cursor keys, Undo, Help, function keys).
    pub const fn special(scancode: u8, shift: Shift) -> Self {
        KeyPress { scancode, ascii: 0, shift }
    }
    /// A printable ASCII character typed without modifiers (its scancode looked up on the
    /// US/UK layout; 0 for characters that layout has not).
    pub const fn char(ascii: u8) -> Self {
        KeyPress { scancode: scancode::of_ascii(ascii), ascii, shift: Shift::empty() }
    }
    /// `ascii` typed with Control held (the ASCII is the letter, as a front end reading the
    /// IKBD itself reports it).
    pub const fn ctrl(ascii: u8) -> Self {
        KeyPress { scancode: scancode::of_ascii(ascii), ascii, shift: Shift::CONTROL }
    }
    /// The same key with `shift` added.
    pub const fn with(self, shift: Shift) -> Self {
        KeyPress { shift: self.shift.union(shift), ..self }
    }
}

/// An event from the front end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Input {
    /// A key went down (or repeats).
    KeyDown(KeyPress),
    /// A key went up (IKBD break code). GEM reports none; activities must not depend on it.
    KeyUp(KeyPress),
    /// The mouse is at (`x`,`y`) of the surface with `buttons` held (sent when either
    /// changes; the app works out presses, drags and releases).
    Mouse { x: i32, y: i32, buttons: Buttons, shift: Shift },
    /// `ms` milliseconds of real time have passed (sent while the app wants ticks).
    Tick { ms: u32 },
    /// The app no longer has the keyboard and mouse (GEM window untopped, iconified).
    FocusLost,
    /// The app has them again (and the palette, which it must reload: see `Palette::mark`).
    FocusGained,
    /// The region the app draws in changed size, or its contents were lost: lay out again and
    /// draw everything.
    Resize,
}
