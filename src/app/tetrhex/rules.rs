//! The rules that come with the collection: TETRHEX's three rule files, built into the
//! program (`rul::builtin`). Each is an entry of the collection's start screen after the
//! puzzles.

use crate::rul::builtin;

/// A built-in rule: the name the start screen shows, the RUL3 file, and the file's name on
/// the disk beside the program, where its best scores are kept (`rule_disk`).
#[derive(Clone, Copy, Debug)]
pub struct RuleEntry {
    pub name: &'static str,
    pub file: &'static [u8],
    pub file_name: &'static str,
}

/// The three rules, in the order the start screen lists them.
pub const ALL: &[RuleEntry] = &[
    RuleEntry { name: "Tetrhex", file: builtin::TETRHEX, file_name: "TETRHEX.RUL" },
    RuleEntry { name: "Hexcolumns", file: builtin::HEXCOLS, file_name: "HEXCOLS.RUL" },
    RuleEntry { name: "Tet'light", file: builtin::TETLIGHT, file_name: "TETLIGHT.RUL" },
];
