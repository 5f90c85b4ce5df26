//! Maze (after "Ascii Maze"): escape a perfect maze with the penguin.
//!
//! Parameters `WxH` plus a generator letter (`20x20b`; the letter is generation-only, see
//! [`generator::Generator::code`]). A description is `start,exitSIDE,cells`: the player's
//! start cell index, the exit cell index with its open border side (`U`, `R`, `D`, `L`), and
//! the passages as hex digits, two cells per digit (low two bits: the first cell's
//! right/down passages, high two bits: the second's). Moves are single steps `U`/`R`/`D`/`L`
//! (walls respected; stepping through the exit escapes) and `P<steps>` for Solve, which walks
//! the whole path at once. Show solution (`Game::solution_moves`) gives the same path as
//! single moves, which the mid end plays one by one, so the penguin can be seen walking out.

pub mod backtracker;
pub mod binary_tree;
pub mod draw;
pub mod generator;
pub mod grid;
pub mod growing_tree;
pub mod hunt_and_kill;
pub mod kruskal;
pub mod prim;
pub mod sidewinder;
pub mod solver;
pub mod wilson;

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::gfx::{Colour, Drawing, Rect};
use crate::puzzle::backend::{
    ConfigItem, Dir, Game, Key, MoveResult, Preset, PuzzleError, PuzzleInput, Status, parse_uint,
};
use crate::puzzle::random::RandomState;
pub use draw::DrawState;
use generator::Generator;
use grid::{Dir4, Grid};

/// The game type.
pub struct Maze;

/// Size and generator.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Params {
    pub w: u32,
    pub h: u32,
    pub generator: Generator,
}

/// Smallest and largest board side (the seed's spinner steps by 1 and 10 within this range).
pub const MIN_SIZE: u32 = 2;
pub const MAX_SIZE: u32 = 100;

/// Cells visible at once; larger mazes scroll to keep the player centred.
pub const VIEW_W: usize = 15;
pub const VIEW_H: usize = 11;

/// A position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub grid: Grid,
    /// Where the player stands; meaningless once `escaped`.
    pub player: usize,
    pub facing: Dir4,
    pub exit: usize,
    pub exit_side: Dir4,
    pub escaped: bool,
    pub moves: u32,
    pub used_solve: bool,
}

impl State {
    /// The player's cell after one step in `d`, `Err` for a wall; `Ok(None)` means escaping.
    fn step(&self, d: Dir4) -> Result<Option<usize>, PuzzleError> {
        if self.escaped {
            return Err(PuzzleError::bad_move("The penguin has already escaped"));
        }
        if !self.grid.is_open(self.player, d) {
            return Err(PuzzleError::bad_move("A wall is in the way"));
        }
        Ok(self.grid.neighbour(self.player, d))
    }
    fn moved(&self, d: Dir4) -> Result<State, PuzzleError> {
        let mut s = self.clone();
        match self.step(d)? {
            Some(j) => s.player = j,
            None => s.escaped = true,
        }
        s.facing = d;
        s.moves += 1;
        Ok(s)
    }
}

/// Colours.
pub const COL_BACKGROUND: usize = 0;
pub const COL_WALL: usize = 1;
pub const COL_FLOOR: usize = 2;
pub const COL_PENGUIN: usize = 3;
pub const COL_BELLY: usize = 4;
pub const COL_BEAK: usize = 5;
pub const COL_EXIT: usize = 6;
pub const COL_FLASH: usize = 7;

pub const FLASH_FRAME_MS: u32 = 120;

/// First visible column/row: centred on the player, clamped at the edges (the seed's
/// `computeViewStart`).
pub fn view_start(player: usize, size: usize, view: usize) -> usize {
    if size <= view || player < view / 2 { 0 } else { (player - view / 2).min(size - view) }
}

fn hexval(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|v| v as u8)
}

fn parse_desc(p: &Params, desc: &str) -> Result<State, PuzzleError> {
    let (w, h) = (p.w as usize, p.h as usize);
    let n = w * h;
    let (start, rest) = parse_uint(desc).ok_or(PuzzleError::desc("Expected the start cell number", 0))?;
    let mut pos = desc.len() - rest.len();
    if start as usize >= n {
        return Err(PuzzleError::desc("Start cell out of range", 0));
    }
    let rest = rest.strip_prefix(',').ok_or(PuzzleError::desc("Expected a comma after the start cell", pos))?;
    pos += 1;
    let (exit, rest) = parse_uint(rest).ok_or(PuzzleError::desc("Expected the exit cell number", pos))?;
    if exit as usize >= n {
        return Err(PuzzleError::desc("Exit cell out of range", pos));
    }
    pos = desc.len() - rest.len();
    let side = rest
        .chars()
        .next()
        .and_then(Dir4::from_letter)
        .ok_or(PuzzleError::desc("Expected exit side U, R, D or L", pos))?;
    let mut grid = Grid::new(w, h);
    if grid.neighbour(exit as usize, side).is_some() {
        return Err(PuzzleError::desc("The exit must be on the outer wall", pos));
    }
    pos += 1;
    let rest = &rest[1..];
    let rest = rest.strip_prefix(',').ok_or(PuzzleError::desc("Expected a comma after the exit", pos))?;
    pos += 1;
    let digits = rest.as_bytes();
    let want = n.div_ceil(2);
    if digits.len() < want {
        return Err(PuzzleError::desc("Not enough passage digits", desc.len()));
    }
    if digits.len() > want {
        return Err(PuzzleError::desc("Excess junk at end of string", pos + want));
    }
    for (k, &c) in digits.iter().enumerate() {
        let v = hexval(c).ok_or(PuzzleError::desc("Passage digits must be hexadecimal", pos + k))?;
        for half in 0..2 {
            let bits = (v >> (2 * half)) & 3;
            let i = 2 * k + half;
            if i >= n {
                if bits != 0 {
                    return Err(PuzzleError::desc("Passage bits past the last cell", pos + k));
                }
                continue;
            }
            if bits & 1 != 0 {
                if grid.neighbour(i, Dir4::Right).is_none() {
                    return Err(PuzzleError::desc("Passage through the right outer wall", pos + k));
                }
                grid.carve(i, Dir4::Right);
            }
            if bits & 2 != 0 {
                if grid.neighbour(i, Dir4::Down).is_none() {
                    return Err(PuzzleError::desc("Passage through the bottom outer wall", pos + k));
                }
                grid.carve(i, Dir4::Down);
            }
        }
    }
    grid.open_border(exit as usize, side);
    Ok(State {
        grid,
        player: start as usize,
        facing: Dir4::Down,
        exit: exit as usize,
        exit_side: side,
        escaped: false,
        moves: 0,
        used_solve: false,
    })
}

/// Passages as the description's hex digits.
pub fn encode_cells(g: &Grid) -> String {
    let n = g.cells();
    let mut out = String::new();
    let bits = |i: usize| -> u8 {
        if i >= n {
            0
        } else {
            (g.neighbour(i, Dir4::Right).is_some() && g.is_open(i, Dir4::Right)) as u8
                | ((g.neighbour(i, Dir4::Down).is_some() && g.is_open(i, Dir4::Down)) as u8) << 1
        }
    };
    for k in 0..n.div_ceil(2) {
        let v = bits(2 * k) | bits(2 * k + 1) << 2;
        out.push(char::from_digit(v as u32, 16).unwrap());
    }
    out
}

impl Maze {
    /// The path out as single-step moves.
    fn path_out(state: &State) -> Result<Vec<String>, PuzzleError> {
        if state.escaped {
            return Ok(Vec::new());
        }
        let mut steps = solver::path(&state.grid, state.player, state.exit)
            .ok_or(PuzzleError::new(crate::puzzle::backend::ErrorKind::Solve, "The exit cannot be reached"))?;
        steps.push(state.exit_side);
        Ok(steps.into_iter().map(|d| String::from(d.letter())).collect())
    }
}

impl Game for Maze {
    type Params = Params;
    type State = State;
    type Ui = ();
    type DrawState = DrawState;

    const NAME: &'static str = "Maze";
    const PREFERRED_TILE_SIZE: i32 = 32;
    const CAN_CONFIGURE: bool = true;
    const CAN_SOLVE: bool = true;
    const CAN_SHOW_SOLUTION: bool = true;
    const CAN_FORMAT_AS_TEXT_EVER: bool = true;
    const WANTS_STATUSBAR: bool = true;

    fn default_params() -> Params {
        Params { w: 20, h: 20, generator: Generator::Backtracker }
    }

    fn presets() -> Vec<Preset<Params>> {
        let mut v = Vec::new();
        for &(s, g) in &[
            (10, Generator::Backtracker),
            (20, Generator::Backtracker),
            (20, Generator::HuntAndKill),
            (20, Generator::BinaryTree),
            (20, Generator::Wilson),
            (40, Generator::Backtracker),
        ] {
            v.push(Preset { name: format!("{}x{} {}", s, s, g.name()), params: Params { w: s, h: s, generator: g } });
        }
        v
    }

    fn encode_params(p: &Params, full: bool) -> String {
        // `maze::tests::probe_midend_seed_id` guards this on the 68030: it once printed
        // U+14776B for the letter, when Hatari's stacks overwrote the test program
        // (docs/toolchain.md, "Hatari's TOS-less loader").
        if full { format!("{}x{}{}", p.w, p.h, p.generator.code()) } else { format!("{}x{}", p.w, p.h) }
    }

    /// `N`, `WxH`, each optionally followed by a generator letter.
    fn decode_params(p: &mut Params, s: &str) -> Result<(), PuzzleError> {
        let (w, rest) = parse_uint(s).ok_or(PuzzleError::params("Width must be a number"))?;
        let (h, rest) = match rest.strip_prefix('x') {
            Some(r) => parse_uint(r).ok_or(PuzzleError::params("Height must be a number"))?,
            None => (w, rest),
        };
        let mut chars = rest.chars();
        let generator = match chars.next() {
            None => p.generator,
            Some(c) => Generator::from_code(c).ok_or(PuzzleError::params("Unknown generator letter"))?,
        };
        if chars.next().is_some() {
            return Err(PuzzleError::params("Unexpected characters after the generator"));
        }
        *p = Params { w, h, generator };
        Ok(())
    }

    fn validate_params(p: &Params, _full: bool) -> Result<(), PuzzleError> {
        if p.w < MIN_SIZE || p.h < MIN_SIZE {
            return Err(PuzzleError::params("Width and height must both be at least two"));
        }
        if p.w > MAX_SIZE || p.h > MAX_SIZE {
            return Err(PuzzleError::params("Width and height must be at most 100"));
        }
        Ok(())
    }

    fn configure(p: &Params) -> Vec<ConfigItem> {
        vec![
            ConfigItem::String { name: "Width", value: format!("{}", p.w) },
            ConfigItem::String { name: "Height", value: format!("{}", p.h) },
            ConfigItem::Choices { name: "Generator", choices: &generator::NAMES, selected: p.generator as usize },
        ]
    }

    fn custom_params(items: &[ConfigItem]) -> Result<Params, PuzzleError> {
        let num = |i: usize, what: &'static str| -> Result<u32, PuzzleError> {
            match items.get(i) {
                Some(ConfigItem::String { value, .. }) => match parse_uint(value.trim()) {
                    Some((v, "")) => Ok(v),
                    _ => Err(PuzzleError::params(what)),
                },
                _ => Err(PuzzleError::params(what)),
            }
        };
        let generator = match items.get(2) {
            Some(ConfigItem::Choices { selected, .. }) => {
                *Generator::ALL.get(*selected).ok_or(PuzzleError::params("Unknown generator"))?
            }
            _ => return Err(PuzzleError::params("Unknown generator")),
        };
        Ok(Params { w: num(0, "Width must be a number")?, h: num(1, "Height must be a number")?, generator })
    }

    /// Carve with the chosen generator, pick the exit, start the penguin in the centre cell.
    fn new_desc(p: &Params, rs: &mut RandomState, _interactive: bool) -> (String, Option<String>) {
        let mut g = Grid::new(p.w as usize, p.h as usize);
        p.generator.generate(&mut g, rs);
        let (exit, side) = generator::random_exit(&g, rs);
        let start = (g.h / 2) * g.w + g.w / 2;
        (format!("{},{}{},{}", start, exit, side.letter(), encode_cells(&g)), None)
    }

    fn validate_desc(p: &Params, desc: &str) -> Result<(), PuzzleError> {
        parse_desc(p, desc).map(|_| ())
    }

    fn new_game(p: &Params, desc: &str) -> State {
        parse_desc(p, desc).expect("validated description")
    }

    fn new_ui(_state: &State) {}

    fn interpret_move(state: &State, _ui: &mut (), _ds: &DrawState, input: PuzzleInput) -> MoveResult {
        let d = match input.key {
            Key::CursorUp => Dir4::Up,
            Key::CursorDown => Dir4::Down,
            Key::CursorLeft => Dir4::Left,
            Key::CursorRight => Dir4::Right,
            _ => return MoveResult::Ignored,
        };
        match state.step(d) {
            Ok(_) => MoveResult::Move(String::from(d.letter())),
            // Bumping a wall still turns the penguin? No: the state must not change without a
            // move, and a turn-only move would clutter undo. Ignore it.
            Err(_) => MoveResult::Ignored,
        }
    }

    fn execute_move(from: &State, mv: &str) -> Result<State, PuzzleError> {
        if let Some(steps) = mv.strip_prefix('P') {
            let mut s = from.clone();
            for c in steps.chars() {
                let d = Dir4::from_letter(c).ok_or(PuzzleError::bad_move("Path steps must be U, R, D or L"))?;
                s = s.moved(d)?;
            }
            if !s.escaped {
                return Err(PuzzleError::bad_move("The path does not lead out"));
            }
            s.used_solve = true;
            return Ok(s);
        }
        let mut chars = mv.chars();
        let d = chars
            .next()
            .and_then(Dir4::from_letter)
            .ok_or(PuzzleError::bad_move("Move must be U, R, D, L or P<path>"))?;
        if chars.next().is_some() {
            return Err(PuzzleError::bad_move("Unexpected characters after the move"));
        }
        from.moved(d)
    }

    fn solve(_orig: &State, curr: &State, _aux: Option<&str>) -> Result<String, PuzzleError> {
        let steps = Maze::path_out(curr)?;
        let mut s = String::from("P");
        for m in steps {
            s.push_str(&m);
        }
        Ok(s)
    }

    /// The path out (the one Solve walks at once) as single steps, for Show solution.
    fn solution_moves(_initial: &State, current: &State, _aux: Option<&str>) -> Result<Vec<String>, PuzzleError> {
        Maze::path_out(current)
    }

    /// ASCII art: `+--+` walls, `@` the penguin; the exit is a gap in the border.
    fn text_format(state: &State) -> Option<String> {
        let g = &state.grid;
        let mut out = String::new();
        for y in 0..g.h {
            for x in 0..g.w {
                out.push('+');
                out.push_str(if g.is_open(y * g.w + x, Dir4::Up) { "  " } else { "--" });
            }
            out.push_str("+\n");
            for x in 0..g.w {
                let i = y * g.w + x;
                out.push(if g.is_open(i, Dir4::Left) { ' ' } else { '|' });
                out.push_str(if !state.escaped && state.player == i { "@ " } else { "  " });
            }
            out.push(if g.is_open(y * g.w + g.w - 1, Dir4::Right) { ' ' } else { '|' });
            out.push('\n');
        }
        for x in 0..g.w {
            out.push('+');
            out.push_str(if g.is_open((g.h - 1) * g.w + x, Dir4::Down) { "  " } else { "--" });
        }
        out.push_str("+\n");
        Some(out)
    }

    fn status(state: &State) -> Status {
        if state.escaped { Status::Won } else { Status::Playing }
    }

    fn status_text(state: &State, _ui: &()) -> Option<String> {
        Some(if state.escaped && state.used_solve {
            String::from("Path shown")
        } else if state.escaped {
            format!("ESCAPED! Steps: {}", state.moves)
        } else {
            format!("Steps: {}", state.moves)
        })
    }

    fn compute_size(p: &Params, tile: i32) -> (i32, i32) {
        let vw = (p.w as usize).min(VIEW_W) as i32;
        let vh = (p.h as usize).min(VIEW_H) as i32;
        (vw * tile + tile, vh * tile + tile)
    }

    fn colours(background: Colour) -> Vec<Colour> {
        let (bg, _hi, _lo) = Colour::highlights(background);
        vec![
            bg,
            Colour::rgb(0x20, 0x20, 0x60),
            Colour::rgb(0xe8, 0xe8, 0xe0),
            Colour::rgb(0, 0, 0),
            Colour::rgb(0xff, 0xff, 0xff),
            Colour::rgb(0xff, 0xa0, 0x00),
            Colour::rgb(0x30, 0xc0, 0x30),
            // The escape flash lights the floor pale green.
            Colour::rgb(0xa8, 0xf0, 0xa8),
        ]
    }

    fn new_drawstate(_dr: &mut dyn Drawing, _state: &State) -> DrawState {
        DrawState::new(0)
    }

    fn set_size(_dr: &mut dyn Drawing, ds: &mut DrawState, _p: &Params, tile: i32) {
        ds.tilesize = tile;
        ds.forget();
    }

    fn cursor_location(state: &State, _ui: &(), ds: &DrawState) -> Option<Rect> {
        let g = &state.grid;
        let (px, py) = g.xy(state.player);
        let (sx, sy) = (view_start(px, g.w, VIEW_W), view_start(py, g.h, VIEW_H));
        let ts = ds.tilesize;
        Some(Rect::new(ts / 2 + (px - sx) as i32 * ts, ts / 2 + (py - sy) as i32 * ts, ts, ts))
    }

    fn flash_length(old: &State, new: &State, _dir: Dir, _ui: &mut ()) -> u32 {
        if !old.escaped && new.escaped && !new.used_solve { 3 * FLASH_FRAME_MS } else { 0 }
    }

    fn redraw(
        dr: &mut dyn Drawing,
        ds: &mut DrawState,
        _old: Option<&State>,
        state: &State,
        _dir: Dir,
        _ui: &(),
        _anim_time: u32,
        flash_time: u32,
    ) {
        let floor = if flash_time > 0 && (flash_time / FLASH_FRAME_MS) % 2 == 0 { COL_FLASH } else { COL_FLOOR };
        draw::redraw(dr, ds, state, floor);
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
