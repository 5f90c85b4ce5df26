//! Slide (after the "Picture puzzle" seed): put a picture back together by sliding its N×N
//! tiles, one tile-sized gap to work with.
//!
//! Parameters: `N` (3 default; 4 and 5 are presets). Description: the N·N tile numbers row
//! by row, comma-separated, 0 the gap; tile t belongs at cell t−1 and the gap at the end.
//! Generated shuffles are random permutations made solvable by the parity rule
//! ([`solvability`]) and never already solved. Moves: `Mx,y` slides the tile at (x,y), which
//! must be next to the gap, into it; `S<gap steps>` (letters U/R/D/L for where the gap goes)
//! is Solve's jump along a shortest solution, `S*<gap steps>` along a solution not known to
//! be shortest ([`Slide::solution_gap_path`]). Show solution (`Game::solution_moves`) gives
//! that solution as `M` moves, which the mid end plays and animates one by one.

/// Benchmarks of the solvers, run by `cargo xtask bench`.
#[cfg(any(test, feature = "target-tests"))]
pub mod bench;
pub mod optimal3;
pub mod optimal4;
pub mod picture;
#[cfg(any(test, feature = "target-tests"))]
pub mod positions;
pub mod reduce;
pub mod solvability;
pub mod solver;
pub mod tables;

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::gfx::{Colour, Decimal, Drawing, Font, HAlign, Rect, VAlign};
use crate::puzzle::backend::{
    Button, ConfigItem, Dir, ErrorKind, Game, Key, MoveResult, Preset, PuzzleError, PuzzleInput, Status,
    parse_permutation, parse_uint,
};
use crate::puzzle::random::RandomState;

/// The game type.
pub struct Slide;

/// Board side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Params {
    pub n: u32,
}

pub const MIN_N: u32 = 2;
pub const MAX_N: u32 = 6;

/// Nodes the optimal solvers may expand before the reduction solver takes over (a hard
/// 4×4 shuffle takes millions: minutes on the 68030).
pub const SOLVE_BUDGET: u64 = 2_000_000;

/// Nodes the Manhattan/linear-conflict IDA* may expand on a 4×4 whose pattern databases are
/// not built, before the reduction solver answers (the `slide4_game_solve` bench line gives
/// its cost on the 68030).
pub const QUICK_BUDGET_4X4: u64 = 300;

/// A position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub n: usize,
    pub tiles: Vec<u8>,
    pub gap: usize,
    pub movecount: u32,
    /// Move count when first solved (0: not yet).
    pub completed: u32,
    pub used_solve: bool,
    /// Solve's solution was a shortest one (`S` rather than `S*`).
    pub solved_shortest: bool,
}

impl State {
    fn slide(&self, cell: usize) -> State {
        let mut s = self.clone();
        s.tiles.swap(self.gap, cell);
        s.gap = cell;
        s.movecount += 1;
        if s.completed == 0 && solvability::is_solved(&s.tiles) {
            s.completed = s.movecount;
        }
        s
    }
    fn adjacent_to_gap(&self, x: usize, y: usize) -> bool {
        let (gx, gy) = (self.gap % self.n, self.gap / self.n);
        x.abs_diff(gx) + y.abs_diff(gy) == 1
    }
}

/// Frame colours (picture colours follow, see [`picture`]).
pub const COL_BACKGROUND: usize = 0;
pub const COL_HIGHLIGHT: usize = 1;
pub const COL_LOWLIGHT: usize = 2;

pub const ANIM_MS: u32 = 120;
pub const FLASH_FRAME_MS: u32 = 150;

/// What is drawn in each cell (-1 unknown), whether the gap shows the missing piece (flash).
pub struct DrawState {
    started: bool,
    tiles: Vec<i32>,
    flash_on: bool,
    tilesize: i32,
    n: usize,
}

impl DrawState {
    fn coord(&self, c: usize) -> i32 {
        c as i32 * self.tilesize + self.tilesize / 2
    }
    fn cell_at(&self, p: i32) -> i32 {
        (p - self.tilesize / 2).div_euclid(self.tilesize.max(1))
    }
}

fn gap_letter(from: usize, to: usize, n: usize) -> char {
    if to + n == from {
        'U'
    } else if to == from + n {
        'D'
    } else if to + 1 == from {
        'L'
    } else {
        'R'
    }
}

impl Slide {
    /// A solution from `state`, as gap cells in order, and whether it is a shortest one.
    /// 2×2 by IDA* (Manhattan + linear conflict), 3×3 down the distance table: always
    /// shortest. 4×4: [`Slide::solve4`]. 5×5 and larger: rows and columns brought home one
    /// by one down to the last 2×2 square ([`reduce`]): a solution at once, not the
    /// shortest.
    pub fn solution_gap_path(state: &State) -> Result<(Vec<usize>, bool), PuzzleError> {
        let unsolvable = || PuzzleError::new(ErrorKind::Solve, "This arrangement cannot be solved");
        if !solvability::is_solvable(state.n, &state.tiles) {
            return Err(unsolvable());
        }
        let found = match state.n {
            3 => optimal3::solve(&state.tiles).map(|p| (p, true)),
            4 => Slide::solve4(&state.tiles, tables::four_built()),
            n if n >= 5 => reduce::solve(n, &state.tiles).map(|p| {
                let shortest = p.is_empty();
                (p, shortest)
            }),
            n => solver::solve(n, &state.tiles, SOLVE_BUDGET).map(|s| (s.gap_path, true)).ok(),
        };
        found.ok_or_else(unsolvable)
    }

    /// A 4×4 solution and whether it is a shortest one. With the pattern databases
    /// (`with_databases`: they are built, which the game never does on its own: on the 68030
    /// they cost minutes, docs/slide.md) IDA* finds a shortest one within [`SOLVE_BUDGET`]
    /// nodes. Without them the Manhattan/linear-conflict IDA* tries within
    /// [`QUICK_BUDGET_4X4`] nodes (near-solved positions); beyond it the reduction solver
    /// answers at once, not the shortest way.
    pub fn solve4(tiles: &[u8], with_databases: bool) -> Option<(Vec<usize>, bool)> {
        let shortest = if with_databases {
            optimal4::solve(tiles, SOLVE_BUDGET).ok()
        } else {
            solver::solve(4, tiles, QUICK_BUDGET_4X4).ok()
        };
        match shortest {
            Some(s) => Some((s.gap_path, true)),
            None => reduce::solve(4, tiles).map(|p| (p, false)),
        }
    }
}

impl Game for Slide {
    type Params = Params;
    type State = State;
    type Ui = ();
    type DrawState = DrawState;

    const NAME: &'static str = "Slide";
    const PREFERRED_TILE_SIZE: i32 = 64;
    const CAN_CONFIGURE: bool = true;
    const CAN_SOLVE: bool = true;
    const CAN_SHOW_SOLUTION: bool = true;
    const CAN_FORMAT_AS_TEXT_EVER: bool = true;
    const WANTS_STATUSBAR: bool = true;

    fn default_params() -> Params {
        Params { n: 3 }
    }

    fn presets() -> Vec<Preset<Params>> {
        [3, 4, 5].iter().map(|&n| Preset { name: format!("{}x{}", n, n), params: Params { n } }).collect()
    }

    fn encode_params(p: &Params, _full: bool) -> String {
        format!("{}", p.n)
    }

    /// `N`, or `NxN` (both sides must agree: the picture is square).
    fn decode_params(p: &mut Params, s: &str) -> Result<(), PuzzleError> {
        let (n, rest) = parse_uint(s).ok_or(PuzzleError::params("Size must be a number"))?;
        match rest.strip_prefix('x') {
            None if rest.is_empty() => {}
            Some(r) => match parse_uint(r) {
                Some((m, "")) if m == n => {}
                Some((_, "")) => return Err(PuzzleError::params("The puzzle must be square")),
                _ => return Err(PuzzleError::params("Height must be a number")),
            },
            None => return Err(PuzzleError::params("Unexpected characters after the size")),
        }
        p.n = n;
        Ok(())
    }

    fn validate_params(p: &Params, _full: bool) -> Result<(), PuzzleError> {
        if p.n < MIN_N {
            return Err(PuzzleError::params("Size must be at least two"));
        }
        if p.n > MAX_N {
            return Err(PuzzleError::params("Size must be at most six"));
        }
        Ok(())
    }

    fn configure(p: &Params) -> Vec<ConfigItem> {
        vec![ConfigItem::String { name: "Size", value: format!("{}", p.n) }]
    }

    fn custom_params(items: &[ConfigItem]) -> Result<Params, PuzzleError> {
        match items.first() {
            Some(ConfigItem::String { value, .. }) => match parse_uint(value.trim()) {
                Some((n, "")) => Ok(Params { n }),
                _ => Err(PuzzleError::params("Size must be a number")),
            },
            _ => Err(PuzzleError::params("Size must be a number")),
        }
    }

    /// A uniformly random permutation; if it is on the unsolvable parity, swap the first two
    /// tiles (not the gap), which flips the inversion parity and nothing else; draw again if
    /// the result happens to be solved.
    fn new_desc(p: &Params, rs: &mut RandomState, _interactive: bool) -> (String, Option<String>) {
        let n = p.n as usize;
        let mut tiles: Vec<u8> = (0..(n * n) as u8).collect();
        loop {
            rs.shuffle(&mut tiles);
            if !solvability::is_solvable(n, &tiles) {
                let mut nz = (0..tiles.len()).filter(|&i| tiles[i] != 0);
                let (a, b) = (nz.next().unwrap(), nz.next().unwrap());
                tiles.swap(a, b);
            }
            if !solvability::is_solved(&tiles) {
                break;
            }
        }
        let parts: Vec<String> = tiles.iter().map(|t| format!("{}", t)).collect();
        (parts.join(","), None)
    }

    /// N·N distinct numbers 0..N·N−1, comma-separated, in a solvable arrangement.
    fn validate_desc(p: &Params, desc: &str) -> Result<(), PuzzleError> {
        let tiles: Vec<u8> = parse_permutation(desc, (p.n * p.n) as usize)?.into_iter().map(|t| t as u8).collect();
        if !solvability::is_solvable(p.n as usize, &tiles) {
            return Err(PuzzleError::desc("This arrangement cannot be solved", 0));
        }
        Ok(())
    }

    fn new_game(p: &Params, desc: &str) -> State {
        let tiles: Vec<u8> = desc.split(',').map(|s| parse_uint(s).map_or(0, |(v, _)| v as u8)).collect();
        let gap = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        State { n: p.n as usize, tiles, gap, movecount: 0, completed: 0, used_solve: false, solved_shortest: false }
    }

    fn new_ui(_state: &State) {}

    /// A click on a tile next to the gap slides it; an arrow key slides the tile that the
    /// arrow points away from the gap (Left moves the tile right of the gap leftwards).
    fn interpret_move(state: &State, _ui: &mut (), ds: &DrawState, input: PuzzleInput) -> MoveResult {
        let (gx, gy) = ((state.gap % state.n) as i32, (state.gap / state.n) as i32);
        let (x, y) = match input.key {
            Key::Press(Button::Left) => (ds.cell_at(input.x), ds.cell_at(input.y)),
            Key::CursorLeft => (gx + 1, gy),
            Key::CursorRight => (gx - 1, gy),
            Key::CursorUp => (gx, gy + 1),
            Key::CursorDown => (gx, gy - 1),
            _ => return MoveResult::Ignored,
        };
        if x < 0
            || y < 0
            || x >= state.n as i32
            || y >= state.n as i32
            || !state.adjacent_to_gap(x as usize, y as usize)
        {
            return MoveResult::Ignored;
        }
        MoveResult::Move(format!("M{},{}", x, y))
    }

    fn execute_move(from: &State, mv: &str) -> Result<State, PuzzleError> {
        if let Some(steps) = mv.strip_prefix('S') {
            let (steps, shortest) = match steps.strip_prefix('*') {
                Some(steps) => (steps, false),
                None => (steps, true),
            };
            let mut s = from.clone();
            let n = s.n;
            for c in steps.chars() {
                let (x, y) = (s.gap % n, s.gap / n);
                let next = match c {
                    'U' if y > 0 => s.gap - n,
                    'D' if y + 1 < n => s.gap + n,
                    'L' if x > 0 => s.gap - 1,
                    'R' if x + 1 < n => s.gap + 1,
                    'U' | 'D' | 'L' | 'R' => return Err(PuzzleError::bad_move("Solution step leaves the board")),
                    _ => return Err(PuzzleError::bad_move("Solution steps must be U, R, D or L")),
                };
                s = s.slide(next);
            }
            if !solvability::is_solved(&s.tiles) {
                return Err(PuzzleError::bad_move("The solution does not solve the puzzle"));
            }
            s.used_solve = true;
            s.solved_shortest = shortest;
            return Ok(s);
        }
        let rest = mv.strip_prefix('M').ok_or(PuzzleError::bad_move("Move must start with M or S"))?;
        let (x, rest) = parse_uint(rest).ok_or(PuzzleError::bad_move("Expected a column number"))?;
        let rest = rest.strip_prefix(',').ok_or(PuzzleError::bad_move("Expected a comma"))?;
        let (y, rest) = parse_uint(rest).ok_or(PuzzleError::bad_move("Expected a row number"))?;
        if !rest.is_empty() {
            return Err(PuzzleError::bad_move("Unexpected characters after the move"));
        }
        let (x, y) = (x as usize, y as usize);
        if x >= from.n || y >= from.n {
            return Err(PuzzleError::bad_move("Cell outside the board"));
        }
        if !from.adjacent_to_gap(x, y) {
            return Err(PuzzleError::bad_move("Only a tile next to the gap can move"));
        }
        Ok(from.slide(y * from.n + x))
    }

    fn solve(_orig: &State, curr: &State, _aux: Option<&str>) -> Result<String, PuzzleError> {
        let (path, shortest) = Slide::solution_gap_path(curr)?;
        let mut s = String::from(if shortest { "S" } else { "S*" });
        let mut gap = curr.gap;
        for c in path {
            s.push(gap_letter(gap, c, curr.n));
            gap = c;
        }
        Ok(s)
    }

    /// Solve's solution as ordinary `Mx,y` moves, for Show solution.
    fn solution_moves(_initial: &State, current: &State, _aux: Option<&str>) -> Result<Vec<String>, PuzzleError> {
        let n = current.n;
        Ok(Slide::solution_gap_path(current)?.0.into_iter().map(|c| format!("M{},{}", c % n, c / n)).collect())
    }

    fn text_format(state: &State) -> Option<String> {
        let col = format!("{}", state.tiles.len() - 1).len();
        let mut out = String::new();
        for (i, &t) in state.tiles.iter().enumerate() {
            if t == 0 {
                out.push_str(&format!("{:>col$}", "", col = col));
            } else {
                out.push_str(&format!("{:>col$}", t, col = col));
            }
            out.push(if (i + 1) % state.n == 0 { '\n' } else { ' ' });
        }
        Some(out)
    }

    fn status(state: &State) -> Status {
        if state.completed > 0 { Status::Won } else { Status::Playing }
    }

    fn status_text(state: &State, _ui: &()) -> Option<String> {
        Some(if state.used_solve && state.solved_shortest {
            String::from("Solved automatically. Press N for a new picture.")
        } else if state.used_solve {
            String::from("Solved automatically, not the shortest way. Press N for a new picture.")
        } else if state.completed > 0 {
            format!("COMPLETED in {} moves! Press N to play again.", state.completed)
        } else {
            format!("Moves: {}", state.movecount)
        })
    }

    fn cursor_location(state: &State, _ui: &(), ds: &DrawState) -> Option<Rect> {
        Some(Rect::new(ds.coord(state.gap % state.n), ds.coord(state.gap / state.n), ds.tilesize, ds.tilesize))
    }

    fn compute_size(p: &Params, tile: i32) -> (i32, i32) {
        let s = tile * p.n as i32 + tile / 2 * 2;
        (s, s)
    }

    fn colours(background: Colour) -> Vec<Colour> {
        let (bg, hi, lo) = Colour::highlights(background);
        vec![
            bg,
            hi,
            lo,
            Colour::rgb(0x50, 0x90, 0xe0),
            Colour::rgb(0xa0, 0xd0, 0xf8),
            Colour::rgb(0xff, 0xd8, 0x20),
            Colour::rgb(0x80, 0x70, 0x90),
            Colour::rgb(0xf8, 0xf8, 0xff),
            Colour::rgb(0x40, 0xb0, 0x40),
            Colour::rgb(0x20, 0x60, 0xc0),
            Colour::rgb(0xe8, 0xd0, 0xa0),
            Colour::rgb(0xc0, 0x30, 0x20),
            Colour::rgb(0x70, 0x40, 0x10),
            Colour::rgb(0x10, 0x70, 0x20),
            Colour::rgb(0x20, 0x20, 0x20),
        ]
    }

    fn new_drawstate(_dr: &mut dyn Drawing, state: &State) -> DrawState {
        DrawState { started: false, tiles: vec![-1; state.tiles.len()], flash_on: false, tilesize: 0, n: state.n }
    }

    fn set_size(_dr: &mut dyn Drawing, ds: &mut DrawState, _p: &Params, tile: i32) {
        ds.tilesize = tile;
        ds.started = false;
    }

    fn anim_length(_old: &State, _new: &State, _dir: Dir, _ui: &mut ()) -> u32 {
        ANIM_MS
    }

    fn flash_length(old: &State, new: &State, _dir: Dir, _ui: &mut ()) -> u32 {
        if old.completed == 0 && new.completed > 0 && !new.used_solve { 3 * FLASH_FRAME_MS } else { 0 }
    }

    fn redraw(
        dr: &mut dyn Drawing,
        ds: &mut DrawState,
        old: Option<&State>,
        state: &State,
        _dir: Dir,
        _ui: &(),
        anim_time: u32,
        flash_time: u32,
    ) {
        let ts = ds.tilesize;
        let n = state.n;
        // During the flash the gap alternately shows the missing last piece.
        let flash_on = flash_time > 0 && (flash_time / FLASH_FRAME_MS) % 2 == 0;
        if !ds.started {
            let (w, h) = Self::compute_size(&Params { n: n as u32 }, ts);
            dr.draw_rect(0, 0, w, h, COL_BACKGROUND);
            let (x0, y0, side) = (ds.coord(0), ds.coord(0), ts * n as i32);
            dr.draw_rect(x0 - 2, y0 - 2, side + 4, 2, COL_LOWLIGHT);
            dr.draw_rect(x0 - 2, y0 - 2, 2, side + 4, COL_LOWLIGHT);
            dr.draw_rect(x0 - 2, y0 + side, side + 4, 2, COL_HIGHLIGHT);
            dr.draw_rect(x0 + side, y0 - 2, 2, side + 4, COL_HIGHLIGHT);
            dr.draw_update(0, 0, w, h);
            ds.tiles.iter_mut().for_each(|t| *t = -1);
            ds.started = true;
        }
        let flash_changed = ds.flash_on != flash_on;
        for pass in 0..2 {
            for i in 0..state.tiles.len() {
                let moving = matches!(old, Some(o) if o.tiles[i] != state.tiles[i]);
                let mut want: i32 = if moving { -1 } else { state.tiles[i] as i32 };
                if want == 0 && flash_on {
                    want = (n * n) as i32;
                }
                if !(flash_changed || ds.tiles[i] != want || want == -1) {
                    continue;
                }
                let (cx, cy) = (ds.coord(i % n), ds.coord(i / n));
                if want == -1 {
                    if pass == 0 {
                        dr.draw_rect(cx, cy, ts, ts, COL_BACKGROUND);
                        dr.draw_update(cx, cy, ts, ts);
                    } else if state.tiles[i] != 0 {
                        let tile = state.tiles[i];
                        let j = old.and_then(|o| o.tiles.iter().position(|&x| x == tile)).unwrap_or(i);
                        let (ox, oy) = (ds.coord(j % n), ds.coord(j / n));
                        let c = anim_time.min(ANIM_MS) as i32;
                        draw_tile(
                            dr,
                            ds,
                            ox + (cx - ox) * c / ANIM_MS as i32,
                            oy + (cy - oy) * c / ANIM_MS as i32,
                            tile as usize,
                        );
                    }
                } else if pass == 1 {
                    if want == 0 {
                        dr.draw_rect(cx, cy, ts, ts, COL_BACKGROUND);
                        dr.draw_update(cx, cy, ts, ts);
                    } else {
                        draw_tile(dr, ds, cx, cy, want as usize);
                    }
                }
                if pass == 1 {
                    ds.tiles[i] = want;
                }
            }
        }
        ds.flash_on = flash_on;
    }
}

/// Tile `t` (its piece of the picture is cell t−1) with its top-left corner at (x, y): the
/// picture clipped to the tile, a one-pixel bevel, and a small number for the colour-blind
/// and for the text front end's users.
fn draw_tile(dr: &mut dyn Drawing, ds: &DrawState, x: i32, y: i32, t: usize) {
    let ts = ds.tilesize;
    let n = ds.n;
    let home = t - 1;
    let (hx, hy) = ((home % n) as i32, (home / n) as i32);
    dr.clip(x, y, ts, ts);
    // The picture the front end supplies (a built-in or loaded one), else the game's own.
    let (px, py, side) = (x - hx * ts, y - hy * ts, ts * n as i32);
    let supplied = dr.draw_picture(px, py, side);
    if !supplied {
        picture::draw_picture(dr, px, py, side);
    }
    dr.draw_rect(x, y, ts, 1, COL_HIGHLIGHT);
    dr.draw_rect(x, y, 1, ts, COL_HIGHLIGHT);
    dr.draw_rect(x, y + ts - 1, ts, 1, COL_LOWLIGHT);
    dr.draw_rect(x + ts - 1, y, 1, ts, COL_LOWLIGHT);
    if t < n * n {
        let size = (ts / 6).max(8);
        let number = Decimal::new(t as u32);
        let label = number.as_str();
        if supplied {
            // Any picture may be dark where the number goes: a plate of the frame's grey.
            let w = dr.text_width(Font::Fixed, size, label);
            dr.draw_rect(x + 2, y + 2, w + 2, size + 2, COL_BACKGROUND);
        }
        dr.draw_text(x + 3, y + 3 + size, Font::Fixed, size, HAlign::Left, VAlign::Normal, picture::DARK, label);
    }
    dr.unclip();
    dr.draw_update(x, y, ts, ts);
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
