//! [`App`]: the collection. It owns the activity being played and switches between them: a
//! game chosen from the Games menu, or a save file of another game loaded. Front ends talk to
//! it through [`Activity`] like to any activity. (The start screen, where `Back` leads, comes
//! with the full-screen front end.)

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::activity::{Activity, Reply, Target};
use super::command::Command;
use super::input::Input;
use super::menu::MenuBar;
use super::puzzle_activity::PuzzleActivity;
use crate::games;
use crate::puzzle::erased::GameEntry;
use crate::puzzle::midend::identify_game;

/// The collection: the activity in front, and the seed new mid ends start from.
pub struct App {
    current: Box<dyn Activity>,
    /// Seeds the random generator of every mid end the app makes (Tatham's front ends use the
    /// time; tests a constant). The game's name is appended, so each game has its own.
    seed: Vec<u8>,
}

impl App {
    /// Starts with a new game of `entry`. Nothing is drawn until `draw_all`.
    pub fn new(entry: &GameEntry, seed: &[u8]) -> Self {
        let current = Self::start(entry, seed);
        App { current, seed: seed.into() }
    }

    /// Starts with `activity` (a puzzle set up by the caller, or another activity).
    pub fn with_activity(activity: Box<dyn Activity>, seed: &[u8]) -> Self {
        App { current: activity, seed: seed.into() }
    }

    fn start(entry: &GameEntry, seed: &[u8]) -> Box<dyn Activity> {
        let mut puzzle = (entry.new)(&[seed, entry.name.as_bytes()].concat());
        puzzle.new_game(&mut crate::gfx::NullDrawing::default());
        Box::new(PuzzleActivity::new(puzzle))
    }

    /// The activity in front.
    pub fn current(&self) -> &dyn Activity {
        self.current.as_ref()
    }

    fn switch(&mut self, target: &mut Target<'_>, entry: &GameEntry) {
        self.current = Self::start(entry, &self.seed);
        self.current.draw_all(target);
    }

    fn load(&mut self, target: &mut Target<'_>, data: Vec<u8>) -> Reply {
        let name = core::str::from_utf8(&data).ok().and_then(|t| identify_game(t).ok());
        if let Some(name) = name
            && name != self.current.title()
        {
            let Some(entry) = games::find(&name) else {
                return Reply::Error(alloc::format!("This collection has no game called {}", name));
            };
            // Load into a fresh activity first: a bad file leaves the current game alone.
            let mut next = Self::start(entry, &self.seed);
            match next.command(target, Command::LoadData(data)) {
                Reply::None => {
                    self.current = next;
                    return Reply::None;
                }
                other => {
                    self.current.draw_all(target);
                    return other;
                }
            }
        }
        self.current.command(target, Command::LoadData(data))
    }
}

impl Activity for App {
    fn title(&self) -> &str {
        self.current.title()
    }
    fn draw_all(&mut self, target: &mut Target<'_>) {
        self.current.draw_all(target)
    }
    fn input(&mut self, target: &mut Target<'_>, input: &Input) -> Reply {
        self.current.input(target, input)
    }
    fn command(&mut self, target: &mut Target<'_>, command: Command) -> Reply {
        match command {
            Command::ChooseGame(n) => match games::ALL.get(n) {
                Some(entry) => {
                    self.switch(target, entry);
                    Reply::None
                }
                None => Reply::Error(alloc::format!("The collection has no game {}", n)),
            },
            Command::LoadData(data) => self.load(target, data),
            other => self.current.command(target, other),
        }
    }
    fn wants_ticks(&self) -> bool {
        self.current.wants_ticks()
    }
    fn menu_bar(&self) -> MenuBar {
        self.current.menu_bar()
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
