//! The attract mode's script: TETRHEX's rules, then every game of the collection, in turn.
//!
//! - Each rule (`tetrhex::rules::ALL`, the collection's entries after the puzzles) is
//!   started, its presentation left for the main menu (Space), its game started (Return)
//!   and played for a few seconds of the script's time: the piece moved and turned with the
//!   keys the three rules share, dropped, the next one moved and turned, left to fall; the
//!   screen is shown (`played`); Undo (the rules' PAUS) pauses the game, shown again
//!   (`paused`); Esc leaves it waiting.
//! - Each puzzle is started, played for a few moves by the cursor keys, its last move taken
//!   back (Undo), solved (Shift-Control-S), left with Esc for the collection's start screen.
//! - After the last puzzle the start screen is shown once more and the program ends.
//!
//! The rules come first so that the start screen shown at the end is the one it always was
//! (the last puzzle's entry selected).
//!
//! The script is data: [`Step`]s, each an [`Action`] and the [`Pace`] it waits for. The
//! host carries them out as [`pacing`](super::pacing) says, and gives the app the script's
//! ticks only: what the app sees depends on the script alone, so the PC draws the same
//! screens (a falling piece included) however fast the emulator runs.

use crate::app::input::KeyPress;
use crate::app::tetrhex::rules;
use crate::games;
use crate::keyboard::{Shift, scancode};
use crate::puzzle::erased::GameEntry;
use core::fmt;

/// Milliseconds between two actions that wait for the app to settle.
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
    /// A TETRHEX rule after its moves and falls.
    Played,
    /// A TETRHEX rule in its game pause.
    Paused,
}

/// A screen the script shows: a game at a moment, or (`game` `None`) the collection's start
/// screen at the end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shown {
    pub game: Option<&'static str>,
    pub moment: Moment,
}

impl fmt::Display for Shown {
    /// "Same Game moved", "Fifteen solved", "Tetrhex played", "collection".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(game) = self.game else { return f.write_str("collection") };
        let moment = match self.moment {
            Moment::Moved => "moved",
            Moment::Undone => "undone",
            Moment::Solved => "solved",
            Moment::Played => "played",
            Moment::Paused => "paused",
        };
        write!(f, "{game} {moment}")
    }
}

/// One action of the script.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// Start (or bring back) entry `n` of the collection (`Command::ChooseGame(n)`: the
    /// puzzles of `games::ALL`, then TETRHEX's rules).
    Choose(usize),
    /// Press this key.
    Key(KeyPress),
    /// Show this screen for [`SHOW_MS`] or until a key is pressed (under the option `hold`,
    /// until a key is pressed). Nothing moves meanwhile: the app gets no tick.
    Show(Shown),
    /// The script is over: leave.
    Quit,
}

/// What an action waits for (`pacing` carries it out).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pace {
    /// The app settled (it wants no more ticks: its animation has run out; it gets them
    /// until then) and [`PAUSE_MS`] passed since the last action.
    Settled,
    /// This many ticks' time (`pacing::TICK_MS` each): in each the app gets a tick if it
    /// wants one. A game in play, which always wants them, moves by exactly that much.
    Ticks(u32),
}

/// An action and what it waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Step {
    pub pace: Pace,
    pub action: Action,
}

/// A key of TETRHEX's rules (all three define the same: `rules/*.rls`, `signal`).
const fn rule_key(code: u8, ascii: u8) -> KeyPress {
    KeyPress::new(code, ascii, Shift::empty())
}

/// What the script does in each TETRHEX rule once it is chosen: the presentation left for
/// the main menu, the game started, the piece moved left twice and turned (Up: ROTR),
/// dropped (Space: DROP), the next one moved right twice and turned the other way (Down:
/// ROTL) and left to fall; shown; paused (Undo: PAUS); shown; Esc (back to the collection,
/// the game waiting). The ticks between the keys are the game's time: 50 make a second.
pub const RULE_STEPS: &[Step] = &[
    Step { pace: Pace::Settled, action: Action::Key(rule_key(scancode::SPACE, b' ')) },
    Step { pace: Pace::Ticks(25), action: Action::Key(rule_key(scancode::RETURN, b'\r')) },
    Step { pace: Pace::Ticks(15), action: Action::Key(cursor(scancode::LEFT)) },
    Step { pace: Pace::Ticks(10), action: Action::Key(cursor(scancode::LEFT)) },
    Step { pace: Pace::Ticks(10), action: Action::Key(cursor(scancode::UP)) },
    Step { pace: Pace::Ticks(20), action: Action::Key(rule_key(scancode::SPACE, b' ')) },
    Step { pace: Pace::Ticks(40), action: Action::Key(cursor(scancode::RIGHT)) },
    Step { pace: Pace::Ticks(10), action: Action::Key(cursor(scancode::RIGHT)) },
    Step { pace: Pace::Ticks(10), action: Action::Key(cursor(scancode::DOWN)) },
    Step { pace: Pace::Ticks(100), action: Action::Show(Shown { game: None, moment: Moment::Played }) },
    Step { pace: Pace::Ticks(0), action: Action::Key(UNDO) },
    Step { pace: Pace::Ticks(10), action: Action::Show(Shown { game: None, moment: Moment::Paused }) },
    Step { pace: Pace::Ticks(0), action: Action::Key(BACK) },
];

/// Steps of one puzzle after its moves: shown, Undo, shown, Solve, shown, Esc.
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

    /// The next step (after the last, always `Quit`).
    pub fn advance(&mut self) -> Step {
        let per_rule = 1 + RULE_STEPS.len();
        let rule_steps = per_rule * rules::ALL.len();
        let step = self.step;
        self.step += 1;
        if step < rule_steps {
            let (r, i) = (step / per_rule, step % per_rule);
            let entry = &rules::ALL[r];
            if i == 0 {
                return Step { pace: Pace::Settled, action: Action::Choose(games::ALL.len() + r) };
            }
            let mut s = RULE_STEPS[i - 1];
            if let Action::Show(shown) = &mut s.action {
                shown.game = Some(entry.name);
            }
            return s;
        }
        let per_game = 1 + MOVES.len() + AFTER_MOVES;
        let (game, i) = ((step - rule_steps) / per_game, (step - rule_steps) % per_game);
        let settled = |action| Step { pace: Pace::Settled, action };
        let Some(entry) = games::ALL.get(game) else {
            return if game == games::ALL.len() && i == 0 {
                settled(Action::Show(Shown { game: None, moment: Moment::Moved }))
            } else {
                self.step -= 1;
                settled(Action::Quit)
            };
        };
        let shown = |moment| settled(Action::Show(Shown { game: Some(entry.name), moment }));
        match i {
            0 => settled(Action::Choose(game)),
            i if i <= MOVES.len() => settled(Action::Key(move_key(entry, i - 1))),
            i => match i - MOVES.len() {
                1 => shown(Moment::Moved),
                2 => settled(Action::Key(UNDO)),
                3 => shown(Moment::Undone),
                4 => settled(Action::Key(SOLVE)),
                5 => shown(Moment::Solved),
                _ => settled(Action::Key(BACK)),
            },
        }
    }

    /// Every screen the whole script shows, in order.
    pub fn screens() -> impl Iterator<Item = Shown> {
        let mut script = Attract::new();
        core::iter::from_fn(move || {
            loop {
                match script.advance().action {
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
