//! A landing's destruction shown step by step (manual section 5.4: when a piece
//! can go no lower "un certain nombre d'hexagones peuvent être détruits (éventuellement en
//! plusieurs étapes)").
//!
//! The engine runs phase C in one go and keeps the board as it was before each destruction
//! (`rul::destruction`). After each event the activity asks [`LandingShow::notice`] whether
//! a new phase C left steps; if so the board shows each of them for [`STEP_MS`] of the game's
//! ticks, then the board as the engine holds it. The game's time stands still meanwhile (the
//! ticks go to the show, not to the session), as the original stopped while it drew. A key
//! during the show ends it at once and then acts: a player who drops piece after piece is
//! never slowed down, and no key is lost.
//!
//! No allocation: the state is two numbers and the count of phases seen.

use crate::rul::destruction::DestructionSteps;

/// How long each step stays on the screen: 8 frames at 50 Hz, 10 at 60 Hz (the numbers of
/// the manual's rules give chains of 2–4 steps: under half a second).
pub const STEP_MS: u32 = 160;

/// Where the show is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LandingShow {
    /// The engine's count of recorded phases when last looked at.
    seen: u32,
    /// The step on the screen and its time left, while showing.
    showing: Option<(usize, u32)>,
    /// The number of steps of the landing being shown.
    count: usize,
}

/// What a tick did to the show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The same step stays (or nothing is shown).
    Same,
    /// Another step is up: draw it.
    Step(usize),
    /// The last step's time is over: draw the board as the engine holds it.
    Done,
}

impl LandingShow {
    /// Nothing shown; `steps` (a new session's) has nothing new.
    pub fn new(steps: &DestructionSteps) -> LandingShow {
        LandingShow { seen: steps.recorded(), showing: None, count: 0 }
    }

    /// After the engine ran: whether a phase C ran since the last look and kept steps; if so
    /// its first step is up.
    pub fn notice(&mut self, steps: &DestructionSteps) -> bool {
        if steps.recorded() == self.seen {
            return false;
        }
        self.seen = steps.recorded();
        self.count = steps.steps().len();
        self.showing = (self.count > 0).then_some((0, STEP_MS));
        self.showing.is_some()
    }

    /// The step on the screen, if any.
    pub fn step(&self) -> Option<usize> {
        self.showing.map(|(k, _)| k)
    }

    /// Lets `ms` of the game's time pass over the show (any left over is dropped: the game
    /// goes on at the next tick).
    pub fn advance(&mut self, ms: u32) -> Progress {
        let Some((mut k, mut left)) = self.showing else { return Progress::Same };
        let mut ms = ms;
        let start = k;
        while ms >= left {
            ms -= left;
            k += 1;
            if k == self.count {
                self.showing = None;
                return Progress::Done;
            }
            left = STEP_MS;
        }
        self.showing = Some((k, left - ms));
        if k == start { Progress::Same } else { Progress::Step(k) }
    }

    /// Ends the show at once (a key): whether one was on.
    pub fn finish(&mut self) -> bool {
        self.showing.take().is_some()
    }
}
