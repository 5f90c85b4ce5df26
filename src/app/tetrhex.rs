//! [`TetrhexActivity`]: one of TETRHEX's rules played in real time through the app's events
//! (manual section 5.4): the hexagonal board, the falling piece, the radar, the rule's
//! numbers, the game pause (action +8, "-- PAUSE --" at the top left) and the window pause of
//! section 6.7 (focus lost and gained), game over.
//!
//! The game itself is a [`Session`] of the RUL engine: `Input::Tick` lets its time pass (the
//! piece falls at the rule's speed, the 1 Hz timer counts), a key is turned into the rule's
//! signal (`keys.rs`) and handed to phase B. After each event the activity compares what the
//! engine now holds with what it last drew (each cell's hexagon, the radar's piece, each
//! number, the pause and the game's end) and draws only what changed; a falling piece costs
//! the hexagons it left and the ones it entered.
//!
//! Keys besides the rule's signals: Esc (without Control: Ctrl-Esc is the rule's STOP) goes
//! back to the collection with the game waiting (it gets no ticks there, so it waits
//! paused); after the game's end Return or Enter start a new one, and Control with
//! the keypad's `(` `)` `/` `*` a new one on a board of side 6, 7, 8 or 9 (section 5.1).
//!
//! The best scores' file: `rule_disk` (reading a rule file, saving it safely with a new
//! score) and `rul::scores` (the table in the file's bytes).
//!
//! Not here yet (issue 10): the presentation and main menu, the help viewer, the player's
//! name, the best scores' screen and the game's end saving a score, the options of section
//! 4, the destruction steps drawn one by one.

pub mod keys;
pub mod layout;
pub mod pens;
pub mod rule_disk;
pub mod rules;
pub mod sprite;

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;

use self::layout::Layout;
use self::rules::RuleEntry;
use self::sprite::Sprites;
use super::activity::{Activity, Reply, Target};
use super::command::Command;
use super::input::{Input, KeyPress, scancode};
use super::keymap::KeyMap;
use super::menu::{Menu, MenuBar};
use super::widgets;
use crate::gfx::{Rect, font5x7};
use crate::rul::board::MAX_CELLS;
use crate::rul::loader::load;
use crate::rul::model::RuleFile;
use crate::rul::session::{Session, SessionState};

/// The board side a game starts with (the manual's default is the rule's, or 9 when it lets
/// the player choose; 7 leaves room for the numbers in small windows too).
pub const DEFAULT_SIZE: u8 = 7;

/// The scancode of Q.
const Q: u8 = scancode::of_ascii(b'q');

/// A cell not drawn yet (forces its drawing).
const UNKNOWN: u16 = 0xFFFF;

/// What the screen shows now, to draw only what changed.
#[derive(Clone)]
struct Shown {
    /// Each cell's hexagon, by id: `colour << 8 | pattern`, 0 when empty.
    cells: [u16; MAX_CELLS + 1],
    /// The radar's piece: V[0]–V[8] of the next piece, or `None` when the radar is off.
    radar: Option<[i32; 9]>,
    /// The numbers' values as displayed.
    numbers: [i32; 8],
    paused: bool,
    ended: bool,
    /// The window pause's screen is up.
    window_paused: bool,
}

impl Shown {
    const fn unknown() -> Shown {
        Shown {
            cells: [UNKNOWN; MAX_CELLS + 1],
            radar: Some([i32::MIN; 9]),
            numbers: [i32::MIN; 8],
            paused: false,
            ended: false,
            window_paused: false,
        }
    }
}

/// A rule being played.
pub struct TetrhexActivity {
    title: &'static str,
    rule: &'static RuleFile,
    /// Boxed: the session is 4 KB, and an activity is moved around by value (the 68030's
    /// stack is 64 KiB).
    session: Box<Session<'static>>,
    size: u8,
    seed: u32,
    sprites: Sprites,
    layout: Layout,
    shown: Shown,
}

/// Why a rule could not be started.
pub fn start_error(entry: &RuleEntry, why: &str) -> String {
    format!("{}: {}", entry.name, why)
}

impl TetrhexActivity {
    /// Loads `entry`'s rule and starts a game on a board of side `size` from `seed`. The rule
    /// is loaded once per activity and lives as long as the program (the collection keeps a
    /// waiting game's activity; a new game reuses the rule).
    pub fn new(entry: &RuleEntry, size: u8, seed: u32) -> Result<Self, String> {
        let rule = load(entry.file).map_err(|e| start_error(entry, &format!("bad rule file ({:?})", e)))?;
        let rule: &'static RuleFile = Box::leak(Box::new(rule));
        let size = if rule.board_size != 0 { rule.board_size } else { size };
        let session = Box::new(
            Session::new(rule, size, seed).map_err(|e| start_error(entry, &format!("cannot start ({:?})", e)))?,
        );
        let sprites = Sprites::new(rule, pens::SHADES, pens::EMPTY, pens::FRAME);
        Ok(TetrhexActivity {
            title: entry.name,
            rule,
            session,
            size,
            seed,
            sprites,
            layout: Layout::default(),
            shown: Shown::unknown(),
        })
    }

    /// The game being played.
    pub fn session(&self) -> &Session<'static> {
        &self.session
    }

    /// Where things are (after `draw_all`).
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// A new game: the next seed, on a board of side `size`.
    fn new_game(&mut self, target: &mut Target<'_>, size: u8, seed: u32) -> Reply {
        let size = if self.rule.board_size != 0 { self.rule.board_size } else { size };
        match Session::new(self.rule, size, seed) {
            Ok(s) => {
                *self.session = s;
                self.size = size;
                self.seed = seed;
                self.draw_all(target);
                Reply::None
            }
            Err(e) => Reply::Error(format!("{}: cannot start a game of side {} ({:?})", self.title, size, e)),
        }
    }

    /// The appearance of every cell now: the board's hexagons and the falling piece's.
    fn cells_now(&self) -> [u16; MAX_CELLS + 1] {
        let board = &self.session.vm.board;
        let mut cells = [0u16; MAX_CELLS + 1];
        for id in 1..=board.cell_count() as i32 {
            let c = board.cell(id);
            if c.pattern != 0 {
                cells[id as usize] = (c.colour as u16) << 8 | c.pattern as u16;
            }
        }
        if let Some(p) = self.session.piece {
            for k in 0..p.count as usize {
                let (c, y) = p.hex(k);
                let id = board.at(c, y);
                if id > 0 {
                    cells[id as usize] = (p.colours[k] as u16) << 8 | p.patterns[k] as u16;
                }
            }
        }
        cells
    }

    fn radar_now(&self) -> Option<[i32; 9]> {
        let vm = &self.session.vm;
        (vm.radar && vm.next_prepared && self.session.playing()).then_some(vm.next_vars)
    }

    fn number_now(&self, k: usize) -> i32 {
        let def = &self.rule.numbers[k];
        let max = 10i32.saturating_pow(def.max_digits.clamp(1, 9) as u32) - 1;
        self.session.vm.vars[10 + k].clamp(0, max)
    }

    /// Draws what changed since the last call.
    fn refresh(&mut self, target: &mut Target<'_>) {
        if self.shown.window_paused {
            return;
        }
        let clip = target.region;
        let cells = self.cells_now();
        let board = &self.session.vm.board;
        for id in 1..=board.cell_count() {
            if cells[id] == self.shown.cells[id] {
                continue;
            }
            let (c, y) = board.pos(id as i32);
            let (x, py) = self.layout.cell(c, y);
            let sprite = self.sprites.hexagon((cells[id] >> 8) as u8, cells[id] as u8);
            let r = sprite.draw(&mut target.surface, clip, x, py);
            target.damage.add(r);
            self.shown.cells[id] = cells[id];
        }
        let radar = self.radar_now();
        if radar != self.shown.radar {
            self.draw_radar(target, radar);
            self.shown.radar = radar;
        }
        for k in 0..self.rule.numbers.len().min(8) {
            let v = self.number_now(k);
            if v != self.shown.numbers[k] {
                self.draw_number(target, k, v);
                self.shown.numbers[k] = v;
            }
        }
        let paused = self.session.vm.paused && self.session.playing();
        if paused != self.shown.paused {
            let r = self.layout.pause;
            target.surface.fill_rect(r, pens::BACKGROUND);
            if paused {
                widgets::text_in(&mut target.surface, r, 0, self.layout.scale, "-- PAUSE --", pens::PAUSE);
            }
            target.damage.add(r);
            self.shown.paused = paused;
        }
        if !self.session.playing() && !self.shown.ended {
            self.draw_end(target);
            self.shown.ended = true;
        }
    }

    fn draw_radar(&mut self, target: &mut Target<'_>, next: Option<[i32; 9]>) {
        let r = self.layout.radar;
        target.surface.fill_rect(r, pens::BACKGROUND);
        target.damage.add(r);
        let Some(v) = next else { return };
        let Some(shape) = usize::try_from(v[0] - 1).ok().and_then(|i| self.rule.shapes.get(i)) else { return };
        for k in 0..shape.count as usize {
            let (dc, dy) = crate::rul::geometry::position_offset(shape.initial[k]).unwrap_or((0, 0));
            let (x, y) = self.layout.radar_cell(dc, dy);
            let sprite = self.sprites.hexagon(v[k + 1] as u8, v[k + 5] as u8);
            sprite.draw(&mut target.surface, r, x, y);
        }
    }

    fn draw_number(&mut self, target: &mut Target<'_>, k: usize, value: i32) {
        let def = &self.rule.numbers[k];
        let place = self.layout.numbers[k];
        let r = place.digits;
        target.surface.fill_rect(r, pens::BACKGROUND);
        target.damage.add(r);
        // The digits, right-aligned in the box: at least `min_digits`, the leading zeros in
        // the rule's zero colour.
        let mut buf = [b'0'; 10];
        let mut len = 0;
        let mut v = value as u32;
        loop {
            buf[9 - len] = b'0' + (v % 10) as u8;
            len += 1;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        let significant = len;
        let len = len.max(def.min_digits.clamp(1, 9) as usize);
        let cw = (font5x7::WIDTH + 1) * place.digit_scale;
        let x0 = r.right() - len as i32 * cw;
        let text = core::str::from_utf8(&buf[10 - len..]).unwrap_or("");
        let zeros = len - significant;
        let pen = pens::NUMBERS + 3 * k as u8;
        font5x7::draw(&mut target.surface, r, x0, r.y, place.digit_scale, &text[..zeros], pen + 1);
        let x1 = x0 + zeros as i32 * cw;
        font5x7::draw(&mut target.surface, r, x1, r.y, place.digit_scale, &text[zeros..], pen + 2);
    }

    /// The end of the game (or a rule that failed): a box over the board with the score.
    fn draw_end(&mut self, target: &mut Target<'_>) {
        let s = self.layout.scale;
        let line = widgets::line_height(s);
        let board = self.layout.board;
        let w = (board.w - 8 * s).min(widgets::text_width("Return: play again", s) + 8 * s).max(1);
        let h = 5 * line + 4 * s;
        let r = Rect::new(board.x + (board.w - w) / 2, board.y + (board.h - h) / 2, w, h);
        widgets::panel(&mut target.surface, r, pens::BACKGROUND, pens::FRAME[1]);
        let big = Rect::new(r.x, r.y + s * 2, r.w, 2 * line);
        let (title, detail) = match self.session.state {
            SessionState::Over(score) => ("GAME OVER", format!("Score {}", score)),
            SessionState::Failed(e) => ("RULE ERROR", format!("{:?}", e)),
            SessionState::Playing => ("", String::new()),
        };
        let title_scale = if widgets::text_width(title, 2 * s) <= r.w { 2 * s } else { s };
        widgets::text_centred(&mut target.surface, big, title_scale, title, pens::GAME_OVER);
        let mut y = big.bottom();
        for (text, pen) in
            [(detail.as_str(), pens::PROMPT), ("Return: play again", pens::HINT), ("Esc: back", pens::HINT)]
        {
            widgets::text_centred(&mut target.surface, Rect::new(r.x, y, r.w, line), s, text, pen);
            y += line;
        }
        target.damage.add(r);
    }

    /// The window pause's screen: everything cleared, "-- PAUSE --" in the middle.
    fn draw_window_pause(&mut self, target: &mut Target<'_>) {
        let region = target.region;
        target.surface.fill_rect(region, pens::BACKGROUND);
        widgets::text_centred(&mut target.surface, region, self.layout.scale, "-- PAUSE --", pens::PAUSE);
        target.damage.add(region.intersect(&target.surface.bounds()));
    }

    fn key(&mut self, target: &mut Target<'_>, k: KeyPress) -> Reply {
        if self.session.playing() {
            if let Some(id) = keys::signal_for(self.rule, k) {
                self.session.signal(id);
                self.refresh(target);
                return Reply::None;
            }
        } else {
            let size = match k.scancode {
                scancode::KP_LPAREN if k.shift.control() => Some(6),
                scancode::KP_RPAREN if k.shift.control() => Some(7),
                scancode::KP_SLASH if k.shift.control() => Some(8),
                scancode::KP_STAR if k.shift.control() => Some(9),
                scancode::RETURN | scancode::KP_ENTER => Some(self.size),
                _ => None,
            };
            if let Some(size) = size {
                return self.new_game(target, size, self.seed.wrapping_add(1));
            }
        }
        match k.scancode {
            scancode::ESC if !k.shift.control() => Reply::Back,
            // Ctrl-Q quits (section 5.1); Q alone is the rule's DOWN.
            Q if k.shift.control() => Reply::Quit,
            scancode::HELP if !self.session.playing() => Reply::Help { game: self.title },
            _ => Reply::None,
        }
    }
}

impl Activity for TetrhexActivity {
    fn title(&self) -> &str {
        self.title
    }

    fn draw_all(&mut self, target: &mut Target<'_>) {
        let region = target.region;
        self.layout = Layout::new(region, self.rule, self.size as i32);
        pens::set(target.palette, self.rule);
        self.shown = Shown::unknown();
        let s = &mut target.surface;
        s.fill_rect(region, pens::BACKGROUND);
        let layout = self.layout;
        let frame = &self.sprites.frame;
        layout.frame_cells(|c, y| {
            let (x, py) = layout.cell(c, y);
            frame.draw(s, region, x, py);
        });
        let name = core::str::from_utf8(self.rule.name_str()).unwrap_or("");
        widgets::text(s, region, layout.name.0, layout.name.1, layout.scale, name, pens::RULE_NAME);
        for (k, def) in self.rule.numbers.iter().take(8).enumerate() {
            let p = layout.numbers[k];
            let pen = pens::NUMBERS + 3 * k as u8;
            widgets::text(s, region, p.label.0, p.label.1, p.label_scale, layout::label(def), pen);
        }
        target.damage.add(region.intersect(&target.surface.bounds()));
        self.shown.window_paused = false;
        if self.session.window_paused {
            self.draw_window_pause(target);
            self.shown.window_paused = true;
            return;
        }
        self.refresh(target);
    }

    fn input(&mut self, target: &mut Target<'_>, input: &Input) -> Reply {
        match *input {
            Input::KeyDown(k) => self.key(target, k),
            Input::Tick { ms } => {
                if self.session.playing() {
                    self.session.advance(ms);
                    self.refresh(target);
                }
                Reply::None
            }
            Input::FocusLost => {
                if self.session.playing() {
                    self.session.window_pause();
                    self.draw_window_pause(target);
                    self.shown.window_paused = true;
                }
                Reply::None
            }
            Input::FocusGained => {
                if self.session.window_paused {
                    self.session.window_resume();
                    self.draw_all(target);
                } else {
                    target.palette.mark(pens::BACKGROUND, pens::LAST);
                }
                Reply::None
            }
            Input::Resize => {
                self.draw_all(target);
                Reply::None
            }
            _ => Reply::None,
        }
    }

    fn command(&mut self, target: &mut Target<'_>, command: Command) -> Reply {
        match command {
            Command::NewGame => self.new_game(target, self.size, self.seed.wrapping_add(1)),
            Command::Restart => self.new_game(target, self.size, self.seed),
            Command::Help => Reply::Help { game: self.title },
            Command::About => Reply::Message {
                title: format!("About {}", self.title),
                text: format!(
                    "{}: a rule of TETRHEX (the Falcon game of 1996), played by the collection's RUL engine.",
                    self.title
                ),
            },
            Command::Quit => Reply::Quit,
            Command::BackToCollection => Reply::Back,
            _ => Reply::None,
        }
    }

    fn wants_ticks(&self) -> bool {
        self.session.playing() && !self.session.window_paused
    }

    fn menu_bar(&self) -> MenuBar {
        let k = KeyMap::default();
        let sc = |c: &Command| k.shortcut(c);
        let mut desk = Menu::new("Desk");
        desk.item(&format!("About {}...", self.title), Command::About, None);
        let mut file = Menu::new("File");
        file.item("New game", Command::NewGame, None);
        file.item("Restart", Command::Restart, None);
        file.separator();
        file.item("Back to the collection", Command::BackToCollection, sc(&Command::BackToCollection));
        file.item("Quit", Command::Quit, sc(&Command::Quit));
        let mut help = Menu::new("Help");
        help.item(&format!("Help on {}", self.title), Command::Help, None);
        MenuBar { menus: alloc::vec![desk, file, help] }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;

/// What its frames cost on the 68030 (`cargo xtask bench`).
#[cfg(any(test, feature = "target-tests"))]
pub mod bench;
