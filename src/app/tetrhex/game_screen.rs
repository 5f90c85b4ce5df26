//! The game's screen (section 5.4): the board's frame, the rule's name and numbers' labels
//! drawn once ([`TetrhexActivity::draw_game`]), then after each event only what changed
//! since the last drawing ([`Shown`], `refresh`): each cell's hexagon, the radar's piece,
//! each number, the game pause's text, the game's end; and the window pause's screen.

use alloc::format;
use alloc::string::String;

use super::layout::{self, Layout};
use super::{TetrhexActivity, pens};
use crate::app::activity::Target;
use crate::app::widgets;
use crate::gfx::{Rect, font5x7};
use crate::rul::board::MAX_CELLS;
use crate::rul::session::SessionState;

/// A cell not drawn yet (forces its drawing).
const UNKNOWN: u16 = 0xFFFF;

/// What the screen shows now, to draw only what changed.
#[derive(Clone)]
pub(super) struct Shown {
    /// Each cell's hexagon, by id: `colour << 8 | pattern`, 0 when empty.
    pub(super) cells: [u16; MAX_CELLS + 1],
    /// The radar's piece: V[0]–V[8] of the next piece, or `None` when the radar is off.
    pub(super) radar: Option<[i32; 9]>,
    /// The numbers' values as displayed.
    pub(super) numbers: [i32; 8],
    pub(super) paused: bool,
    pub(super) ended: bool,
    /// The window pause's screen is up.
    pub(super) window_paused: bool,
}

impl Shown {
    pub(super) const fn unknown() -> Shown {
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

impl TetrhexActivity {
    /// The appearance of every cell now: the board's hexagons and the falling piece's, or
    /// while a landing's destruction is shown, the board of its step on the screen.
    pub(super) fn cells_now(&self) -> [u16; MAX_CELLS + 1] {
        let board = &self.session.vm.board;
        let mut cells = [0u16; MAX_CELLS + 1];
        if let Some(k) = self.landing.step() {
            let step = &self.session.vm.destruction.steps()[k];
            for (id, &(colour, pattern)) in step[..board.cell_count()].iter().enumerate() {
                if pattern != 0 {
                    cells[id + 1] = (colour as u16) << 8 | pattern as u16;
                }
            }
            return cells;
        }
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

    pub(super) fn radar_now(&self) -> Option<[i32; 9]> {
        let vm = &self.session.vm;
        (vm.radar && vm.next_prepared && self.session.playing()).then_some(vm.next_vars)
    }

    pub(super) fn number_now(&self, k: usize) -> i32 {
        let def = &self.rule.numbers[k];
        let max = 10i32.saturating_pow(def.max_digits.clamp(1, 9) as u32) - 1;
        self.session.vm.vars[10 + k].clamp(0, max)
    }

    /// Draws what changed since the last call.
    pub(super) fn refresh(&mut self, target: &mut Target<'_>) {
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
        if !self.session.playing() && !self.shown.ended && self.landing.step().is_none() {
            self.draw_end(target);
            self.shown.ended = true;
        }
    }

    /// After the engine ran (a tick or a signal): a landing that destroyed hexagons starts
    /// its show, then what changed is drawn.
    pub(super) fn after_engine(&mut self, target: &mut Target<'_>) {
        self.landing.notice(&self.session.vm.destruction);
        self.refresh(target);
    }

    pub(super) fn draw_radar(&mut self, target: &mut Target<'_>, next: Option<[i32; 9]>) {
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

    pub(super) fn draw_number(&mut self, target: &mut Target<'_>, k: usize, value: i32) {
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
    pub(super) fn draw_end(&mut self, target: &mut Target<'_>) {
        let s = self.layout.scale;
        let line = widgets::line_height(s);
        let board = self.layout.board;
        let w = (board.w - 8 * s).min(widgets::text_width("Return: continue", s) + 8 * s).max(1);
        let h = 4 * line + 6 * s;
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
        for (text, pen) in [(detail.as_str(), pens::PROMPT), ("Return: continue", pens::HINT)] {
            widgets::text_centred(&mut target.surface, Rect::new(r.x, y, r.w, line), s, text, pen);
            y += line;
        }
        target.damage.add(r);
    }

    /// The window pause's screen: everything cleared, "-- PAUSE --" in the middle.
    pub(super) fn draw_window_pause(&mut self, target: &mut Target<'_>) {
        let region = target.region;
        target.surface.fill_rect(region, pens::BACKGROUND);
        widgets::text_centred(&mut target.surface, region, self.layout.scale, "-- PAUSE --", self.window_pause_pen);
        target.damage.add(region.intersect(&target.surface.bounds()));
    }

    /// Draws the game's screen: the board's frame, the rule's name, the numbers' texts, then
    /// what the game holds.
    pub(super) fn draw_game(&mut self, target: &mut Target<'_>) {
        let region = target.region;
        self.layout = Layout::new(region, self.rule, self.size as i32);
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
        self.shown.window_paused = false;
        if self.session.window_paused {
            self.draw_window_pause(target);
            self.shown.window_paused = true;
            return;
        }
        self.refresh(target);
    }
}
