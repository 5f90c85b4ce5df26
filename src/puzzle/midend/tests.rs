//! Mid-end tests with a tiny counting game whose UI records every input the back end sees,
//! so the mouse normalisation, undo chain, timers and save format can be checked exactly.

use super::*;
use crate::puzzle::backend::{Colour, Preset};
use crate::puzzle::backend::{Dir, Input, Key, Mods, MoveResult};
use crate::puzzle::drawing::Drawing;
use crate::puzzle::drawing::{NullDrawing, RecordingDrawing};
use crate::puzzle::random::RandomState;
use alloc::format;
use alloc::string::ToString;
use alloc::vec;

/// Count from the description's start value up to the target `t` with `+`/`-` moves.
pub struct CounterGame<const TIMED: bool>;
/// The untimed counter used by most tests.
pub type Counter = CounterGame<false>;
/// The same game with a play clock (`is_timed`), stopping once won.
pub type TimedCounter = CounterGame<true>;

#[derive(Clone, PartialEq, Debug)]
pub struct CParams {
    target: u32,
    /// Generation-only parameter (not in the short encoding), like a difficulty.
    spread: u32,
}

#[derive(Clone, PartialEq, Debug)]
pub struct CState {
    value: u32,
    target: u32,
}

#[derive(Default)]
pub struct CUi {
    seen: Vec<Key>,
    changes: u32,
}

impl<const TIMED: bool> Game for CounterGame<TIMED> {
    type Params = CParams;
    type State = CState;
    type Ui = CUi;
    type DrawState = i32;
    const NAME: &'static str = "Counter";
    const PREFERRED_TILE_SIZE: i32 = 16;
    const CAN_SOLVE: bool = true;
    const CAN_CONFIGURE: bool = true;
    const CAN_FORMAT_AS_TEXT_EVER: bool = true;
    const WANTS_STATUSBAR: bool = true;
    const IS_TIMED: bool = TIMED;
    // While the left button is held, the right one is ignored (BUTTON_BEATS(LEFT, RIGHT)).
    const FLAGS: crate::puzzle::backend::GameFlags = crate::puzzle::backend::GameFlags {
        button_beats: crate::puzzle::backend::GameFlags::beats(Button::Left, Button::Right),
        ..crate::puzzle::backend::GameFlags::NONE
    };

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
    fn new_desc(p: &CParams, rs: &mut RandomState, _i: bool) -> (String, Option<String>) {
        (format!("{}", rs.upto(p.spread.min(p.target))), Some("aux!".to_string()))
    }
    fn validate_desc(p: &CParams, d: &str) -> Result<(), PuzzleError> {
        match crate::puzzle::backend::parse_uint(d) {
            Some((v, "")) if v < p.target => Ok(()),
            Some((_, "")) => Err(PuzzleError::desc("Start must be below the target", 0)),
            _ => Err(PuzzleError::desc("Start is not a number", 0)),
        }
    }
    fn new_game(p: &CParams, d: &str) -> CState {
        CState { value: crate::puzzle::backend::parse_uint(d).unwrap().0, target: p.target }
    }
    fn new_ui(_s: &CState) -> CUi {
        CUi::default()
    }
    fn changed_state(ui: &mut CUi, _old: Option<&CState>, _new: &CState) {
        ui.changes += 1;
    }
    fn interpret_move(s: &CState, ui: &mut CUi, _ds: &i32, input: Input) -> MoveResult {
        ui.seen.push(input.key);
        match input.key {
            Key::Char(b'+') if s.value < s.target => MoveResult::Move("+".to_string()),
            Key::Char(b'-') if s.value > 0 => MoveResult::Move("-".to_string()),
            Key::Release(Button::Left) if s.value < s.target => MoveResult::Move("+".to_string()),
            Key::Press(_) | Key::Drag(_) | Key::Release(_) => MoveResult::UiUpdate,
            _ => MoveResult::Ignored,
        }
    }
    fn execute_move(s: &CState, mv: &str) -> Result<CState, PuzzleError> {
        let mut n = s.clone();
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
            Some("aux!") => Ok(format!("={}", c.target)),
            _ => Err(PuzzleError::new(ErrorKind::Solve, "Solution not known for this puzzle")),
        }
    }
    fn text_format(s: &CState) -> Option<String> {
        Some(format!("{}/{}\n", s.value, s.target))
    }
    fn status(s: &CState) -> Status {
        if s.value == s.target { Status::Won } else { Status::Playing }
    }
    fn timing_state(s: &CState, _ui: &CUi) -> bool {
        s.value != s.target
    }
    fn status_text(s: &CState, _ui: &CUi) -> Option<String> {
        Some(format!("at {}", s.value))
    }
    fn compute_size(p: &CParams, t: i32) -> (i32, i32) {
        (t * p.target as i32 + 2, t + 2)
    }
    fn colours(bg: Colour) -> Vec<Colour> {
        vec![bg, Colour::rgb(0, 0, 0)]
    }
    fn new_drawstate(_dr: &mut dyn Drawing, _s: &CState) -> i32 {
        0
    }
    fn set_size(_dr: &mut dyn Drawing, ds: &mut i32, _p: &CParams, t: i32) {
        *ds = t;
    }
    fn anim_length(_o: &CState, _n: &CState, _d: Dir, _ui: &mut CUi) -> u32 {
        100
    }
    fn flash_length(o: &CState, n: &CState, _d: Dir, _ui: &mut CUi) -> u32 {
        if n.value == n.target && o.value != o.target { 300 } else { 0 }
    }
    fn redraw(
        dr: &mut dyn Drawing,
        ds: &mut i32,
        old: Option<&CState>,
        new: &CState,
        _d: Dir,
        _ui: &CUi,
        anim: u32,
        flash: u32,
    ) {
        let from = old.map_or(new.value, |o| o.value) as i32;
        // Position interpolated in integer milliseconds.
        let x = from * *ds + (new.value as i32 - from) * *ds * anim as i32 / 100;
        dr.draw_rect(x, 0, *ds, *ds, if flash > 0 { 0 } else { 1 });
    }
}

fn started(id: &str) -> Midend<Counter> {
    let mut me = Midend::<Counter>::new(b"test");
    me.set_game_id(id).unwrap();
    me.new_game();
    me
}

fn key(c: u8) -> Input {
    Input::key(Key::Char(c))
}

/// Every malformed save file is rejected with its reason and record number, and leaves the
/// mid end untouched. (Written as one table so each line's failure is visible.)
pub fn malformed_save_cases() -> Vec<(String, &'static str, usize)> {
    let good = [
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
    let join = |lines: &[&str]| {
        let mut s = lines.join("\n");
        s.push('\n');
        s
    };
    let replace = |i: usize, with: &str| {
        let mut l: Vec<&str> = good.to_vec();
        l[i] = with;
        join(&l)
    };
    let insert = |i: usize, line: &str| {
        let mut l: Vec<&str> = good.to_vec();
        l.insert(i, line);
        join(&l)
    };
    let remove = |i: usize| {
        let mut l: Vec<&str> = good.to_vec();
        l.remove(i);
        join(&l)
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
        (replace(6, "NSTATES :1:2"), "Too many states in save file", 10),
        (replace(6, "NSTATES :1:4"), "Saved data ended unexpectedly", 11),
        (remove(6), "No state count provided in save file", 8),
        (replace(7, "STATEPOS:1:4"), "Game position in save file is out of range", 8),
        (replace(7, "STATEPOS:1:0"), "Game position in save file is out of range", 8),
        (replace(7, "STATEPOS:2:-1"), "Game position in save file is not a number", 8),
        (remove(7), "No game position provided in save file", 8),
        (replace(8, "MOVE    :1:*"), "Save file contained an invalid move", 9),
        (replace(8, "RESTART :1:7"), "Save file contained an invalid restart move", 9),
        (replace(8, "MOVE    :2:+"), "Record length does not match its value", 9),
        (replace(8, "MOVE    :5:+"), "Record length does not match its value", 9),
        (replace(8, "MOVE    ;1:+"), "Data was incorrectly formatted for a saved game file", 9),
        (replace(8, "MOVE    :x:+"), "Data was incorrectly formatted for a saved game file", 9),
        (replace(8, "MOVE    ::+"), "Data was incorrectly formatted for a saved game file", 9),
        (replace(8, "move    :1:+"), "Data was incorrectly formatted for a saved game file", 9),
        (replace(8, "MO VE   :1:+"), "Data was incorrectly formatted for a saved game file", 9),
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

/// The control file for the malformed-save table: it loads.
fn good_save() -> String {
    let mut s = String::new();
    for l in [
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
    ] {
        s.push_str(l);
        s.push('\n');
    }
    s
}

/// Checks one slice of [`malformed_save_cases`]: each file is rejected with its reason and
/// record number, and a failed load leaves the mid end exactly as it was. (Split in parts so
/// each on-target case stays cheap.)
fn check_malformed(part: usize, parts: usize) {
    let mut me = Midend::<Counter>::new(b"m");
    me.set_game_id("t9:4").unwrap();
    me.new_game();
    let before = me.serialise();
    let cases = malformed_save_cases();
    let n = cases.len();
    for (file, reason, record) in
        cases.into_iter().skip(part * n / parts).take((part + 1) * n / parts - part * n / parts)
    {
        let e = me.deserialise(&file).expect_err(reason);
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
        me.new_game();
        assert_eq!(me.game_id().unwrap(), "t8:3");
        assert_eq!(me.state(), &CState { value: 3, target: 8 });
        // The spread (generation-only) survives a description ID; the target persists.
        assert_eq!(me.params(), &CParams { target: 8, spread: 9 });
        assert!(me.random_seed_id().is_none(), "a description ID has no seed");
    }

    fn seed_id_is_reproducible() {
        let mut a = Midend::<Counter>::new(b"a");
        a.new_game();
        let sid = a.random_seed_id().unwrap();
        assert!(sid.starts_with("t5s3#"));
        let seed = a.seed().unwrap();
        assert_eq!(seed.len(), 15);
        assert!(seed.bytes().all(|b| b.is_ascii_digit()) && !seed.starts_with('0'));
        let mut b = Midend::<Counter>::new(b"completely different");
        b.set_game_id(&sid).unwrap();
        b.new_game();
        assert_eq!(a.game_id(), b.game_id());
        assert_eq!(b.random_seed_id().unwrap(), sid);
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

    fn undo_redo_restart_chain() {
        let mut me = started("t5:0");
        let dr = &mut NullDrawing::default();
        me.process_key(dr, key(b'+'));
        me.process_key(dr, key(b'+'));
        assert_eq!(me.state().value, 2);
        assert_eq!(me.process_key(dr, key(b'u')), KeyOutcome::Continue);
        assert_eq!(me.state().value, 1);
        assert!(me.can_redo());
        me.process_key(dr, Input { key: Key::Char(0x12), x: 0, y: 0, mods: Mods::CTRL });
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
        assert_eq!(me.process_key(dr, key(b'q')), KeyOutcome::Quit);
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
        me.process_key(dr, Input::mouse(Key::Press(Button::Right), 1, 1));
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
        assert!(!crate::puzzle::backend::GameFlags::NONE.button_beats(Button::Left, Button::Right));
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
        assert!(dr.ops.contains(&crate::puzzle::drawing::DrawOp::Rect(crate::puzzle::drawing::Rect::new(8, 0, 16, 16), 1)));
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

    fn play_clock_runs_until_won_and_is_saved() {
        let mut me = Midend::<TimedCounter>::new(b"t");
        me.set_game_id("t2:0").unwrap();
        me.new_game();
        let dr = &mut RecordingDrawing::default();
        assert!(me.wants_timer(), "the clock ticks");
        me.timer(dr, 999);
        assert!(!dr.ops.iter().any(|o| matches!(o, crate::puzzle::drawing::DrawOp::Status(_))));
        me.timer(dr, 1);
        assert!(dr.ops.contains(&crate::puzzle::drawing::DrawOp::Status("[0:01] at 0".to_string())));
        me.timer(dr, 500);
        let saved = me.serialise();
        assert!(saved.contains("\nTIME    :5:1.500\n"), "{}", saved);
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
        back.deserialise(&saved).unwrap();
        assert_eq!(back.elapsed_ms(), 1500);
        assert!(back.wants_timer());
    }

    fn solve_is_not_animated_and_not_flashed() {
        let mut me = started("t4:1");
        let dr = &mut NullDrawing::default();
        assert_eq!(me.solve(dr).unwrap_err().reason, "Solution not known for this puzzle");
        let mut me = started("t4#seed");
        me.process_key(dr, key(b's'));
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

    fn presets_config_and_text() {
        let mut me = Midend::<Counter>::new(b"p");
        assert_eq!(me.presets().len(), 2);
        assert_eq!(me.which_preset(), Some(0));
        me.set_params(me.presets()[1].params.clone()).unwrap();
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
        me.set_config_settings(&cfg).unwrap();
        me.new_game();
        assert_eq!(me.current_params().target, 12);
        assert_eq!(me.which_preset(), None);
        let t = me.text_format().unwrap();
        assert!(t.ends_with("/12\n"));
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
        assert!(dr.ops.contains(&crate::puzzle::drawing::DrawOp::Status("at 0".to_string())));
        dr.ops.clear();
        me.redraw(dr);
        assert!(!dr.ops.iter().any(|o| matches!(o, crate::puzzle::drawing::DrawOp::Status(_))), "unchanged status not resent");
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
        other.deserialise(&saved).unwrap();
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
        me.new_game();
        let saved = me.serialise();
        assert!(saved.contains("\nSEED    :15:"));
        // "aux!" scrambled as the reference does it.
        assert!(saved.contains("\nAUXINFO :8:6c0cc62a\n"), "{}", saved);
        let mut other = Midend::<Counter>::new(b"o");
        other.deserialise(&saved).unwrap();
        assert_eq!(other.random_seed_id(), me.random_seed_id());
        let dr = &mut NullDrawing::default();
        other.solve(dr).unwrap();
        assert_eq!(other.status(), Status::Won);
    }
    fn malformed_saves_part_1() { check_malformed(0, 4); }
    fn malformed_saves_part_2() { check_malformed(1, 4); }
    fn malformed_saves_part_3() { check_malformed(2, 4); }
    fn malformed_saves_part_4() { check_malformed(3, 4); }

    fn good_save_file_loads_with_any_line_endings() {
        let base = good_save();
        let mut me = Midend::<Counter>::new(b"m");
        me.deserialise(&base).unwrap();
        assert_eq!(me.state().value, 2);
        // CRLF line endings and blank lines between records are accepted.
        let crlf = base.replace('\n', "\r\n\r\n");
        me.deserialise(&crlf).unwrap();
        assert_eq!(me.state().value, 2);
    }
}
