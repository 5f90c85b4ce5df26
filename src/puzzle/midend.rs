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
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::backend::{Button, ConfigItem, Dir, ErrorKind, Game, Input, Key, Mods, MoveResult, PuzzleError, Status};
use super::drawing::Drawing;
use super::random::RandomState;

/// First record of every save file (`SERIALISE_MAGIC`).
pub const SAVE_MAGIC: &str = "Simon Tatham's Portable Puzzle Collection";
/// The only save-file format version (`SERIALISE_VERSION`).
pub const SAVE_VERSION: &str = "1";

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
    oldstate: Option<G::State>,
    dir: Dir,
    anim_time: u32,
    anim_pos: u32,
    flash_time: u32,
    flash_pos: u32,
    /// Play clock in milliseconds (timed games only).
    elapsed: u32,
    timing: bool,
    pressed: Option<Button>,
    last_status: Option<String>,
    /// Moves still to be played one after another, each animated (a shown solution).
    queue: VecDeque<String>,
}

/// Splits a game ID into (params, description, seed) as `midend_game_id` does: whichever of
/// `:` and `#` comes first decides; a bare string is parameters only.
pub fn split_game_id(id: &str) -> (Option<&str>, Option<&str>, Option<&str>) {
    let colon = id.find(':');
    let hash = id.find('#');
    match (colon, hash) {
        (Some(c), h) if h.is_none_or(|h| c < h) => (Some(&id[..c]), Some(&id[c + 1..]), None),
        (_, Some(h)) => (Some(&id[..h]), None, Some(&id[h + 1..])),
        _ => (Some(id), None, None),
    }
}

fn save_err(reason: &'static str, record: usize) -> PuzzleError {
    PuzzleError::at(ErrorKind::SaveFile, reason, record)
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
            oldstate: None,
            dir: 0,
            anim_time: 0,
            anim_pos: 0,
            flash_time: 0,
            flash_pos: 0,
            elapsed: 0,
            timing: false,
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

    // ------------------------------------------------------------------ game IDs

    /// `midend_game_id`: accepts `params`, `params:desc` or `params#seed` (the parameters are
    /// decoded on top of the current ones). Nothing changes on error. Call `new_game` after.
    pub fn set_game_id(&mut self, id: &str) -> Result<(), PuzzleError> {
        let (par, desc, seed) = split_game_id(id);
        // As the reference: a description's parameters may leave out what only generation
        // needs, so they are read over the current ones; a seed or bare parameters are read
        // over the defaults, so that the same `params#seed` means the same puzzle whatever
        // was played before.
        let mut newcur = if desc.is_some() { self.params.clone() } else { G::default_params() };
        if let Some(par) = par {
            G::decode_params(&mut newcur, par).map_err(|mut e| {
                e.kind = ErrorKind::Params;
                e
            })?;
        }
        G::validate_params(&newcur, desc.is_none())?;
        if let Some(d) = desc {
            G::validate_desc(&newcur, d).map_err(|mut e| {
                if let Some(p) = e.position.as_mut() {
                    *p += par.map_or(0, |s| s.len() + 1);
                }
                e
            })?;
        }
        // Only the persistent part (what a non-full encoding keeps) of parameters given with a
        // description or seed carries over to later games; bare parameters carry over whole.
        let newparams = if desc.is_some() || seed.is_some() {
            let mut p = self.params.clone();
            G::decode_params(&mut p, &G::encode_params(&newcur, false))?;
            p
        } else {
            newcur.clone()
        };
        self.params = newparams;
        self.curparams = newcur;
        if let Some(d) = desc {
            self.desc = Some(d.into());
            self.privdesc = None;
            self.aux = None;
            self.seedstr = None;
            self.genmode = GenMode::GotDesc;
        }
        if let Some(s) = seed {
            self.seedstr = Some(s.into());
            self.genmode = GenMode::GotSeed;
        }
        Ok(())
    }

    /// `midend_get_game_id`: `params:desc` with the non-full parameter encoding.
    pub fn game_id(&self) -> Option<String> {
        let desc = self.desc.as_ref()?;
        Some(format!("{}:{}", G::encode_params(&self.curparams, false), desc))
    }

    /// `midend_get_random_seed`: `params#seed` with the full encoding, if the game came
    /// from a seed.
    pub fn random_seed_id(&self) -> Option<String> {
        let seed = self.seedstr.as_ref()?;
        Some(format!("{}#{}", G::encode_params(&self.curparams, true), seed))
    }

    // ------------------------------------------------------------------ games

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
        self.elapsed = 0;
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
        self.oldstate = Some(old);
        self.dir = 1;
        self.anim_time = 0;
        self.anim_pos = 0;
        self.update_timing();
    }

    /// Ends any animation (jumping to its final frame) without drawing.
    fn stop_anim_silently(&mut self) {
        if self.oldstate.is_some() || self.anim_time != 0 {
            self.finish_move();
        }
    }

    /// `midend_finish_move`: ends an animation and starts the completion flash if the state
    /// change calls for one (never for solve or restart, nor when undoing onto one).
    fn finish_move(&mut self) {
        if self.statepos >= 1 && (self.oldstate.is_some() || self.statepos > 1) {
            let later_special = if self.dir > 0 {
                self.states[self.statepos - 1].movetype.is_special()
            } else if self.dir < 0 && self.statepos < self.states.len() {
                self.states[self.statepos].movetype.is_special()
            } else {
                true
            };
            if !later_special {
                let dir = if self.oldstate.is_some() { self.dir } else { 1 };
                let old = match &self.oldstate {
                    Some(o) => o.clone(),
                    None => self.states[self.statepos - 2].state.clone(),
                };
                let ui = self.ui.as_mut().expect("no ui");
                let f = G::flash_length(&old, &self.states[self.statepos - 1].state, dir, ui);
                if f > 0 {
                    self.flash_time = f;
                    self.flash_pos = 0;
                }
            }
        }
        self.oldstate = None;
        self.anim_time = 0;
        self.anim_pos = 0;
        self.dir = 0;
    }

    /// After a move/undo/redo: asks the back end how long to animate.
    fn start_anim(&mut self, animate: bool) {
        let t = match (&self.oldstate, animate) {
            (Some(old), true) => {
                let ui = self.ui.as_mut().expect("no ui");
                G::anim_length(old, &self.states[self.statepos - 1].state, self.dir, ui)
            }
            _ => 0,
        };
        if t > 0 {
            self.anim_time = t;
            self.anim_pos = 0;
        } else {
            self.finish_move();
        }
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
        self.oldstate = Some(old);
        self.dir = -1;
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
        self.oldstate = Some(old);
        self.dir = 1;
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
        self.flash_pos = 0;
        self.flash_time = 0;
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

    // ------------------------------------------------------------------ input

    /// `midend_process_key`: normalises mouse events, offers the input to the back end, and
    /// otherwise handles the standard keys (n = new game, u/^Z = undo, r/^R/^Y = redo,
    /// q/^Q = quit, s = solve).
    pub fn process_key(&mut self, dr: &mut dyn Drawing, input: Input) -> KeyOutcome {
        self.queue.clear();
        if self.statepos == 0 {
            return KeyOutcome::Continue;
        }
        match input.key {
            Key::Press(b) => {
                if let Some(held) = self.pressed {
                    if G::FLAGS.button_beats(held, b) {
                        // The held button has priority: the new press never happened. Its
                        // release will end the held button's drag instead (or be dropped).
                        return KeyOutcome::Continue;
                    }
                    // Overlapping presses (ABab): release the held button first.
                    let rel = Input { key: Key::Release(held), ..input };
                    self.pressed = None;
                    if self.really_process_key(dr, rel) == KeyOutcome::Quit {
                        return KeyOutcome::Quit;
                    }
                }
                self.pressed = Some(b);
                self.really_process_key(dr, input)
            }
            Key::Drag(_) | Key::Release(_) => {
                // Drags/releases without a press are dropped; a changed button becomes the
                // pressed one (Ab → Aa).
                let Some(held) = self.pressed else { return KeyOutcome::Continue };
                let key = if matches!(input.key, Key::Drag(_)) {
                    Key::Drag(held)
                } else {
                    self.pressed = None;
                    Key::Release(held)
                };
                self.really_process_key(dr, Input { key, ..input })
            }
            _ => self.really_process_key(dr, input),
        }
    }

    /// Which button the mid end considers held (for tests and front ends).
    pub fn pressed_button(&self) -> Option<Button> {
        self.pressed
    }

    fn really_process_key(&mut self, dr: &mut dyn Drawing, input: Input) -> KeyOutcome {
        self.ensure_drawstate(dr);
        let result = {
            let ui = self.ui.as_mut().expect("no ui");
            let ds = self.drawstate.as_ref().expect("no drawstate");
            G::interpret_move(&self.states[self.statepos - 1].state, ui, ds, input)
        };
        match result {
            MoveResult::Move(mv) => {
                match G::execute_move(self.state(), &mv) {
                    Ok(s) => {
                        self.push_state(s, mv, MoveType::Move);
                        self.start_anim(true);
                    }
                    Err(_) => {
                        // A back end produced a move it cannot execute: a bug, but not one
                        // worth crashing the machine for. Ignore the input.
                        debug_assert!(false, "execute_move rejected interpret_move output {}", mv);
                    }
                }
                self.redraw(dr);
                KeyOutcome::Continue
            }
            MoveResult::UiUpdate => {
                self.redraw(dr);
                KeyOutcome::Continue
            }
            MoveResult::Ignored => self.standard_key(dr, input),
        }
    }

    fn standard_key(&mut self, dr: &mut dyn Drawing, input: Input) -> KeyOutcome {
        let Key::Char(c) = input.key else { return KeyOutcome::Continue };
        let ctrl = input.mods.has(Mods::CTRL);
        match (c, ctrl) {
            (b'n' | b'N', false) | (0x0e, _) | (b'n' | b'N', true) => {
                self.new_game();
                self.redraw(dr);
            }
            (b'u' | b'U', _) | (0x1a | 0x1f, _) => {
                let _ = self.undo(dr);
            }
            (b'r' | b'R', _) | (0x12 | 0x19, _) => {
                let _ = self.redo(dr);
            }
            (b'q' | b'Q', _) | (0x11, _) => return KeyOutcome::Quit,
            (b's' | b'S', _) if G::CAN_SOLVE => {
                let _ = self.solve(dr);
            }
            _ => {}
        }
        KeyOutcome::Continue
    }

    // ------------------------------------------------------------------ timing

    fn update_timing(&mut self) {
        self.timing = G::IS_TIMED && self.statepos > 0 && G::timing_state(self.state(), self.ui());
    }

    /// Whether the front end should be calling [`timer`](Self::timer) (`activate_timer` /
    /// `deactivate_timer` as a query): an animation or flash is running or the clock ticks.
    pub fn wants_timer(&self) -> bool {
        self.anim_time > 0 || self.flash_time > 0 || self.timing || !self.queue.is_empty()
    }

    /// Current animation and flash progress in milliseconds: (pos, length) each.
    pub fn anim_progress(&self) -> ((u32, u32), (u32, u32)) {
        ((self.anim_pos, self.anim_time), (self.flash_pos, self.flash_time))
    }

    /// Play-clock milliseconds.
    pub fn elapsed_ms(&self) -> u32 {
        self.elapsed
    }

    /// `midend_timer`: `ms` milliseconds have passed.
    pub fn timer(&mut self, dr: &mut dyn Drawing, ms: u32) {
        let need_redraw = self.anim_time > 0 || self.flash_time > 0;
        if self.anim_time > 0 {
            self.anim_pos = self.anim_pos.saturating_add(ms);
        }
        let flash_before = self.flash_time;
        if self.anim_time > 0 && self.anim_pos >= self.anim_time {
            self.finish_move();
        }
        let flash_started_now = flash_before == 0 && self.flash_time > 0;
        // A flash that started in this very tick (when an animation ended) starts at 0.
        if self.flash_time > 0 && !flash_started_now {
            self.flash_pos = self.flash_pos.saturating_add(ms);
            if self.flash_pos >= self.flash_time {
                self.flash_pos = 0;
                self.flash_time = 0;
            }
        }
        if self.anim_time == 0 && !self.queue.is_empty() {
            self.play_next_queued();
            self.redraw(dr);
        } else if need_redraw {
            self.redraw(dr);
        }
        if self.timing {
            let before = self.elapsed / 1000;
            self.elapsed = self.elapsed.saturating_add(ms);
            if self.elapsed / 1000 != before {
                self.update_status_bar(dr, true);
            }
        }
    }

    // ------------------------------------------------------------------ drawing

    /// `midend_size`: the drawing-area size for the current game within `max_w`×`max_h`.
    /// With `user_size` the tile size may exceed the preferred one and becomes preferred.
    pub fn size(&mut self, dr: &mut dyn Drawing, max_w: i32, max_h: i32, user_size: bool) -> (i32, i32) {
        let fits = |t: i32| {
            let (w, h) = G::compute_size(&self.curparams, t);
            w <= max_w && h <= max_h
        };
        let tile = if !user_size && fits(self.preferred_tilesize) {
            self.preferred_tilesize
        } else {
            // Largest tile size that fits (binary search over a monotonic function).
            let upper = if user_size { max_w.max(max_h).max(2) } else { self.preferred_tilesize };
            let (mut lo, mut hi) = (1, upper);
            if !fits(1) {
                1
            } else {
                while lo < hi {
                    let mid = lo + (hi - lo + 1) / 2;
                    if fits(mid) { lo = mid } else { hi = mid - 1 }
                }
                lo
            }
        };
        if user_size {
            self.preferred_tilesize = tile;
        }
        self.tilesize = tile;
        self.winsize = G::compute_size(&self.curparams, tile);
        self.new_drawstate(dr);
        self.winsize
    }

    /// `midend_request_keys`: keys the game needs beyond the cursor keys.
    pub fn request_keys(&self) -> Vec<super::backend::KeyLabel> {
        G::request_keys(&self.curparams)
    }

    /// `midend_get_cursor_location`: the region of interest, in drawing-area pixels, once a
    /// draw state exists.
    pub fn cursor_location(&self) -> Option<super::drawing::Rect> {
        let ds = self.drawstate.as_ref()?;
        if self.statepos == 0 {
            return None;
        }
        G::cursor_location(self.state(), self.ui(), ds)
    }

    /// `midend_tilesize`.
    pub fn tilesize(&self) -> i32 {
        self.tilesize
    }

    /// `midend_colours`: the game's palette for the front end's background colour.
    pub fn colours(&self, background: super::backend::Colour) -> Vec<super::backend::Colour> {
        G::colours(background)
    }

    fn new_drawstate(&mut self, dr: &mut dyn Drawing) {
        if let Some(ds) = self.drawstate.take() {
            G::free_drawstate(dr, ds);
        }
        if self.statepos == 0 {
            return;
        }
        let mut ds = G::new_drawstate(dr, self.state());
        G::set_size(dr, &mut ds, &self.curparams, self.tilesize);
        self.drawstate = Some(ds);
        self.last_status = None;
    }

    fn ensure_drawstate(&mut self, dr: &mut dyn Drawing) {
        if self.drawstate.is_none() {
            self.winsize = G::compute_size(&self.curparams, self.tilesize);
            self.new_drawstate(dr);
        }
    }

    /// `midend_force_redraw`: a fresh draw state, then a full redraw.
    pub fn force_redraw(&mut self, dr: &mut dyn Drawing) {
        self.new_drawstate(dr);
        self.redraw(dr);
    }

    /// `midend_redraw`: draws what changed (mid-animation frames included).
    pub fn redraw(&mut self, dr: &mut dyn Drawing) {
        if self.statepos == 0 {
            return;
        }
        self.ensure_drawstate(dr);
        dr.start_draw();
        let ds = self.drawstate.as_mut().expect("drawstate");
        let ui = self.ui.as_ref().expect("ui");
        let new = &self.states[self.statepos - 1].state;
        match &self.oldstate {
            Some(old) if self.anim_time > 0 && self.anim_pos < self.anim_time => {
                G::redraw(dr, ds, Some(old), new, self.dir, ui, self.anim_pos, self.flash_pos);
            }
            _ => G::redraw(dr, ds, None, new, 1, ui, 0, self.flash_pos),
        }
        self.update_status_bar(dr, false);
        dr.end_draw();
    }

    fn update_status_bar(&mut self, dr: &mut dyn Drawing, force: bool) {
        if !G::WANTS_STATUSBAR || self.statepos == 0 {
            return;
        }
        let Some(text) = G::status_text(self.state(), self.ui()) else { return };
        let full = if G::IS_TIMED {
            let sec = self.elapsed / 1000;
            format!("[{}:{:02}] {}", sec / 60, sec % 60, text)
        } else {
            text
        };
        if force || self.last_status.as_deref() != Some(full.as_str()) {
            dr.status_bar(&full);
            self.last_status = Some(full);
        }
    }

    // ------------------------------------------------------------------ save / load

    /// `midend_serialise`: the whole game (parameters, description, undo chain) in the
    /// guide's save-file format: records `KEY:LEN:VALUE\n` with KEY padded to 8 characters.
    pub fn serialise(&self) -> String {
        let mut out = String::new();
        let mut wr = |key: &str, val: &str| {
            out.push_str(&format!("{:<8}:{}:", key, val.len()));
            out.push_str(val);
            out.push('\n');
        };
        wr("SAVEFILE", SAVE_MAGIC);
        wr("VERSION", SAVE_VERSION);
        wr("GAME", G::NAME);
        wr("PARAMS", &G::encode_params(&self.params, true));
        wr("CPARAMS", &G::encode_params(&self.curparams, true));
        if let Some(seed) = &self.seedstr {
            if seed.bytes().all(|b| (32..127).contains(&b)) {
                wr("SEED", seed);
            } else {
                wr("HEXSEED", &hex_encode(seed.as_bytes()));
            }
        }
        if let Some(d) = &self.desc {
            wr("DESC", d);
        }
        if let Some(d) = &self.privdesc {
            wr("PRIVDESC", d);
        }
        if let Some(a) = &self.aux {
            // Scrambled so that a glance at the file does not give the answer away.
            let mut b = a.clone().into_bytes();
            super::obfuscate::obfuscate(&mut b, false);
            wr("AUXINFO", &hex_encode(&b));
        }
        if let Some(ui) = &self.ui
            && let Some(s) = G::encode_ui(ui)
        {
            wr("UI", &s);
        }
        if G::IS_TIMED {
            wr("TIME", &format!("{}.{:03}", self.elapsed / 1000, self.elapsed % 1000));
        }
        wr("NSTATES", &format!("{}", self.states.len()));
        wr("STATEPOS", &format!("{}", self.statepos));
        for e in self.states.iter().skip(1) {
            let key = match e.movetype {
                MoveType::Move | MoveType::NewGame => "MOVE",
                MoveType::Solve => "SOLVE",
                MoveType::Restart => "RESTART",
            };
            wr(key, e.movestr.as_deref().unwrap_or(""));
        }
        out
    }

    /// `midend_deserialise`: replaces the game with a saved one, or changes nothing and
    /// reports why not. The error position is the 1-based record (line) number.
    pub fn deserialise(&mut self, data: &str) -> Result<(), PuzzleError> {
        let records = parse_records(data.as_bytes())?;
        let mut parstr = None;
        let mut cparstr = None;
        let mut seed: Option<String> = None;
        let mut desc: Option<String> = None;
        let mut privdesc: Option<String> = None;
        let mut aux: Option<String> = None;
        let mut uistr: Option<String> = None;
        let mut elapsed = 0u32;
        let mut nstates: Option<usize> = None;
        let mut statepos: Option<usize> = None;
        let mut moves: Vec<(MoveType, String, usize)> = Vec::new();
        let mut last_record = 0;
        for (i, (key, val)) in records.iter().enumerate() {
            let n = i + 1;
            last_record = n;
            let text = || lossy(val);
            if i == 0 {
                if key != "SAVEFILE" || val.as_slice() != SAVE_MAGIC.as_bytes() {
                    return Err(save_err("Data does not appear to be a saved game file", n));
                }
                continue;
            }
            if key != "SEED" && val.iter().any(|&b| !(32..127).contains(&b)) {
                return Err(save_err("Forbidden characters in saved game file", n));
            }
            match key.as_str() {
                "VERSION" if val.as_slice() != SAVE_VERSION.as_bytes() => {
                    return Err(save_err("Cannot handle this version of the saved game file format", n));
                }
                "GAME" if val.as_slice() != G::NAME.as_bytes() => {
                    return Err(save_err("Save file is from a different game", n));
                }
                "PARAMS" => parstr = Some((text(), n)),
                "CPARAMS" => cparstr = Some((text(), n)),
                "SEED" => seed = Some(text()),
                "HEXSEED" => {
                    let b = hex_decode(val).ok_or(save_err("Random seed in save file is not hexadecimal", n))?;
                    seed = Some(lossy(&b));
                }
                "DESC" => desc = Some(text()),
                "PRIVDESC" => privdesc = Some(text()),
                "AUXINFO" => {
                    let mut b = hex_decode(val).ok_or(save_err("Auxiliary data in save file is not hexadecimal", n))?;
                    super::obfuscate::obfuscate(&mut b, true);
                    aux = Some(lossy(&b));
                }
                "UI" => uistr = Some(text()),
                "TIME" => elapsed = parse_millis(val).ok_or(save_err("Game time in save file is not a number", n))?,
                "NSTATES" => {
                    if nstates.is_some() {
                        return Err(save_err("Two state counts provided in save file", n));
                    }
                    let v = parse_decimal(val).ok_or(save_err("Number of states in save file is not a number", n))?;
                    if v == 0 {
                        return Err(save_err("Number of states in save file was not positive", n));
                    }
                    nstates = Some(v);
                }
                "STATEPOS" => {
                    statepos =
                        Some(parse_decimal(val).ok_or(save_err("Game position in save file is not a number", n))?)
                }
                "MOVE" | "SOLVE" | "RESTART" => {
                    let Some(ns) = nstates else {
                        return Err(save_err("No state count provided in save file", n));
                    };
                    if statepos.is_none() {
                        return Err(save_err("No game position provided in save file", n));
                    }
                    if moves.len() + 1 >= ns {
                        return Err(save_err("Too many states in save file", n));
                    }
                    let t = match key.as_str() {
                        "MOVE" => MoveType::Move,
                        "SOLVE" => MoveType::Solve,
                        _ => MoveType::Restart,
                    };
                    moves.push((t, text(), n));
                }
                // Unknown keys are ignored, so newer files with extra data still load.
                _ => {}
            }
        }
        let end = last_record + 1;
        if records.is_empty() {
            return Err(save_err("Data does not appear to be a saved game file", 1));
        }
        let (parstr, pline) = parstr.ok_or(save_err("Long-term parameters in save file are missing", end))?;
        let mut params = G::default_params();
        if G::decode_params(&mut params, &parstr).is_err() || G::validate_params(&params, true).is_err() {
            return Err(save_err("Long-term parameters in save file are invalid", pline));
        }
        let (cparstr, cline) = cparstr.ok_or(save_err("Short-term parameters in save file are missing", end))?;
        let mut cparams = G::default_params();
        if G::decode_params(&mut cparams, &cparstr).is_err() || G::validate_params(&cparams, false).is_err() {
            return Err(save_err("Short-term parameters in save file are invalid", cline));
        }
        if seed.is_some() && G::validate_params(&cparams, true).is_err() {
            seed = None;
        }
        let desc = desc.ok_or(save_err("Game description in save file is missing", end))?;
        if G::validate_desc(&cparams, &desc).is_err() {
            return Err(save_err("Game description in save file is invalid", find_record(&records, "DESC")));
        }
        if let Some(p) = &privdesc
            && G::validate_desc(&cparams, p).is_err()
        {
            return Err(save_err(
                "Game private description in save file is invalid",
                find_record(&records, "PRIVDESC"),
            ));
        }
        let nstates = nstates.ok_or(save_err("No state count provided in save file", end))?;
        let statepos = statepos.ok_or(save_err("No game position provided in save file", end))?;
        if statepos < 1 || statepos > nstates {
            return Err(save_err("Game position in save file is out of range", find_record(&records, "STATEPOS")));
        }
        if moves.len() + 1 < nstates {
            return Err(save_err("Saved data ended unexpectedly", end));
        }
        let mut states: Vec<Entry<G::State>> = Vec::with_capacity(nstates);
        states.push(Entry {
            state: G::new_game(&cparams, privdesc.as_deref().unwrap_or(&desc)),
            movestr: None,
            movetype: MoveType::NewGame,
        });
        for (t, mv, n) in moves {
            let s = match t {
                MoveType::Restart => {
                    if G::validate_desc(&cparams, &mv).is_err() {
                        return Err(save_err("Save file contained an invalid restart move", n));
                    }
                    G::new_game(&cparams, &mv)
                }
                _ => G::execute_move(&states[states.len() - 1].state, &mv)
                    .map_err(|_| save_err("Save file contained an invalid move", n))?,
            };
            states.push(Entry { state: s, movestr: Some(mv), movetype: t });
        }
        let mut ui = G::new_ui(&states[0].state);
        if let Some(u) = &uistr {
            G::decode_ui(&mut ui, u);
        }
        G::changed_state(&mut ui, None, &states[statepos - 1].state);
        // Past every error: install.
        self.params = params;
        self.curparams = cparams;
        self.seedstr = seed;
        self.desc = Some(desc);
        self.privdesc = privdesc;
        self.aux = aux;
        self.genmode = GenMode::Nothing;
        self.states = states;
        self.statepos = statepos;
        self.ui = Some(ui);
        self.oldstate = None;
        self.anim_time = 0;
        self.anim_pos = 0;
        self.flash_time = 0;
        self.flash_pos = 0;
        self.dir = 0;
        self.elapsed = elapsed;
        self.pressed = None;
        self.drawstate = None;
        self.last_status = None;
        self.queue.clear();
        self.update_timing();
        Ok(())
    }
}

/// `identify_game`: the GAME field of a save file, to pick the right back end before loading.
pub fn identify_game(data: &str) -> Result<String, PuzzleError> {
    let records = parse_records(data.as_bytes())?;
    for (i, (key, val)) in records.iter().enumerate() {
        if i == 0 {
            if key != "SAVEFILE" || val.as_slice() != SAVE_MAGIC.as_bytes() {
                return Err(save_err("Data does not appear to be a saved game file", 1));
            }
        } else if key == "VERSION" && val.as_slice() != SAVE_VERSION.as_bytes() {
            return Err(save_err("Cannot handle this version of the saved game file format", i + 1));
        } else if key == "GAME" {
            return Ok(lossy(val));
        }
    }
    Err(save_err("Saved data ended unexpectedly", records.len() + 1))
}

fn find_record(records: &[(String, Vec<u8>)], key: &str) -> usize {
    records.iter().position(|(k, _)| k == key).map_or(0, |i| i + 1)
}

/// Splits a save file into (key, value) records, checking the framing of each: a key of 8
/// characters (trailing spaces stripped), `:`, a decimal length, `:`, exactly that many bytes,
/// then a line ending (CR and/or LF; blank lines between records are allowed, as in the
/// reference). Errors carry the 1-based record number.
fn parse_records(data: &[u8]) -> Result<Vec<(String, Vec<u8>)>, PuzzleError> {
    let mut out = Vec::new();
    let mut p = 0;
    loop {
        while p < data.len() && (data[p] == b'\r' || data[p] == b'\n') {
            p += 1;
        }
        if p >= data.len() {
            break;
        }
        let n = out.len() + 1;
        let first = out.is_empty();
        let fmt = if first {
            "Data does not appear to be a saved game file"
        } else {
            "Data was incorrectly formatted for a saved game file"
        };
        if p + 9 > data.len() {
            return Err(save_err(if first { fmt } else { "Saved data ended unexpectedly" }, n));
        }
        if data[p + 8] != b':' {
            return Err(save_err(fmt, n));
        }
        let key_bytes = &data[p..p + 8];
        let klen = key_bytes.iter().position(|&b| b == b' ' || b == b':').unwrap_or(8);
        if klen == 0
            || !key_bytes[..klen].iter().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
            || !key_bytes[klen..].iter().all(|&b| b == b' ')
        {
            return Err(save_err(fmt, n));
        }
        let key = lossy(&key_bytes[..klen]);
        p += 9;
        let mut len: usize = 0;
        let mut digits = 0;
        loop {
            let Some(&c) = data.get(p) else {
                return Err(save_err("Saved data ended unexpectedly", n));
            };
            p += 1;
            if c == b':' {
                break;
            }
            if !c.is_ascii_digit() || len > 10_000_000 {
                return Err(save_err(fmt, n));
            }
            len = len * 10 + (c - b'0') as usize;
            digits += 1;
        }
        if digits == 0 {
            return Err(save_err(fmt, n));
        }
        if p + len > data.len() {
            return Err(save_err("Saved data ended unexpectedly", n));
        }
        let val = data[p..p + len].to_vec();
        p += len;
        if p < data.len() && data[p] != b'\n' && data[p] != b'\r' {
            return Err(save_err("Record length does not match its value", n));
        }
        out.push((key, val));
    }
    Ok(out)
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn parse_decimal(v: &[u8]) -> Option<usize> {
    if v.is_empty() || v.len() > 9 || !v.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(v.iter().fold(0usize, |a, &b| a * 10 + (b - b'0') as usize))
}

/// Seconds with an optional fraction ("12", "12.5", "12.345") → milliseconds.
fn parse_millis(v: &[u8]) -> Option<u32> {
    let (int, frac) = match v.iter().position(|&b| b == b'.') {
        Some(i) => (&v[..i], &v[i + 1..]),
        None => (v, &[][..]),
    };
    let secs = parse_decimal(int)? as u32;
    if secs > 4_000_000 || !frac.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut ms = 0u32;
    for k in 0..3 {
        ms = ms * 10 + frac.get(k).map_or(0, |&b| (b - b'0') as u32);
    }
    Some(secs * 1000 + ms)
}

fn hex_encode(b: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(b.len() * 2);
    for &x in b {
        s.push(HEX[(x >> 4) as usize] as char);
        s.push(HEX[(x & 15) as usize] as char);
    }
    s
}

fn hex_decode(v: &[u8]) -> Option<Vec<u8>> {
    if v.len() % 2 != 0 {
        return None;
    }
    let d = |c: u8| (c as char).to_digit(16).map(|x| x as u8);
    v.chunks(2).map(|p| Some(d(p[0])? << 4 | d(p[1])?)).collect()
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
