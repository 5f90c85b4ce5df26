//! The mid end (Tatham developer guide, chapter 4): everything shared by all puzzles and all
//! front ends.
//!
//! - the undo/redo chain of game states, each with the move string that produced it;
//! - new game, restart (itself undoable), solve;
//! - game IDs `params:desc` and `params#seed`, read and printed as the guide defines them;
//! - presets and the Custom configuration;
//! - copy as text;
//! - save/load in the guide's format (`KEY     :LEN:VALUE` records);
//! - timers for move animations and completion flashes (integer milliseconds);
//! - mouse normalisation: every press gets exactly one release, drags and releases always
//!   name the button that was pressed.
//!
//! The mid end does not own the screen: calls that may draw take `&mut dyn Drawing`, which
//! keeps ownership simple for front ends that share one screen among games. Headless users pass
//! a [`NullDrawing`](super::drawing::NullDrawing).

use alloc::collections::VecDeque;
use alloc::string::String;
use alloc::vec::Vec;

use super::backend::{Button, ConfigItem, ErrorKind, Game, PuzzleError, Status};
use super::drawing::Drawing;
use super::random::RandomState;

pub mod animation;
mod draw;
mod game_id;
mod input;
mod save;

pub use animation::{Animation, Phase, PlayClock};
pub use game_id::split_game_id;
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

/// What the front end should do after a key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeyOutcome {
    /// Handled (or ignored); keep running.
    Continue,
    /// The user asked to quit (`q`, `Q`, ^Q).
    Quit,
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
    last_status: Option<String>,
    /// Moves still to be played one after another, each animated (a shown solution).
    queue: VecDeque<String>,
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
            queue: VecDeque::new(),
        }
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
    pub fn presets(&self) -> Vec<super::backend::Preset<G::Params>> {
        G::presets()
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

    /// `midend_new_game`: from a given description, a given seed, or a fresh random seed
    /// (15 decimal digits from the mid end's generator, as in the reference).
    pub fn new_game(&mut self) {
        self.queue.clear();
        self.stop_anim_silently();
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
                let (desc, aux) = G::new_desc(&self.curparams, &mut rs, true);
                self.desc = Some(desc);
                self.privdesc = None;
                self.aux = aux;
            }
        }
        self.genmode = GenMode::Nothing;
        let desc = self.desc.clone().unwrap_or_default();
        let state = G::new_game(&self.curparams, &desc);
        let mut ui = G::new_ui(&state);
        G::changed_state(&mut ui, None, &state);
        self.states.clear();
        self.states.push(Entry { state, movestr: None, movetype: MoveType::NewGame });
        self.statepos = 1;
        self.ui = Some(ui);
        self.drawstate = None;
        self.anim.clock.elapsed = 0;
        self.pressed = None;
        self.last_status = None;
        self.update_timing();
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
    /// The seed of the game in play, if it came from one.
    pub fn seed(&self) -> Option<&str> {
        self.seedstr.as_deref()
    }

    /// `midend_status`.
    pub fn status(&self) -> Status {
        if self.statepos == 0 { Status::Won } else { G::status(self.state()) }
    }
    /// `midend_can_undo`.
    pub fn can_undo(&self) -> bool {
        self.statepos > 1
    }
    /// `midend_can_redo`.
    pub fn can_redo(&self) -> bool {
        self.statepos > 0 && self.statepos < self.states.len()
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

    fn purge_redo(&mut self) {
        self.states.truncate(self.statepos);
    }

    fn push_state(&mut self, state: G::State, movestr: String, movetype: MoveType) {
        self.stop_anim_silently();
        self.purge_redo();
        let old = self.state().clone();
        self.states.push(Entry { state, movestr: Some(movestr), movetype });
        self.statepos = self.states.len();
        let ui = self.ui.as_mut().expect("no ui");
        G::changed_state(ui, Some(&old), &self.states[self.statepos - 1].state);
        self.anim.begin_move(old, 1);
        self.update_timing();
    }

    /// Plays `moves` one after another, each as an ordinary (undoable, animated) move, driven
    /// by [`timer`](Self::timer): how a game shows a solution step by step (Slide's "show
    /// solution", Maze's "show path"). The whole sequence is checked first; a bad move is
    /// reported with its index as position and nothing is played. Any input, undo, redo,
    /// restart, solve or new game cancels the rest.
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

    /// `midend_undo`.
    pub fn undo(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        self.queue.clear();
        if !self.can_undo() {
            return Err(PuzzleError::new(ErrorKind::NotPossible, "Nothing to undo"));
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

    /// `midend_redo`.
    pub fn redo(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        self.queue.clear();
        if !self.can_redo() {
            return Err(PuzzleError::new(ErrorKind::NotPossible, "Nothing to redo"));
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

    /// `midend_restart_game`: a fresh copy of the initial position, pushed as an undoable move.
    pub fn restart(&mut self, dr: &mut dyn Drawing) -> Result<(), PuzzleError> {
        self.queue.clear();
        if self.statepos == 0 {
            return Err(PuzzleError::new(ErrorKind::NotPossible, "No game in progress"));
        }
        if self.statepos == 1 {
            return Ok(());
        }
        let desc = self.desc.clone().unwrap_or_default();
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
