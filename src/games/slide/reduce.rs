//! A solver for any size, not optimal: the way people solve the puzzle. Bring home the top
//! row, then the left column, and go on with the smaller square they leave, until a 2×2
//! square remains, whose tiles come home one by one. No table is needed (the optimal 3×3
//! solver's costs 4.4 s on the 68030 to build), so a Solve never waits for one.
//!
//! Each tile is brought home by a breadth-first search over (gap, tile) positions inside
//! the cells not yet finished, so it takes the fewest moves for that step. The last two tiles
//! of a row (or column) go home by the corner manoeuvre ([`Search::home_pair`]), or, when
//! it would trap a tile, by one search over (gap, tile, tile).
//!
//! A search state is the cells packed in bit fields (the gap, then each tile; [`Search::bits`]
//! bits each, enough for n² + 1 values: 5 on the 5×5 board), and what the search keeps of a
//! state is one byte: the direction the gap came from (0 for not reached). So no
//! multiplication or division is done per state (a DIVU.L costs some 80 cycles), and
//! the way back is found from the directions alone. The table has 2^(3 × bits) bytes
//! (32 KiB on the 5×5 board, 256 KiB on the 6×6), allocated once per solve; after each step
//! only the states it reached are cleared.

use alloc::vec;
use alloc::vec::Vec;

/// The largest board: 7×7 (three fields of 6 bits, a table of 256 KiB).
pub const MAX_SIDE: usize = 7;

/// The most free cells in which the last two tiles of a line are placed by one search over
/// (gap, tile, tile) rather than the corner manoeuvre: such a search reaches at most 16³ =
/// 4,096 states. On 20 seeded shuffles (host, `twenty_shuffles_of_each_size`), 16 rather
/// than none takes the 4×4 solutions from 104 moves to 93 on average, the 5×5 ones from 220
/// to 207, for at most 6,294 states reached in a 5×5 solve instead of 4,744; searching
/// every pair so would reach up to 18,765.
const PAIR_SEARCH_MOST_FREE: usize = 16;

/// The gap's four directions, in the order the search tries them: up, right, down, left.
const DIRECTIONS: usize = 4;

/// The board being solved: tiles, the gap, the finished cells, the gap's path so far.
struct Board {
    n: usize,
    tiles: Vec<u8>,
    gap: usize,
    locked: Vec<bool>,
    path: Vec<usize>,
}

impl Board {
    /// The cell next to `c` in direction `d` (up, right, down, left), if on the board.
    fn neighbour(&self, c: usize, d: usize) -> Option<usize> {
        let n = self.n;
        let (x, y) = (c % n, c / n);
        match d {
            0 => (y > 0).then(|| c - n),
            1 => (x + 1 < n).then(|| c + 1),
            2 => (y + 1 < n).then(|| c + n),
            _ => (x > 0).then(|| c - 1),
        }
    }

    fn slide(&mut self, to: usize) {
        self.tiles.swap(self.gap, to);
        self.gap = to;
        self.path.push(to);
    }

    fn position(&self, tile: u8) -> usize {
        self.tiles.iter().position(|&t| t == tile).unwrap_or(0)
    }
}

/// The breadth-first search's tables, kept for all the steps of one solve.
struct Search {
    /// Bits of one cell in a state.
    bits: u32,
    /// Per state: 0 not reached yet, 1 + the direction the gap moved to reach it, or
    /// [`Search::START`].
    came: Vec<u8>,
    /// The states reached, in the order reached.
    queue: Vec<u32>,
    /// Per cell and direction, the free neighbour cell, or [`Search::WALL`].
    next: Vec<[u8; DIRECTIONS]>,
    /// The gap's cells of the last way found, from the goal back.
    way: Vec<usize>,
}

impl Search {
    const START: u8 = 0xFF;
    const WALL: u8 = 0xFF;
    /// The most tiles one search follows.
    const TILES: usize = 2;

    fn new(n: usize) -> Self {
        let bits = usize::BITS - (n * n).leading_zeros();
        let states = 1usize << ((1 + Self::TILES as u32) * bits);
        Search {
            bits,
            came: vec![0; states],
            queue: Vec::with_capacity(1024),
            next: vec![[Self::WALL; DIRECTIONS]; n * n],
            way: Vec::with_capacity(4 * n * n),
        }
    }

    /// Brings `tiles` (at most two, each to its cell) by the fewest gap moves through
    /// unlocked cells, and the gap to `gap` if given; false when no way exists.
    fn reach(&mut self, b: &mut Board, tiles: &[(u8, usize)], gap: Option<usize>) -> bool {
        let bits = self.bits;
        let mask = (1u32 << bits) - 1;
        for c in 0..b.n * b.n {
            for d in 0..DIRECTIONS {
                self.next[c][d] = match b.neighbour(c, d) {
                    Some(to) if !b.locked[to] => to as u8,
                    _ => Self::WALL,
                };
            }
        }
        // A state: the gap's cell, then each tile's; a field of no tile holds `mask`, which
        // is no cell (the board has fewer than 2^bits), so no move ever changes it.
        let (mut start, mut goal, mut goal_mask) = (b.gap as u32, 0, 0);
        for i in 0..Self::TILES {
            let shift = (1 + i as u32) * bits;
            let (cell, target) = match tiles.get(i) {
                Some(&(tile, target)) => (b.position(tile) as u32, target as u32),
                None => (mask, mask),
            };
            start |= cell << shift;
            goal |= target << shift;
            goal_mask |= mask << shift;
        }
        if let Some(cell) = gap {
            goal |= cell as u32;
            goal_mask |= mask;
        }
        let (field1, field2) = (mask << bits, mask << (2 * bits));
        self.queue.clear();
        self.came[start as usize] = Self::START;
        self.queue.push(start);
        let mut head = 0;
        let mut found = None;
        while head < self.queue.len() {
            let s = self.queue[head];
            head += 1;
            if s & goal_mask == goal {
                found = Some(s);
                break;
            }
            let gap = s & mask;
            for (d, &to) in self.next[gap as usize].iter().enumerate() {
                if to == Self::WALL {
                    continue;
                }
                let t = Self::moved(s, gap, to as u32, bits, field1, field2);
                if self.came[t as usize] == 0 {
                    self.came[t as usize] = 1 + d as u8;
                    self.queue.push(t);
                }
            }
        }
        self.way.clear();
        if let Some(mut s) = found {
            // Back from the goal: the gap came from the cell behind its direction, and a
            // tile on that cell came from the gap's cell: the same move backwards.
            while self.came[s as usize] != Self::START {
                let gap = s & mask;
                self.way.push(gap as usize);
                let d = self.came[s as usize] as usize - 1;
                let from = self.next[gap as usize][(d + 2) % DIRECTIONS] as u32;
                s = Self::moved(s, gap, from, bits, field1, field2);
            }
        }
        for &s in &self.queue {
            self.came[s as usize] = 0;
        }
        for &g in self.way.iter().rev() {
            b.slide(g);
        }
        found.is_some()
    }

    /// State `s` after its gap (on `gap`) moves to the cell `to`: a tile there takes the gap's
    /// cell. `field1` and `field2` mask the two tiles' fields.
    fn moved(s: u32, gap: u32, to: u32, bits: u32, field1: u32, field2: u32) -> u32 {
        let swapped = (to ^ gap) << bits;
        let s = if s & field1 == to << bits {
            s ^ swapped
        } else if s & field2 == to << (2 * bits) {
            s ^ (swapped << bits)
        } else {
            s
        };
        (s & !(field1 >> bits)) | to
    }

    /// Brings `cell`'s tile home and keeps it there.
    fn home(&mut self, b: &mut Board, cell: usize) -> bool {
        let done = self.reach(b, &[(cell as u8 + 1, cell)], None);
        b.locked[cell] = true;
        done
    }

    /// Brings home the last two tiles of a line, on the cells `first` and `last` (the line's
    /// end) and keeps them there; `beside` is the cell next to `first` away from the line.
    ///
    /// On a board of more than [`PAIR_SEARCH_MOST_FREE`] free cells, the corner manoeuvre:
    /// the last tile to `first`, the first tile to `beside`, the gap to `last`, then the gap
    /// to `first` (the last tile slides home) and to `beside` (the first tile slides home):
    /// three searches over (gap, one tile). On a smaller board, or when the manoeuvre's first
    /// search leaves the first tile on `last` (a dead end once `first` is held: a tile there
    /// can never leave), one search over (gap, both tiles), which finds the fewest moves.
    fn home_pair(&mut self, b: &mut Board, first: usize, last: usize, beside: usize) -> bool {
        let (first_tile, last_tile) = (first as u8 + 1, last as u8 + 1);
        let free = b.locked.iter().filter(|&&l| !l).count();
        let manoeuvre = (b.tiles[first] != first_tile || b.tiles[last] != last_tile) && free > PAIR_SEARCH_MOST_FREE;
        if manoeuvre && self.reach(b, &[(last_tile, first)], None) && b.tiles[last] != first_tile {
            b.locked[first] = true;
            if self.reach(b, &[(first_tile, beside)], None) {
                b.locked[beside] = true;
                if self.reach(b, &[], Some(last)) {
                    b.slide(first);
                    b.slide(beside);
                }
                b.locked[beside] = false;
            }
            b.locked[first] = false;
        }
        // Both home already (after the manoeuvre, a search of one state), or the pair search.
        let done = self.reach(b, &[(first_tile, first), (last_tile, last)], None);
        b.locked[first] = true;
        b.locked[last] = true;
        done
    }
}

/// A solution of the n×n arrangement `tiles` (0 the gap; n ≥ 3), as the gap's successive
/// cells: rows and columns brought home from the top left down to the last 2×2 square.
/// `None` when it cannot be solved.
pub fn solve(n: usize, tiles: &[u8]) -> Option<Vec<usize>> {
    if !(3..=MAX_SIDE).contains(&n) || tiles.len() != n * n || !super::solvability::is_solvable(n, tiles) {
        return None;
    }
    let gap = tiles.iter().position(|&t| t == 0)?;
    let mut b = Board { n, tiles: tiles.to_vec(), gap, locked: vec![false; n * n], path: Vec::new() };
    let mut search = Search::new(n);
    for l in 0..n - 2 {
        // Row l, from column l: one by one, then the last two together.
        for x in l..n - 2 {
            if !search.home(&mut b, l * n + x) {
                return None;
            }
        }
        if !search.home_pair(&mut b, l * n + n - 2, l * n + n - 1, (l + 1) * n + n - 2) {
            return None;
        }
        // Column l, from row l + 1.
        for y in l + 1..n - 2 {
            if !search.home(&mut b, y * n + l) {
                return None;
            }
        }
        if !search.home_pair(&mut b, (n - 2) * n + l, (n - 1) * n + l, (n - 2) * n + l + 1) {
            return None;
        }
    }
    // The bottom-right 2×2 square: its top-left, top-right and bottom-left tiles one by one.
    // The other three cells form a path, along which the tiles keep their order; the
    // arrangement being solvable, that order is the right one and the last tile comes home
    // with the third.
    let o = n - 2;
    for c in [o * n + o, o * n + o + 1, (o + 1) * n + o] {
        if !search.home(&mut b, c) {
            return None;
        }
    }
    debug_assert!(super::solvability::is_solved(&b.tiles));
    Some(b.path)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
