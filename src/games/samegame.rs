//! Same Game, compatible with Simon Tatham's: a grid of coloured squares; clicking a group
//! of two or more orthogonally connected squares of one colour selects it, clicking it again
//! removes it (scoring (n−2)² or (n−1)² for n squares); the squares above fall down and empty
//! columns close up to the left. The aim is to clear the grid.
//!
//! - Parameters `WxHcCsS` (C colours, S = 1 or 2 the score offset), `r` in the full encoding
//!   for the plain random generator instead of the "soluble" one.
//! - Description: W·H colour numbers 1..C row by row, comma-separated (0 = empty).
//! - Moves: `M` followed by the comma-separated indices of the removed squares.
//! - Generators: `r` fills the grid at random after placing two squares of each colour, draw
//!   for draw as the reference (so `WxHcCsSr#seed` gives his puzzle). The soluble generator is
//!   our own (`generator.rs`): it plays a game backwards from the empty grid, inserting
//!   dominoes (and one tromino on odd areas) that a removal would take out again; it does not
//!   reproduce the reference's grids for the same seed. `solver.rs` clears a grid by search.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::gfx::{Colour, Drawing, Rect};
use crate::puzzle::backend::{
    Button, ConfigItem, Dir, Game, Key, MoveResult, Preset, PuzzleError, PuzzleInput, Status, parse_number_list,
    parse_uint,
};
use crate::puzzle::random::RandomState;

use super::bevel::{BevelPens, draw_recessed_well};

pub mod generator;
pub mod solver;

/// The game type.
pub struct SameGame;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Params {
    pub w: u32,
    pub h: u32,
    pub ncols: u32,
    /// Points for removing n squares: (n − scoresub)², 1 or 2.
    pub scoresub: u32,
    /// Generate grids that can be cleared.
    pub soluble: bool,
}

/// Largest side (the description and the solver stay small).
pub const MAX_SIDE: u32 = 30;

/// Points for removing `n` squares at once.
pub fn npoints(scoresub: u32, n: u32) -> u32 {
    n.saturating_sub(scoresub).pow(2)
}

/// A position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub w: usize,
    pub h: usize,
    pub ncols: u32,
    pub scoresub: u32,
    /// Colour per square, row by row, 0 = empty.
    pub tiles: Vec<u8>,
    pub score: u32,
    pub complete: bool,
    /// Squares remain but no two touching ones share a colour.
    pub impossible: bool,
}

/// The selection and the keyboard cursor.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ui {
    pub selected: Vec<bool>,
    pub nselected: u32,
    pub xsel: i32,
    pub ysel: i32,
    pub displaysel: bool,
}

impl Ui {
    fn clear_selection(&mut self) {
        self.selected.iter_mut().for_each(|s| *s = false);
        self.nselected = 0;
    }
}

/// Colour indices (order of [`SameGame::colours`]): background, the nine square colours,
/// then these.
pub const COL_BACKGROUND: usize = 0;
pub const COL_IMPOSSIBLE: usize = 10;
pub const COL_SEL: usize = 11;
pub const COL_HIGHLIGHT: usize = 12;
pub const COL_LOWLIGHT: usize = 13;

/// One frame of the two-frame flash (on completion or when no move is left).
pub const FLASH_FRAME_MS: u32 = 130;

/// Draw-state bits over the colour (Tatham's, combined per square).
const TILE_COLMASK: u32 = 0x00ff;
const TILE_SELECTED: u32 = 0x0100;
const TILE_JOINRIGHT: u32 = 0x0200;
const TILE_JOINDOWN: u32 = 0x0400;
const TILE_JOINDIAG: u32 = 0x0800;
const TILE_HASSEL: u32 = 0x1000;
const TILE_IMPOSSIBLE: u32 = 0x2000;

pub struct DrawState {
    started: bool,
    bgcolour: Option<usize>,
    tileinner: i32,
    tilegap: i32,
    /// What each square shows (`u32::MAX` = unknown).
    tiles: Vec<u32>,
}

impl DrawState {
    fn tilesize(&self) -> i32 {
        self.tileinner + self.tilegap
    }
    fn coord(&self, c: i32) -> i32 {
        c * self.tilesize() + self.tilesize() / 2
    }
    fn cell_at(&self, p: i32) -> i32 {
        (p - self.tilesize() / 2).div_euclid(self.tilesize().max(1))
    }
}

fn tile_gap(tile: i32) -> i32 {
    (tile + 8) / 16
}

/// The squares of `tiles` connected to `start` through squares of its colour (`start`
/// included), by flood fill.
pub fn group_at(w: usize, h: usize, tiles: &[u8], start: usize) -> Vec<usize> {
    let c = tiles[start];
    let mut seen = vec![false; tiles.len()];
    let mut out = vec![start];
    seen[start] = true;
    let mut k = 0;
    while k < out.len() {
        let i = out[k];
        k += 1;
        let (x, y) = (i % w, i / w);
        let mut visit = |j: usize| {
            if !seen[j] && tiles[j] == c {
                seen[j] = true;
                out.push(j);
            }
        };
        if x > 0 {
            visit(i - 1);
        }
        if x + 1 < w {
            visit(i + 1);
        }
        if y > 0 {
            visit(i - w);
        }
        if y + 1 < h {
            visit(i + w);
        }
    }
    out
}

/// Lets every square fall as far as it can, then closes up empty columns to the left.
pub fn settle(w: usize, h: usize, tiles: &mut [u8]) {
    for x in 0..w {
        let mut dst = h;
        for y in (0..h).rev() {
            let t = tiles[y * w + x];
            if t != 0 {
                dst -= 1;
                tiles[y * w + x] = 0;
                tiles[dst * w + x] = t;
            }
        }
    }
    let mut dst = 0;
    for x in 0..w {
        if tiles[(h - 1) * w + x] != 0 {
            if dst != x {
                for y in 0..h {
                    tiles[y * w + dst] = tiles[y * w + x];
                    tiles[y * w + x] = 0;
                }
            }
            dst += 1;
        }
    }
}

/// Whether any two touching squares share a colour.
pub fn any_move(w: usize, h: usize, tiles: &[u8]) -> bool {
    (0..w * h).any(|i| {
        let c = tiles[i];
        c != 0 && ((i % w + 1 < w && tiles[i + 1] == c) || (i / w + 1 < h && tiles[i + w] == c))
    })
}

/// The reference's random grid: two squares of each colour first (drawn until a free square
/// comes up), then every free square a random colour.
fn random_grid(p: &Params, rs: &mut RandomState) -> Vec<u8> {
    let n = (p.w * p.h) as usize;
    let mut grid = vec![0u8; n];
    for c in 1..=p.ncols as u8 {
        for _ in 0..2 {
            let i = loop {
                let i = rs.upto(n as u32) as usize;
                if grid[i] == 0 {
                    break i;
                }
            };
            grid[i] = c;
        }
    }
    for g in grid.iter_mut() {
        if *g == 0 {
            *g = rs.upto(p.ncols) as u8 + 1;
        }
    }
    grid
}

impl Game for SameGame {
    type Params = Params;
    type State = State;
    type Ui = Ui;
    type DrawState = DrawState;

    const NAME: &'static str = "Same Game";
    const PREFERRED_TILE_SIZE: i32 = 32;
    const CAN_CONFIGURE: bool = true;
    const CAN_FORMAT_AS_TEXT_EVER: bool = true;
    const WANTS_STATUSBAR: bool = true;

    fn default_params() -> Params {
        Params { w: 5, h: 5, ncols: 3, scoresub: 2, soluble: true }
    }

    fn presets() -> Vec<Preset<Params>> {
        [(5, 5, 3), (10, 5, 3), (15, 10, 3), (15, 10, 4), (20, 15, 4)]
            .iter()
            .map(|&(w, h, ncols)| Preset {
                name: format!("{}x{}, {} colours", w, h, ncols),
                params: Params { w, h, ncols, scoresub: 2, soluble: true },
            })
            .collect()
    }

    fn encode_params(p: &Params, full: bool) -> String {
        format!("{}x{}c{}s{}{}", p.w, p.h, p.ncols, p.scoresub, if full && !p.soluble { "r" } else { "" })
    }

    /// `W[xH][cC][sS][r]`: missing parts take the reference's defaults (square, 3 colours,
    /// offset 2); without `r` the generator choice stays as it was (a game ID's short form).
    fn decode_params(p: &mut Params, s: &str) -> Result<(), PuzzleError> {
        let (w, mut rest) = parse_uint(s).ok_or(PuzzleError::params("Width must be a number"))?;
        let mut field = |letter: char, default: u32, what: &'static str| -> Result<u32, PuzzleError> {
            match rest.strip_prefix(letter) {
                Some(r) => {
                    let (v, r) = parse_uint(r).ok_or(PuzzleError::params(what))?;
                    rest = r;
                    Ok(v)
                }
                None => Ok(default),
            }
        };
        let h = field('x', w, "Height must be a number")?;
        let ncols = field('c', 3, "Number of colours must be a number")?;
        let scoresub = field('s', 2, "Scoring system must be a number")?;
        let soluble = match rest {
            "" => p.soluble,
            "r" => false,
            _ => return Err(PuzzleError::params("Unexpected characters in the parameters")),
        };
        *p = Params { w, h, ncols, scoresub, soluble };
        Ok(())
    }

    fn validate_params(p: &Params, _full: bool) -> Result<(), PuzzleError> {
        if p.w < 1 || p.h < 1 {
            return Err(PuzzleError::params("Width and height must both be positive"));
        }
        if p.w > MAX_SIDE || p.h > MAX_SIDE {
            return Err(PuzzleError::params("Width and height must be at most 30"));
        }
        if p.ncols > 9 {
            return Err(PuzzleError::params("Maximum of 9 colours"));
        }
        if p.soluble {
            if p.ncols < 3 {
                return Err(PuzzleError::params("Number of colours must be at least three"));
            }
            if p.w * p.h <= 1 {
                return Err(PuzzleError::params("Grid area must be greater than 1"));
            }
        } else {
            if p.ncols < 2 {
                return Err(PuzzleError::params("Number of colours must be at least two"));
            }
            if p.w * p.h < p.ncols * 2 {
                return Err(PuzzleError::params("Too many colours makes given grid size impossible"));
            }
        }
        if p.scoresub < 1 || p.scoresub > 2 {
            return Err(PuzzleError::params("Scoring system not recognised"));
        }
        Ok(())
    }

    fn configure(p: &Params) -> Vec<ConfigItem> {
        vec![
            ConfigItem::String { name: "Width", value: format!("{}", p.w) },
            ConfigItem::String { name: "Height", value: format!("{}", p.h) },
            ConfigItem::String { name: "No. of colours", value: format!("{}", p.ncols) },
            ConfigItem::Choices {
                name: "Scoring system",
                choices: &["(n-1)^2", "(n-2)^2"],
                selected: (p.scoresub as usize).saturating_sub(1).min(1),
            },
            ConfigItem::Boolean { name: "Ensure solubility", value: p.soluble },
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
        let scoresub = match items.get(3) {
            Some(ConfigItem::Choices { selected, .. }) if *selected < 2 => *selected as u32 + 1,
            _ => return Err(PuzzleError::params("Scoring system not recognised")),
        };
        let soluble = match items.get(4) {
            Some(ConfigItem::Boolean { value, .. }) => *value,
            _ => return Err(PuzzleError::params("Ensure solubility must be a check box")),
        };
        Ok(Params {
            w: num(0, "Width must be a number")?,
            h: num(1, "Height must be a number")?,
            ncols: num(2, "Number of colours must be a number")?,
            scoresub,
            soluble,
        })
    }

    fn new_desc(p: &Params, rs: &mut RandomState, _interactive: bool) -> (String, Option<String>) {
        let grid = if p.soluble {
            generator::soluble_grid(p.w as usize, p.h as usize, p.ncols as u8, rs)
        } else {
            random_grid(p, rs)
        };
        let mut desc = String::with_capacity(grid.len() * 2);
        for (i, c) in grid.iter().enumerate() {
            if i > 0 {
                desc.push(',');
            }
            desc.push_str(&format!("{}", c));
        }
        (desc, None)
    }

    /// W·H numbers 0..=C, comma-separated (the reference accepts any grid, even one that
    /// cannot be cleared or has floating squares: they fall at the first move).
    fn validate_desc(p: &Params, desc: &str) -> Result<(), PuzzleError> {
        parse_number_list(desc, (p.w * p.h) as usize, |n, at| {
            if n > p.ncols { Err(PuzzleError::desc("Colour out of range", at)) } else { Ok(()) }
        })?;
        Ok(())
    }

    fn new_game(p: &Params, desc: &str) -> State {
        let tiles: Vec<u8> = desc.split(',').map(|s| parse_uint(s).map_or(0, |(v, _)| v.min(9) as u8)).collect();
        State {
            w: p.w as usize,
            h: p.h as usize,
            ncols: p.ncols,
            scoresub: p.scoresub,
            tiles,
            score: 0,
            complete: false,
            impossible: false,
        }
    }

    fn new_ui(state: &State) -> Ui {
        Ui { selected: vec![false; state.tiles.len()], nselected: 0, xsel: 0, ysel: 0, displaysel: false }
    }

    fn changed_state(ui: &mut Ui, _old: Option<&State>, _new: &State) {
        ui.clear_selection();
    }

    /// A click (or select) on a group selects it; on the selected group, removes it (right
    /// button, select2: deselects). Arrow keys move the cursor, wrapping round.
    fn interpret_move(state: &State, ui: &mut Ui, ds: &DrawState, input: PuzzleInput) -> MoveResult {
        let (w, h) = (state.w as i32, state.h as i32);
        let key = input.key;
        let cursor_was_shown = ui.displaysel;
        let (tx, ty) = match key {
            Key::Press(Button::Left | Button::Right) => {
                ui.displaysel = false;
                (ds.cell_at(input.x), ds.cell_at(input.y))
            }
            Key::CursorUp | Key::CursorDown | Key::CursorLeft | Key::CursorRight => {
                let (dx, dy) = match key {
                    Key::CursorUp => (0, -1),
                    Key::CursorDown => (0, 1),
                    Key::CursorLeft => (-1, 0),
                    _ => (1, 0),
                };
                ui.xsel = (ui.xsel + dx).rem_euclid(w);
                ui.ysel = (ui.ysel + dy).rem_euclid(h);
                ui.displaysel = true;
                return MoveResult::UiUpdate;
            }
            Key::CursorSelect | Key::CursorSelect2 => {
                ui.displaysel = true;
                (ui.xsel, ui.ysel)
            }
            _ => return MoveResult::Ignored,
        };
        if tx < 0 || tx >= w || ty < 0 || ty >= h {
            // A click beside the grid hides the cursor: that needs a redraw (his returns
            // MOVE_UNUSED here, and the cursor stays on the screen until the next one).
            return if cursor_was_shown { MoveResult::UiUpdate } else { MoveResult::Ignored };
        }
        let i = (ty * w + tx) as usize;
        if state.tiles[i] == 0 {
            return MoveResult::UiUpdate;
        }
        if ui.selected[i] {
            if matches!(key, Key::Press(Button::Right) | Key::CursorSelect2) {
                ui.clear_selection();
                return MoveResult::UiUpdate;
            }
            let cells: Vec<String> =
                (0..state.tiles.len()).filter(|&j| ui.selected[j]).map(|j| format!("{}", j)).collect();
            ui.clear_selection();
            return MoveResult::Move(format!("M{}", cells.join(",")));
        }
        ui.clear_selection();
        let group = group_at(state.w, state.h, &state.tiles, i);
        if group.len() > 1 {
            for &j in &group {
                ui.selected[j] = true;
            }
            ui.nselected = group.len() as u32;
        }
        MoveResult::UiUpdate
    }

    /// `M` and square indices: those squares are emptied (the reference checks only that each
    /// index is on the grid), scored by their count, and the grid settles.
    fn execute_move(from: &State, mv: &str) -> Result<State, PuzzleError> {
        let list = mv.strip_prefix('M').ok_or(PuzzleError::bad_move("Move must start with M"))?;
        let mut ret = from.clone();
        let mut n = 0;
        let mut rest = list;
        while !rest.is_empty() {
            let (i, r) = parse_uint(rest).ok_or(PuzzleError::bad_move("Expected a square number"))?;
            if i as usize >= ret.tiles.len() {
                return Err(PuzzleError::bad_move("Square number out of range"));
            }
            ret.tiles[i as usize] = 0;
            n += 1;
            rest = r.strip_prefix(',').unwrap_or(r);
        }
        ret.score += npoints(from.scoresub, n);
        settle(ret.w, ret.h, &mut ret.tiles);
        ret.complete = ret.tiles.iter().all(|&t| t == 0);
        ret.impossible = !ret.complete && !any_move(ret.w, ret.h, &ret.tiles);
        Ok(ret)
    }

    /// One character per square: the colour digit, space for empty.
    fn text_format(state: &State) -> Option<String> {
        let mut out = String::with_capacity(state.tiles.len() + state.h);
        for row in state.tiles.chunks(state.w) {
            out.extend(row.iter().map(|&t| if t == 0 { ' ' } else { (b'0' + t) as char }));
            out.push('\n');
        }
        Some(out)
    }

    fn status(state: &State) -> Status {
        if state.complete { Status::Won } else { Status::Playing }
    }

    fn status_text(state: &State, ui: &Ui) -> Option<String> {
        let score = format!("Score: {}", state.score);
        Some(if state.complete {
            format!("COMPLETE! {}", score)
        } else if state.impossible {
            format!("Cannot move! {}", score)
        } else if ui.nselected > 0 {
            format!("{}  Selected: {} ({})", score, ui.nselected, npoints(state.scoresub, ui.nselected))
        } else {
            score
        })
    }

    fn cursor_location(_state: &State, ui: &Ui, ds: &DrawState) -> Option<Rect> {
        let ts = ds.tilesize();
        ui.displaysel.then(|| Rect::new(ds.coord(ui.xsel), ds.coord(ui.ysel), ts, ts))
    }

    fn compute_size(p: &Params, tile: i32) -> (i32, i32) {
        let border = tile / 2;
        let gap = tile_gap(tile);
        (tile * p.w as i32 + 2 * border - gap, tile * p.h as i32 + 2 * border - gap)
    }

    fn colours(background: Colour) -> Vec<Colour> {
        let (bg, hi, lo) = Colour::highlights(background);
        vec![
            bg,
            Colour::rgb(0, 0, 255),
            Colour::rgb(0, 128, 0),
            Colour::rgb(255, 0, 0),
            Colour::rgb(179, 179, 0),
            Colour::rgb(255, 0, 255),
            Colour::rgb(0, 204, 204),
            Colour::rgb(128, 128, 255),
            Colour::rgb(51, 204, 51),
            Colour::rgb(255, 128, 128),
            Colour::rgb(0, 0, 0),
            Colour::rgb(255, 255, 255),
            hi,
            lo,
        ]
    }

    fn new_drawstate(_dr: &mut dyn Drawing, state: &State) -> DrawState {
        DrawState { started: false, bgcolour: None, tileinner: 0, tilegap: 0, tiles: vec![u32::MAX; state.tiles.len()] }
    }

    fn set_size(_dr: &mut dyn Drawing, ds: &mut DrawState, _p: &Params, tile: i32) {
        ds.tilegap = tile_gap(tile);
        ds.tileinner = tile - ds.tilegap;
    }

    fn flash_length(old: &State, new: &State, _dir: Dir, _ui: &mut Ui) -> u32 {
        if (!old.complete && new.complete) || (!old.impossible && new.impossible) { 2 * FLASH_FRAME_MS } else { 0 }
    }

    fn redraw(
        dr: &mut dyn Drawing,
        ds: &mut DrawState,
        _old: Option<&State>,
        state: &State,
        _dir: Dir,
        ui: &Ui,
        _anim_time: u32,
        flash_time: u32,
    ) {
        let (w, h) = (state.w as i32, state.h as i32);
        let (ts, gap) = (ds.tilesize(), ds.tilegap);
        if !ds.started {
            let (sw, sh) =
                Self::compute_size(&Params { w: w as u32, h: h as u32, ncols: 3, scoresub: 2, soluble: true }, ts);
            dr.draw_rect(0, 0, sw, sh, COL_BACKGROUND);
            let hw = 2;
            let pens = BevelPens { highlight: COL_HIGHLIGHT, lowlight: COL_LOWLIGHT, text: COL_BACKGROUND };
            draw_recessed_well(
                dr,
                ds.coord(0) - hw,
                ds.coord(0) - hw,
                ds.coord(w) + hw - 1 - gap,
                ds.coord(h) + hw - 1 - gap,
                ts,
                pens,
            );
            dr.draw_update(0, 0, sw, sh);
            ds.started = true;
        }
        let bgcolour = if flash_time > 0 {
            if (flash_time / FLASH_FRAME_MS) % 2 == 1 { COL_LOWLIGHT } else { COL_HIGHLIGHT }
        } else {
            COL_BACKGROUND
        };
        let col = |x: i32, y: i32| state.tiles[(y * w + x) as usize] as u32;
        for y in 0..h {
            for x in 0..w {
                let i = (y * w + x) as usize;
                let c = col(x, y);
                let (dright, dbelow) = (x + 1 < w, y + 1 < h);
                let mut tile = c;
                if ui.selected[i] {
                    tile |= TILE_SELECTED;
                }
                if state.impossible {
                    tile |= TILE_IMPOSSIBLE;
                }
                if dright && col(x + 1, y) == c {
                    tile |= TILE_JOINRIGHT;
                }
                if dbelow && col(x, y + 1) == c {
                    tile |= TILE_JOINDOWN;
                }
                if tile & TILE_JOINRIGHT != 0 && tile & TILE_JOINDOWN != 0 && col(x + 1, y + 1) == c {
                    tile |= TILE_JOINDIAG;
                }
                // The cursor is hidden once the game cannot go on.
                if ui.displaysel && ui.xsel == x && ui.ysel == y && !(state.complete || state.impossible) {
                    tile |= TILE_HASSEL;
                }
                if ds.bgcolour != Some(bgcolour) || ds.tiles[i] != tile {
                    tile_redraw(dr, ds, x, y, dright, dbelow, tile, bgcolour);
                    ds.tiles[i] = tile;
                }
            }
        }
        ds.bgcolour = Some(bgcolour);
    }
}

/// One square with the gaps to its right and below: filled in when the neighbour there has
/// the same colour, so a group reads as one shape. Selected squares get a white rim,
/// squares of a dead grid a black centre; the cursor is a square outline.
#[allow(clippy::too_many_arguments)]
fn tile_redraw(dr: &mut dyn Drawing, ds: &DrawState, x: i32, y: i32, dright: bool, dbelow: bool, tile: u32, bg: usize) {
    let (inner_size, ts, gap) = (ds.tileinner, ds.tilesize(), ds.tilegap);
    let c = (tile & TILE_COLMASK) as usize;
    let (mut outer, mut inner) = (bg, bg);
    if c != 0 {
        if tile & TILE_IMPOSSIBLE != 0 {
            outer = c;
            inner = COL_IMPOSSIBLE;
        } else if tile & TILE_SELECTED != 0 {
            outer = COL_SEL;
            inner = c;
        } else {
            outer = c;
            inner = c;
        }
    }
    let (cx, cy) = (ds.coord(x), ds.coord(y));
    let tile_w = if dright { ts } else { inner_size };
    let tile_h = if dbelow { ts } else { inner_size };
    let outer_w = if tile & TILE_JOINRIGHT != 0 { tile_w } else { inner_size };
    let outer_h = if tile & TILE_JOINDOWN != 0 { tile_h } else { inner_size };
    if outer_w != tile_w || outer_h != tile_h || outer == bg {
        dr.draw_rect(cx, cy, tile_w, tile_h, bg);
    }
    if outer != bg {
        dr.draw_rect(cx, cy, outer_w, outer_h, outer);
    }
    if inner != outer {
        dr.draw_rect(cx + inner_size / 4, cy + inner_size / 4, inner_size / 2, inner_size / 2, inner);
    }
    if tile & (TILE_JOINRIGHT | TILE_JOINDOWN | TILE_JOINDIAG) == TILE_JOINRIGHT | TILE_JOINDOWN
        && outer != bg
        && gap != 0
    {
        dr.draw_rect(cx + inner_size, cy + inner_size, gap, gap, bg);
    }
    if tile & TILE_HASSEL != 0 {
        let (sx, sy, ssz) = (cx + 2, cy + 2, inner_size - 5);
        let scol = if outer == COL_SEL { COL_LOWLIGHT } else { COL_HIGHLIGHT };
        dr.draw_line(sx, sy, sx + ssz, sy, scol);
        dr.draw_line(sx + ssz, sy, sx + ssz, sy + ssz, scol);
        dr.draw_line(sx + ssz, sy + ssz, sx, sy + ssz, scol);
        dr.draw_line(sx, sy + ssz, sx, sy, scol);
    }
    dr.draw_update(cx, cy, ts, ts);
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
