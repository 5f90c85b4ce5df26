//! A TETRHEX session: one game of a rule — the board, the falling piece, the seven phases,
//! the actions of section 6.2, both pause modes of 6.7, the 1 Hz timer and the fall clock.
//! (Called a session, not a game, so that it is not confused with the puzzle framework's
//! `Game` trait and its `Game::State`.)
//!
//! The game is driven from outside by `advance(ms)` (time) and `signal(id)` (player), plus
//! `window_pause`/`window_resume`; nothing else influences it, so a replay (seed + timed
//! events, see `replay.rs`) ends in the same state on every machine.
//!
//! Choices the manual leaves open: a new piece's reference hexagon is in column 0, as high
//! as the whole piece fits on the board; rotations and moves have no wall kicks; action 1
//! on a blocked piece lands it (like the last DOWN of a drop); actions 6/7 keep the
//! reference hexagon's height and, if that would leave the top of the board, act as 2/3; an
//! explicit rotation list starts at the entry equal to the initial configuration (else
//! before entry 0); unknown action values do nothing.

use super::compiler::compile;
use super::error::RunError;
use super::geometry::{position_offset, rotate_position};
use super::model::{Phase, Rotation, RuleFile};
use super::program::Program;
use super::vm::Vm;

/// Why a session cannot start or had to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// The rule is fixed to another board size (or the size is not 6–9).
    SizeNotAllowed,
    /// RUL code failed in a phase.
    Run(Phase, RunError),
    /// Phase A described an impossible piece (shape, colour or pattern number `value` in
    /// variable `var`).
    BadPiece { var: u8, value: i32 },
    /// Action 10 found `count` on top of the rule's stack of `entries` entries: not a count
    /// of the data below it (empty stack: `count` 0, `entries` 0).
    MessageData { count: i32, entries: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionState {
    Playing,
    /// Phase S returned this score.
    Over(i32),
    Failed(SessionError),
}

/// The falling piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub shape: u8,
    pub count: u8,
    pub config: [u8; 4],
    /// Index in the shape's explicit rotation list (`None`: the initial configuration).
    pub list_index: Option<u8>,
    /// Reference hexagon position `(column, y)`.
    pub at: (i32, i32),
    pub colours: [u8; 4],
    pub patterns: [u8; 4],
}

impl Piece {
    /// Position of hexagon k.
    pub fn hex(&self, k: usize) -> (i32, i32) {
        let o = position_offset(self.config[k]).unwrap_or((0, 0));
        (self.at.0 + o.0, self.at.1 + o.1)
    }
}

#[derive(Clone)]
pub struct Session<'r> {
    pub rule: &'r RuleFile,
    /// The rule's code compiled for the engine (once, at the start of the session).
    pub program: Program,
    pub vm: Vm,
    pub state: SessionState,
    pub piece: Option<Piece>,
    /// Milliseconds since the start.
    pub now: u64,
    fall_acc: u32,
    timer_acc: u32,
    pub window_paused: bool,
    /// Pieces that appeared.
    pub pieces: u32,
    /// Operations and (with a clock) cycles of each phase, in header order 0, A, B, C, P, Q,
    /// S: the engine's profile.
    pub stats: [PhaseStats; 7],
    /// A clock in ticks (benchmarks on the 68030 give MFP Timer A's); `None`: phases are not
    /// timed.
    pub clock: Option<fn() -> u64>,
    /// Phase C keeps the board before each destruction (`Vm::destruction`), for a front
    /// end that shows them one by one: off unless asked for, since each kept board is a
    /// copy of the board (about 9,000 cycles on the 68030) that replays and benchmarks do
    /// not need.
    pub record_destructions: bool,
}

/// What the phases of one kind cost so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PhaseStats {
    pub runs: u32,
    pub ops: u64,
    pub max_ops: u32,
    /// Clock ticks (see [`Session::clock`]); zero without a clock.
    pub ticks: u64,
    pub max_ticks: u64,
}

/// Board sides 6 to 9, and only the rule's own side when it fixes one.
fn check_size(rule: &RuleFile, size: u8) -> Result<(), SessionError> {
    if !(6..=9).contains(&size) || (rule.board_size != 0 && rule.board_size != size) {
        return Err(SessionError::SizeNotAllowed);
    }
    Ok(())
}

/// Internal id of the signal whose external id is `name`, if the rule has it.
pub fn signal_id(rule: &RuleFile, name: &[u8; 4]) -> Option<u8> {
    let ext = u32::from_be_bytes(*name);
    rule.signals.iter().position(|s| s.external == ext).map(|i| i as u8 + 1)
}

impl<'r> Session<'r> {
    /// Starts a game: phase 0, then the first piece.
    pub fn new(rule: &'r RuleFile, size: u8, seed: u32) -> Result<Session<'r>, SessionError> {
        Self::start(rule, size, seed, None)
    }

    /// Starts a game whose phases are timed with `clock` (see [`Session::stats`]).
    pub fn start(
        rule: &'r RuleFile,
        size: u8,
        seed: u32,
        clock: Option<fn() -> u64>,
    ) -> Result<Session<'r>, SessionError> {
        check_size(rule, size)?;
        Ok(Self::with_program(rule, compile(&rule.code, &rule.phases), size, seed, clock))
    }

    /// A new game of the same rule on a board of side `size` from `seed`, as
    /// [`Session::start`] would begin it, keeping the compiled program: compiling costs the
    /// 68030 some 3,500 cycles a byte of rule code (Tet'light's 5.6 M, 0.35 s; docs/rul.md,
    /// "Starting a game"), which a new game need not pay again. The clock and
    /// `record_destructions` stay as they were. On an error the game goes on unchanged.
    pub fn restart(&mut self, size: u8, seed: u32) -> Result<(), SessionError> {
        check_size(self.rule, size)?;
        let program = core::mem::take(&mut self.program);
        let record_destructions = self.record_destructions;
        *self = Self::with_program(self.rule, program, size, seed, self.clock);
        self.record_destructions = record_destructions;
        Ok(())
    }

    /// Phase 0, then the first piece, with `program` compiled from `rule` (a size allowed).
    fn with_program(
        rule: &'r RuleFile,
        program: Program,
        size: u8,
        seed: u32,
        clock: Option<fn() -> u64>,
    ) -> Session<'r> {
        let vm = Vm::new(size, rule.stack_size, seed);
        let mut g = Session {
            rule,
            program,
            vm,
            state: SessionState::Playing,
            piece: None,
            now: 0,
            fall_acc: 0,
            timer_acc: 0,
            window_paused: false,
            pieces: 0,
            stats: [PhaseStats::default(); 7],
            clock,
            record_destructions: false,
        };
        if g.phase(Phase::Init).is_some() {
            g.spawn();
        }
        g
    }

    pub fn playing(&self) -> bool {
        self.state == SessionState::Playing
    }

    /// Runs a phase; on error the game fails and `None` is returned.
    fn phase(&mut self, p: Phase) -> Option<i32> {
        let t0 = self.clock.map_or(0, |c| c());
        let r = self.vm.exec(&self.program, &self.rule.code, self.rule.phases[p as usize]);
        let ticks = self.clock.map_or(0, |c| c()).saturating_sub(t0);
        let s = &mut self.stats[p as usize];
        s.runs += 1;
        s.ops += self.vm.steps as u64;
        s.max_ops = s.max_ops.max(self.vm.steps);
        s.ticks += ticks;
        s.max_ticks = s.max_ticks.max(ticks);
        match r {
            Ok(v) => Some(v),
            Err(e) => {
                self.state = SessionState::Failed(SessionError::Run(p, e));
                self.piece = None;
                None
            }
        }
    }

    fn game_over(&mut self) {
        self.piece = None;
        if let Some(score) = self.phase(Phase::Score) {
            self.state = SessionState::Over(score);
        }
    }

    /// Phase A, keeping V[0..=8] in `next_vars` (what `$5C` reads: "V[x] après le dernier
    /// appel de la phase A").
    fn phase_a(&mut self) -> Option<()> {
        self.phase(Phase::Next)?;
        self.vm.next_vars.copy_from_slice(&self.vm.vars[..9]);
        Some(())
    }

    /// The radar's phase A, with V[0..=8] saved and restored: prepares the next piece.
    fn prepare_next(&mut self) -> Option<()> {
        let mut saved = [0; 9];
        saved.copy_from_slice(&self.vm.vars[..9]);
        let r = self.phase_a();
        self.vm.vars[..9].copy_from_slice(&saved);
        r?;
        self.vm.next_prepared = true;
        Some(())
    }

    fn fits(&self, p: &Piece, check_occupied: bool) -> bool {
        (0..p.count as usize).all(|k| {
            let (c, y) = p.hex(k);
            let id = self.vm.board.at(c, y);
            id != 0 && (!check_occupied || !self.vm.board.occupied(id))
        })
    }

    /// Puts `p` on the board as the falling piece (tests and benchmarks build positions).
    pub fn set_piece(&mut self, p: Piece) {
        self.piece = Some(p);
        self.publish_piece();
    }

    fn publish_piece(&mut self) {
        if let Some(p) = self.piece {
            self.vm.piece[0] = self.vm.board.at(p.at.0, p.at.1);
            for k in 0..4 {
                self.vm.piece[k + 1] = if k < p.count as usize {
                    let (c, y) = p.hex(k);
                    self.vm.board.at(c, y)
                } else {
                    0
                };
            }
            self.vm.piece_len = p.count;
        }
    }

    /// Makes the next piece appear (phase A unless the radar already prepared it).
    fn spawn(&mut self) {
        if self.vm.next_prepared {
            self.vm.next_prepared = false;
            let next = self.vm.next_vars;
            self.vm.vars[..9].copy_from_slice(&next);
        } else if self.phase_a().is_none() {
            return;
        }
        let v = self.vm.vars;
        let bad = |var: u8, value: i32| SessionError::BadPiece { var, value };
        if v[0] < 1 || v[0] as usize > self.rule.shapes.len() {
            self.state = SessionState::Failed(bad(0, v[0]));
            return;
        }
        let shape = &self.rule.shapes[(v[0] - 1) as usize];
        let mut piece = Piece {
            shape: v[0] as u8,
            count: shape.count,
            config: shape.initial,
            list_index: match &shape.rotation {
                Rotation::List(l) => l.iter().position(|c| *c == shape.initial).map(|i| i as u8),
                _ => None,
            },
            at: (0, 0),
            colours: [0; 4],
            patterns: [0; 4],
        };
        for k in 0..shape.count as usize {
            let (c, p) = (v[k + 1], v[k + 5]);
            if !(1..=6).contains(&c) {
                self.state = SessionState::Failed(bad(k as u8 + 1, c));
                return;
            }
            if p < 1 || p as usize > self.rule.patterns.len() {
                self.state = SessionState::Failed(bad(k as u8 + 5, p));
                return;
            }
            piece.colours[k] = c as u8;
            piece.patterns[k] = p as u8;
        }
        // As high as it fits in column 0 (y even there).
        let n = self.vm.board.size();
        let mut y = 4 * n + 4;
        let mut placed = false;
        while y >= -4 {
            piece.at = (0, y);
            if self.fits(&piece, false) {
                placed = true;
                break;
            }
            y -= 2;
        }
        self.pieces += 1;
        self.fall_acc = 0;
        if !placed || !self.fits(&piece, true) {
            self.game_over();
            return;
        }
        self.piece = Some(piece);
        self.publish_piece();
        if self.vm.radar {
            let _ = self.prepare_next();
        }
    }

    /// Tries to move the piece by `(dc, dy)`.
    fn try_move(&mut self, dc: i32, dy: i32) -> bool {
        let Some(mut p) = self.piece else { return false };
        p.at = (p.at.0 + dc, p.at.1 + dy);
        if self.fits(&p, true) {
            self.piece = Some(p);
            self.publish_piece();
            true
        } else {
            false
        }
    }

    /// True when moving by `(dc, dy)` would put a hexagon above the top of its column.
    fn above_top(&self, dc: i32, dy: i32) -> bool {
        let Some(p) = self.piece else { return false };
        let b = &self.vm.board;
        (0..p.count as usize).any(|k| {
            let (c, y) = p.hex(k);
            let (c, y) = (c + dc, y + dy);
            b.column_len(c) > 0 && (y - c.abs()) / 2 >= b.column_len(c)
        })
    }

    fn rotate(&mut self, steps: i32) {
        let Some(mut p) = self.piece else { return };
        let shape = &self.rule.shapes[p.shape as usize - 1];
        match &shape.rotation {
            Rotation::None => return,
            Rotation::AboutReference(_) => {
                for k in 0..p.count as usize {
                    p.config[k] = rotate_position(p.config[k], steps);
                }
            }
            Rotation::List(l) => {
                let len = l.len() as i32;
                let i = match p.list_index {
                    Some(i) => (i as i32 + steps).rem_euclid(len),
                    None if steps > 0 => 0,
                    None => len - 1,
                };
                p.list_index = Some(i as u8);
                p.config = l[i as usize];
            }
        }
        if self.fits(&p, true) {
            self.piece = Some(p);
            self.publish_piece();
        }
    }

    /// The piece comes to rest: its hexagons enter the board, then phase C.
    fn land(&mut self, action: i32) {
        if let Some(p) = self.piece.take() {
            for k in 0..p.count as usize {
                let (c, y) = p.hex(k);
                let id = self.vm.board.at(c, y);
                let cell = self.vm.board.cell_mut(id);
                cell.colour = p.colours[k];
                cell.pattern = p.patterns[k];
            }
        }
        self.after_piece(action);
    }

    fn after_piece(&mut self, action: i32) {
        self.piece = None;
        self.vm.vars[9] = action;
        // Phase C's destructions are kept, for a front end that shows them one by one.
        if self.record_destructions {
            self.vm.destruction.start();
        }
        let ran = self.phase(Phase::Landed).is_some();
        self.vm.destruction.stop();
        if ran {
            self.spawn();
        }
    }

    /// Performs action `a` (section 6.2).
    pub fn act(&mut self, a: i32) {
        if !self.playing() {
            return;
        }
        if self.vm.paused && a != 8 && a != -1 {
            return;
        }
        match a {
            1 => {
                if !self.try_move(0, -2) {
                    self.land(1);
                }
            }
            2 => {
                self.try_move(-1, -1);
            }
            3 => {
                self.try_move(1, -1);
            }
            4 => self.rotate(1),
            5 => self.rotate(-1),
            6 | 7 => {
                let Some(p) = self.piece else { return };
                let dc = if a == 6 { -1 } else { 1 };
                // Same height for the reference hexagon: y changes with |c|.
                let dy = (p.at.0 + dc).abs() - p.at.0.abs();
                if !self.try_move(dc, dy) && self.above_top(dc, dy) {
                    self.try_move(dc, -1);
                }
            }
            8 => self.vm.paused = !self.vm.paused,
            9 => {
                if self.vm.radar {
                    self.vm.radar = false;
                } else {
                    self.vm.radar = true;
                    if !self.vm.next_prepared {
                        let _ = self.prepare_next();
                    }
                }
            }
            10 => self.send_message(),
            -1 => self.game_over(),
            -2 => {
                if self.piece.is_some() {
                    let mut downs = 1;
                    while self.try_move(0, -2) {
                        downs += 1;
                    }
                    self.vm.vars[18] = downs;
                    self.land(-2);
                }
            }
            -3 => {
                let count = self.vm.board.destroy(None) as i32 + self.piece.map_or(0, |p| p.count as i32);
                self.vm.vars[18] = count;
                self.after_piece(-3);
            }
            -4 if self.piece.is_some() => self.after_piece(-4),
            _ => {}
        }
    }

    /// Action 10, message $0206 (section 7): the rule's stack holds the data then, on top,
    /// their count; TETRHEX pops count and data when the message returns. A count that is
    /// negative or larger than what lies below it ends the session with
    /// [`SessionError::MessageData`].
    fn send_message(&mut self) {
        let _ = (self.vm.message_hook)(&self.vm.stack);
        let entries = self.vm.stack.len();
        let count = match self.vm.stack.last() {
            Some(&c) if c >= 0 && (c as usize) < entries => c as usize,
            top => {
                let count = top.copied().unwrap_or(0);
                self.fail(SessionError::MessageData { count, entries: entries as u32 });
                return;
            }
        };
        self.vm.stack.truncate(entries - 1 - count);
    }

    fn fail(&mut self, e: SessionError) {
        self.state = SessionState::Failed(e);
        self.piece = None;
    }

    /// A signal (internal id 1–255): phase B turns it into an action.
    pub fn signal(&mut self, id: u8) {
        if !self.playing() || self.window_paused {
            return;
        }
        self.vm.vars[9] = id as i32;
        if let Some(a) = self.phase(Phase::Signal) {
            self.act(a);
        }
    }

    /// Lets `ms` milliseconds pass: the timer variable counts down at 1 Hz (also in both
    /// pauses); the piece falls one cell per fall period unless the game is paused.
    pub fn advance(&mut self, ms: u32) {
        let mut left = ms;
        while left > 0 && self.playing() {
            let step = left.min(1000 - self.timer_acc);
            // Gravity inside this slice.
            if !self.vm.paused && !self.window_paused {
                self.fall_acc += step;
                while self.playing() && self.fall_acc >= self.vm.fall_ms {
                    self.fall_acc -= self.vm.fall_ms;
                    if self.piece.is_some() && !self.try_move(0, -2) {
                        self.land(0);
                    }
                }
            }
            self.timer_acc += step;
            if self.timer_acc >= 1000 {
                self.timer_acc -= 1000;
                if let Some(v) = self.vm.timer_var {
                    let x = &mut self.vm.vars[v as usize];
                    *x = x.wrapping_sub(1);
                }
            }
            left -= step;
            self.now += step as u64;
        }
    }

    /// The window goes to the background: phase P, then no signal and no fall.
    pub fn window_pause(&mut self) {
        if self.playing() && !self.window_paused {
            self.window_paused = true;
            self.phase(Phase::PauseBegin);
        }
    }

    /// The window is back: phase Q, then the PAUS signal if the rule has one.
    pub fn window_resume(&mut self) {
        if self.playing() && self.window_paused {
            self.window_paused = false;
            if self.phase(Phase::PauseEnd).is_some() {
                if let Some(id) = signal_id(self.rule, b"PAUS") {
                    self.signal(id);
                }
            }
        }
    }

    /// The board as text, top row first: `.` empty, `1`–`6` a hexagon's colour, `#` the
    /// falling piece. Each row is one `y`; cells sit in alternate rows per column.
    pub fn render(&self) -> alloc::string::String {
        let b = &self.vm.board;
        let n = b.size();
        let mut s = alloc::string::String::new();
        let mut piece_cells = [0i32; 4];
        if let Some(p) = self.piece {
            for k in 0..p.count as usize {
                let (c, y) = p.hex(k);
                piece_cells[k] = b.at(c, y);
            }
        }
        for y in (0..=4 * n - 4).rev() {
            for c in -(n - 1)..=n - 1 {
                let id = b.at(c, y);
                let ch = if id == 0 {
                    ' '
                } else if piece_cells.contains(&id) {
                    '#'
                } else if b.occupied(id) {
                    (b'0' + b.cell(id).colour) as char
                } else {
                    '.'
                };
                s.push(ch);
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
