//! [`AnyPuzzle`]: a mid end with its game type erased, so a front end or a tool can hold
//! "whichever puzzle the user picked" as a `Box<dyn AnyPuzzle>`.
//!
//! Everything crosses this boundary as strings (encoded parameters, game IDs, move strings,
//! save files) or as drawing calls, which is exactly the mid end's public surface in the
//! guide's chapter 4; nothing game-specific leaks out.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::backend::{ConfigItem, Game, Key, KeyLabel, PuzzleError, PuzzleInput, Status};
use super::midend::{ConfigKind, KeyOutcome, Midend, MoveType, prefs_file_name};
use crate::gfx::{Colour, Drawing, Rect};

/// The type-erased mid end (one implementation: [`Midend<G>`] for every game `G`). Each
/// method is the [`Midend`] method of the same name; see there.
pub trait AnyPuzzle {
    /// The game's name ("Fifteen").
    fn name(&self) -> &'static str;

    // ---- parameters and game IDs
    /// Presets as (menu name, full parameter encoding).
    fn presets(&self) -> Vec<(String, String)>;
    /// The Type menu's command: preset `index` for the next new game.
    fn set_preset(&mut self, index: usize) -> Result<(), PuzzleError>;
    /// The preset the parameters match (the Type menu's tick), if any.
    fn which_preset(&self) -> Option<usize>;
    /// The full encoding of the parameters for the next new game.
    fn params_string(&self) -> String;
    /// `params`, `params:desc` or `params#seed` (see [`Midend::set_game_id`]).
    fn set_game_id(&mut self, id: &str) -> Result<(), PuzzleError>;
    fn game_id(&self) -> Option<String>;
    fn random_seed_id(&self) -> Option<String>;
    /// A dialog: window title and controls (Custom…, Game ID…, Random seed…, Preferences…).
    fn get_config(&self, kind: ConfigKind) -> (String, Vec<ConfigItem>);
    /// Applies a filled-in dialog (then call `new_game`, except after preferences).
    fn set_config(&mut self, kind: ConfigKind, items: &[ConfigItem]) -> Result<(), PuzzleError>;
    /// Shorthand for `get_config(ConfigKind::Settings).1`.
    fn config_settings(&self) -> Vec<ConfigItem>;
    /// Shorthand for `set_config(ConfigKind::Settings, items)`.
    fn set_config_settings(&mut self, items: &[ConfigItem]) -> Result<(), PuzzleError>;
    /// Batch generation (`false`): see [`Midend::set_interactive`].
    fn set_interactive(&mut self, interactive: bool);

    // ---- what the game offers
    fn can_solve(&self) -> bool;
    /// Whether "Show solution" works ([`show_solution`](AnyPuzzle::show_solution)).
    fn can_show_solution(&self) -> bool;
    /// `can_configure`: whether to offer the Custom dialog.
    fn can_configure(&self) -> bool;
    /// `can_format_as_text_ever`: whether to offer Copy at all.
    fn can_format_as_text_ever(&self) -> bool;
    /// `midend_can_format_as_text_now`: whether Copy works with the current parameters (the
    /// menu's greying: cheap, unlike formatting the text).
    fn can_format_as_text_now(&self) -> bool;
    /// `midend_wants_statusbar` (a timed game always shows its clock there).
    fn wants_statusbar(&self) -> bool;

    // ---- commands
    fn new_game(&mut self, dr: &mut dyn Drawing);
    fn restart(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError>;
    fn can_undo(&self) -> bool;
    fn can_redo(&self) -> bool;
    fn undo(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError>;
    fn redo(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError>;
    fn solve(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError>;
    /// Show the solution: its moves played one by one, animated, each undoable.
    fn show_solution(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError>;
    fn apply_move(&mut self, dr: &mut dyn Drawing, mv: &str) -> Result<(), PuzzleError>;
    fn play_moves(&mut self, dr: &mut dyn Drawing, moves: Vec<String>) -> Result<(), PuzzleError>;
    fn queued_moves(&self) -> usize;
    fn serialise(&self) -> String;
    fn deserialise(&mut self, dr: &mut dyn Drawing, data: &str) -> Result<(), PuzzleError>;

    // ---- state
    fn status(&self) -> Status;
    fn text_format(&self) -> Option<String>;
    /// The undo chain's move strings (entries after the first) and the 1-based position.
    fn moves(&self) -> (Vec<(MoveType, String)>, usize);

    // ---- input and time
    /// Offers an input to the back end; [`KeyOutcome::Ignored`] leaves it to the key map.
    fn process_key(&mut self, dr: &mut dyn Drawing, input: PuzzleInput) -> KeyOutcome;
    /// Keys the game needs beyond the cursor keys, with labels.
    fn request_keys(&self) -> Vec<KeyLabel>;
    /// What the select keys would do now.
    fn current_key_label(&self, key: Key) -> &'static str;
    fn timer(&mut self, dr: &mut dyn Drawing, ms: u32);
    fn wants_timer(&self) -> bool;

    // ---- drawing
    fn size(&mut self, dr: &mut dyn Drawing, max_w: i32, max_h: i32, user_size: bool) -> (i32, i32);
    fn colours(&self, background: Colour) -> Vec<Colour>;
    fn redraw(&mut self, dr: &mut dyn Drawing);
    fn force_redraw(&mut self, dr: &mut dyn Drawing);
    /// Frees the draw state (its blitters) before the mid end is dropped or moves screens.
    fn free_drawstate(&mut self, dr: &mut dyn Drawing);
    fn cursor_location(&self) -> Option<Rect>;

    // ---- preferences
    /// The mid end's `one-key-shortcuts` preference, for the app's key map.
    fn one_key_shortcuts(&self) -> bool;
    /// The preferences file's text (write it under [`prefs_file_name`](AnyPuzzle::prefs_file_name)).
    fn save_prefs(&self) -> String;
    fn load_prefs(&mut self, text: &str) -> Result<(), PuzzleError>;
    /// The 8.3 name of this game's preferences file (`FIFTEEN.CFG`).
    fn prefs_file_name(&self) -> String;
}

impl<G: Game> AnyPuzzle for Midend<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn presets(&self) -> Vec<(String, String)> {
        G::presets().into_iter().map(|p| (p.name, G::encode_params(&p.params, true))).collect()
    }
    fn set_preset(&mut self, index: usize) -> Result<(), PuzzleError> {
        Midend::set_preset(self, index)
    }
    fn which_preset(&self) -> Option<usize> {
        Midend::which_preset(self)
    }
    fn params_string(&self) -> String {
        G::encode_params(self.params(), true)
    }
    fn set_game_id(&mut self, id: &str) -> Result<(), PuzzleError> {
        Midend::set_game_id(self, id)
    }
    fn game_id(&self) -> Option<String> {
        Midend::game_id(self)
    }
    fn random_seed_id(&self) -> Option<String> {
        Midend::random_seed_id(self)
    }
    fn get_config(&self, kind: ConfigKind) -> (String, Vec<ConfigItem>) {
        Midend::get_config(self, kind)
    }
    fn set_config(&mut self, kind: ConfigKind, items: &[ConfigItem]) -> Result<(), PuzzleError> {
        Midend::set_config(self, kind, items)
    }
    fn config_settings(&self) -> Vec<ConfigItem> {
        Midend::config_settings(self)
    }
    fn set_config_settings(&mut self, items: &[ConfigItem]) -> Result<(), PuzzleError> {
        Midend::set_config_settings(self, items)
    }
    fn set_interactive(&mut self, interactive: bool) {
        Midend::set_interactive(self, interactive)
    }
    fn can_solve(&self) -> bool {
        G::CAN_SOLVE
    }
    fn can_show_solution(&self) -> bool {
        G::CAN_SHOW_SOLUTION
    }
    fn can_configure(&self) -> bool {
        G::CAN_CONFIGURE
    }
    fn can_format_as_text_ever(&self) -> bool {
        G::CAN_FORMAT_AS_TEXT_EVER
    }
    fn can_format_as_text_now(&self) -> bool {
        Midend::can_format_as_text_now(self)
    }
    fn wants_statusbar(&self) -> bool {
        Midend::wants_statusbar(self)
    }
    fn new_game(&mut self, dr: &mut dyn Drawing) {
        Midend::new_game(self, dr)
    }
    fn restart(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        Midend::restart(self, dr)
    }
    fn can_undo(&self) -> bool {
        Midend::can_undo(self)
    }
    fn can_redo(&self) -> bool {
        Midend::can_redo(self)
    }
    fn undo(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        Midend::undo(self, dr)
    }
    fn redo(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        Midend::redo(self, dr)
    }
    fn solve(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        Midend::solve(self, dr)
    }
    fn show_solution(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        Midend::show_solution(self, dr)
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
    fn serialise(&self) -> String {
        Midend::serialise(self)
    }
    fn deserialise(&mut self, dr: &mut dyn Drawing, data: &str) -> Result<(), PuzzleError> {
        Midend::deserialise(self, dr, data)
    }
    fn status(&self) -> Status {
        Midend::status(self)
    }
    fn text_format(&self) -> Option<String> {
        Midend::text_format(self)
    }
    fn moves(&self) -> (Vec<(MoveType, String)>, usize) {
        Midend::moves(self)
    }
    fn process_key(&mut self, dr: &mut dyn Drawing, input: PuzzleInput) -> KeyOutcome {
        Midend::process_key(self, dr, input)
    }
    fn request_keys(&self) -> Vec<KeyLabel> {
        Midend::request_keys(self)
    }
    fn current_key_label(&self, key: Key) -> &'static str {
        Midend::current_key_label(self, key)
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
    fn free_drawstate(&mut self, dr: &mut dyn Drawing) {
        Midend::free_drawstate(self, dr)
    }
    fn cursor_location(&self) -> Option<Rect> {
        Midend::cursor_location(self)
    }
    fn one_key_shortcuts(&self) -> bool {
        Midend::one_key_shortcuts(self)
    }
    fn save_prefs(&self) -> String {
        Midend::save_prefs(self)
    }
    fn load_prefs(&mut self, text: &str) -> Result<(), PuzzleError> {
        Midend::load_prefs(self, text)
    }
    fn prefs_file_name(&self) -> String {
        prefs_file_name(G::NAME)
    }
}

/// One entry of a game list: a name and a constructor taking the mid end's seed.
#[derive(Clone, Copy)]
pub struct GameEntry {
    pub name: &'static str,
    /// The game keeps a play clock (Tatham's `is_timed`: Mines), which runs from the first
    /// move until the game ends.
    pub timed: bool,
    pub new: fn(seed: &[u8]) -> Box<dyn AnyPuzzle>,
}

/// Builds a [`GameEntry`] for a game type.
///
/// ```
/// use falcon_puzzles::games;
/// let g = games::find("fifteen").unwrap();
/// let mut me = (g.new)(b"seed");
/// let mut dr = falcon_puzzles::gfx::NullDrawing::default();
/// me.set_game_id("2x2:1,2,0,3").unwrap();
/// me.new_game(&mut dr);
/// me.apply_move(&mut dr, "M1,1").unwrap();
/// assert_eq!(me.status(), falcon_puzzles::puzzle::backend::Status::Won);
/// assert!(me.can_solve() && me.wants_statusbar());
/// ```
pub const fn entry<G: Game + 'static>() -> GameEntry {
    fn make<G: Game + 'static>(seed: &[u8]) -> Box<dyn AnyPuzzle> {
        Box::new(Midend::<G>::new(seed))
    }
    GameEntry { name: G::NAME, timed: G::IS_TIMED, new: make::<G> }
}
