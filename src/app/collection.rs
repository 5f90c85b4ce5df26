//! [`App`]: the collection. Its entries (`entries.rs`) are the puzzles of `games::ALL`, then
//! TETRHEX's rules (`tetrhex::rules::ALL`): entry `n` is `ChooseGame(n)` everywhere.
//!
//! It begins at the [`StartScreen`], starts the game chosen there
//! (or from the Games menu), goes back to the start screen on `ActivityReply::Back` (Esc,
//! File > Back to the collection), and switches to another game when its save file is loaded.
//! A game left for the start screen waits: choosing it again resumes it where it was. Front
//! ends talk to it through [`Activity`] like to any activity; it answers them only what a host
//! must do (`Option<HostRequest>`), never what only it can carry out.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::activity::{Activity, ActivityReply, HostFeatures, HostRequest, Target};
use super::command::Command;
use super::entries::{self, Entry};
use super::input::Input;
use super::menu::{MenuBar, MenuState};
use super::pictures::{Pictures, SharedFolder};
use super::puzzle_activity::PuzzleActivity;
use super::start_screen::StartScreen;
use super::tetrhex::rule_disk::SharedRuleDisk;
use super::tetrhex::{self, TetrhexActivity};
use crate::games;
use crate::puzzle::erased::GameEntry;
use crate::puzzle::midend::identify_game;

/// A game being played: its activity and, if it is one of the entries, its number.
struct Playing {
    game: Option<usize>,
    activity: Box<dyn Activity<Reply = ActivityReply>>,
}

/// The collection: the start screen, the game in front (if any), the games left waiting, and
/// the seed new mid ends start from.
pub struct App {
    start: StartScreen,
    playing: Option<Playing>,
    /// The games left for the start screen, by entry number.
    waiting: Vec<Option<Box<dyn Activity<Reply = ActivityReply>>>>,
    /// Seeds the random generator of every mid end the app makes (Tatham's front ends use the
    /// time; tests a constant). The game's name is appended, so each game has its own.
    seed: Vec<u8>,
    /// The host's picture folder (Slide's loaded pictures), if it gave one.
    folder: Option<SharedFolder>,
    /// The host's disk for TETRHEX's rule files and their best scores, if it gave one.
    rule_disk: Option<SharedRuleDisk>,
    /// What the host said it can do; every activity is told.
    features: HostFeatures,
}

impl App {
    /// Starts at the start screen. Nothing is drawn until `draw_all`.
    pub fn new(seed: &[u8]) -> Self {
        App {
            start: StartScreen::new(),
            playing: None,
            waiting: Self::no_games(),
            seed: seed.into(),
            folder: None,
            rule_disk: None,
            features: HostFeatures::default(),
        }
    }

    /// The host's picture folder: Slide offers the pictures kept there and keeps the ones
    /// the player loads in it (games started from now on).
    pub fn set_picture_folder(&mut self, folder: SharedFolder) {
        self.folder = Some(folder);
    }

    /// The host's disk: TETRHEX's rules read their file beside the program there and save
    /// their best scores into it (`TetrhexActivity::with_disk`).
    pub fn set_rule_disk(&mut self, disk: SharedRuleDisk) {
        self.rule_disk = Some(disk);
    }

    /// Starts with `activity` (a puzzle set up by the caller, or another activity); `Back`
    /// leads from it to the start screen.
    pub fn with_activity(activity: Box<dyn Activity<Reply = ActivityReply>>, seed: &[u8]) -> Self {
        let game = (0..entries::count()).find(|&n| entries::name(n) == activity.title());
        let mut app = Self::new(seed);
        if let Some(n) = game {
            app.start.select(n);
        }
        app.playing = Some(Playing { game, activity });
        app
    }

    fn no_games() -> Vec<Option<Box<dyn Activity<Reply = ActivityReply>>>> {
        (0..entries::count()).map(|_| None).collect()
    }

    /// A new game of `entry`; Slide shows the built-in pictures and those of `folder`.
    fn start_game(
        entry: &GameEntry,
        seed: &[u8],
        folder: Option<&SharedFolder>,
    ) -> Box<dyn Activity<Reply = ActivityReply>> {
        let seed = [seed, entry.name.as_bytes()].concat();
        let mut puzzle = (entry.new)(&seed);
        puzzle.new_game(&mut crate::gfx::NullDrawing::default());
        let activity = PuzzleActivity::new(puzzle);
        if entry.name == <crate::games::slide::Slide as crate::puzzle::backend::Game>::NAME {
            return Box::new(activity.with_pictures(Pictures::new(folder.cloned(), &seed)));
        }
        Box::new(activity)
    }

    /// Entry `n` started: a puzzle from the seed and its name, or a rule on a board of the
    /// default side from a number made of them.
    fn start_entry(
        n: usize,
        seed: &[u8],
        folder: Option<&SharedFolder>,
        disk: Option<&SharedRuleDisk>,
    ) -> Result<Box<dyn Activity<Reply = ActivityReply>>, alloc::string::String> {
        match entries::get(n) {
            Some(Entry::Puzzle(entry)) => Ok(Self::start_game(entry, seed, folder)),
            Some(Entry::Rule(entry)) => {
                let seed = tetrhex::rule_seed(seed, entry);
                Ok(Box::new(match disk {
                    Some(disk) => TetrhexActivity::with_disk(entry, tetrhex::DEFAULT_SIZE, seed, disk.clone())?,
                    None => TetrhexActivity::new(entry, tetrhex::DEFAULT_SIZE, seed)?,
                }))
            }
            None => Err(alloc::format!("The collection has no game {}", n)),
        }
    }

    /// The activity in front: the game, or the start screen.
    pub fn current(&self) -> &dyn Activity<Reply = ActivityReply> {
        match &self.playing {
            Some(p) => p.activity.as_ref(),
            None => &self.start,
        }
    }

    fn current_mut(&mut self) -> &mut dyn Activity<Reply = ActivityReply> {
        match &mut self.playing {
            Some(p) => p.activity.as_mut(),
            None => &mut self.start,
        }
    }

    /// Whether the start screen is in front.
    pub fn at_start_screen(&self) -> bool {
        self.playing.is_none()
    }

    /// Puts the game in front aside (to wait, if it is one of the collection's).
    fn leave_game(&mut self) {
        if let Some(Playing { game: Some(n), activity }) = self.playing.take() {
            self.start.select(n);
            self.waiting[n] = Some(activity);
        }
    }

    fn back(&mut self, target: &mut Target<'_>) {
        self.leave_game();
        self.start.draw_all(target);
    }

    fn switch(&mut self, target: &mut Target<'_>, n: usize) -> Option<HostRequest> {
        self.leave_game();
        let activity = match self.waiting[n].take() {
            Some(a) => a,
            None => match Self::start_entry(n, &self.seed, self.folder.as_ref(), self.rule_disk.as_ref()) {
                Ok(a) => a,
                Err(why) => {
                    self.start.draw_all(target);
                    return Some(HostRequest::Error(why));
                }
            },
        };
        self.playing = Some(Playing { game: Some(n), activity });
        let features = self.features;
        let current = self.current_mut();
        current.set_host_features(features);
        current.draw_all(target);
        None
    }

    fn load(&mut self, target: &mut Target<'_>, data: Vec<u8>) -> Option<HostRequest> {
        let name = core::str::from_utf8(&data).ok().and_then(|t| identify_game(t).ok());
        if let Some(name) = name
            && (self.playing.is_none() || name != self.current().title())
        {
            let Some(n) = games::ALL.iter().position(|g| g.name.eq_ignore_ascii_case(&name)) else {
                return Some(HostRequest::Error(alloc::format!("This collection has no game called {}", name)));
            };
            // Load into a fresh activity first: a bad file leaves the current game alone.
            let mut next = Self::start_game(&games::ALL[n], &self.seed, self.folder.as_ref());
            next.set_host_features(self.features);
            return match next.command(target, Command::LoadData(data)) {
                // Loaded (a message may say the picture saved with it is gone).
                reply @ (ActivityReply::None | ActivityReply::Host(HostRequest::Message { .. })) => {
                    self.leave_game();
                    self.waiting[n] = None;
                    self.playing = Some(Playing { game: Some(n), activity: next });
                    reply.for_host()
                }
                other => {
                    self.current_mut().draw_all(target);
                    other.for_host()
                }
            };
        }
        if self.playing.is_none() {
            return Some(HostRequest::Error("Data does not appear to be a saved game file".into()));
        }
        let reply = self.current_mut().command(target, Command::LoadData(data));
        self.handle(target, reply)
    }

    /// Carries out what the activity in front cannot (going back, choosing a game) and
    /// passes on what is the host's.
    fn handle(&mut self, target: &mut Target<'_>, reply: ActivityReply) -> Option<HostRequest> {
        match reply {
            ActivityReply::None => None,
            ActivityReply::Back => {
                self.back(target);
                None
            }
            ActivityReply::Command(c) => self.command(target, c),
            ActivityReply::Host(request) => Some(request),
        }
    }
}

impl Activity for App {
    type Reply = Option<HostRequest>;

    fn title(&self) -> &str {
        self.current().title()
    }
    fn draw_all(&mut self, target: &mut Target<'_>) {
        self.current_mut().draw_all(target)
    }
    fn input(&mut self, target: &mut Target<'_>, input: &Input) -> Option<HostRequest> {
        let reply = self.current_mut().input(target, input);
        self.handle(target, reply)
    }
    fn command(&mut self, target: &mut Target<'_>, command: Command) -> Option<HostRequest> {
        match command {
            Command::ChooseGame(n) if n < entries::count() => self.switch(target, n),
            Command::ChooseGame(n) => Some(HostRequest::Error(alloc::format!("The collection has no game {}", n))),
            Command::LoadData(data) => self.load(target, data),
            Command::BackToCollection => {
                self.back(target);
                None
            }
            other => {
                let reply = self.current_mut().command(target, other);
                self.handle(target, reply)
            }
        }
    }
    fn wants_ticks(&self) -> bool {
        self.current().wants_ticks()
    }
    fn menu_bar(&self) -> MenuBar {
        self.current().menu_bar()
    }
    fn menu_state(&self) -> MenuState {
        // Which activity: 0 the start screen, entry `n` n + 1, a game from elsewhere the
        // largest number (`with_activity`).
        let activity = match &self.playing {
            None => 0,
            Some(Playing { game: Some(n), .. }) => n + 1,
            Some(Playing { game: None, .. }) => usize::MAX,
        };
        MenuState { activity, ..self.current().menu_state() }
    }
    fn set_host_features(&mut self, features: HostFeatures) {
        self.features = features;
        let waiting = self.waiting.iter_mut().flatten();
        for activity in self.playing.iter_mut().map(|p| &mut p.activity).chain(waiting) {
            activity.set_host_features(features);
        }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
