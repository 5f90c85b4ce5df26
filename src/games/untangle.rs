//! Untangle, compatible with Simon Tatham's: a planar graph drawn with crossing lines;
//! drag the points until no two lines cross.
//!
//! - Parameters: `N`, the number of points.
//! - Description: the edges, `a-b` with point numbers from 0, comma-separated. The points
//!   start evenly round a circle (`geometry::circle`).
//! - Moves: `Pi:x,y/d` puts point i at (x/d, y/d) in grid units (several joined by `;`);
//!   Solve's move is `S` followed by such moves (`S;P0:…;P1:…`), the generator's layout turned
//!   by whichever of the square's eight symmetries is nearest to the current positions.
//! - `N#seed` generates the reference's puzzle (`generator.rs`).
//! - Drawing (`draw.rs`): the whole picture depends on every point, so the reference redraws
//!   it all at each change. Here only strips round what changed (the dragged point, its
//!   lines, points that changed colour), before and after, are redrawn; while a point is
//!   dragged, its lines go over a saved layer of the others (`DrawState::layer`; see
//!   `docs/untangle.md`).

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::gfx::{Colour, Drawing, Rect};
use crate::puzzle::backend::{
    ConfigItem, Dir, ErrorKind, Game, GameFlags, Key, Mods, MoveResult, Preset, PuzzleError, PuzzleInput, Status,
    parse_uint,
};
use crate::puzzle::random::RandomState;

pub mod draw;
pub mod generator;
pub mod geometry;

pub use draw::DrawState;
use geometry::{Point, circle, coord_limit, cross};

/// The game type.
pub struct Untangle;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Params {
    pub n: u32,
}

/// Most points (generation tries O(n³) edges; the picture gets crowded).
pub const MAX_POINTS: u32 = 100;
/// Largest denominator accepted in a move (keeps the crossing test's products in 64 bits).
pub const MAX_DENOMINATOR: i64 = 1000;

/// A position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub n: usize,
    /// Side of the playing area in grid units.
    pub w: i64,
    pub pts: Vec<Point>,
    /// The edges, (lower, higher), sorted; shared by every state of a game.
    pub edges: Rc<[(usize, usize)]>,
    /// Per edge: it crosses another.
    pub crosses: Vec<bool>,
    /// No two edges crossed at some point (it stays so, as in the reference).
    pub completed: bool,
    /// Solve was used.
    pub cheated: bool,
    /// This state is Solve's (its animation is slower).
    pub just_solved: bool,
}

impl State {
    fn mark_crossings(&mut self) {
        let e = &self.edges;
        self.crosses.iter_mut().for_each(|c| *c = false);
        let mut ok = true;
        for i in 0..e.len() {
            for j in i + 1..e.len() {
                let ((a, b), (c, d)) = (e[i], e[j]);
                if c == a || c == b || d == a || d == b {
                    continue;
                }
                if cross(self.pts[c], self.pts[d], self.pts[a], self.pts[b]) {
                    ok = false;
                    self.crosses[i] = true;
                    self.crosses[j] = true;
                }
            }
        }
        if ok {
            self.completed = true;
        }
    }
    fn is_edge(&self, a: usize, b: usize) -> bool {
        self.edges.binary_search(&(a.min(b), a.max(b))).is_ok()
    }
}

/// The drag, the keyboard cursor, and the reference's preferences (at their defaults until
/// the mid end has a preferences dialog).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ui {
    /// The point being dragged (by mouse or keyboard).
    pub dragpoint: Option<usize>,
    /// The point the keyboard cursor is on (never the dragged one).
    pub cursorpoint: Option<usize>,
    /// Where the dragged point is now, in pixels (d = tile size).
    pub newpoint: Point,
    just_dragged: bool,
    just_moved: bool,
    anim_length: u32,
    /// Show crossed lines in red (the reference's preference; off by default).
    pub show_crossed_edges: bool,
}

/// Colour indices (order of [`Untangle::colours`]).
pub const COL_SYSBACKGROUND: usize = 0;
pub const COL_BACKGROUND: usize = 1;
pub const COL_LINE: usize = 2;
pub const COL_CROSSEDLINE: usize = 3;
pub const COL_OUTLINE: usize = 4;
pub const COL_POINT: usize = 5;
pub const COL_DRAGPOINT: usize = 6;
pub const COL_CURSORPOINT: usize = 7;
pub const COL_NEIGHBOUR: usize = 8;
pub const COL_FLASH1: usize = 9;
pub const COL_FLASH2: usize = 10;

/// Radius of a point in pixels.
pub const CIRCLE_RADIUS: i32 = 6;
/// How close to a point a click must be to pick it up.
pub const DRAG_THRESHOLD: i32 = CIRCLE_RADIUS * 2;
/// Animation of undo/redo of a drag.
pub const ANIM_MS: u32 = 130;
/// Animation of Solve.
pub const SOLVE_ANIM_MS: u32 = 500;
/// The completion flash: four alternating phases.
pub const FLASH_MS: u32 = 300;

impl Game for Untangle {
    type Params = Params;
    type State = State;
    type Ui = Ui;
    type DrawState = DrawState;

    const NAME: &'static str = "Untangle";
    const PREFERRED_TILE_SIZE: i32 = 64;
    const CAN_CONFIGURE: bool = true;
    const CAN_SOLVE: bool = true;
    const FLAGS: GameFlags = GameFlags { solve_animates: true, ..GameFlags::NONE };

    fn default_params() -> Params {
        Params { n: 10 }
    }

    fn presets() -> Vec<Preset<Params>> {
        [6, 10, 15, 20, 25].iter().map(|&n| Preset { name: format!("{} points", n), params: Params { n } }).collect()
    }

    fn encode_params(p: &Params, _full: bool) -> String {
        format!("{}", p.n)
    }

    fn decode_params(p: &mut Params, s: &str) -> Result<(), PuzzleError> {
        match parse_uint(s) {
            Some((n, "")) => {
                p.n = n;
                Ok(())
            }
            _ => Err(PuzzleError::params("Number of points must be a number")),
        }
    }

    fn validate_params(p: &Params, _full: bool) -> Result<(), PuzzleError> {
        if p.n < 4 {
            return Err(PuzzleError::params("Number of points must be at least four"));
        }
        if p.n > MAX_POINTS {
            return Err(PuzzleError::params("Number of points must be at most 100"));
        }
        Ok(())
    }

    fn configure(p: &Params) -> Vec<ConfigItem> {
        vec![ConfigItem::String { name: "Number of points", value: format!("{}", p.n) }]
    }

    fn custom_params(items: &[ConfigItem]) -> Result<Params, PuzzleError> {
        match items.first() {
            Some(ConfigItem::String { value, .. }) => match parse_uint(value.trim()) {
                Some((n, "")) => Ok(Params { n }),
                _ => Err(PuzzleError::params("Number of points must be a number")),
            },
            _ => Err(PuzzleError::params("Number of points must be a number")),
        }
    }

    fn new_desc(p: &Params, rs: &mut RandomState, _interactive: bool) -> (String, Option<String>) {
        let (desc, aux) = generator::generate(p.n, rs);
        (desc, Some(aux))
    }

    /// Edges `a-b`, comma-separated, each number below N and no point joined to itself.
    /// (Repeated edges are allowed and count once, as in the reference.)
    fn validate_desc(p: &Params, desc: &str) -> Result<(), PuzzleError> {
        parse_edges(p.n as usize, desc).map(|_| ())
    }

    fn new_game(p: &Params, desc: &str) -> State {
        let n = p.n as usize;
        let w = coord_limit(p.n);
        let mut edges = parse_edges(n, desc).unwrap_or_default();
        edges.sort_unstable();
        edges.dedup();
        let mut s = State {
            n,
            w: w as i64,
            pts: circle(p.n, w),
            crosses: vec![false; edges.len()],
            edges: Rc::from(edges),
            completed: false,
            cheated: false,
            just_solved: false,
        };
        s.mark_crossings();
        s
    }

    fn new_ui(_state: &State) -> Ui {
        Ui {
            dragpoint: None,
            cursorpoint: None,
            newpoint: Point::new(0, 0, 1),
            just_dragged: false,
            just_moved: false,
            anim_length: ANIM_MS,
            show_crossed_edges: false,
        }
    }

    fn changed_state(ui: &mut Ui, _old: Option<&State>, _new: &State) {
        ui.dragpoint = None;
        ui.just_moved = ui.just_dragged;
        ui.just_dragged = false;
    }

    /// Drag a point with any button (release off the playing area cancels). Keys: arrows
    /// move the cursor to the nearest point in that direction; Select picks the cursor's
    /// point up, then arrows move it half a grid square, Select puts it down; Select2 (or Tab,
    /// Shift reversing) cycles through the points.
    fn interpret_move(state: &State, ui: &mut Ui, ds: &DrawState, input: PuzzleInput) -> MoveResult {
        let ts = ds.tilesize;
        match input.key {
            Key::Press(_) => match point_under_mouse(state, ds, input.x, input.y) {
                Some(p) => {
                    ui.dragpoint = Some(p);
                    ui.cursorpoint = None;
                    ui.newpoint = Point::new(input.x as i64, input.y as i64, ts);
                    MoveResult::UiUpdate
                }
                None => MoveResult::Ignored,
            },
            Key::Drag(_) if ui.dragpoint.is_some() => {
                ui.newpoint = Point::new(input.x as i64, input.y as i64, ts);
                MoveResult::UiUpdate
            }
            Key::Release(_) if ui.dragpoint.is_some() => {
                ui.cursorpoint = None;
                finish_drag(state, ui)
            }
            Key::Drag(_) | Key::Release(_) => MoveResult::Ignored,
            k if k.is_cursor_move() => {
                if ui.dragpoint.is_some() {
                    let step = (ts / 2) as i32;
                    let (dx, dy) = match k {
                        Key::CursorUp => (0, -step),
                        Key::CursorDown => (0, step),
                        Key::CursorLeft => (-step, 0),
                        _ => (step, 0),
                    };
                    let (px, py) = ui.newpoint.pixel(ts);
                    ui.newpoint = Point::new((px + dx) as i64, (py + dy) as i64, ts);
                    return MoveResult::UiUpdate;
                }
                let appeared = ui.cursorpoint.is_none();
                let cur = *ui.cursorpoint.get_or_insert(0);
                match nearest_in_direction(state, cur, k) {
                    Some(best) => {
                        ui.cursorpoint = Some(best);
                        MoveResult::UiUpdate
                    }
                    // The cursor appeared on point 0 and goes no further: that needs a redraw
                    // (his returns MOVE_UNUSED, and the cursor shows only at the next one).
                    None if appeared => MoveResult::UiUpdate,
                    None => MoveResult::Ignored,
                }
            }
            Key::CursorSelect => match (ui.dragpoint, ui.cursorpoint) {
                (None, Some(c)) => {
                    ui.dragpoint = Some(c);
                    ui.cursorpoint = None;
                    let (px, py) = state.pts[c].pixel(ts);
                    ui.newpoint = Point::new(px as i64, py as i64, ts);
                    MoveResult::UiUpdate
                }
                (Some(p), _) => {
                    ui.cursorpoint = Some(p);
                    finish_drag(state, ui)
                }
                (None, None) => {
                    ui.cursorpoint = Some(0);
                    MoveResult::UiUpdate
                }
            },
            Key::CursorSelect2 | Key::Char(b'\t') => {
                if ui.dragpoint.is_some() {
                    return MoveResult::Ignored;
                }
                ui.cursorpoint = Some(match ui.cursorpoint {
                    None => 0,
                    Some(c) if input.mods.has(Mods::SHIFT) => (c + state.n - 1) % state.n,
                    Some(c) => (c + 1) % state.n,
                });
                MoveResult::UiUpdate
            }
            _ => MoveResult::Ignored,
        }
    }

    fn execute_move(from: &State, mv: &str) -> Result<State, PuzzleError> {
        if mv.is_empty() {
            return Err(PuzzleError::bad_move("Empty move"));
        }
        let mut ret = from.clone();
        ret.just_solved = false;
        let mut rest = mv;
        if let Some(r) = rest.strip_prefix('S') {
            rest = r.strip_prefix(';').unwrap_or(r);
            ret.cheated = true;
            ret.just_solved = true;
        }
        while !rest.is_empty() {
            let (p, pt, r) = parse_placement(rest, from.n, from.w)?;
            ret.pts[p] = pt;
            rest = r.strip_prefix(';').unwrap_or(r);
        }
        ret.mark_crossings();
        Ok(ret)
    }

    /// The generator's layout (from `aux`), turned by the symmetry of the square nearest to
    /// the current positions.
    fn solve(_orig: &State, curr: &State, aux: Option<&str>) -> Result<String, PuzzleError> {
        let aux = aux.ok_or(PuzzleError::new(ErrorKind::Solve, "Solution not known for this puzzle"))?;
        let bad = || PuzzleError::new(ErrorKind::Solve, "Internal error: aux_info badly formatted");
        let mut rest = aux.strip_prefix('S').ok_or_else(bad)?;
        let mut sol = Vec::with_capacity(curr.n);
        for i in 0..curr.n {
            rest = rest.strip_prefix(";P").ok_or_else(bad)?;
            let (p, r) = parse_uint(rest).ok_or_else(bad)?;
            if p as usize != i {
                return Err(bad());
            }
            let (x, y, d, r) = parse_xyd(r.strip_prefix(':').ok_or_else(bad)?).ok_or_else(bad)?;
            if d != 2 {
                return Err(bad());
            }
            sol.push((x, y));
            rest = r;
        }
        // Numerators over 2 of the eight images, and their squared distance from where the
        // points are now (in 1/2^16 units, near enough to choose).
        let w = curr.w;
        let image = |k: usize, (x, y): (i64, i64)| -> (i64, i64) {
            let mut m = [0i64; 4];
            m[k & 1] = if k & 2 != 0 { 1 } else { -1 };
            m[3 - (k & 1)] = if k & 4 != 0 { 1 } else { -1 };
            (m[0] * (x - w) + m[1] * (y - w) + w, m[2] * (x - w) + m[3] * (y - w) + w)
        };
        let mut best = (0usize, i64::MAX);
        for k in 0..8 {
            let mut dist: i64 = 0;
            for (j, &p) in sol.iter().enumerate() {
                let (ox, oy) = image(k, p);
                let s = curr.pts[j];
                let dx = ((ox * s.d - 2 * s.x) << 16) / (2 * s.d);
                let dy = ((oy * s.d - 2 * s.y) << 16) / (2 * s.d);
                dist += (dx * dx + dy * dy) >> 16;
            }
            if dist < best.1 {
                best = (k, dist);
            }
        }
        let mut out = String::from("S");
        for (i, &p) in sol.iter().enumerate() {
            let (x, y) = image(best.0, p);
            out.push_str(&format!(";P{}:{},{}/2", i, x, y));
        }
        Ok(out)
    }

    fn status(state: &State) -> Status {
        if state.completed { Status::Won } else { Status::Playing }
    }

    fn cursor_location(state: &State, ui: &Ui, ds: &DrawState) -> Option<Rect> {
        let pt = match (ui.dragpoint, ui.cursorpoint) {
            (Some(_), _) => ui.newpoint,
            (None, Some(c)) => state.pts[c],
            _ => return None,
        };
        let (cx, cy) = pt.pixel(ds.tilesize);
        Some(Rect::new(cx - CIRCLE_RADIUS, cy - CIRCLE_RADIUS, 2 * CIRCLE_RADIUS + 1, 2 * CIRCLE_RADIUS + 1))
    }

    fn compute_size(p: &Params, tile: i32) -> (i32, i32) {
        let s = coord_limit(p.n) as i32 * tile;
        (s, s)
    }

    fn colours(background: Colour) -> Vec<Colour> {
        let (bg, _, lo) = Colour::highlights(background);
        let grey = Colour::rgb(128, 128, 128);
        let white = Colour::rgb(255, 255, 255);
        let black = Colour::rgb(0, 0, 0);
        vec![
            lo,
            bg,
            black,
            Colour::rgb(255, 0, 0),
            black,
            Colour::rgb(0, 0, 255),
            white,
            grey,
            Colour::rgb(255, 0, 0),
            grey,
            white,
        ]
    }

    fn new_drawstate(_dr: &mut dyn Drawing, state: &State) -> DrawState {
        DrawState::new(state)
    }

    fn set_size(dr: &mut dyn Drawing, ds: &mut DrawState, p: &Params, tile: i32) {
        ds.set_size(dr, p, tile);
    }

    fn free_drawstate(dr: &mut dyn Drawing, ds: DrawState) {
        ds.free(dr);
    }

    fn anim_length(old: &State, new: &State, dir: Dir, ui: &mut Ui) -> u32 {
        if ui.just_moved {
            return 0;
        }
        ui.anim_length = if (if dir < 0 { old } else { new }).just_solved { SOLVE_ANIM_MS } else { ANIM_MS };
        ui.anim_length
    }

    fn flash_length(old: &State, new: &State, _dir: Dir, _ui: &mut Ui) -> u32 {
        if !old.completed && new.completed && !old.cheated && !new.cheated { FLASH_MS } else { 0 }
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
        draw::redraw(dr, ds, old, state, ui, anim_time, flash_time);
    }
}

/// The point within [`DRAG_THRESHOLD`] of pixel (`x`,`y`), the nearest if several.
fn point_under_mouse(state: &State, ds: &DrawState, x: i32, y: i32) -> Option<usize> {
    let mut best: Option<(i64, usize)> = None;
    for (i, p) in state.pts.iter().enumerate() {
        let (px, py) = p.pixel(ds.tilesize);
        let (dx, dy) = ((px - x) as i64, (py - y) as i64);
        let d = dx * dx + dy * dy;
        if best.is_none_or(|(b, _)| d < b) {
            best = Some((d, i));
        }
    }
    best.filter(|&(d, _)| d <= (DRAG_THRESHOLD * DRAG_THRESHOLD) as i64).map(|(_, i)| i)
}

/// The nearest point to `cur` within 45° of the arrow's direction (points on top of `cur`
/// skipped), distance measured as the reference does (whole squared grid units).
fn nearest_in_direction(state: &State, cur: usize, key: Key) -> Option<usize> {
    let c = state.pts[cur];
    let mut best: Option<(i64, usize)> = None;
    for (i, p) in state.pts.iter().enumerate() {
        if i == cur {
            continue;
        }
        let (dx, dy, d) = (p.x * c.d - c.x * p.d, p.y * c.d - c.y * p.d, c.d * p.d);
        if dx == 0 && dy == 0 {
            continue;
        }
        let right_way = match key {
            Key::CursorUp => dy <= -dx && dy <= dx,
            Key::CursorDown => dy >= -dx && dy >= dx,
            Key::CursorLeft => dy >= dx && dy <= -dx,
            _ => dy <= dx && dy >= -dx,
        };
        if !right_way {
            continue;
        }
        let distsq = (dx * dx + dy * dy) / (d * d);
        if best.is_none_or(|(b, _)| distsq < b) {
            best = Some((distsq, i));
        }
    }
    best.map(|(_, i)| i)
}

/// Ends a drag: a move to where the point is, unless it was dropped off the playing area.
fn finish_drag(state: &State, ui: &mut Ui) -> MoveResult {
    let Some(p) = ui.dragpoint.take() else { return MoveResult::Ignored };
    let np = ui.newpoint;
    if np.x < 0 || np.x >= state.w * np.d || np.y < 0 || np.y >= state.w * np.d {
        return MoveResult::UiUpdate;
    }
    ui.just_dragged = true;
    MoveResult::Move(format!("P{}:{},{}/{}", p, np.x, np.y, np.d))
}

/// `x,y/d` at the start of `s` (numbers unsigned), and the rest.
fn parse_xyd(s: &str) -> Option<(i64, i64, i64, &str)> {
    let (x, r) = parse_uint(s)?;
    let (y, r) = parse_uint(r.strip_prefix(',')?)?;
    let (d, r) = parse_uint(r.strip_prefix('/')?)?;
    Some((x as i64, y as i64, d as i64, r))
}

/// One `Pi:x,y/d` at the start of `s`, checked: point number below `n`, denominator
/// 1..=[`MAX_DENOMINATOR`], position within the `w`×`w` area.
fn parse_placement(s: &str, n: usize, w: i64) -> Result<(usize, Point, &str), PuzzleError> {
    let bad = PuzzleError::bad_move("Expected Pi:x,y/d");
    let r = s.strip_prefix('P').ok_or(bad.clone())?;
    let (p, r) = parse_uint(r).ok_or(bad.clone())?;
    let (x, y, d, r) = parse_xyd(r.strip_prefix(':').ok_or(bad.clone())?).ok_or(bad)?;
    if p as usize >= n {
        return Err(PuzzleError::bad_move("Point number out of range"));
    }
    if !(1..=MAX_DENOMINATOR).contains(&d) || x > w * d || y > w * d {
        return Err(PuzzleError::bad_move("Point position out of range"));
    }
    Ok((p as usize, Point::new(x, y, d), r))
}

/// The edges of a description, or the reason it is wrong and where.
fn parse_edges(n: usize, desc: &str) -> Result<Vec<(usize, usize)>, PuzzleError> {
    let mut out = Vec::new();
    let b = desc.as_bytes();
    let mut pos = 0;
    let number = |pos: &mut usize| -> Result<usize, PuzzleError> {
        let start = *pos;
        while b.get(*pos).is_some_and(u8::is_ascii_digit) {
            *pos += 1;
        }
        if start == *pos {
            return Err(PuzzleError::desc("Expected a number in game description", start));
        }
        match parse_uint(&desc[start..*pos]) {
            Some((v, _)) if (v as usize) < n => Ok(v as usize),
            _ => Err(PuzzleError::desc("Number out of range in game description", start)),
        }
    };
    while pos < b.len() {
        let start = pos;
        let a = number(&mut pos)?;
        if b.get(pos) != Some(&b'-') {
            return Err(PuzzleError::desc("Expected '-' after number in game description", pos));
        }
        pos += 1;
        let c = number(&mut pos)?;
        if pos < b.len() {
            if b[pos] != b',' {
                return Err(PuzzleError::desc("Expected ',' after number in game description", pos));
            }
            pos += 1;
            if pos == b.len() {
                return Err(PuzzleError::desc("Expected a number in game description", pos));
            }
        }
        if a == c {
            return Err(PuzzleError::desc("Node linked to itself in game description", start));
        }
        out.push((a.min(c), a.max(c)));
    }
    Ok(out)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
