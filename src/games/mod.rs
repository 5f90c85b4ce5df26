//! The puzzles: each a back end implementing [`crate::puzzle::backend::Game`].

pub mod bevel;
pub mod fifteen;
pub mod flip;
pub mod maze;
pub mod mines;
pub mod net;
pub mod samegame;
pub mod sixteen;
pub mod slide;
pub mod trig;
pub mod untangle;

#[cfg(any(test, feature = "target-tests"))]
pub mod testutil;

use crate::puzzle::erased::{GameEntry, entry};

/// The list of games, written once: `$make!` is given every game as `module::Type`.
/// [`ALL`] and the conformance suite (`conformance`, one suite per game) are made from it,
/// so a game listed here is offered by every front end and tested by the suite.
macro_rules! every_game {
    ($make:ident) => {
        $make! {
            fifteen::Fifteen,
            maze::Maze,
            slide::Slide,
            sixteen::Sixteen,
            flip::Flip,
            samegame::SameGame,
            untangle::Untangle,
            net::Net,
            mines::Mines,
        }
    };
}

macro_rules! game_entries {
    ($($module:ident::$game:ident),* $(,)?) => {
        &[$(entry::<$module::$game>()),*]
    };
}

/// Every puzzle, for front ends and tools that let the user choose, in the order of
/// [`every_game!`].
pub const ALL: &[GameEntry] = every_game!(game_entries);

#[cfg(any(test, feature = "target-tests"))]
pub mod conformance;

/// The game called `name`, case and spaces ignored ("samegame" finds "Same Game", as
/// Tatham's program names do).
pub fn find(name: &str) -> Option<&'static GameEntry> {
    let squash =
        |s: &str| s.chars().filter(|c| *c != ' ').flat_map(char::to_lowercase).collect::<alloc::string::String>();
    ALL.iter().find(|g| squash(g.name) == squash(name))
}
