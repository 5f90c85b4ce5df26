//! Replay files: a text form of a replay, so a game can be recorded by `rul play --record`
//! and played again by `rul replay`.
//!
//! ```text
//! size 6 seed 42 end 60000
//! 120 signal LEFT      # time in ms, then: signal <4-letter id or number> | pause | resume
//! 900 signal 8
//! 1000 pause
//! 3000 resume
//! ```

use falcon_puzzles::rul::model::RuleFile;
use falcon_puzzles::rul::replay::Event;
use falcon_puzzles::rul::session::signal_id;
use std::fmt::Write;

pub struct ReplayFile {
    pub size: u8,
    pub seed: u32,
    pub end_ms: u32,
    pub events: Vec<(u32, Event)>,
    /// `expect state S pieces P digest D`: the recorded final state, checked when replayed.
    pub expect: Option<String>,
}

/// The line `expect …` describing a finished game.
pub fn expectation(g: &falcon_puzzles::rul::session::Session) -> String {
    format!("state {:?} pieces {} digest {:016x}", g.state, g.pieces, falcon_puzzles::rul::replay::digest(g))
        .replace(' ', "_")
        .replacen("state_", "state ", 1)
        .replacen("_pieces_", " pieces ", 1)
        .replacen("_digest_", " digest ", 1)
}

/// Plays a replay; prints the board after each piece when `show`.
pub fn run<'r>(
    rule: &'r RuleFile,
    r: &ReplayFile,
    show: bool,
) -> Result<falcon_puzzles::rul::session::Session<'r>, String> {
    let mut g = falcon_puzzles::rul::session::Session::new(rule, r.size, r.seed).map_err(|e| format!("{e:?}"))?;
    let mut pieces = g.pieces;
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
        if show && g.pieces != pieces {
            pieces = g.pieces;
            println!("t={} ms piece {} V10={}\n{}", g.now, g.pieces, g.vm.vars[10], g.render());
        }
    }
    if g.playing() && r.end_ms as u64 > g.now {
        g.advance((r.end_ms as u64 - g.now) as u32);
    }
    Ok(g)
}

pub fn parse(rule: &RuleFile, text: &str) -> Result<ReplayFile, String> {
    let mut r = ReplayFile { size: 0, seed: 0, end_ms: 0, events: vec![], expect: None };
    let mut header = false;
    let mut last = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let w: Vec<&str> = line.split_whitespace().collect();
        let bad = |m: &str| format!("line {}: {m}", i + 1);
        if !header {
            match w.as_slice() {
                ["size", s, "seed", d, "end", e] => {
                    r.size = s.parse().map_err(|_| bad("bad size"))?;
                    r.seed = d.parse().map_err(|_| bad("bad seed"))?;
                    r.end_ms = e.parse().map_err(|_| bad("bad end"))?;
                    header = true;
                    continue;
                }
                _ => return Err(bad("expected 'size N seed S end MS'")),
            }
        }
        if w[0] == "expect" {
            r.expect = Some(w[1..].join(" "));
            continue;
        }
        let t: u32 = w[0].parse().map_err(|_| bad("expected a time in ms"))?;
        if t < last {
            return Err(bad("times must not decrease"));
        }
        last = t;
        let e = match &w[1..] {
            ["pause"] => Event::WindowPause,
            ["resume"] => Event::WindowResume,
            ["signal", s] => {
                let id = match s.parse::<u8>() {
                    Ok(n) if n > 0 => n,
                    _ if s.len() == 4 => {
                        signal_id(rule, s.as_bytes().try_into().unwrap()).ok_or(bad("the rule has no such signal"))?
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
        return Err("empty replay".into());
    }
    Ok(r)
}

pub fn format(rule: &RuleFile, size: u8, seed: u32, end_ms: u32, events: &[(u32, Event)], expect: &str) -> String {
    let mut o = format!("size {size} seed {seed} end {end_ms}\nexpect {expect}\n");
    for &(t, e) in events {
        let _ = match e {
            Event::Signal(s) => {
                let name = rule.signals.get(s as usize - 1).map(|x| x.external.to_be_bytes());
                match name.filter(|b| b.iter().all(|c| c.is_ascii_alphanumeric())) {
                    Some(b) => writeln!(o, "{t} signal {}", String::from_utf8_lossy(&b)),
                    None => writeln!(o, "{t} signal {s}"),
                }
            }
            Event::WindowPause => writeln!(o, "{t} pause"),
            Event::WindowResume => writeln!(o, "{t} resume"),
        };
    }
    o
}
