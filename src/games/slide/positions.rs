//! Positions the tests and benchmarks of Slide start from (test builds only): random walks
//! from the solved board, the game's own seeded shuffles, and a check that a gap path
//! solves a position.

use alloc::vec::Vec;

use super::{Params, Slide};
use crate::puzzle::backend::Game;
use crate::puzzle::random::RandomState;

/// Walk the gap `steps` random legal moves from solved (never straight back).
pub fn scrambled(n: usize, steps: u32, seed: &[u8]) -> Vec<u8> {
    let mut rs = RandomState::new(seed);
    let mut tiles: Vec<u8> = (0..n * n).map(|i| ((i + 1) % (n * n)) as u8).collect();
    let mut gap = n * n - 1;
    let mut prev = usize::MAX;
    for _ in 0..steps {
        let (x, y) = (gap % n, gap / n);
        let opts: Vec<usize> = [
            (y > 0).then(|| gap - n),
            (x + 1 < n).then(|| gap + 1),
            (y + 1 < n).then(|| gap + n),
            (x > 0).then(|| gap - 1),
        ]
        .into_iter()
        .flatten()
        .filter(|&c| c != prev)
        .collect();
        let next = opts[rs.upto(opts.len() as u32) as usize];
        tiles.swap(gap, next);
        prev = gap;
        gap = next;
    }
    tiles
}

/// The `k`-th seeded 4×4 (or n×n) shuffle, as the game generates them.
pub fn shuffle(n: u32, k: u32) -> Vec<u8> {
    let (desc, _) = Slide::new_desc(&Params { n }, &mut RandomState::new(&k.to_le_bytes()), false);
    Slide::new_game(&Params { n }, &desc).tiles
}

/// Applies a gap path; true when it ends solved.
pub fn solves(n: usize, tiles: &[u8], path: &[usize]) -> bool {
    let mut t = tiles.to_vec();
    let mut gap = t.iter().position(|&v| v == 0).unwrap();
    for &c in path {
        let (a, b) = (gap % n, gap / n);
        let (x, y) = (c % n, c / n);
        if a.abs_diff(x) + b.abs_diff(y) != 1 {
            return false;
        }
        t.swap(gap, c);
        gap = c;
    }
    super::solvability::is_solved(&t)
}
