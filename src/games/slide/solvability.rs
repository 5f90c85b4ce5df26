//! Which arrangements can be slid home: the inversion-parity rule of the Picture-puzzle seed,
//! extended to even widths.
//!
//! Count inversions among the tiles (the gap left out). A horizontal move never changes the
//! count. A vertical move jumps one tile over the W−1 tiles between its old and new place,
//! changing the count by an odd or even amount as W−1 is odd or even. So:
//!
//! - odd width: the inversion count's parity never changes; the solved position has none, so
//!   a position is solvable iff its inversion count is even (the seed's rule);
//! - even width: every vertical move flips the parity and moves the gap one row, so
//!   inversions + (rows between the gap and the bottom row) keeps its parity; the solved
//!   position (gap bottom right) has 0 + 0, so solvable iff that sum is even.
//!
//! Checked against breadth-first search on 2×2 and 3×3 (`tests.rs`), and by construction for
//! every generated shuffle.

/// Inversions among the non-gap tiles (tile 0 is the gap; tiles are 1..n−1).
pub fn inversions(tiles: &[u8]) -> u32 {
    let mut count = 0;
    for i in 0..tiles.len() {
        if tiles[i] == 0 {
            continue;
        }
        for j in i + 1..tiles.len() {
            if tiles[j] != 0 && tiles[i] > tiles[j] {
                count += 1;
            }
        }
    }
    count
}

/// Whether the N×N arrangement `tiles` (row by row, 0 the gap) can reach the solved order.
pub fn is_solvable(n: usize, tiles: &[u8]) -> bool {
    let inv = inversions(tiles);
    if n % 2 == 1 {
        inv % 2 == 0
    } else {
        let gap_row = tiles.iter().position(|&t| t == 0).unwrap_or(0) / n;
        (inv + (n - 1 - gap_row) as u32) % 2 == 0
    }
}

/// Solved: tiles 1..n−1 in order, gap last.
pub fn is_solved(tiles: &[u8]) -> bool {
    let n = tiles.len();
    tiles.iter().enumerate().all(|(i, &t)| t as usize == if i + 1 < n { i + 1 } else { 0 })
}
