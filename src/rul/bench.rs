//! Benchmarks of the RUL engine (`cargo xtask bench`, docs/rul.md "Speed"): the recorded
//! reference replays of the three rules (mean cycles per operation, cycles per phase), phase
//! B for one signal, and one landed piece on the worst boards we could build (side 9).
//!
//! Each replay must end with the digest its file records, so a benchmark also proves that
//! the engine it measures plays the same games.

use alloc::string::String;

use super::builtin::{HEXCOLS, TETLIGHT, TETRHEX};
use super::loader::load;
use super::model::{Phase, RuleFile};
use super::replay::{digest, parse_script, run_script};
use super::session::{Piece, Session};
use super::worst_boards::{bomb_landing, hexcolumns_landing, lines_landing};
use crate::testcase::Bench;

/// The rules and their recorded reference replays.
const REPLAYS: [(&str, &[u8], &str); 3] = [
    ("tetrhex", TETRHEX, include_str!("../../rules/replays/tetrhex-7.txt")),
    ("tetlight", TETLIGHT, include_str!("../../rules/replays/tetlight-6.txt")),
    ("hexcolumns", HEXCOLS, include_str!("../../rules/replays/hexcols-8.txt")),
];

/// Goal of the mean cost of one RUL operation over a whole game.
const GOAL_CYCLES_PER_OP: u64 = 100;
/// Goal of one landed piece (phases C and A), 5 ms.
const GOAL_LANDED: u64 = 80_000;
/// Goal of phase B for one signal.
const GOAL_PHASE_B: u64 = 2_000;

fn name(parts: &[&str]) -> String {
    let mut s = String::new();
    for p in parts {
        s.push_str(p);
    }
    s
}

fn rule(bytes: &[u8]) -> RuleFile {
    load(bytes).unwrap()
}

/// Plays one recorded replay with its phases timed; checks its final digest.
fn replay(b: &mut Bench, short: &str, bytes: &[u8], text: &str) {
    let rule = rule(bytes);
    let script = parse_script(&rule, text).unwrap();
    let clock = b.clock;
    let (whole, g) = b.time(|| run_script(&rule, &script, Some(clock)).unwrap());
    assert_eq!(Some(digest(&g)), script.expected_digest(), "{short}: the replay did not end as recorded");
    let ops: u64 = g.stats.iter().map(|s| s.ops).sum();
    let runs: u64 = g.stats.iter().map(|s| s.runs as u64).sum();
    let cycles = b.cycles(g.stats.iter().map(|s| s.ticks).sum(), runs);
    b.report(
        &name(&["rul_replay_", short]),
        cycles,
        None,
        &[("ops", ops), ("pieces", g.pieces as u64), ("whole_replay_cycles", whole)],
    );
    b.report(
        &name(&["rul_cycles_per_op_", short]),
        cycles / ops.max(1),
        Some(GOAL_CYCLES_PER_OP),
        &[("ops", ops), ("phase_cycles", cycles)],
    );
    for p in Phase::ALL {
        let s = g.stats[p as usize];
        if s.runs == 0 {
            continue;
        }
        let mut letter = [0u8; 4];
        let letter = p.letter().encode_utf8(&mut letter);
        let mean = b.cycles(s.ticks, s.runs as u64) / s.runs as u64;
        let max = b.cycles(s.max_ticks, 1);
        b.report(
            &name(&["rul_phase_", letter, "_", short]),
            mean,
            None,
            &[
                ("runs", s.runs as u64),
                ("ops_mean", s.ops / s.runs as u64),
                ("max_cycles", max),
                ("max_ops", s.max_ops as u64),
            ],
        );
    }
}

/// Phase B for each signal of the rule, in the middle of its reference replay: the dearest
/// signal's phase B is the figure.
fn signals(b: &mut Bench, short: &str, bytes: &[u8], text: &str) {
    let rule = rule(bytes);
    let mut script = parse_script(&rule, text).unwrap();
    script.events.truncate(script.events.len() / 2);
    script.end_ms = script.events.last().map_or(0, |e| e.0);
    let g = run_script(&rule, &script, None).unwrap();
    let (mut worst, mut worst_all, mut ops) = (0, 0, 0);
    for id in 1..=rule.signals.len() as u8 {
        let mut h = clone_session(&g, b.clock);
        let (all, ()) = b.time(|| h.signal(id));
        let s = h.stats[Phase::Signal as usize];
        worst = worst.max(b.cycles(s.ticks, s.runs as u64));
        worst_all = worst_all.max(all);
        ops = ops.max(s.max_ops);
    }
    b.report(
        &name(&["rul_phase_b_signal_", short]),
        worst,
        Some(GOAL_PHASE_B),
        &[("max_ops", ops as u64), ("signal_with_action_cycles", worst_all)],
    );
}

/// A copy of a session with fresh statistics and the given clock.
fn clone_session<'r>(g: &Session<'r>, clock: fn() -> u64) -> Session<'r> {
    let mut h = g.clone();
    h.stats = Default::default();
    h.clock = Some(clock);
    h
}

/// Drops `piece` and reports what the landing cost: phases C and A (the figure), and the
/// whole action (fall, landing, phases, next piece).
fn landing(b: &mut Bench, what: &str, mut g: Session, piece: Piece) {
    g.set_piece(piece);
    g.stats = Default::default();
    g.clock = Some(b.clock);
    let hexagons = g.vm.board.hexagons();
    let (all, ()) = b.time(|| g.act(-2));
    // A landing that ends the game is a failure of the rule on this board (the original
    // Hexcolumns rule ran out of its operation budget on the squares board).
    let failed = !g.playing() as u64;
    let c = g.stats[Phase::Landed as usize];
    let a = g.stats[Phase::Next as usize];
    let (c_cycles, a_cycles) = (b.cycles(c.ticks, c.runs as u64), b.cycles(a.ticks, a.runs as u64));
    b.report(
        &name(&["rul_landed_", what]),
        c_cycles + a_cycles,
        Some(GOAL_LANDED),
        &[
            ("ops", c.ops + a.ops),
            ("phase_c_cycles", c_cycles),
            ("phase_a_cycles", a_cycles),
            ("action_cycles", all),
            ("hexagons_before", hexagons as u64),
            ("hexagons_after", g.vm.board.hexagons() as u64),
            ("failed", failed),
        ],
    );
}

/// The fixed cost of running a phase: a two-operation program (`5 ret`) run 200 times on a
/// machine, and the same through a session's phase (with its statistics).
fn run_overhead(b: &mut Bench) {
    use super::compiler::compile;
    use super::vm::Vm;
    let code = [0xC5, 0x51];
    let p = compile(&code, &[0]);
    let mut vm = Vm::new(9, 16, 1);
    let (all, ()) = b.time(|| {
        for _ in 0..200 {
            assert_eq!(vm.exec(&p, &code, 0), Ok(5));
        }
    });
    b.report("rul_run_overhead", all / 200, None, &[("ops", 2)]);
}

/// A game's start: the first (phase 0, the first piece, and the rule compiled) and a new game
/// of the same rule ([`Session::restart`], the program kept), on a board of side 8 (the
/// rule's own side when it fixes one).
fn game_start(b: &mut Bench, short: &str, bytes: &[u8]) {
    let r = rule(bytes);
    let size = if r.board_size != 0 { r.board_size } else { 8 };
    let (first, mut g) = b.time(|| Session::new(&r, size, 1).unwrap());
    let (again, ()) = b.time(|| g.restart(size, 2).unwrap());
    assert!(g.playing() && g.pieces == 1, "{short}: the new game did not start");
    b.report(
        &name(&["rul_new_game_", short]),
        again,
        None,
        &[("first_game_cycles", first), ("code_bytes", r.code.len() as u64)],
    );
}

crate::bench_cases! {
    fn game_starts(b: &mut Bench) {
        for (short, bytes, _) in REPLAYS {
            game_start(b, short, bytes);
        }
    }
    fn fixed_costs(b: &mut Bench) {
        run_overhead(b);
    }
    fn replays(b: &mut Bench) {
        for (short, bytes, text) in REPLAYS {
            replay(b, short, bytes, text);
        }
    }
    fn phase_b_per_signal(b: &mut Bench) {
        for (short, bytes, text) in REPLAYS {
            signals(b, short, bytes, text);
        }
    }
    fn landed_piece_worst_boards(b: &mut Bench) {
        for (short, bytes) in [("tetrhex_bombs", TETRHEX), ("tetlight_bombs", TETLIGHT)] {
            let r = rule(bytes);
            let (g, p) = bomb_landing(&r);
            landing(b, short, g, p);
        }
        for (short, bytes) in [("tetrhex_lines", TETRHEX), ("tetlight_lines", TETLIGHT)] {
            let r = rule(bytes);
            let (g, p) = lines_landing(&r, 6);
            landing(b, short, g, p);
        }
        let r = rule(HEXCOLS);
        let (g, p) = hexcolumns_landing(&r);
        landing(b, "hexcolumns_squares", g, p);
    }
}
