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
//! - Drawing: the whole picture depends on every point, so the reference redraws it all at
//!   each change. Here only strips round what changed (the dragged point, its lines, points
//!   that changed colour), before and after, are redrawn; while a point is dragged, its lines
//!   go over a saved layer of the others (`DrawState::layer`; see `docs/untangle.md`).

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::gfx::{BlitterId, Colour, Drawing, Rect};
use crate::puzzle::backend::{
    ConfigItem, Dir, ErrorKind, Game, GameFlags, Key, Mods, MoveResult, Preset, PuzzleError, PuzzleInput, Status,
    parse_uint,
};
use crate::puzzle::random::RandomState;

pub mod generator;
pub mod geometry;

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

/// What is on screen.
pub struct DrawState {
    tilesize: i64,
    /// Background pen of the last drawing (`None`: nothing drawn yet).
    bg: Option<usize>,
    /// Pixel position and pen of each point as drawn.
    x: Vec<i32>,
    y: Vec<i32>,
    pen: Vec<usize>,
    /// Pen of each edge as drawn.
    edge_pen: Vec<usize>,
    /// The point whose lines were drawn over the others (the dragged point).
    on_top: Option<usize>,
    /// The layer: a blitter the size of the playing area holding the background and every
    /// line except the dragged point's, saved when a point is picked up. Each move of the drag
    /// then restores its damage from the layer and draws only the point's lines and the
    /// points, instead of clearing it and drawing again every line that crosses it.
    layer: Option<BlitterId>,
    /// The point whose lines the layer leaves out (`None`: the layer is out of date).
    layer_of: Option<usize>,
    /// Scratch space of each redraw, kept so that drawing allocates nothing after the first
    /// frame.
    scratch: Scratch,
}

/// What a redraw works out before drawing: where each point and line goes now, in which
/// pen, the rectangles to redraw, each line's box and the points in drawing order.
#[derive(Default)]
struct Scratch {
    x: Vec<i32>,
    y: Vec<i32>,
    pen: Vec<usize>,
    edge_pen: Vec<usize>,
    damage: Vec<Rect>,
    edge_box: Vec<Rect>,
    order: Vec<usize>,
    /// Whether each point and line lies wholly in the damage (it moved or changed pen).
    point_whole: Vec<bool>,
    edge_whole: Vec<bool>,
}

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
                let cur = *ui.cursorpoint.get_or_insert(0);
                match nearest_in_direction(state, cur, k) {
                    Some(best) => {
                        ui.cursorpoint = Some(best);
                        MoveResult::UiUpdate
                    }
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
        DrawState {
            tilesize: 0,
            bg: None,
            x: vec![-1; state.n],
            y: vec![-1; state.n],
            pen: vec![usize::MAX; state.n],
            edge_pen: vec![usize::MAX; state.edges.len()],
            on_top: None,
            layer: None,
            layer_of: None,
            scratch: Scratch {
                x: vec![0; state.n],
                y: vec![0; state.n],
                pen: vec![0; state.n],
                edge_pen: vec![0; state.edges.len()],
                damage: Vec::with_capacity(MAX_DAMAGE_RECTS),
                edge_box: vec![Rect::default(); state.edges.len()],
                order: Vec::with_capacity(state.n),
                point_whole: vec![false; state.n],
                edge_whole: vec![false; state.edges.len()],
            },
        }
    }

    fn set_size(dr: &mut dyn Drawing, ds: &mut DrawState, p: &Params, tile: i32) {
        ds.tilesize = tile as i64;
        if let Some(layer) = ds.layer.take() {
            dr.blitter_free(layer);
        }
        let (w, h) = Self::compute_size(p, tile);
        ds.layer = Some(dr.blitter_new(w, h));
        ds.layer_of = None;
    }

    fn free_drawstate(dr: &mut dyn Drawing, ds: DrawState) {
        if let Some(layer) = ds.layer {
            dr.blitter_free(layer);
        }
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
        let bg = if flash_time == 0 {
            COL_BACKGROUND
        } else if (flash_time * 4 / FLASH_MS) % 2 == 0 {
            COL_FLASH1
        } else {
            COL_FLASH2
        };
        let ts = ds.tilesize;
        let n = state.n;
        // Where everything goes now, and in which pen.
        let mut scratch = core::mem::take(&mut ds.scratch);
        let Scratch { x, y, pen, edge_pen, damage, edge_box, order, point_whole, edge_whole } = &mut scratch;
        for i in 0..n {
            let mut p = state.pts[i];
            if ui.dragpoint == Some(i) {
                p = ui.newpoint;
            }
            if let Some(o) = old {
                p = mix(o.pts[i], p, anim_time.min(ui.anim_length) as i64, ui.anim_length.max(1) as i64);
            }
            (x[i], y[i]) = p.pixel(ts);
            pen[i] = if ui.dragpoint == Some(i) {
                COL_DRAGPOINT
            } else if ui.cursorpoint == Some(i) {
                COL_CURSORPOINT
            } else if ui.dragpoint.is_some_and(|d| state.is_edge(d, i)) {
                COL_NEIGHBOUR
            } else {
                COL_POINT
            };
        }
        let crosses = &old.unwrap_or(state).crosses;
        for (k, p) in edge_pen.iter_mut().enumerate() {
            *p = if ui.show_crossed_edges && crosses[k] { COL_CROSSEDLINE } else { COL_LINE };
        }
        // The lines of the dragged point are drawn over the others (`DrawState::layer`).
        let dragged = if old.is_none() { ui.dragpoint } else { None };
        let on_top = |k: usize| {
            let (a, b) = state.edges[k];
            dragged.is_some_and(|d| a == d || b == d)
        };
        let was_on_top = |k: usize| {
            let (a, b) = state.edges[k];
            ds.on_top.is_some_and(|d| a == d || b == d)
        };

        // The damage: everything if the background changed, else the old and new places of
        // every point and line that moved or changed pen or drawing order, a line as a chain
        // of small rectangles along it (`line_bands`), so that dragging a point redraws thin
        // strips round its lines, not the rectangle they span. What is added lies wholly in
        // the damage (`point_whole`, `edge_whole`).
        let (w, h) = Self::compute_size(&Params { n: n as u32 }, ts as i32);
        let everything = Rect::new(0, 0, w, h);
        damage.clear();
        let all_new = ds.bg != Some(bg);
        if all_new {
            damage.push(everything);
        }
        let r = CIRCLE_RADIUS + 1;
        for i in 0..n {
            point_whole[i] = all_new || (ds.x[i], ds.y[i], ds.pen[i]) != (x[i], y[i], pen[i]);
            if point_whole[i] && !all_new {
                add_damage(damage, Rect::new(ds.x[i] - r, ds.y[i] - r, 2 * r + 1, 2 * r + 1));
                add_damage(damage, Rect::new(x[i] - r, y[i] - r, 2 * r + 1, 2 * r + 1));
            }
        }
        // Whether the lines under the dragged point's, kept in the layer, changed.
        let mut under_changed = all_new;
        for (k, &(a, b)) in state.edges.iter().enumerate() {
            let moved = (ds.x[a], ds.y[a], ds.x[b], ds.y[b]) != (x[a], y[a], x[b], y[b]);
            edge_whole[k] = all_new || moved || ds.edge_pen[k] != edge_pen[k] || on_top(k) != was_on_top(k);
            under_changed |= edge_whole[k] && !on_top(k);
            if edge_whole[k] && !all_new {
                let old = [ds.x[a], ds.y[a], ds.x[b], ds.y[b]];
                line_bands(old, [x[a], y[a], x[b], y[b]], |r| add_damage(damage, r));
            }
        }
        ds.bg = Some(bg);
        ds.x.copy_from_slice(x);
        ds.y.copy_from_slice(y);
        ds.pen.copy_from_slice(pen);
        ds.edge_pen.copy_from_slice(edge_pen);
        ds.on_top = dragged;

        // Each line's box, and the points in drawing order: by pen, so that the dragged and
        // cursor points come out on top.
        for (k, &(a, b)) in state.edges.iter().enumerate() {
            edge_box[k] = span(x[a], y[a], x[b], y[b]);
        }
        order.clear();
        for class in [COL_POINT, COL_NEIGHBOUR, COL_CURSORPOINT, COL_DRAGPOINT] {
            order.extend((0..n).filter(|&i| pen[i] == class));
        }
        // A point picked up: everything is drawn again, the lines under its own saved as the
        // layer before its lines and the points go on top.
        let rebuild = dragged.is_some() && ds.layer.is_some() && (under_changed || ds.layer_of != dragged);
        if rebuild {
            edge_whole.fill(true);
            point_whole.fill(true);
            damage.clear();
            damage.push(everything);
        }
        damage.retain_mut(|d| {
            *d = d.intersect(&everything);
            !d.is_empty()
        });
        let everything_clip = |dr: &mut dyn Drawing| dr.clip(everything.x, everything.y, everything.w, everything.h);
        let draw_edges = |dr: &mut dyn Drawing, damage: &[Rect], top: bool| {
            let bounds = damage.iter().fold(Rect::default(), |u, d| u.union(d));
            for (k, &(a, b)) in state.edges.iter().enumerate().filter(|&(k, _)| on_top(k) == top) {
                if edge_whole[k] {
                    everything_clip(dr);
                    dr.draw_line(x[a], y[a], x[b], y[b], edge_pen[k]);
                } else if overlaps(&edge_box[k], &bounds) {
                    for d in damage.iter() {
                        if overlaps(&edge_box[k], d) && line_meets(x[a], y[a], x[b], y[b], *d) {
                            dr.clip(d.x, d.y, d.w, d.h);
                            dr.draw_line(x[a], y[a], x[b], y[b], edge_pen[k]);
                        }
                    }
                }
            }
        };

        match (dragged, ds.layer) {
            (Some(d), Some(layer)) if rebuild => {
                everything_clip(dr);
                dr.draw_rect(0, 0, w, h, bg);
                draw_edges(dr, damage, false);
                dr.blitter_save(layer, 0, 0);
                ds.layer_of = Some(d);
            }
            (Some(_), Some(layer)) => {
                // Dragging on: the damage shows the layer again.
                for d in damage.iter() {
                    dr.clip(d.x, d.y, d.w, d.h);
                    dr.blitter_load(layer, 0, 0);
                }
            }
            _ => {
                // Clear the damage and draw the lines under, each whole if it lies wholly
                // in the damage, else clipped to each damaged rectangle it passes through.
                ds.layer_of = None;
                for d in damage.iter() {
                    dr.draw_rect(d.x, d.y, d.w, d.h, bg);
                }
                draw_edges(dr, damage, false);
            }
        }
        // The dragged point's lines, then the points, drawn the same way.
        draw_edges(dr, damage, true);
        let bounds = damage.iter().fold(Rect::default(), |u, d| u.union(d));
        for &i in order.iter() {
            let circle = Rect::new(x[i] - r, y[i] - r, 2 * r + 1, 2 * r + 1);
            if point_whole[i] {
                everything_clip(dr);
                dr.draw_circle(x[i], y[i], CIRCLE_RADIUS, Some(pen[i]), COL_OUTLINE);
            } else if overlaps(&circle, &bounds) {
                for d in damage.iter().filter(|d| overlaps(&circle, d)) {
                    dr.clip(d.x, d.y, d.w, d.h);
                    dr.draw_circle(x[i], y[i], CIRCLE_RADIUS, Some(pen[i]), COL_OUTLINE);
                }
            }
        }
        dr.unclip();
        for d in damage.iter() {
            dr.draw_update(d.x, d.y, d.w, d.h);
        }
        ds.scratch = scratch;
    }
}

/// Whether two rectangles share a pixel.
fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom()
}

/// Damage rectangles kept separate before they become one bounding box ([`add_damage`]).
const MAX_DAMAGE_RECTS: usize = 48;
/// Length along a line's longer axis of each rectangle of [`line_bands`].
const BAND: i32 = 48;

/// Adds `r` to the damage, merged into a rectangle it overlaps if their union is not much
/// bigger than the two (the old and new places of a line dragged a few pixels). Only
/// overlapping rectangles are weighed: the test of their areas costs two multiplications.
fn add_damage(damage: &mut Vec<Rect>, r: Rect) {
    // Areas in 32 bits: every rectangle lies within a few pixels of the screen.
    let area = |r: &Rect| r.w * r.h;
    for d in damage.iter_mut().filter(|d| overlaps(d, &r)) {
        let u = d.union(&r);
        if 4 * area(&u) <= 5 * (area(d) + area(&r)) {
            *d = u;
            return;
        }
    }
    if damage.len() < MAX_DAMAGE_RECTS {
        damage.push(r);
    } else {
        // Many rectangles (a Solve animation moves every point): their bounding box, so that
        // the list never outgrows the room it was given when the game started.
        let all = damage.iter().fold(r, |u, d| u.union(d));
        damage.clear();
        damage.push(all);
    }
}

/// Rectangles covering every pixel of the lines `old` and `new` (the old and new places of a
/// line, each (x0, y0, x1, y1)) with a pixel to spare each side: one per [`BAND`] pixels
/// along their longer axis, as wide as the lines get in that stretch plus two pixels (a drawn
/// pixel is within half a pixel of its ideal line). One rectangle per stretch covers both
/// lines when they share their longer axis (a dragged line moved a few pixels); else each
/// gets its own.
fn line_bands(old: [i32; 4], new: [i32; 4], mut out: impl FnMut(Rect)) {
    let steep = |l: &[i32; 4]| (l[3] - l[1]).abs() > (l[2] - l[0]).abs();
    if steep(&old) != steep(&new) {
        stretches(&[old], &mut out);
        stretches(&[new], &mut out);
    } else {
        stretches(&[old, new], &mut out);
    }
}

/// [`line_bands`] of lines that share their longer axis.
fn stretches(lines: &[[i32; 4]], out: &mut impl FnMut(Rect)) {
    let steep = (lines[0][3] - lines[0][1]).abs() > (lines[0][2] - lines[0][0]).abs();
    // Each line along the major axis a from a0 to a1 (a0 ≤ a1); its minor coordinate b at a
    // is b0 + (a − a0)·(b1 − b0)/(a1 − a0).
    let major_minor = |l: &[i32; 4]| {
        let (a0, b0, a1, b1) = if steep { (l[1], l[0], l[3], l[2]) } else { (l[0], l[1], l[2], l[3]) };
        if a0 <= a1 { (a0, b0, a1, b1) } else { (a1, b1, a0, b0) }
    };
    // The minor range of a line over the stretch from..=to, if it reaches it.
    let minor_range = |l: &[i32; 4], from: i32, to: i32| {
        let (a0, b0, a1, b1) = major_minor(l);
        let (from, to) = (from.max(a0), to.min(a1));
        if from > to {
            return None;
        }
        if a1 == a0 {
            return Some((b0, b0));
        }
        let at = |a: i32| ((a - a0) * (b1 - b0)).div_euclid(a1 - a0) + b0;
        let (p, q) = (at(from), at(to));
        Some((p.min(q), p.max(q)))
    };
    let first = lines.iter().map(|l| major_minor(l).0).min().unwrap_or(0);
    let last = lines.iter().map(|l| major_minor(l).2).max().unwrap_or(0);
    let mut a = first;
    loop {
        let end = (a + BAND - 1).min(last);
        // The minor range over a..=end, rounded outwards, one pixel to spare.
        let (lo, hi) = lines
            .iter()
            .filter_map(|l| minor_range(l, a, end))
            .fold((i32::MAX, i32::MIN), |(lo, hi), (p, q)| (lo.min(p), hi.max(q)));
        if lo <= hi {
            let (lo, hi, alo, ahi) = (lo - 1, hi + 2, a - 1, end + 1);
            out(if steep {
                Rect::new(lo, alo, hi - lo + 1, ahi - alo + 1)
            } else {
                Rect::new(alo, lo, ahi - alo + 1, hi - lo + 1)
            });
        }
        if end >= last {
            break;
        }
        a = end + 1;
    }
}

/// The rectangle spanned by a line's end points, one pixel wider each side.
fn span(x0: i32, y0: i32, x1: i32, y1: i32) -> Rect {
    let (lx, ly) = (x0.min(x1) - 1, y0.min(y1) - 1);
    Rect::new(lx, ly, x0.max(x1) + 2 - lx, y0.max(y1) + 2 - ly)
}

/// Whether the line (`x0`,`y0`)–(`x1`,`y1`), whose box meets `r`, may draw a pixel in `r`:
/// the corners of `r` grown by a pixel are not all strictly on one side of it
/// (a drawn pixel lies within half a pixel of the ideal line). Saves walking lines whose box
/// covers a damaged strip they do not pass through.
fn line_meets(x0: i32, y0: i32, x1: i32, y1: i32, r: Rect) -> bool {
    let side = |x: i32, y: i32| ((x - x0) * (y1 - y0) - (y - y0) * (x1 - x0)).signum();
    let (l, t, rt, b) = (r.x - 1, r.y - 1, r.right(), r.bottom());
    let s = side(l, t);
    !(s != 0 && side(rt, t) == s && side(l, b) == s && side(rt, b) == s)
}

/// The point `t/len` of the way from `a` to `b` (denominator a.d·b.d, truncated as the
/// reference's cast).
fn mix(a: Point, b: Point, t: i64, len: i64) -> Point {
    let d = a.d * b.d;
    let x = a.x * b.d + (b.x * a.d - a.x * b.d) * t / len;
    let y = a.y * b.d + (b.y * a.d - a.y * b.d) * t / len;
    Point::new(x, y, d)
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
