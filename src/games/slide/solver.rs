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

/// The most cells the incremental heuristic's tables hold (8×8).
const MOST_CELLS: usize = 64;

struct Search<'a> {
    n: usize,
    tiles: &'a mut [u8],
    path: Vec<usize>,
    nodes: u64,
    budget: u64,
    /// Each cell's row and column (no division per node).
    row: [u8; MOST_CELLS],
    col: [u8; MOST_CELLS],
    /// The linear conflicts' moves of each row and column of the current position.
    conflicts_in_row: [u8; 8],
    conflicts_in_col: [u8; 8],
}

enum Outcome {
    Found,
    Next(u32),
    OutOfBudget,
}

impl Search<'_> {
    /// Row `r`'s linear conflicts: twice the tiles of the row that must leave it.
    fn row_conflicts(&self, r: usize) -> u8 {
        let mut line = [0u8; 8];
        let mut k = 0;
        for &t in &self.tiles[r * self.n..(r + 1) * self.n] {
            if t != 0 && self.row[t as usize - 1] as usize == r {
                line[k] = self.col[t as usize - 1];
                k += 1;
            }
        }
        2 * (k as u8 - lis(&line[..k]) as u8)
    }

    /// Column `c`'s linear conflicts.
    fn col_conflicts(&self, c: usize) -> u8 {
        let mut line = [0u8; 8];
        let mut k = 0;
        for &t in self.tiles[c..].iter().step_by(self.n) {
            if t != 0 && self.col[t as usize - 1] as usize == c {
                line[k] = self.row[t as usize - 1];
                k += 1;
            }
        }
        2 * (k as u8 - lis(&line[..k]) as u8)
    }

    /// Cells `a` and `b` apart, in moves.
    fn distance(&self, a: usize, b: usize) -> i32 {
        (self.row[a] as i32 - self.row[b] as i32).abs() + (self.col[a] as i32 - self.col[b] as i32).abs()
    }

    /// The heuristic after the tile on `next` has moved to `gap` (already swapped), from
    /// `h` before: the tile's Manhattan distance changes by one, and only the linear
    /// conflicts of the two lines across the move can change (a vertical move keeps every
    /// column's order, a horizontal one every row's). The lines' new conflicts are stored;
    /// the old ones are returned to be put back.
    fn moved(&mut self, gap: usize, next: usize, h: u32) -> (u32, [u8; 2]) {
        let home = self.tiles[gap] as usize - 1;
        let mut h = h as i32 + self.distance(home, gap) - self.distance(home, next);
        let old;
        if self.col[gap] == self.col[next] {
            let (a, b) = (self.row[gap] as usize, self.row[next] as usize);
            old = [self.conflicts_in_row[a], self.conflicts_in_row[b]];
            self.conflicts_in_row[a] = self.row_conflicts(a);
            self.conflicts_in_row[b] = self.row_conflicts(b);
            h += self.conflicts_in_row[a] as i32 + self.conflicts_in_row[b] as i32 - old[0] as i32 - old[1] as i32;
        } else {
            let (a, b) = (self.col[gap] as usize, self.col[next] as usize);
            old = [self.conflicts_in_col[a], self.conflicts_in_col[b]];
            self.conflicts_in_col[a] = self.col_conflicts(a);
            self.conflicts_in_col[b] = self.col_conflicts(b);
            h += self.conflicts_in_col[a] as i32 + self.conflicts_in_col[b] as i32 - old[0] as i32 - old[1] as i32;
        }
        (h as u32, old)
    }

    /// Puts back the lines' conflicts [`Search::moved`] replaced (the tile already moved back).
    fn unmoved(&mut self, gap: usize, next: usize, old: [u8; 2]) {
        if self.col[gap] == self.col[next] {
            self.conflicts_in_row[self.row[gap] as usize] = old[0];
            self.conflicts_in_row[self.row[next] as usize] = old[1];
        } else {
            self.conflicts_in_col[self.col[gap] as usize] = old[0];
            self.conflicts_in_col[self.col[next] as usize] = old[1];
        }
    }

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
        let (x, y) = (self.col[gap] as usize, self.row[gap] as usize);
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
            let (h2, old) = self.moved(gap, next, h);
            #[cfg(test)]
            assert_eq!(h2, heuristic(n, self.tiles));
            self.path.push(next);
            let outcome = self.dfs(next, g + 1, h2, bound, gap);
            if !matches!(outcome, Outcome::Found) {
                self.tiles.swap(gap, next);
                self.unmoved(gap, next, old);
            }
            match outcome {
                Outcome::Found => return Outcome::Found,
                Outcome::OutOfBudget => return Outcome::OutOfBudget,
                Outcome::Next(f) => min = min.min(f),
            }
            self.path.pop();
        }
        Outcome::Next(min)
    }
}

/// A shortest solution of the N×N arrangement `tiles` (N ≤ 8), expanding at most `budget`
/// nodes.
pub fn solve(n: usize, tiles: &[u8], budget: u64) -> Result<Solution, SolveError> {
    if !super::solvability::is_solvable(n, tiles) {
        return Err(SolveError::Unsolvable);
    }
    let mut work: Vec<u8> = tiles.to_vec();
    let gap = work.iter().position(|&t| t == 0).ok_or(SolveError::Unsolvable)?;
    if n > 8 {
        // Beyond the heuristic's line buffers: no search at all.
        return Err(SolveError::Budget { nodes: 0 });
    }
    let h = heuristic(n, &work);
    let (mut row, mut col) = ([0u8; MOST_CELLS], [0u8; MOST_CELLS]);
    for c in 0..n * n {
        (row[c], col[c]) = ((c / n) as u8, (c % n) as u8);
    }
    let mut search = Search {
        n,
        tiles: &mut work,
        path: Vec::new(),
        nodes: 0,
        budget,
        row,
        col,
        conflicts_in_row: [0; 8],
        conflicts_in_col: [0; 8],
    };
    for i in 0..n {
        search.conflicts_in_row[i] = search.row_conflicts(i);
        search.conflicts_in_col[i] = search.col_conflicts(i);
    }
    let mut bound = h;
    loop {
        match search.dfs(gap, 0, h, bound, usize::MAX) {
            Outcome::Found => return Ok(Solution { gap_path: search.path, nodes: search.nodes }),
            Outcome::OutOfBudget => return Err(SolveError::Budget { nodes: search.nodes }),
            Outcome::Next(f) => bound = f,
        }
    }
}
