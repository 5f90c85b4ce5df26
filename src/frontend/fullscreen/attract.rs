//! The attract mode's script: every game of the collection in turn, started, played for a
//! few moves by the cursor keys, shown (the moment `cargo xtask run` takes its screenshot when
//! it has no display), then the next; after the last game the program ends.
//!
//! The script is data; the host carries out one [`Action`] whenever the app has finished the
//! last one (no animation running) and [`PAUSE_MS`] have passed, so a person watching sees
//! every move.

use crate::app::input::{KeyPress, Shift, scancode};
use crate::games;

/// Milliseconds between two actions.
pub const PAUSE_MS: u32 = 400;
/// How long a game stays on the screen after its moves, unless a key is pressed.
pub const SHOW_MS: u32 = 3000;

/// The moves played in every game: the cursor keys, round and about.
pub const MOVES: &[u8] = &[scancode::LEFT, scancode::UP, scancode::RIGHT, scancode::DOWN, scancode::LEFT, scancode::UP];

/// One step of the script.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// Start a new game of `games::ALL[n]`.
    Choose(usize),
    /// Press this key.
    Key(KeyPress),
    /// Show the game called this for [`SHOW_MS`] or until a key is pressed (under the
    /// option `hold`, until a key is pressed).
    Show(&'static str),
    /// The script is over: leave.
    Quit,
}

/// Where the script is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Attract {
    step: usize,
}

impl Attract {
    pub const fn new() -> Self {
        Attract { step: 0 }
    }

    /// The next action (after the last, always `Quit`).
    pub fn advance(&mut self) -> Action {
        let per_game = MOVES.len() + 2;
        let (game, i) = (self.step / per_game, self.step % per_game);
        let Some(entry) = games::ALL.get(game) else { return Action::Quit };
        self.step += 1;
        match i {
            0 => Action::Choose(game),
            i if i <= MOVES.len() => Action::Key(KeyPress::special(MOVES[i - 1], Shift::empty())),
            _ => Action::Show(entry.name),
        }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
