//! Sixteen: the 16-puzzle, compatible with Simon Tatham's Sixteen. The tiles fill the whole
//! grid; a move rotates one row or one column cyclically by one place, the tile pushed off one
//! end coming back at the other.
//!
//! - Parameters `WxH` (a bare `N` is N×N), optionally `mN`: shuffle by N random single moves
//!   instead of a random arrangement. The move target is part of even the short encoding, as in
//!   the reference, because the status line shows it.
//! - Description: the W·H tile numbers 1..W·H row by row, comma-separated (`3x3:1,2,...,9`
//!   is solved).
//! - Moves: `Ry,d` rotates row y by d places to the right (d may be negative), `Cx,d` column
//!   x by d places down; `S` (Solve) jumps to the solved arrangement.
//! - `WxH#seed` generates the same puzzle as Tatham's program: both generators draw from the
//!   shared random stream in the same order (a uniform arrangement, of even parity when both
//!   sides are odd, for there every row and column rotation is an even permutation).

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::gfx::{Colour, Drawing, Rect};
use crate::puzzle::backend::{
    Button, ConfigItem, Dir, Game, Key, Mods, MoveResult, Preset, PuzzleError, PuzzleInput, Status,
    parse_permutation_from, parse_uint,
};
use crate::puzzle::random::RandomState;

use super::bevel::{BevelPens, draw_numbered_tile, draw_recessed_well};

/// The game type.
pub struct Sixteen;

/// Grid size and the optional number of shuffling moves (0 = a random arrangement).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Params {
    pub w: u32,
    pub h: u32,
    pub movetarget: u32,
}

/// A position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub w: usize,
    pub h: usize,
    /// Tile numbers 1..=w·h row by row.
    pub tiles: Vec<u32>,
    /// Move count when first solved (0 = not yet).
    pub completed: u32,
    pub used_solve: bool,
    pub movecount: u32,
    pub movetarget: u32,
    /// Direction of the last move (+1 right/down, −1 left/up), so that the animation knows
    /// which way a tile wrapping round from one end to the other travels.
    pub last_movement_sense: i32,
}

impl State {
    fn is_solved(&self) -> bool {
        self.tiles.iter().enumerate().all(|(i, &t)| t as usize == i + 1)
    }
}

/// What the keyboard cursor does (Tatham's `cursor_mode`): move freely around the border and
/// the grid, or drag the tile (or the position) under it along with the rotated line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CursorMode {
    Unlocked,
    LockTile,
    LockPosition,
}

/// The keyboard cursor: a cell of the grid or of the ring of arrows around it
/// (−1..=w × −1..=h, corners excluded).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ui {
    pub cur_x: i32,
    pub cur_y: i32,
    pub cur_visible: bool,
    pub cur_mode: CursorMode,
}

/// Colour indices (order of [`Sixteen::colours`]).
pub const COL_BACKGROUND: usize = 0;
pub const COL_TEXT: usize = 1;
pub const COL_HIGHLIGHT: usize = 2;
pub const COL_LOWLIGHT: usize = 3;

const PENS: BevelPens = BevelPens { highlight: COL_HIGHLIGHT, lowlight: COL_LOWLIGHT, text: COL_TEXT };

/// Rotation animation length.
pub const ANIM_MS: u32 = 130;
/// One frame of the two-frame completion flash.
pub const FLASH_FRAME_MS: u32 = 130;
/// Largest number of shuffling moves accepted (each is cheap, but not free on a 68030).
pub const MAX_MOVETARGET: u32 = 100_000;

/// What is on screen.
pub struct DrawState {
    started: bool,
    w: usize,
    h: usize,
    bgcolour: usize,
    /// The tile drawn in each cell, −1 when unknown or mid-animation.
    tiles: Vec<i32>,
    tilesize: i32,
    /// The cursor as last drawn (−1,−1 = none).
    cur_x: i32,
    cur_y: i32,
}

impl DrawState {
    /// A whole tile of border round the grid, for the arrows.
    fn coord(&self, c: i32) -> i32 {
        c * self.tilesize + self.tilesize
    }
    fn cell_at(&self, p: i32) -> i32 {
        (p - self.tilesize).div_euclid(self.tilesize.max(1))
    }
}

fn is_tile_cursor(i: usize, w: usize, h: usize, x: i32, y: i32) -> bool {
    x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h && i == y as usize * w + x as usize
}

/// Inversion parity of a permutation.
fn perm_parity(tiles: &[u32]) -> u32 {
    let mut parity = 0;
    for i in 0..tiles.len() {
        for j in i + 1..tiles.len() {
            if tiles[i] > tiles[j] {
                parity ^= 1;
            }
        }
    }
    parity
}

/// Shuffles by `movetarget` single moves from the solved grid, avoiding a move that undoes
/// the previous one on the same line or that turns a line further than half its length
/// (the reference's rule, draw for draw: a line index, then a direction, redrawn on refusal;
/// the per-line counters reset when the orientation changes).
fn shuffle_by_moves(p: &Params, rs: &mut RandomState) -> Vec<u32> {
    let (w, h) = (p.w as usize, p.h as usize);
    let mut tiles: Vec<u32> = (0..(w * h) as u32).collect();
    let mut prev_vertical: Option<bool> = None;
    let mut prevmoves = vec![0i32; w.max(h)];
    for _ in 0..p.movetarget {
        let (vertical, index, dir) = loop {
            let j = rs.upto((w + h) as u32) as usize;
            let (vertical, index, len) = if j < w { (true, j, h) } else { (false, j - w, w) };
            let dir = if rs.upto(2) == 1 { 1 } else { -1 };
            if prev_vertical == Some(vertical) {
                let t = prevmoves[index] + dir;
                if 2 * t.unsigned_abs() as usize > len || t.abs() < prevmoves[index].abs() {
                    continue;
                }
            } else {
                prevmoves.iter_mut().for_each(|m| *m = 0);
                prev_vertical = Some(vertical);
            }
            prevmoves[index] += dir;
            break (vertical, index, dir);
        };
        // The tile at the start of the line (its end for a negative move) goes round to the
        // other end, every other tile moving one place towards it.
        let (start, step, len) = if vertical { (index, w as isize, h) } else { (index * w, 1, w) };
        let cells: Vec<usize> = (0..len).map(|k| (start as isize + k as isize * step) as usize).collect();
        let order: Vec<usize> = if dir < 0 { cells.into_iter().rev().collect() } else { cells };
        let first = tiles[order[0]];
        for k in 0..len - 1 {
            tiles[order[k]] = tiles[order[k + 1]];
        }
        tiles[order[len - 1]] = first;
    }
    tiles
}

/// A uniformly random arrangement (the reference's draw order: each cell in turn takes the
/// k-th unused tile); when both sides are odd the last two tiles go in whichever order makes
/// the permutation even.
fn random_arrangement(p: &Params, rs: &mut RandomState) -> Vec<u32> {
    let n = (p.w * p.h) as usize;
    let stop = if p.w & p.h & 1 == 1 { 2 } else { 0 };
    let mut used = vec![false; n];
    let mut tiles: Vec<Option<u32>> = vec![None; n];
    let mut remaining = n;
    let mut x = 0;
    while remaining > stop {
        let mut k = if remaining > 1 { rs.upto(remaining as u32) as usize } else { 0 };
        let j = (0..n)
            .find(|&j| {
                if used[j] {
                    return false;
                }
                if k == 0 {
                    return true;
                }
                k -= 1;
                false
            })
            .expect("k < number of unused tiles");
        used[j] = true;
        while tiles[x].is_some() {
            x += 1;
        }
        tiles[x] = Some(j as u32);
        remaining -= 1;
    }
    if stop > 0 {
        let mut free = (0..n).filter(|&i| tiles[i].is_none());
        let (x1, x2) = (free.next().unwrap(), free.next().unwrap());
        let mut unused = (0..n).filter(|&i| !used[i]);
        let (p1, p2) = (unused.next().unwrap() as u32, unused.next().unwrap() as u32);
        tiles[x1] = Some(p1);
        tiles[x2] = Some(p2);
        let flat: Vec<u32> = tiles.iter().map(|t| t.unwrap_or(0)).collect();
        if perm_parity(&flat) != 0 {
            tiles[x1] = Some(p2);
            tiles[x2] = Some(p1);
        }
    }
    tiles.into_iter().map(|t| t.unwrap_or(0)).collect()
}

/// Reads a signed decimal (`+` or `-` allowed, as C's `%d`).
fn parse_int(s: &str) -> Option<(i32, &str)> {
    let (neg, rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (v, rest) = parse_uint(rest)?;
    let v = i32::try_from(v).ok()?;
    Some((if neg { -v } else { v }, rest))
}

/// A whole move string `<letter><a>,<b>` with signed numbers.
fn parse_line_move(mv: &str) -> Option<(u8, i32, i32)> {
    let letter = *mv.as_bytes().first()?;
    let (a, rest) = parse_int(mv.get(1..)?)?;
    let rest = rest.strip_prefix(',')?;
    let (b, rest) = parse_int(rest)?;
    rest.is_empty().then_some((letter, a, b))
}

/// `move_cursor` without wrapping: one step in the arrow's direction, clamped to `w`×`h`.
fn step_clamped(key: Key, x: i32, y: i32, w: i32, h: i32) -> (i32, i32) {
    let (dx, dy) = arrow_delta(key);
    ((x + dx).clamp(0, w - 1), (y + dy).clamp(0, h - 1))
}

fn arrow_delta(key: Key) -> (i32, i32) {
    match key {
        Key::CursorUp => (0, -1),
        Key::CursorDown => (0, 1),
        Key::CursorLeft => (-1, 0),
        Key::CursorRight => (1, 0),
        _ => (0, 0),
    }
}

impl Game for Sixteen {
    type Params = Params;
    type State = State;
    type Ui = Ui;
    type DrawState = DrawState;

    const NAME: &'static str = "Sixteen";
    const PREFERRED_TILE_SIZE: i32 = 48;
    const CAN_CONFIGURE: bool = true;
    const CAN_SOLVE: bool = true;
    const CAN_FORMAT_AS_TEXT_EVER: bool = true;
    const WANTS_STATUSBAR: bool = true;

    fn default_params() -> Params {
        Params { w: 4, h: 4, movetarget: 0 }
    }

    fn presets() -> Vec<Preset<Params>> {
        [(3, 3), (4, 3), (4, 4), (5, 4), (5, 5)]
            .iter()
            .map(|&(w, h)| Preset { name: format!("{}x{}", w, h), params: Params { w, h, movetarget: 0 } })
            .collect()
    }

    fn encode_params(p: &Params, _full: bool) -> String {
        if p.movetarget > 0 { format!("{}x{}m{}", p.w, p.h, p.movetarget) } else { format!("{}x{}", p.w, p.h) }
    }

    /// `N`, `WxH`, each optionally followed by `mN`; a missing `m` means no move target.
    fn decode_params(p: &mut Params, s: &str) -> Result<(), PuzzleError> {
        let (w, mut rest) = parse_uint(s).ok_or(PuzzleError::params("Width must be a number"))?;
        let mut h = w;
        if let Some(r) = rest.strip_prefix('x') {
            let (v, r) = parse_uint(r).ok_or(PuzzleError::params("Height must be a number"))?;
            h = v;
            rest = r;
        }
        let mut movetarget = 0;
        if let Some(r) = rest.strip_prefix('m') {
            let (v, r) = parse_uint(r).ok_or(PuzzleError::params("Number of shuffling moves must be a number"))?;
            movetarget = v;
            rest = r;
        }
        if !rest.is_empty() {
            return Err(PuzzleError::params("Unexpected characters in the parameters"));
        }
        *p = Params { w, h, movetarget };
        Ok(())
    }

    fn validate_params(p: &Params, _full: bool) -> Result<(), PuzzleError> {
        if p.w < 2 || p.h < 2 {
            return Err(PuzzleError::params("Width and height must both be at least two"));
        }
        if p.w > 32 || p.h > 32 {
            return Err(PuzzleError::params("Width and height must be at most 32"));
        }
        if p.movetarget > MAX_MOVETARGET {
            return Err(PuzzleError::params("Number of shuffling moves must be at most 100000"));
        }
        Ok(())
    }

    fn configure(p: &Params) -> Vec<ConfigItem> {
        vec![
            ConfigItem::String { name: "Width", value: format!("{}", p.w) },
            ConfigItem::String { name: "Height", value: format!("{}", p.h) },
            ConfigItem::String { name: "Number of shuffling moves", value: format!("{}", p.movetarget) },
        ]
    }

    fn custom_params(items: &[ConfigItem]) -> Result<Params, PuzzleError> {
        let num = |i: usize, what: &'static str| -> Result<u32, PuzzleError> {
            match items.get(i) {
                Some(ConfigItem::String { value, .. }) => {
                    let v = value.trim();
                    if v.starts_with('-') && parse_uint(&v[1..]).is_some_and(|(_, r)| r.is_empty()) {
                        return Err(PuzzleError::params(if i == 2 {
                            "Number of shuffling moves may not be negative"
                        } else {
                            "Width and height must both be at least two"
                        }));
                    }
                    match parse_uint(v) {
                        Some((n, "")) => Ok(n),
                        _ => Err(PuzzleError::params(what)),
                    }
                }
                _ => Err(PuzzleError::params(what)),
            }
        };
        Ok(Params {
            w: num(0, "Width must be a number")?,
            h: num(1, "Height must be a number")?,
            movetarget: num(2, "Number of shuffling moves must be a number")?,
        })
    }

    fn new_desc(p: &Params, rs: &mut RandomState, _interactive: bool) -> (String, Option<String>) {
        let tiles = if p.movetarget > 0 { shuffle_by_moves(p, rs) } else { random_arrangement(p, rs) };
        let mut desc = String::new();
        for (i, t) in tiles.iter().enumerate() {
            if i > 0 {
                desc.push(',');
            }
            desc.push_str(&format!("{}", t + 1));
        }
        (desc, None)
    }

    /// Exactly W·H distinct numbers 1..W·H, comma-separated. Like the reference, an
    /// arrangement of the wrong parity is accepted (it cannot be won).
    fn validate_desc(p: &Params, desc: &str) -> Result<(), PuzzleError> {
        parse_permutation_from(desc, (p.w * p.h) as usize, 1)?;
        Ok(())
    }

    fn new_game(p: &Params, desc: &str) -> State {
        let tiles: Vec<u32> = desc.split(',').map(|s| parse_uint(s).map_or(1, |(v, _)| v)).collect();
        State {
            w: p.w as usize,
            h: p.h as usize,
            tiles,
            completed: 0,
            used_solve: false,
            movecount: 0,
            movetarget: p.movetarget,
            last_movement_sense: 0,
        }
    }

    fn new_ui(_state: &State) -> Ui {
        Ui { cur_x: 0, cur_y: 0, cur_visible: false, cur_mode: CursorMode::Unlocked }
    }

    /// Mouse: a click on an arrow outside the grid rotates that row or column towards the
    /// arrow's direction (right button: the other way). Keyboard: the cursor walks round the
    /// ring of arrows and through the grid; Select on an arrow rotates, Select on a tile
    /// toggles "lock tile" (Select2: "lock position"), and while locked (or with Ctrl or Shift)
    /// the arrow keys rotate the cursor's row or column, the cursor following the tile
    /// (Ctrl, lock tile) or staying put (Shift, lock position).
    fn interpret_move(state: &State, ui: &mut Ui, ds: &DrawState, input: PuzzleInput) -> MoveResult {
        let (w, h) = (state.w as i32, state.h as i32);
        let key = input.key;
        let (ctrl, shift) = (input.mods.has(Mods::CTRL), input.mods.has(Mods::SHIFT));
        if key.is_cursor_move() {
            if !ui.cur_visible {
                ui.cur_visible = true;
                return MoveResult::UiUpdate;
            }
            if ctrl || shift || ui.cur_mode != CursorMode::Unlocked {
                let (cx, cy) = (ui.cur_x, ui.cur_y);
                if cx < 0 || cx >= w || cy < 0 || cy >= h {
                    return MoveResult::Ignored;
                }
                let (x, y) = step_clamped(key, cx, cy, w, h);
                let (dx, dy) = arrow_delta(key);
                let (xw, yw) = ((cx + dx).rem_euclid(w), (cy + dy).rem_euclid(h));
                let mv = if x != xw {
                    format!("R{},{}1", y, if x != 0 { '+' } else { '-' })
                } else if y != yw {
                    format!("C{},{}1", x, if y != 0 { '+' } else { '-' })
                } else if x == cx {
                    format!("C{},{}", x, y - cy)
                } else {
                    format!("R{},{}", y, x - cx)
                };
                if ctrl || (!shift && ui.cur_mode == CursorMode::LockTile) {
                    ui.cur_x = xw;
                    ui.cur_y = yw;
                }
                return MoveResult::Move(mv);
            }
            // Free movement over the (w+2)×(h+2) ring and grid; stepping into a corner goes
            // round it to the neighbouring side.
            let (x, y) = step_clamped(key, ui.cur_x + 1, ui.cur_y + 1, w + 2, h + 2);
            let (ox, oy) = (ui.cur_x, ui.cur_y);
            (ui.cur_x, ui.cur_y) = match (x, y) {
                (0, 0) => (oy, ox),
                (0, y) if y == h + 1 => ((h - 1) - oy, (h - 1) - ox),
                (x, 0) if x == w + 1 => ((w - 1) - oy, (w - 1) - ox),
                (x, y) if x == w + 1 && y == h + 1 => (w - h + oy, h - w + ox),
                _ => (x - 1, y - 1),
            };
            ui.cur_visible = true;
            return MoveResult::UiUpdate;
        }
        let (cx, cy, reverse) = match key {
            Key::Press(b @ (Button::Left | Button::Right)) => {
                ui.cur_visible = false;
                (ds.cell_at(input.x), ds.cell_at(input.y), b == Button::Right)
            }
            Key::CursorSelect | Key::CursorSelect2 => {
                if !ui.cur_visible {
                    ui.cur_visible = true;
                    return MoveResult::UiUpdate;
                }
                if ui.cur_x == -1 || ui.cur_x == w || ui.cur_y == -1 || ui.cur_y == h {
                    (ui.cur_x, ui.cur_y, key == Key::CursorSelect2)
                } else {
                    let m = if key == Key::CursorSelect2 { CursorMode::LockPosition } else { CursorMode::LockTile };
                    ui.cur_mode = if ui.cur_mode == m { CursorMode::Unlocked } else { m };
                    return MoveResult::UiUpdate;
                }
            }
            _ => return MoveResult::Ignored,
        };
        let (mut dx, mut dy) = if cx == -1 && (0..h).contains(&cy) {
            (-1, 0)
        } else if cx == w && (0..h).contains(&cy) {
            (1, 0)
        } else if cy == -1 && (0..w).contains(&cx) {
            (0, -1)
        } else if cy == h && (0..w).contains(&cx) {
            (0, 1)
        } else {
            // Not an arrow.
            return MoveResult::UiUpdate;
        };
        if reverse {
            dx = -dx;
            dy = -dy;
        }
        MoveResult::Move(if dx != 0 { format!("R{},{}", cy, dx) } else { format!("C{},{}", cx, dy) })
    }

    fn execute_move(from: &State, mv: &str) -> Result<State, PuzzleError> {
        let (w, h) = (from.w as i32, from.h as i32);
        if mv == "S" {
            let mut ret = from.clone();
            for (i, t) in ret.tiles.iter_mut().enumerate() {
                *t = i as u32 + 1;
            }
            ret.used_solve = true;
            ret.completed = 1;
            ret.movecount = 1;
            return Ok(ret);
        }
        let (letter, line, d) = parse_line_move(mv).ok_or(PuzzleError::bad_move("Move must be S, Ry,d or Cx,d"))?;
        // The reference's ranges (a row may turn by −h..=w places, a column by −h..=h).
        let (row, limit_ok) = match letter {
            b'R' => (true, (0..h).contains(&line) && -h <= d && d <= w),
            b'C' => (false, (0..w).contains(&line) && -h <= d && d <= h),
            _ => return Err(PuzzleError::bad_move("Move must be S, Ry,d or Cx,d")),
        };
        if !limit_ok {
            return Err(PuzzleError::bad_move("Row, column or distance out of range"));
        }
        let mut ret = from.clone();
        let len = if row { w } else { h };
        for k in 0..len {
            let src = (k - d).rem_euclid(len);
            let (dst_i, src_i) = if row { (line * w + k, line * w + src) } else { (k * w + line, src * w + line) };
            ret.tiles[dst_i as usize] = from.tiles[src_i as usize];
        }
        ret.movecount += 1;
        ret.last_movement_sense = d;
        if ret.completed == 0 && ret.is_solved() {
            ret.completed = ret.movecount;
        }
        Ok(ret)
    }

    fn solve(_orig: &State, _curr: &State, _aux: Option<&str>) -> Result<String, PuzzleError> {
        Ok("S".into())
    }

    /// Numbers right-aligned in columns as wide as the largest.
    fn text_format(state: &State) -> Option<String> {
        let col = format!("{}", state.tiles.len()).len();
        let mut out = String::new();
        for (i, &t) in state.tiles.iter().enumerate() {
            out.push_str(&format!("{:>col$}", t, col = col));
            out.push(if (i + 1) % state.w == 0 { '\n' } else { ' ' });
        }
        Some(out)
    }

    fn status(state: &State) -> Status {
        if state.completed > 0 { Status::Won } else { Status::Playing }
    }

    fn status_text(state: &State, _ui: &Ui) -> Option<String> {
        Some(if state.used_solve {
            format!("Moves since auto-solve: {}", state.movecount - state.completed)
        } else {
            let mut s = if state.completed > 0 {
                format!("COMPLETED! Moves: {}", state.completed)
            } else {
                format!("Moves: {}", state.movecount)
            };
            if state.movetarget > 0 {
                s.push_str(&format!(" (target {})", state.movetarget));
            }
            s
        })
    }

    fn cursor_location(_state: &State, ui: &Ui, ds: &DrawState) -> Option<Rect> {
        ui.cur_visible.then(|| Rect::new(ds.coord(ui.cur_x), ds.coord(ui.cur_y), ds.tilesize, ds.tilesize))
    }

    fn compute_size(p: &Params, tile: i32) -> (i32, i32) {
        (tile * (p.w as i32 + 2), tile * (p.h as i32 + 2))
    }

    fn colours(background: Colour) -> Vec<Colour> {
        let (bg, hi, lo) = Colour::highlights(background);
        vec![bg, Colour::rgb(0, 0, 0), hi, lo]
    }

    fn new_drawstate(_dr: &mut dyn Drawing, state: &State) -> DrawState {
        DrawState {
            started: false,
            w: state.w,
            h: state.h,
            bgcolour: COL_BACKGROUND,
            tiles: vec![-1; state.tiles.len()],
            tilesize: 0,
            cur_x: -1,
            cur_y: -1,
        }
    }

    fn set_size(_dr: &mut dyn Drawing, ds: &mut DrawState, _p: &Params, tile: i32) {
        ds.tilesize = tile;
    }

    fn anim_length(_old: &State, _new: &State, _dir: Dir, _ui: &mut Ui) -> u32 {
        ANIM_MS
    }

    fn flash_length(old: &State, new: &State, _dir: Dir, _ui: &mut Ui) -> u32 {
        if old.completed == 0 && new.completed > 0 && !old.used_solve && !new.used_solve {
            2 * FLASH_FRAME_MS
        } else {
            0
        }
    }

    fn redraw(
        dr: &mut dyn Drawing,
        ds: &mut DrawState,
        old: Option<&State>,
        state: &State,
        dir: Dir,
        ui: &Ui,
        anim_time: u32,
        flash_time: u32,
    ) {
        let ts = ds.tilesize;
        let (w, h) = (state.w as i32, state.h as i32);
        let bgcolour = if flash_time > 0 {
            if (flash_time / FLASH_FRAME_MS) % 2 == 1 { COL_LOWLIGHT } else { COL_HIGHLIGHT }
        } else {
            COL_BACKGROUND
        };
        if !ds.started {
            let (sw, sh) = Self::compute_size(&Params { w: w as u32, h: h as u32, movetarget: 0 }, ts);
            dr.draw_rect(0, 0, sw, sh, COL_BACKGROUND);
            let hw = ts / 20;
            draw_recessed_well(
                dr,
                ds.coord(0) - hw,
                ds.coord(0) - hw,
                ds.coord(w) + hw - 1,
                ds.coord(h) + hw - 1,
                ts,
                PENS,
            );
            for i in 0..w {
                draw_arrow(dr, ts, ds.coord(i), ds.coord(0), 1, 0, false);
                draw_arrow(dr, ts, ds.coord(i + 1), ds.coord(h), -1, 0, false);
            }
            for i in 0..h {
                draw_arrow(dr, ts, ds.coord(w), ds.coord(i), 0, 1, false);
                draw_arrow(dr, ts, ds.coord(0), ds.coord(i + 1), 0, -1, false);
            }
            dr.draw_update(0, 0, sw, sh);
            ds.started = true;
        }
        let (cur_x, cur_y) = if ui.cur_visible { (ui.cur_x, ui.cur_y) } else { (-1, -1) };
        let cursor_moved = cur_x != ds.cur_x || cur_y != ds.cur_y;
        if cursor_moved {
            draw_arrow_for_cursor(dr, ds, cur_x, cur_y, true);
            draw_arrow_for_cursor(dr, ds, ds.cur_x, ds.cur_y, false);
        }
        dr.clip(ds.coord(0), ds.coord(0), ts * w, ts * h);
        for i in 0..state.tiles.len() {
            let t: i32 = match old {
                Some(o) if o.tiles[i] != state.tiles[i] => -1,
                _ => state.tiles[i] as i32,
            };
            let cursor_here = is_tile_cursor(i, state.w, state.h, cur_x, cur_y);
            let redraw = ds.bgcolour != bgcolour
                || ds.tiles[i] != t
                || ds.tiles[i] == -1
                || t == -1
                || (cursor_moved && (is_tile_cursor(i, state.w, state.h, ds.cur_x, ds.cur_y) || cursor_here));
            if redraw {
                let (x1, y1) = (ds.coord(i as i32 % w), ds.coord(i as i32 / w));
                let tile = state.tiles[i];
                match old {
                    Some(o) if t == -1 => {
                        // Sliding from where it was in the old state, one cell along the line;
                        // a tile wrapping round is drawn twice, leaving one end and entering the
                        // other.
                        let sense = if dir < 0 { -o.last_movement_sense } else { state.last_movement_sense };
                        let j = o.tiles.iter().position(|&x| x == tile).unwrap_or(i) as i32;
                        let (x0, y0) = (ds.coord(j % w), ds.coord(j / w));
                        let mut dx = x1 - x0;
                        if dx != 0 && dx != ts * sense {
                            dx = if dx < 0 { dx + ts * w } else { dx - ts * w };
                        }
                        let mut dy = y1 - y0;
                        if dy != 0 && dy != ts * sense {
                            dy = if dy < 0 { dy + ts * h } else { dy - ts * h };
                        }
                        let c = anim_time.min(ANIM_MS) as i32;
                        let (ix, iy) = (dx * c / ANIM_MS as i32, dy * c / ANIM_MS as i32);
                        draw_numbered_tile(dr, ts, x0 + ix, y0 + iy, tile, bgcolour, PENS);
                        draw_numbered_tile(dr, ts, x1 - dx + ix, y1 - dy + iy, tile, bgcolour, PENS);
                    }
                    _ => {
                        let face = if cursor_here { COL_LOWLIGHT } else { bgcolour };
                        draw_numbered_tile(dr, ts, x1, y1, tile, face, PENS);
                    }
                }
            }
            ds.tiles[i] = t;
        }
        ds.cur_x = cur_x;
        ds.cur_y = cur_y;
        dr.unclip();
        ds.bgcolour = bgcolour;
    }
}

/// An arrow in the border cell whose corner is (`x`,`y`), pointing along (`xdx`,`xdy`) (the
/// cell is the tile-sized square to the arrow's left when facing that way); highlighted when
/// the cursor is on it.
fn draw_arrow(dr: &mut dyn Drawing, ts: i32, x: i32, y: i32, xdx: i32, xdy: i32, cur: bool) {
    let (ydx, ydy) = (xdy, -xdx);
    let pt = |xx: i32, yy: i32| (x + xx * xdx + yy * ydx, y + xx * xdy + yy * ydy);
    let pts = [
        pt(ts / 2, 3 * ts / 4),
        pt(3 * ts / 4, ts / 2),
        pt(5 * ts / 8, ts / 2),
        pt(5 * ts / 8, ts / 4),
        pt(3 * ts / 8, ts / 4),
        pt(3 * ts / 8, ts / 2),
        pt(ts / 4, ts / 2),
    ];
    dr.draw_polygon(&pts, Some(if cur { COL_HIGHLIGHT } else { COL_LOWLIGHT }), COL_TEXT);
}

/// Redraws the arrow under a cursor position on the border (nothing for positions inside the
/// grid or no cursor).
fn draw_arrow_for_cursor(dr: &mut dyn Drawing, ds: &DrawState, cur_x: i32, cur_y: i32, cur: bool) {
    let (w, h, ts) = (ds.w as i32, ds.h as i32, ds.tilesize);
    if cur_x == -1 && cur_y == -1 {
        return;
    } else if cur_x == -1 {
        draw_arrow(dr, ts, ds.coord(0), ds.coord(cur_y + 1), 0, -1, cur);
    } else if cur_x == w {
        draw_arrow(dr, ts, ds.coord(w), ds.coord(cur_y), 0, 1, cur);
    } else if cur_y == -1 {
        draw_arrow(dr, ts, ds.coord(cur_x), ds.coord(0), 1, 0, cur);
    } else if cur_y == h {
        draw_arrow(dr, ts, ds.coord(cur_x + 1), ds.coord(h), -1, 0, cur);
    } else {
        return;
    }
    dr.draw_update(ds.coord(cur_x), ds.coord(cur_y), ts, ts);
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
