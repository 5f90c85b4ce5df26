//! Benchmarks of the Slide solvers and their goals (`cargo xtask bench`, docs/slide.md):
//! building the 4×4 databases, the 3×3 table walk on the two hardest positions, the game's 4×4
//! Solve without the databases on 20 seeded shuffles, the 4×4 optimal solver checked against
//! the Manhattan/linear-conflict IDA* on short scrambles and run on 20 seeded 4×4 shuffles,
//! the reduction solver on 20 seeded 5×5 shuffles. Every solution is checked: it solves,
//! and where it must be optimal, its length is the known optimum (3×3) or that of another
//! optimal search (4×4 scrambles), or IDA*'s lower bound never exceeds it (4×4 shuffles).

use super::positions::{shuffle, solves};
use super::{Slide, optimal3, optimal4, reduce, solver, tables};

/// 3×3: the worst position's optimal solution, 100 ms.
const GOAL_3X3: u64 = 1_600_000;
/// 4×4: mean cycles of an optimal solution over the 20 shuffles, 10 s.
const GOAL_4X4_MEAN: u64 = 160_000_000;
/// 5×5: any solution of each shuffle, 2 s.
const GOAL_5X5: u64 = 32_000_000;
/// The game's 4×4 Solve (without the databases): never a stall, 2 s as for 5×5.
const GOAL_4X4_GAME: u64 = 32_000_000;
/// Nodes each 4×4 shuffle may expand on the 68030 in the benchmark run.
const BUDGET_4X4: u64 = 50_000;
/// The seeded shuffles of each size.
const SHUFFLES: u32 = 20;

crate::bench_cases! {
    /// The walk of the two positions 31 moves from solved down the 3×3 distance table (which
    /// the program carries).
    fn slide3(b: &mut Bench) {
        let mut worst = 0;
        for hardest in [[8u8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]] {
            let (cycles, path) = b.time(|| optimal3::solve(&hardest).unwrap());
            assert_eq!(path.len(), 31);
            assert!(solves(3, &hardest, &path));
            worst = worst.max(cycles);
        }
        b.report("slide3_worst_solve", worst, Some(GOAL_3X3), &[("moves", 31)]);
        // IDA* without a table, on the position that costs it the most nodes of all 181,440
        // (docs/slide.md), and on a hardest one.
        for (name, position, moves) in
            [("slide3_ida_worst", [5u8, 6, 3, 0, 8, 2, 7, 4, 1], 29), ("slide3_ida_hardest", [8, 6, 7, 2, 5, 4, 3, 0, 1], 31)]
        {
            let (cycles, sol) = b.time(|| solver::solve(3, &position, u64::MAX).unwrap());
            assert_eq!(sol.gap_path.len(), moves);
            assert!(solves(3, &position, &sol.gap_path));
            b.report(name, cycles, None, &[("moves", moves as u64), ("nodes", sol.nodes), ("cycles_per_node", cycles / sol.nodes)]);
        }
    }

    /// The game's 4×4 Solve, which never builds the databases ([`Slide::solve4`] without
    /// them): the 20 seeded shuffles, each solution checked; the worst cycles, and how many
    /// came back shortest (within the quick IDA*'s budget).
    fn slide4_game(b: &mut Bench) {
        let count = if b.on_host() { 4 } else { SHUFFLES };
        let (mut max, mut shortest, mut moves) = (0u64, 0u64, 0u64);
        for k in 0..count {
            let t = shuffle(4, k);
            let (cycles, (path, best)) = b.time(|| Slide::solve4(&t, false).unwrap());
            assert!(solves(4, &t, &path));
            assert!(path.len() as u32 >= solver::heuristic(4, &t));
            shortest += best as u64;
            moves += path.len() as u64;
            max = max.max(cycles);
        }
        let n = count as u64;
        b.report(
            "slide4_game_solve_max",
            max,
            Some(GOAL_4X4_GAME),
            &[("shuffles", n), ("shortest", shortest), ("mean_moves", moves / n), ("quick_budget", super::QUICK_BUDGET_4X4)],
        );
    }

    /// The three 4×4 pattern databases; the optimal solver checked against another optimal
    /// search on short scrambles ([`optimal4::tests::short_scrambles_solved_optimally`]);
    /// then the 20 seeded shuffles solved optimally, each
    /// within [`BUDGET_4X4`] nodes (the emulator is too slow for the millions some need:
    /// those report the cycles per node of their unfinished search), and the mean cycles
    /// per node over all. The host, whose clock says nothing, solves the first two in full.
    fn slide4(b: &mut Bench) {
        let (build, built) = b.time(tables::build4_all);
        let bytes: usize = built.tables.iter().map(|t| t.len()).sum();
        b.report("slide4_tables_build", build, None, &[("bytes", bytes as u64)]);
        // Its own databases, not the game's (kept for the rest of the program once built):
        // the benchmarks after this one get the heap as it was.
        let t = &built.tables;
        let dbs = optimal4::Databases { patterns: tables::PATTERNS4, tables: [&t[0], &t[1], &t[2]] };
        let (check, ()) = b.time(|| optimal4::tests::short_scrambles_solved_optimally(&dbs));
        b.report("slide4_short_scrambles_checked", check, None, &[("scrambles", 4)]);
        let (count, budget) = if b.on_host() { (2, u64::MAX) } else { (SHUFFLES, BUDGET_4X4) };
        let (mut all_cycles, mut all_nodes, mut solved, mut max) = (0u64, 0u64, 0u64, 0u64);
        for k in 0..count {
            let t = shuffle(4, k);
            let (cycles, found) = b.time(|| optimal4::solve_with(&dbs, &t, budget));
            let nodes = match found {
                Ok(sol) => {
                    assert!(solves(4, &t, &sol.gap_path));
                    assert!(optimal4::lower_bound_with(&dbs, &t) as usize <= sol.gap_path.len());
                    b.report(
                        &alloc::format!("slide4_shuffle_{k}"),
                        cycles,
                        None,
                        &[("moves", sol.gap_path.len() as u64), ("nodes", sol.nodes)],
                    );
                    solved += 1;
                    max = max.max(cycles);
                    sol.nodes
                }
                Err(solver::SolveError::Budget { nodes }) => {
                    b.report(&alloc::format!("slide4_shuffle_{k}_unfinished"), cycles, None, &[("nodes", nodes)]);
                    nodes
                }
                Err(e) => panic!("4x4 shuffle {k}: {e:?}"),
            };
            all_cycles += cycles;
            all_nodes += nodes;
        }
        b.report(
            "slide4_cycles_per_node",
            all_cycles / all_nodes.max(1),
            None,
            &[("nodes", all_nodes), ("solved_within_budget", solved), ("shuffles", count as u64), ("budget", budget)],
        );
        // The goal is the mean over all the shuffles: while some are unfinished the mean is
        // not known (this figure is only a lower bound of it), and the goal counts as missed.
        let n = count as u64;
        b.report(
            "slide4_mean_solve",
            all_cycles / n,
            Some(GOAL_4X4_MEAN),
            &[("solved_within_budget", solved), ("shuffles", n), ("incomplete", (solved < n) as u64), ("max_solved", max)],
        );
    }

    /// The 20 seeded 5×5 shuffles by the reduction solver; each solution's length against
    /// the Manhattan + linear-conflict lower bound. No table is built before: the figures
    /// are what a player's Solve costs, the first as every other.
    fn slide5(b: &mut Bench) {
        let count = if b.on_host() { 4 } else { SHUFFLES };
        let (mut max, mut moves, mut bound) = (0u64, 0u64, 0u64);
        for k in 0..count {
            let t = shuffle(5, k);
            let (cycles, path) = b.time(|| reduce::solve(5, &t).unwrap());
            assert!(solves(5, &t, &path));
            let lb = solver::heuristic(5, &t) as u64;
            assert!(path.len() as u64 >= lb);
            b.report(
                &alloc::format!("slide5_shuffle_{k}"),
                cycles,
                Some(GOAL_5X5),
                &[("moves", path.len() as u64), ("lower_bound", lb)],
            );
            max = max.max(cycles);
            moves += path.len() as u64;
            bound += lb;
        }
        let n = count as u64;
        b.report("slide5_max_solve", max, Some(GOAL_5X5), &[("shuffles", n), ("mean_moves", moves / n), ("mean_lower_bound", bound / n)]);
    }
}
