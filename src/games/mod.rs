//! The puzzles: each a back end implementing [`crate::puzzle::backend::Game`].

pub mod bevel;
pub mod fifteen;
pub mod flip;
pub mod maze;
pub mod net;
pub mod samegame;
pub mod sixteen;
pub mod slide;
pub mod trig;
pub mod untangle;

#[cfg(any(test, feature = "target-tests"))]
pub mod testutil;

use crate::puzzle::erased::{GameEntry, entry};

/// Every puzzle, for front ends and tools that let the user choose (one line per game).
pub const ALL: &[GameEntry] = &[
    entry::<fifteen::Fifteen>(),
    entry::<maze::Maze>(),
    entry::<slide::Slide>(),
    entry::<sixteen::Sixteen>(),
    entry::<flip::Flip>(),
    entry::<samegame::SameGame>(),
    entry::<untangle::Untangle>(),
    entry::<net::Net>(),
];

/// The game called `name`, case and spaces ignored ("samegame" finds "Same Game", as
/// Tatham's program names do).
pub fn find(name: &str) -> Option<&'static GameEntry> {
    let squash =
        |s: &str| s.chars().filter(|c| *c != ' ').flat_map(char::to_lowercase).collect::<alloc::string::String>();
    ALL.iter().find(|g| squash(g.name) == squash(name))
}
