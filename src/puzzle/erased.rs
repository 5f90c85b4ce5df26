//! [`AnyPuzzle`]: a mid end with its game type erased, so a front end or a tool can hold
//! "whichever puzzle the user picked" as a `Box<dyn AnyPuzzle>`.
//!
//! Everything crosses this boundary as strings (encoded parameters, game IDs, move strings,
//! save files) or as drawing calls, which is exactly the mid end's public surface in the
//! guide's chapter 4; nothing game-specific leaks out.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::backend::{ConfigItem, Game, Input, PuzzleError, Status};
use super::midend::{KeyOutcome, Midend, MoveType};
use crate::gfx::{Colour, Drawing};

/// The type-erased mid end (one implementation: [`Midend<G>`] for every game `G`).
pub trait AnyPuzzle {
    /// The game's name ("Fifteen").
    fn name(&self) -> &'static str;
    /// Presets as (menu name, full parameter encoding).
    fn presets(&self) -> Vec<(String, String)>;
    /// The full encoding of the parameters for the next new game.
    fn params_string(&self) -> String;
    /// `params`, `params:desc` or `params#seed` (see [`Midend::set_game_id`]).
    fn set_game_id(&mut self, id: &str) -> Result<(), PuzzleError>;
    fn new_game(&mut self);
    fn game_id(&self) -> Option<String>;
    fn random_seed_id(&self) -> Option<String>;
    fn config_settings(&self) -> Vec<ConfigItem>;
    fn set_config_settings(&mut self, items: &[ConfigItem]) -> Result<(), PuzzleError>;
    fn status(&self) -> Status;
    fn text_format(&self) -> Option<String>;
    fn can_solve(&self) -> bool;
    /// `can_configure`: whether to offer the Custom dialog.
    fn can_configure(&self) -> bool;
    /// `can_format_as_text_ever`: whether to offer Copy at all.
    fn can_format_as_text_ever(&self) -> bool;
    /// `midend_wants_statusbar`.
    fn wants_statusbar(&self) -> bool;
    fn solve(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError>;
    fn apply_move(&mut self, dr: &mut dyn Drawing, mv: &str) -> Result<(), PuzzleError>;
    fn play_moves(&mut self, dr: &mut dyn Drawing, moves: Vec<String>) -> Result<(), PuzzleError>;
    fn queued_moves(&self) -> usize;
    fn undo(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError>;
    fn redo(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError>;
    fn restart(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError>;
    /// The undo chain's move strings (entries after the first) and the 1-based position.
    fn moves(&self) -> (Vec<(MoveType, String)>, usize);
    fn process_key(&mut self, dr: &mut dyn Drawing, input: Input) -> KeyOutcome;
    fn timer(&mut self, dr: &mut dyn Drawing, ms: u32);
    fn wants_timer(&self) -> bool;
    fn size(&mut self, dr: &mut dyn Drawing, max_w: i32, max_h: i32, user_size: bool) -> (i32, i32);
    fn colours(&self, background: Colour) -> Vec<Colour>;
    fn redraw(&mut self, dr: &mut dyn Drawing);
    fn force_redraw(&mut self, dr: &mut dyn Drawing);
    fn serialise(&self) -> String;
    fn deserialise(&mut self, data: &str) -> Result<(), PuzzleError>;
}

impl<G: Game> AnyPuzzle for Midend<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn presets(&self) -> Vec<(String, String)> {
        G::presets().into_iter().map(|p| (p.name, G::encode_params(&p.params, true))).collect()
    }
    fn params_string(&self) -> String {
        G::encode_params(self.params(), true)
    }
    fn set_game_id(&mut self, id: &str) -> Result<(), PuzzleError> {
        Midend::set_game_id(self, id)
    }
    fn new_game(&mut self) {
        Midend::new_game(self)
    }
    fn game_id(&self) -> Option<String> {
        Midend::game_id(self)
    }
    fn random_seed_id(&self) -> Option<String> {
        Midend::random_seed_id(self)
    }
    fn config_settings(&self) -> Vec<ConfigItem> {
        Midend::config_settings(self)
    }
    fn set_config_settings(&mut self, items: &[ConfigItem]) -> Result<(), PuzzleError> {
        Midend::set_config_settings(self, items)
    }
    fn status(&self) -> Status {
        Midend::status(self)
    }
    fn text_format(&self) -> Option<String> {
        Midend::text_format(self)
    }
    fn can_solve(&self) -> bool {
        G::CAN_SOLVE
    }
    fn can_configure(&self) -> bool {
        G::CAN_CONFIGURE
    }
    fn can_format_as_text_ever(&self) -> bool {
        G::CAN_FORMAT_AS_TEXT_EVER
    }
    fn wants_statusbar(&self) -> bool {
        G::WANTS_STATUSBAR
    }
    fn solve(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        Midend::solve(self, dr)
    }
    fn apply_move(&mut self, dr: &mut dyn Drawing, mv: &str) -> Result<(), PuzzleError> {
        Midend::apply_move(self, dr, mv)
    }
    fn play_moves(&mut self, dr: &mut dyn Drawing, moves: Vec<String>) -> Result<(), PuzzleError> {
        Midend::play_moves(self, dr, moves)
    }
    fn queued_moves(&self) -> usize {
        Midend::queued_moves(self)
    }
    fn undo(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        Midend::undo(self, dr)
    }
    fn redo(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        Midend::redo(self, dr)
    }
    fn restart(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        Midend::restart(self, dr)
    }
    fn moves(&self) -> (Vec<(MoveType, String)>, usize) {
        Midend::moves(self)
    }
    fn process_key(&mut self, dr: &mut dyn Drawing, input: Input) -> KeyOutcome {
        Midend::process_key(self, dr, input)
    }
    fn timer(&mut self, dr: &mut dyn Drawing, ms: u32) {
        Midend::timer(self, dr, ms)
    }
    fn wants_timer(&self) -> bool {
        Midend::wants_timer(self)
    }
    fn size(&mut self, dr: &mut dyn Drawing, max_w: i32, max_h: i32, user_size: bool) -> (i32, i32) {
        Midend::size(self, dr, max_w, max_h, user_size)
    }
    fn colours(&self, background: Colour) -> Vec<Colour> {
        Midend::colours(self, background)
    }
    fn redraw(&mut self, dr: &mut dyn Drawing) {
        Midend::redraw(self, dr)
    }
    fn force_redraw(&mut self, dr: &mut dyn Drawing) {
        Midend::force_redraw(self, dr)
    }
    fn serialise(&self) -> String {
        Midend::serialise(self)
    }
    fn deserialise(&mut self, data: &str) -> Result<(), PuzzleError> {
        Midend::deserialise(self, data)
    }
}

/// One entry of a game list: a name and a constructor taking the mid end's seed.
#[derive(Clone, Copy)]
pub struct GameEntry {
    pub name: &'static str,
    pub new: fn(seed: &[u8]) -> Box<dyn AnyPuzzle>,
}

/// Builds a [`GameEntry`] for a game type.
///
/// ```
/// use falcon_puzzles::games;
/// let g = games::find("fifteen").unwrap();
/// let mut me = (g.new)(b"seed");
/// me.set_game_id("2x2:1,2,0,3").unwrap();
/// me.new_game();
/// let mut dr = falcon_puzzles::gfx::NullDrawing::default();
/// me.apply_move(&mut dr, "M1,1").unwrap();
/// assert_eq!(me.status(), falcon_puzzles::puzzle::backend::Status::Won);
/// assert!(me.can_solve() && me.wants_statusbar());
/// ```
pub const fn entry<G: Game + 'static>() -> GameEntry {
    fn make<G: Game + 'static>(seed: &[u8]) -> Box<dyn AnyPuzzle> {
        Box::new(Midend::<G>::new(seed))
    }
    GameEntry { name: G::NAME, new: make::<G> }
}
