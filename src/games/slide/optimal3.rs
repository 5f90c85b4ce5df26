//! The 3×3 solver: every position's distance (modulo 3) is in a table computed at the first
//! solve ([`super::tables::three`]); an optimal solution walks down it, at each step to the
//! neighbour one move closer. At most 31 steps of at most four table look-ups.

use alloc::vec::Vec;

use super::tables::{get2, rank3, three};

/// An optimal solution of the 3×3 arrangement `tiles` (0 the gap), as the gap's successive
/// cells; `None` when it cannot be solved.
pub fn solve(tiles: &[u8]) -> Option<Vec<usize>> {
    if tiles.len() != 9 || !super::solvability::is_solvable(3, tiles) {
        return None;
    }
    let table = three();
    let mut t = [0u8; 9];
    t.copy_from_slice(tiles);
    let mut gap = t.iter().position(|&v| v == 0)?;
    let mut d = get2(table, rank3(&t));
    let mut path = Vec::new();
    while !super::solvability::is_solved(&t) {
        // The neighbour one move closer: distance d − 1, that is (d + 2) mod 3.
        let want = (d + 2) % 3;
        let (x, y) = (gap % 3, gap / 3);
        let next =
            [(y > 0).then(|| gap - 3), (x < 2).then(|| gap + 1), (y < 2).then(|| gap + 3), (x > 0).then(|| gap - 1)]
                .into_iter()
                .flatten()
                .find(|&c| {
                    t.swap(gap, c);
                    let ok = get2(table, rank3(&t)) == want;
                    t.swap(gap, c);
                    ok
                })?;
        t.swap(gap, next);
        gap = next;
        d = want;
        path.push(next);
    }
    Some(path)
}

/// The distance of a 3×3 arrangement from solved (its solution's length).
pub fn distance(tiles: &[u8]) -> Option<usize> {
    solve(tiles).map(|p| p.len())
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
