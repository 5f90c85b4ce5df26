//! Shared tests of the three compiled rules (embedded, so the 68030 runs them too): their
//! distinctive behaviours, and reference replays whose final state the differential suite
//! compares between the host and the 68030.

use super::board::Board;
use super::builtin::{HEXCOLS, TETLIGHT, TETRHEX};
use super::destruction::{DestructionSteps, MAX_STEPS};
use super::loader::load;
use super::model::{Phase, RuleFile};
use super::replay::{Event, digest, play};
use super::session::{Session, SessionState};
use super::worst_boards::{bomb_landing, hexcolumns_landing};
use super::writer::write;

fn rule(bytes: &[u8]) -> RuleFile {
    load(bytes).unwrap()
}

/// Puts a hexagon of colour `colour` and pattern `pattern` at column `c`, height `h`.
fn put(g: &mut Session, c: i32, h: i32, colour: u8, pattern: u8) -> i32 {
    let id = g.vm.board.id(c, h);
    assert!(id != 0);
    let cell = g.vm.board.cell_mut(id);
    cell.colour = colour;
    cell.pattern = pattern;
    id
}

/// Runs phase C as after a piece whose hexagons are `piece`, landing with action 0.
fn landed(g: &mut Session, piece: &[i32]) {
    g.vm.piece = [0; 5];
    for (k, &id) in piece.iter().enumerate() {
        g.vm.piece[k + 1] = id;
    }
    g.vm.piece[0] = piece[0];
    g.vm.piece_len = piece.len() as u8;
    g.vm.vars[9] = 0;
    let code = &g.rule.code;
    g.vm.run(code, g.rule.phases[Phase::Landed as usize]).unwrap();
}

/// Cells of the V with vertex (c, h): the vertex, its up-left arm and its up-right arm.
fn v_cells(g: &Session, c: i32, h: i32) -> alloc::vec::Vec<(i32, i32)> {
    let b = &g.vm.board;
    let v = b.id(c, h);
    let mut out = alloc::vec![b.col_height(v)];
    for d in [4, 2] {
        let mut x = b.neighbour(v, d);
        while x != 0 {
            out.push(b.col_height(x));
            x = b.neighbour(x, d);
        }
    }
    out
}

/// A fixed stream of events (no randomness source shared with the rule).
fn events(n: usize) -> alloc::vec::Vec<(u32, Event)> {
    let mut x: u32 = 12345;
    (0..n)
        .map(|i| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let s = [1, 4, 6, 7, 6, 2, 3, 5, 8, 1, 7, 14][(x >> 16) as usize % 12];
            (i as u32 * 140 + 100, Event::Signal(s))
        })
        .collect()
}

crate::test_cases! {
    fn rules_load_and_round_trip() {
        for (bytes, name) in [(TETRHEX, &b"Tetrhex"[..]), (TETLIGHT, b"Tet'light"), (HEXCOLS, b"Hexcolumns")] {
            let r = rule(bytes);
            assert_eq!(r.name_str(), name);
            assert_eq!(write(&r), bytes);
            assert_eq!(r.signals.len(), 14);
            assert_eq!(r.help.len(), 2);
            assert_eq!(r.help[0].lang, b'E');
            assert_eq!(r.help[1].lang, b'F');
        }
        assert_eq!(rule(TETRHEX).shapes.len(), 10);
        assert_eq!(rule(HEXCOLS).patterns.len(), 6);
    }
    fn tetrhex_destroys_a_full_v_of_equal_height() {
        let r = rule(TETRHEX);
        let mut g = Session::new(&r, 6, 1).unwrap();
        let mut cells = alloc::vec::Vec::new();
        for c in -5..=5 {
            cells.push(put(&mut g, c, 0, 3, 1));
        }
        put(&mut g, 0, 1, 5, 1);
        landed(&mut g, &cells[4..8]);
        assert_eq!(g.vm.vars[13], 1);
        assert_eq!(g.vm.vars[10], 3 + 100);
        assert_eq!(g.vm.board.hexagons(), 1);
        assert_eq!(g.vm.board.cell(g.vm.board.id(0, 0)).colour, 5);
    }
    fn tetrhex_ignores_the_top_cell_and_asymmetric_vs() {
        let r = rule(TETRHEX);
        let mut g = Session::new(&r, 6, 1).unwrap();
        let top = put(&mut g, 0, 10, 1, 1);
        for (c, h) in v_cells(&g, -2, 0) {
            put(&mut g, c, h, 2, 1);
        }
        let before = g.vm.board.hexagons();
        landed(&mut g, &[top]);
        assert_eq!(g.vm.vars[13], 0);
        assert_eq!(g.vm.board.hexagons(), before);
    }
    fn tetlight_destroys_asymmetric_vs_and_diagonals() {
        let r = rule(TETLIGHT);
        let mut g = Session::new(&r, 6, 1).unwrap();
        let vc = v_cells(&g, -2, 0);
        let mut ids = alloc::vec::Vec::new();
        for &(c, h) in &vc {
            ids.push(put(&mut g, c, h, 2, 1));
        }
        landed(&mut g, &ids[..1]);
        assert!(g.vm.vars[13] >= 1);
        assert_eq!(g.vm.board.hexagons(), 0);
        // A diagonal alone, from the lower right edge up to the upper left edge.
        let mut g = Session::new(&r, 7, 1).unwrap();
        let b = &g.vm.board;
        let mut x = b.id(6, 0);
        let mut diag = alloc::vec::Vec::new();
        while x != 0 {
            diag.push(b.col_height(x));
            x = b.neighbour(x, 4);
        }
        assert_eq!(diag.len(), 13);
        for &(c, h) in &diag {
            put(&mut g, c, h, 4, 1);
        }
        let one = g.vm.board.id(diag[0].0, diag[0].1);
        landed(&mut g, &[one]);
        assert_eq!(g.vm.vars[13], 1);
        assert_eq!(g.vm.board.hexagons(), 0);
    }
    fn bombs_destroy_touched_loaded_components() {
        let r = rule(TETRHEX);
        let mut g = Session::new(&r, 6, 1).unwrap();
        // A loaded component of colour 2 (a bomb and a plain hexagon) in column 3.
        put(&mut g, 3, 0, 2, 2);
        put(&mut g, 3, 1, 2, 1);
        // An unloaded component of colour 4 in column -3: must stay.
        put(&mut g, -3, 0, 4, 1);
        // A bomb piece of colour 1 in column 2, touching column 3.
        let piece: alloc::vec::Vec<i32> = (0..4).map(|h| put(&mut g, 2, h, 1, 2)).collect();
        landed(&mut g, &piece);
        assert_eq!(g.vm.board.hexagons(), 1);
        assert_eq!(g.vm.vars[10], 3 + 10 * 6);
        // A bomb piece touching nothing loaded destroys nothing.
        let mut g = Session::new(&r, 6, 1).unwrap();
        put(&mut g, 3, 0, 2, 1);
        let piece: alloc::vec::Vec<i32> = (0..4).map(|h| put(&mut g, 2, h, 1, 2)).collect();
        landed(&mut g, &piece);
        assert_eq!(g.vm.board.hexagons(), 5);
    }
    fn hexcolumns_alignments_plus_minus_star() {
        let r = rule(HEXCOLS);
        // Three of one colour in a column: destroyed, 10 points each.
        let mut g = Session::new(&r, 6, 1).unwrap();
        let p: alloc::vec::Vec<i32> = (0..3).map(|h| put(&mut g, 1, h, 3, 1)).collect();
        put(&mut g, 1, 3, 4, 1);
        landed(&mut g, &p);
        assert_eq!(g.vm.board.hexagons(), 1);
        assert_eq!(g.vm.vars[10], 30);
        assert_eq!(g.vm.vars[12], 3);
        // With a plus, three are not enough.
        let mut g = Session::new(&r, 6, 1).unwrap();
        let p: alloc::vec::Vec<i32> = (0..3).map(|h| put(&mut g, 1, h, 3, if h == 1 { 3 } else { 1 })).collect();
        landed(&mut g, &p);
        assert_eq!(g.vm.board.hexagons(), 3);
        // A minus of colour 2 counts as colour 3 between two 3s.
        let mut g = Session::new(&r, 6, 1).unwrap();
        let p: alloc::vec::Vec<i32> = (0..3).map(|h| put(&mut g, 1, h, if h == 1 { 2 } else { 3 }, if h == 1 { 4 } else { 1 })).collect();
        landed(&mut g, &p);
        assert_eq!(g.vm.board.hexagons(), 0);
        // A star destroys itself and its six neighbours.
        let mut g = Session::new(&r, 6, 1).unwrap();
        let star = put(&mut g, 0, 2, 1, 5);
        for d in 0..6 {
            let (c, h) = g.vm.board.col_height(g.vm.board.neighbour(star, d));
            put(&mut g, c, h, 1 + (d as u8 % 2) * 3, 1);
        }
        put(&mut g, 0, 0, 6, 1);
        put(&mut g, 0, 4, 6, 1);
        landed(&mut g, &[star]);
        assert_eq!(g.vm.board.hexagons(), 2);
    }
    fn bombs_reach_components_touched_by_the_pieces_whole_component() {
        let r = rule(TETRHEX);
        let mut g = Session::new(&r, 6, 1).unwrap();
        // The bomb piece of colour 1 stands in column 0; a plain hexagon of colour 1 in
        // column 1 joins its component, and it alone touches the components of column 2.
        let piece: alloc::vec::Vec<i32> = (0..4).map(|h| put(&mut g, 0, h, 1, 2)).collect();
        put(&mut g, 1, 0, 1, 1);
        // Column 2: a loaded component of colour 2 (bomb below, plain above)...
        put(&mut g, 2, 0, 2, 2);
        put(&mut g, 2, 1, 2, 1);
        // ...and on top of it an unloaded one of colour 3, touching column 1 too: it stays.
        put(&mut g, 2, 2, 3, 1);
        // Column -1: a second loaded component (colour 4, two bombs) touching the piece.
        put(&mut g, -1, 0, 4, 2);
        put(&mut g, -1, 1, 4, 2);
        // Column -3: a loaded component touching nothing of the piece's: it stays.
        put(&mut g, -3, 0, 5, 2);
        landed(&mut g, &piece);
        // Gone: the piece's component (5), colour 2 (2) and colour 4 (2).
        assert_eq!(g.vm.board.hexagons(), 2, "{}", g.render());
        assert_eq!(g.vm.vars[10], 3 + 10 * 9);
        assert!((1..=g.vm.board.cell_count() as i32).all(|c| g.vm.board.cell(c).marks == 0), "marks left");
        assert_eq!(g.vm.stack.len(), 0, "the flood fill leaves the rule's stack as it found it");
    }
    fn hexcolumns_squares_destroy_groups_of_three() {
        let r = rule(HEXCOLS);
        // A square, the hexagon above it and that one's upper right neighbour: a group of
        // three of colour 3 in no line. Destroyed: 20 points each.
        let group = |g: &mut Session, n: usize, squares: usize| -> i32 {
            let mut at = put(g, 2, 0, 3, 2);
            let first = at;
            for k in 1..n {
                let next = g.vm.board.neighbour(at, if k % 2 == 1 { 3 } else { 2 });
                let (c, h) = g.vm.board.col_height(next);
                at = put(g, c, h, 3, if k < squares { 2 } else { 1 });
            }
            first
        };
        let mut g = Session::new(&r, 6, 1).unwrap();
        let a = group(&mut g, 3, 1);
        landed(&mut g, &[a]);
        assert_eq!(g.vm.board.hexagons(), 0, "{}", g.render());
        assert_eq!((g.vm.vars[10], g.vm.vars[12]), (60, 3));
        // Two of them stay.
        let mut g = Session::new(&r, 6, 1).unwrap();
        let a = group(&mut g, 2, 1);
        landed(&mut g, &[a]);
        assert_eq!(g.vm.board.hexagons(), 2);
        assert_eq!(g.vm.vars[10], 0);
        // A group of four with two squares goes once: 80 points, not 160.
        let mut g = Session::new(&r, 6, 1).unwrap();
        let a = group(&mut g, 4, 2);
        landed(&mut g, &[a]);
        assert_eq!(g.vm.board.hexagons(), 0, "{}", g.render());
        assert_eq!((g.vm.vars[10], g.vm.vars[12]), (80, 4));
        assert_eq!(g.vm.stack.len(), 0);
    }
    /// The benchmarks' worst boards (`worst_boards.rs`): a bomb through a board-wide loaded
    /// component clears the board, and Hexcolumns' board of square stripes lands without
    /// running out of its operation budget (the rule before the flood fill did, and the
    /// game ended).
    fn worst_boards_land_and_play_on() {
        for bytes in [TETRHEX, TETLIGHT] {
            let r = rule(bytes);
            let (mut g, p) = bomb_landing(&r);
            g.set_piece(p);
            g.act(-2);
            assert!(g.vm.board.hexagons() < 10, "the bomb clears the board: {}", g.render());
            assert_eq!(g.state, SessionState::Playing);
        }
        let r = rule(HEXCOLS);
        let (mut g, p) = hexcolumns_landing(&r);
        let before = g.vm.board.hexagons();
        g.set_piece(p);
        g.act(-2);
        assert_eq!(g.state, SessionState::Playing, "{:?}", g.state);
        assert!(g.vm.board.hexagons() < before / 2, "the stripes go: {}", g.render());
    }
    fn hexcolumns_chain_reaction() {
        let r = rule(HEXCOLS);
        let mut g = Session::new(&r, 6, 1).unwrap();
        // Column 0: 1 1 2 1 (bottom up); column 2's 2s wait at height 1 and 2 of... use column 0 only:
        // destroying the 2 2 2 row lets the 1 fall onto 1 1, making 1 1 1: a second step.
        put(&mut g, 0, 0, 1, 1);
        put(&mut g, 0, 1, 1, 1);
        let a = put(&mut g, 0, 2, 2, 1);
        put(&mut g, 0, 3, 1, 1);
        // Two more 2s aligned with (0, 2) along direction 1/4 (lower right, upper left).
        let b = g.vm.board.neighbour(a, 1);
        let (c1, h1) = g.vm.board.col_height(b);
        put(&mut g, c1, h1, 2, 1);
        let c = g.vm.board.neighbour(a, 4);
        let (c2, h2) = g.vm.board.col_height(c);
        put(&mut g, c2, h2, 2, 1);
        let start = g.vm.board.clone();
        g.vm.destruction.start();
        landed(&mut g, &[a]);
        g.vm.destruction.stop();
        assert_eq!(g.vm.board.hexagons(), 0);
        // Step 1: 3 × 10; step 2: 3 × 10 × 2.
        assert_eq!(g.vm.vars[10], 30 + 60);
        // Both destructions were kept: the board as it was, then with the 2s gone and the 1
        // fallen onto the two others (the three 1s in column 0, nothing else).
        let steps = g.vm.destruction.steps();
        assert_eq!((steps.len(), g.vm.destruction.missed()), (2, 0));
        let hexagon = |b: &Board, id: i32| (b.cell(id).colour, b.cell(id).pattern);
        for id in 1..=start.cell_count() as i32 {
            assert_eq!(steps[0][id as usize - 1], hexagon(&start, id), "step 1, cell {id}");
        }
        let second: alloc::vec::Vec<(i32, i32)> = (1..=start.cell_count() as i32)
            .filter(|&id| steps[1][id as usize - 1].0 != 0)
            .map(|id| start.col_height(id))
            .collect();
        assert_eq!(second, [(0, 0), (0, 1), (0, 2)]);
        assert!((1..=start.cell_count() as i32).all(|id| steps[1][id as usize - 1].0 != 2));
    }

    fn destructions_are_kept_only_while_recording_and_only_when_something_goes() {
        let r = rule(HEXCOLS);
        let mut g = Session::new(&r, 6, 1).unwrap();
        let a = put(&mut g, 0, 0, 1, 1);
        put(&mut g, 0, 1, 1, 1);
        put(&mut g, 0, 2, 1, 1);
        // Not recording: nothing kept.
        landed(&mut g, &[a]);
        assert_eq!(g.vm.board.hexagons(), 0);
        assert!(g.vm.destruction.steps().is_empty());
        // Recording, a landing that destroys nothing: no step.
        g.vm.destruction.start();
        let b = put(&mut g, 0, 0, 1, 1);
        landed(&mut g, &[b]);
        assert_eq!(g.vm.board.hexagons(), 1);
        assert!(g.vm.destruction.steps().is_empty());
        // A session asked to record phase C of every landing: a piece landed by the drop
        // (action -2) on a full-width pile of stripes destroys something, kept as steps.
        // Not asked, it keeps nothing (replays and benchmarks do not pay for the copies).
        let (mut quiet, p) = hexcolumns_landing(&r);
        quiet.set_piece(p);
        quiet.act(-2);
        assert_eq!((quiet.vm.destruction.recorded(), quiet.vm.destruction.steps().len()), (0, 0));
        let (mut g, p) = hexcolumns_landing(&r);
        g.record_destructions = true;
        let recorded = g.vm.destruction.recorded();
        g.set_piece(p);
        g.act(-2);
        assert_eq!(g.state, SessionState::Playing);
        assert_eq!(g.vm.destruction.recorded(), recorded.wrapping_add(1), "one phase C recorded");
        let kept = g.vm.destruction.steps().len();
        assert!(kept >= 1, "{}", g.render());
        assert!(kept + g.vm.destruction.missed() >= 1);
        // More destructions than there is room for: the first MAX_STEPS kept, the rest
        // counted.
        let mut d = DestructionSteps::new();
        d.start();
        for _ in 0..MAX_STEPS + 3 {
            let kept = d.before(&g.vm.board);
            d.after(kept, 1);
        }
        assert_eq!((d.steps().len(), d.missed()), (MAX_STEPS, 3));
    }
    /// Phase C of Tetrhex on a half-full board of side 8 (the same board as `rul bench`), five
    /// times from the same state: same result and same operation count each time. Its cycle
    /// count on the 68030 gives the engine's cost per landed piece.
    fn tetrhex_phase_c_on_a_half_full_board() {
        let r = rule(TETRHEX);
        let mut g = Session::new(&r, 8, 7).unwrap();
        let n = g.vm.board.cell_count() as i32;
        for id in 1..=n {
            let (c, h) = g.vm.board.col_height(id);
            if h < (15 - c.abs()) / 2 && (id * 7) % 11 != 0 {
                let cell = g.vm.board.cell_mut(id);
                cell.colour = 1 + ((id * 5 + c) % 6) as u8;
                cell.pattern = 1;
            }
        }
        let before = g.vm.board.hexagons();
        let board = g.vm.board.clone();
        // Five identical runs (the extra cycles over one run are 4 phases C exactly).
        let mut steps = 0;
        for k in 0..5 {
            g.vm.board = board.clone();
            let score = g.vm.vars[10];
            landed(&mut g, &[1, 2, 3]);
            assert_eq!(g.vm.vars[10], score + 3);
            assert_eq!(g.vm.board.hexagons(), before);
            assert!(g.vm.steps > 1000);
            if k > 0 {
                assert_eq!(g.vm.steps, steps);
            }
            steps = g.vm.steps;
        }
    }
    fn reference_replays_end_the_same_way_twice() {
        for bytes in [TETRHEX, TETLIGHT, HEXCOLS] {
            let r = rule(bytes);
            let ev = events(15);
            let a = play(&r, 6, 99, &ev, 2_500).unwrap();
            let b = play(&r, 6, 99, &ev, 2_500).unwrap();
            assert_eq!(digest(&a), digest(&b));
            assert!(a.pieces >= 1);
        }
    }
}

/// Final states of the reference replays, compared between the host and the 68030.
pub mod replays {
    use super::*;
    fn replay(bytes: &[u8], size: u8) -> u64 {
        let r = rule(bytes);
        let mut ev = events(40);
        ev.push((5_000, Event::WindowPause));
        ev.push((6_000, Event::WindowResume));
        match play(&r, size, 2026, &ev, 8_000) {
            Ok(g) => {
                digest(&g)
                    ^ (g.vm.total_steps << 40)
                    ^ match g.state {
                        SessionState::Over(s) => s as u64,
                        _ => 0,
                    }
            }
            Err(_) => 0,
        }
    }
    crate::value_cases! {
        fn tetrhex_replay_size_6() -> u64 { replay(TETRHEX, 6) }
        fn tetlight_replay_size_7() -> u64 { replay(TETLIGHT, 7) }
        fn hexcolumns_replay_size_6() -> u64 { replay(HEXCOLS, 6) }
    }
}
