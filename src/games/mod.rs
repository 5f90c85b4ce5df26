//! The puzzles: each a back end implementing [`crate::puzzle::backend::Game`].

pub mod fifteen;
pub mod maze;
pub mod slide;

use crate::puzzle::erased::{GameEntry, entry};

/// Every puzzle, for front ends and tools that let the user choose (one line per game).
pub const ALL: &[GameEntry] = &[entry::<fifteen::Fifteen>(), entry::<maze::Maze>(), entry::<slide::Slide>()];

/// The game called `name` (case-insensitive).
pub fn find(name: &str) -> Option<&'static GameEntry> {
    ALL.iter().find(|g| g.name.eq_ignore_ascii_case(name))
}
