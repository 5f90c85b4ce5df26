//! Flip: lights out on a W×H grid, compatible with Simon Tatham's Flip. Clicking a square
//! toggles a fixed set of squares around it (its "shape", drawn small inside it); the goal
//! is to turn every square white.
//!
//! - Parameters `WxH` (a bare `N` is N×N) and, in the full encoding, `c` (crosses: each
//!   square toggles itself and its four neighbours) or `r` (random shapes within each square's
//!   3×3 neighbourhood).
//! - Description: two hex bitmaps, `matrix,grid`. The matrix has (W·H)² bits, row `i` being
//!   the squares clicking square `i` toggles; the grid has W·H bits, 1 = dark. Bits are packed
//!   most significant first, four to a digit, padded with zeros.
//! - Moves: `Mx,y` clicks a square; `S` followed by W·H digits `0`/`1` (Solve) marks the
//!   squares to click with a red hint, which clicking a square toggles off again.
//! - `WxH#seed` generates the same puzzle as Tatham's program, for both shape types: the
//!   random-shape generator grows each square's shape one neighbour at a time, always from
//!   the least covered output square and smallest shape (a choice among the equals drawn from
//!   the shared random stream in his order), and starts again if two squares got the same
//!   shape; the starting lights are a random sum of shapes, never all white.
//! - Solve: Gaussian elimination over GF(2) (`solver.rs`), then the fewest clicks among all
//!   solutions.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::gfx::{Colour, Drawing, Rect};
use crate::puzzle::backend::{
    Button, ConfigItem, Dir, Game, Key, MoveResult, Preset, PuzzleError, PuzzleInput, Status, parse_uint,
};
use crate::puzzle::random::RandomState;

pub mod solver;

/// The game type.
pub struct Flip;

/// How each square's shape is made.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MatrixType {
    Crosses,
    Random,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Params {
    pub w: u32,
    pub h: u32,
    pub matrix_type: MatrixType,
}

/// Largest grid area: the description carries (W·H)² bits, and the 68030 solves W·H
/// equations.
pub const MAX_AREA: u32 = 100;

/// Light bits of a grid square.
pub const DARK: u8 = 1;
pub const HINT: u8 = 2;

/// A position. The matrix is shared by every state of a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub w: usize,
    pub h: usize,
    pub moves: u32,
    pub completed: bool,
    /// Solve was used: hints were shown.
    pub cheated: bool,
    pub hints_active: bool,
    /// Per square: [`DARK`] and [`HINT`] bits.
    pub grid: Vec<u8>,
    /// `matrix[i * wh + j]` is 1 when clicking square `i` toggles square `j`.
    pub matrix: Rc<[u8]>,
}

impl State {
    fn wh(&self) -> usize {
        self.w * self.h
    }
    /// Whether clicking square `i` toggles anything at all (a typed-in matrix may have empty
    /// rows).
    fn click_does_something(&self, i: usize) -> bool {
        self.matrix[i * self.wh()..(i + 1) * self.wh()].iter().any(|&b| b != 0)
    }
}

/// The keyboard cursor.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ui {
    pub cx: i32,
    pub cy: i32,
    pub cdraw: bool,
}

/// Colour indices (order of [`Flip::colours`]).
pub const COL_BACKGROUND: usize = 0;
pub const COL_WRONG: usize = 1;
pub const COL_RIGHT: usize = 2;
pub const COL_GRID: usize = 3;
pub const COL_DIAG: usize = 4;
pub const COL_HINT: usize = 5;
pub const COL_CURSOR: usize = 6;

/// The turning-over animation.
pub const ANIM_MS: u32 = 250;
/// One step of the completion wave.
pub const FLASH_FRAME_MS: u32 = 70;

/// `DrawState::tiles` value of a square being animated.
const ANIMATING: u8 = 255;
/// `DrawState::tiles` bit of the cursor square.
const CURSOR: u8 = 4;

pub struct DrawState {
    w: usize,
    h: usize,
    started: bool,
    /// What each square shows: grid bits, [`CURSOR`], or [`ANIMATING`] (255 also before the
    /// first drawing).
    tiles: Vec<u8>,
    tilesize: i32,
}

impl DrawState {
    fn border(&self) -> i32 {
        self.tilesize / 2
    }
    fn coord(&self, c: i32) -> i32 {
        c * self.tilesize + self.border()
    }
    fn cell_at(&self, p: i32) -> i32 {
        (p - self.border()).div_euclid(self.tilesize.max(1))
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Bits packed four to a hex digit, most significant first, zero padded.
pub fn encode_bitmap(bits: &[u8]) -> String {
    bits.chunks(4)
        .map(|c| {
            let v = c.iter().enumerate().fold(0usize, |v, (j, &b)| if b != 0 { v | 8 >> j } else { v });
            HEX[v] as char
        })
        .collect()
}

/// Inverse of [`encode_bitmap`] for a string already checked to hold enough hex digits.
fn decode_bitmap(hex: &[u8], len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| {
            let v = (hex[i / 4] as char).to_digit(16).unwrap_or(0);
            (v >> (3 - i % 4) & 1) as u8
        })
        .collect()
}

/// The crosses matrix: every square toggles itself and its orthogonal neighbours.
fn crosses_matrix(w: usize, h: usize) -> Vec<u8> {
    let wh = w * h;
    let mut m = vec![0u8; wh * wh];
    for i in 0..wh {
        for j in 0..wh {
            let (ix, iy, jx, jy) = ((i % w) as i32, (i / w) as i32, (j % w) as i32, (j / w) as i32);
            if (ix - jx).abs() + (iy - jy).abs() <= 1 {
                m[i * wh + j] = 1;
            }
        }
    }
    m
}

/// A candidate growth of the random-shape generator: click square (`cx`,`cy`) would also
/// toggle output square (`x`,`y`). The field order is the order candidates are chosen in:
/// least covered output first, then smallest shape, then position.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Growth {
    /// How many click squares toggle the output square now.
    coverage: u32,
    /// How many squares the click square toggles now.
    ominosize: u32,
    cy: i32,
    cx: i32,
    y: i32,
    x: i32,
}

/// Offers the growths of click square `c` into the four neighbours of (`x`,`y`) that are
/// inside the grid, inside `c`'s 3×3 neighbourhood and not toggled yet.
fn offer_neighbours(set: &mut BTreeSet<Growth>, w: i32, h: i32, (cx, cy): (i32, i32), (x, y): (i32, i32), m: &[u8]) {
    let wh = (w * h) as usize;
    for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] {
        if nx < 0 || nx >= w || ny < 0 || ny >= h || (nx - cx).abs() > 1 || (ny - cy).abs() > 1 {
            continue;
        }
        let (c, o) = ((cy * w + cx) as usize, (ny * w + nx) as usize);
        if m[c * wh + o] != 0 {
            continue;
        }
        let coverage = (0..wh).filter(|&i| m[i * wh + o] != 0).count() as u32;
        let ominosize = m[c * wh..(c + 1) * wh].iter().filter(|&&b| b != 0).count() as u32;
        set.insert(Growth { coverage, ominosize, cy, cx, y: ny, x: nx });
    }
}

/// Random shapes grown from single squares until the matrix holds as many ones as the crosses
/// matrix would; rejected and regrown while two squares share a shape.
fn random_matrix(w: usize, h: usize, rs: &mut RandomState) -> Vec<u8> {
    let wh = w * h;
    let (wi, hi) = (w as i32, h as i32);
    loop {
        let mut m = vec![0u8; wh * wh];
        for i in 0..wh {
            m[i * wh + i] = 1;
        }
        let mut set = BTreeSet::new();
        for i in 0..wh {
            let c = ((i % w) as i32, (i / w) as i32);
            offer_neighbours(&mut set, wi, hi, c, c, &m);
        }
        let mut limit = 4 * wh as i64 - 2 * (w + h) as i64;
        while limit > 0 {
            limit -= 1;
            let Some(&first) = set.iter().next() else { break };
            let equals =
                set.iter().take_while(|g| (g.coverage, g.ominosize) == (first.coverage, first.ominosize)).count();
            let k = rs.upto(equals as u32) as usize;
            let pick = *set.iter().nth(k).expect("k < equals");
            set.remove(&pick);
            let (c, o) = ((pick.cy * wi + pick.cx) as usize, (pick.y * wi + pick.x) as usize);
            m[c * wh + o] = 1;
            // Everything aimed at the same output square is now covered once more, and
            // everything growing the same shape grows a larger one.
            let bumped: Vec<Growth> = set
                .iter()
                .filter(|g| {
                    (g.x, g.y, g.coverage) == (pick.x, pick.y, pick.coverage)
                        || (g.cx, g.cy, g.ominosize) == (pick.cx, pick.cy, pick.ominosize)
                })
                .copied()
                .collect();
            for mut g in bumped {
                set.remove(&g);
                if (g.x, g.y, g.coverage) == (pick.x, pick.y, pick.coverage) {
                    g.coverage += 1;
                }
                if (g.cx, g.cy, g.ominosize) == (pick.cx, pick.cy, pick.ominosize) {
                    g.ominosize += 1;
                }
                set.insert(g);
            }
            offer_neighbours(&mut set, wi, hi, (pick.cx, pick.cy), (pick.x, pick.y), &m);
        }
        let rows_distinct = (0..wh).all(|i| (i + 1..wh).all(|j| m[i * wh..(i + 1) * wh] != m[j * wh..(j + 1) * wh]));
        if rows_distinct {
            return m;
        }
    }
}

impl Game for Flip {
    type Params = Params;
    type State = State;
    type Ui = Ui;
    type DrawState = DrawState;

    const NAME: &'static str = "Flip";
    const PREFERRED_TILE_SIZE: i32 = 48;
    const CAN_CONFIGURE: bool = true;
    const CAN_SOLVE: bool = true;
    const SOLVE_ONLY_SHOWS: bool = true;
    const CAN_FORMAT_AS_TEXT_EVER: bool = true;
    const WANTS_STATUSBAR: bool = true;

    fn default_params() -> Params {
        Params { w: 5, h: 5, matrix_type: MatrixType::Crosses }
    }

    fn presets() -> Vec<Preset<Params>> {
        [MatrixType::Crosses, MatrixType::Random]
            .iter()
            .flat_map(|&t| {
                (3..=5).map(move |n| Preset {
                    name: format!("{}x{} {}", n, n, if t == MatrixType::Crosses { "Crosses" } else { "Random" }),
                    params: Params { w: n, h: n, matrix_type: t },
                })
            })
            .collect()
    }

    fn encode_params(p: &Params, full: bool) -> String {
        let t = match (full, p.matrix_type) {
            (false, _) => "",
            (true, MatrixType::Crosses) => "c",
            (true, MatrixType::Random) => "r",
        };
        format!("{}x{}{}", p.w, p.h, t)
    }

    /// `N` or `WxH`, then optionally `c` or `r`; without a letter the shape type stays as
    /// it was (a game ID's short form).
    fn decode_params(p: &mut Params, s: &str) -> Result<(), PuzzleError> {
        let (w, mut rest) = parse_uint(s).ok_or(PuzzleError::params("Width must be a number"))?;
        let mut h = w;
        if let Some(r) = rest.strip_prefix('x') {
            let (v, r) = parse_uint(r).ok_or(PuzzleError::params("Height must be a number"))?;
            h = v;
            rest = r;
        }
        let matrix_type = match rest {
            "" => p.matrix_type,
            "c" => MatrixType::Crosses,
            "r" => MatrixType::Random,
            _ => return Err(PuzzleError::params("Shape type must be c (crosses) or r (random)")),
        };
        *p = Params { w, h, matrix_type };
        Ok(())
    }

    fn validate_params(p: &Params, full: bool) -> Result<(), PuzzleError> {
        if p.w == 0 || p.h == 0 {
            return Err(PuzzleError::params("Width and height must both be greater than zero"));
        }
        if p.w.saturating_mul(p.h) > MAX_AREA {
            return Err(PuzzleError::params("Width times height must be at most 100"));
        }
        // Two squares with random shapes always end up with the same shape (each toggles
        // both), which the generator rejects forever (the reference hangs on 2x1r).
        if full && p.matrix_type == MatrixType::Random && p.w * p.h == 2 {
            return Err(PuzzleError::params("Random shapes need more than two squares"));
        }
        Ok(())
    }

    fn configure(p: &Params) -> Vec<ConfigItem> {
        vec![
            ConfigItem::String { name: "Width", value: format!("{}", p.w) },
            ConfigItem::String { name: "Height", value: format!("{}", p.h) },
            ConfigItem::Choices {
                name: "Shape type",
                choices: &["Crosses", "Random"],
                selected: if p.matrix_type == MatrixType::Crosses { 0 } else { 1 },
            },
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
        let matrix_type = match items.get(2) {
            Some(ConfigItem::Choices { selected: 1, .. }) => MatrixType::Random,
            Some(ConfigItem::Choices { selected: 0, .. }) => MatrixType::Crosses,
            _ => return Err(PuzzleError::params("Shape type must be Crosses or Random")),
        };
        Ok(Params { w: num(0, "Width must be a number")?, h: num(1, "Height must be a number")?, matrix_type })
    }

    fn new_desc(p: &Params, rs: &mut RandomState, _interactive: bool) -> (String, Option<String>) {
        let (w, h) = (p.w as usize, p.h as usize);
        let wh = w * h;
        let matrix = match p.matrix_type {
            MatrixType::Crosses => crosses_matrix(w, h),
            MatrixType::Random => random_matrix(w, h, rs),
        };
        // A random set of clicks applied to the white grid: every solvable position equally
        // likely (each has as many click sets as the matrix has kernel vectors).
        let grid = loop {
            let mut grid = vec![0u8; wh];
            for i in 0..wh {
                if rs.upto(2) == 1 {
                    for (g, &m) in grid.iter_mut().zip(&matrix[i * wh..(i + 1) * wh]) {
                        *g ^= m;
                    }
                }
            }
            if grid.iter().any(|&g| g != 0) {
                break grid;
            }
        };
        (format!("{},{}", encode_bitmap(&matrix), encode_bitmap(&grid)), None)
    }

    fn validate_desc(p: &Params, desc: &str) -> Result<(), PuzzleError> {
        let wh = (p.w * p.h) as usize;
        let (mlen, glen) = ((wh * wh).div_ceil(4), wh.div_ceil(4));
        let b = desc.as_bytes();
        let hex_run = |from: usize| b[from.min(b.len())..].iter().take_while(|c| c.is_ascii_hexdigit()).count();
        let m = hex_run(0);
        if m != mlen {
            return Err(PuzzleError::desc("Matrix description is wrong length", m.min(mlen)));
        }
        if b.get(mlen) != Some(&b',') {
            return Err(PuzzleError::desc("Expected comma after matrix description", mlen));
        }
        let g = hex_run(mlen + 1);
        if g != glen {
            return Err(PuzzleError::desc("Grid description is wrong length", mlen + 1 + g.min(glen)));
        }
        if b.len() > mlen + 1 + glen {
            return Err(PuzzleError::desc("Unexpected data after grid description", mlen + 1 + glen));
        }
        Ok(())
    }

    fn new_game(p: &Params, desc: &str) -> State {
        let (w, h) = (p.w as usize, p.h as usize);
        let wh = w * h;
        let mlen = (wh * wh).div_ceil(4);
        let b = desc.as_bytes();
        let matrix = decode_bitmap(b, wh * wh);
        let grid = decode_bitmap(b.get(mlen + 1..).unwrap_or(&[]), wh);
        State { w, h, moves: 0, completed: false, cheated: false, hints_active: false, grid, matrix: Rc::from(matrix) }
    }

    fn new_ui(_state: &State) -> Ui {
        Ui { cx: 0, cy: 0, cdraw: false }
    }

    /// A left click or the select key on a square clicks it (unless its shape is empty);
    /// the arrow keys move the cursor.
    fn interpret_move(state: &State, ui: &mut Ui, ds: &DrawState, input: PuzzleInput) -> MoveResult {
        let (w, h) = (state.w as i32, state.h as i32);
        let (tx, ty) = match input.key {
            Key::Press(Button::Left) => {
                ui.cdraw = false;
                (ds.cell_at(input.x), ds.cell_at(input.y))
            }
            Key::CursorSelect | Key::CursorSelect2 => {
                ui.cdraw = true;
                (ui.cx, ui.cy)
            }
            k if k.is_cursor_move() => {
                let (dx, dy) = match k {
                    Key::CursorUp => (0, -1),
                    Key::CursorDown => (0, 1),
                    Key::CursorLeft => (-1, 0),
                    _ => (1, 0),
                };
                let (nx, ny) = ((ui.cx + dx).clamp(0, w - 1), (ui.cy + dy).clamp(0, h - 1));
                let changed = !ui.cdraw || (nx, ny) != (ui.cx, ui.cy);
                (ui.cx, ui.cy, ui.cdraw) = (nx, ny, true);
                return if changed { MoveResult::UiUpdate } else { MoveResult::Ignored };
            }
            _ => return MoveResult::Ignored,
        };
        if tx < 0 || tx >= w || ty < 0 || ty >= h {
            return MoveResult::UiUpdate;
        }
        if !state.click_does_something((ty * w + tx) as usize) {
            return MoveResult::UiUpdate;
        }
        MoveResult::Move(format!("M{},{}", tx, ty))
    }

    fn execute_move(from: &State, mv: &str) -> Result<State, PuzzleError> {
        let wh = from.wh();
        if let Some(bits) = mv.strip_prefix('S') {
            if bits.len() != wh {
                return Err(PuzzleError::bad_move("A solve move needs one digit per square"));
            }
            let mut ret = from.clone();
            ret.hints_active = true;
            ret.cheated = true;
            for (g, c) in ret.grid.iter_mut().zip(bits.bytes()) {
                *g = (*g & !HINT) | if c != b'0' { HINT } else { 0 };
            }
            return Ok(ret);
        }
        let rest = mv.strip_prefix('M').ok_or(PuzzleError::bad_move("Move must start with M or S"))?;
        let (x, rest) = parse_uint(rest).ok_or(PuzzleError::bad_move("Expected a column number"))?;
        let rest = rest.strip_prefix(',').ok_or(PuzzleError::bad_move("Expected a comma"))?;
        let (y, rest) = parse_uint(rest).ok_or(PuzzleError::bad_move("Expected a row number"))?;
        if !rest.is_empty() {
            return Err(PuzzleError::bad_move("Unexpected characters after the move"));
        }
        if x as usize >= from.w || y as usize >= from.h {
            return Err(PuzzleError::bad_move("Square outside the grid"));
        }
        let mut ret = from.clone();
        if !ret.completed {
            ret.moves += 1;
        }
        let i = y as usize * from.w + x as usize;
        for (g, &m) in ret.grid.iter_mut().zip(&from.matrix[i * wh..(i + 1) * wh]) {
            *g ^= m;
        }
        ret.grid[i] ^= HINT;
        if ret.grid.iter().all(|g| g & DARK == 0) {
            ret.completed = true;
            ret.hints_active = false;
        }
        Ok(ret)
    }

    fn solve(_orig: &State, curr: &State, _aux: Option<&str>) -> Result<String, PuzzleError> {
        let clicks = solver::fewest_clicks(curr.w * curr.h, &curr.matrix, &curr.grid).ok_or(PuzzleError::new(
            crate::puzzle::backend::ErrorKind::Solve,
            "No solution exists for this position",
        ))?;
        let mut s = String::with_capacity(clicks.len() + 1);
        s.push('S');
        s.extend(clicks.iter().map(|&c| if c { '1' } else { '0' }));
        Ok(s)
    }

    /// Each square a 4×4 box of `+-|`, its shape drawn inside as `#` (dark) or `.` (white),
    /// as the reference does.
    fn text_format(state: &State) -> Option<String> {
        let (w, h, wh) = (state.w, state.h, state.wh());
        let (cw, ch) = (4usize, 4usize);
        let gw = w * cw + 2;
        let gh = h * ch + 1;
        let mut board = vec![b' '; gw * gh];
        for r in 0..h {
            for c in 0..w {
                let cell = r * ch * gw + c * cw;
                let centre = cell + (ch / 2) * gw + cw / 2;
                let mark = if state.grid[r * w + c] & DARK != 0 { b'#' } else { b'.' };
                for dy in -1i32..=1 {
                    for dx in -1i32..=1 {
                        let (yy, xx) = (r as i32 + dy, c as i32 + dx);
                        if yy < 0 || yy >= h as i32 || xx < 0 || xx >= w as i32 {
                            continue;
                        }
                        if state.matrix[(r * w + c) * wh + (yy as usize * w + xx as usize)] != 0 {
                            board[(centre as i32 + dy * gw as i32 + dx) as usize] = mark;
                        }
                    }
                }
                board[cell] = b'+';
                for k in 1..cw {
                    board[cell + k] = b'-';
                }
                for k in 1..ch {
                    board[cell + k * gw] = b'|';
                }
            }
            board[r * ch * gw + gw - 2] = b'+';
            board[r * ch * gw + gw - 1] = b'\n';
            for k in 1..ch {
                board[r * ch * gw + gw - 2 + k * gw] = b'|';
                board[r * ch * gw + gw - 1 + k * gw] = b'\n';
            }
        }
        let last = gw * gh - gw;
        for k in 0..gw - 2 {
            board[last + k] = b'-';
        }
        for c in 0..=w {
            board[last + cw * c] = b'+';
        }
        board[gw * gh - 1] = b'\n';
        Some(String::from_utf8_lossy(&board).into_owned())
    }

    fn status(state: &State) -> Status {
        if state.completed { Status::Won } else { Status::Playing }
    }

    fn status_text(state: &State, _ui: &Ui) -> Option<String> {
        let prefix = match (state.completed, state.cheated) {
            (true, true) => "Auto-solved. ",
            (true, false) => "COMPLETED! ",
            (false, true) => "Auto-solver used. ",
            (false, false) => "",
        };
        Some(format!("{}Moves: {}", prefix, state.moves))
    }

    fn cursor_location(_state: &State, ui: &Ui, ds: &DrawState) -> Option<Rect> {
        ui.cdraw.then(|| Rect::new(ds.coord(ui.cx), ds.coord(ui.cy), ds.tilesize, ds.tilesize))
    }

    fn compute_size(p: &Params, tile: i32) -> (i32, i32) {
        (tile * p.w as i32 + tile / 2 * 2, tile * p.h as i32 + tile / 2 * 2)
    }

    fn colours(background: Colour) -> Vec<Colour> {
        let bg = background;
        let scale = |c: Colour, num: u32, den: u32| {
            Colour::rgb((c.r as u32 * num / den) as u8, (c.g as u32 * num / den) as u8, (c.b as u32 * num / den) as u8)
        };
        let grid = scale(bg, 2, 3);
        vec![
            bg,
            scale(bg, 1, 3),
            Colour::rgb(255, 255, 255),
            grid,
            grid,
            Colour::rgb(255, 0, 0),
            Colour::rgb(204, 0, 0),
        ]
    }

    fn new_drawstate(_dr: &mut dyn Drawing, state: &State) -> DrawState {
        DrawState { w: state.w, h: state.h, started: false, tiles: vec![ANIMATING; state.wh()], tilesize: 0 }
    }

    fn set_size(_dr: &mut dyn Drawing, ds: &mut DrawState, _p: &Params, tile: i32) {
        ds.tilesize = tile;
    }

    fn anim_length(_old: &State, _new: &State, _dir: Dir, _ui: &mut Ui) -> u32 {
        ANIM_MS
    }

    /// A wave from the edges to the centre, one ring per frame.
    fn flash_length(old: &State, new: &State, _dir: Dir, _ui: &mut Ui) -> u32 {
        if !old.completed && new.completed {
            FLASH_FRAME_MS * ((new.w as u32).div_ceil(2).max((new.h as u32).div_ceil(2)) + 1)
        } else {
            0
        }
    }

    fn redraw(
        dr: &mut dyn Drawing,
        ds: &mut DrawState,
        old: Option<&State>,
        state: &State,
        _dir: Dir,
        ui: &Ui,
        anim_time: u32,
        flash_time: u32,
    ) {
        let (w, h) = (state.w as i32, state.h as i32);
        let ts = ds.tilesize;
        if !ds.started {
            let (sw, sh) =
                Self::compute_size(&Params { w: w as u32, h: h as u32, matrix_type: MatrixType::Crosses }, ts);
            dr.draw_rect(0, 0, sw, sh, COL_BACKGROUND);
            for i in 0..=w {
                dr.draw_line(ds.coord(i), ds.coord(0), ds.coord(i), ds.coord(h), COL_GRID);
            }
            for i in 0..=h {
                dr.draw_line(ds.coord(0), ds.coord(i), ds.coord(w), ds.coord(i), COL_GRID);
            }
            dr.draw_update(0, 0, sw, sh);
            ds.started = true;
        }
        let flashframe = if flash_time > 0 { Some((flash_time / FLASH_FRAME_MS) as i32) } else { None };
        for i in 0..state.wh() {
            let (x, y) = (i as i32 % w, i as i32 / w);
            let mut v = state.grid[i];
            if let Some(frame) = flashframe {
                // Distance from the edge: the wave darkens one ring per frame and lets the
                // previous one go white again.
                let fx = (w + 1) / 2 - (x + 1).min(w - x);
                let fy = (h + 1) / 2 - (y + 1).min(h - y);
                let fd = fx.max(fy);
                if fd == frame {
                    v |= DARK;
                } else if fd == frame - 1 {
                    v &= !DARK;
                }
            }
            if !state.hints_active {
                v &= !HINT;
            }
            if ui.cdraw && ui.cx == x && ui.cy == y {
                v |= CURSOR;
            }
            let animating = old.is_some_and(|o| (state.grid[i] ^ o.grid[i]) & !HINT != 0);
            let vv = if animating { ANIMATING } else { v };
            if ds.tiles[i] == ANIMATING || vv == ANIMATING || ds.tiles[i] != vv {
                draw_tile(dr, ds, state, x, y, v, animating, anim_time);
                ds.tiles[i] = vv;
            }
        }
    }
}

/// One square: its light (or, while turning over, the diagonal fold), the small picture of
/// its shape, the hint frame.
#[allow(clippy::too_many_arguments)]
fn draw_tile(
    dr: &mut dyn Drawing,
    ds: &DrawState,
    state: &State,
    x: i32,
    y: i32,
    tile: u8,
    anim: bool,
    anim_time: u32,
) {
    let (w, h, wh) = (ds.w as i32, ds.h as i32, ds.w * ds.h);
    let ts = ds.tilesize;
    let (bx, by) = (ds.coord(x), ds.coord(y));
    let dcol = if tile & CURSOR != 0 { COL_CURSOR } else { COL_DIAG };
    dr.clip(bx + 1, by + 1, ts - 1, ts - 1);
    let light = if tile & DARK != 0 { COL_WRONG } else { COL_RIGHT };
    dr.draw_rect(bx + 1, by + 1, ts - 1, ts - 1, if anim { COL_BACKGROUND } else { light });
    if anim {
        // The square turning over about its diagonal: a quadrilateral between the two
        // corners of the other diagonal, its far corners closing in as time passes. The face
        // shown is the old colour for the first half, then the new.
        let t = anim_time.min(ANIM_MS) as i32;
        let d = ts * t / ANIM_MS as i32;
        let pts = [(bx + ts, by), (bx + d, by + d), (bx, by + ts), (bx + ts - d, by + ts - d)];
        let colour = if 2 * t < ANIM_MS as i32 { COL_WRONG + COL_RIGHT - light } else { light };
        dr.draw_polygon(&pts, Some(colour), COL_GRID);
    }
    let td = (ts / 16).max(1);
    let row = (y * w + x) as usize * wh;
    for i in 0..h {
        for j in 0..w {
            if state.matrix[row + (i * w + j) as usize] == 0 {
                continue;
            }
            let (ox, oy) = (j - x, i - y);
            let cx = bx + ts / 2 + (2 * ox - 1) * td;
            let cy = by + ts / 2 + (2 * oy - 1) * td;
            if ox == 0 && oy == 0 {
                dr.draw_rect(cx, cy, 2 * td + 1, 2 * td + 1, dcol);
            } else {
                dr.draw_line(cx, cy, cx + 2 * td, cy, dcol);
                dr.draw_line(cx, cy + 2 * td, cx + 2 * td, cy + 2 * td, dcol);
                dr.draw_line(cx, cy, cx, cy + 2 * td, dcol);
                dr.draw_line(cx + 2 * td, cy, cx + 2 * td, cy + 2 * td, dcol);
            }
        }
    }
    if tile & HINT != 0 {
        let (mut x1, mut x2) = (bx + ts / 20, bx + ts - ts / 20);
        let (mut y1, mut y2) = (by + ts / 20, by + ts - ts / 20);
        for _ in 0..3 {
            dr.draw_line(x1, y1, x2, y1, COL_HINT);
            dr.draw_line(x1, y2, x2, y2, COL_HINT);
            dr.draw_line(x1, y1, x1, y2, COL_HINT);
            dr.draw_line(x2, y1, x2, y2, COL_HINT);
            x1 += 1;
            y1 += 1;
            x2 -= 1;
            y2 -= 1;
        }
    }
    dr.unclip();
    dr.draw_update(bx + 1, by + 1, ts - 1, ts - 1);
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
