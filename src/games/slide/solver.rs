//! The optimal solver: IDA* (iterative-deepening A*) with the Manhattan distance plus linear
//! conflicts as the heuristic.
//!
//! Manhattan distance: the sum over tiles of their row and column distance from home; every
//! move changes it by exactly one, so it never overestimates. Linear conflict: in a row, the
//! tiles that belong to that row but stand in the wrong order must partly leave the row to
//! pass each other; if k of them must leave (k = tiles in the row − longest increasing run of
//! their home columns), that costs at least 2k extra moves. The same for columns. Rows and
//! columns count different moves (vertical detours for rows, horizontal for columns), so the
//! sum stays admissible, and IDA* with an admissible heuristic finds a shortest solution.
//!
//! Iterative deepening needs no open list: memory is the current path only, which suits the
//! Falcon. The search counts expanded nodes and gives up past a budget, so a 5×5 shuffle
//! cannot hang the machine.

use alloc::vec::Vec;

/// Longest strictly increasing subsequence of a short list (≤ 5 entries here).
fn lis(v: &[u8]) -> u32 {
    let mut best = [0u32; 8];
    let mut result = 0;
    for i in 0..v.len() {
        best[i] = 1;
        for j in 0..i {
            if v[j] < v[i] && best[j] + 1 > best[i] {
                best[i] = best[j] + 1;
            }
        }
        result = result.max(best[i]);
    }
    result
}

/// Manhattan distance plus linear conflicts for an N×N arrangement (0 the gap).
pub fn heuristic(n: usize, tiles: &[u8]) -> u32 {
    let mut h = 0u32;
    for (i, &t) in tiles.iter().enumerate() {
        if t == 0 {
            continue;
        }
        let home = t as usize - 1;
        h += ((i % n) as i32 - (home % n) as i32).unsigned_abs() + ((i / n) as i32 - (home / n) as i32).unsigned_abs();
    }
    let mut line = [0u8; 8];
    for r in 0..n {
        // Tiles in row r that belong in row r: their home columns, in current order.
        let mut k = 0;
        for c in 0..n {
            let t = tiles[r * n + c];
            if t != 0 && (t as usize - 1) / n == r {
                line[k] = ((t as usize - 1) % n) as u8;
                k += 1;
            }
        }
        h += 2 * (k as u32 - lis(&line[..k]));
    }
    for c in 0..n {
        let mut k = 0;
        for r in 0..n {
            let t = tiles[r * n + c];
            if t != 0 && (t as usize - 1) % n == c {
                line[k] = ((t as usize - 1) / n) as u8;
                k += 1;
            }
        }
        h += 2 * (k as u32 - lis(&line[..k]));
    }
    h
}

/// Result of a search: the gap's successive cells (one entry per move), and the work done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub gap_path: Vec<usize>,
    pub nodes: u64,
}

/// Why no solution came back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The arrangement is on the wrong parity class.
    Unsolvable,
    /// More than the allowed number of nodes would be needed.
    Budget { nodes: u64 },
}

struct Search<'a> {
    n: usize,
    tiles: &'a mut [u8],
    path: Vec<usize>,
    nodes: u64,
    budget: u64,
}

enum Outcome {
    Found,
    Next(u32),
    OutOfBudget,
}

impl Search<'_> {
    /// Depth-first below the bound; `h` is the heuristic of the current position, `prev` the
    /// cell the gap came from (never step straight back).
    fn dfs(&mut self, gap: usize, g: u32, h: u32, bound: u32, prev: usize) -> Outcome {
        let f = g + h;
        if f > bound {
            return Outcome::Next(f);
        }
        if h == 0 {
            return Outcome::Found;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Outcome::OutOfBudget;
        }
        let n = self.n;
        let (x, y) = (gap % n, gap / n);
        let mut min = u32::MAX;
        let candidates = [
            (y > 0).then(|| gap - n),
            (x + 1 < n).then(|| gap + 1),
            (y + 1 < n).then(|| gap + n),
            (x > 0).then(|| gap - 1),
        ];
        for next in candidates.into_iter().flatten() {
            if next == prev {
                continue;
            }
            self.tiles.swap(gap, next);
            let h2 = heuristic(n, self.tiles);
            self.path.push(next);
            match self.dfs(next, g + 1, h2, bound, gap) {
                Outcome::Found => return Outcome::Found,
                Outcome::OutOfBudget => {
                    self.tiles.swap(gap, next);
                    return Outcome::OutOfBudget;
                }
                Outcome::Next(f) => min = min.min(f),
            }
            self.path.pop();
            self.tiles.swap(gap, next);
        }
        Outcome::Next(min)
    }
}

/// A shortest solution of the N×N arrangement `tiles`, expanding at most `budget` nodes.
pub fn solve(n: usize, tiles: &[u8], budget: u64) -> Result<Solution, SolveError> {
    if !super::solvability::is_solvable(n, tiles) {
        return Err(SolveError::Unsolvable);
    }
    let mut work: Vec<u8> = tiles.to_vec();
    let gap = work.iter().position(|&t| t == 0).ok_or(SolveError::Unsolvable)?;
    let h = heuristic(n, &work);
    let mut search = Search { n, tiles: &mut work, path: Vec::new(), nodes: 0, budget };
    let mut bound = h;
    loop {
        match search.dfs(gap, 0, h, bound, usize::MAX) {
            Outcome::Found => return Ok(Solution { gap_path: search.path, nodes: search.nodes }),
            Outcome::OutOfBudget => return Err(SolveError::Budget { nodes: search.nodes }),
            Outcome::Next(f) => bound = f,
        }
    }
}
