//! Slide tests: parity rule, description errors, moves, completion, the solver on easy
//! positions (shared); host only: the parity rule against breadth-first search on 2×2 and
//! 3×3, and the solver's optimality against BFS distances over all 181,440 3×3 positions.

use super::positions::scrambled;
use super::*;
use crate::gfx::NullDrawing;
use crate::puzzle::midend::Midend;

fn p(n: u32) -> Params {
    Params { n }
}

fn game(n: u32, desc: &str) -> State {
    Slide::validate_desc(&p(n), desc).unwrap();
    Slide::new_game(&p(n), desc)
}

crate::test_cases! {
    fn parity_rule_on_known_positions() {
        // 3×3: one swap of two tiles is unsolvable, a 3-cycle is solvable.
        assert!(solvability::is_solvable(3, &[1, 2, 3, 4, 5, 6, 7, 8, 0]));
        assert!(!solvability::is_solvable(3, &[2, 1, 3, 4, 5, 6, 7, 8, 0]));
        assert!(solvability::is_solvable(3, &[2, 3, 1, 4, 5, 6, 7, 8, 0]));
        // 4×4: the famous 14-15 swap is unsolvable; moving the gap up one row from solved
        // (inversions 3, one row above the bottom) is solvable.
        let mut t: Vec<u8> = (1..16).chain([0]).collect();
        assert!(solvability::is_solvable(4, &t));
        t.swap(13, 14);
        assert!(!solvability::is_solvable(4, &t));
        t.swap(13, 14);
        t.swap(15, 11);
        assert_eq!(solvability::inversions(&t), 3);
        assert!(solvability::is_solvable(4, &t));
    }

    fn generated_shuffles_are_solvable_and_unsolved() {
        for n in [2u32, 3, 4, 5] {
            for seed in 0..2u32 {
                let (desc, _) = Slide::new_desc(&p(n), &mut RandomState::new(&seed.to_le_bytes()), false);
                Slide::validate_desc(&p(n), &desc).unwrap();
                let s = Slide::new_game(&p(n), &desc);
                assert!(!solvability::is_solved(&s.tiles), "{}", desc);
            }
        }
    }

    fn description_errors() {
        let e = |d: &str| Slide::validate_desc(&p(2), d).unwrap_err();
        assert_eq!(e("1,2,3").position, Some(5));
        assert_eq!(e("1,2;3,0").position, Some(3));
        assert_eq!(e("1,2,3,0,").position, Some(7));
        assert_eq!(e("1,2,3,4").reason, "Number out of range");
        assert_eq!(e("1,1,3,0").position, Some(2));
        assert_eq!(e("2,1,3,0").reason, "This arrangement cannot be solved");
        assert!(Slide::validate_desc(&p(2), "1,2,0,3").is_ok());
    }

    fn params_round_trip_and_limits() {
        let mut q = Slide::default_params();
        assert_eq!(q.n, 3);
        Slide::decode_params(&mut q, "4x4").unwrap();
        assert_eq!(q.n, 4);
        Slide::decode_params(&mut q, &Slide::encode_params(&p(5), true)).unwrap();
        assert_eq!(q.n, 5);
        assert!(Slide::decode_params(&mut q, "4x3").is_err());
        assert!(Slide::decode_params(&mut q, "4y").is_err());
        assert!(Slide::validate_params(&p(1), true).is_err());
        assert!(Slide::validate_params(&p(7), true).is_err());
        assert_eq!(Slide::presets().len(), 3);
        assert_eq!(Slide::custom_params(&Slide::configure(&p(4))).unwrap(), p(4));
    }

    fn moves_only_next_to_the_gap_and_completion() {
        let s = game(3, "1,2,3,4,5,6,7,0,8");
        // The gap is at (1,2): (0,0) and (2,1) are not next to it.
        assert!(Slide::execute_move(&s, "M0,0").is_err());
        assert!(Slide::execute_move(&s, "M2,1").is_err());
        assert!(Slide::execute_move(&s, "M1,1").is_ok());
        assert!(Slide::execute_move(&s, "M3,2").is_err());
        for bad in ["", "X", "M1", "M1,", "M1,2x", "SQ", "SU", "SD", "SRL"] {
            assert!(Slide::execute_move(&s, bad).is_err(), "{}", bad);
        }
        let done = Slide::execute_move(&s, "M2,2").unwrap();
        assert_eq!(Slide::status(&done), Status::Won);
        assert_eq!(done.completed, 1);
        let mut ui = ();
        assert_eq!(Slide::flash_length(&s, &done, 1, &mut ui), 3 * FLASH_FRAME_MS);
        assert!(Slide::status_text(&done, &()).unwrap().contains("play again"));
    }

    fn clicks_and_arrow_keys() {
        let s = game(3, "1,2,3,4,0,5,7,8,6");
        let ds = DrawState { started: true, tiles: vec![], flash_on: false, tilesize: 20, n: 3 };
        let mut ui = ();
        let click = |x: i32, y: i32| PuzzleInput::mouse(Key::Press(Button::Left), x, y);
        // Cell (2,1) spans x 50..70, y 30..50.
        assert_eq!(Slide::interpret_move(&s, &mut ui, &ds, click(55, 35)), MoveResult::Move("M2,1".into()));
        assert_eq!(Slide::interpret_move(&s, &mut ui, &ds, click(15, 15)), MoveResult::Ignored);
        assert_eq!(Slide::interpret_move(&s, &mut ui, &ds, PuzzleInput::key(Key::CursorLeft)), MoveResult::Move("M2,1".into()));
        assert_eq!(Slide::interpret_move(&s, &mut ui, &ds, PuzzleInput::key(Key::CursorDown)), MoveResult::Move("M1,0".into()));
    }

    fn solver_finds_short_solutions() {
        let s = game(3, "1,2,3,4,0,5,7,8,6");
        let sol = solver::solve(3, &s.tiles, 10_000).unwrap();
        assert_eq!(sol.gap_path, [5, 8]);
        let mv = Slide::solve(&s, &s, None).unwrap();
        assert_eq!(mv, "SRD");
        let done = Slide::execute_move(&s, &mv).unwrap();
        assert!(done.used_solve && Slide::status(&done) == Status::Won);
        let mut ui = ();
        assert_eq!(Slide::flash_length(&s, &done, 1, &mut ui), 0);
        // A 12-move scramble is solved in at most 12 moves, ending solved.
        let tiles = scrambled(3, 12, b"twelve");
        let sol = solver::solve(3, &tiles, 100_000).unwrap();
        assert!(sol.gap_path.len() <= 12);
        let mut t = tiles.clone();
        let mut gap = t.iter().position(|&x| x == 0).unwrap();
        for c in sol.gap_path {
            t.swap(gap, c);
            gap = c;
        }
        assert!(solvability::is_solved(&t));
        assert_eq!(solver::solve(3, &[2, 1, 3, 4, 5, 6, 7, 8, 0], 1000), Err(solver::SolveError::Unsolvable));
    }

    fn solve_on_4x4_without_the_databases() {
        use super::positions::{shuffle, solves};
        // Near solved: the quick IDA* finds a shortest solution.
        let t = scrambled(4, 10, b"quick");
        let (path, shortest) = Slide::solve4(&t, false).unwrap();
        assert!(shortest && path.len() <= 10 && solves(4, &t, &path));
        assert_eq!(path.len(), solver::solve(4, &t, u64::MAX).unwrap().gap_path.len());
        // Seeded shuffle 0 needs far more than the quick budget: the reduction solver's
        // solution, not a shortest one, and Solve's move and status say so.
        let t = shuffle(4, 0);
        let (path, shortest) = Slide::solve4(&t, false).unwrap();
        assert!(!shortest && solves(4, &t, &path));
        let s = game(4, &t.iter().map(|v| format!("{v}")).collect::<Vec<_>>().join(","));
        let mut mv = String::from("S*");
        let mut gap = s.gap;
        for &c in &path {
            mv.push(gap_letter(gap, c, 4));
            gap = c;
        }
        let done = Slide::execute_move(&s, &mv).unwrap();
        assert!(done.used_solve && !done.solved_shortest && Slide::status(&done) == Status::Won);
        assert_eq!(
            Slide::status_text(&done, &()).unwrap(),
            "Solved automatically, not the shortest way. Press N for a new picture."
        );
        assert!(Slide::execute_move(&s, &format!("S{}", &mv[2..])).unwrap().solved_shortest);
    }

    fn heuristic_counts_linear_conflicts() {
        // Tiles 2 and 1 swapped in the top row: Manhattan 2, one conflict adds 2.
        assert_eq!(solver::heuristic(3, &[2, 1, 3, 4, 5, 6, 7, 8, 0]), 4);
        assert_eq!(solver::heuristic(3, &[1, 2, 3, 4, 5, 6, 7, 8, 0]), 0);
        // Row 3,2,1: Manhattan 4, two must leave: +4.
        assert_eq!(solver::heuristic(3, &[3, 2, 1, 4, 5, 6, 7, 8, 0]), 8);
    }

    fn solution_plays_through_the_midend_with_undo() {
        let mut me = Midend::<Slide>::new(b"t");
        me.set_game_id("3:1,2,3,4,0,5,7,8,6").unwrap();
        let dr = &mut NullDrawing::default();
        me.new_game(dr);
        let moves = Slide::solution_moves(me.initial_state(), me.state(), None).unwrap();
        assert_eq!(moves, ["M2,1", "M2,2"]);
        me.show_solution(dr).unwrap();
        assert_eq!(me.queued_moves(), 1);
        for _ in 0..20 {
            me.timer(dr, 100);
        }
        assert_eq!(me.status(), Status::Won);
        me.undo(dr).unwrap();
        assert_eq!(me.status(), Status::Playing);
        me.redo(dr).unwrap();
        assert_eq!(me.status(), Status::Won);
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;
    extern crate std;
    use std::collections::{HashMap, VecDeque};
    use std::println;

    fn key(t: &[u8]) -> u64 {
        t.iter().fold(0u64, |k, &x| k << 4 | x as u64)
    }

    /// BFS distance from solved of every reachable N×N position.
    fn bfs(n: usize) -> (Vec<Vec<u8>>, HashMap<u64, u32>) {
        let start: Vec<u8> = (0..n * n).map(|i| ((i + 1) % (n * n)) as u8).collect();
        let mut dist = HashMap::new();
        dist.insert(key(&start), 0u32);
        let mut order = vec![start.clone()];
        let mut q = VecDeque::from([start]);
        while let Some(t) = q.pop_front() {
            let d = dist[&key(&t)];
            let g = t.iter().position(|&x| x == 0).unwrap();
            let (x, y) = (g % n, g / n);
            for c in
                [(y > 0).then(|| g - n), (x + 1 < n).then(|| g + 1), (y + 1 < n).then(|| g + n), (x > 0).then(|| g - 1)]
                    .into_iter()
                    .flatten()
            {
                let mut u = t.clone();
                u.swap(g, c);
                let k = key(&u);
                if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(k) {
                    e.insert(d + 1);
                    order.push(u.clone());
                    q.push_back(u);
                }
            }
        }
        (order, dist)
    }

    fn all_perms(n: usize) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let mut v: Vec<u8> = (0..n as u8).collect();
        fn rec(k: usize, v: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
            if k == v.len() {
                out.push(v.clone());
                return;
            }
            for i in k..v.len() {
                v.swap(k, i);
                rec(k + 1, v, out);
                v.swap(k, i);
            }
        }
        rec(0, &mut v, &mut out);
        out
    }

    #[test]
    fn parity_rule_matches_bfs_on_2x2_and_3x3() {
        for n in [2usize, 3] {
            let (_, dist) = bfs(n);
            let perms = all_perms(n * n);
            let mut solvable = 0;
            for t in &perms {
                assert_eq!(solvability::is_solvable(n, t), dist.contains_key(&key(t)), "{:?}", t);
                solvable += solvability::is_solvable(n, t) as usize;
            }
            assert_eq!(solvable, perms.len() / 2);
        }
    }

    #[test]
    fn ida_star_is_optimal_against_bfs_on_3x3() {
        let (order, dist) = bfs(3);
        assert_eq!(order.len(), 181_440);
        let max_d = *dist.values().max().unwrap();
        assert_eq!(max_d, 31);
        // Every 80th position in BFS order (2268 positions spread over all distances) plus
        // every position at the maximum distance.
        let sample: Vec<&Vec<u8>> =
            order.iter().step_by(80).chain(order.iter().filter(|t| dist[&key(t)] == max_d)).collect();
        let (mut worst_nodes, mut worst_at, mut total) = (0u64, Vec::new(), 0u64);
        for t in &sample {
            let sol = solver::solve(3, t, u64::MAX).unwrap();
            assert_eq!(sol.gap_path.len() as u32, dist[&key(t)], "{:?}", t);
            total += sol.nodes;
            if sol.nodes > worst_nodes {
                worst_nodes = sol.nodes;
                worst_at = (*t).clone();
            }
        }
        println!(
            "STAT 3x3 sample {} positions: mean nodes {}, worst {} at {:?} (distance {})",
            sample.len(),
            total / sample.len() as u64,
            worst_nodes,
            worst_at,
            dist[&key(&worst_at)]
        );
    }

    /// Worst-case solve cost over every 3×3 position (release mode only: it solves all
    /// 181,440). `cargo test --release --lib slide_worst_case -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn slide_worst_case_over_all_3x3() {
        let (order, dist) = bfs(3);
        let (mut worst, mut worst_at, mut total) = (0u64, Vec::new(), 0u64);
        for t in &order {
            let sol = solver::solve(3, t, u64::MAX).unwrap();
            assert_eq!(sol.gap_path.len() as u32, dist[&key(t)]);
            total += sol.nodes;
            if sol.nodes > worst {
                worst = sol.nodes;
                worst_at = t.clone();
            }
        }
        println!(
            "STAT all 3x3: mean nodes {}, worst {} at {:?} (distance {})",
            total / order.len() as u64,
            worst,
            worst_at,
            dist[&key(&worst_at)]
        );
    }

    #[test]
    fn generated_4x4_within_budget_report() {
        let mut solved = 0;
        let mut max_nodes = 0;
        for seed in 0..10u32 {
            let (desc, _) = Slide::new_desc(&p(4), &mut RandomState::new(&seed.to_le_bytes()), false);
            let s = Slide::new_game(&p(4), &desc);
            match solver::solve(4, &s.tiles, SOLVE_BUDGET) {
                Ok(sol) => {
                    solved += 1;
                    max_nodes = max_nodes.max(sol.nodes);
                }
                Err(solver::SolveError::Budget { .. }) => {}
                Err(e) => panic!("{:?}", e),
            }
        }
        println!(
            "STAT 4x4: {} of 10 generated shuffles solved optimally within {} nodes (max used {})",
            solved, SOLVE_BUDGET, max_nodes
        );
    }
}

#[cfg(test)]
mod image_tests {
    use super::*;
    use crate::gfx::Drawing;
    use crate::gfx::test_screen::TestScreen;

    fn screen_for(me: &mut Midend<Slide>) -> TestScreen {
        let mut scr = TestScreen::vga256();
        scr.set_colours(&Slide::colours(Colour::DEFAULT_BACKGROUND));
        let (w, h) = me.size(&mut scr.canvas(), 640, 464, false);
        scr.surface.clear(COL_BACKGROUND as u8);
        scr.place(Rect::new((640 - w) / 2, (464 - h) / 2, w, h));
        scr.set_status_bar(Rect::new(0, 464, 640, 16), COL_LOWLIGHT as u8, picture::DARK as u8);
        scr
    }

    #[test]
    fn reference_images() {
        let mut me = Midend::<Slide>::new(b"ref");
        me.set_game_id("3:4,1,3,7,2,6,0,5,8").unwrap();
        me.new_game(&mut NullDrawing::default());
        let mut scr = screen_for(&mut me);
        me.redraw(&mut scr.canvas());
        assert_eq!(scr.status(), "Moves: 0");
        scr.check_reference("slide-start");

        // Mid-game: one move done, the second caught half way.
        me.process_key(&mut scr.canvas(), PuzzleInput::key(Key::CursorLeft));
        me.timer(&mut scr.canvas(), 200);
        me.process_key(&mut scr.canvas(), PuzzleInput::key(Key::CursorDown));
        me.timer(&mut scr.canvas(), 60);
        assert_eq!(me.anim_progress().0, (60, ANIM_MS));
        scr.check_reference("slide-mid");

        // Completion: the last tile slides home; the flash shows the missing piece.
        me.set_game_id("3:1,2,3,4,5,6,7,0,8").unwrap();
        me.new_game(&mut NullDrawing::default());
        let mut scr = screen_for(&mut me);
        me.redraw(&mut scr.canvas());
        me.process_key(&mut scr.canvas(), PuzzleInput::key(Key::CursorLeft));
        me.timer(&mut scr.canvas(), ANIM_MS);
        me.timer(&mut scr.canvas(), 10);
        assert_eq!(me.anim_progress().1, (10, 3 * FLASH_FRAME_MS));
        assert_eq!(scr.status(), "COMPLETED in 1 moves! Press N to play again.");
        scr.check_reference("slide-flash");
        me.timer(&mut scr.canvas(), 1000);
        assert!(!me.wants_timer());
    }

    #[test]
    fn incremental_redraw_equals_full_redraw() {
        let mut me = Midend::<Slide>::new(b"inc");
        me.set_game_id("4#77").unwrap();
        me.new_game(&mut NullDrawing::default());
        let mut scr = screen_for(&mut me);
        me.redraw(&mut scr.canvas());
        for k in [Key::CursorLeft, Key::CursorUp, Key::CursorRight, Key::CursorDown, Key::CursorLeft, Key::CursorUp] {
            me.process_key(&mut scr.canvas(), PuzzleInput::key(k));
            me.timer(&mut scr.canvas(), 40);
            me.timer(&mut scr.canvas(), 200);
        }
        me.undo(&mut scr.canvas()).unwrap();
        me.timer(&mut scr.canvas(), 40);
        me.timer(&mut scr.canvas(), 200);
        let mut fresh = screen_for(&mut me);
        me.force_redraw(&mut fresh.canvas());
        let status = std::string::String::from(scr.status());
        fresh.canvas().status_bar(&status);
        scr.show_status();
        fresh.show_status();
        assert_eq!(scr.to_indexed(), fresh.to_indexed());
    }
}
