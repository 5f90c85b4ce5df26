//! Mid-end tests with a tiny counting game whose UI records every input the back end sees,
//! so the mouse normalisation, undo chain, timers and save format can be checked exactly.
//! Tests named after Tatham's behaviour state what his `midend.c` does, and check ours does
//! the same.

use super::*;
use crate::puzzle::backend::{Colour, Dir, GameFlags, Input, Key, KeyLabel, Mods, MoveResult, Preference};
use crate::puzzle::drawing::{BlitterId, DrawOp, Drawing, Font, HAlign, NullDrawing, RecordingDrawing, Rect, VAlign};
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
    fn interpret_move(s: &CState, ui: &mut CUi, _ds: &CDraw, input: Input) -> MoveResult {
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

fn started(id: &str) -> Midend<Counter> {
    let mut me = Midend::<Counter>::new(b"test");
    me.set_game_id(id).unwrap();
    me.new_game(&mut NullDrawing::default());
    me
}

fn key(c: u8) -> Input {
    Input::key(Key::Char(c))
}

/// A save file as Tatham's `midend_serialise` writes it: one record per line, in his order.
pub fn save_file(lines: &[&str]) -> String {
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

/// The records of the control file for the malformed-save table (it loads).
const GOOD: [&str; 10] = [
    "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection",
    "VERSION :1:1",
    "GAME    :7:Counter",
    "PARAMS  :4:t6s4",
    "CPARAMS :4:t6s4",
    "DESC    :1:1",
    "NSTATES :1:3",
    "STATEPOS:1:2",
    "MOVE    :1:+",
    "MOVE    :1:+",
];

/// Every malformed save file is rejected with its reason and record number, and leaves the
/// mid end untouched. (Written as one table so each line's failure is visible.) The reasons
/// are Tatham's, and so is what counts as malformed: a record's value is exactly its length
/// (a wrong length swallows the line end, a forbidden character), unknown keys are skipped.
pub fn malformed_save_cases() -> Vec<(String, &'static str, usize)> {
    let replace = |i: usize, with: &str| {
        let mut l: Vec<&str> = GOOD.to_vec();
        l[i] = with;
        save_file(&l)
    };
    let insert = |i: usize, line: &str| {
        let mut l: Vec<&str> = GOOD.to_vec();
        l.insert(i, line);
        save_file(&l)
    };
    let remove = |i: usize| {
        let mut l: Vec<&str> = GOOD.to_vec();
        l.remove(i);
        save_file(&l)
    };
    vec![
        (replace(0, "SAVEFILE:5:Hello"), "Data does not appear to be a saved game file", 1),
        (replace(0, "GARBAGE"), "Data does not appear to be a saved game file", 1),
        (replace(1, "VERSION :1:2"), "Cannot handle this version of the saved game file format", 2),
        (replace(2, "GAME    :7:Fifteen"), "Save file is from a different game", 3),
        (replace(3, "PARAMS  :2:t0"), "Long-term parameters in save file are invalid", 4),
        (replace(3, "PARAMS  :2:zz"), "Long-term parameters in save file are invalid", 4),
        (remove(3), "Long-term parameters in save file are missing", 10),
        (replace(4, "CPARAMS :4:t999"), "Short-term parameters in save file are invalid", 5),
        (remove(4), "Short-term parameters in save file are missing", 10),
        (replace(5, "DESC    :1:9"), "Game description in save file is invalid", 6),
        (remove(5), "Game description in save file is missing", 10),
        (replace(6, "NSTATES :1:0"), "Number of states in save file was not positive", 7),
        (replace(6, "NSTATES :1:x"), "Number of states in save file is not a number", 7),
        (replace(6, "NSTATES :1:4"), "Saved data ended unexpectedly", 11),
        (remove(6), "No state count provided in save file", 8),
        (replace(7, "STATEPOS:1:4"), "Game position in save file is out of range", 8),
        (replace(7, "STATEPOS:1:0"), "Game position in save file is out of range", 8),
        (replace(7, "STATEPOS:2:-1"), "Game position in save file is not a number", 8),
        (remove(7), "No game position provided in save file", 8),
        (replace(8, "MOVE    :1:*"), "Save file contained an invalid move", 9),
        (replace(8, "RESTART :1:7"), "Save file contained an invalid restart move", 9),
        (replace(8, "MOVE    :2:+"), "Forbidden characters in saved game file", 9),
        (replace(8, "MOVE    :5:+"), "Forbidden characters in saved game file", 9),
        (replace(8, "MOVE    ;1:+"), "Data was incorrectly formatted for a saved game file", 9),
        (replace(8, "MOVE    :x:+"), "Data was incorrectly formatted for a saved game file", 9),
        (replace(8, "MOVE    ::+"), "Data was incorrectly formatted for a saved game file", 10),
        (replace(8, "move    :1:+"), "Saved data ended unexpectedly", 11),
        (replace(8, "MO VE   :1:+"), "Saved data ended unexpectedly", 11),
        (replace(8, "MOVE    :1:\x07"), "Forbidden characters in saved game file", 9),
        (replace(9, "MOVE    :9:+"), "Saved data ended unexpectedly", 10),
        (replace(9, "MOV"), "Saved data ended unexpectedly", 10),
        (replace(9, "MOVE    :1"), "Data was incorrectly formatted for a saved game file", 10),
        (replace(8, "SOLVE   :2:=9"), "Save file contained an invalid move", 9),
        (replace(5, "PRIVDESC:1:9"), "Game description in save file is missing", 11),
        (insert(6, "PRIVDESC:1:8"), "Game private description in save file is invalid", 7),
        (insert(7, "NSTATES :1:3"), "Two state counts provided in save file", 8),
        (insert(3, "VERSION :1:9"), "Cannot handle this version of the saved game file format", 4),
        (replace(4, "TIME    :2:1x"), "Game time in save file is not a number", 5),
        (replace(4, "HEXSEED :1:a"), "Random seed in save file is not hexadecimal", 5),
        (replace(4, "AUXINFO :2:zz"), "Auxiliary data in save file is not hexadecimal", 5),
        (String::new(), "Data does not appear to be a saved game file", 1),
    ]
}

/// Checks one slice of [`malformed_save_cases`]: each file is rejected with its reason and
/// record number, and a failed load leaves the mid end exactly as it was. (Split in parts so
/// each on-target case stays cheap.)
fn check_malformed(part: usize, parts: usize) {
    let mut me = Midend::<Counter>::new(b"m");
    let dr = &mut NullDrawing::default();
    me.set_game_id("t9:4").unwrap();
    me.new_game(dr);
    let before = me.serialise();
    let cases = malformed_save_cases();
    let n = cases.len();
    for (file, reason, record) in
        cases.into_iter().skip(part * n / parts).take((part + 1) * n / parts - part * n / parts)
    {
        let e = me.deserialise(dr, &file).expect_err(reason);
        assert_eq!((e.kind, &*e.reason, e.position), (ErrorKind::SaveFile, reason, Some(record)), "{:?}", file);
        assert_eq!(me.serialise(), before, "a failed load changes nothing");
    }
}

crate::test_cases! {
    fn game_id_shapes_split_like_the_reference() {
        assert_eq!(split_game_id("4x4:1,2"), (Some("4x4"), Some("1,2"), None));
        assert_eq!(split_game_id("4x4#123"), (Some("4x4"), None, Some("123")));
        assert_eq!(split_game_id("4x4#12:3"), (Some("4x4"), None, Some("12:3")));
        assert_eq!(split_game_id("4x4:1#2"), (Some("4x4"), Some("1#2"), None));
        assert_eq!(split_game_id("4x4"), (Some("4x4"), None, None));
    }

    fn desc_id_round_trips_and_keeps_generation_params() {
        let mut me = Midend::<Counter>::new(b"x");
        me.set_game_id("t7s9").unwrap();
        assert_eq!(me.params(), &CParams { target: 7, spread: 9 });
        me.set_game_id("t8:3").unwrap();
        me.new_game(&mut NullDrawing::default());
        assert_eq!(me.game_id().unwrap(), "t8:3");
        assert_eq!(me.state(), &CState { value: 3, target: 8, pending: false });
        // The spread (generation-only) survives a description ID; the target persists.
        assert_eq!(me.params(), &CParams { target: 8, spread: 9 });
        assert!(me.random_seed_id().is_none(), "a description ID has no seed");
    }

    fn seed_id_is_reproducible() {
        let mut a = Midend::<Counter>::new(b"a");
        a.new_game(&mut NullDrawing::default());
        let sid = a.random_seed_id().unwrap();
        assert!(sid.starts_with("t5s3#"));
        let seed = a.seed().unwrap();
        assert_eq!(seed.len(), 15);
        assert!(seed.bytes().all(|b| b.is_ascii_digit()) && !seed.starts_with('0'));
        let mut b = Midend::<Counter>::new(b"completely different");
        b.set_game_id(&sid).unwrap();
        b.new_game(&mut NullDrawing::default());
        assert_eq!(a.game_id(), b.game_id());
        assert_eq!(b.random_seed_id().unwrap(), sid);
    }

    /// Tatham: `params#seed` and bare params are decoded over the default parameters (so an
    /// ID means the same game whatever was played before); `params:desc` over the current.
    fn seed_and_bare_ids_start_from_the_defaults_like_tatham() {
        let mut me = Midend::<Counter>::new(b"d");
        let dr = &mut NullDrawing::default();
        me.set_game_id("s9").unwrap();
        assert_eq!(me.params(), &CParams { target: 5, spread: 9 });
        me.set_game_id("t8").unwrap();
        assert_eq!(me.params(), &CParams { target: 8, spread: 3 }, "bare params: over the defaults");
        me.set_game_id("s9").unwrap();
        me.set_game_id("t7#abc").unwrap();
        me.new_game(dr);
        assert_eq!(me.current_params(), &CParams { target: 7, spread: 3 }, "seed: over the defaults");
        assert_eq!(me.random_seed_id().unwrap(), "t7s3#abc");
        // The long-term parameters keep what the seed ID's short encoding does not say.
        assert_eq!(me.params(), &CParams { target: 7, spread: 9 });
        // The same seed ID after a different history gives the same game.
        let mut fresh = Midend::<Counter>::new(b"other");
        fresh.set_game_id("t7#abc").unwrap();
        fresh.new_game(dr);
        assert_eq!(fresh.game_id(), me.game_id());
        // A description ID decodes over the current parameters.
        me.set_game_id("t8:1").unwrap();
        assert_eq!(me.current_params(), &CParams { target: 8, spread: 9 });
    }

    /// Tatham: a game ID forgets the description of the game in play; after bare params
    /// there is no game ID until the new game (his `midend_get_game_id` asserts one exists).
    fn bare_params_do_not_keep_the_old_description() {
        let mut me = started("t5:1");
        let dr = &mut NullDrawing::default();
        me.process_key(dr, key(b'+'));
        me.set_game_id("t9").unwrap();
        assert_eq!(me.game_id(), None);
        assert_eq!(me.restart(dr).unwrap_err().kind, ErrorKind::NotPossible, "nothing to restart from");
        me.new_game(dr);
        let id = me.game_id().unwrap();
        assert!(id.starts_with("t9:") && id != "t9:1", "{}", id);
    }

    fn bad_ids_change_nothing() {
        let mut me = started("t5:1");
        let e = me.set_game_id("t0:1").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Params);
        let e = me.set_game_id("t5:9").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Description);
        assert_eq!(e.position, Some(3), "position counts from the start of the game ID");
        let e = me.set_game_id("q5").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Params);
        assert_eq!(me.game_id().unwrap(), "t5:1");
        assert_eq!(me.params(), &CParams { target: 5, spread: 3 });
    }

    /// Tatham's Game ID… and Random seed… dialogs (`CFG_DESC`, `CFG_SEED`): one text field
    /// with the current ID; what is typed goes the game-ID way, a bare string being a
    /// description or a seed of the current parameters.
    fn game_id_and_seed_dialogs_like_tatham() {
        let mut me = Midend::<Counter>::new(b"g");
        let dr = &mut NullDrawing::default();
        me.set_game_id("t6#xyz").unwrap();
        me.new_game(dr);
        let (title, items) = me.get_config(ConfigKind::Seed);
        assert_eq!(title, "Counter random selection");
        assert_eq!(items, vec![ConfigItem::String { name: "Game random seed", value: "t6s3#xyz".to_string() }]);
        let (title, items) = me.get_config(ConfigKind::Desc);
        assert_eq!(title, "Counter game selection");
        let desc = me.desc().unwrap().to_string();
        assert_eq!(items, vec![ConfigItem::String { name: "Game ID", value: format!("t6:{}", desc) }]);
        // A bare seed keeps the parameters.
        let seed = |v: &str| vec![ConfigItem::String { name: "Game random seed", value: v.to_string() }];
        me.set_config(ConfigKind::Seed, &seed("other")).unwrap();
        me.new_game(dr);
        assert_eq!(me.random_seed_id().unwrap(), "t6s3#other");
        // A bare description too; errors change nothing.
        let id = |v: &str| vec![ConfigItem::String { name: "Game ID", value: v.to_string() }];
        assert_eq!(me.set_config(ConfigKind::Desc, &id("9")).unwrap_err().kind, ErrorKind::Description);
        assert_eq!(me.set_config(ConfigKind::Desc, &id("t0:1")).unwrap_err().kind, ErrorKind::Params);
        assert_eq!(me.random_seed_id().unwrap(), "t6s3#other");
        me.set_config(ConfigKind::Desc, &id("4")).unwrap();
        me.new_game(dr);
        assert_eq!((me.game_id().unwrap().as_str(), me.random_seed_id()), ("t6:4", None));
        me.set_config(ConfigKind::Desc, &id("t3:2")).unwrap();
        me.new_game(dr);
        assert_eq!(me.game_id().unwrap(), "t3:2");
        assert_eq!(me.get_config(ConfigKind::Settings).0, "Counter configuration");
    }

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

    /// No key means anything to the mid end: what the back end does not use is `Ignored`,
    /// for the app's key map (Tatham's `n`, `u`, `r`, `q`, `s`, ^Z... are the map's now).
    fn keys_the_back_end_ignores_are_left_to_the_key_map() {
        let mut me = started("t5:0");
        let dr = &mut NullDrawing::default();
        assert_eq!(me.process_key(dr, key(b'+')), KeyOutcome::Handled);
        assert_eq!(me.process_key(dr, key(b'p')), KeyOutcome::Handled, "a UI update is handled");
        for c in [b'n', b'u', b'r', b'q', b's', b'S', 0x1a, 0x12, 0x13, 0x11, b'*', b'#'] {
            let ctrl = Input { key: Key::Char(c), x: 0, y: 0, mods: Mods::CTRL };
            assert_eq!(me.process_key(dr, key(c)), KeyOutcome::Ignored);
            assert_eq!(me.process_key(dr, ctrl), KeyOutcome::Ignored);
        }
        assert_eq!(me.state().value, 1, "nothing was undone, solved or restarted");
        assert_eq!(me.undo_chain(), (2, 2));
        assert_eq!(me.process_key(dr, Input::mouse(Key::Drag(Button::Left), 1, 1)), KeyOutcome::Ignored, "dropped");
        assert_eq!(Midend::<Counter>::new(b"none").process_key(dr, key(b'+')), KeyOutcome::Ignored, "no game");
    }

    fn mouse_events_are_paired() {
        let mut me = started("t9:0");
        let dr = &mut NullDrawing::default();
        // Drag and release with nothing pressed: dropped.
        me.process_key(dr, Input::mouse(Key::Drag(Button::Left), 1, 1));
        me.process_key(dr, Input::mouse(Key::Release(Button::Right), 1, 1));
        // Overlapping presses: A B a b → A a B b.
        me.process_key(dr, Input::mouse(Key::Press(Button::Middle), 1, 1));
        me.process_key(dr, Input::mouse(Key::Press(Button::Right), 1, 1));
        me.process_key(dr, Input::mouse(Key::Release(Button::Middle), 1, 1));
        me.process_key(dr, Input::mouse(Key::Release(Button::Right), 1, 1));
        // Button mutating mid-drag: A (drag b) b → A (drag a) a.
        me.process_key(dr, Input::mouse(Key::Press(Button::Left), 1, 1));
        me.process_key(dr, Input::mouse(Key::Drag(Button::Middle), 2, 2));
        me.process_key(dr, Input::mouse(Key::Release(Button::Middle), 2, 2));
        assert_eq!(me.pressed_button(), None);
        let seen: Vec<Key> = me.ui().seen.iter().copied().filter(|k| k.is_mouse()).collect();
        assert_eq!(seen, vec![
            Key::Press(Button::Middle), Key::Release(Button::Middle),
            Key::Press(Button::Right), Key::Release(Button::Right),
            Key::Press(Button::Left), Key::Drag(Button::Left), Key::Release(Button::Left),
        ]);
        // The left release made a move (+1), the others were UI updates.
        assert_eq!(me.state().value, 1);
    }

    fn button_beats_keeps_the_priority_button() {
        let mut me = started("t9:0");
        let dr = &mut NullDrawing::default();
        // Left held, right pressed: the right press is ignored (Left beats Right).
        me.process_key(dr, Input::mouse(Key::Press(Button::Left), 1, 1));
        assert_eq!(me.process_key(dr, Input::mouse(Key::Press(Button::Right), 1, 1)), KeyOutcome::Ignored);
        assert_eq!(me.pressed_button(), Some(Button::Left));
        me.process_key(dr, Input::mouse(Key::Release(Button::Right), 1, 1));
        me.process_key(dr, Input::mouse(Key::Release(Button::Left), 1, 1));
        // Right held, left pressed: no priority that way round, so the most recent wins.
        me.process_key(dr, Input::mouse(Key::Press(Button::Right), 1, 1));
        me.process_key(dr, Input::mouse(Key::Press(Button::Left), 1, 1));
        me.process_key(dr, Input::mouse(Key::Release(Button::Left), 1, 1));
        let seen: Vec<Key> = me.ui().seen.iter().copied().filter(|k| k.is_mouse()).collect();
        assert_eq!(seen, vec![
            Key::Press(Button::Left), Key::Release(Button::Left),
            Key::Press(Button::Right), Key::Release(Button::Right),
            Key::Press(Button::Left), Key::Release(Button::Left),
        ]);
        assert!(!GameFlags::NONE.button_beats(Button::Left, Button::Right));
    }

    fn animation_then_flash_timers() {
        let mut me = started("t2:0");
        let dr = &mut RecordingDrawing::default();
        me.process_key(dr, key(b'+'));
        assert_eq!(me.anim_progress(), ((0, 100), (0, 0)));
        assert!(me.wants_timer());
        me.timer(dr, 40);
        assert_eq!(me.anim_progress().0, (40, 100));
        dr.ops.clear();
        me.timer(dr, 10);
        // Mid-animation frame: x interpolated half way between tile 0 and tile 1.
        assert!(dr.ops.contains(&DrawOp::Rect(Rect::new(8, 0, 16, 16), 1)));
        me.timer(dr, 60);
        assert_eq!(me.anim_progress(), ((0, 0), (0, 0)), "no flash: not yet complete");
        assert!(!me.wants_timer());
        me.process_key(dr, key(b'+'));
        me.timer(dr, 100);
        assert_eq!(me.anim_progress(), ((0, 0), (0, 300)), "completion flash after the animation");
        me.timer(dr, 299);
        assert_eq!(me.anim_progress().1, (299, 300));
        me.timer(dr, 1);
        assert!(!me.wants_timer());
        // A new move during an animation finishes the old one first.
        me.process_key(dr, key(b'-'));
        me.process_key(dr, key(b'-'));
        assert_eq!(me.state().value, 0);
        assert_eq!(me.anim_progress().0, (0, 100));
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

    fn play_clock_runs_until_won_and_is_saved() {
        let mut me = Midend::<TimedCounter>::new(b"t");
        let dr = &mut RecordingDrawing::default();
        me.set_game_id("t2:0").unwrap();
        me.new_game(dr);
        assert!(me.wants_timer(), "the clock ticks");
        me.timer(dr, 999);
        assert!(!dr.ops.iter().any(|o| matches!(o, DrawOp::Status(_))));
        me.timer(dr, 1);
        assert!(dr.ops.contains(&DrawOp::Status("[0:01] at 0".to_string())));
        me.timer(dr, 500);
        let saved = me.serialise();
        assert!(saved.contains("\nTIME    :3:1.5\n"), "written as %g: {}", saved);
        me.process_key(dr, key(b'+'));
        me.process_key(dr, key(b'+'));
        // The winning move stops the clock at once; animation and flash do not count.
        me.timer(dr, 100);
        me.timer(dr, 300);
        assert_eq!(me.elapsed_ms(), 1500);
        assert!(!me.wants_timer(), "stopped once won and the flash is over");
        me.timer(dr, 5000);
        assert_eq!(me.elapsed_ms(), 1500);
        // Undo resumes the clock; loading restores the saved time.
        me.undo(dr).unwrap();
        assert!(me.wants_timer());
        let mut back = Midend::<TimedCounter>::new(b"b");
        back.deserialise(dr, &saved).unwrap();
        assert_eq!(back.elapsed_ms(), 1500);
        assert!(back.wants_timer());
    }

    /// Tatham re-reads `timing_state` after a UI-only update (and after every finished move
    /// and tick): a pause that is only UI stops the clock at once.
    fn the_clock_follows_ui_only_updates_like_tatham() {
        let mut me = Midend::<TimedCounter>::new(b"p");
        let dr = &mut NullDrawing::default();
        me.set_game_id("t3:0").unwrap();
        me.new_game(dr);
        me.timer(dr, 700);
        assert_eq!(me.process_key(dr, key(b'p')), KeyOutcome::Handled);
        assert!(!me.wants_timer(), "paused: no more ticks wanted");
        me.timer(dr, 5000);
        assert_eq!(me.elapsed_ms(), 700);
        me.process_key(dr, key(b'p'));
        assert!(me.wants_timer());
        me.timer(dr, 300);
        assert_eq!(me.elapsed_ms(), 1000);
        // Paused during an animation: neither the end of the move nor the ticks restart it.
        me.process_key(dr, key(b'+'));
        me.process_key(dr, key(b'p'));
        me.timer(dr, 100);
        assert_eq!(me.anim_progress(), ((0, 0), (0, 0)));
        assert!(!me.wants_timer());
    }

    /// Tatham's `midend_rewrite_statusbar` puts `[m:ss] ` before a timed game's status text,
    /// even when the game has none.
    fn a_timed_game_without_status_text_shows_its_clock() {
        let mut me = Midend::<QuietTimedCounter>::new(b"q");
        let dr = &mut RecordingDrawing::default();
        me.set_game_id("t3:0").unwrap();
        me.new_game(dr);
        me.redraw(dr);
        assert!(dr.ops.contains(&DrawOp::Status("[0:00] ".to_string())), "{:?}", dr.ops);
        me.timer(dr, 61_000);
        assert!(dr.ops.contains(&DrawOp::Status("[1:01] ".to_string())));
        let erased: &dyn crate::puzzle::erased::AnyPuzzle = &me;
        assert!(erased.wants_statusbar(), "a timed game needs the status bar for its clock");
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

    /// `midend_request_keys` fills the generic labels (`button2label`); the select key's
    /// label says what it does now.
    fn key_labels_like_tatham() {
        let mut me = started("t2:1");
        let dr = &mut NullDrawing::default();
        let keys = me.request_keys();
        assert_eq!(keys, vec![
            KeyLabel { key: Key::Char(b'+'), label: "+" },
            KeyLabel { key: Key::Char(b'-'), label: "Back" },
            KeyLabel { key: Key::Char(8), label: "Clear" },
        ]);
        assert_eq!(me.current_key_label(Key::CursorSelect), "Count");
        assert_eq!(me.current_key_label(Key::CursorLeft), "", "only the select keys have labels");
        me.process_key(dr, key(b'+'));
        assert_eq!(me.current_key_label(Key::CursorSelect), "", "nothing left to do");
        assert_eq!(button_label(Key::CursorUp), "Up");
        assert_eq!(button_label(Key::CursorSelect), "Select");
        assert_eq!(button_label(Key::Char(b'7')), "7");
        assert_eq!(button_label(Key::Char(b'Q')), "Q");
        assert_eq!(button_label(Key::Press(Button::Left)), "");
    }

    /// Every path that throws a draw state away frees it (its blitters) through the drawing.
    fn draw_states_are_freed_on_every_path() {
        let dr = &mut BlitterCount::default();
        let mut me = Midend::<Counter>::new(b"f");
        me.set_game_id("t5:0").unwrap();
        me.new_game(dr);
        me.size(dr, 200, 100, false);
        me.redraw(dr);
        assert_eq!(dr.live.len(), 1);
        me.size(dr, 100, 100, true);
        me.force_redraw(dr);
        me.process_key(dr, key(b'+'));
        me.new_game(dr);
        me.redraw(dr);
        assert_eq!(dr.live.len(), 1, "new game");
        me.undo(dr).unwrap();
        me.redraw(dr);
        assert_eq!(dr.live.len(), 1, "undo of a new game");
        let saved = me.serialise();
        me.deserialise(dr, &saved).unwrap();
        me.redraw(dr);
        assert_eq!(dr.live.len(), 1, "load");
        me.free_drawstate(dr);
        assert!(dr.live.is_empty(), "before dropping the mid end");
    }

    fn status_bar_and_size() {
        let mut me = started("t5:0");
        let dr = &mut RecordingDrawing::default();
        assert_eq!(me.size(dr, 640, 400, false), (82, 18));
        assert_eq!(me.size(dr, 50, 400, false), (47, 11), "tile shrinks to fit");
        assert_eq!(me.size(dr, 300, 400, true), (297, 61), "user size may grow the tile");
        assert_eq!(me.tilesize(), 59);
        dr.ops.clear();
        me.redraw(dr);
        assert!(dr.ops.contains(&DrawOp::Status("at 0".to_string())));
        dr.ops.clear();
        me.redraw(dr);
        assert!(!dr.ops.iter().any(|o| matches!(o, DrawOp::Status(_))), "unchanged status not resent");
    }

    fn save_round_trip() {
        let mut me = started("t6s4:1");
        let dr = &mut NullDrawing::default();
        me.process_key(dr, key(b'+'));
        me.process_key(dr, key(b'+'));
        me.restart(dr).unwrap();
        me.process_key(dr, key(b'+'));
        me.undo(dr).unwrap();
        let saved = me.serialise();
        assert!(saved.starts_with("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nVERSION :1:1\nGAME    :7:Counter\n"));
        assert!(saved.contains("\nRESTART :1:1\n"));
        assert!(saved.contains("\nNSTATES :1:5\nSTATEPOS:1:4\n"));
        let mut other = Midend::<Counter>::new(b"other");
        other.deserialise(dr, &saved).unwrap();
        assert_eq!(other.serialise(), saved);
        assert_eq!(other.state(), me.state());
        assert_eq!(other.undo_chain(), (5, 4));
        assert!(other.can_redo());
        other.redo(dr).unwrap();
        assert_eq!(other.state().value, 2);
        assert_eq!(identify_game(&saved).unwrap(), "Counter");
    }

    fn save_with_seed_and_aux_round_trips() {
        let mut me = Midend::<Counter>::new(b"s");
        let dr = &mut NullDrawing::default();
        me.new_game(dr);
        let saved = me.serialise();
        assert!(saved.contains("\nSEED    :15:"));
        // "aux!" scrambled as the reference does it.
        assert!(saved.contains("\nAUXINFO :8:6c0cc62a\n"), "{}", saved);
        let mut other = Midend::<Counter>::new(b"o");
        other.deserialise(dr, &saved).unwrap();
        assert_eq!(other.random_seed_id(), me.random_seed_id());
        other.solve(dr).unwrap();
        assert_eq!(other.status(), Status::Won);
    }
    fn malformed_saves_part_1() { check_malformed(0, 4); }
    fn malformed_saves_part_2() { check_malformed(1, 4); }
    fn malformed_saves_part_3() { check_malformed(2, 4); }
    fn malformed_saves_part_4() { check_malformed(3, 4); }

    fn good_save_file_loads_with_any_line_endings() {
        let base = save_file(&GOOD);
        let mut me = Midend::<Counter>::new(b"m");
        let dr = &mut NullDrawing::default();
        me.deserialise(dr, &base).unwrap();
        assert_eq!(me.state().value, 2);
        // CRLF line endings and blank lines between records are accepted.
        let crlf = base.replace('\n', "\r\n\r\n");
        me.deserialise(dr, &crlf).unwrap();
        assert_eq!(me.state().value, 2);
    }

    /// Tatham's loader stops reading once the undo chain is complete and needs no line end
    /// after a record: extra moves, trailing bytes, a last record without newline, records
    /// run together all load there, so they load here.
    fn loading_is_as_lenient_as_tathams() {
        let mut me = Midend::<Counter>::new(b"l");
        let dr = &mut NullDrawing::default();
        let mut fewer = GOOD;
        fewer[6] = "NSTATES :1:2";
        me.deserialise(dr, &save_file(&fewer)).unwrap();
        assert_eq!((me.undo_chain(), me.state().value), ((2, 2), 2), "the extra move is ignored");
        let trailing = save_file(&GOOD) + "trailing bytes: not a record\x01\x02";
        me.deserialise(dr, &trailing).unwrap();
        assert_eq!((me.undo_chain(), me.state().value), ((3, 2), 2));
        let unterminated = GOOD.join("\n");
        me.deserialise(dr, &unterminated).unwrap();
        assert_eq!(me.undo_chain(), (3, 2));
        let run_together = GOOD.concat();
        me.deserialise(dr, &run_together).unwrap();
        assert_eq!(me.undo_chain(), (3, 2));
        assert_eq!(identify_game(&GOOD[..3].concat()).unwrap(), "Counter");
    }

    /// A timed game as Tatham's program writes it (`TIME` with `%g`, a float of seconds):
    /// it loads, and written back it is the same bytes; `%g`'s exponent form loads too.
    fn timed_save_files_move_both_ways() {
        let fixture = save_file(&[
            "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection",
            "VERSION :1:1",
            "GAME    :7:Counter",
            "PARAMS  :4:t9s3",
            "CPARAMS :4:t9s3",
            "SEED    :15:123456789012345",
            "DESC    :1:2",
            "AUXINFO :8:6c0cc62a",
            "TIME    :5:61.25",
            "NSTATES :1:3",
            "STATEPOS:1:3",
            "MOVE    :1:+",
            "MOVE    :1:+",
        ]);
        let mut me = Midend::<TimedCounter>::new(b"t");
        let dr = &mut RecordingDrawing::default();
        me.deserialise(dr, &fixture).unwrap();
        assert_eq!((me.elapsed_ms(), me.state().value), (61_250, 4));
        assert_eq!(me.serialise(), fixture);
        me.redraw(dr);
        assert!(dr.ops.contains(&DrawOp::Status("[1:01] at 4".to_string())));
        for (written, ms) in [("1e+06", 1_000_000_000), ("1.23457e+06", 1_234_570_000), ("0", 0), ("0.001", 1)] {
            let f = fixture.replace("TIME    :5:61.25", &format!("TIME    :{}:{}", written.len(), written));
            me.deserialise(dr, &f).unwrap();
            assert_eq!(me.elapsed_ms(), ms, "{}", written);
            assert_eq!(me.serialise(), f, "written back as %g");
        }
    }
}
