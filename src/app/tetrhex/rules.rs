//! The rules that come with the collection: TETRHEX's three rule files (compiled from
//! `rules/*.rls` by `cargo run -p xtask --bin rul`), built into the program. Each is an entry
//! of the collection's start screen after the puzzles.

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
    RuleEntry { name: "Tetrhex", file: include_bytes!("../../../rules/TETRHEX.RUL"), file_name: "TETRHEX.RUL" },
    RuleEntry { name: "Hexcolumns", file: include_bytes!("../../../rules/HEXCOLS.RUL"), file_name: "HEXCOLS.RUL" },
    RuleEntry { name: "Tet'light", file: include_bytes!("../../../rules/TETLIGHT.RUL"), file_name: "TETLIGHT.RUL" },
];
