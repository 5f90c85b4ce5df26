//! The 4×4 solver: optimal lengths checked against the Manhattan/linear-conflict IDA* on
//! short scrambles ([`short_scrambles_solved_optimally`]: the benchmark `slide4` on both
//! machines), the 20 seeded shuffles solved (host); the databases equal a plain queue
//! search's (host).

use super::super::solver;
use super::*;
use crate::games::slide::positions::{scrambled, solves};

/// The optimal solver with the databases `dbs` against the Manhattan/linear-conflict IDA*
/// on scrambles of 12–30 moves: same lengths, solutions that solve, the lower bound below
/// the length and at least half the Manhattan/linear-conflict one. The databases' build
/// costs billions of cycles on the 68030: the benchmark `slide4` runs it there with the
/// databases it built and measured (on the host too, as a test).
pub fn short_scrambles_solved_optimally(dbs: &Databases) {
    for (k, steps) in [(0u8, 12u32), (1, 18), (2, 24), (3, 30)] {
        let t = scrambled(4, steps, &[b'p', k]);
        let sol = solve_with(dbs, &t, u64::MAX).unwrap();
        assert!(solves(4, &t, &sol.gap_path));
        let reference = solver::solve(4, &t, u64::MAX).unwrap();
        assert_eq!(sol.gap_path.len(), reference.gap_path.len(), "scramble {k}");
        assert!(lower_bound_with(dbs, &t) as usize <= sol.gap_path.len());
        assert!(lower_bound_with(dbs, &t) >= solver::heuristic(4, &t) / 2);
    }
    let solved: alloc::vec::Vec<u8> = (1..16).chain([0]).collect();
    assert_eq!(solve_with(dbs, &solved, 10).unwrap().gap_path.len(), 0);
    assert_eq!(lower_bound_with(dbs, &solved), 0);
}

#[cfg(test)]
mod host_tests {
    use super::*;
    use crate::games::slide::positions::shuffle;

    /// The frontier-bitmap search against a plain queue search with exact distances.
    #[test]
    fn databases_equal_a_queue_search() {
        use super::super::super::tables::{ENTRIES4, build4, get2};
        for pattern in &PATTERNS4 {
            let mut dist = std::vec![u8::MAX; ENTRIES4];
            let home: [u8; 5] = core::array::from_fn(|k| pattern[k] - 1);
            dist[index4(&home)] = 0;
            let mut queue = std::collections::VecDeque::from([home]);
            let mut reached = 0usize;
            while let Some(cells) = queue.pop_front() {
                reached += 1;
                let d = dist[index4(&cells)];
                for k in 0..5 {
                    let c = cells[k] as i32;
                    for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                        let (x, y) = (c % 4 + dx, c / 4 + dy);
                        let to = (y * 4 + x) as u8;
                        if !(0..4).contains(&x) || !(0..4).contains(&y) || cells.contains(&to) {
                            continue;
                        }
                        let mut next = cells;
                        next[k] = to;
                        if dist[index4(&next)] == u8::MAX {
                            dist[index4(&next)] = d + 1;
                            queue.push_back(next);
                        }
                    }
                }
            }
            assert_eq!(reached, 16 * 15 * 14 * 13 * 12);
            let table = build4(pattern);
            for (i, &d) in dist.iter().enumerate() {
                let want = if d == u8::MAX { 3 } else { d % 3 };
                assert_eq!(get2(&table, i), want, "pattern {pattern:?} index {i:#x}");
            }
        }
    }

    #[test]
    #[ignore]
    fn compare_partitions() {
        use super::super::super::tables::build4;
        let parts: [[[u8; 5]; 3]; 4] = [
            [[1, 2, 5, 6, 9], [3, 4, 7, 8, 12], [10, 11, 13, 14, 15]],
            [[1, 2, 3, 5, 6], [4, 7, 8, 11, 12], [9, 10, 13, 14, 15]],
            [[1, 5, 6, 9, 10], [2, 3, 4, 7, 8], [11, 12, 13, 14, 15]],
            [[1, 2, 3, 4, 7], [5, 6, 9, 10, 13], [8, 11, 12, 14, 15]],
        ];
        for p in parts {
            let t: alloc::vec::Vec<alloc::vec::Vec<u8>> = p.iter().map(build4).collect();
            let dbs = Databases { patterns: p, tables: [&t[0], &t[1], &t[2]] };
            let mut total = 0;
            for k in 0..20 {
                total += solve_with(&dbs, &shuffle(4, k), u64::MAX).unwrap().nodes;
            }
            std::println!("{p:?}: {total} nodes");
        }
    }

    #[test]
    fn twenty_seeded_shuffles_solved_optimally() {
        let mut total = 0;
        for k in 0..20 {
            let t = shuffle(4, k);
            let sol = solve(&t, u64::MAX).unwrap();
            assert!(solves(4, &t, &sol.gap_path));
            total += sol.nodes;
            std::println!(
                "4x4 shuffle {k}: {} moves, {} nodes, bound {}",
                sol.gap_path.len(),
                sol.nodes,
                lower_bound(&t)
            );
        }
        std::println!("4x4: {total} nodes for 20 shuffles");
    }
}
