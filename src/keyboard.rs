//! The Atari keyboard's own codes, for every layer that reads keys: [`scancode`] (which key,
//! as the IKBD numbers it) and [`Shift`] (which modifiers are held, as BIOS `Kbshift` and AES
//! `evnt_multi` give them). Facts of the hardware, not of a layer: the machine layer's
//! keyboard state (`machine::input`) and the app's events (`app::input`) both speak in them,
//! so the full-screen host passes a key from one to the other unchanged. Imports nothing of
//! the project (docs/architecture.md, "Who may import whom").

use bitflags::bitflags;

bitflags! {
    /// The shift-key state, bit for bit as BIOS `Kbshift` returns it and as AES `evnt_multi`
    /// reports it in `kstate` (bits 0–3).
    #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
    pub struct Shift: u8 {
        const RIGHT_SHIFT = 1 << 0;
        const LEFT_SHIFT = 1 << 1;
        const CONTROL = 1 << 2;
        const ALTERNATE = 1 << 3;
        const CAPS_LOCK = 1 << 4;
    }
}

impl Shift {
    /// Either Shift key.
    pub const SHIFT: Shift = Shift::RIGHT_SHIFT.union(Shift::LEFT_SHIFT);

    /// Either Shift key is held.
    pub const fn shifted(self) -> bool {
        self.intersects(Shift::SHIFT)
    }
    pub const fn control(self) -> bool {
        self.contains(Shift::CONTROL)
    }
    pub const fn alternate(self) -> bool {
        self.contains(Shift::ALTERNATE)
    }
    pub const fn caps_lock(self) -> bool {
        self.contains(Shift::CAPS_LOCK)
    }
}

/// IKBD scancodes (make codes) of the Atari keyboard, as the Atari Compendium's keyboard table
/// lists them. Letters and digits are at the positions of the US/UK layout (a German keyboard
/// swaps Y and Z); the ASCII code, not the scancode, says which letter was typed.
pub mod scancode {
    pub const ESC: u8 = 0x01;
    pub const BACKSPACE: u8 = 0x0E;
    pub const TAB: u8 = 0x0F;
    pub const RETURN: u8 = 0x1C;
    pub const CONTROL: u8 = 0x1D;
    pub const LEFT_SHIFT: u8 = 0x2A;
    pub const RIGHT_SHIFT: u8 = 0x36;
    pub const ALTERNATE: u8 = 0x38;
    pub const SPACE: u8 = 0x39;
    pub const CAPS_LOCK: u8 = 0x3A;
    pub const CLR_HOME: u8 = 0x47;
    pub const UP: u8 = 0x48;
    pub const LEFT: u8 = 0x4B;
    pub const RIGHT: u8 = 0x4D;
    pub const DOWN: u8 = 0x50;
    pub const INSERT: u8 = 0x52;
    pub const DELETE: u8 = 0x53;
    pub const UNDO: u8 = 0x61;
    pub const HELP: u8 = 0x62;
    /// TOS reports Control with Left and Right arrow under these codes.
    pub const CTRL_LEFT: u8 = 0x73;
    pub const CTRL_RIGHT: u8 = 0x74;
    pub const F1: u8 = 0x3B;
    pub const F10: u8 = 0x44;
    /// Keypad: `(`, `)`, `/`, `*`, 7 8 9, 4 5 6, 1 2 3, 0, `.`, Enter; `-` and `+`.
    pub const KP_LPAREN: u8 = 0x63;
    pub const KP_RPAREN: u8 = 0x64;
    pub const KP_SLASH: u8 = 0x65;
    pub const KP_STAR: u8 = 0x66;
    pub const KP_7: u8 = 0x67;
    pub const KP_8: u8 = 0x68;
    pub const KP_9: u8 = 0x69;
    pub const KP_4: u8 = 0x6A;
    pub const KP_5: u8 = 0x6B;
    pub const KP_6: u8 = 0x6C;
    pub const KP_1: u8 = 0x6D;
    pub const KP_2: u8 = 0x6E;
    pub const KP_3: u8 = 0x6F;
    pub const KP_0: u8 = 0x70;
    pub const KP_DOT: u8 = 0x71;
    pub const KP_ENTER: u8 = 0x72;
    pub const KP_MINUS: u8 = 0x4A;
    pub const KP_PLUS: u8 = 0x4E;

    /// Whether `code` is a key of the numeric keypad.
    pub const fn is_keypad(code: u8) -> bool {
        matches!(code, 0x63..=0x72 | KP_MINUS | KP_PLUS)
    }

    /// Whether `code` is a key that only changes the shift state (Shift, Control, Alternate,
    /// Caps Lock).
    pub const fn is_modifier(code: u8) -> bool {
        matches!(code, LEFT_SHIFT | RIGHT_SHIFT | CONTROL | ALTERNATE | CAPS_LOCK)
    }

    /// The scancode of the key that types `ascii` on the US/UK layout (upper and lower case
    /// alike; control codes as their letter, except Return, Backspace and Tab), 0 if none.
    pub const fn of_ascii(ascii: u8) -> u8 {
        const LETTERS: [u8; 26] = [
            0x1E, 0x30, 0x2E, 0x20, 0x12, 0x21, 0x22, 0x23, 0x17, 0x24, 0x25, 0x26, 0x32, 0x31, 0x18, 0x19, 0x10, 0x13,
            0x1F, 0x14, 0x16, 0x2F, 0x11, 0x2D, 0x15, 0x2C,
        ];
        match ascii {
            b'a'..=b'z' => LETTERS[(ascii - b'a') as usize],
            b'A'..=b'Z' => LETTERS[(ascii - b'A') as usize],
            b'\r' => RETURN,
            8 => BACKSPACE,
            9 => TAB,
            1..=26 => LETTERS[(ascii - 1) as usize],
            b'1'..=b'9' => ascii - b'1' + 0x02,
            b'0' => 0x0B,
            b' ' => SPACE,
            0x1B => ESC,
            127 => DELETE,
            b'-' | b'_' => 0x0C,
            b'=' | b'+' => 0x0D,
            b'*' => KP_STAR,
            b'#' => 0x2B,
            _ => 0,
        }
    }
}
