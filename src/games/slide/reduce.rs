//! A solver for any size, not optimal: the way people solve the puzzle. Bring home the top
//! row, then the left column, and go on with the smaller square they leave, until a 3×3
//! square remains, which [`super::optimal3`] solves optimally.
//!
//! Each tile is brought home by a breadth-first search over (gap, tile) positions inside
//! the cells not yet finished, so it takes the fewest moves for that step. The last two tiles
//! of a row (or column) go home together, searched over (gap, tile, tile): placing them one
//! by one would need the corner manoeuvre. The searches are small (at most 6⁶ states on the
//! 6×6 board) and allocate their tables once per solve.

use alloc::vec;
use alloc::vec::Vec;

/// The board being solved: tiles, the gap, the finished cells, the gap's path so far.
struct Board {
    n: usize,
    tiles: Vec<u8>,
    gap: usize,
    locked: Vec<bool>,
    path: Vec<usize>,
}

impl Board {
    fn neighbours(&self, c: usize) -> [Option<usize>; 4] {
        let n = self.n;
        let (x, y) = (c % n, c / n);
        [(y > 0).then(|| c - n), (x + 1 < n).then(|| c + 1), (y + 1 < n).then(|| c + n), (x > 0).then(|| c - 1)]
    }

    fn slide(&mut self, to: usize) {
        self.tiles.swap(self.gap, to);
        self.gap = to;
        self.path.push(to);
    }

    fn position(&self, tile: u8) -> usize {
        self.tiles.iter().position(|&t| t == tile).unwrap_or(0)
    }

    /// Brings `tiles` (one or two) to `targets` by the fewest gap moves through unlocked
    /// cells; false when no way exists.
    fn place(&mut self, tiles: &[u8], targets: &[usize]) -> bool {
        let n2 = self.n * self.n;
        let k = tiles.len();
        let states = n2.pow(1 + k as u32);
        // State: gap + n²·(first tile) + n⁴·(second tile).
        let encode = |gap: usize, p: &[usize]| p.iter().rev().fold(0, |a, &c| a * n2 + c) * n2 + gap;
        let mut pos = [0usize; 2];
        for i in 0..k {
            pos[i] = self.position(tiles[i]);
        }
        let start = encode(self.gap, &pos[..k]);
        const NONE: u32 = u32::MAX;
        let mut parent = vec![NONE; states];
        let mut queue = Vec::with_capacity(1024);
        parent[start] = start as u32;
        queue.push(start as u32);
        let mut head = 0;
        let mut goal = None;
        while head < queue.len() {
            let s = queue[head] as usize;
            head += 1;
            let gap = s % n2;
            let mut p = [0usize; 2];
            let mut rest = s / n2;
            for slot in p.iter_mut().take(k) {
                *slot = rest % n2;
                rest /= n2;
            }
            if p[..k] == targets[..k] {
                goal = Some(s);
                break;
            }
            for c in self.neighbours(gap).into_iter().flatten() {
                if self.locked[c] {
                    continue;
                }
                let mut q = p;
                for slot in q.iter_mut().take(k) {
                    if *slot == c {
                        *slot = gap;
                    }
                }
                let t = encode(c, &q[..k]);
                if parent[t] == NONE {
                    parent[t] = s as u32;
                    queue.push(t as u32);
                }
            }
        }
        let Some(mut s) = goal else { return false };
        let mut gaps = Vec::new();
        while s != start {
            gaps.push(s % n2);
            s = parent[s] as usize;
        }
        for &g in gaps.iter().rev() {
            self.slide(g);
        }
        true
    }
}

/// A solution of the n×n arrangement `tiles` (0 the gap; n ≥ 3), as the gap's successive
/// cells: rows and columns brought home from the top left, the last 3×3 square solved
/// optimally. `None` when it cannot be solved.
pub fn solve(n: usize, tiles: &[u8]) -> Option<Vec<usize>> {
    if n < 3 || tiles.len() != n * n || !super::solvability::is_solvable(n, tiles) {
        return None;
    }
    let gap = tiles.iter().position(|&t| t == 0)?;
    let mut b = Board { n, tiles: tiles.to_vec(), gap, locked: vec![false; n * n], path: Vec::new() };
    let home = |c: usize| (c + 1) as u8;
    for l in 0..n - 3 {
        // Row l, from column l: one by one, then the last two together.
        for x in l..n - 2 {
            let c = l * n + x;
            if !b.place(&[home(c)], &[c]) {
                return None;
            }
            b.locked[c] = true;
        }
        let (a, c) = (l * n + n - 2, l * n + n - 1);
        if !b.place(&[home(a), home(c)], &[a, c]) {
            return None;
        }
        b.locked[a] = true;
        b.locked[c] = true;
        // Column l, from row l + 1.
        for y in l + 1..n - 2 {
            let c = y * n + l;
            if !b.place(&[home(c)], &[c]) {
                return None;
            }
            b.locked[c] = true;
        }
        let (a, c) = ((n - 2) * n + l, (n - 1) * n + l);
        if !b.place(&[home(a), home(c)], &[a, c]) {
            return None;
        }
        b.locked[a] = true;
        b.locked[c] = true;
    }
    // The bottom-right 3×3 square, renumbered as a 3×3 puzzle.
    let o = n - 3;
    let cell = |i: usize| (o + i / 3) * n + o + i % 3;
    let mut small = [0u8; 9];
    for (i, s) in small.iter_mut().enumerate() {
        let t = b.tiles[cell(i)];
        *s = if t == 0 {
            0
        } else {
            let h = t as usize - 1;
            ((h / n - o) * 3 + (h % n - o) + 1) as u8
        };
    }
    for c in super::optimal3::solve(&small)? {
        b.slide(cell(c));
    }
    debug_assert!(super::solvability::is_solved(&b.tiles));
    Some(b.path)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
