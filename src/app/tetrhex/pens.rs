//! The pens of the TETRHEX screen and their colours: the screen's background, empty cells,
//! the board frame's four depth planes (option `-b`), the rule's text colours (pause, game
//! over, name prompt, rule name), three per displayed number (text, non-significant zeros,
//! digits), and the six hexagon colours of section 6.6 in the 8 shades of options `-vhc` and
//! `-vhw`, the help text (`-ch`), the date (`-cd`) and the time (`-ct`), from
//! `PUZZLE_PEN_BASE` on (pens 0–15 stay the host's, as for a puzzle).

use crate::app::puzzle_activity::PUZZLE_PEN_BASE;
use crate::gfx::{Colour, Palette};
use crate::rul::model::RuleFile;

pub const BACKGROUND: u8 = PUZZLE_PEN_BASE;
pub const EMPTY: u8 = PUZZLE_PEN_BASE + 1;
/// The frame's four planes, front first.
pub const FRAME: [u8; 4] = [PUZZLE_PEN_BASE + 2, PUZZLE_PEN_BASE + 3, PUZZLE_PEN_BASE + 4, PUZZLE_PEN_BASE + 5];
/// "-- PAUSE --", "GAME OVER", the name prompt, the rule's name (the header's colours).
pub const PAUSE: u8 = PUZZLE_PEN_BASE + 6;
pub const GAME_OVER: u8 = PUZZLE_PEN_BASE + 7;
pub const PROMPT: u8 = PUZZLE_PEN_BASE + 8;
pub const RULE_NAME: u8 = PUZZLE_PEN_BASE + 9;
/// Hints under the board.
pub const HINT: u8 = PUZZLE_PEN_BASE + 10;
/// Number `k`'s text, zeros and digits: `NUMBERS + 3k + 0, 1, 2`.
pub const NUMBERS: u8 = PUZZLE_PEN_BASE + 11;
/// Colour `c` (1–6) in shade `i` (0 darkest – 7 brightest): `SHADES + (c − 1) * 8 + i`.
pub const SHADES: u8 = NUMBERS + 3 * 8;
/// The help viewer's text (option `-ch`).
pub const HELP_TEXT: u8 = SHADES + 6 * 8;
/// The date and the time in the main menu (options `-cd`, `-ct`).
pub const DATE: u8 = HELP_TEXT + 1;
pub const TIME: u8 = HELP_TEXT + 2;
/// The last pen used.
pub const LAST: u8 = TIME;

/// Option `-vhc`'s defaults: the intensity of a colour's components in each shade.
pub const HEX_COLOUR: [u8; 8] = [0x30, 0x60, 0x78, 0x90, 0xA8, 0xC8, 0xD8, 0xF8];
/// Option `-vhw`'s defaults: white added to every component in each shade.
pub const HEX_WHITE: [u8; 8] = [0x00, 0x00, 0x00, 0x00, 0x10, 0x20, 0x50, 0x80];
/// Option `-b`'s defaults: the frame's front colour and what each plane further back loses.
pub const FRAME_FRONT: [u8; 3] = [240, 240, 240];
pub const FRAME_STEP: [u8; 3] = [48, 48, 48];

/// A header colour (0RGB).
pub fn rgb(c: u32) -> Colour {
    Colour::rgb((c >> 16) as u8, (c >> 8) as u8, c as u8)
}

/// The colours the options choose: the frame's (`-b`), the hexagons' shades (`-vhc`,
/// `-vhw`), the help text's (`-ch`), the date's (`-cd`) and the time's (`-ct`); the
/// defaults are the manual's (white for the last three, its rule for `-cd`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colours {
    pub frame_front: [u8; 3],
    /// What each plane further back loses (three times it at most the front's).
    pub frame_step: [u8; 3],
    pub hex_colour: [u8; 8],
    pub hex_white: [u8; 8],
    pub help_text: Colour,
    pub date: Colour,
    pub time: Colour,
}

impl Default for Colours {
    fn default() -> Self {
        Colours {
            frame_front: FRAME_FRONT,
            frame_step: FRAME_STEP,
            hex_colour: HEX_COLOUR,
            hex_white: HEX_WHITE,
            help_text: Colour::WHITE,
            date: Colour::WHITE,
            time: Colour::WHITE,
        }
    }
}

impl Colours {
    /// Colour `c` (1–6: bit 2 red, bit 1 green, bit 0 blue) in shade `i`.
    pub fn shade(&self, c: u8, i: usize) -> Colour {
        let part = |bit: u8| -> u8 {
            let base = if c & bit != 0 { self.hex_colour[i] as u16 } else { 0 };
            (base + self.hex_white[i] as u16).min(255) as u8
        };
        Colour::rgb(part(4), part(2), part(1))
    }
}

/// Sets every pen of `rule`'s screen in `colours`.
pub fn set(palette: &mut Palette, rule: &RuleFile, colours: &Colours) {
    palette.set(BACKGROUND, Colour::rgb(0x10, 0x10, 0x20));
    palette.set(EMPTY, Colour::rgb(0x00, 0x00, 0x00));
    for (k, &pen) in FRAME.iter().enumerate() {
        let c = |i: usize| colours.frame_front[i].saturating_sub((k as u8).saturating_mul(colours.frame_step[i]));
        palette.set(pen, Colour::rgb(c(0), c(1), c(2)));
    }
    for (i, pen) in [PAUSE, GAME_OVER, PROMPT, RULE_NAME].into_iter().enumerate() {
        palette.set(pen, rgb(rule.colours[i]));
    }
    palette.set(HINT, Colour::rgb(0xA0, 0xA0, 0xA0));
    palette.set(HELP_TEXT, colours.help_text);
    palette.set(DATE, colours.date);
    palette.set(TIME, colours.time);
    for k in 0..8u8 {
        let (text, zero, digit) =
            rule.numbers.get(k as usize).map_or((0, 0, 0), |n| (n.text_colour, n.zero_colour, n.digit_colour));
        palette.set(NUMBERS + 3 * k, rgb(text));
        palette.set(NUMBERS + 3 * k + 1, rgb(zero));
        palette.set(NUMBERS + 3 * k + 2, rgb(digit));
    }
    for c in 1..=6u8 {
        for i in 0..8 {
            palette.set(SHADES + (c - 1) * 8 + i as u8, colours.shade(c, i));
        }
    }
}
