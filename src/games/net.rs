//! Net, compatible with Simon Tatham's: a grid of tiles carrying wires; turn the tiles until
//! they form one network, with no loop and no loose end, powered from the source in the
//! middle (which lights up what it reaches).
//!
//! - Parameters `WxH` (a bare `N` is N×N), `w` for wrapping edges; in the full encoding
//!   `b<p>` for a barrier probability (a decimal, as `%g` prints it) and `a` to allow
//!   ambiguous puzzles (the default is a unique solution).
//! - Description: one hex digit per tile, row by row (bit 0 right, 1 up, 2 left, 3 down),
//!   each followed by `v` for a barrier on its right and/or `h` for one below. A wrapping
//!   game whose description walls the whole border in is played as a non-wrapping one.
//! - Moves, joined by `;`: `Ax,y` turns a tile anticlockwise, `Cx,y` clockwise, `Fx,y` half
//!   round, `Lx,y` locks or unlocks it; a move starting with `J` (jumble) or `S` (solve) is
//!   not animated, `S` also marks the game solved by the computer.
//! - Generation (`generator.rs`) is our own: descriptions are the reference's format but a
//!   seed does not give his grid. The solver (`solver.rs`) decides uniqueness and Solves
//!   typed-in puzzles.
//! - Drawing (`draw.rs`) follows the reference: wires as polygons (turning tiles rotated in
//!   fixed point), endpoints as boxes, the source black, powered wires cyan, loops red,
//!   barriers red along the grid lines, locked tiles darker.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::gfx::{Colour, Drawing, Rect};
use crate::puzzle::backend::{
    Button, ConfigItem, Dir, ErrorKind, Game, Key, Mods, MoveResult, Preset, PuzzleError, PuzzleInput, Status,
    parse_uint,
};
use crate::puzzle::random::RandomState;

pub mod draw;
pub mod generator;
pub mod solver;

pub use draw::DrawState;
use solver::{D, DIRS, L, Puzzle, R, Solutions, U, neighbour, rot_a, rot_c, rot_f};

/// The game type.
pub struct Net;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Params {
    pub width: u32,
    pub height: u32,
    pub wrapping: bool,
    pub unique: bool,
    /// The share of unused edges that get barriers, in millionths (may be out of range
    /// until validated).
    pub barrier_millionths: i64,
}

/// Largest side: the solver decides uniqueness on the 68030 at game start.
pub const MAX_SIDE: u32 = 30;

/// Tile bit: locked by the player (never in a description).
pub const LOCKED: u8 = 0x10;

/// A position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub w: usize,
    pub h: usize,
    /// Wrapping in fact (a wrapping game walled all round is not).
    pub wrapping: bool,
    pub completed: bool,
    pub used_solve: bool,
    /// The tile the last move turned and how (+1 anticlockwise, −1 clockwise, +2 half; 0 for
    /// no animation).
    pub last_rotate_x: usize,
    pub last_rotate_y: usize,
    pub last_rotate_dir: i32,
    /// Wire bits and [`LOCKED`] per tile.
    pub tiles: Vec<u8>,
    /// Barrier bits per tile (both sides of each barrier; the border of a non-wrapping grid
    /// counts as barriers).
    pub barriers: Rc<[u8]>,
}

impl State {
    fn nb(&self, i: usize, d: u8) -> usize {
        neighbour(self.w, self.h, true, i, d).unwrap_or(i)
    }
    /// The tiles wired to (`cx`,`cy`) through matching wires and no barrier.
    pub fn active(&self, cx: usize, cy: usize) -> Vec<bool> {
        let mut active = Vec::new();
        self.active_into(cx, cy, &mut active, &mut Vec::new());
        active
    }
    /// [`active`](Self::active) written into `active`, with `stack` as the search's stack:
    /// no allocation when both have room for every tile.
    pub fn active_into(&self, cx: usize, cy: usize, active: &mut Vec<bool>, stack: &mut Vec<usize>) {
        let n = self.w * self.h;
        active.clear();
        active.resize(n, false);
        let start = cy * self.w + cx;
        active[start] = true;
        stack.clear();
        stack.push(start);
        while let Some(i) = stack.pop() {
            for d in DIRS {
                let j = self.nb(i, d);
                if self.tiles[i] & d != 0 && self.tiles[j] & rot_f(d) != 0 && self.barriers[i] & d == 0 && !active[j] {
                    active[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    /// Per tile, the directions of wires lying on a loop (edges whose removal would not
    /// disconnect their ends); only edges between locked tiles count unless `unlocked`.
    pub fn loops(&self, unlocked: bool) -> Vec<u8> {
        let mut out = Vec::new();
        self.loops_into(unlocked, &mut LoopSearch::default(), &mut out);
        out
    }
    /// [`loops`](Self::loops) written into `out`, with the bridge search's memory in
    /// `search`: no allocation when they have room for every tile.
    pub fn loops_into(&self, unlocked: bool, search: &mut LoopSearch, out: &mut Vec<u8>) {
        let n = self.w * self.h;
        let linked = |i: usize, d: u8| -> Option<usize> {
            let j = self.nb(i, d);
            let t = self.tiles[i] & !self.barriers[i];
            (t & d != 0 && self.tiles[j] & rot_f(d) != 0 && (unlocked || t & self.tiles[j] & LOCKED != 0)).then_some(j)
        };
        mark_bridges(n, linked, search);
        out.clear();
        out.extend(
            (0..n)
                .map(|i| DIRS.iter().filter(|&&d| linked(i, d).is_some()).fold(0, |m, &d| m | d) & !search.bridges[i]),
        );
    }
    fn is_complete(&self) -> bool {
        let n = self.w * self.h;
        let Some(first) = (0..n).find(|&i| self.tiles[i] & 0xF != 0) else { return true };
        let active = self.active(first % self.w, first / self.w);
        (0..n).all(|i| self.tiles[i] & 0xF == 0 || active[i])
    }
}

/// A step of the bridge search: (tile, entered by (parent, direction from parent), index in
/// `DIRS` of the next direction to look at).
type Frame = (usize, Option<(usize, u8)>, usize);

/// The memory of the bridge search, kept between searches (in the draw state) so that a
/// frame's search allocates nothing once it has had room for the whole grid.
#[derive(Clone, Debug, Default)]
pub struct LoopSearch {
    order: Vec<usize>,
    low: Vec<usize>,
    stack: Vec<Frame>,
    /// Per tile, the directions whose wire is a bridge (the answer).
    bridges: Vec<u8>,
}

/// Marks in `search.bridges` the (tile, direction) ends of every bridge of the multigraph
/// whose edges leave tile `i` by direction `d` towards `linked(i, d)`: Tarjan's low-link,
/// iteratively, with each edge identified by the direction it leaves by so that parallel
/// edges (two wires between the same two tiles of a two-wide wrapping grid) are not
/// bridges.
fn mark_bridges(n: usize, linked: impl Fn(usize, u8) -> Option<usize>, search: &mut LoopSearch) {
    let LoopSearch { order, low, stack, bridges } = search;
    order.clear();
    order.resize(n, usize::MAX);
    low.clear();
    low.resize(n, 0);
    bridges.clear();
    bridges.resize(n, 0);
    stack.clear();
    let mut counter = 0;
    for root in 0..n {
        if order[root] != usize::MAX {
            continue;
        }
        stack.push((root, None, 0));
        order[root] = counter;
        low[root] = counter;
        counter += 1;
        while let Some(&mut (v, from, ref mut next)) = stack.last_mut() {
            if *next < DIRS.len() {
                let d = DIRS[*next];
                *next += 1;
                let Some(u) = linked(v, d) else { continue };
                // The edge back to the parent by the same wire does not count.
                if let Some((p, pd)) = from
                    && p == u
                    && rot_f(pd) == d
                {
                    continue;
                }
                if order[u] == usize::MAX {
                    order[u] = counter;
                    low[u] = counter;
                    counter += 1;
                    stack.push((u, Some((v, d)), 0));
                } else {
                    low[v] = low[v].min(order[u]);
                }
            } else {
                stack.pop();
                if let Some((p, d)) = from {
                    low[p] = low[p].min(low[v]);
                    if low[v] > order[p] {
                        bridges[p] |= d;
                        bridges[v] |= rot_f(d);
                    }
                }
            }
        }
    }
}

/// The source, the view origin (wrapping grids can be scrolled), the keyboard cursor.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ui {
    pub org_x: usize,
    pub org_y: usize,
    pub cx: usize,
    pub cy: usize,
    pub cur_x: usize,
    pub cur_y: usize,
    pub cur_visible: bool,
    /// Highlight loops that run through unlocked tiles too (the reference's preference).
    pub unlocked_loops: bool,
    /// Draws the random turns of a jumble.
    pub rs: RandomState,
}

/// Colour indices (order of [`Net::colours`]).
pub const COL_BACKGROUND: usize = 0;
pub const COL_LOCKED: usize = 1;
pub const COL_BORDER: usize = 2;
pub const COL_WIRE: usize = 3;
pub const COL_ENDPOINT: usize = 4;
pub const COL_POWERED: usize = 5;
pub const COL_BARRIER: usize = 6;
pub const COL_ERR: usize = 7;

/// Margin round the grid.
pub const WINDOW_OFFSET: i32 = 16;
/// A turning tile's animation.
pub const ROTATE_MS: u32 = 130;
/// One step of the completion ripple.
pub const FLASH_FRAME_MS: u32 = 70;

/// `%g` of a probability in millionths (`0.3`, `1`, `5e-05`), as the reference prints it.
fn format_probability(m: i64) -> String {
    if m == 0 || (m >= 1_000_000 && m % 1_000_000 == 0) {
        return format!("{}", m / 1_000_000);
    }
    if (1..100).contains(&m) {
        // Below 1e-4 %g switches to an exponent.
        return if m < 10 {
            format!("{}e-06", m)
        } else if m % 10 == 0 {
            format!("{}e-05", m / 10)
        } else {
            format!("{}.{}e-05", m / 10, m % 10)
        };
    }
    let sign = if m < 0 { "-" } else { "" };
    let a = m.abs();
    let s = format!("{}{}.{:06}", sign, a / 1_000_000, a % 1_000_000);
    s.trim_end_matches('0').trim_end_matches('.').into()
}

/// A decimal number (`0.25`, `.5`, `1`, `1e-05`) as millionths, rounded; the rest of `s`.
fn parse_probability(s: &str) -> Option<(i64, &str)> {
    let b = s.as_bytes();
    let mut i = 0;
    let neg = b.first() == Some(&b'-');
    if neg {
        i += 1;
    }
    let mut mant: i64 = 0;
    let mut scale: i32 = 0;
    let mut digits = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        if mant < 1_000_000_000_000 {
            mant = mant * 10 + (b[i] - b'0') as i64;
        } else {
            scale += 1;
        }
        i += 1;
        digits += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            if mant < 1_000_000_000_000 {
                mant = mant * 10 + (b[i] - b'0') as i64;
                scale -= 1;
            }
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return None;
    }
    if i + 1 < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let (esign, start) = match b[i + 1] {
            b'-' => (-1, i + 2),
            b'+' => (1, i + 2),
            _ => (1, i + 1),
        };
        if let Some((e, _)) = parse_uint(&s[start..]) {
            let len = s[start..].bytes().take_while(u8::is_ascii_digit).count();
            scale += esign * e.min(99) as i32;
            i = start + len;
        }
    }
    // mant · 10^scale · 10^6, rounded to an integer.
    let mut v = mant;
    let mut e = scale + 6;
    while e > 0 {
        if v > 1_000_000_000_000 {
            v = i64::MAX / 4;
            break;
        }
        v *= 10;
        e -= 1;
    }
    while e < 0 {
        v = (v + 5) / 10;
        e += 1;
    }
    Some((if neg { -v } else { v }, &s[i..]))
}

impl Game for Net {
    type Params = Params;
    type State = State;
    type Ui = Ui;
    type DrawState = DrawState;

    const NAME: &'static str = "Net";
    const PREFERRED_TILE_SIZE: i32 = 32;
    const CAN_CONFIGURE: bool = true;
    const CAN_SOLVE: bool = true;
    const WANTS_STATUSBAR: bool = true;

    fn default_params() -> Params {
        Params { width: 5, height: 5, wrapping: false, unique: true, barrier_millionths: 0 }
    }

    fn presets() -> Vec<Preset<Params>> {
        [false, true]
            .iter()
            .flat_map(|&wrapping| {
                [(5, 5), (7, 7), (9, 9), (11, 11), (13, 11)].into_iter().map(move |(w, h)| Preset {
                    name: format!("{}x{}{}", w, h, if wrapping { " wrapping" } else { "" }),
                    params: Params { width: w, height: h, wrapping, unique: true, barrier_millionths: 0 },
                })
            })
            .collect()
    }

    fn encode_params(p: &Params, full: bool) -> String {
        let mut s = format!("{}x{}", p.width, p.height);
        if p.wrapping {
            s.push('w');
        }
        if full && p.barrier_millionths != 0 {
            s.push('b');
            s.push_str(&format_probability(p.barrier_millionths));
        }
        if full && !p.unique {
            s.push('a');
        }
        s
    }

    /// `W[xH]` then any of `w`, `b<p>`, `a`. A missing `w` means not wrapping (the
    /// reference keeps the previous setting, which can turn a pasted non-wrapping game ID
    /// into a wrapping game); missing `b`, `a` keep theirs.
    fn decode_params(p: &mut Params, s: &str) -> Result<(), PuzzleError> {
        let (w, mut rest) = parse_uint(s).ok_or(PuzzleError::params("Width must be a number"))?;
        let mut h = w;
        if let Some(r) = rest.strip_prefix('x') {
            let (v, r) = parse_uint(r).ok_or(PuzzleError::params("Height must be a number"))?;
            h = v;
            rest = r;
        }
        let mut q = Params { width: w, height: h, wrapping: false, ..*p };
        while let Some(c) = rest.chars().next() {
            rest = &rest[c.len_utf8()..];
            match c {
                'w' => q.wrapping = true,
                'a' => q.unique = false,
                'b' => {
                    let (v, r) =
                        parse_probability(rest).ok_or(PuzzleError::params("Barrier probability must be a number"))?;
                    q.barrier_millionths = v;
                    rest = r;
                }
                _ => return Err(PuzzleError::params("Unexpected characters in the parameters")),
            }
        }
        *p = q;
        Ok(())
    }

    fn validate_params(p: &Params, full: bool) -> Result<(), PuzzleError> {
        if p.width == 0 || p.height == 0 {
            return Err(PuzzleError::params("Width and height must both be greater than zero"));
        }
        if p.width <= 1 && p.height <= 1 {
            return Err(PuzzleError::params("At least one of width and height must be greater than one"));
        }
        if p.width > MAX_SIDE || p.height > MAX_SIDE {
            return Err(PuzzleError::params("Width and height must be at most 30"));
        }
        if p.barrier_millionths < 0 {
            return Err(PuzzleError::params("Barrier probability may not be negative"));
        }
        if p.barrier_millionths > 1_000_000 {
            return Err(PuzzleError::params("Barrier probability may not be greater than 1"));
        }
        // Any row or column of a two-wide wrapping grid can swap its inner and outer wire
        // (the reference's proof): never unique.
        if full && p.unique && p.wrapping && (p.width == 2 || p.height == 2) {
            return Err(PuzzleError::params(
                "No wrapping puzzle with a width or height of 2 can have a unique solution",
            ));
        }
        Ok(())
    }

    fn configure(p: &Params) -> Vec<ConfigItem> {
        vec![
            ConfigItem::String { name: "Width", value: format!("{}", p.width) },
            ConfigItem::String { name: "Height", value: format!("{}", p.height) },
            ConfigItem::Boolean { name: "Walls wrap around", value: p.wrapping },
            ConfigItem::String { name: "Barrier probability", value: format_probability(p.barrier_millionths) },
            ConfigItem::Boolean { name: "Ensure unique solution", value: p.unique },
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
        let flag = |i: usize| matches!(items.get(i), Some(ConfigItem::Boolean { value: true, .. }));
        let barrier = match items.get(3) {
            Some(ConfigItem::String { value, .. }) => match parse_probability(value.trim()) {
                Some((v, "")) => v,
                _ => return Err(PuzzleError::params("Barrier probability must be a number")),
            },
            _ => return Err(PuzzleError::params("Barrier probability must be a number")),
        };
        Ok(Params {
            width: num(0, "Width must be a number")?,
            height: num(1, "Height must be a number")?,
            wrapping: flag(2),
            barrier_millionths: barrier,
            unique: flag(4),
        })
    }

    fn new_desc(p: &Params, rs: &mut RandomState, _interactive: bool) -> (String, Option<String>) {
        let (w, h) = (p.width as usize, p.height as usize);
        let g = generator::generate(w, h, p.wrapping, p.unique, p.barrier_millionths as u32, rs);
        let mut desc = String::with_capacity(w * h * 3);
        for y in 0..h {
            for x in 0..w {
                let i = y * w + x;
                desc.push(char::from_digit(g.tiles[i] as u32, 16).unwrap_or('0'));
                if (p.wrapping || x + 1 < w) && g.barriers[i] & R != 0 {
                    desc.push('v');
                }
                if (p.wrapping || y + 1 < h) && g.barriers[i] & D != 0 {
                    desc.push('h');
                }
            }
        }
        (desc, Some(generator::encode_solution(&g.solution)))
    }

    fn validate_desc(p: &Params, desc: &str) -> Result<(), PuzzleError> {
        let b = desc.as_bytes();
        let mut pos = 0;
        for _ in 0..p.width * p.height {
            match b.get(pos) {
                None => return Err(PuzzleError::desc("Game description shorter than expected", pos)),
                Some(c) if c.is_ascii_hexdigit() => pos += 1,
                Some(_) => return Err(PuzzleError::desc("Game description contained unexpected character", pos)),
            }
            while matches!(b.get(pos), Some(b'h' | b'v')) {
                pos += 1;
            }
        }
        if pos < b.len() {
            return Err(PuzzleError::desc("Game description longer than expected", pos));
        }
        Ok(())
    }

    fn new_game(p: &Params, desc: &str) -> State {
        let (w, h) = (p.width as usize, p.height as usize);
        let n = w * h;
        let mut tiles = vec![0u8; n];
        let mut barriers = vec![0u8; n];
        let b = desc.as_bytes();
        let mut pos = 0;
        for i in 0..n {
            if let Some(v) = b.get(pos).and_then(|&c| (c as char).to_digit(16)) {
                tiles[i] = v as u8;
                pos += 1;
            }
            while let Some(&c) = b.get(pos).filter(|&&c| c == b'h' || c == b'v') {
                let d = if c == b'v' { R } else { D };
                let j = neighbour(w, h, true, i, d).unwrap_or(i);
                barriers[i] |= d;
                barriers[j] |= rot_f(d);
                pos += 1;
            }
        }
        let mut wrapping = p.wrapping;
        if !wrapping {
            for x in 0..w {
                barriers[x] |= U;
                barriers[(h - 1) * w + x] |= D;
            }
            for y in 0..h {
                barriers[y * w] |= L;
                barriers[y * w + w - 1] |= R;
            }
        } else {
            let walled = (0..w).all(|x| barriers[x] & U != 0 && barriers[(h - 1) * w + x] & D != 0)
                && (0..h).all(|y| barriers[y * w] & L != 0 && barriers[y * w + w - 1] & R != 0);
            wrapping = !walled;
        }
        let mut s = State {
            w,
            h,
            wrapping,
            completed: false,
            used_solve: false,
            last_rotate_x: 0,
            last_rotate_y: 0,
            last_rotate_dir: 0,
            tiles,
            barriers: Rc::from(barriers),
        };
        s.completed = s.is_complete();
        s
    }

    fn new_ui(state: &State) -> Ui {
        // The jumble's draws: the reference seeds them from the clock; a seed from the
        // position keeps tests and replays deterministic.
        Ui {
            org_x: 0,
            org_y: 0,
            cx: state.w / 2,
            cy: state.h / 2,
            cur_x: state.w / 2,
            cur_y: state.h / 2,
            cur_visible: false,
            unlocked_loops: true,
            rs: RandomState::new(&state.tiles),
        }
    }

    /// The origin and the source survive a save ("O0,0;C2,2"), as in the reference.
    fn encode_ui(ui: &Ui) -> Option<String> {
        Some(format!("O{},{};C{},{}", ui.org_x, ui.org_y, ui.cx, ui.cy))
    }

    fn decode_ui(ui: &mut Ui, s: &str) {
        let two = |s: &str| -> Option<(usize, usize, usize)> {
            let (a, r) = parse_uint(s)?;
            let r2 = r.strip_prefix(',')?;
            let (b, r3) = parse_uint(r2)?;
            Some((a as usize, b as usize, s.len() - r3.len()))
        };
        let Some(r) = s.strip_prefix('O') else { return };
        let Some((ox, oy, used)) = two(r) else { return };
        let Some(r) = r[used..].strip_prefix(";C") else { return };
        let Some((cx, cy, _)) = two(r) else { return };
        // Checked against the grid in `Net::changed_state` (the reference checks here, with
        // the state at hand).
        (ui.org_x, ui.org_y, ui.cx, ui.cy) = (ox, oy, cx, cy);
    }

    fn changed_state(ui: &mut Ui, _old: Option<&State>, new: &State) {
        if ui.org_x >= new.w || ui.org_y >= new.h {
            (ui.org_x, ui.org_y) = (0, 0);
        }
        if ui.cx >= new.w || ui.cy >= new.h {
            (ui.cx, ui.cy) = (new.w / 2, new.h / 2);
        }
    }

    /// Left click: turn anticlockwise; right: clockwise; middle: lock. Keys: arrows move the
    /// cursor (Shift: scroll a wrapping grid, Ctrl: move the source, both: both); `a` or
    /// Select turns anticlockwise, `d` clockwise, `f` half round, `s` or Select2 locks; `j`
    /// jumbles every unlocked tile.
    fn interpret_move(state: &State, ui: &mut Ui, ds: &DrawState, input: PuzzleInput) -> MoveResult {
        let (w, h) = (state.w, state.h);
        let (ts, lt) = (ds.tilesize, ds.line_thick());
        let shift = input.mods.has(Mods::SHIFT);
        let ctrl = input.mods.has(Mods::CTRL);
        let nullret = |ui: &mut Ui| {
            if ui.cur_visible {
                ui.cur_visible = false;
                MoveResult::UiUpdate
            } else {
                MoveResult::Ignored
            }
        };
        #[derive(PartialEq)]
        enum Action {
            Left,
            Right,
            Half,
            Lock,
        }
        let (tx, ty, action) = match input.key {
            Key::Press(b) => {
                let (x, y) = (input.x - WINDOW_OFFSET - lt, input.y - WINDOW_OFFSET - lt);
                if x < 0 || y < 0 || x / ts >= w as i32 || y / ts >= h as i32 {
                    return nullret(ui);
                }
                if x % ts >= ts - lt || y % ts >= ts - lt {
                    return nullret(ui);
                }
                let _ = nullret(ui);
                let (tx, ty) = (((x / ts) as usize + ui.org_x) % w, ((y / ts) as usize + ui.org_y) % h);
                let action = match b {
                    Button::Left => Action::Left,
                    Button::Right => Action::Right,
                    Button::Middle => Action::Lock,
                };
                (tx, ty, action)
            }
            k if k.is_cursor_move() => {
                let d = match k {
                    Key::CursorUp => U,
                    Key::CursorDown => D,
                    Key::CursorLeft => L,
                    _ => R,
                };
                let step = |x: usize, y: usize| -> (usize, usize) {
                    let j = neighbour(w, h, true, y * w + x, d).unwrap_or(y * w + x);
                    (j % w, j / w)
                };
                if shift && !state.wrapping {
                    return MoveResult::Ignored;
                }
                if shift {
                    (ui.org_x, ui.org_y) = step(ui.org_x, ui.org_y);
                }
                if ctrl {
                    (ui.cx, ui.cy) = step(ui.cx, ui.cy);
                }
                if !shift && !ctrl {
                    (ui.cur_x, ui.cur_y) = step(ui.cur_x, ui.cur_y);
                    ui.cur_visible = true;
                }
                return MoveResult::UiUpdate;
            }
            Key::Char(b'a' | b'A') | Key::CursorSelect => (ui.cur_x, ui.cur_y, Action::Left),
            Key::Char(b'd' | b'D') => (ui.cur_x, ui.cur_y, Action::Right),
            Key::Char(b'f' | b'F') => (ui.cur_x, ui.cur_y, Action::Half),
            Key::Char(b's' | b'S') | Key::CursorSelect2 => (ui.cur_x, ui.cur_y, Action::Lock),
            Key::Char(b'j' | b'J') => {
                let mut mv = String::from("J");
                for y in 0..h {
                    for x in 0..w {
                        if state.tiles[y * w + x] & LOCKED == 0 {
                            let r = ui.rs.upto(4);
                            if r > 0 {
                                mv.push_str(&format!(";{}{},{}", ['A', 'F', 'C'][r as usize - 1], x, y));
                            }
                        }
                    }
                }
                return MoveResult::Move(mv);
            }
            _ => return MoveResult::Ignored,
        };
        if matches!(input.key, Key::Char(_) | Key::CursorSelect | Key::CursorSelect2) {
            ui.cur_visible = true;
        }
        if action == Action::Lock {
            return MoveResult::Move(format!("L{},{}", tx, ty));
        }
        if state.tiles[ty * w + tx] & LOCKED != 0 {
            return MoveResult::UiUpdate;
        }
        let c = match action {
            Action::Left => 'A',
            Action::Right => 'C',
            _ => 'F',
        };
        MoveResult::Move(format!("{}{},{}", c, tx, ty))
    }

    fn execute_move(from: &State, mv: &str) -> Result<State, PuzzleError> {
        let mut ret = from.clone();
        let mut rest = mv;
        let noanim = match rest.as_bytes().first() {
            Some(b'J') => true,
            Some(b'S') => {
                ret.used_solve = true;
                true
            }
            _ => false,
        };
        if noanim {
            rest = &rest[1..];
            rest = rest.strip_prefix(';').unwrap_or(rest);
        }
        ret.last_rotate_dir = 0;
        ret.last_rotate_x = 0;
        ret.last_rotate_y = 0;
        let mut last: Option<(usize, usize)> = None;
        let bad = || PuzzleError::bad_move("Expected A, C, F or L and a tile x,y");
        while !rest.is_empty() {
            let c = rest.as_bytes()[0];
            let (x, r) = parse_uint(rest.get(1..).ok_or_else(bad)?).ok_or_else(bad)?;
            let (y, r) = parse_uint(r.strip_prefix(',').ok_or_else(bad)?).ok_or_else(bad)?;
            let (x, y) = (x as usize, y as usize);
            if x >= from.w || y >= from.h {
                return Err(PuzzleError::bad_move("Tile outside the grid"));
            }
            let i = y * from.w + x;
            let t = ret.tiles[i];
            let (wires, lock) = (t & 0xF, t & LOCKED);
            match c {
                b'A' => {
                    ret.tiles[i] = rot_a(wires) | lock;
                    ret.last_rotate_dir = 1;
                }
                b'C' => {
                    ret.tiles[i] = rot_c(wires) | lock;
                    ret.last_rotate_dir = -1;
                }
                b'F' => {
                    ret.tiles[i] = rot_f(wires) | lock;
                    ret.last_rotate_dir = 2;
                }
                b'L' => ret.tiles[i] ^= LOCKED,
                _ => return Err(bad()),
            }
            last = Some((x, y));
            rest = r.strip_prefix(';').unwrap_or(r);
        }
        if noanim {
            ret.last_rotate_dir = 0;
        } else {
            let (x, y) = last.ok_or(PuzzleError::bad_move("Empty move"))?;
            (ret.last_rotate_x, ret.last_rotate_y) = (x, y);
        }
        if ret.is_complete() {
            ret.completed = true;
        }
        Ok(ret)
    }

    /// The generator's solution when known, else the solver's (the first of several if the
    /// puzzle is ambiguous); every tile ends turned and locked.
    fn solve(orig: &State, curr: &State, aux: Option<&str>) -> Result<String, PuzzleError> {
        let n = orig.w * orig.h;
        let target: Vec<u8> = match aux.filter(|a| a.len() == n && a.bytes().all(|c| c.is_ascii_hexdigit())) {
            Some(a) => a.bytes().map(|c| (c as char).to_digit(16).unwrap_or(0) as u8).collect(),
            None => {
                let p = Puzzle {
                    w: orig.w,
                    h: orig.h,
                    wrapping: orig.wrapping,
                    tiles: orig.tiles.iter().map(|t| t & 0xF).collect(),
                    barriers: orig.barriers.to_vec(),
                };
                match solver::solve(&p, 200_000) {
                    Solutions::One(t) | Solutions::Many(t, _) => t,
                    Solutions::None => {
                        return Err(PuzzleError::new(ErrorKind::Solve, "No solution exists for this puzzle"));
                    }
                    Solutions::GaveUp => return Err(PuzzleError::new(ErrorKind::Solve, "Too hard for the solver")),
                }
            }
        };
        let mut out = String::from("S");
        for (i, &to_wires) in target.iter().enumerate() {
            let from = curr.tiles[i];
            let to = to_wires | LOCKED;
            if from == to {
                continue;
            }
            let (x, y) = (i % curr.w, i / curr.w);
            let (ft, tt) = (from & 0xF, to & 0xF);
            if from & LOCKED != 0 {
                out.push_str(&format!(";L{},{}", x, y));
            }
            let turn = if tt == rot_a(ft) {
                Some('A')
            } else if tt == rot_c(ft) {
                Some('C')
            } else if tt == rot_f(ft) && tt != ft {
                Some('F')
            } else {
                None
            };
            if let Some(c) = turn {
                out.push_str(&format!(";{}{},{}", c, x, y));
            }
            out.push_str(&format!(";L{},{}", x, y));
        }
        Ok(out)
    }

    fn status(state: &State) -> Status {
        if state.completed { Status::Won } else { Status::Playing }
    }

    fn status_text(state: &State, ui: &Ui) -> Option<String> {
        let mut s = String::new();
        let complete = if state.used_solve {
            s.push_str("Auto-solved. ");
            true
        } else if state.completed {
            s.push_str("COMPLETED! ");
            true
        } else {
            false
        };
        let n = state.w * state.h;
        if state.tiles[ui.cy * state.w + ui.cx] & 0xF != 0 {
            let active = state.active(ui.cx, ui.cy);
            let a = active.iter().filter(|&&x| x).count();
            let wired = (0..n).filter(|&i| state.tiles[i] & 0xF != 0).count();
            if !complete || a < wired {
                s.push_str(&format!("Active: {}/{}", a, wired));
            }
        }
        Some(s)
    }

    fn cursor_location(state: &State, ui: &Ui, ds: &DrawState) -> Option<Rect> {
        let _ = state;
        ui.cur_visible.then(|| {
            Rect::new(
                WINDOW_OFFSET + ds.tilesize * ui.cur_x as i32,
                WINDOW_OFFSET + ds.tilesize * ui.cur_y as i32,
                ds.tilesize,
                ds.tilesize,
            )
        })
    }

    fn compute_size(p: &Params, tile: i32) -> (i32, i32) {
        let lt = (tile + 47) / 48;
        (WINDOW_OFFSET * 2 + tile * p.width as i32 + lt, WINDOW_OFFSET * 2 + tile * p.height as i32 + lt)
    }

    fn colours(background: Colour) -> Vec<Colour> {
        let bg = background;
        let scale = |num: u32, den: u32| {
            Colour::rgb(
                (bg.r as u32 * num / den) as u8,
                (bg.g as u32 * num / den) as u8,
                (bg.b as u32 * num / den) as u8,
            )
        };
        vec![
            bg,
            scale(3, 4),
            scale(1, 2),
            Colour::rgb(0, 0, 0),
            Colour::rgb(0, 0, 255),
            Colour::rgb(0, 255, 255),
            Colour::rgb(255, 0, 0),
            Colour::rgb(255, 0, 0),
        ]
    }

    fn new_drawstate(_dr: &mut dyn Drawing, state: &State) -> DrawState {
        DrawState::new(state)
    }

    fn set_size(_dr: &mut dyn Drawing, ds: &mut DrawState, _p: &Params, tile: i32) {
        ds.tilesize = tile;
    }

    fn anim_length(old: &State, new: &State, dir: Dir, _ui: &mut Ui) -> u32 {
        if (if dir == -1 { old } else { new }).last_rotate_dir != 0 { ROTATE_MS } else { 0 }
    }

    /// A ripple of locking from the source outwards.
    fn flash_length(old: &State, new: &State, _dir: Dir, _ui: &mut Ui) -> u32 {
        if !old.completed && new.completed && !old.used_solve && !new.used_solve {
            FLASH_FRAME_MS * (new.w.max(new.h) as u32 + 4)
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
        draw::redraw(dr, ds, old, state, dir, ui, anim_time, flash_time);
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
