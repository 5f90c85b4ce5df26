//! The best scores of a rule file (manual sections 5.3, 5.5 and 6.8): a new score table put
//! into a rule file's bytes without touching anything else, a score entry made from what the
//! player typed, and the entry's date and time.
//!
//! A rule file keeps its best scores at its very end, those of board side 6 first, then 7,
//! 8 and 9; header bytes 54–57 count them and bytes 58–61 give each side's maximum. Each
//! entry is 32 bytes: the player's name in 24 bytes ending with a NUL, the score (a long) and
//! the date and time it was made (a long "in the XBIOS format", section 6.8).
//!
//! The date and time is what XBIOS `Gettime` (function 23) returns, the same as GEMDOS
//! `Tgetdate` in the high word and `Tgettime` in the low word (the stamp GEMDOS puts on
//! files):
//!
//! | bits  | field                     |
//! | ----- | ------------------------- |
//! | 31–25 | year − 1980 (0–127)       |
//! | 24–21 | month (1–12)              |
//! | 20–16 | day (1–31)                |
//! | 15–11 | hours (0–23)              |
//! | 10–5  | minutes (0–59)            |
//! | 4–0   | seconds ÷ 2 (0–29)        |
//!
//! Saving goes through [`with_scores`], which changes only the counts and the table, so a
//! rule file keeps every other byte (its layout, its unused bytes) exactly as it was.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::error::LoadError;
use super::loader::load;
use super::model::{SCORE_SIZE, ScoreEntry};

/// Header byte of the first score count (board side 6); the next three follow.
pub const COUNTS_AT: usize = 54;
/// Header long holding the address of the score table.
pub const TABLE_ADDRESS_AT: usize = 106;
/// The longest name: 24 bytes with the NUL.
pub const MAX_NAME: usize = 23;

/// Why a new score table could not be put into a rule file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreFileError {
    /// The original file is not a valid rule file.
    BadFile(LoadError),
    /// More scores for board side `side` than its maximum in the header.
    TooManyScores { side: u8, count: usize, max: u8 },
    /// The name of the score of rank `rank` (0-based) for side `side` has no NUL in its 24
    /// bytes.
    NameNotTerminated { side: u8, rank: usize },
}

impl ScoreFileError {
    /// A sentence for the player.
    pub fn message(&self) -> String {
        match *self {
            ScoreFileError::BadFile(e) => {
                format!("not a valid rule file ({:?} at byte {})", e.reason, e.offset)
            }
            ScoreFileError::TooManyScores { side, count, max } => {
                format!("{} scores for side {}, but the rule file keeps at most {}", count, side, max)
            }
            ScoreFileError::NameNotTerminated { side, rank } => {
                format!("the name of score {} for side {} is longer than {} characters", rank + 1, side, MAX_NAME)
            }
        }
    }
}

/// `original` (a rule file's bytes) with its score table replaced by `scores` (sides 6, 7,
/// 8, 9): the four counts of the header and the bytes from the table's address on are new,
/// every other byte is the original's. The table's address does not change (the table is
/// the end of the file, whatever its length).
///
/// Refused, with nothing made: an original that does not load, a side with more scores than
/// the header's maximum, a name without its NUL.
pub fn with_scores(original: &[u8], scores: &[Vec<ScoreEntry>; 4]) -> Result<Vec<u8>, ScoreFileError> {
    let rule = load(original).map_err(ScoreFileError::BadFile)?;
    for (k, table) in scores.iter().enumerate() {
        let side = 6 + k as u8;
        if table.len() > rule.score_max[k] as usize {
            return Err(ScoreFileError::TooManyScores { side, count: table.len(), max: rule.score_max[k] });
        }
        if let Some(rank) = table.iter().position(|e| !e.name.contains(&0)) {
            return Err(ScoreFileError::NameNotTerminated { side, rank });
        }
    }
    // The loader checked that the address is inside the file and the table its end.
    let a = &original[TABLE_ADDRESS_AT..TABLE_ADDRESS_AT + 4];
    let table_at = u32::from_be_bytes([a[0], a[1], a[2], a[3]]) as usize;
    let total: usize = scores.iter().map(|t| t.len()).sum();
    let mut out = Vec::with_capacity(table_at + total * SCORE_SIZE);
    out.extend_from_slice(&original[..table_at]);
    for (k, table) in scores.iter().enumerate() {
        out[COUNTS_AT + k] = table.len() as u8;
    }
    for e in scores.iter().flatten() {
        out.extend_from_slice(&e.name);
        out.extend_from_slice(&e.score.to_be_bytes());
        out.extend_from_slice(&e.date.to_be_bytes());
    }
    Ok(out)
}

/// Whether the player may type `c` into a name (section 5.3: "only printable characters"):
/// the Atari character set from space on, without DEL (127). Bytes 128–255 are the Atari's
/// accented letters and symbols, printable too.
pub fn is_name_character(c: u8) -> bool {
    c >= 32 && c != 127
}

impl ScoreEntry {
    /// An entry for `name` (bytes in the Atari character set), `score` and `date` (packed,
    /// see [`DateTime::pack`]): the name's printable characters only, cut to 23 bytes, then
    /// NUL-filled.
    pub fn new(name: &[u8], score: u32, date: u32) -> ScoreEntry {
        let mut bytes = [0u8; 24];
        let kept = name.iter().copied().filter(|&c| is_name_character(c)).take(MAX_NAME);
        for (place, c) in bytes.iter_mut().zip(kept) {
            *place = c;
        }
        ScoreEntry { name: bytes, score, date }
    }

    /// The score of phase S (a long the rule may leave negative) as kept: a negative score
    /// counts as 0, as the displayed numbers do (section 6.8).
    pub fn score_of(phase_s: i32) -> u32 {
        phase_s.max(0) as u32
    }

    /// The name up to its NUL.
    pub fn name_bytes(&self) -> &[u8] {
        let end = self.name.iter().position(|&b| b == 0).unwrap_or(self.name.len());
        &self.name[..end]
    }
}

/// A date and time as the fields of the packed long (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DateTime {
    /// 1980–2107.
    pub year: u16,
    /// 1–12.
    pub month: u8,
    /// 1–31.
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    /// 0–59; packing keeps it to an even number of seconds.
    pub second: u8,
}

impl DateTime {
    /// The fields of a packed long (as they are, valid or not: see [`DateTime::is_valid`]).
    pub fn unpack(packed: u32) -> DateTime {
        DateTime::from_gemdos((packed >> 16) as u16, packed as u16)
    }

    /// The fields of GEMDOS `Tgetdate` and `Tgettime` results.
    pub fn from_gemdos(date: u16, time: u16) -> DateTime {
        DateTime {
            year: 1980 + (date >> 9),
            month: ((date >> 5) & 15) as u8,
            day: (date & 31) as u8,
            hour: (time >> 11) as u8,
            minute: ((time >> 5) & 63) as u8,
            second: ((time & 31) * 2) as u8,
        }
    }

    /// The packed long. Fields out of range are brought into it (a year before 1980 is
    /// 1980, after 2107 is 2107; a month or day 0 is 1; hours, minutes and seconds are cut
    /// to 23, 59, 59), so the result always unpacks to a valid date of the same shape.
    pub fn pack(self) -> u32 {
        let year = self.year.clamp(1980, 2107) as u32 - 1980;
        let month = self.month.clamp(1, 12) as u32;
        let day = self.day.clamp(1, 31) as u32;
        let hour = self.hour.min(23) as u32;
        let minute = self.minute.min(59) as u32;
        let second = self.second.min(59) as u32 / 2;
        year << 25 | month << 21 | day << 16 | hour << 11 | minute << 5 | second
    }

    /// Whether the fields make a date and time (month 1–12, day 1–31, hour 0–23, minute
    /// 0–59, second 0–59). A table written by a tool that put 0 there is not.
    pub fn is_valid(&self) -> bool {
        (1..=12).contains(&self.month)
            && (1..=31).contains(&self.day)
            && self.hour < 24
            && self.minute < 60
            && self.second < 60
    }
}

/// The date of a packed long as the French manual's reader writes it, `DD/MM/YYYY`, or
/// `--/--/----` when the long holds no valid date.
pub fn date_text(packed: u32) -> String {
    let d = DateTime::unpack(packed);
    if !d.is_valid() {
        return String::from("--/--/----");
    }
    format!("{:02}/{:02}/{:04}", d.day, d.month, d.year)
}

/// The time of a packed long, `HH:MM`, or `--:--` when the long holds no valid date.
pub fn time_text(packed: u32) -> String {
    let d = DateTime::unpack(packed);
    if !d.is_valid() {
        return String::from("--:--");
    }
    format!("{:02}:{:02}", d.hour, d.minute)
}

/// Tests on the host and the 68030.
#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
