//! The reduction solver: its solutions solve (shared: two 5×5 shuffles; host: 20 shuffles of
//! each size 4–6, 500 of each size 3–7), with their length against the Manhattan/linear-
//! conflict lower bound.

use super::super::solver::heuristic;
use super::*;
use crate::games::slide::positions::{shuffle, solves};

crate::test_cases! {
    fn reduction_solves_5x5_shuffles() {
        for k in 0..2 {
            let t = shuffle(5, k);
            let path = solve(5, &t).unwrap();
            assert!(solves(5, &t, &path));
            assert!(path.len() as u32 >= heuristic(5, &t));
        }
        let solved: Vec<u8> = (1..25).chain([0]).collect();
        assert_eq!(solve(5, &solved).unwrap().len(), 0);
        let mut bad = solved.clone();
        bad.swap(0, 1);
        assert_eq!(solve(5, &bad), None);
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;

    #[test]
    fn twenty_shuffles_of_each_size() {
        for n in 4..=6u32 {
            let (mut total, mut bound, mut worst) = (0, 0, 0);
            for k in 0..20 {
                let t = shuffle(n, k);
                let path = solve(n as usize, &t).unwrap();
                assert!(solves(n as usize, &t, &path), "{n}x{n} shuffle {k}");
                total += path.len();
                bound += heuristic(n as usize, &t) as usize;
                worst = worst.max(path.len());
            }
            std::println!("{n}x{n}: mean {} moves (longest {worst}), mean lower bound {}", total / 20, bound / 20);
        }
    }

    /// Many shuffles of every size the reduction serves, so that every way of placing the
    /// last two tiles of a line is taken (the corner manoeuvre, and the pair search when the
    /// manoeuvre would leave a tile in the dead-end corner or the board is small).
    #[test]
    fn five_hundred_shuffles_of_each_size_solve() {
        for n in 3..=MAX_SIDE as u32 {
            for k in 0..500 {
                let t = shuffle(n, 1000 + k);
                let path = solve(n as usize, &t).unwrap();
                assert!(solves(n as usize, &t, &path), "{n}x{n} shuffle {k}");
            }
        }
        assert_eq!(solve(MAX_SIDE + 1, &shuffle(MAX_SIDE as u32 + 1, 0)), None);
    }
}
