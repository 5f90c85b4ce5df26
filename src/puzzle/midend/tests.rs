//! Mid-end tests with a tiny counting game whose UI records every input the back end sees,
//! so the mouse normalisation, undo chain, timers and save format can be checked exactly.
//! Tests named after Tatham's behaviour state what his `midend.c` does, and check ours does
//! the same.

use super::*;
use crate::gfx::{BlitterId, Colour, DrawOp, Drawing, Font, HAlign, NullDrawing, RecordingDrawing, Rect, VAlign};
use crate::puzzle::backend::{Dir, GameFlags, Key, MoveResult, Preference, PuzzleInput};
use crate::puzzle::random::RandomState;
use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::ToString;
use alloc::vec;

/// Count from the description's start value up to the target `t` with `+`/`-` moves.
///
/// `TIMED` gives it a play clock (stopping once won or while paused with `p`); `QUIET` takes
/// its status text away. A description `N*` is "not fixed yet", like a Mines game before the
/// first click: the first move fixes it and supersedes the description with `N+1` (private
/// description `N`).
pub struct CounterGame<const TIMED: bool, const QUIET: bool>;
/// The untimed counter used by most tests.
pub type Counter = CounterGame<false, false>;
/// The same game with a play clock (`is_timed`), stopping once won.
pub type TimedCounter = CounterGame<true, false>;
/// A timed game without any status text of its own.
pub type QuietTimedCounter = CounterGame<true, true>;

#[derive(Clone, PartialEq, Debug)]
pub struct CParams {
    pub target: u32,
    /// Generation-only parameter (not in the short encoding), like a difficulty.
    pub spread: u32,
}

#[derive(Clone, PartialEq, Debug)]
pub struct CState {
    pub value: u32,
    pub target: u32,
    /// The puzzle is not fixed yet (description `N*`).
    pub pending: bool,
}

#[derive(Default)]
pub struct CUi {
    pub seen: Vec<Key>,
    pub changes: u32,
    /// The clock stops while paused (`p`, a UI-only update).
    pub paused: bool,
    /// Preferences: flash colour (choices), sound (boolean), player name (string).
    pub flash_red: bool,
    pub sound: bool,
    pub player: String,
}

/// The draw state holds a blitter, so that freeing it can be checked.
pub struct CDraw {
    pub tile: i32,
    pub blitter: BlitterId,
}

impl<const TIMED: bool, const QUIET: bool> Game for CounterGame<TIMED, QUIET> {
    type Params = CParams;
    type State = CState;
    type Ui = CUi;
    type DrawState = CDraw;
    const NAME: &'static str = "Counter";
    const PREFERRED_TILE_SIZE: i32 = 16;
    const CAN_SOLVE: bool = true;
    const CAN_SHOW_SOLUTION: bool = true;
    const CAN_CONFIGURE: bool = true;
    const CAN_FORMAT_AS_TEXT_EVER: bool = true;
    const WANTS_STATUSBAR: bool = !QUIET;
    const IS_TIMED: bool = TIMED;
    // While the left button is held, the right one is ignored (BUTTON_BEATS(LEFT, RIGHT)).
    const FLAGS: GameFlags =
        GameFlags { button_beats: GameFlags::beats(Button::Left, Button::Right), ..GameFlags::NONE };

    fn default_params() -> CParams {
        CParams { target: 5, spread: 3 }
    }
    fn presets() -> Vec<Preset<CParams>> {
        vec![
            Preset { name: "Five".to_string(), params: CParams { target: 5, spread: 3 } },
            Preset { name: "Nine".to_string(), params: CParams { target: 9, spread: 3 } },
        ]
    }
    fn encode_params(p: &CParams, full: bool) -> String {
        if full { format!("t{}s{}", p.target, p.spread) } else { format!("t{}", p.target) }
    }
    fn decode_params(p: &mut CParams, s: &str) -> Result<(), PuzzleError> {
        let mut rest = s;
        while !rest.is_empty() {
            let c = rest.as_bytes()[0];
            let (v, r) =
                crate::puzzle::backend::parse_uint(&rest[1..]).ok_or(PuzzleError::params("expected a number"))?;
            match c {
                b't' => p.target = v,
                b's' => p.spread = v,
                _ => return Err(PuzzleError::params("unknown parameter letter")),
            }
            rest = r;
        }
        Ok(())
    }
    fn validate_params(p: &CParams, full: bool) -> Result<(), PuzzleError> {
        if p.target == 0 || p.target > 100 {
            return Err(PuzzleError::params("Target must be between 1 and 100"));
        }
        if full && p.spread == 0 {
            return Err(PuzzleError::params("Spread must be positive"));
        }
        Ok(())
    }
    fn configure(p: &CParams) -> Vec<ConfigItem> {
        vec![ConfigItem::String { name: "Target", value: format!("{}", p.target) }]
    }
    fn custom_params(items: &[ConfigItem]) -> Result<CParams, PuzzleError> {
        match items.first() {
            Some(ConfigItem::String { value, .. }) => {
                let (v, r) =
                    crate::puzzle::backend::parse_uint(value).ok_or(PuzzleError::params("Target is not a number"))?;
                if !r.is_empty() {
                    return Err(PuzzleError::params("Target is not a number"));
                }
                Ok(CParams { target: v, spread: 3 })
            }
            _ => Err(PuzzleError::params("missing item")),
        }
    }
    fn new_desc(p: &CParams, rs: &mut RandomState, interactive: bool) -> (String, Option<String>) {
        // The aux data says how it was generated, so batch generation can be seen.
        let aux = if interactive { "aux!" } else { "batch" };
        (format!("{}", rs.upto(p.spread.min(p.target))), Some(aux.to_string()))
    }
    fn validate_desc(p: &CParams, d: &str) -> Result<(), PuzzleError> {
        let d = d.strip_suffix('*').unwrap_or(d);
        match crate::puzzle::backend::parse_uint(d) {
            Some((v, "")) if v < p.target => Ok(()),
            Some((_, "")) => Err(PuzzleError::desc("Start must be below the target", 0)),
            _ => Err(PuzzleError::desc("Start is not a number", 0)),
        }
    }
    fn new_game(p: &CParams, d: &str) -> CState {
        let pending = d.ends_with('*');
        let d = d.strip_suffix('*').unwrap_or(d);
        CState { value: crate::puzzle::backend::parse_uint(d).unwrap().0, target: p.target, pending }
    }
    fn new_ui(_s: &CState) -> CUi {
        CUi { player: "nobody".to_string(), ..CUi::default() }
    }
    fn changed_state(ui: &mut CUi, _old: Option<&CState>, _new: &CState) {
        ui.changes += 1;
    }
    fn interpret_move(s: &CState, ui: &mut CUi, _ds: &CDraw, input: PuzzleInput) -> MoveResult {
        ui.seen.push(input.key);
        match input.key {
            Key::Char(b'+') if s.value < s.target => MoveResult::Move("+".to_string()),
            Key::Char(b'-') if s.value > 0 => MoveResult::Move("-".to_string()),
            Key::Char(b'p') => {
                ui.paused = !ui.paused;
                MoveResult::UiUpdate
            }
            Key::Release(Button::Left) if s.value < s.target => MoveResult::Move("+".to_string()),
            Key::Press(_) | Key::Drag(_) | Key::Release(_) => MoveResult::UiUpdate,
            _ => MoveResult::Ignored,
        }
    }
    fn execute_move(s: &CState, mv: &str) -> Result<CState, PuzzleError> {
        let mut n = s.clone();
        n.pending = false;
        match mv {
            "+" if s.value < s.target => n.value += 1,
            "-" if s.value > 0 => n.value -= 1,
            _ if mv.starts_with('=') => {
                let (v, r) =
                    crate::puzzle::backend::parse_uint(&mv[1..]).ok_or(PuzzleError::bad_move("bad solve move"))?;
                if !r.is_empty() || v > s.target {
                    return Err(PuzzleError::bad_move("bad solve move"));
                }
                n.value = v;
            }
            _ => return Err(PuzzleError::bad_move("unknown move")),
        }
        Ok(n)
    }
    fn solve(_o: &CState, c: &CState, aux: Option<&str>) -> Result<String, PuzzleError> {
        // Like a puzzle without its own solver: only generated games (with aux) are solvable.
        match aux {
            Some(_) => Ok(format!("={}", c.target)),
            None => Err(PuzzleError::new(ErrorKind::Solve, "Solution not known for this puzzle")),
        }
    }
    fn solution_moves(_i: &CState, c: &CState, _aux: Option<&str>) -> Result<Vec<String>, PuzzleError> {
        Ok((c.value..c.target).map(|_| "+".to_string()).collect())
    }
    fn supersede_game_desc(old: &CState, new: &CState) -> Option<(String, Option<String>)> {
        (old.pending && !new.pending && new.value < new.target)
            .then(|| (format!("{}", new.value), Some(format!("{}", old.value))))
    }
    fn text_format(s: &CState) -> Option<String> {
        Some(format!("{}/{}\n", s.value, s.target))
    }
    fn status(s: &CState) -> Status {
        if s.value == s.target { Status::Won } else { Status::Playing }
    }
    fn timing_state(s: &CState, ui: &CUi) -> bool {
        s.value != s.target && !ui.paused
    }
    fn status_text(s: &CState, _ui: &CUi) -> Option<String> {
        (!QUIET).then(|| format!("at {}", s.value))
    }
    fn request_keys(_p: &CParams) -> Vec<(Key, Option<&'static str>)> {
        vec![(Key::Char(b'+'), None), (Key::Char(b'-'), Some("Back")), (Key::Char(8), None)]
    }
    fn current_key_label(_ui: &CUi, s: &CState, key: Key) -> &'static str {
        match key {
            Key::CursorSelect if s.value < s.target => "Count",
            _ => "",
        }
    }
    fn get_prefs(ui: Option<&CUi>) -> Vec<Preference> {
        let (red, sound, player) = match ui {
            Some(u) => (u.flash_red, u.sound, u.player.clone()),
            None => (false, false, "nobody".to_string()),
        };
        vec![
            Preference {
                kw: "flash-colour",
                item: ConfigItem::Choices { name: "Flash colour", choices: &["White", "Red"], selected: red as usize },
                choice_kws: &["white", "red"],
            },
            Preference { kw: "sound", item: ConfigItem::Boolean { name: "Sound", value: sound }, choice_kws: &[] },
            Preference {
                kw: "player-name",
                item: ConfigItem::String { name: "Player", value: player },
                choice_kws: &[],
            },
        ]
    }
    fn set_prefs(ui: &mut CUi, items: &[ConfigItem]) {
        for item in items {
            match item {
                ConfigItem::Choices { selected, .. } => ui.flash_red = *selected == 1,
                ConfigItem::Boolean { value, .. } => ui.sound = *value,
                ConfigItem::String { value, .. } => ui.player = value.clone(),
            }
        }
    }
    fn compute_size(p: &CParams, t: i32) -> (i32, i32) {
        (t * p.target as i32 + 2, t + 2)
    }
    fn colours(bg: Colour) -> Vec<Colour> {
        vec![bg, Colour::rgb(0, 0, 0)]
    }
    fn new_drawstate(dr: &mut dyn Drawing, _s: &CState) -> CDraw {
        CDraw { tile: 0, blitter: dr.blitter_new(4, 4) }
    }
    fn free_drawstate(dr: &mut dyn Drawing, ds: CDraw) {
        dr.blitter_free(ds.blitter);
    }
    fn set_size(_dr: &mut dyn Drawing, ds: &mut CDraw, _p: &CParams, t: i32) {
        ds.tile = t;
    }
    fn anim_length(_o: &CState, _n: &CState, _d: Dir, _ui: &mut CUi) -> u32 {
        100
    }
    fn flash_length(o: &CState, n: &CState, _d: Dir, _ui: &mut CUi) -> u32 {
        if n.value == n.target && o.value != o.target { 300 } else { 0 }
    }
    fn redraw(
        dr: &mut dyn Drawing,
        ds: &mut CDraw,
        old: Option<&CState>,
        new: &CState,
        _d: Dir,
        _ui: &CUi,
        anim: u32,
        flash: u32,
    ) {
        let t = ds.tile;
        let from = old.map_or(new.value, |o| o.value) as i32;
        // Position interpolated in integer milliseconds.
        let x = from * t + (new.value as i32 - from) * t * anim as i32 / 100;
        dr.draw_rect(x, 0, t, t, if flash > 0 { 0 } else { 1 });
    }
}

/// A drawing that only keeps track of live blitters (to check draw states are freed).
#[derive(Default)]
pub struct BlitterCount {
    next: u32,
    pub live: BTreeSet<u32>,
}

impl Drawing for BlitterCount {
    fn draw_rect(&mut self, _x: i32, _y: i32, _w: i32, _h: i32, _c: usize) {}
    fn draw_line(&mut self, _x1: i32, _y1: i32, _x2: i32, _y2: i32, _c: usize) {}
    fn draw_thick_line(&mut self, _t: i32, _x1: i32, _y1: i32, _x2: i32, _y2: i32, _c: usize) {}
    fn draw_polygon(&mut self, _p: &[(i32, i32)], _f: Option<usize>, _o: usize) {}
    fn draw_circle(&mut self, _cx: i32, _cy: i32, _r: i32, _f: Option<usize>, _o: usize) {}
    fn draw_text(&mut self, _x: i32, _y: i32, _f: Font, _s: i32, _h: HAlign, _v: VAlign, _c: usize, _t: &str) {}
    fn text_width(&mut self, _font: Font, _size: i32, _text: &str) -> i32 {
        0
    }
    fn clip(&mut self, _x: i32, _y: i32, _w: i32, _h: i32) {}
    fn unclip(&mut self) {}
    fn draw_update(&mut self, _x: i32, _y: i32, _w: i32, _h: i32) {}
    fn status_bar(&mut self, _text: &str) {}
    fn blitter_new(&mut self, _w: i32, _h: i32) -> BlitterId {
        self.next += 1;
        self.live.insert(self.next);
        BlitterId(self.next)
    }
    fn blitter_free(&mut self, bl: BlitterId) {
        assert!(self.live.remove(&bl.0), "blitter {} freed twice or never allocated", bl.0);
    }
    fn blitter_save(&mut self, _bl: BlitterId, _x: i32, _y: i32) {}
    fn blitter_load(&mut self, _bl: BlitterId, _x: i32, _y: i32) {}
}

pub fn started(id: &str) -> Midend<Counter> {
    let mut me = Midend::<Counter>::new(b"test");
    me.set_game_id(id).unwrap();
    me.new_game(&mut NullDrawing::default());
    me
}

pub fn key(c: u8) -> PuzzleInput {
    PuzzleInput::key(Key::Char(c))
}

crate::test_cases! {
    fn undo_redo_restart_chain() {
        let mut me = started("t5:0");
        let dr = &mut NullDrawing::default();
        me.process_key(dr, key(b'+'));
        me.process_key(dr, key(b'+'));
        assert_eq!(me.state().value, 2);
        me.undo(dr).unwrap();
        assert_eq!(me.state().value, 1);
        assert!(me.can_redo());
        me.redo(dr).unwrap();
        assert_eq!(me.state().value, 2);
        me.restart(dr).unwrap();
        assert_eq!(me.state().value, 0);
        assert_eq!(me.undo_chain(), (4, 4));
        me.undo(dr).unwrap();
        assert_eq!(me.state().value, 2, "restart is undoable");
        // A new move after an undo discards the redo branch.
        me.undo(dr).unwrap();
        me.process_key(dr, key(b'-'));
        assert_eq!(me.state().value, 0);
        assert_eq!(me.undo_chain(), (3, 3));
        assert!(!me.can_redo());
        assert_eq!(me.redo(dr).unwrap_err().kind, ErrorKind::NotPossible);
    }

    /// Tatham's `midend_new_game` clears the flash: a new game started during a completion
    /// flash does not flash.
    fn a_new_game_during_the_completion_flash_does_not_flash() {
        let mut me = started("t1:0");
        let dr = &mut RecordingDrawing::default();
        me.process_key(dr, key(b'+'));
        me.timer(dr, 100);
        assert_eq!(me.anim_progress().1, (0, 300), "flashing");
        me.timer(dr, 50);
        me.new_game(dr);
        assert_eq!(me.anim_progress(), ((0, 0), (0, 0)));
        dr.ops.clear();
        me.redraw(dr);
        assert!(!dr.ops.contains(&DrawOp::Rect(Rect::new(0, 0, 16, 16), 0)), "no flash frame: {:?}", dr.ops);
        assert!(!me.wants_timer());
    }

    /// Tatham: New game can be undone, back to the game it replaced, where it was; Redo
    /// returns to the new one. A move after the undo forgets the redo, as for moves.
    fn new_game_can_be_undone_and_redone_like_tatham() {
        let mut me = Midend::<Counter>::new(b"n");
        let dr = &mut NullDrawing::default();
        me.set_game_id("t9:2").unwrap();
        me.new_game(dr);
        assert!(!me.can_undo(), "the first game replaces nothing");
        me.process_key(dr, key(b'+'));
        me.process_key(dr, key(b'+'));
        me.undo(dr).unwrap();
        assert_eq!(me.state().value, 3);
        me.new_game(dr);
        let new_id = me.game_id().unwrap();
        assert!(me.random_seed_id().is_some(), "a new random game");
        assert_eq!(me.undo_chain(), (1, 1));
        assert!(me.can_undo() && !me.can_redo());
        me.undo(dr).unwrap();
        assert_eq!(me.game_id().unwrap(), "t9:2");
        assert_eq!(me.undo_chain(), (2, 2), "back where it was; its redo branch was dropped");
        assert_eq!(me.state().value, 3);
        assert!(me.can_redo());
        me.redo(dr).unwrap();
        assert_eq!(me.game_id().unwrap(), new_id);
        assert_eq!(me.undo_chain(), (1, 1));
        me.undo(dr).unwrap();
        me.undo(dr).unwrap();
        assert_eq!(me.state().value, 2, "and on into the old game's moves");
        me.redo(dr).unwrap();
        me.process_key(dr, key(b'+'));
        assert!(!me.can_redo(), "a move forgets the undone new game");
        assert_eq!(me.redo(dr).unwrap_err().kind, ErrorKind::NotPossible);
    }

    /// Tatham refuses to undo a New game that changed the parameters, and a game ID makes
    /// the next New game not undoable at all.
    fn new_game_undo_keeps_the_parameters_like_tatham() {
        let mut me = started("t9:2");
        let dr = &mut NullDrawing::default();
        me.set_preset(0).unwrap();
        me.new_game(dr);
        assert!(me.can_undo());
        let e = me.undo(dr).unwrap_err();
        assert_eq!(&*e.reason, "Undoing this new-game operation would change params");
        assert_eq!(me.current_params().target, 5, "refused: nothing changed");
        me.set_game_id("t5:1").unwrap();
        me.new_game(dr);
        assert!(!me.can_undo(), "after a game ID");
        // Loading forgets it too.
        me.new_game(dr);
        assert!(me.can_undo());
        let saved = me.serialise();
        me.deserialise(dr, &saved).unwrap();
        assert!(!me.can_undo());
    }

    fn queued_moves_play_one_by_one_and_flash_at_the_end() {
        let mut me = started("t3:0");
        let dr = &mut NullDrawing::default();
        let moves = vec!["+".to_string(), "+".to_string(), "+".to_string()];
        // A bad sequence is rejected whole, with the index of the bad move.
        let e = me.play_moves(dr, vec!["+".to_string(), "-".to_string(), "-".to_string()]).unwrap_err();
        assert_eq!((e.kind, e.position), (ErrorKind::Move, Some(2)));
        assert_eq!(me.undo_chain(), (1, 1));
        me.play_moves(dr, moves.clone()).unwrap();
        assert_eq!((me.state().value, me.queued_moves()), (1, 2));
        assert_eq!(me.anim_progress().0, (0, 100));
        me.timer(dr, 60);
        assert_eq!(me.state().value, 1, "waits for the animation");
        me.timer(dr, 60);
        assert_eq!((me.state().value, me.queued_moves()), (2, 1));
        me.timer(dr, 100);
        assert_eq!((me.state().value, me.queued_moves()), (3, 0));
        assert!(me.wants_timer());
        me.timer(dr, 100);
        assert_eq!(me.anim_progress().1, (0, 300), "completion flash after the last move");
        me.timer(dr, 300);
        assert!(!me.wants_timer());
        assert_eq!(me.undo_chain(), (4, 4), "each move is undoable");
        // Input cancels the rest.
        me.restart(dr).unwrap();
        me.play_moves(dr, moves).unwrap();
        me.process_key(dr, key(b'x'));
        assert_eq!(me.queued_moves(), 0);
        me.timer(dr, 500);
        assert_eq!(me.state().value, 1);
    }

    /// Show solution is one operation, through the type-erased puzzle too: the back end's
    /// moves, each animated and undoable.
    fn show_solution_plays_the_back_ends_moves() {
        let dr = &mut NullDrawing::default();
        let mut me: alloc::boxed::Box<dyn crate::puzzle::erased::AnyPuzzle> =
            alloc::boxed::Box::new(Midend::<Counter>::new(b"s"));
        assert!(me.can_show_solution());
        assert_eq!(me.show_solution(dr).unwrap_err().kind, ErrorKind::NotPossible, "no game yet");
        me.set_game_id("t4:1").unwrap();
        me.new_game(dr);
        me.show_solution(dr).unwrap();
        assert_eq!(me.queued_moves(), 2);
        for _ in 0..20 {
            me.timer(dr, 50);
        }
        assert_eq!(me.status(), Status::Won);
        assert_eq!(me.moves().0.len(), 3);
        me.undo(dr).unwrap();
        assert_eq!(me.status(), Status::Playing);
        // A game without it says so.
        let mut fifteen = (crate::games::find("fifteen").unwrap().new)(b"f");
        fifteen.new_game(dr);
        assert!(!fifteen.can_show_solution());
        assert_eq!(fifteen.show_solution(dr).unwrap_err().kind, ErrorKind::Solve);
    }

    fn solve_is_not_animated_and_not_flashed() {
        let mut me = started("t4:1");
        let dr = &mut NullDrawing::default();
        assert_eq!(me.solve(dr).unwrap_err().reason, "Solution not known for this puzzle");
        let mut me = started("t4#seed");
        me.solve(dr).unwrap();
        assert_eq!(me.state().value, 4);
        assert_eq!(me.status(), Status::Won);
        assert!(!me.wants_timer());
        // Undoing a solve is not animated and does not flash; redoing onto it neither.
        me.undo(dr).unwrap();
        assert_eq!(me.anim_progress(), ((0, 0), (0, 0)));
        me.timer(dr, 100);
        me.redo(dr).unwrap();
        me.timer(dr, 100);
        assert_eq!(me.anim_progress(), ((0, 0), (0, 0)));
    }

    /// Tatham's `midend_supersede_game_desc` (Mines' safe first click): the first move fixes
    /// the puzzle; Restart and the Game ID then use the new description, a saved game the
    /// private one, and undoing to the start shows the fixed puzzle, as loading would.
    fn a_back_end_can_supersede_its_description_like_tatham() {
        let mut me = started("t9:2*");
        let dr = &mut NullDrawing::default();
        assert!(me.state().pending);
        me.process_key(dr, key(b'+'));
        assert_eq!(me.game_id().unwrap(), "t9:3");
        assert_eq!(me.private_desc(), Some("2"));
        assert_eq!(me.initial_state(), &CState { value: 2, target: 9, pending: false });
        me.process_key(dr, key(b'+'));
        let saved = me.serialise();
        assert!(saved.contains("\nDESC    :1:3\nPRIVDESC:1:2\n"), "{}", saved);
        let mut back = Midend::<Counter>::new(b"b");
        back.deserialise(dr, &saved).unwrap();
        assert_eq!((back.state().value, back.initial_state().value), (4, 2));
        assert_eq!(back.serialise(), saved);
        me.restart(dr).unwrap();
        assert_eq!(me.state().value, 3, "Restart goes to just after the first move");
        me.undo(dr).unwrap();
        me.undo(dr).unwrap();
        me.undo(dr).unwrap();
        assert_eq!(me.state(), &CState { value: 2, target: 9, pending: false });
        me.process_key(dr, key(b'+'));
        assert_eq!(me.game_id().unwrap(), "t9:3", "fixed once only");
    }

    fn presets_config_and_text() {
        let mut me = Midend::<Counter>::new(b"p");
        assert_eq!(me.presets().len(), 2);
        assert_eq!(me.which_preset(), Some(0));
        me.set_preset(1).unwrap();
        assert_eq!(me.set_preset(2).unwrap_err().kind, ErrorKind::Params);
        assert_eq!(me.set_params(CParams { target: 0, spread: 1 }).unwrap_err().kind, ErrorKind::Params);
        assert_eq!(me.which_preset(), Some(1));
        let mut cfg = me.config_settings();
        if let ConfigItem::String { value, .. } = &mut cfg[0] {
            *value = "x".to_string();
        }
        assert_eq!(me.set_config_settings(&cfg).unwrap_err().reason, "Target is not a number");
        if let ConfigItem::String { value, .. } = &mut cfg[0] {
            *value = "200".to_string();
        }
        assert_eq!(me.set_config_settings(&cfg).unwrap_err().reason, "Target must be between 1 and 100");
        if let ConfigItem::String { value, .. } = &mut cfg[0] {
            *value = "12".to_string();
        }
        me.set_config(ConfigKind::Settings, &cfg).unwrap();
        me.new_game(&mut NullDrawing::default());
        assert_eq!(me.current_params().target, 12);
        assert_eq!(me.which_preset(), None);
        let t = me.text_format().unwrap();
        assert!(t.ends_with("/12\n"));
    }

    /// Tatham's mid end generates non-interactively when it has no drawing (`--generate`):
    /// `new_desc` is told so.
    fn batch_generation_tells_the_back_end() {
        let mut me = Midend::<Counter>::new(b"b");
        let dr = &mut NullDrawing::default();
        me.new_game(dr);
        assert!(me.serialise().contains("\nAUXINFO :8:6c0cc62a\n"), "interactive: aux!");
        let interactive_id = me.random_seed_id().unwrap();
        me.set_interactive(false);
        me.set_game_id(&interactive_id).unwrap();
        me.new_game(dr);
        assert!(!me.serialise().contains("6c0cc62a"), "batch: generated differently");
    }
}
