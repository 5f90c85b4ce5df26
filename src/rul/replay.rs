//! Replays: a seed, a board size and timed events. Playing one is deterministic, so the
//! same replay ends with the same board, score and variables on the host and the 68030.
//!
//! Replay files (`rules/replays/*.txt`, recorded by `rul play --record`) are text:
//!
//! ```text
//! size 6 seed 42 end 60000
//! expect state Over(430) pieces 57 digest 0123456789abcdef
//! 120 signal LEFT      # time in ms, then: signal <4-letter id or number> | pause | resume
//! 900 signal 8
//! 1000 pause
//! 3000 resume
//! ```

use super::model::RuleFile;
use super::session::{Session, SessionError, SessionState, signal_id};
use alloc::string::String;
use alloc::vec::Vec;

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
) -> Result<Session<'r>, SessionError> {
    let mut g = Session::new(rule, size, seed)?;
    play_on(&mut g, events, end_ms)?;
    Ok(g)
}

/// Plays `events` on the game `g` from where it is, then lets it run until `end_ms`.
pub fn play_on(g: &mut Session<'_>, events: &[(u32, Event)], end_ms: u32) -> Result<(), SessionError> {
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
    if let SessionState::Failed(e) = g.state {
        return Err(e);
    }
    Ok(())
}

/// A digest of everything observable: board, variables, state, piece (FNV-1a).
pub fn digest(g: &Session) -> u64 {
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
        SessionState::Playing => d.byte(0),
        SessionState::Over(s) => {
            d.byte(1);
            d.u32(s as u32)
        }
        SessionState::Failed(_) => d.byte(2),
    }
    d.u32(g.pieces);
    d.finish()
}

/// A replay file, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    pub size: u8,
    pub seed: u32,
    pub end_ms: u32,
    pub events: Vec<(u32, Event)>,
    /// The `expect` line's text: the recorded final state (`state S pieces P digest D`).
    pub expect: Option<String>,
}

/// Why a replay file was rejected: its line (from 1) and what was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptError {
    pub line: usize,
    pub message: &'static str,
}

impl Script {
    /// The final digest the `expect` line records.
    pub fn expected_digest(&self) -> Option<u64> {
        let e = self.expect.as_deref()?;
        let hex = e.split_whitespace().skip_while(|w| *w != "digest").nth(1)?;
        u64::from_str_radix(hex, 16).ok()
    }
}

/// Parses a replay file; signal names are looked up in `rule`.
pub fn parse_script(rule: &RuleFile, text: &str) -> Result<Script, ScriptError> {
    let mut r = Script { size: 0, seed: 0, end_ms: 0, events: Vec::new(), expect: None };
    let mut header = false;
    let mut last = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |message| ScriptError { line: i + 1, message };
        let mut w = line.split_whitespace();
        let first = w.next().unwrap_or("");
        if !header {
            let (s, d, e) = match (first, w.next(), w.next(), w.next(), w.next(), w.next(), w.next()) {
                ("size", Some(s), Some("seed"), Some(d), Some("end"), Some(e), None) => (s, d, e),
                _ => return Err(bad("expected 'size N seed S end MS'")),
            };
            r.size = s.parse().map_err(|_| bad("bad size"))?;
            r.seed = d.parse().map_err(|_| bad("bad seed"))?;
            r.end_ms = e.parse().map_err(|_| bad("bad end"))?;
            header = true;
            continue;
        }
        if first == "expect" {
            let rest = line["expect".len()..].trim();
            r.expect = Some(String::from(rest));
            continue;
        }
        let t: u32 = first.parse().map_err(|_| bad("expected a time in ms"))?;
        if t < last {
            return Err(bad("times must not decrease"));
        }
        last = t;
        let e = match (w.next(), w.next(), w.next()) {
            (Some("pause"), None, None) => Event::WindowPause,
            (Some("resume"), None, None) => Event::WindowResume,
            (Some("signal"), Some(s), None) => {
                let id = match s.parse::<u8>() {
                    Ok(n) if n > 0 => n,
                    _ if s.len() == 4 => {
                        let name: [u8; 4] = s.as_bytes().try_into().map_err(|_| bad("bad signal"))?;
                        signal_id(rule, &name).ok_or(bad("the rule has no such signal"))?
                    }
                    _ => return Err(bad("bad signal")),
                };
                Event::Signal(id)
            }
            _ => return Err(bad("expected 'signal X', 'pause' or 'resume'")),
        };
        r.events.push((t, e));
    }
    if !header {
        return Err(ScriptError { line: 0, message: "empty replay" });
    }
    Ok(r)
}

/// Plays a replay file to its end, its phases timed with `clock` if given; the session is
/// returned whatever its state (a failed session too, unlike [`play`]).
pub fn run_script<'r>(rule: &'r RuleFile, r: &Script, clock: Option<fn() -> u64>) -> Result<Session<'r>, SessionError> {
    let mut g = Session::start(rule, r.size, r.seed, clock)?;
    for &(at, e) in &r.events {
        if !g.playing() {
            break;
        }
        if at as u64 > g.now {
            g.advance((at as u64 - g.now) as u32);
        }
        match e {
            Event::Signal(s) => g.signal(s),
            Event::WindowPause => g.window_pause(),
            Event::WindowResume => g.window_resume(),
        }
    }
    if g.playing() && r.end_ms as u64 > g.now {
        g.advance((r.end_ms as u64 - g.now) as u32);
    }
    Ok(g)
}
