//! The 4×4 optimal solver: IDA* with additive pattern databases (5-5-5, [`super::tables`])
//! and their reflection about the main diagonal.
//!
//! The heuristic of a position is the sum, over the three patterns, of the moves of the
//! pattern's tiles needed to bring them home; the patterns share no tile, so the sum never
//! overestimates. The puzzle is symmetric about the main diagonal: the transposed position
//! (tile t at the transposed cell, renumbered as the tile whose home that is) is as far from
//! solved as the position itself, and the same databases give it a second, different
//! estimate; the search takes the larger.
//!
//! The databases keep distances modulo 3 (2 bits): every move of the search moves one tile,
//! changing one pattern's distance by exactly ±1, which the residue decides; the root's
//! exact distances come from walking each pattern home down its database. Per node the
//! search updates two database indices (the moved tile's pattern, directly and reflected)
//! and reads two entries.

use alloc::vec::Vec;

use super::solver::{Solution, SolveError};
use super::tables::{ENTRIES4, PATTERNS4, four, get2, index4};

/// A partition into three patterns of five tiles and their databases.
pub struct Databases<'a> {
    pub patterns: [[u8; 5]; 3],
    pub tables: [&'a [u8]; 3],
}

/// The game's partition ([`PATTERNS4`]), its databases computed on first use (768 KiB).
pub fn shipped() -> Databases<'static> {
    let t = &four().tables;
    Databases { patterns: PATTERNS4, tables: [&t[0], &t[1], &t[2]] }
}

/// The transposed cell.
const fn tr(c: usize) -> usize {
    (c % 4) * 4 + c / 4
}

/// The tile whose home is the transposed home of tile t (0, the gap, stays 0).
const fn tt(t: u8) -> u8 {
    if t == 0 { 0 } else { tr(t as usize - 1) as u8 + 1 }
}

/// Where each tile is in the patterns: (pattern, slot), for tiles 1–15.
fn places(patterns: &[[u8; 5]; 3]) -> [(u8, u8); 16] {
    let mut p = [(0u8, 0u8); 16];
    for (k, pat) in patterns.iter().enumerate() {
        for (i, &t) in pat.iter().enumerate() {
            p[t as usize] = (k as u8, i as u8);
        }
    }
    p
}

/// The exact distance of a pattern's tiles from home: down the database, one neighbour
/// one move closer at a time.
fn exact(dbs: &Databases, k: usize, cells: [u8; 5]) -> u32 {
    let t = dbs.tables[k];
    let mut cells = cells;
    let mut d = 0;
    loop {
        let idx = index4(&cells);
        let r = get2(t, idx);
        if dbs.patterns[k].iter().zip(cells.iter()).all(|(&tile, &c)| c == tile - 1) {
            return d;
        }
        let want = (r + 2) % 3;
        let mut taken: u16 = 0;
        for &c in &cells {
            taken |= 1 << c;
        }
        let mut moved = false;
        'find: for i in 0..5 {
            let c = cells[i] as usize;
            let (x, y) = (c % 4, c / 4);
            for n in [(y > 0).then(|| c - 4), (x < 3).then(|| c + 1), (y < 3).then(|| c + 4), (x > 0).then(|| c - 1)]
                .into_iter()
                .flatten()
            {
                if taken & (1 << n) != 0 {
                    continue;
                }
                let mut next = cells;
                next[i] = n as u8;
                if get2(t, index4(&next)) == want {
                    cells = next;
                    moved = true;
                    break 'find;
                }
            }
        }
        if !moved {
            // Cannot happen with a consistent database; a bound of 0 keeps the search
            // admissible anyway.
            return 0;
        }
        d += 1;
    }
}

/// The search's state and counters.
struct Search<'a> {
    tables: [&'a [u8]; 3],
    tiles: [u8; 16],
    /// Database index of each pattern, directly and reflected.
    idx: [usize; 3],
    ridx: [usize; 3],
    /// Exact pattern distances, directly and reflected.
    h: [u8; 3],
    rh: [u8; 3],
    /// Pattern and slot of each tile, directly and for its reflection.
    place: [(u8, u8); 16],
    rplace: [(u8, u8); 16],
    path: Vec<usize>,
    nodes: u64,
    budget: u64,
}

enum Outcome {
    Found,
    Next(u32),
    OutOfBudget,
}

/// The distance of `old` ± 1 whose residue is `r`.
#[inline]
fn step(old: u8, r: u8) -> u8 {
    if (old as u32 + 1) % 3 == r as u32 { old + 1 } else { old - 1 }
}

impl Search<'_> {
    fn heuristic(&self) -> u32 {
        let a = self.h.iter().map(|&v| v as u32).sum::<u32>();
        let b = self.rh.iter().map(|&v| v as u32).sum::<u32>();
        a.max(b)
    }

    fn dfs(&mut self, gap: usize, g: u32, bound: u32, prev: usize) -> Outcome {
        let h = self.heuristic();
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
        let (x, y) = (gap % 4, gap / 4);
        let mut min = u32::MAX;
        for next in
            [(y > 0).then(|| gap - 4), (x < 3).then(|| gap + 1), (y < 3).then(|| gap + 4), (x > 0).then(|| gap - 1)]
                .into_iter()
                .flatten()
        {
            if next == prev {
                continue;
            }
            // The tile at `next` slides into the gap.
            let t = self.tiles[next] as usize;
            let (k, s) = self.place[t];
            let (rk, rs) = self.rplace[t];
            let (k, rk) = (k as usize, rk as usize);
            let (old_i, old_ri, old_h, old_rh) = (self.idx[k], self.ridx[rk], self.h[k], self.rh[rk]);
            let sh = 4 * s as usize;
            let rsh = 4 * rs as usize;
            self.idx[k] = old_i - (next << sh) + (gap << sh);
            self.ridx[rk] = old_ri - (tr(next) << rsh) + (tr(gap) << rsh);
            self.h[k] = step(old_h, get2(self.tables[k], self.idx[k]));
            self.rh[rk] = step(old_rh, get2(self.tables[rk], self.ridx[rk]));
            self.tiles[gap] = t as u8;
            self.tiles[next] = 0;
            self.path.push(next);
            let o = self.dfs(next, g + 1, bound, gap);
            match o {
                Outcome::Found => return o,
                Outcome::OutOfBudget => {}
                Outcome::Next(f) => min = min.min(f),
            }
            self.path.pop();
            self.tiles[next] = t as u8;
            self.tiles[gap] = 0;
            self.idx[k] = old_i;
            self.ridx[rk] = old_ri;
            self.h[k] = old_h;
            self.rh[rk] = old_rh;
            if let Outcome::OutOfBudget = o {
                return o;
            }
        }
        Outcome::Next(min)
    }
}

/// A shortest solution of the 4×4 arrangement `tiles` (0 the gap), expanding at most
/// `budget` nodes (positions whose children were generated).
pub fn solve(tiles: &[u8], budget: u64) -> Result<Solution, SolveError> {
    solve_with(&shipped(), tiles, budget)
}

/// [`solve`] with other databases (the tests compare partitions).
pub fn solve_with(dbs: &Databases, tiles: &[u8], budget: u64) -> Result<Solution, SolveError> {
    if tiles.len() != 16 || !super::solvability::is_solvable(4, tiles) {
        return Err(SolveError::Unsolvable);
    }
    let mut t = [0u8; 16];
    t.copy_from_slice(tiles);
    let gap = t.iter().position(|&v| v == 0).ok_or(SolveError::Unsolvable)?;
    let place = places(&dbs.patterns);
    let mut rplace = [(0u8, 0u8); 16];
    for tile in 1..16u8 {
        rplace[tile as usize] = place[tt(tile) as usize];
    }
    let mut cells = [[0u8; 5]; 3];
    let mut rcells = [[0u8; 5]; 3];
    for (c, &tile) in t.iter().enumerate() {
        if tile != 0 {
            let (k, s) = place[tile as usize];
            cells[k as usize][s as usize] = c as u8;
            let (rk, rs) = rplace[tile as usize];
            rcells[rk as usize][rs as usize] = tr(c) as u8;
        }
    }
    let mut s = Search {
        tables: dbs.tables,
        tiles: t,
        idx: [0; 3],
        ridx: [0; 3],
        h: [0; 3],
        rh: [0; 3],
        place,
        rplace,
        path: Vec::new(),
        nodes: 0,
        budget,
    };
    for k in 0..3 {
        s.idx[k] = index4(&cells[k]);
        s.ridx[k] = index4(&rcells[k]);
        debug_assert!(s.idx[k] < ENTRIES4);
        s.h[k] = exact(dbs, k, cells[k]) as u8;
        s.rh[k] = exact(dbs, k, rcells[k]) as u8;
    }
    let mut bound = s.heuristic();
    loop {
        match s.dfs(gap, 0, bound, usize::MAX) {
            Outcome::Found => return Ok(Solution { gap_path: s.path, nodes: s.nodes }),
            Outcome::OutOfBudget => return Err(SolveError::Budget { nodes: s.nodes }),
            Outcome::Next(f) => bound = f,
        }
    }
}

/// The heuristic at the root: the larger of the direct and the reflected pattern sums.
pub fn lower_bound(tiles: &[u8]) -> u32 {
    let dbs = shipped();
    let place = places(&dbs.patterns);
    let mut cells = [[0u8; 5]; 3];
    let mut rcells = [[0u8; 5]; 3];
    for (c, &tile) in tiles.iter().enumerate() {
        if tile != 0 {
            let (k, s) = place[tile as usize];
            cells[k as usize][s as usize] = c as u8;
            let (rk, rs) = place[tt(tile) as usize];
            rcells[rk as usize][rs as usize] = tr(c) as u8;
        }
    }
    let a: u32 = (0..3).map(|k| exact(&dbs, k, cells[k])).sum();
    let b: u32 = (0..3).map(|k| exact(&dbs, k, rcells[k])).sum();
    a.max(b)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
