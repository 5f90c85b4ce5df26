//! Mines, compatible with Simon Tatham's: open every square that holds no mine. An opened
//! square shows how many of its eight neighbours hold mines; a square with none opens its
//! neighbours too. The mines are placed at the first click, so that it is safe and opens a
//! region, and (unless "ensure solubility" is off) so that the rest can be found without
//! guessing.
//!
//! - **Parameters** `WxHnN`, `a` in the full form when solubility is not required (his:
//!   `9x9n10`, `30x16n99a`); the short form `WxH` leaves the mine count to the description.
//! - **Descriptions**, his three kinds:
//!   - `rN,u,HEX` / `rN,a,HEX`: not generated yet. N mines, `u` soluble or `a` any, and the
//!     random generator's state (122 hex digits, [`RandomState::encode`]) from which the
//!     layout is made at the first click. `new_desc` writes it for `params#seed` after
//!     drawing a first click, as his does, so the same seed gives the same text.
//!   - `X,Y,mHEX`: the mine bitmap (bit i of the grid row by row, most significant bit first,
//!     one hex digit per four squares) scrambled by [`obfuscate_bits`], and the first click,
//!     opened when the game starts. `uHEX` is the bitmap in clear (for hand-made IDs); both may
//!     come without `X,Y,`.
//!   - After the first click of an `r` game the mid end takes `X,Y,mHEX` as the game's
//!     description (Restart, Game ID) and `mHEX` as the private one a save file starts from
//!     ([`Game::supersede_game_desc`]).
//! - **Moves**: `O`x`,`y open, `F`x`,`y flag or unflag, `C`x`,`y open the covered neighbours
//!   of a number (chord), joined by `;`; `S` solve (show everything; after a death, the mines
//!   not found and the wrong flags).
//! - **Generator** (`generator.rs`): his placement, draw for draw; solubility checked by our
//!   solver (`solver.rs`), mines moved our own way where it gets stuck.
//! - **Drawing** (`draw.rs`): his look (raised covered squares in a recessed well, numbers in
//!   his colours); a redraw draws only the squares whose look changed.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::gfx::{Colour, Drawing, Rect};
use crate::puzzle::backend::{
    Button, ConfigItem, Dir, ErrorKind, Game, GameFlags, Key, MoveResult, Preset, PuzzleError, PuzzleInput, Status,
    parse_uint,
};
use crate::puzzle::obfuscate::obfuscate_bits;
use crate::puzzle::random::RandomState;

pub mod draw;
pub mod generator;
pub mod solver;
pub mod squares;

pub use draw::DrawState;
use draw::border;

/// The game type.
pub struct Mines;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Params {
    pub w: u32,
    pub h: u32,
    /// Number of mines.
    pub n: u32,
    /// Generate only layouts soluble without guessing.
    pub unique: bool,
}

/// Largest side (ours: the reference allows up to 32767; a Falcon has neither the memory
/// nor the screen for that).
pub const MAX_SIDE: u32 = 100;

/// A square of [`State::grid`]: 0–8 opened, showing that many mines around.
pub const FLAGGED: i8 = -1;
pub const COVERED: i8 = -2;
/// A mine shown after death by Solve.
pub const MINE: i8 = 64;
/// The mine the player stepped on.
pub const BANG: i8 = 65;
/// A flag on a safe square, crossed out after death by Solve.
pub const WRONG_FLAG: i8 = 66;

/// The layout the states of one game share. Two layouts are equal when their mines (or
/// what they will be made from) are: `first_click` only says where the layout was made, for
/// the description that replaces the `r` one; a game loaded from its private description
/// (which has no click) does not know it, and play never reads it again.
#[derive(Clone, Eq, Debug)]
pub struct Layout {
    /// True for a mine, row by row; `None` until the first click of an `r` game.
    pub mines: Option<Vec<bool>>,
    /// What the layout is made from at the first click.
    pub pending: Option<Pending>,
    /// The first click that made the layout (for the new description).
    pub first_click: Option<(usize, usize)>,
}

impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        self.mines == other.mines && self.pending == other.pending
    }
}

/// An `r` description: the layout is not made yet.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pending {
    pub n: usize,
    pub unique: bool,
    pub rs: RandomState,
}

/// A position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub w: usize,
    pub h: usize,
    pub dead: bool,
    pub won: bool,
    pub used_solve: bool,
    pub layout: Rc<Layout>,
    /// What the player sees: 0–8, [`FLAGGED`], [`COVERED`], [`MINE`], [`BANG`], [`WRONG_FLAG`].
    pub grid: Vec<i8>,
}

impl State {
    /// The number of mines (known before the layout is made).
    pub fn mine_count(&self) -> usize {
        match (&self.layout.mines, &self.layout.pending) {
            (Some(m), _) => m.iter().filter(|&&b| b).count(),
            (None, Some(p)) => p.n,
            (None, None) => 0,
        }
    }
    fn is_mine(&self, i: usize) -> bool {
        self.layout.mines.as_ref().is_some_and(|m| m[i])
    }
}

/// The cursor, the squares held down by the mouse, and counters undo must not revert.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ui {
    /// The square under a held button and how far around it shows pressed (0 or 1).
    pub hx: i32,
    pub hy: i32,
    pub hradius: i32,
    /// Whether the release may chord (the press was on a number, or a middle button).
    pub validradius: i32,
    pub flash_is_death: bool,
    pub deaths: u32,
    pub completed: bool,
    pub cur_x: i32,
    pub cur_y: i32,
    pub cur_visible: bool,
}

/// Colour indices (order of [`Mines::colours`]).
pub const COL_BACKGROUND: usize = 0;
pub const COL_BACKGROUND2: usize = 1;
pub const COL_1: usize = 2;
pub const COL_MINE: usize = 10;
pub const COL_BANG: usize = 11;
pub const COL_CROSS: usize = 12;
pub const COL_FLAG: usize = 13;
pub const COL_FLAGBASE: usize = 14;
pub const COL_QUERY: usize = 15;
pub const COL_HIGHLIGHT: usize = 16;
pub const COL_LOWLIGHT: usize = 17;
pub const COL_WRONGNUMBER: usize = 18;
pub const COL_CURSOR: usize = 19;

/// One frame of the flashes: two on completion, three (red) on death.
pub const FLASH_FRAME_MS: u32 = 130;

/// The reference's presets.
const PRESETS: [(u32, u32, u32); 6] = [(9, 9, 10), (9, 9, 35), (16, 16, 40), (16, 16, 99), (30, 16, 99), (30, 16, 170)];

/// `X,Y,mHEX` (with `click`) or `mHEX`: `mines` scrambled and in hex.
pub fn describe_layout(w: usize, h: usize, mines: &[bool], click: Option<(usize, usize)>) -> String {
    let area = w * h;
    let mut bmp = vec![0u8; area.div_ceil(8)];
    for (i, _) in mines.iter().enumerate().filter(|(_, m)| **m) {
        bmp[i / 8] |= 0x80 >> (i % 8);
    }
    obfuscate_bits(&mut bmp, area, false);
    let mut out = match click {
        Some((x, y)) => format!("{},{},m", x, y),
        None => String::from("m"),
    };
    const HEX: &[u8; 16] = b"0123456789abcdef";
    for i in 0..area.div_ceil(4) {
        let b = bmp[i / 2];
        out.push(HEX[(if i % 2 == 0 { b >> 4 } else { b & 15 }) as usize] as char);
    }
    out
}

fn hex_value(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// A plain description taken apart: the first click, whether masked, the hex digits, and the
/// hex digits' offset.
struct Plain<'a> {
    click: Option<(usize, usize)>,
    masked: bool,
    hex: &'a str,
}

fn parse_plain<'a>(p: &Params, desc: &'a str) -> Result<Plain<'a>, PuzzleError> {
    let bytes = desc.as_bytes();
    let mut pos = 0;
    let mut click = None;
    let digits = |from: usize| from + bytes[from..].iter().take_while(|b| b.is_ascii_digit()).count();
    if bytes.first().is_some_and(u8::is_ascii_digit) {
        let end = digits(0);
        let x = parse_uint(&desc[..end]).map_or(u32::MAX, |(v, _)| v);
        if x >= p.w {
            return Err(PuzzleError::desc("Initial x-coordinate was out of range", 0));
        }
        if bytes.get(end) != Some(&b',') {
            return Err(PuzzleError::desc("No ',' after initial x-coordinate in game description", end));
        }
        let ys = end + 1;
        if !bytes.get(ys).is_some_and(u8::is_ascii_digit) {
            return Err(PuzzleError::desc("No initial y-coordinate in game description", ys));
        }
        let yend = digits(ys);
        let y = parse_uint(&desc[ys..yend]).map_or(u32::MAX, |(v, _)| v);
        if y >= p.h {
            return Err(PuzzleError::desc("Initial y-coordinate was out of range", ys));
        }
        if bytes.get(yend) != Some(&b',') {
            return Err(PuzzleError::desc("No ',' after initial y-coordinate in game description", yend));
        }
        pos = yend + 1;
        click = Some((x as usize, y as usize));
    }
    let mut masked = false;
    match bytes.get(pos) {
        Some(b'm') => {
            masked = true;
            pos += 1;
        }
        Some(b'u') => pos += 1,
        _ => {}
    }
    let area = (p.w * p.h) as usize;
    let hex = &desc[pos..];
    if hex.len() != area.div_ceil(4) {
        return Err(PuzzleError::desc("Game description is wrong length", pos));
    }
    if let Some(bad) = hex.bytes().position(|c| hex_value(c).is_none()) {
        return Err(PuzzleError::desc("Mine bitmap must be hexadecimal digits", pos + bad));
    }
    Ok(Plain { click, masked, hex })
}

/// The mines of a hex bitmap (unscrambled if `masked`).
fn decode_bitmap(area: usize, hex: &str, masked: bool) -> Vec<bool> {
    let mut bmp = vec![0u8; area.div_ceil(8)];
    for (i, c) in hex.bytes().enumerate() {
        bmp[i / 2] |= hex_value(c).unwrap_or(0) << (4 * (1 - i % 2));
    }
    if masked {
        obfuscate_bits(&mut bmp, area, true);
    }
    (0..area).map(|i| bmp[i / 8] & (0x80 >> (i % 8)) != 0).collect()
}

/// `rN,u|a,STATE` taken apart.
fn parse_pending(p: &Params, desc: &str) -> Result<Pending, PuzzleError> {
    let bytes = desc.as_bytes();
    let ndigits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if ndigits == 0 {
        return Err(PuzzleError::desc("No initial mine count in game description", 1));
    }
    let after = 1 + ndigits;
    if bytes.get(after) != Some(&b',') {
        // His message, x-coordinate and all.
        return Err(PuzzleError::desc("No ',' after initial x-coordinate in game description", after));
    }
    let unique = match bytes.get(after + 1) {
        Some(b'u') => true,
        Some(b'a') => false,
        _ => return Err(PuzzleError::desc("No uniqueness specifier in game description", after + 1)),
    };
    if bytes.get(after + 2) != Some(&b',') {
        return Err(PuzzleError::desc("No ',' after uniqueness specifier in game description", after + 2));
    }
    let rs = RandomState::decode(&desc[after + 3..]).map_err(|(at, _)| {
        PuzzleError::desc("Random state in game description is not 122 hex digits", after + 3 + at)
    })?;
    let n = parse_uint(&desc[1..after]).map_or(u32::MAX, |(v, _)| v);
    let q = Params { n, unique, ..*p };
    if let Err(e) = Mines::validate_params(&q, true) {
        return Err(PuzzleError { kind: ErrorKind::Description, position: Some(1), ..e });
    }
    Ok(Pending { n: n as usize, unique, rs })
}

/// The neighbours of square `i`.
fn around(w: usize, h: usize, i: usize) -> ([usize; 8], usize) {
    let mut nb = [0usize; 8];
    let k = solver::neighbours(w, h, i, &mut nb);
    (nb, k)
}

/// Opens square `(x, y)` (the reference's `open_square`): a mine kills; a safe square shows its
/// count, and zero squares open their covered neighbours in turn. When only mines stay
/// covered, the game is won and they are flagged. Makes the layout first in an `r` game.
fn open_square(s: &mut State, x: usize, y: usize) {
    let (w, h) = (s.w, s.h);
    if s.layout.mines.is_none() {
        let Some(p) = s.layout.pending.clone() else { return };
        let mut rs = p.rs;
        let mines = generator::generate(w, h, p.n, x, y, p.unique, &mut rs);
        s.layout = Rc::new(Layout { mines: Some(mines), pending: None, first_click: Some((x, y)) });
    }
    let layout = s.layout.clone();
    let mines = layout.mines.as_ref().expect("layout made");
    let start = y * w + x;
    if mines[start] {
        s.dead = true;
        s.grid[start] = BANG;
        return;
    }
    let mut stack = vec![start];
    s.grid[start] = COVERED;
    while let Some(i) = stack.pop() {
        if s.grid[i] >= 0 && s.grid[i] <= 8 {
            continue;
        }
        let v = solver::count_around(w, h, mines, i);
        s.grid[i] = v;
        if v == 0 {
            let (nb, k) = around(w, h, i);
            for &j in &nb[..k] {
                if s.grid[j] == COVERED {
                    stack.push(j);
                }
            }
        }
    }
    let covered = s.grid.iter().filter(|&&v| v < 0).count();
    let nmines = mines.iter().filter(|&&m| m).count();
    if covered == nmines {
        for v in s.grid.iter_mut().filter(|v| **v < 0) {
            *v = FLAGGED;
        }
        s.won = true;
    }
}

/// `L` followed by `x,y` on the grid: the square's index.
fn parse_square(s: &State, body: &str) -> Result<usize, PuzzleError> {
    let bad = || PuzzleError::bad_move("Expected a square as x,y");
    let (x, rest) = parse_uint(body).ok_or_else(bad)?;
    let rest = rest.strip_prefix(',').ok_or_else(bad)?;
    let (y, rest) = parse_uint(rest).ok_or_else(bad)?;
    if !rest.is_empty() {
        return Err(bad());
    }
    if x as usize >= s.w || y as usize >= s.h {
        return Err(PuzzleError::bad_move("Square out of range"));
    }
    Ok(y as usize * s.w + x as usize)
}

/// Everything shown as a finished game (Solve while alive).
fn reveal_all(s: &mut State) {
    let mines = s.layout.mines.clone().expect("layout made");
    for i in 0..s.grid.len() {
        s.grid[i] = if mines[i] { FLAGGED } else { solver::count_around(s.w, s.h, &mines, i) };
    }
}

/// The corrections after a death (Solve when dead): mines not found, wrong flags.
fn show_corrections(s: &mut State) {
    for i in 0..s.grid.len() {
        let m = s.is_mine(i);
        if s.grid[i] == COVERED && m {
            s.grid[i] = MINE;
        } else if s.grid[i] == FLAGGED && !m {
            s.grid[i] = WRONG_FLAG;
        }
    }
}

impl Game for Mines {
    type Params = Params;
    type State = State;
    type Ui = Ui;
    type DrawState = DrawState;

    const NAME: &'static str = "Mines";
    const PREFERRED_TILE_SIZE: i32 = 20;
    const CAN_CONFIGURE: bool = true;
    const CAN_SOLVE: bool = true;
    const SOLVE_ONLY_SHOWS: bool = true;
    const CAN_FORMAT_AS_TEXT_EVER: bool = true;
    const WANTS_STATUSBAR: bool = true;
    const IS_TIMED: bool = true;
    const FLAGS: GameFlags = GameFlags {
        require_rbutton: true,
        button_beats: GameFlags::beats(Button::Left, Button::Right),
        ..GameFlags::NONE
    };

    fn default_params() -> Params {
        Params { w: 9, h: 9, n: 10, unique: true }
    }

    fn presets() -> Vec<Preset<Params>> {
        PRESETS
            .iter()
            .map(|&(w, h, n)| Preset {
                name: format!("{}x{}, {} mines", w, h, n),
                params: Params { w, h, n, unique: true },
            })
            .collect()
    }

    fn encode_params(p: &Params, full: bool) -> String {
        if full {
            format!("{}x{}n{}{}", p.w, p.h, p.n, if p.unique { "" } else { "a" })
        } else {
            format!("{}x{}", p.w, p.h)
        }
    }

    /// `W[xH][nN][a]` as his: a missing height is the width, a missing count a tenth of the
    /// area (a fraction after it, `n10.5`, is skipped); `a` turns solubility off, its absence
    /// leaves it as it was.
    fn decode_params(p: &mut Params, s: &str) -> Result<(), PuzzleError> {
        let (w, mut rest) = parse_uint(s).ok_or(PuzzleError::params("Width must be a number"))?;
        let mut h = w;
        if let Some(r) = rest.strip_prefix('x') {
            let (v, r) = parse_uint(r).ok_or(PuzzleError::params("Height must be a number"))?;
            h = v;
            rest = r;
        }
        let n = match rest.strip_prefix('n') {
            Some(r) => {
                let (v, r) = parse_uint(r).ok_or(PuzzleError::params("Number of mines must be a number"))?;
                rest = r.trim_start_matches(|c: char| c == '.' || c.is_ascii_digit());
                v
            }
            None => ((w as u64 * h as u64) / 10).min(u32::MAX as u64) as u32,
        };
        let unique = match rest {
            "" => p.unique,
            "a" => false,
            _ => return Err(PuzzleError::params("Unexpected characters in the parameters")),
        };
        *p = Params { w, h, n, unique };
        Ok(())
    }

    fn validate_params(p: &Params, full: bool) -> Result<(), PuzzleError> {
        if full && p.unique && (p.w <= 2 || p.h <= 2) {
            return Err(PuzzleError::params("Width and height must both be greater than two"));
        }
        if p.w < 1 || p.h < 1 {
            return Err(PuzzleError::params("Width and height must both be at least one"));
        }
        if p.w > MAX_SIDE || p.h > MAX_SIDE {
            return Err(PuzzleError::params("Width and height must be at most 100"));
        }
        if p.n as i64 > p.w as i64 * p.h as i64 - 9 {
            return Err(PuzzleError::params("Too many mines for grid size"));
        }
        Ok(())
    }

    fn configure(p: &Params) -> Vec<ConfigItem> {
        vec![
            ConfigItem::String { name: "Width", value: format!("{}", p.w) },
            ConfigItem::String { name: "Height", value: format!("{}", p.h) },
            ConfigItem::String { name: "Mines", value: format!("{}", p.n) },
            ConfigItem::Boolean { name: "Ensure solubility", value: p.unique },
        ]
    }

    /// As his dialog: the mine count may be a percentage of the area (`20%`).
    fn custom_params(items: &[ConfigItem]) -> Result<Params, PuzzleError> {
        let text = |i: usize, what: &'static str| -> Result<&str, PuzzleError> {
            match items.get(i) {
                Some(ConfigItem::String { value, .. }) => Ok(value.trim()),
                _ => Err(PuzzleError::params(what)),
            }
        };
        let num = |s: &str, what: &'static str| match parse_uint(s) {
            Some((v, "")) => Ok(v),
            _ => Err(PuzzleError::params(what)),
        };
        let w = num(text(0, "Width must be a number")?, "Width must be a number")?;
        let h = num(text(1, "Height must be a number")?, "Height must be a number")?;
        let mines = text(2, "Number of mines must be a number")?;
        let n = match mines.strip_suffix('%') {
            Some(pc) => {
                let pc = num(pc.trim(), "Number of mines must be a number or a percentage")?;
                (pc as u64 * w as u64 * h as u64 / 100).min(u32::MAX as u64) as u32
            }
            None => num(mines, "Number of mines must be a number or a percentage")?,
        };
        let unique = match items.get(3) {
            Some(ConfigItem::Boolean { value, .. }) => *value,
            _ => return Err(PuzzleError::params("Ensure solubility must be a check box")),
        };
        Ok(Params { w, h, n, unique })
    }

    /// A first click is drawn even when it is not used, as his does, so that the random
    /// stream is the same in both cases: interactively the `r` description (the layout waits
    /// for the player's click), in batch the layout for that click, opened.
    fn new_desc(p: &Params, rs: &mut RandomState, interactive: bool) -> (String, Option<String>) {
        let x = rs.upto(p.w) as usize;
        let y = rs.upto(p.h) as usize;
        if interactive {
            let desc = format!("r{},{},{}", p.n, if p.unique { 'u' } else { 'a' }, rs.encode());
            (desc, None)
        } else {
            let (w, h) = (p.w as usize, p.h as usize);
            let mines = generator::generate(w, h, p.n as usize, x, y, p.unique, rs);
            (describe_layout(w, h, &mines, Some((x, y))), None)
        }
    }

    fn validate_desc(p: &Params, desc: &str) -> Result<(), PuzzleError> {
        if desc.starts_with('r') { parse_pending(p, desc).map(|_| ()) } else { parse_plain(p, desc).map(|_| ()) }
    }

    fn new_game(p: &Params, desc: &str) -> State {
        let (w, h) = (p.w as usize, p.h as usize);
        let mut s = State {
            w,
            h,
            dead: false,
            won: false,
            used_solve: false,
            layout: Rc::new(Layout { mines: None, pending: None, first_click: None }),
            grid: vec![COVERED; w * h],
        };
        if desc.starts_with('r') {
            if let Ok(pending) = parse_pending(p, desc) {
                s.layout = Rc::new(Layout { mines: None, pending: Some(pending), first_click: None });
            }
        } else if let Ok(plain) = parse_plain(p, desc) {
            let mines = decode_bitmap(w * h, plain.hex, plain.masked);
            s.layout = Rc::new(Layout { mines: Some(mines), pending: None, first_click: plain.click });
            if let Some((x, y)) = plain.click {
                open_square(&mut s, x, y);
            }
        }
        s
    }

    fn supersede_game_desc(old: &State, new: &State) -> Option<(String, Option<String>)> {
        if old.layout.mines.is_some() {
            return None;
        }
        let mines = new.layout.mines.as_ref()?;
        let desc = describe_layout(new.w, new.h, mines, new.layout.first_click);
        let private = describe_layout(new.w, new.h, mines, None);
        Some((desc, Some(private)))
    }

    fn new_ui(_state: &State) -> Ui {
        Ui {
            hx: -1,
            hy: -1,
            hradius: 0,
            validradius: 0,
            flash_is_death: false,
            deaths: 0,
            completed: false,
            cur_x: 0,
            cur_y: 0,
            cur_visible: false,
        }
    }

    /// The deaths and whether the game was ever completed survive a save, as in his.
    fn encode_ui(ui: &Ui) -> Option<String> {
        Some(format!("D{}{}", ui.deaths, if ui.completed { "C" } else { "" }))
    }

    fn decode_ui(ui: &mut Ui, s: &str) {
        if let Some((d, rest)) = s.strip_prefix('D').and_then(parse_uint) {
            ui.deaths = d;
            ui.completed = rest.starts_with('C');
        }
    }

    fn changed_state(ui: &mut Ui, _old: Option<&State>, new: &State) {
        if new.won {
            ui.completed = true;
        }
    }

    /// Left button: press shows the square (or a number's neighbourhood) pressed, release
    /// opens a covered square or chords a number whose flags are all placed. Middle button:
    /// always a chord. Right button: flag. Cursor keys move the cursor; select opens or
    /// chords, select 2 flags.
    fn interpret_move(s: &State, ui: &mut Ui, ds: &DrawState, input: PuzzleInput) -> MoveResult {
        if s.dead || s.won {
            return MoveResult::Ignored;
        }
        let (w, h) = (s.w as i32, s.h as i32);
        let (mut cx, mut cy) = (ds.cell_at(input.x), ds.cell_at(input.y));
        let on_grid = |x: i32, y: i32| x >= 0 && x < w && y >= 0 && y < h;
        let at = |x: i32, y: i32| s.grid[(y * w + x) as usize];
        match input.key {
            Key::CursorUp | Key::CursorDown | Key::CursorLeft | Key::CursorRight => {
                let (dx, dy) = match input.key {
                    Key::CursorUp => (0, -1),
                    Key::CursorDown => (0, 1),
                    Key::CursorLeft => (-1, 0),
                    _ => (1, 0),
                };
                ui.cur_x = (ui.cur_x + dx).clamp(0, w - 1);
                ui.cur_y = (ui.cur_y + dy).clamp(0, h - 1);
                ui.cur_visible = true;
                return MoveResult::UiUpdate;
            }
            Key::CursorSelect | Key::CursorSelect2 => {
                if !ui.cur_visible {
                    ui.cur_visible = true;
                    return MoveResult::UiUpdate;
                }
                let v = at(ui.cur_x, ui.cur_y);
                if input.key == Key::CursorSelect2 {
                    if v != COVERED && v != FLAGGED {
                        return MoveResult::Ignored;
                    }
                    return MoveResult::Move(format!("F{},{}", ui.cur_x, ui.cur_y));
                }
                if v == COVERED {
                    if s.is_mine((ui.cur_y * w + ui.cur_x) as usize) {
                        ui.deaths += 1;
                    }
                    return MoveResult::Move(format!("O{},{}", ui.cur_x, ui.cur_y));
                }
                (cx, cy) = (ui.cur_x, ui.cur_y);
                ui.validradius = 1;
            }
            Key::Press(Button::Left | Button::Middle) | Key::Drag(Button::Left | Button::Middle) => {
                if !on_grid(cx, cy) {
                    return MoveResult::Ignored;
                }
                ui.hx = cx;
                ui.hy = cy;
                ui.hradius = if at(cx, cy) >= 0 { 1 } else { 0 };
                if input.key == Key::Press(Button::Left) {
                    ui.validradius = ui.hradius;
                } else if input.key == Key::Press(Button::Middle) {
                    ui.validradius = 1;
                }
                ui.cur_visible = false;
                return MoveResult::UiUpdate;
            }
            Key::Press(Button::Right) => {
                if !on_grid(cx, cy) {
                    return MoveResult::Ignored;
                }
                let v = at(cx, cy);
                if v != COVERED && v != FLAGGED {
                    return MoveResult::Ignored;
                }
                return MoveResult::Move(format!("F{},{}", cx, cy));
            }
            Key::Release(b @ (Button::Left | Button::Middle)) => {
                ui.hx = -1;
                ui.hy = -1;
                ui.hradius = 0;
                if !on_grid(cx, cy) {
                    return MoveResult::UiUpdate;
                }
                if b == Button::Left && at(cx, cy) == COVERED && ui.validradius == 0 {
                    if s.is_mine((cy * w + cx) as usize) {
                        ui.deaths += 1;
                    }
                    return MoveResult::Move(format!("O{},{}", cx, cy));
                }
            }
            _ => return MoveResult::Ignored,
        }
        // A chord: on a number with as many flags around as it says, open the rest; where a
        // flag is wrong, open just the mines among them (the least new information).
        let i = (cy * w + cx) as usize;
        let v = s.grid[i];
        if v > 0 && v <= 8 && ui.validradius == 1 {
            let (nb, k) = around(s.w, s.h, i);
            let flags = nb[..k].iter().filter(|&&j| s.grid[j] == FLAGGED).count() as i8;
            if flags == v {
                let wrong: Vec<String> = nb[..k]
                    .iter()
                    .filter(|&&j| s.grid[j] != FLAGGED && s.is_mine(j))
                    .map(|&j| format!("O{},{}", j % s.w, j / s.w))
                    .collect();
                if wrong.is_empty() {
                    return MoveResult::Move(format!("C{},{}", cx, cy));
                }
                ui.deaths += 1;
                return MoveResult::Move(wrong.join(";"));
            }
        }
        MoveResult::UiUpdate
    }

    fn execute_move(from: &State, mv: &str) -> Result<State, PuzzleError> {
        if mv == "S" {
            if from.layout.mines.is_none() {
                return Err(PuzzleError::new(ErrorKind::Move, "Game has not been started yet"));
            }
            // As his: Solve shows the grid but does not win it (the status stays "Playing").
            let mut ret = from.clone();
            if ret.dead {
                show_corrections(&mut ret);
            } else {
                reveal_all(&mut ret);
            }
            ret.used_solve = true;
            return Ok(ret);
        }
        if from.dead {
            return Err(PuzzleError::bad_move("Dead players cannot move"));
        }
        let mut ret = from.clone();
        for part in mv.split(';') {
            let kind = part.bytes().next().ok_or(PuzzleError::bad_move("Empty move"))?;
            let i =
                parse_square(&ret, part.get(1..).ok_or(PuzzleError::bad_move("Unexpected character in the move"))?)?;
            let (x, y) = (i % ret.w, i / ret.w);
            match kind {
                b'F' => {
                    ret.grid[i] = match ret.grid[i] {
                        COVERED => FLAGGED,
                        FLAGGED => COVERED,
                        _ => return Err(PuzzleError::bad_move("Only a covered square can be flagged")),
                    }
                }
                b'O' => open_square(&mut ret, x, y),
                b'C' => {
                    let (nb, k) = around(ret.w, ret.h, i);
                    let w = ret.w;
                    for &j in &nb[..k] {
                        if ret.grid[j] == COVERED {
                            open_square(&mut ret, j % w, j / w);
                        }
                    }
                }
                _ => return Err(PuzzleError::bad_move("Move must be O, F, C or S")),
            }
        }
        Ok(ret)
    }

    fn solve(orig: &State, _curr: &State, _aux: Option<&str>) -> Result<String, PuzzleError> {
        if orig.layout.mines.is_none() {
            return Err(PuzzleError::new(ErrorKind::Solve, "Game has not been started yet"));
        }
        Ok(String::from("S"))
    }

    /// One character per square: `-` zero, the digit, `*` flag, `?` covered, `!` a mine shown.
    fn text_format(s: &State) -> Option<String> {
        let mut out = String::with_capacity((s.w + 1) * s.h);
        for row in s.grid.chunks(s.w) {
            out.extend(row.iter().map(|&v| match v {
                0 => '-',
                1..=8 => (b'0' + v as u8) as char,
                FLAGGED => '*',
                COVERED => '?',
                _ => '!',
            }));
            out.push('\n');
        }
        Some(out)
    }

    /// Won only by the player. Solve does not complete the grid (his rule), and a death is no
    /// loss: the player may undo and carry on.
    fn status(s: &State) -> Status {
        match (s.won, s.used_solve) {
            (true, false) => Status::Won,
            (true, true) => Status::Lost,
            _ => Status::Playing,
        }
    }

    fn timing_state(s: &State, ui: &Ui) -> bool {
        !(s.dead || s.won || s.used_solve || ui.completed || s.layout.mines.is_none())
    }

    fn status_text(s: &State, ui: &Ui) -> Option<String> {
        let mut text = if s.dead {
            String::from("DEAD!")
        } else if s.won {
            String::from(if s.used_solve { "Auto-solved." } else { "COMPLETED!" })
        } else {
            let marked = s.grid.iter().filter(|&&v| v == FLAGGED).count();
            let mines = s.mine_count();
            let mut t = format!("Marked: {} / {}", marked, mines);
            // His newer versions count the last few safe squares for the player.
            let closed = s.grid.iter().filter(|&&v| v < 0).count();
            match closed.saturating_sub(mines) {
                1 => t.push_str(" (1 safe square remains)"),
                n @ 2..=9 => t.push_str(&format!(" ({} safe squares remain)", n)),
                _ => {}
            }
            t
        };
        if ui.deaths > 0 {
            text.push_str(&format!("  Deaths: {}", ui.deaths));
        }
        Some(text)
    }

    fn request_keys(_p: &Params) -> Vec<(Key, Option<&'static str>)> {
        Vec::new()
    }

    fn current_key_label(ui: &Ui, s: &State, key: Key) -> &'static str {
        if !ui.cur_visible || s.dead || s.won {
            return "";
        }
        let v = s.grid[(ui.cur_y * s.w as i32 + ui.cur_x) as usize];
        match key {
            Key::CursorSelect if v == COVERED => "Open",
            Key::CursorSelect if v > 0 && v <= 8 => "Chord",
            Key::CursorSelect2 if v == COVERED => "Flag",
            Key::CursorSelect2 if v == FLAGGED => "Unflag",
            _ => "",
        }
    }

    fn cursor_location(_s: &State, ui: &Ui, ds: &DrawState) -> Option<Rect> {
        ui.cur_visible.then(|| Rect::new(ds.coord(ui.cur_x), ds.coord(ui.cur_y), ds.tilesize, ds.tilesize))
    }

    fn compute_size(p: &Params, tile: i32) -> (i32, i32) {
        (border(tile) * 2 + tile * p.w as i32, border(tile) * 2 + tile * p.h as i32)
    }

    /// His colours: the second background 19/20 of the first, numbers 1–8 in blue, green,
    /// red, navy, maroon, teal, black, grey; the cursor a red tinge of white.
    fn colours(background: Colour) -> Vec<Colour> {
        let (bg, _, _) = Colour::highlights(background);
        let scale = |c: Colour, num: u16, den: u16| {
            Colour::rgb((c.r as u16 * num / den) as u8, (c.g as u16 * num / den) as u8, (c.b as u16 * num / den) as u8)
        };
        vec![
            bg,
            scale(bg, 19, 20),
            Colour::rgb(0, 0, 255),
            Colour::rgb(0, 128, 0),
            Colour::rgb(255, 0, 0),
            Colour::rgb(0, 0, 128),
            Colour::rgb(128, 0, 0),
            Colour::rgb(0, 128, 128),
            Colour::rgb(0, 0, 0),
            Colour::rgb(128, 128, 128),
            Colour::rgb(0, 0, 0),
            Colour::rgb(255, 0, 0),
            Colour::rgb(255, 0, 0),
            Colour::rgb(255, 0, 0),
            Colour::rgb(0, 0, 0),
            Colour::rgb(0, 0, 0),
            Colour::rgb(255, 255, 255),
            scale(bg, 2, 3),
            Colour::rgb(255, 153, 153),
            Colour::rgb(255, 128, 128),
        ]
    }

    fn new_drawstate(_dr: &mut dyn Drawing, s: &State) -> DrawState {
        DrawState::new(s)
    }

    fn set_size(_dr: &mut dyn Drawing, ds: &mut DrawState, _p: &Params, tile: i32) {
        ds.tilesize = tile;
    }

    fn flash_length(old: &State, new: &State, dir: Dir, ui: &mut Ui) -> u32 {
        if old.used_solve || new.used_solve || dir <= 0 || old.dead || old.won {
            return 0;
        }
        if new.dead {
            ui.flash_is_death = true;
            return 3 * FLASH_FRAME_MS;
        }
        if new.won {
            ui.flash_is_death = false;
            return 2 * FLASH_FRAME_MS;
        }
        0
    }

    fn redraw(
        dr: &mut dyn Drawing,
        ds: &mut DrawState,
        _old: Option<&State>,
        s: &State,
        _dir: Dir,
        ui: &Ui,
        _anim_time: u32,
        flash_time: u32,
    ) {
        draw::redraw(dr, ds, s, ui, flash_time);
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
