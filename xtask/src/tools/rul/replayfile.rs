//! Replay files (format: `src/rul/replay.rs`): recorded by `rul play --record`, played again
//! by `rul replay`.

use falcon_puzzles::rul::model::RuleFile;
use falcon_puzzles::rul::replay::Event;
use std::fmt::Write;

/// A parsed replay file (the parser is the core's, so the 68030 can play them too).
pub use falcon_puzzles::rul::replay::Script as ReplayFile;

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
    falcon_puzzles::rul::replay::parse_script(rule, text).map_err(|e| format!("line {}: {}", e.line, e.message))
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
