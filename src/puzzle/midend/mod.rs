//! The mid end (Tatham developer guide, chapter 4): everything shared by all puzzles and all
//! front ends, one idea per file:
//!
//! - here: the undo/redo chain of game states (each with the move string that produced it),
//!   new game (itself undoable, as in Tatham's), restart (undoable), solve, show solution,
//!   presets, the configuration dialogs, copy as text;
//! - [`game_id`]: game IDs `params:desc` and `params#seed`, read and printed as the guide
//!   defines them, and the Game ID… / Random seed… dialogs;
//! - [`save`]: save/load in the guide's format (`KEY     :LEN:VALUE` records);
//! - [`prefs`]: preferences (the mid end's and the back end's) in Tatham's file format;
//! - [`animation`]: move animations, completion flashes and the play clock (integer
//!   milliseconds);
//! - [`input`]: mouse normalisation (every press gets exactly one release, drags and releases
//!   always name the button that was pressed) and key labels;
//! - [`draw`]: sizes, draw states, redraws and the status bar.
//!
//! The mid end handles **no keys of its own**: [`Midend::process_key`] offers an input to the
//! back end and says whether it was used ([`KeyOutcome`]); the app's key map turns the rest
//! into commands, and the mid end has one method per command ([`new_game`](Midend::new_game),
//! [`undo`](Midend::undo), [`redo`](Midend::redo), [`restart`](Midend::restart),
//! [`solve`](Midend::solve), [`show_solution`](Midend::show_solution),
//! [`set_preset`](Midend::set_preset), [`set_game_id`](Midend::set_game_id),
//! [`set_config`](Midend::set_config), [`serialise`](Midend::serialise),
//! [`deserialise`](Midend::deserialise)...).
//!
//! The mid end does not own the screen: calls that may draw take `&mut dyn Drawing`, which
//! keeps ownership simple for front ends that share one screen among games. Headless users pass
//! a [`NullDrawing`](crate::gfx::NullDrawing). Every call that throws a draw state away
//! takes the drawing too, so that the back end's `free_drawstate` can release its blitters.

use alloc::collections::VecDeque;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::backend::{Button, ConfigItem, ErrorKind, Game, Preset, PuzzleError, Status};
use super::random::RandomState;
use crate::gfx::Drawing;

pub mod animation;
pub mod draw;
pub mod game_id;
pub mod input;
pub mod prefs;
pub mod save;

pub use animation::{Animation, Phase, PlayClock};
pub use game_id::split_game_id;
pub use input::button_label;
pub use prefs::{prefs_file_name, prefs_temp_file_name};
pub use save::{SAVE_MAGIC, SAVE_VERSION, identify_game};

/// How a state entered the undo chain (`movetype`). `NewGame` is only ever the first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveType {
    NewGame,
    Move,
    Solve,
    Restart,
}

impl MoveType {
    /// Solve and restart (and the initial state) never trigger a completion flash.
    fn is_special(self) -> bool {
        !matches!(self, MoveType::Move)
    }
}

struct Entry<S> {
    state: S,
    movestr: Option<String>,
    movetype: MoveType,
}

/// What the next `new_game` will do (`genmode`).
#[derive(Clone, PartialEq, Eq, Debug)]
enum GenMode {
    /// Generate a fresh random seed.
    Nothing,
    /// A seed was given (`params#seed`): generate from it.
    GotSeed,
    /// A description was given (`params:desc`): use it as is.
    GotDesc,
}

/// Whether the back end used an input ([`Midend::process_key`]). An ignored key is the app's
/// to map to a command (Tatham's mid end did that itself: `n`, `u`, `r`, `q`, ^S...).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeyOutcome {
    /// The back end made a move or updated its UI (or the event belonged to a mouse action
    /// in progress).
    Handled,
    /// Nobody wanted it: no game, a mouse event the normalisation dropped, or a key the back
    /// end does not use.
    Ignored,
}

/// Which dialog ([`Midend::get_config`], [`Midend::set_config`]; Tatham's `CFG_*`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ConfigKind {
    /// The Custom… parameters dialog (`CFG_SETTINGS`, the back end's `configure`).
    Settings,
    /// Random seed… (`CFG_SEED`): one text field holding `params#seed`.
    Seed,
    /// Game ID… (`CFG_DESC`): one text field holding `params:desc`.
    Desc,
    /// Preferences… (`CFG_PREFS`): the mid end's preferences, then the back end's.
    Prefs,
}

/// The mid end for one game type.
pub struct Midend<G: Game> {
    random: RandomState,
    /// Long-term parameters (what "New game" generates next).
    params: G::Params,
    /// Parameters of the game being played.
    curparams: G::Params,
    genmode: GenMode,
    seedstr: Option<String>,
    desc: Option<String>,
    privdesc: Option<String>,
    aux: Option<String>,
    states: Vec<Entry<G::State>>,
    /// 1-based index of the current state in `states`, as in the reference (0 = no game).
    statepos: usize,
    ui: Option<G::Ui>,
    drawstate: Option<G::DrawState>,
    tilesize: i32,
    preferred_tilesize: i32,
    /// Size of the drawing area the draw state was set up for.
    winsize: (i32, i32),
    /// Move animation, completion flash and play clock.
    anim: Animation<G::State>,
    pressed: Option<Button>,
    /// The status bar's text as last shown, clock included.
    last_status: Option<String>,
    /// The back end's part of it (`Game::status_text`), asked for after each change of the
    /// state or the ui: a clock tick puts the time before it again without asking (and
    /// without allocating, in `last_status`'s room).
    status_body: String,
    /// Moves still to be played one after another, each animated (a shown solution).
    queue: VecDeque<String>,
    /// The game a New game replaced, saved, so that Undo can bring it back (`newgame_undo`).
    newgame_undo: Option<String>,
    /// The game an undone New game had started, saved, for Redo (`newgame_redo`).
    newgame_redo: Option<String>,
    /// Whether the next New game may save the current one for Undo: not before the first
    /// game, nor after a game ID changed the set-up (`newgame_can_store_undo`).
    newgame_can_store_undo: bool,
    /// False for batch generation: `new_desc` is told nobody will play interactively.
    interactive: bool,
    /// The mid end's own preference: keyboard shortcuts without Ctrl (`one-key-shortcuts`).
    one_key_shortcuts: bool,
    /// The back end's preferences as last set, applied to every new `Ui` (`be_prefs`).
    be_prefs: Option<Vec<ConfigItem>>,
}

impl<G: Game> Midend<G> {
    /// `midend_new`: `seed` seeds the mid end's own generator, which invents the random seeds
    /// of new games (the front end passes the time, or a fixed value in tests).
    pub fn new(seed: &[u8]) -> Self {
        Midend {
            random: RandomState::new(seed),
            params: G::default_params(),
            curparams: G::default_params(),
            genmode: GenMode::Nothing,
            seedstr: None,
            desc: None,
            privdesc: None,
            aux: None,
            states: Vec::new(),
            statepos: 0,
            ui: None,
            drawstate: None,
            tilesize: G::PREFERRED_TILE_SIZE,
            preferred_tilesize: G::PREFERRED_TILE_SIZE,
            winsize: (0, 0),
            anim: Animation::default(),
            pressed: None,
            last_status: None,
            status_body: String::new(),
            queue: VecDeque::new(),
            newgame_undo: None,
            newgame_redo: None,
            newgame_can_store_undo: false,
            interactive: true,
            one_key_shortcuts: true,
            be_prefs: None,
        }
    }

    /// Batch generation (`false`): new games are generated with `new_desc(.., interactive =
    /// false)`, as Tatham's mid end does when it has no drawing API (`--generate`). A puzzle
    /// that defers work to the first move (Mines) then does it all up front.
    pub fn set_interactive(&mut self, interactive: bool) {
        self.interactive = interactive;
    }

    // ------------------------------------------------------------------ parameters

    /// `midend_set_params`: used by the next `new_game`. Checked as for generation, so a bad
    /// parameter set can never reach `new_desc`.
    pub fn set_params(&mut self, params: G::Params) -> Result<(), PuzzleError> {
        G::validate_params(&params, true)?;
        self.params = params;
        Ok(())
    }
    /// `midend_get_params`.
    pub fn params(&self) -> &G::Params {
        &self.params
    }
    /// Parameters of the game in play.
    pub fn current_params(&self) -> &G::Params {
        &self.curparams
    }
    /// `midend_get_presets` (flat).
    pub fn presets(&self) -> Vec<Preset<G::Params>> {
        G::presets()
    }
    /// The Type menu's command: preset `index` for the next new game (`midend_set_params`
    /// with a preset's parameters). Call [`new_game`](Self::new_game) after.
    pub fn set_preset(&mut self, index: usize) -> Result<(), PuzzleError> {
        let p =
            G::presets().into_iter().nth(index).ok_or(PuzzleError::at(ErrorKind::Params, "No such preset", index))?;
        self.set_params(p.params)
    }
    /// `midend_which_preset`: the preset matching the current parameters, if any.
    pub fn which_preset(&self) -> Option<usize> {
        let enc = G::encode_params(&self.params, true);
        G::presets().iter().position(|p| G::encode_params(&p.params, true) == enc)
    }
    /// `midend_get_config(CFG_SETTINGS)`.
    pub fn config_settings(&self) -> Vec<ConfigItem> {
        G::configure(&self.params)
    }
    /// `midend_set_config(CFG_SETTINGS)`: validated as for generation; call `new_game` after.
    pub fn set_config_settings(&mut self, items: &[ConfigItem]) -> Result<(), PuzzleError> {
        if !G::CAN_CONFIGURE {
            return Err(PuzzleError::new(ErrorKind::NotPossible, "This puzzle has no custom configuration"));
        }
        let p = G::custom_params(items)?;
        G::validate_params(&p, true)?;
        self.params = p;
        Ok(())
    }

    /// `midend_get_config`: a dialog's window title and controls.
    pub fn get_config(&self, kind: ConfigKind) -> (String, Vec<ConfigItem>) {
        match kind {
            ConfigKind::Settings => (format!("{} configuration", G::NAME), self.config_settings()),
            ConfigKind::Seed | ConfigKind::Desc => self.game_id_config(kind),
            ConfigKind::Prefs => {
                (format!("{} preferences", G::NAME), self.prefs().into_iter().map(|p| p.item).collect())
            }
        }
    }

    /// `midend_set_config`: applies a filled-in dialog, or changes nothing and says why.
    /// After [`Settings`](ConfigKind::Settings), [`Seed`](ConfigKind::Seed) and
    /// [`Desc`](ConfigKind::Desc) call [`new_game`](Self::new_game); preferences apply at once.
    pub fn set_config(&mut self, kind: ConfigKind, items: &[ConfigItem]) -> Result<(), PuzzleError> {
        match kind {
            ConfigKind::Settings => self.set_config_settings(items),
            ConfigKind::Seed | ConfigKind::Desc => self.set_game_id_config(kind, items),
            ConfigKind::Prefs => self.set_prefs(items),
        }
    }

    // ------------------------------------------------------------------ games

    /// `midend_new_game`: from a given description, a given seed, or a fresh random seed
    /// (15 decimal digits from the mid end's generator, as in the reference).
    ///
    /// As in Tatham's, the game it replaces is kept (serialised) so that Undo brings it back
    /// while the parameters stay the same; the completion flash, animation and play clock of
    /// the old game end here. The old draw state is freed through `dr`; call
    /// [`size`](Self::size) and [`redraw`](Self::redraw) after.
    pub fn new_game(&mut self, dr: &mut dyn Drawing) {
        self.queue.clear();
        self.stop_anim_silently();
        self.newgame_undo = None;
        self.newgame_redo = None;
        if self.newgame_can_store_undo && self.statepos > 0 {
            self.purge_redo();
            self.newgame_undo = Some(self.serialise());
        }
        self.free_drawstate(dr);
        match self.genmode.clone() {
            GenMode::GotDesc => {}
            mode => {
                if mode != GenMode::GotSeed {
                    let mut seed = String::with_capacity(15);
                    seed.push((b'1' + self.random.upto(9) as u8) as char);
                    for _ in 1..15 {
                        seed.push((b'0' + self.random.upto(10) as u8) as char);
                    }
                    self.seedstr = Some(seed);
                    self.curparams = self.params.clone();
                }
                let seed = self.seedstr.clone().unwrap_or_default();
                let mut rs = RandomState::new(seed.as_bytes());
                let (desc, aux) = G::new_desc(&self.curparams, &mut rs, self.interactive);
                self.desc = Some(desc);
                self.privdesc = None;
                self.aux = aux;
            }
        }
        self.genmode = GenMode::Nothing;
        let desc = self.desc.clone().unwrap_or_default();
        let state = G::new_game(&self.curparams, &desc);
        let mut ui = G::new_ui(&state);
        self.apply_prefs(&mut ui);
        G::changed_state(&mut ui, None, &state);
        self.states.clear();
        self.states.push(Entry { state, movestr: None, movetype: MoveType::NewGame });
        self.statepos = 1;
        self.ui = Some(ui);
        self.anim = Animation::default();
        self.pressed = None;
        self.last_status = None;
        self.update_timing();
        self.newgame_can_store_undo = true;
    }

    /// Whether a game is set up.
    pub fn has_game(&self) -> bool {
        self.statepos > 0
    }

    /// The current state. Panics before the first [`new_game`](Self::new_game) or
    /// [`deserialise`](Self::deserialise) (a programming error; check [`has_game`](Self::has_game)).
    pub fn state(&self) -> &G::State {
        &self.states[self.statepos - 1].state
    }
    /// The initial state.
    pub fn initial_state(&self) -> &G::State {
        &self.states[0].state
    }
    /// The UI state. Panics before the first game, like [`state`](Self::state).
    pub fn ui(&self) -> &G::Ui {
        self.ui.as_ref().expect("no game")
    }
    /// Number of states in the chain and the 1-based current position.
    pub fn undo_chain(&self) -> (usize, usize) {
        (self.states.len(), self.statepos)
    }
    /// The move strings of the undo chain after the initial state, with their kinds, and the
    /// 1-based current position (for replay tools and save-file inspection).
    pub fn moves(&self) -> (Vec<(MoveType, String)>, usize) {
        let v = self.states.iter().skip(1).map(|e| (e.movetype, e.movestr.clone().unwrap_or_default())).collect();
        (v, self.statepos)
    }

    /// The description of the game in play.
    pub fn desc(&self) -> Option<&str> {
        self.desc.as_deref()
    }
    /// The private description (`privdesc`), if the back end superseded its description.
    pub fn private_desc(&self) -> Option<&str> {
        self.privdesc.as_deref()
    }
    /// The seed of the game in play, if it came from one.
    pub fn seed(&self) -> Option<&str> {
        self.seedstr.as_deref()
    }

    /// `midend_status`.
    pub fn status(&self) -> Status {
        if self.statepos == 0 { Status::Won } else { G::status(self.state()) }
    }
    /// `midend_can_undo`: a move to take back, or a New game to undo.
    pub fn can_undo(&self) -> bool {
        self.statepos > 1 || self.newgame_undo.is_some()
    }
    /// `midend_can_redo`: a move to make again, or an undone New game to redo.
    pub fn can_redo(&self) -> bool {
        (self.statepos > 0 && self.statepos < self.states.len()) || self.newgame_redo.is_some()
    }

    /// `midend_can_format_as_text_now`.
    pub fn can_format_as_text_now(&self) -> bool {
        G::CAN_FORMAT_AS_TEXT_EVER && G::can_format_as_text_now(&self.curparams)
    }
    /// `midend_text_format`: "Copy".
    pub fn text_format(&self) -> Option<String> {
        if self.statepos == 0 || !self.can_format_as_text_now() {
            return None;
        }
        G::text_format(self.state())
    }

    /// Applies a move string as if the player had made it (used by replay tools and tests).
    /// Animation is skipped; the completion flash is computed as usual.
    pub fn apply_move(&mut self, dr: &mut dyn Drawing, mv: &str) -> Result<(), PuzzleError> {
        self.queue.clear();
        if self.statepos == 0 {
            return Err(PuzzleError::new(ErrorKind::NotPossible, "No game in progress"));
        }
        let new = G::execute_move(self.state(), mv)?;
        self.push_state(new, String::from(mv), MoveType::Move);
        self.finish_move();
        self.redraw(dr);
        Ok(())
    }

    /// `midend_purge_states`: drops the redo branch (states and an undone New game).
    fn purge_redo(&mut self) {
        self.states.truncate(self.statepos);
        self.newgame_redo = None;
    }

    fn push_state(&mut self, state: G::State, movestr: String, movetype: MoveType) {
        self.stop_anim_silently();
        self.purge_redo();
        let old = self.state().clone();
        self.states.push(Entry { state, movestr: Some(movestr), movetype });
        self.statepos = self.states.len();
        let new = &self.states[self.statepos - 1].state;
        let superseded = if movetype == MoveType::Restart { None } else { G::supersede_game_desc(&old, new) };
        let ui = self.ui.as_mut().expect("no ui");
        G::changed_state(ui, Some(&old), new);
        if let Some((desc, privdesc)) = superseded {
            self.supersede_game_desc(desc, privdesc);
        }
        self.anim.begin_move(old, 1);
        self.update_timing();
    }

    /// `midend_supersede_game_desc`: the back end fixed its puzzle only now (Mines, at the
    /// first click). `desc` becomes the game's description (Game ID, Restart); `privdesc`, if
    /// any, is what a saved game is rebuilt from. The initial state is rebuilt from the
    /// private description (or `desc`), and every state between it and the current one by
    /// replaying its move from there, so that undoing shows what loading the saved game would
    /// show (Mines: the flags placed before the first click lie on the same mines): in
    /// Tatham's C the layout the states share does this by itself. Called by the mid end
    /// when [`Game::supersede_game_desc`] answers after a move.
    pub fn supersede_game_desc(&mut self, desc: String, privdesc: Option<String>) {
        debug_assert!(G::validate_desc(&self.curparams, &desc).is_ok(), "superseding description invalid");
        if self.statepos > 0 {
            let initial = privdesc.as_deref().unwrap_or(&desc);
            if G::validate_desc(&self.curparams, initial).is_ok() {
                self.states[0].state = G::new_game(&self.curparams, initial);
                for i in 1..self.statepos - 1 {
                    let entry = &self.states[i];
                    let replayed = match (entry.movetype, entry.movestr.as_deref()) {
                        (MoveType::Move | MoveType::Solve, Some(mv)) => G::execute_move(&self.states[i - 1].state, mv),
                        _ => break,
                    };
                    match replayed {
                        Ok(s) => self.states[i].state = s,
                        Err(_) => break,
                    }
                }
            }
        }
        self.desc = Some(desc);
        self.privdesc = privdesc;
    }

    /// Plays `moves` one after another, each as an ordinary (undoable, animated) move, driven
    /// by [`timer`](Self::timer): how [`show_solution`](Self::show_solution) shows a solution
    /// step by step. The whole sequence is checked first; a bad move is reported with its
    /// index as position and nothing is played. Any input, undo, redo, restart, solve or new
    /// game cancels the rest.
    pub fn play_moves(&mut self, dr: &mut dyn Drawing, moves: Vec<String>) -> Result<(), PuzzleError> {
        if self.statepos == 0 {
            return Err(PuzzleError::new(ErrorKind::NotPossible, "No game in progress"));
        }
        let mut s = self.state().clone();
        for (i, mv) in moves.iter().enumerate() {
            s = G::execute_move(&s, mv).map_err(|e| PuzzleError { position: Some(i), ..e })?;
        }
        self.stop_anim_silently();
        self.queue = moves.into();
        if self.queue.is_empty() {
            return Ok(());
        }
        self.play_next_queued();
        self.redraw(dr);
        Ok(())
    }

    /// Moves still waiting to be played by [`play_moves`](Self::play_moves).
    pub fn queued_moves(&self) -> usize {
        self.queue.len()
    }

    fn play_next_queued(&mut self) {
        let Some(mv) = self.queue.pop_front() else { return };
        match G::execute_move(self.state(), &mv) {
            Ok(s) => {
                self.push_state(s, mv, MoveType::Move);
                self.start_anim(true);
            }
            // Checked in play_moves; only reachable if the back end is not deterministic.
            Err(_) => self.queue.clear(),
        }
    }

    /// Show solution: the back end's way from here to the solution
    /// ([`Game::solution_moves`]), played move by move like [`play_moves`](Self::play_moves),
    /// each animated and undoable, the completion flash after the last.
    pub fn show_solution(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        self.queue.clear();
        if !G::CAN_SHOW_SOLUTION {
            return Err(PuzzleError::new(ErrorKind::Solve, "This puzzle cannot show its solution step by step"));
        }
        if self.statepos == 0 {
            return Err(PuzzleError::new(ErrorKind::NotPossible, "No game set up to solve"));
        }
        let moves = G::solution_moves(&self.states[0].state, self.state(), self.aux.as_deref())?;
        self.play_moves(dr, moves)
    }

    /// `midend_undo`: back one move (animated backwards), or, at the start of a game that a
    /// New game began, back to the game it replaced (if the parameters are the same).
    pub fn undo(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        self.queue.clear();
        if self.statepos <= 1 {
            if self.newgame_undo.is_none() {
                return Err(PuzzleError::new(ErrorKind::NotPossible, "Nothing to undo"));
            }
            return self.swap_new_game(dr, true);
        }
        self.stop_anim_silently();
        let old = self.state().clone();
        self.statepos -= 1;
        let ui = self.ui.as_mut().expect("no ui");
        G::changed_state(ui, Some(&old), &self.states[self.statepos - 1].state);
        self.anim.begin_move(old, -1);
        // Undoing a solve or a restart is not animated either (the state left is special).
        let animate = !self.states[self.statepos].movetype.is_special() || G::FLAGS.solve_animates;
        self.start_anim(animate);
        self.update_timing();
        self.redraw(dr);
        Ok(())
    }

    /// `midend_redo`: forward one move, or into the game an undone New game had started.
    pub fn redo(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        self.queue.clear();
        if !(self.statepos > 0 && self.statepos < self.states.len()) {
            if self.newgame_redo.is_none() {
                return Err(PuzzleError::new(ErrorKind::NotPossible, "Nothing to redo"));
            }
            return self.swap_new_game(dr, false);
        }
        self.stop_anim_silently();
        let old = self.state().clone();
        self.statepos += 1;
        let ui = self.ui.as_mut().expect("no ui");
        G::changed_state(ui, Some(&old), &self.states[self.statepos - 1].state);
        self.anim.begin_move(old, 1);
        let animate = !self.states[self.statepos - 1].movetype.is_special() || G::FLAGS.solve_animates;
        self.start_anim(animate);
        self.update_timing();
        self.redraw(dr);
        Ok(())
    }

    /// Undo (`back`) or redo of a New game: loads the saved game from the other side, keeping
    /// this one for the way back, as `midend_undo`/`midend_redo` do with their serialisation
    /// buffers. Refused (nothing changes) if it would change the parameters.
    fn swap_new_game(&mut self, dr: &mut dyn Drawing, back: bool) -> Result<(), PuzzleError> {
        self.stop_anim_silently();
        let saved = if back { self.newgame_undo.clone() } else { self.newgame_redo.clone() };
        let Some(saved) = saved else { return Err(PuzzleError::new(ErrorKind::NotPossible, "Nothing to undo")) };
        let current = self.serialise();
        if self.load(dr, &saved, true).is_err() {
            // Only the parameter check can fail: the data was written by this mid end.
            return Err(PuzzleError::new(
                ErrorKind::NotPossible,
                "Undoing this new-game operation would change params",
            ));
        }
        if back {
            self.newgame_redo = Some(current);
        } else {
            self.newgame_undo = Some(current);
        }
        self.redraw(dr);
        Ok(())
    }

    /// `midend_restart_game`: a fresh copy of the initial position, pushed as an undoable move.
    pub fn restart(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        self.queue.clear();
        if self.statepos == 0 {
            return Err(PuzzleError::new(ErrorKind::NotPossible, "No game in progress"));
        }
        if self.statepos == 1 {
            return Ok(());
        }
        // Between a game ID and the New game it asks for, there is no description to use.
        let desc = match &self.desc {
            Some(d) if G::validate_desc(&self.curparams, d).is_ok() => d.clone(),
            _ => return Err(PuzzleError::new(ErrorKind::NotPossible, "Start the new game first")),
        };
        let s = G::new_game(&self.curparams, &desc);
        self.push_state(s, desc, MoveType::Restart);
        self.anim.stop_flash();
        self.finish_move();
        self.redraw(dr);
        Ok(())
    }

    /// `midend_solve`.
    pub fn solve(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        self.queue.clear();
        if !G::CAN_SOLVE {
            return Err(PuzzleError::new(ErrorKind::Solve, "This game does not support the Solve operation"));
        }
        if self.statepos < 1 {
            return Err(PuzzleError::new(ErrorKind::NotPossible, "No game set up to solve"));
        }
        let mv = G::solve(&self.states[0].state, self.state(), self.aux.as_deref())?;
        let s = G::execute_move(self.state(), &mv)?;
        self.push_state(s, mv, MoveType::Solve);
        self.start_anim(G::FLAGS.solve_animates);
        self.redraw(dr);
        Ok(())
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
