//! [`StartScreen`]: the collection's first screen, where `Back` leads. It lists every entry
//! of the collection (`entries.rs`: the puzzles of `games::ALL`, then TETRHEX's
//! rules; a game added there appears here without an edit) as buttons in a grid
//! laid out for the region it is given, and answers a choice with
//! `ActivityReply::Command(Command::ChooseGame(n))`, which [`App`](super::App) carries out.
//!
//! Keys: the cursor keys move the selection (Up/Down through a column, Left/Right across
//! columns), Return, Enter or Space choose, a letter selects the next game starting with it,
//! Help shows the collection's help, `q` or Ctrl-Q quits. Mouse: press on a game, release on
//! the same game.
//!
//! Pens: from `PUZZLE_PEN_BASE` on, like a puzzle's (only one of them is shown at a time);
//! pens 0–15 stay the host's.

use alloc::format;

use super::activity::{Activity, ActivityReply, HostRequest, Target};
use super::command::Command;
use super::entries;
use super::help::COLLECTION;
use super::input::{Buttons, Input};
use super::keymap::KeyMap;
use super::menu::{Menu, MenuBar, MenuState};
use super::puzzle_activity::PUZZLE_PEN_BASE;
use super::widgets;
use crate::games;
use crate::gfx::{Colour, Planar, Rect};
use crate::keyboard::scancode;

/// The pens of the start screen.
const BACKGROUND: u8 = PUZZLE_PEN_BASE;
const TITLE: u8 = PUZZLE_PEN_BASE + 1;
const FACE: u8 = PUZZLE_PEN_BASE + 2;
const TEXT: u8 = PUZZLE_PEN_BASE + 3;
const SELECTED_FACE: u8 = PUZZLE_PEN_BASE + 4;
const SELECTED_TEXT: u8 = PUZZLE_PEN_BASE + 5;
const BORDER: u8 = PUZZLE_PEN_BASE + 6;

/// Their colours, in pen order: Tatham's default background, a dark blue title, white
/// buttons, dark blue for the selected one.
const COLOURS: [Colour; 7] = [
    Colour::DEFAULT_BACKGROUND,
    Colour::rgb(0x00, 0x00, 0x80),
    Colour::WHITE,
    Colour::BLACK,
    Colour::rgb(0x00, 0x00, 0x80),
    Colour::WHITE,
    Colour::rgb(0x40, 0x40, 0x40),
];

/// Where everything is (surface coordinates), worked out by `draw_all`.
#[derive(Clone, Copy, Default, Debug)]
struct Grid {
    scale: i32,
    /// The top-left of the first button; buttons are `cell` apart, `button` in size.
    origin: (i32, i32),
    cell: (i32, i32),
    button: (i32, i32),
    /// Buttons per column (games run down the columns, then on to the next column).
    rows: usize,
}

impl Grid {
    fn layout(region: Rect, games: usize) -> Grid {
        let scale = widgets::scale_for(region);
        let margin = 4 * scale;
        let header = widgets::line_height(2 * scale) + widgets::line_height(scale);
        let footer = widgets::line_height(scale);
        let widest = (0..entries::count()).map(|n| widgets::text_width(entries::name(n), scale)).max().unwrap_or(0);
        let button = (widest + 12 * scale, widgets::line_height(scale) + 2 * scale);
        let gap = 3 * scale;
        let cell = (button.0 + gap, button.1 + gap);
        let avail_h = (region.h - header - footer - 2 * margin).max(cell.1);
        let rows_fit = (avail_h / cell.1).max(1) as usize;
        let columns = games.div_ceil(rows_fit).max(1);
        let rows = games.div_ceil(columns).max(1);
        // Narrow the buttons when the columns do not fit across.
        let avail_w = region.w - 2 * margin;
        let cell_w = cell.0.min(avail_w / columns as i32).max(1);
        let button_w = button.0.min(cell_w - gap).max(1);
        let grid_w = cell_w * columns as i32 - gap;
        let grid_h = cell.1 * rows as i32 - gap;
        let top = region.y + margin + header;
        let origin = (region.x + (region.w - grid_w) / 2, top + ((avail_h - grid_h) / 2).max(0));
        Grid { scale, origin, cell: (cell_w, cell.1), button: (button_w, button.1), rows }
    }

    fn button(&self, n: usize) -> Rect {
        let (col, row) = ((n / self.rows) as i32, (n % self.rows) as i32);
        Rect::new(self.origin.0 + col * self.cell.0, self.origin.1 + row * self.cell.1, self.button.0, self.button.1)
    }

    fn at(&self, x: i32, y: i32) -> Option<usize> {
        (0..entries::count()).find(|&n| self.button(n).contains(x, y))
    }
}

/// The start screen.
#[derive(Default)]
pub struct StartScreen {
    selected: usize,
    grid: Grid,
    /// The game a mouse button went down on, chosen if it comes up there too.
    pressed: Option<usize>,
    buttons: Buttons,
}

impl StartScreen {
    pub fn new() -> Self {
        Self::default()
    }
    /// The game selected (an entry number).
    pub fn selected(&self) -> usize {
        self.selected
    }
    /// Selects game `n` (the one a player comes back from), redrawn at the next `draw_all`.
    pub fn select(&mut self, n: usize) {
        if n < entries::count() {
            self.selected = n;
        }
    }
    /// Where game `n`'s button is, after `draw_all` (surface coordinates).
    pub fn button(&self, n: usize) -> Rect {
        self.grid.button(n)
    }

    fn draw_button(&self, surface: &mut Planar<&mut [u16]>, n: usize) -> Rect {
        let r = self.grid.button(n);
        let (face, text) = if n == self.selected { (SELECTED_FACE, SELECTED_TEXT) } else { (FACE, TEXT) };
        widgets::panel(surface, r, face, BORDER);
        widgets::text_centred(surface, widgets::inset(r, 1), self.grid.scale, entries::name(n), text);
        r
    }

    fn move_selection(&mut self, target: &mut Target<'_>, to: usize) {
        if to == self.selected || to >= entries::count() {
            return;
        }
        let from = self.selected;
        self.selected = to;
        for n in [from, to] {
            let r = self.draw_button(&mut target.surface, n);
            target.damage.add(r);
        }
    }

    fn key(&mut self, target: &mut Target<'_>, code: u8, ascii: u8, control: bool) -> ActivityReply {
        let (n, rows, sel) = (entries::count(), self.grid.rows.max(1), self.selected);
        match code {
            scancode::UP => self.move_selection(target, sel.saturating_sub(1)),
            scancode::DOWN => self.move_selection(target, (sel + 1).min(n - 1)),
            scancode::LEFT if sel >= rows => self.move_selection(target, sel - rows),
            scancode::RIGHT => self.move_selection(target, (sel + rows).min(n - 1)),
            scancode::RETURN | scancode::KP_ENTER | scancode::SPACE => {
                return ActivityReply::Command(Command::ChooseGame(sel));
            }
            scancode::HELP => return self.command(target, Command::Help),
            _ if ascii.eq_ignore_ascii_case(&b'q') || ascii == 0x11 => {
                return ActivityReply::Host(HostRequest::Quit);
            }
            _ if ascii.is_ascii_alphabetic() && !control => {
                // The next game, after the selected one, whose name starts with the letter.
                let starts = |i: &usize| entries::name(*i).as_bytes()[0].eq_ignore_ascii_case(&ascii);
                if let Some(i) = (sel + 1..n).chain(0..=sel).find(starts) {
                    self.move_selection(target, i);
                }
            }
            _ => {}
        }
        ActivityReply::None
    }
}

impl Activity for StartScreen {
    type Reply = ActivityReply;

    fn title(&self) -> &str {
        COLLECTION
    }

    fn draw_all(&mut self, target: &mut Target<'_>) {
        let region = target.region;
        self.grid = Grid::layout(region, entries::count());
        target.palette.set_range(BACKGROUND, &COLOURS);
        let s = &mut target.surface;
        s.fill_rect(region, BACKGROUND);
        let scale = self.grid.scale;
        let margin = 4 * scale;
        let title = Rect::new(region.x, region.y + margin, region.w, widgets::line_height(2 * scale));
        widgets::text_centred(s, title, 2 * scale, COLLECTION, TITLE);
        let sub = Rect::new(region.x, title.bottom(), region.w, widgets::line_height(scale));
        widgets::text_centred(s, sub, scale, "Choose a game", TEXT);
        let hint = Rect::new(region.x, region.bottom() - margin - widgets::line_height(scale), region.w, sub.h);
        widgets::text_centred(s, hint, scale, "Arrows and Return, or click", TEXT);
        for n in 0..entries::count() {
            self.draw_button(s, n);
        }
        target.damage.add(region.intersect(&target.surface.bounds()));
    }

    fn input(&mut self, target: &mut Target<'_>, input: &Input) -> ActivityReply {
        match *input {
            Input::KeyDown(k) if !k.shift.alternate() => self.key(target, k.scancode, k.ascii, k.shift.control()),
            Input::Mouse { x, y, buttons, .. } => {
                let was = core::mem::replace(&mut self.buttons, buttons);
                let here = self.grid.at(x, y);
                if buttons.contains(Buttons::LEFT) && !was.contains(Buttons::LEFT) {
                    self.pressed = here;
                    if let Some(n) = here {
                        self.move_selection(target, n);
                    }
                } else if !buttons.contains(Buttons::LEFT) && was.contains(Buttons::LEFT) {
                    if let Some(n) = self.pressed.take()
                        && here == Some(n)
                    {
                        return ActivityReply::Command(Command::ChooseGame(n));
                    }
                }
                ActivityReply::None
            }
            Input::FocusGained => {
                target.palette.mark(BACKGROUND, BORDER);
                ActivityReply::None
            }
            Input::Resize => {
                self.draw_all(target);
                ActivityReply::None
            }
            _ => ActivityReply::None,
        }
    }

    fn command(&mut self, _target: &mut Target<'_>, command: Command) -> ActivityReply {
        match command {
            Command::Help => ActivityReply::Host(HostRequest::Help { game: COLLECTION }),
            Command::About => ActivityReply::Host(HostRequest::Message {
                title: format!("About {}", COLLECTION),
                text: format!(
                    "{} {}\n{} games after Simon Tatham's Portable Puzzle Collection, for the Atari Falcon 030.",
                    COLLECTION,
                    env!("CARGO_PKG_VERSION"),
                    games::ALL.len()
                ),
            }),
            Command::Quit => ActivityReply::Host(HostRequest::Quit),
            // Choosing a game (`ChooseGame`, from the Games menu) is the owner's job: `App`
            // takes it before it gets here. The rest needs a game.
            _ => ActivityReply::None,
        }
    }

    fn wants_ticks(&self) -> bool {
        false
    }

    fn menu_state(&self) -> MenuState {
        // One bar, always the same.
        MenuState::default()
    }

    fn menu_bar(&self) -> MenuBar {
        let k = KeyMap::default();
        let mut desk = Menu::new("Desk");
        desk.item(&format!("About {}...", COLLECTION), Command::About, None);
        let mut file = Menu::new("File");
        file.item("Quit", Command::Quit, k.shortcut(&Command::Quit));
        let mut games_menu = Menu::new("Games");
        for i in 0..entries::count() {
            games_menu.item(entries::name(i), Command::ChooseGame(i), None);
        }
        let mut help = Menu::new("Help");
        help.item(&format!("Help on {}", COLLECTION), Command::Help, k.shortcut(&Command::Help));
        MenuBar { menus: alloc::vec![desk, file, games_menu, help] }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
