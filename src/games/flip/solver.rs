//! Flip's solver: which squares to click to turn every square white.
//!
//! Clicking twice is clicking not at all, and clicks commute, so a solution is a set of
//! squares: unknowns `c_j` in GF(2), one equation per square `i`: the sum over `j` of
//! `matrix[j][i] · c_j` equals the square's darkness. Gaussian elimination brings the system
//! to echelon form (pivot: the leftmost column with a one at or below the current row, the
//! topmost such row added onto the current one; elimination below only). Columns without a
//! pivot are free: each choice of them gives one solution by back substitution. Among them
//! the solver keeps the first with the fewest clicks, counting through the free columns'
//! values as a binary number (first free column lowest), so the answer is the reference's.
//!
//! Rows are bit sets in `u32` words (the 68030's natural width).

use alloc::vec;
use alloc::vec::Vec;

/// Free columns beyond this many are left at 0 rather than searched (2^12 back
/// substitutions at most). Generated puzzles of the allowed sizes have at most 8; only a
/// typed-in matrix with many empty or equal rows has more.
pub const MAX_FREE_SEARCHED: usize = 12;

struct Row {
    bits: Vec<u32>,
}

impl Row {
    fn get(&self, i: usize) -> bool {
        self.bits[i / 32] >> (i % 32) & 1 != 0
    }
    fn set(&mut self, i: usize) {
        self.bits[i / 32] |= 1 << (i % 32);
    }
    fn xor(&mut self, other: &Row) {
        for (a, b) in self.bits.iter_mut().zip(&other.bits) {
            *a ^= b;
        }
    }
}

/// The fewest clicks (one flag per square) that make every square of `grid` (bit 0 = dark)
/// white, for the `n`×`n` click matrix `matrix` (row `j`: what clicking `j` toggles); `None`
/// if no set of clicks does.
pub fn fewest_clicks(n: usize, matrix: &[u8], grid: &[u8]) -> Option<Vec<bool>> {
    let words = (n + 1).div_ceil(32);
    // Equation i: coefficients matrix[j][i] for every unknown j, then the right-hand side in
    // bit n.
    let mut eq: Vec<Row> = (0..n)
        .map(|i| {
            let mut r = Row { bits: vec![0; words] };
            for j in 0..n {
                if matrix[j * n + i] != 0 {
                    r.set(j);
                }
            }
            if grid[i] & 1 != 0 {
                r.set(n);
            }
            r
        })
        .collect();
    let mut rows_done = 0;
    let mut col = 0;
    let mut free: Vec<usize> = Vec::new();
    while rows_done < n {
        // The leftmost column with a one at or below row `rows_done`.
        let mut found = None;
        while col < n {
            if let Some(r) = (rows_done..n).find(|&r| eq[r].get(col)) {
                found = Some(r);
                break;
            }
            free.push(col);
            col += 1;
        }
        let Some(r) = found else {
            // Only equations 0 = constant remain: a 1 there means no solution.
            if (rows_done..n).any(|r| eq[r].get(n)) {
                return None;
            }
            break;
        };
        if r > rows_done {
            let (top, rest) = eq.split_at_mut(r);
            top[rows_done].xor(&rest[0]);
        }
        for below in rows_done + 1..n {
            if eq[below].get(col) {
                let (top, rest) = eq.split_at_mut(below);
                rest[0].xor(&top[rows_done]);
            }
        }
        rows_done += 1;
        col += 1;
    }
    // Back substitution for each choice of the free columns.
    let pivots: Vec<usize> = (0..rows_done).map(|r| (0..n).find(|&c| eq[r].get(c)).unwrap_or(n)).collect();
    let mut solution = vec![false; n];
    let mut best: Option<(usize, Vec<bool>)> = None;
    let searched = &free[..free.len().min(MAX_FREE_SEARCHED)];
    loop {
        for r in (0..rows_done).rev() {
            let p = pivots[r];
            let mut v = eq[r].get(n);
            for (k, &clicked) in solution.iter().enumerate().skip(p + 1) {
                if clicked && eq[r].get(k) {
                    v = !v;
                }
            }
            solution[p] = v;
        }
        let len = solution.iter().filter(|&&c| c).count();
        if best.as_ref().is_none_or(|(b, _)| len < *b) {
            best = Some((len, solution.clone()));
        }
        // Next binary number over the searched free columns.
        let mut carry = true;
        for &f in searched {
            solution[f] = !solution[f];
            if solution[f] {
                carry = false;
                break;
            }
        }
        if carry {
            break;
        }
    }
    best.map(|(_, s)| s)
}
