//! The headless player: random games (random timed signals, window pauses) or a replay,
//! with the board printed as text after each piece.

use falcon_puzzles::rul::model::RuleFile;
use falcon_puzzles::rul::replay::Event;
use falcon_puzzles::rul::session::{Session, SessionState};

/// Statistics of a batch of random games.
#[derive(Default, Debug)]
pub struct Stats {
    pub games: u32,
    pub over: u32,
    pub failed: u32,
    pub timeouts: u32,
    pub total_score: i64,
    pub best: i32,
    pub pieces: u64,
    pub ops: u64,
    pub max_depth: u32,
    pub first_error: Option<String>,
}

/// A small deterministic generator for the player's choices (independent of the rule's).
pub struct Dice(u64);
impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 16) % n as u64) as u32
    }
}

/// Plays one random game, choosing events as it goes: for each new piece a random number
/// of turns, a random shift and a drop (or a fall), mixed with random signals, game pauses
/// and window pauses. Returns the events (a replay of the game). Prints the board after each
/// piece when `show`.
pub fn play_random(
    rule: &RuleFile,
    size: u8,
    seed: u32,
    length_ms: u32,
    show: bool,
    stats: &mut Stats,
) -> Vec<(u32, Event)> {
    play_random_each(rule, size, seed, length_ms, show, stats, &mut |_, _, _| true)
}

/// [`play_random`], calling `each` with the game, the time and the event after every event
/// it plays (each logged event: after the time has advanced to it and the event was
/// applied); the game stops when `each` answers false.
pub fn play_random_each(
    rule: &RuleFile,
    size: u8,
    seed: u32,
    length_ms: u32,
    show: bool,
    stats: &mut Stats,
    each: &mut dyn FnMut(&Session, u32, Event) -> bool,
) -> Vec<(u32, Event)> {
    use falcon_puzzles::rul::session::signal_id;
    let mut d = Dice::new(seed as u64);
    let mut log = Vec::new();
    let mut g = match Session::new(rule, size, seed) {
        Ok(g) => g,
        Err(e) => {
            stats.failed += 1;
            stats.first_error.get_or_insert(format!("size {size} seed {seed}: {e:?}"));
            return log;
        }
    };
    let id = |n: &[u8; 4]| signal_id(rule, n);
    let (left, right, rot, drop) = (id(b"LEFT"), id(b"RGHT"), id(b"ROTL"), id(b"DROP"));
    let (stop, paus, cont) = (id(b"STOP"), id(b"PAUS"), id(b"CONT"));
    let nsig = rule.signals.len() as u32;
    let mut plan: Vec<u8> = Vec::new();
    let mut last_pieces = 0;
    let mut t = 0u32;
    while g.playing() && t < length_ms {
        if g.pieces != last_pieces {
            last_pieces = g.pieces;
            if show {
                println!(
                    "t={} ms piece {} V10={} V11={} V12={} V13={}\n{}",
                    g.now,
                    g.pieces,
                    g.vm.vars[10],
                    g.vm.vars[11],
                    g.vm.vars[12],
                    g.vm.vars[13],
                    g.render()
                );
            }
            plan.clear();
            for _ in 0..d.below(6) {
                plan.extend(rot);
            }
            let shift = d.below(2 * size as u32 - 1) as i32 - (size as i32 - 1);
            for _ in 0..shift.abs() {
                plan.extend(if shift < 0 { left } else { right });
            }
            if d.below(10) < 7 {
                plan.extend(drop);
            }
            plan.reverse();
        }
        t += 20 + d.below(150);
        let r = d.below(1000);
        let e = if r < 3 {
            Event::WindowPause
        } else if r < 6 && paus.is_some() {
            Event::Signal(paus.unwrap())
        } else if r < 60 {
            let s = 1 + d.below(nsig) as u8;
            if Some(s) == stop {
                continue;
            }
            Event::Signal(s)
        } else if let Some(s) = plan.pop() {
            Event::Signal(s)
        } else {
            continue;
        };
        if t as u64 > g.now {
            g.advance((t as u64 - g.now) as u32);
        }
        log.push((t, e));
        match e {
            Event::Signal(s) => g.signal(s),
            Event::WindowPause => g.window_pause(),
            Event::WindowResume => g.window_resume(),
        }
        if !each(&g, t, e) {
            break;
        }
        // Leave the pauses after a while.
        if g.window_paused {
            t += d.below(3000);
            g.advance((t as u64 - g.now) as u32);
            log.push((t, Event::WindowResume));
            g.window_resume();
            if !each(&g, t, Event::WindowResume) {
                break;
            }
        }
        if g.vm.paused {
            t += d.below(2000);
            g.advance((t as u64 - g.now) as u32);
            let c = cont.or(paus).unwrap_or(1);
            log.push((t, Event::Signal(c)));
            g.signal(c);
            if !each(&g, t, Event::Signal(c)) {
                break;
            }
        }
    }
    if g.playing() {
        if let Some(s) = stop {
            log.push((t, Event::Signal(s)));
            g.signal(s);
            each(&g, t, Event::Signal(s));
        }
    }
    stats.games += 1;
    stats.pieces += g.pieces as u64;
    stats.ops += g.vm.total_steps;
    stats.max_depth = stats.max_depth.max(g.vm.max_depth());
    match g.state {
        SessionState::Over(s) => {
            stats.over += 1;
            stats.total_score += s as i64;
            stats.best = stats.best.max(s);
            if show {
                println!("{}game over, score {s}", g.render());
            }
        }
        SessionState::Failed(e) => {
            stats.failed += 1;
            stats.first_error.get_or_insert(format!("size {size} seed {seed} at {} ms: {e:?}", g.now));
        }
        SessionState::Playing => stats.timeouts += 1,
    }
    log
}
