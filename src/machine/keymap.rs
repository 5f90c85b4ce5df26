//! The US keyboard layout of the Atari (scancode → ASCII), for a machine without TOS. Under
//! TOS the tables come from XBIOS `Keytbl` instead, so the user's own layout applies.
//!
//! Scancodes: Atari Compendium, "Keyboard scancodes" (the IKBD sends the same codes on every
//! Atari; only the engraving differs by country).

use super::input::KeyTables;

const fn table(pairs: &[(u8, u8)]) -> [u8; 128] {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < pairs.len() {
        t[pairs[i].0 as usize] = pairs[i].1;
        i += 1;
    }
    t
}

/// Keys that give the same character shifted or not (Escape, Backspace, Tab, Return, Space,
/// Delete, the keypad).
const COMMON: [(u8, u8); 24] = [
    (0x01, 0x1B),
    (0x0E, 0x08),
    (0x0F, 0x09),
    (0x1C, 0x0D),
    (0x39, b' '),
    (0x53, 0x7F),
    (0x4A, b'-'),
    (0x4E, b'+'),
    (0x63, b'('),
    (0x64, b')'),
    (0x65, b'/'),
    (0x66, b'*'),
    (0x67, b'7'),
    (0x68, b'8'),
    (0x69, b'9'),
    (0x6A, b'4'),
    (0x6B, b'5'),
    (0x6C, b'6'),
    (0x6D, b'1'),
    (0x6E, b'2'),
    (0x6F, b'3'),
    (0x70, b'0'),
    (0x71, b'.'),
    (0x72, 0x0D),
];

/// The character keys: scancode, unshifted, shifted.
const KEYS: [(u8, u8, u8); 47] = [
    (0x02, b'1', b'!'),
    (0x03, b'2', b'@'),
    (0x04, b'3', b'#'),
    (0x05, b'4', b'$'),
    (0x06, b'5', b'%'),
    (0x07, b'6', b'^'),
    (0x08, b'7', b'&'),
    (0x09, b'8', b'*'),
    (0x0A, b'9', b'('),
    (0x0B, b'0', b')'),
    (0x0C, b'-', b'_'),
    (0x0D, b'=', b'+'),
    (0x10, b'q', b'Q'),
    (0x11, b'w', b'W'),
    (0x12, b'e', b'E'),
    (0x13, b'r', b'R'),
    (0x14, b't', b'T'),
    (0x15, b'y', b'Y'),
    (0x16, b'u', b'U'),
    (0x17, b'i', b'I'),
    (0x18, b'o', b'O'),
    (0x19, b'p', b'P'),
    (0x1A, b'[', b'{'),
    (0x1B, b']', b'}'),
    (0x1E, b'a', b'A'),
    (0x1F, b's', b'S'),
    (0x20, b'd', b'D'),
    (0x21, b'f', b'F'),
    (0x22, b'g', b'G'),
    (0x23, b'h', b'H'),
    (0x24, b'j', b'J'),
    (0x25, b'k', b'K'),
    (0x26, b'l', b'L'),
    (0x27, b';', b':'),
    (0x28, b'\'', b'"'),
    (0x29, b'`', b'~'),
    (0x2B, b'\\', b'|'),
    (0x2C, b'z', b'Z'),
    (0x2D, b'x', b'X'),
    (0x2E, b'c', b'C'),
    (0x2F, b'v', b'V'),
    (0x30, b'b', b'B'),
    (0x31, b'n', b'N'),
    (0x32, b'm', b'M'),
    (0x33, b',', b'<'),
    (0x34, b'.', b'>'),
    (0x35, b'/', b'?'),
];

const fn build(column: usize) -> [u8; 128] {
    let mut t = table(&COMMON);
    let mut i = 0;
    while i < KEYS.len() {
        let (s, lower, upper) = KEYS[i];
        t[s as usize] = match column {
            0 => lower,
            1 => upper,
            // Caps Lock: letters shifted, everything else as unshifted.
            _ => {
                if lower.is_ascii_lowercase() {
                    upper
                } else {
                    lower
                }
            }
        };
        i += 1;
    }
    t
}

static UNSHIFTED: [u8; 128] = build(0);
static SHIFTED: [u8; 128] = build(1);
static CAPS_LOCK: [u8; 128] = build(2);

/// The US layout.
pub fn us() -> KeyTables<'static> {
    KeyTables { unshifted: &UNSHIFTED, shifted: &SHIFTED, caps_lock: &CAPS_LOCK }
}
