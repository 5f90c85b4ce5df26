//! The in-memory model of a RUL3 rule file (TETRHEX manual, section 6.8).
//!
//! Everything is owned so that the game allocates nothing after loading. The writer
//! (`writer.rs`) lays the sections out canonically (header, patterns, shapes then their
//! rotation lists, signals, numbers, code, help, scores); the loader accepts any valid
//! layout. Files in canonical layout (all those the compiler emits) round-trip byte for byte.

use alloc::vec::Vec;

/// The magic long "RUL3".
pub const MAGIC: u32 = 0x5255_4C33;
/// Size of the fixed header in bytes.
pub const HEADER_SIZE: usize = 110;
/// Bytes of one pattern: 288 pixels of 3 bits.
pub const PATTERN_SIZE: usize = 108;
/// Pixels of one pattern, drawn as 16 rows of 18 (our convention for the pixel art).
pub const PATTERN_PIXELS: usize = 288;
pub const PATTERN_WIDTH: usize = 18;
pub const PATTERN_HEIGHT: usize = 16;
/// Bytes of one high-score entry.
pub const SCORE_SIZE: usize = 32;
/// Largest stack (in 32-bit entries) the loader accepts, to bound memory on the Falcon.
pub const MAX_STACK: u32 = 4096;

/// Phase order in the header: 0, A, B, C, P, Q, S.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Init = 0,
    Next = 1,
    Signal = 2,
    Landed = 3,
    PauseBegin = 4,
    PauseEnd = 5,
    Score = 6,
}

impl Phase {
    pub const ALL: [Phase; 7] =
        [Phase::Init, Phase::Next, Phase::Signal, Phase::Landed, Phase::PauseBegin, Phase::PauseEnd, Phase::Score];
    /// The letter used by the manual and by the source language.
    pub fn letter(self) -> char {
        ['0', 'A', 'B', 'C', 'P', 'Q', 'S'][self as usize]
    }
}

/// How a shape turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rotation {
    /// Byte 0: the shape cannot turn.
    None,
    /// Negative byte (the value is kept for the round trip): turns about the reference hexagon.
    AboutReference(i8),
    /// Positive byte: an explicit cycle of 1–6 configurations.
    List(Vec<[u8; 4]>),
}

/// One shape: 1–4 hexagons placed relative to a reference hexagon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub count: u8,
    pub rotation: Rotation,
    pub initial: [u8; 4],
}

/// One signal: external id (4 letters), default key (modifiers in the high byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signal {
    pub external: u32,
    pub key: u16,
}

/// A label of a displayed number in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LangText {
    pub lang: u8,
    pub text: Vec<u8>,
}

/// A number displayed right of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberDef {
    pub max_digits: u8,
    pub min_digits: u8,
    pub text_height: u8,
    pub number_height: u8,
    pub text_colour: u32,
    pub zero_colour: u32,
    pub digit_colour: u32,
    /// 0 above, 1 left, −1 right.
    pub placement: i8,
    pub texts: Vec<LangText>,
}

/// Help text in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpText {
    pub lang: u8,
    pub underline: u8,
    pub reserved: u8,
    /// Text without the terminating NUL (CR/LF line ends).
    pub text: Vec<u8>,
}

/// One high score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreEntry {
    pub name: [u8; 24],
    pub score: u32,
    pub date: u32,
}

/// A whole rule file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleFile {
    /// Colours of "-- PAUSE --", "game over", the name prompt, the rule name (0RGB).
    pub colours: [u32; 4],
    pub name_height: u16,
    /// 24 bytes, NUL-terminated (bytes after the NUL are kept for the round trip).
    pub name: [u8; 24],
    pub name_font: u16,
    pub numbers_font: u16,
    /// 6–9, or 0 when the rule runs on any size.
    pub board_size: u8,
    /// Maximum number of scores kept for sizes 6, 7, 8, 9.
    pub score_max: [u8; 4],
    /// Stack size in 32-bit entries.
    pub stack_size: u32,
    pub patterns: Vec<[u8; PATTERN_SIZE]>,
    pub shapes: Vec<Shape>,
    pub signals: Vec<Signal>,
    pub numbers: Vec<NumberDef>,
    /// The RUL code area.
    pub code: Vec<u8>,
    /// Entry of each phase (0, A, B, C, P, Q, S) as an offset into `code`.
    pub phases: [u32; 7],
    pub help: Vec<HelpText>,
    /// High scores for sizes 6, 7, 8, 9.
    pub scores: [Vec<ScoreEntry>; 4],
}

impl RuleFile {
    /// The rule name up to its NUL.
    pub fn name_str(&self) -> &[u8] {
        let end = self.name.iter().position(|&b| b == 0).unwrap_or(24);
        &self.name[..end]
    }

    /// Pixel `i` (0–287) of pattern `p`, an intensity 0–7 (MSB-first 3-bit packing).
    pub fn pixel(pattern: &[u8; PATTERN_SIZE], i: usize) -> u8 {
        let bit = i * 3;
        let mut v = 0u8;
        for k in 0..3 {
            let b = bit + k;
            v = (v << 1) | ((pattern[b / 8] >> (7 - b % 8)) & 1);
        }
        v
    }

    /// Sets pixel `i` of a pattern to `v` (0–7).
    pub fn set_pixel(pattern: &mut [u8; PATTERN_SIZE], i: usize, v: u8) {
        let bit = i * 3;
        for k in 0..3 {
            let b = bit + k;
            let mask = 1 << (7 - b % 8);
            if (v >> (2 - k)) & 1 != 0 {
                pattern[b / 8] |= mask;
            } else {
                pattern[b / 8] &= !mask;
            }
        }
    }

    /// Inserts a score in the table of board size `size` (6–9), keeping it sorted (best
    /// first) and at most `score_max` long. Returns the rank (0-based) or `None` when the
    /// score does not enter the table.
    pub fn insert_score(&mut self, size: u8, entry: ScoreEntry) -> Option<usize> {
        if !(6..=9).contains(&size) {
            return None;
        }
        let k = (size - 6) as usize;
        insert_score_into(&mut self.scores[k], self.score_max[k], entry)
    }
}

/// Inserts a score in `table` (best first), keeping it at most `max` long. Returns the rank
/// (0-based) or `None` when the score does not enter the table. An entry goes below the
/// equal scores already there.
pub fn insert_score_into(table: &mut Vec<ScoreEntry>, max: u8, entry: ScoreEntry) -> Option<usize> {
    let max = max as usize;
    let rank = table.iter().position(|e| e.score < entry.score).unwrap_or(table.len());
    if rank >= max {
        return None;
    }
    table.insert(rank, entry);
    table.truncate(max);
    Some(rank)
}
