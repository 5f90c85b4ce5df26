//! Fifteen: the sliding-tile puzzle on any W×H grid, compatible with Simon Tatham's Fifteen.
//!
//! Compatibility is at the level of game IDs: parameters are `WxH` (or `N` for N×N), a
//! description is the W·H tile numbers row by row, comma-separated, with 0 for the gap
//! ("4x4:1,2,3,...,15,0" is solved), and `WxH#seed` generates the very same puzzle as
//! Tatham's implementation because the generator draws from the shared random stream in the
//! same order. Moves: `Mx,y` moves the gap to cell (x,y), sliding every tile in between;
//! `S` (solve) jumps to the solved position, as in the reference.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::gfx::{Colour, Drawing, Rect};
use crate::puzzle::backend::{
    Button, ConfigItem, Dir, Game, Key, MoveResult, Preset, PuzzleError, PuzzleInput, Status, parse_permutation,
    parse_uint,
};
use crate::puzzle::random::RandomState;

use super::bevel::{BevelPens, draw_numbered_tile, draw_recessed_well};

/// The game type.
pub struct Fifteen;

/// Grid size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Params {
    pub w: u32,
    pub h: u32,
}

/// A position. `completed` is the move count when first solved (0 = not yet), so the status
/// bar can keep showing the winning count while the player carries on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub w: usize,
    pub h: usize,
    /// Tile numbers row by row; 0 is the gap.
    pub tiles: Vec<u32>,
    pub gap: usize,
    pub movecount: u32,
    pub completed: u32,
    pub used_solve: bool,
}

impl State {
    fn is_solved(&self) -> bool {
        let n = self.tiles.len();
        self.tiles.iter().enumerate().all(|(i, &t)| t as usize == if i + 1 < n { i + 1 } else { 0 })
    }
}

/// Colour indices (order of [`Fifteen::colours`]).
pub const COL_BACKGROUND: usize = 0;
pub const COL_TEXT: usize = 1;
pub const COL_HIGHLIGHT: usize = 2;
pub const COL_LOWLIGHT: usize = 3;

/// The bevel pens of tiles and well.
const PENS: BevelPens = BevelPens { highlight: COL_HIGHLIGHT, lowlight: COL_LOWLIGHT, text: COL_TEXT };

/// Slide animation length.
pub const ANIM_MS: u32 = 130;
/// One frame of the two-frame completion flash.
pub const FLASH_FRAME_MS: u32 = 130;

/// What is on screen: the tile drawn in each cell (-1 unknown or mid-animation), the
/// background colour used (it changes while flashing), and the geometry.
pub struct DrawState {
    started: bool,
    tiles: Vec<i32>,
    bgcolour: usize,
    tilesize: i32,
    w: usize,
}

impl DrawState {
    fn border(&self) -> i32 {
        self.tilesize / 2
    }
    fn coord(&self, c: usize) -> i32 {
        c as i32 * self.tilesize + self.border()
    }
    /// The cell under a pixel coordinate, if any (floor division, so negatives are outside).
    fn cell_at(&self, p: i32) -> i32 {
        (p - self.border()).div_euclid(self.tilesize.max(1))
    }
}

/// Inversion parity of a permutation (the gap counts as tile 0).
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

/// The permutation parity a solvable position with the gap at `gap` must have: the gap's
/// chessboard distance parity from the bottom-right corner, xor the parity of the cyclic shift
/// between 0,1,…,n−1 and the solved order 1,…,n−1,0 (odd iff n is even).
fn required_parity(w: usize, h: usize, gap: usize) -> u32 {
    let (x, y) = (gap % w, gap / w);
    let n = w * h;
    (((w - 1 - x) + (h - 1 - y) + n + 1) & 1) as u32
}

/// Whether a tile arrangement can be slid to the solved position.
pub fn is_solvable(w: usize, h: usize, tiles: &[u32]) -> bool {
    let gap = tiles.iter().position(|&t| t == 0).unwrap_or(0);
    perm_parity(tiles) == required_parity(w, h, gap)
}

impl Game for Fifteen {
    type Params = Params;
    type State = State;
    type Ui = ();
    type DrawState = DrawState;

    const NAME: &'static str = "Fifteen";
    const PREFERRED_TILE_SIZE: i32 = 48;
    const CAN_CONFIGURE: bool = true;
    const CAN_SOLVE: bool = true;
    const CAN_FORMAT_AS_TEXT_EVER: bool = true;
    const WANTS_STATUSBAR: bool = true;

    fn default_params() -> Params {
        Params { w: 4, h: 4 }
    }

    fn presets() -> Vec<Preset<Params>> {
        [(3, 3), (4, 4), (5, 5), (6, 6)]
            .iter()
            .map(|&(w, h)| Preset { name: format!("{}x{}", w, h), params: Params { w, h } })
            .collect()
    }

    fn encode_params(p: &Params, _full: bool) -> String {
        format!("{}x{}", p.w, p.h)
    }

    /// `W`, `WxH`; like the reference a bare number means a square.
    fn decode_params(p: &mut Params, s: &str) -> Result<(), PuzzleError> {
        let (w, rest) = parse_uint(s).ok_or(PuzzleError::params("Width must be a number"))?;
        let h = match rest.strip_prefix('x') {
            Some(r) => {
                let (h, tail) = parse_uint(r).ok_or(PuzzleError::params("Height must be a number"))?;
                if !tail.is_empty() {
                    return Err(PuzzleError::params("Unexpected characters after the height"));
                }
                h
            }
            None if rest.is_empty() => w,
            None => return Err(PuzzleError::params("Expected 'x' after the width")),
        };
        *p = Params { w, h };
        Ok(())
    }

    fn validate_params(p: &Params, _full: bool) -> Result<(), PuzzleError> {
        if p.w < 2 || p.h < 2 {
            return Err(PuzzleError::params("Width and height must both be at least two"));
        }
        // Tile numbers must fit the screen and the 68030's patience.
        if p.w > 32 || p.h > 32 {
            return Err(PuzzleError::params("Width and height must be at most 32"));
        }
        Ok(())
    }

    fn configure(p: &Params) -> Vec<ConfigItem> {
        vec![
            ConfigItem::String { name: "Width", value: format!("{}", p.w) },
            ConfigItem::String { name: "Height", value: format!("{}", p.h) },
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
        Ok(Params { w: num(0, "Width must be a number")?, h: num(1, "Height must be a number")? })
    }

    /// The reference generator, draw for draw: gap position first, then every tile but the
    /// last two into the free cells in order, then the last two in whichever order gives a
    /// solvable parity; repeated in the (tiny-grid) case that the result is already solved.
    fn new_desc(p: &Params, rs: &mut RandomState, _interactive: bool) -> (String, Option<String>) {
        let (w, h) = (p.w as usize, p.h as usize);
        let n = w * h;
        let mut tiles: Vec<i64> = vec![-1; n];
        loop {
            tiles.iter_mut().for_each(|t| *t = -1);
            let mut used = vec![false; n];
            let gap = rs.upto(n as u32) as usize;
            tiles[gap] = 0;
            used[0] = true;
            let mut x = 0;
            let mut remaining = n - 1;
            while remaining > 2 {
                let mut k = rs.upto(remaining as u32) as usize;
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
                while tiles[x] >= 0 {
                    x += 1;
                }
                tiles[x] = j as i64;
                remaining -= 1;
            }
            let mut free = (0..n).filter(|&i| tiles[i] < 0);
            let (x1, x2) = (free.next().unwrap(), free.next().unwrap());
            let mut unused = (0..n).filter(|&i| !used[i]);
            let (p1, p2) = (unused.next().unwrap() as i64, unused.next().unwrap() as i64);
            tiles[x1] = p1;
            tiles[x2] = p2;
            let as_u32: Vec<u32> = tiles.iter().map(|&t| t as u32).collect();
            if perm_parity(&as_u32) != required_parity(w, h, gap) {
                tiles[x1] = p2;
                tiles[x2] = p1;
            }
            let solved = tiles.iter().enumerate().all(|(i, &t)| t as usize == if i + 1 < n { i + 1 } else { 0 });
            if !solved {
                break;
            }
        }
        let mut desc = String::new();
        for (i, t) in tiles.iter().enumerate() {
            if i > 0 {
                desc.push(',');
            }
            desc.push_str(&format!("{}", t));
        }
        (desc, None)
    }

    /// Exactly W·H distinct numbers 0..W·H−1, comma-separated. Positions are byte offsets.
    /// (Like the reference, an unsolvable arrangement is accepted: it simply cannot be won.)
    fn validate_desc(p: &Params, desc: &str) -> Result<(), PuzzleError> {
        parse_permutation(desc, (p.w * p.h) as usize)?;
        Ok(())
    }

    fn new_game(p: &Params, desc: &str) -> State {
        let tiles: Vec<u32> = desc.split(',').map(|s| parse_uint(s).map_or(0, |(v, _)| v)).collect();
        let gap = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        State { w: p.w as usize, h: p.h as usize, tiles, gap, movecount: 0, completed: 0, used_solve: false }
    }

    fn new_ui(_state: &State) {}

    /// A click on a tile in the gap's row or column slides it (and those between) into the
    /// gap; an arrow key slides the tile next to the gap in the arrow's direction.
    fn interpret_move(state: &State, _ui: &mut (), ds: &DrawState, input: PuzzleInput) -> MoveResult {
        let (gx, gy) = ((state.gap % state.w) as i32, (state.gap / state.w) as i32);
        let (x, y) = match input.key {
            Key::Press(Button::Left) => (ds.cell_at(input.x), ds.cell_at(input.y)),
            Key::CursorLeft => (gx + 1, gy),
            Key::CursorRight => (gx - 1, gy),
            Key::CursorUp => (gx, gy + 1),
            Key::CursorDown => (gx, gy - 1),
            _ => return MoveResult::Ignored,
        };
        if x < 0 || y < 0 || x >= state.w as i32 || y >= state.h as i32 {
            return MoveResult::Ignored;
        }
        if (x == gx) == (y == gy) {
            // The gap itself, or not in line with it.
            return MoveResult::Ignored;
        }
        MoveResult::Move(format!("M{},{}", x, y))
    }

    fn execute_move(from: &State, mv: &str) -> Result<State, PuzzleError> {
        if mv == "S" {
            let n = from.tiles.len();
            let mut ret = from.clone();
            for (i, t) in ret.tiles.iter_mut().enumerate() {
                *t = ((i + 1) % n) as u32;
            }
            ret.gap = n - 1;
            ret.used_solve = true;
            ret.completed = 1;
            ret.movecount = 1;
            return Ok(ret);
        }
        let rest = mv.strip_prefix('M').ok_or(PuzzleError::bad_move("Move must start with M or be S"))?;
        let (dx, rest) = parse_uint(rest).ok_or(PuzzleError::bad_move("Expected a column number"))?;
        let rest = rest.strip_prefix(',').ok_or(PuzzleError::bad_move("Expected a comma"))?;
        let (dy, rest) = parse_uint(rest).ok_or(PuzzleError::bad_move("Expected a row number"))?;
        if !rest.is_empty() {
            return Err(PuzzleError::bad_move("Unexpected characters after the move"));
        }
        let (dx, dy) = (dx as usize, dy as usize);
        let (gx, gy) = (from.gap % from.w, from.gap / from.w);
        if dx >= from.w || dy >= from.h {
            return Err(PuzzleError::bad_move("Cell outside the grid"));
        }
        if (dx == gx) == (dy == gy) {
            return Err(PuzzleError::bad_move("Cell must be in the gap's row or column, and not the gap"));
        }
        let mut ret = from.clone();
        let target = dy * from.w + dx;
        let step: isize = if dx > gx {
            1
        } else if dx < gx {
            -1
        } else if dy > gy {
            from.w as isize
        } else {
            -(from.w as isize)
        };
        let mut p = from.gap as isize;
        while p != target as isize {
            ret.tiles[p as usize] = from.tiles[(p + step) as usize];
            ret.movecount += 1;
            p += step;
        }
        ret.tiles[target] = 0;
        ret.gap = target;
        if ret.completed == 0 && ret.is_solved() {
            ret.completed = ret.movecount;
        }
        Ok(ret)
    }

    fn solve(_orig: &State, _curr: &State, _aux: Option<&str>) -> Result<String, PuzzleError> {
        Ok("S".into())
    }

    /// Numbers right-aligned in columns as wide as the largest, the gap blank.
    fn text_format(state: &State) -> Option<String> {
        let col = format!("{}", state.tiles.len() - 1).len();
        let mut out = String::new();
        for (i, &t) in state.tiles.iter().enumerate() {
            if t == 0 {
                out.push_str(&format!("{:>col$}", "", col = col));
            } else {
                out.push_str(&format!("{:>col$}", t, col = col));
            }
            out.push(if (i + 1) % state.w == 0 { '\n' } else { ' ' });
        }
        Some(out)
    }

    fn status(state: &State) -> Status {
        if state.completed > 0 { Status::Won } else { Status::Playing }
    }

    fn status_text(state: &State, _ui: &()) -> Option<String> {
        Some(if state.used_solve {
            format!("Moves since auto-solve: {}", state.movecount - state.completed)
        } else if state.completed > 0 {
            format!("COMPLETED! Moves: {}", state.completed)
        } else {
            format!("Moves: {}", state.movecount)
        })
    }

    fn cursor_location(state: &State, _ui: &(), ds: &DrawState) -> Option<Rect> {
        Some(Rect::new(ds.coord(state.gap % state.w), ds.coord(state.gap / state.w), ds.tilesize, ds.tilesize))
    }

    fn compute_size(p: &Params, tile: i32) -> (i32, i32) {
        (tile * p.w as i32 + tile / 2 * 2, tile * p.h as i32 + tile / 2 * 2)
    }

    fn colours(background: Colour) -> Vec<Colour> {
        let (bg, hi, lo) = Colour::highlights(background);
        vec![bg, Colour::rgb(0, 0, 0), hi, lo]
    }

    fn new_drawstate(_dr: &mut dyn Drawing, state: &State) -> DrawState {
        DrawState {
            started: false,
            tiles: vec![-1; state.tiles.len()],
            bgcolour: COL_BACKGROUND,
            tilesize: 0,
            w: state.w,
        }
    }

    fn set_size(_dr: &mut dyn Drawing, ds: &mut DrawState, _p: &Params, tile: i32) {
        ds.tilesize = tile;
    }

    fn anim_length(_old: &State, _new: &State, _dir: Dir, _ui: &mut ()) -> u32 {
        ANIM_MS
    }

    fn flash_length(old: &State, new: &State, _dir: Dir, _ui: &mut ()) -> u32 {
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
        _dir: Dir,
        _ui: &(),
        anim_time: u32,
        flash_time: u32,
    ) {
        let ts = ds.tilesize;
        let hw = ts / 20;
        let bgcolour = if flash_time > 0 {
            if (flash_time / FLASH_FRAME_MS) % 2 == 1 { COL_LOWLIGHT } else { COL_HIGHLIGHT }
        } else {
            COL_BACKGROUND
        };
        if !ds.started {
            let (w, h) = Self::compute_size(&Params { w: state.w as u32, h: state.h as u32 }, ts);
            dr.draw_rect(0, 0, w, h, COL_BACKGROUND);
            // The recessed well holding the tiles.
            let (x0, y0) = (ds.coord(0) - hw, ds.coord(0) - hw);
            let (x1, y1) = (ds.coord(state.w) + hw - 1, ds.coord(state.h) + hw - 1);
            draw_recessed_well(dr, x0, y0, x1, y1, ts, PENS);
            dr.draw_update(0, 0, w, h);
            ds.started = true;
        }
        // Two passes: first blank every cell in transition, then draw the moving tiles at
        // their interpolated positions over the blanks (tiles only ever move along a line of
        // blanked cells, so nothing else gets overdrawn).
        for pass in 0..2 {
            for i in 0..state.tiles.len() {
                let t: i32 = match old {
                    Some(o) if o.tiles[i] != state.tiles[i] => -1,
                    _ => state.tiles[i] as i32,
                };
                if !(ds.bgcolour != bgcolour || ds.tiles[i] != t || ds.tiles[i] == -1 || t == -1) {
                    continue;
                }
                let (cx, cy) = (ds.coord(i % ds.w), ds.coord(i / ds.w));
                if t == -1 {
                    if pass == 0 {
                        draw_tile(dr, ts, cx, cy, 0, bgcolour);
                    } else {
                        let tile = state.tiles[i];
                        if tile != 0 {
                            let j = old.and_then(|o| o.tiles.iter().position(|&x| x == tile)).unwrap_or(i);
                            let (ox, oy) = (ds.coord(j % ds.w), ds.coord(j / ds.w));
                            let c = anim_time.min(ANIM_MS) as i32;
                            let x = ox + (cx - ox) * c / ANIM_MS as i32;
                            let y = oy + (cy - oy) * c / ANIM_MS as i32;
                            draw_tile(dr, ts, x, y, tile, bgcolour);
                        }
                    }
                } else if pass == 1 {
                    draw_tile(dr, ts, cx, cy, t as u32, bgcolour);
                }
                if pass == 1 {
                    ds.tiles[i] = t;
                }
            }
        }
        ds.bgcolour = bgcolour;
    }
}

/// One tile (0 = the gap) with Fifteen's pens.
fn draw_tile(dr: &mut dyn Drawing, ts: i32, x: i32, y: i32, tile: u32, face: usize) {
    draw_numbered_tile(dr, ts, x, y, tile, face, PENS);
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
