//! The back-end interface (Tatham developer guide, chapter 2), in Rust types.
//!
//! A puzzle is a type implementing [`Game`]: four associated data types and a table of mostly
//! pure functions, exactly the split of the guide:
//!
//! - [`Game::Params`] — what the user chooses from presets or the Custom dialog (grid size,
//!   generator, difficulty). Encoded in game IDs by [`Game::encode_params`].
//! - [`Game::State`] — one position. The mid end keeps a list of them for undo/redo, so
//!   anything the player expects Undo to restore goes here. States are immutable once made:
//!   [`Game::execute_move`] returns a new one.
//! - [`Game::Ui`] — per-game user-interface state not restored by undo (cursor position, a
//!   drag in progress, which kind of flash to show).
//! - [`Game::DrawState`] — what is currently on the screen, so `redraw` can draw only what
//!   changed. It may be thrown away and rebuilt at any time (forced redraw).
//!
//! Moves are strings: [`Game::interpret_move`] turns input into a move string (or a UI-only
//! update), [`Game::execute_move`] applies it. Strings are what the mid end stores for undo,
//! writes to save files and replays on load, so `execute_move` must reject bad strings with an
//! error rather than panic.
//!
//! No floating point: times are integer milliseconds, colours 8-bit RGB, sizes whole pixels.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::random::RandomState;

use crate::gfx::{Colour, Drawing, Rect};

/// What went wrong, where: every error a back end or the mid end reports.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PuzzleError {
    /// Which kind of input was bad.
    pub kind: ErrorKind,
    /// A sentence for the user ("Number used twice").
    pub reason: Cow<'static, str>,
    /// Byte offset in the offending string, or line number in a save file, when known.
    pub position: Option<usize>,
}

/// The input an error is about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ErrorKind {
    /// Parameters (encoded string or custom configuration) are invalid.
    Params,
    /// A game description does not describe a valid puzzle.
    Description,
    /// A game ID is not `params`, `params:desc` or `params#seed`.
    GameId,
    /// A move string cannot be applied.
    Move,
    /// The puzzle cannot be solved from here (or has no solver).
    Solve,
    /// A save file is malformed or for another game.
    SaveFile,
    /// An operation is not possible now (nothing to undo, no game yet...).
    NotPossible,
    /// A preferences file is malformed (position: its line number).
    Preferences,
}

impl PuzzleError {
    pub fn new(kind: ErrorKind, reason: &'static str) -> Self {
        PuzzleError { kind, reason: Cow::Borrowed(reason), position: None }
    }
    pub fn at(kind: ErrorKind, reason: &'static str, position: usize) -> Self {
        PuzzleError { kind, reason: Cow::Borrowed(reason), position: Some(position) }
    }
    pub fn owned(kind: ErrorKind, reason: String, position: Option<usize>) -> Self {
        PuzzleError { kind, reason: Cow::Owned(reason), position }
    }
    /// Shorthands for the common kinds.
    pub fn params(reason: &'static str) -> Self {
        Self::new(ErrorKind::Params, reason)
    }
    pub fn desc(reason: &'static str, position: usize) -> Self {
        Self::at(ErrorKind::Description, reason, position)
    }
    pub fn bad_move(reason: &'static str) -> Self {
        Self::new(ErrorKind::Move, reason)
    }
}

impl core::fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.position {
            Some(p) => write!(f, "{:?} error at {}: {}", self.kind, p, self.reason),
            None => write!(f, "{:?} error: {}", self.kind, self.reason),
        }
    }
}

/// Mouse buttons as the back end sees them (after the mid end's normalisation).
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Button {
    Left,
    Middle,
    Right,
}

/// One input event (`button` in the guide's `interpret_move`).
///
/// The mid end guarantees to the back end that `Drag(b)` and `Release(b)` always follow a
/// `Press(b)` of the same button with no other button's events between (guide §2.7.1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Key {
    Press(Button),
    Drag(Button),
    Release(Button),
    CursorUp,
    CursorDown,
    CursorLeft,
    CursorRight,
    /// The "select" key next to the cursor keys (Return / Space on the Falcon).
    CursorSelect,
    /// A secondary select (e.g. to cycle the other way); front ends may never send it.
    CursorSelect2,
    /// A printable ASCII key or control code (8 = backspace, 26 = ^Z, ...).
    Char(u8),
}

impl Key {
    pub fn is_cursor_move(&self) -> bool {
        matches!(self, Key::CursorUp | Key::CursorDown | Key::CursorLeft | Key::CursorRight)
    }
    pub fn is_mouse(&self) -> bool {
        matches!(self, Key::Press(_) | Key::Drag(_) | Key::Release(_))
    }
}

/// Modifier flags that may accompany a key (`MOD_CTRL`, `MOD_SHFT`, `MOD_NUM_KEYPAD`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Mods(pub u8);

impl Mods {
    pub const NONE: Mods = Mods(0);
    pub const CTRL: Mods = Mods(1);
    pub const SHIFT: Mods = Mods(2);
    pub const NUMPAD: Mods = Mods(4);
    pub fn has(self, m: Mods) -> bool {
        self.0 & m.0 == m.0 && m.0 != 0
    }
}

/// What a back end's `interpret_move` is given (Tatham's `x`, `y`, `button`): a [`Key`] (a
/// key, or a [`Button`] pressed, dragged or released), the mouse position (drawing-area
/// pixels) and the [`Mods`] with it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PuzzleInput {
    pub key: Key,
    pub x: i32,
    pub y: i32,
    pub mods: Mods,
}

impl PuzzleInput {
    /// A keyboard event (position irrelevant).
    pub const fn key(key: Key) -> Self {
        PuzzleInput { key, x: 0, y: 0, mods: Mods::NONE }
    }
    /// A mouse event at (`x`,`y`).
    pub const fn mouse(key: Key, x: i32, y: i32) -> Self {
        PuzzleInput { key, x, y, mods: Mods::NONE }
    }
}

/// What `interpret_move` made of an input (`NULL`, `UI_UPDATE` or a move string).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveResult {
    /// Not interested: nothing happened.
    Ignored,
    /// Only the `Ui` changed; redraw, but no new state.
    UiUpdate,
    /// A move: pass this string to `execute_move` and push the result on the undo chain.
    Move(String),
}

/// Whether the game is in progress, won or conclusively lost (`status()` = 0, +1, −1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    Playing,
    Won,
    Lost,
}

/// A control in the Custom configuration dialog (`config_item`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ConfigItem {
    /// A text box (also used for numbers).
    String { name: &'static str, value: String },
    /// A check box.
    Boolean { name: &'static str, value: bool },
    /// A drop-down list; `selected` indexes `choices`.
    Choices { name: &'static str, choices: &'static [&'static str], selected: usize },
}

impl ConfigItem {
    pub fn name(&self) -> &'static str {
        match self {
            ConfigItem::String { name, .. } | ConfigItem::Boolean { name, .. } | ConfigItem::Choices { name, .. } => {
                name
            }
        }
    }
}

/// One entry of the Type menu.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Preset<P> {
    pub name: String,
    pub params: P,
}

/// A key the game needs on a keypad-less front end, with the label to show on it
/// (`key_label`, as `midend_request_keys` returns it: every label filled in).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KeyLabel {
    pub key: Key,
    pub label: &'static str,
}

/// One user preference of a back end (`get_prefs`): a dialog control plus the keywords that
/// name it in preferences files, which must stay stable when the wording changes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Preference {
    /// The file keyword (`kw`): lower-case letters and `-` only.
    pub kw: &'static str,
    /// The control, with its current value.
    pub item: ConfigItem,
    /// For [`ConfigItem::Choices`]: one file keyword per choice (`choicekws`), else empty.
    pub choice_kws: &'static [&'static str],
}

/// Per-game flags (`flags` in the guide).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct GameFlags {
    /// Solve moves are animated like normal moves (`SOLVE_ANIMATES`).
    pub solve_animates: bool,
    /// Unplayable without a right button (`REQUIRE_RBUTTON`).
    pub require_rbutton: bool,
    /// Unplayable without number keys (`REQUIRE_NUMPAD`).
    pub require_numpad: bool,
    /// `BUTTON_BEATS(x, y)` flags: bit `3 * x + y` set means that while `x` is held, a press of
    /// `y` is ignored (otherwise the most recent press wins). Build with [`GameFlags::beats`].
    pub button_beats: u16,
}

impl GameFlags {
    /// No flags: what most puzzles want.
    pub const NONE: GameFlags =
        GameFlags { solve_animates: false, require_rbutton: false, require_numpad: false, button_beats: 0 };

    /// The `button_beats` bit for "`x` has priority over `y`", to be ORed together.
    pub const fn beats(x: Button, y: Button) -> u16 {
        1 << (3 * x as u16 + y as u16)
    }

    /// Whether a press of `y` is ignored while `x` is held.
    pub fn button_beats(&self, x: Button, y: Button) -> bool {
        self.button_beats & Self::beats(x, y) != 0
    }
}

/// Direction of a state change: +1 for a move or redo, −1 for an undo (`dir`).
pub type Dir = i32;

/// A puzzle back end. Every function is called by the mid end; none keeps hidden global state.
///
/// Required functions are the heart of a puzzle; the provided ones have the defaults most
/// puzzles want (no presets beyond the default, no custom dialog, no solver, no text format,
/// no animation).
pub trait Game {
    /// Generation parameters (guide `game_params`).
    type Params: Clone + PartialEq + core::fmt::Debug;
    /// One position (guide `game_state`). Must contain whatever of `Params` play needs.
    /// Comparable, so that the tests (the conformance suite) can tell two positions apart.
    type State: Clone + PartialEq + core::fmt::Debug;
    /// UI state not subject to undo (guide `game_ui`).
    type Ui;
    /// What is on screen (guide `game_drawstate`).
    type DrawState;

    /// The puzzle's name, used in titles and save files ("Fifteen").
    const NAME: &'static str;
    /// Tile size used unless the screen is too small (`preferred_tilesize`).
    const PREFERRED_TILE_SIZE: i32;
    /// `can_configure`: [`configure`](Game::configure)/[`custom_params`](Game::custom_params) work.
    const CAN_CONFIGURE: bool = false;
    /// `can_solve`: [`solve`](Game::solve) does something.
    const CAN_SOLVE: bool = false;
    /// Solve shows the answer instead of playing it (Flip marks the squares to click, Mines
    /// uncovers its mines), so it does not complete the game. Tatham's Flip and Mines do the
    /// same; no flag of his says so.
    const SOLVE_ONLY_SHOWS: bool = false;
    /// `can_format_as_text_ever`.
    const CAN_FORMAT_AS_TEXT_EVER: bool = false;
    /// `wants_statusbar`.
    const WANTS_STATUSBAR: bool = false;
    /// `is_timed`: the mid end keeps a play clock while [`timing_state`](Game::timing_state).
    const IS_TIMED: bool = false;
    /// `flags`.
    const FLAGS: GameFlags = GameFlags::NONE;
    /// [`solution_moves`](Game::solution_moves) works: the front end offers "Show solution".
    const CAN_SHOW_SOLUTION: bool = false;

    // ---- parameters ----

    /// `default_params`.
    fn default_params() -> Self::Params;
    /// The Type menu (`fetch_preset` / `preset_menu`, flattened).
    fn presets() -> Vec<Preset<Self::Params>> {
        Vec::new()
    }
    /// `encode_params`: no `:` or `#`; with `full == false` leave out what only affects
    /// generation (difficulty), since a description already pins the puzzle down.
    fn encode_params(params: &Self::Params, full: bool) -> String;
    /// `decode_params`: update `params` from a possibly partial string. Unparseable strings
    /// are an error here (the guide defers them to `validate_params`; we report them early).
    fn decode_params(params: &mut Self::Params, s: &str) -> Result<(), PuzzleError>;
    /// `validate_params`: `full` means the params will be used to generate a new puzzle
    /// (so generation-only fields must be sane too).
    fn validate_params(params: &Self::Params, full: bool) -> Result<(), PuzzleError>;
    /// `configure`: the controls of the Custom dialog, filled from `params`.
    fn configure(params: &Self::Params) -> Vec<ConfigItem> {
        let _ = params;
        Vec::new()
    }
    /// `custom_params`: params from a filled-in dialog. Validation happens afterwards.
    fn custom_params(items: &[ConfigItem]) -> Result<Self::Params, PuzzleError> {
        let _ = items;
        Err(PuzzleError::params("This puzzle has no custom configuration"))
    }

    // ---- descriptions ----

    /// `new_desc`: generate a puzzle; returns the description and optional `aux` (private
    /// solution hints for [`solve`](Game::solve)). Must use only `rs` for randomness.
    /// `interactive` is false for batch generation (`puzzle generate`, no one playing):
    /// a puzzle that defers work to the first move (Mines) must then do it all here.
    fn new_desc(params: &Self::Params, rs: &mut RandomState, interactive: bool) -> (String, Option<String>);
    /// `validate_desc`: anything accepted here must not crash `new_game` or later play.
    fn validate_desc(params: &Self::Params, desc: &str) -> Result<(), PuzzleError>;
    /// `new_game`: the initial state of a validated description.
    fn new_game(params: &Self::Params, desc: &str) -> Self::State;

    // ---- moves ----

    /// `new_ui`.
    fn new_ui(state: &Self::State) -> Self::Ui;
    /// `encode_ui`: only data too important to lose on save/load (rarely anything).
    fn encode_ui(ui: &Self::Ui) -> Option<String> {
        let _ = ui;
        None
    }
    /// `decode_ui`.
    fn decode_ui(ui: &mut Self::Ui, s: &str) {
        let _ = (ui, s);
    }
    /// `changed_state`: called after every state change (move, undo, redo, restart, solve).
    fn changed_state(ui: &mut Self::Ui, old: Option<&Self::State>, new: &Self::State) {
        let _ = (ui, old, new);
    }
    /// `interpret_move`: input → move string / UI update / nothing. May read `ds` (tile size).
    fn interpret_move(state: &Self::State, ui: &mut Self::Ui, ds: &Self::DrawState, input: PuzzleInput) -> MoveResult;
    /// `execute_move`: must accept every string `interpret_move` or `solve` produced, and
    /// reject anything else (corrupt save files) with an error.
    fn execute_move(state: &Self::State, mv: &str) -> Result<Self::State, PuzzleError>;
    /// `solve`: a move string leading to the solution, from `orig` (the start) or `curr`.
    fn solve(orig: &Self::State, curr: &Self::State, aux: Option<&str>) -> Result<String, PuzzleError> {
        let _ = (orig, curr, aux);
        Err(PuzzleError::new(ErrorKind::Solve, "This puzzle has no solver"))
    }
    /// Show the solution: the way from `current` to the solution as ordinary moves (each one
    /// `execute_move` accepts), which the mid end plays one by one, animated and undoable
    /// (`Midend::show_solution`). `initial` and `aux` are as for [`solve`](Game::solve).
    /// Only called when [`CAN_SHOW_SOLUTION`](Game::CAN_SHOW_SOLUTION) is set.
    fn solution_moves(
        initial: &Self::State,
        current: &Self::State,
        aux: Option<&str>,
    ) -> Result<Vec<String>, PuzzleError> {
        let _ = (initial, current, aux);
        Err(PuzzleError::new(ErrorKind::Solve, "This puzzle cannot show its solution step by step"))
    }
    /// `midend_supersede_game_desc`, as a question the mid end asks after each move (the C
    /// back end calls the mid end from `execute_move`; ours stay pure): if the move from `old`
    /// to `new` fixed the puzzle only now, the new description (what Restart rebuilds and the
    /// Game ID shows) and optionally a private one (what a saved game is rebuilt from, replaying
    /// every move). Mines is the case: its mines are placed at the first click, so that click is
    /// safe. Almost every puzzle keeps the default, `None`.
    fn supersede_game_desc(old: &Self::State, new: &Self::State) -> Option<(String, Option<String>)> {
        let _ = (old, new);
        None
    }

    // ---- queries ----

    /// `can_format_as_text_now`.
    fn can_format_as_text_now(params: &Self::Params) -> bool {
        let _ = params;
        Self::CAN_FORMAT_AS_TEXT_EVER
    }
    /// `text_format`: ASCII art ending in a newline.
    fn text_format(state: &Self::State) -> Option<String> {
        let _ = state;
        None
    }
    /// `status`.
    fn status(state: &Self::State) -> Status;
    /// `timing_state`: whether the play clock runs.
    fn timing_state(state: &Self::State, ui: &Self::Ui) -> bool {
        let _ = (state, ui);
        true
    }
    /// `request_keys`: keys essential for play beyond the cursor keys, each with its label,
    /// or `None` for the generic one (`button2label`: the key's character, "Clear" for
    /// backspace), which the mid end fills in.
    fn request_keys(params: &Self::Params) -> Vec<(Key, Option<&'static str>)> {
        let _ = params;
        Vec::new()
    }
    /// `current_key_label`: what [`Key::CursorSelect`] or [`Key::CursorSelect2`] would do now,
    /// in a dozen characters at most ("Flag", "Open"), or `""` if nothing. Keys with the same
    /// effect get the same label.
    fn current_key_label(ui: &Self::Ui, state: &Self::State, key: Key) -> &'static str {
        let _ = (ui, state, key);
        ""
    }
    /// `get_prefs`: the user preferences kept in `ui` (or their defaults for `None`), for the
    /// Preferences dialog and file. Only preferences: no cursor, no drag, no counters.
    fn get_prefs(ui: Option<&Self::Ui>) -> Vec<Preference> {
        let _ = ui;
        Vec::new()
    }
    /// `set_prefs`: copies the controls of a filled-in Preferences dialog (the items of
    /// [`get_prefs`](Game::get_prefs), in that order, values changed) into `ui`.
    fn set_prefs(ui: &mut Self::Ui, items: &[ConfigItem]) {
        let _ = (ui, items);
    }
    /// `get_cursor_location`: region of interest for scrolling front ends.
    fn cursor_location(state: &Self::State, ui: &Self::Ui, ds: &Self::DrawState) -> Option<Rect> {
        let _ = (state, ui, ds);
        None
    }
    /// The status-bar text for this state (our addition: the C back ends call
    /// `status_bar()` from `redraw`; doing it here keeps `redraw` about pixels).
    fn status_text(state: &Self::State, ui: &Self::Ui) -> Option<String> {
        let _ = (state, ui);
        None
    }

    // ---- drawing ----

    /// `compute_size`: drawing-area size for `params` at `tile_size` (monotonic in it).
    fn compute_size(params: &Self::Params, tile_size: i32) -> (i32, i32);
    /// `colours`: the palette, given the front end's preferred background colour.
    fn colours(background: Colour) -> Vec<Colour>;
    /// `new_drawstate`.
    fn new_drawstate(dr: &mut dyn Drawing, state: &Self::State) -> Self::DrawState;
    /// `free_drawstate`: release blitters.
    fn free_drawstate(dr: &mut dyn Drawing, ds: Self::DrawState) {
        let _ = (dr, ds);
    }
    /// `set_size`: called once per draw state before the first redraw.
    fn set_size(dr: &mut dyn Drawing, ds: &mut Self::DrawState, params: &Self::Params, tile_size: i32);
    /// `anim_length` in milliseconds (0 = no animation).
    fn anim_length(old: &Self::State, new: &Self::State, dir: Dir, ui: &mut Self::Ui) -> u32 {
        let _ = (old, new, dir, ui);
        0
    }
    /// `flash_length` in milliseconds (0 = no completion flash). Called as a move's animation
    /// ends; what it changes in the ui is for drawing the flash (Mines: which flash), not for
    /// the status bar: the mid end does not ask for `status_text` again in an animation's
    /// frames, the last included (nothing allocates in a frame).
    fn flash_length(old: &Self::State, new: &Self::State, dir: Dir, ui: &mut Self::Ui) -> u32 {
        let _ = (old, new, dir, ui);
        0
    }
    /// `redraw`: bring the screen from what `ds` says is there to `new`. During an animation
    /// `old` is the previous state and `anim_time` runs from 0 up to `anim_length`; during a
    /// completion flash `flash_time` runs from 0 up to `flash_length` (else both are 0).
    #[allow(clippy::too_many_arguments)]
    fn redraw(
        dr: &mut dyn Drawing,
        ds: &mut Self::DrawState,
        old: Option<&Self::State>,
        new: &Self::State,
        dir: Dir,
        ui: &Self::Ui,
        anim_time: u32,
        flash_time: u32,
    );
}

/// Parses a decimal number at the start of `s`, returning it and the rest (used by many
/// `decode_params`/`validate_desc` implementations). `None` if `s` does not start with a digit
/// or the number overflows `u32`.
pub fn parse_uint(s: &str) -> Option<(u32, &str)> {
    let digits = s.bytes().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let mut v: u32 = 0;
    for b in s[..digits].bytes() {
        v = v.checked_mul(10)?.checked_add((b - b'0') as u32)?;
    }
    Some((v, &s[digits..]))
}

/// Reads a description made of exactly `count` comma-separated decimal numbers (the tile and
/// colour lists of Fifteen, Sixteen, Slide and Same Game) with Tatham's error messages, in his
/// order: a missing number, then a missing comma or trailing junk, then `check` on the value
/// (which gets the number, `u32::MAX` if it overflows, and its byte offset). Positions are byte
/// offsets.
pub fn parse_number_list(
    desc: &str,
    count: usize,
    mut check: impl FnMut(u32, usize) -> Result<(), PuzzleError>,
) -> Result<Vec<u32>, PuzzleError> {
    let mut out = Vec::with_capacity(count);
    let bytes = desc.as_bytes();
    let mut pos = 0;
    for i in 0..count {
        let start = pos;
        if !bytes.get(pos).is_some_and(u8::is_ascii_digit) {
            return Err(PuzzleError::desc("Not enough numbers in string", pos));
        }
        while bytes.get(pos).is_some_and(u8::is_ascii_digit) {
            pos += 1;
        }
        let n = parse_uint(&desc[start..pos]).map_or(u32::MAX, |(v, _)| v);
        if i + 1 < count && bytes.get(pos) != Some(&b',') {
            return Err(PuzzleError::desc("Expected comma after number", pos));
        }
        if i + 1 == count && pos < bytes.len() {
            return Err(PuzzleError::desc("Excess junk at end of string", pos));
        }
        check(n, start)?;
        out.push(n);
        pos += 1;
    }
    Ok(out)
}

/// Reads a description made of exactly `area` distinct numbers `first .. first + area`,
/// comma-separated (Fifteen's and Slide's tile lists start at 0, Sixteen's at 1), with
/// Tatham's error messages; positions are byte offsets. Returns the numbers minus `first`.
pub fn parse_permutation_from(desc: &str, area: usize, first: u32) -> Result<Vec<usize>, PuzzleError> {
    let mut used = vec![false; area];
    let list = parse_number_list(desc, area, |n, start| {
        let i = n.wrapping_sub(first) as usize;
        if n < first || i >= area {
            return Err(PuzzleError::desc("Number out of range", start));
        }
        if used[i] {
            return Err(PuzzleError::desc("Number used twice", start));
        }
        used[i] = true;
        Ok(())
    })?;
    Ok(list.into_iter().map(|n| (n - first) as usize).collect())
}

/// [`parse_permutation_from`] for numbers 0..area−1 (Fifteen, Slide).
pub fn parse_permutation(desc: &str, area: usize) -> Result<Vec<usize>, PuzzleError> {
    parse_permutation_from(desc, area, 0)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests {
    use super::*;

    crate::test_cases! {
        fn parse_uint_stops_at_non_digit() {
            assert_eq!(parse_uint("12x3"), Some((12, "x3")));
            assert_eq!(parse_uint("x3"), None);
            assert_eq!(parse_uint("99999999999"), None);
            assert_eq!(parse_uint("0"), Some((0, "")));
        }

        fn error_display_mentions_position() {
            let e = PuzzleError::desc("Number used twice", 7);
            assert_eq!(alloc::format!("{}", e), "Description error at 7: Number used twice");
        }
    }
}
