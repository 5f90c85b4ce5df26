//! `rul same OLD.RUL NEW.RUL [SIZE] [SEEDS]`: two compiled rules play the same games. The
//! `rul play` random player ([`super::player::play_random_each`]) plays each game on the old
//! rule; every event it plays is applied at the same time to a game of the new rule, and
//! after every event the two are compared: the board's colours and patterns, V[0..19]
//! (variables from V[20] on are the rules' temporaries and may differ), the game state and
//! the piece count. The first difference ends the comparison.

use falcon_puzzles::rul::model::RuleFile;
use falcon_puzzles::rul::replay::Event;
use falcon_puzzles::rul::session::Session;

/// Variables compared: V[0..COMPARED_VARS].
pub const COMPARED_VARS: usize = 20;

/// What was compared without a difference.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub games: u32,
    /// Pieces of all the games (the old rule's count, equal to the new one's).
    pub pieces: u64,
    /// Events played and compared.
    pub events: u64,
    /// Landings of a bomb piece (every hexagon of pattern 2, in a rule of two patterns:
    /// Tetrhex and Tet'light) after which the board held fewer hexagons than before plus
    /// the piece.
    pub bomb_blasts: u64,
}

/// The first difference found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    pub size: u8,
    pub seed: u32,
    /// 1 for the first event of the game.
    pub event: u64,
    pub at_ms: u32,
    pub what: String,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "size {} seed {}: event {} (at {} ms): {}", self.size, self.seed, self.event, self.at_ms, self.what)
    }
}

/// What differs between two games, if anything.
pub fn differs(a: &Session, b: &Session) -> Option<String> {
    if a.state != b.state {
        return Some(format!("state {:?} / {:?}", a.state, b.state));
    }
    if a.pieces != b.pieces {
        return Some(format!("pieces {} / {}", a.pieces, b.pieces));
    }
    let (va, vb) = (&a.vm.vars[..COMPARED_VARS], &b.vm.vars[..COMPARED_VARS]);
    if let Some(k) = (0..COMPARED_VARS).find(|&k| va[k] != vb[k]) {
        return Some(format!("V{k} {} / {}", va[k], vb[k]));
    }
    let (ba, bb) = (&a.vm.board, &b.vm.board);
    if ba.cell_count() != bb.cell_count() {
        return Some(format!("board of {} / {} cells", ba.cell_count(), bb.cell_count()));
    }
    for id in 1..=ba.cell_count() as i32 {
        let (ca, cb) = (ba.cell(id), bb.cell(id));
        if (ca.colour, ca.pattern) != (cb.colour, cb.pattern) {
            let (c, h) = ba.col_height(id);
            return Some(format!(
                "cell {id} (column {c}, height {h}): colour {} pattern {} / colour {} pattern {}",
                ca.colour, ca.pattern, cb.colour, cb.pattern
            ));
        }
    }
    None
}

/// Plays `seeds` games (seeds 1..=seeds) of each size on both rules in lock step.
pub fn compare(old: &RuleFile, new: &RuleFile, sizes: &[u8], seeds: u32) -> Result<Report, Difference> {
    let mut r = Report::default();
    let bombs = old.patterns.len() == 2;
    for &size in sizes {
        for seed in 1..=seeds {
            let mut other = match Session::new(new, size, seed) {
                Ok(g) => g,
                Err(e) => {
                    return Err(Difference { size, seed, event: 0, at_ms: 0, what: format!("new rule: {e:?}") });
                }
            };
            if let Ok(first) = Session::new(old, size, seed) {
                if let Some(what) = differs(&first, &other) {
                    return Err(Difference { size, seed, event: 0, at_ms: 0, what });
                }
            }
            let mut found: Option<Difference> = None;
            let (mut event, mut blasts) = (0u64, 0u64);
            let mut before = (other.pieces, other.vm.board.hexagons(), other.vm.vars[5]);
            let mut st = super::player::Stats::default();
            super::player::play_random_each(old, size, seed, 600_000, false, &mut st, &mut |g, t, e| {
                event += 1;
                // The old game's clock at the event (the player's last STOP is sent without
                // advancing to its time `t`).
                if g.now > other.now {
                    other.advance((g.now - other.now) as u32);
                }
                match e {
                    Event::Signal(s) => other.signal(s),
                    Event::WindowPause => other.window_pause(),
                    Event::WindowResume => other.window_resume(),
                }
                if let Some(what) = differs(g, &other) {
                    found = Some(Difference { size, seed, event, at_ms: t, what });
                    return false;
                }
                let now = (g.pieces, g.vm.board.hexagons(), g.vm.vars[5]);
                if bombs && now.0 != before.0 && before.2 == 2 && now.1 < before.1 + 4 {
                    blasts += 1;
                }
                before = now;
                true
            });
            if let Some(d) = found {
                return Err(d);
            }
            r.games += 1;
            r.pieces += other.pieces as u64;
            r.events += event;
            r.bomb_blasts += blasts;
        }
    }
    Ok(r)
}
