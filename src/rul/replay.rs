//! Replays: a seed, a board size and timed events. Playing one is deterministic, so the
//! same replay ends with the same board, score and variables on the host and the 68030.

use super::game::{Game, GameError, State};
use super::model::RuleFile;

/// Something that happens at a time (ms since the start).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Signal(u8),
    WindowPause,
    WindowResume,
}

/// Plays `events` (sorted by time) then lets time run to `end_ms` (or until the game ends).
pub fn play<'r>(
    rule: &'r RuleFile,
    size: u8,
    seed: u32,
    events: &[(u32, Event)],
    end_ms: u32,
) -> Result<Game<'r>, GameError> {
    let mut g = Game::new(rule, size, seed)?;
    for &(at, e) in events {
        if !g.playing() {
            break;
        }
        if (at as u64) > g.now {
            g.advance((at as u64 - g.now) as u32);
        }
        match e {
            Event::Signal(id) => g.signal(id),
            Event::WindowPause => g.window_pause(),
            Event::WindowResume => g.window_resume(),
        }
    }
    if g.playing() && (end_ms as u64) > g.now {
        g.advance((end_ms as u64 - g.now) as u32);
    }
    if let State::Failed(e) = g.state {
        return Err(e);
    }
    Ok(g)
}

/// A digest of everything observable: board, variables, state, piece (FNV-1a).
pub fn digest(g: &Game) -> u64 {
    let mut d = crate::digest::Digest::new();
    for c in &g.vm.board.cells[..g.vm.board.cell_count()] {
        d.byte(c.colour);
        d.byte(c.pattern);
        d.byte(c.marks);
    }
    for v in g.vm.vars {
        d.u32(v as u32);
    }
    match g.state {
        State::Playing => d.byte(0),
        State::Over(s) => {
            d.byte(1);
            d.u32(s as u32)
        }
        State::Failed(_) => d.byte(2),
    }
    d.u32(g.pieces);
    d.finish()
}
