//! The attract mode's script: every game of the collection in turn, started, played for a
//! few moves by the cursor keys, its last move taken back (Undo), solved (Shift-Control-S),
//! left with Esc for the collection's start screen, then the next; after the last game the
//! start screen is shown once more and the program ends. The screen is shown (the moment
//! `cargo xtask run` and the tests take a screenshot) after the moves, after Undo and after
//! Solve.
//!
//! The script is data; the host carries out one [`Action`] whenever the app has finished the
//! last one (no animation running) and [`PAUSE_MS`] have passed, so a person watching sees
//! every move.

use crate::app::input::{KeyPress, Shift, scancode};
use crate::games;
use crate::puzzle::erased::GameEntry;
use core::fmt;

/// Milliseconds between two actions.
pub const PAUSE_MS: u32 = 400;
/// How long a screen stays shown, unless a key is pressed.
pub const SHOW_MS: u32 = 3000;

/// A cursor key as a keyboard gives it.
const fn cursor(code: u8) -> KeyPress {
    KeyPress::special(code, Shift::empty())
}

/// Where the moves say "select": Return, the cursor's first button (it opens a cell, drops
/// a point, turns a tile), or in a timed game Space, the second (Mines: it flags a cell).
/// A timed game's clock starts with its first move and runs until the game ends, so its
/// screens would show how long the emulator took; flags do not start Mines' clock.
pub const SELECT: KeyPress = KeyPress::new(scancode::RETURN, b'\r', Shift::empty());
pub const SELECT_IN_A_TIMED_GAME: KeyPress = KeyPress::new(scancode::SPACE, b' ', Shift::empty());

/// The moves played in every game: the cursor keys round and about, selecting on the way
/// (`None`: [`SELECT`] or [`SELECT_IN_A_TIMED_GAME`]).
pub const MOVES: &[Option<KeyPress>] = &[
    Some(cursor(scancode::LEFT)),
    Some(cursor(scancode::UP)),
    None,
    Some(cursor(scancode::RIGHT)),
    Some(cursor(scancode::DOWN)),
    None,
    None,
    Some(cursor(scancode::LEFT)),
    Some(cursor(scancode::UP)),
];

/// Move `i` of [`MOVES`] in `game`.
pub fn move_key(game: &GameEntry, i: usize) -> KeyPress {
    MOVES[i].unwrap_or(if game.timed { SELECT_IN_A_TIMED_GAME } else { SELECT })
}

/// Undo (the Atari's Undo key), Solve (Shift-Control-S: docs/keys.md) and back to the
/// collection (Esc), as a keyboard gives them.
pub const UNDO: KeyPress = KeyPress::special(scancode::UNDO, Shift::empty());
pub const SOLVE: KeyPress = KeyPress::ctrl(b'S').with(Shift::LEFT_SHIFT);
pub const BACK: KeyPress = KeyPress::new(scancode::ESC, 0x1B, Shift::empty());

/// When a game's screen is shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Moment {
    Moved,
    Undone,
    Solved,
}

/// A screen the script shows: a game at a moment, or (`game` `None`) the collection's start
/// screen at the end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shown {
    pub game: Option<&'static str>,
    pub moment: Moment,
}

impl fmt::Display for Shown {
    /// "Same Game moved", "Fifteen solved", "collection".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(game) = self.game else { return f.write_str("collection") };
        let moment = match self.moment {
            Moment::Moved => "moved",
            Moment::Undone => "undone",
            Moment::Solved => "solved",
        };
        write!(f, "{game} {moment}")
    }
}

/// One step of the script.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// Start a new game of `games::ALL[n]`.
    Choose(usize),
    /// Press this key.
    Key(KeyPress),
    /// Show this screen for [`SHOW_MS`] or until a key is pressed (under the option `hold`,
    /// until a key is pressed).
    Show(Shown),
    /// The script is over: leave.
    Quit,
}

/// Steps of one game after its moves: shown, Undo, shown, Solve, shown, Esc.
const AFTER_MOVES: usize = 6;

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
        let per_game = 1 + MOVES.len() + AFTER_MOVES;
        let (game, i) = (self.step / per_game, self.step % per_game);
        self.step += 1;
        let Some(entry) = games::ALL.get(game) else {
            return if game == games::ALL.len() && i == 0 {
                Action::Show(Shown { game: None, moment: Moment::Moved })
            } else {
                self.step -= 1;
                Action::Quit
            };
        };
        let shown = |moment| Action::Show(Shown { game: Some(entry.name), moment });
        match i {
            0 => Action::Choose(game),
            i if i <= MOVES.len() => Action::Key(move_key(entry, i - 1)),
            i => match i - MOVES.len() {
                1 => shown(Moment::Moved),
                2 => Action::Key(UNDO),
                3 => shown(Moment::Undone),
                4 => Action::Key(SOLVE),
                5 => shown(Moment::Solved),
                _ => Action::Key(BACK),
            },
        }
    }

    /// Every screen the whole script shows, in order.
    pub fn screens() -> impl Iterator<Item = Shown> {
        let mut script = Attract::new();
        core::iter::from_fn(move || {
            loop {
                match script.advance() {
                    Action::Show(s) => return Some(s),
                    Action::Quit => return None,
                    _ => {}
                }
            }
        })
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
