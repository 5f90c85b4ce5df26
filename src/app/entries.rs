//! The collection's entries, numbered as everything names them (`Command::ChooseGame(n)`,
//! the start screen's buttons, the Games menu, the program's `game NAME`): the puzzles of
//! `games::ALL` first, then TETRHEX's rules (`tetrhex::rules::ALL`). A list both the start
//! screen and [`App`](super::App) read, so neither imports the other.

use super::tetrhex::rules::{self, RuleEntry};
use crate::games;
use crate::puzzle::erased::GameEntry;

/// What entry `n` is.
#[derive(Clone, Copy)]
pub enum Entry {
    Puzzle(&'static GameEntry),
    Rule(&'static RuleEntry),
}

/// The number of the collection's entries: the puzzles, then the rules.
pub fn count() -> usize {
    games::ALL.len() + rules::ALL.len()
}

/// Entry `n`, if there is one.
pub fn get(n: usize) -> Option<Entry> {
    match n.checked_sub(games::ALL.len()) {
        None => games::ALL.get(n).map(Entry::Puzzle),
        Some(r) => rules::ALL.get(r).map(Entry::Rule),
    }
}

/// The name of entry `n` (a puzzle's, or a rule's); "" past the end.
pub fn name(n: usize) -> &'static str {
    match get(n) {
        Some(Entry::Puzzle(g)) => g.name,
        Some(Entry::Rule(r)) => r.name,
        None => "",
    }
}
