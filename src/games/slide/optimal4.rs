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
use super::tables::{ENTRIES4, NEIGHBOURS4, NO_CELL, PATTERNS4, four, get2, index4};

/// The most moves a 4×4 position needs (80: Brüngger et al., 1999).
const MOST_MOVES: usize = 80;

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
    /// Exact pattern distances, directly and reflected, their residues modulo 3 (the
    /// databases' entries), and their sums.
    h: [u8; 3],
    rh: [u8; 3],
    hm: [u8; 3],
    rhm: [u8; 3],
    sum: u32,
    rsum: u32,
    /// Pattern and slot of each tile, directly and for its reflection.
    place: [(u8, u8); 16],
    rplace: [(u8, u8); 16],
    path: Vec<usize>,
    nodes: u64,
    budget: u64,
}

/// What [`Search::dfs`] answers, in one word (cheaper on the 68030 than an enum returned
/// through memory): [`FOUND`], [`OUT_OF_BUDGET`], or else the smallest f = g + h beyond
/// the bound (at least 1), which is the next bound.
const FOUND: u32 = 0;
const OUT_OF_BUDGET: u32 = u32::MAX;
/// No f beyond the bound was met (every move led back: not with 4×4's cells).
const NOTHING_BEYOND: u32 = u32::MAX - 1;

/// The residue after residue r: (r + 1) mod 3, without a division.
const NEXT_RESIDUE: [u8; 3] = [1, 2, 0];

/// The distance `old` (residue `old_m`) one move on, whose residue is `r`: old ± 1.
#[inline(always)]
fn step(old: u8, old_m: u8, r: u8) -> u8 {
    if r == NEXT_RESIDUE[old_m as usize] { old + 1 } else { old - 1 }
}

impl Search<'_> {
    fn heuristic(&self) -> u32 {
        self.sum.max(self.rsum)
    }

    /// One node: the gap at `gap`, reached in `g` moves from the root, coming from `prev`
    /// (the cell the gap was at, [`NO_CELL`] at the root). Children in the order up, right,
    /// down, left.
    fn dfs(&mut self, gap: u8, g: u32, bound: u32, prev: u8) -> u32 {
        #[cfg(test)]
        {
            // The sums kept move by move are the sums.
            assert_eq!(self.sum, self.h.iter().map(|&v| v as u32).sum::<u32>());
            assert_eq!(self.rsum, self.rh.iter().map(|&v| v as u32).sum::<u32>());
        }
        let h = self.heuristic();
        let f = g + h;
        if f > bound {
            return f;
        }
        if h == 0 {
            return FOUND;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return OUT_OF_BUDGET;
        }
        let mut min = NOTHING_BEYOND;
        for &next in &NEIGHBOURS4[gap as usize] {
            if next == NO_CELL {
                break;
            }
            if next == prev {
                continue;
            }
            let (n, gp) = (next as usize, gap as usize);
            // The tile at `next` slides into the gap.
            let t = self.tiles[n] as usize;
            let (k, s) = self.place[t];
            let (rk, rs) = self.rplace[t];
            let (k, rk) = (k as usize, rk as usize);
            let (old_i, old_h, old_m) = (self.idx[k], self.h[k], self.hm[k]);
            let (old_ri, old_rh, old_rm) = (self.ridx[rk], self.rh[rk], self.rhm[rk]);
            let sh = 4 * s as usize;
            let rsh = 4 * rs as usize;
            let i = old_i - (n << sh) + (gp << sh);
            let ri = old_ri - (tr(n) << rsh) + (tr(gp) << rsh);
            let (m, rm) = (get2(self.tables[k], i), get2(self.tables[rk], ri));
            let (nh, nrh) = (step(old_h, old_m, m), step(old_rh, old_rm, rm));
            let (old_sum, old_rsum) = (self.sum, self.rsum);
            self.idx[k] = i;
            self.ridx[rk] = ri;
            self.h[k] = nh;
            self.rh[rk] = nrh;
            self.hm[k] = m;
            self.rhm[rk] = rm;
            self.sum = old_sum - old_h as u32 + nh as u32;
            self.rsum = old_rsum - old_rh as u32 + nrh as u32;
            self.tiles[gp] = t as u8;
            self.tiles[n] = 0;
            self.path.push(n);
            let o = self.dfs(next, g + 1, bound, gap);
            if o == FOUND {
                return FOUND;
            }
            self.path.pop();
            self.tiles[n] = t as u8;
            self.tiles[gp] = 0;
            self.idx[k] = old_i;
            self.ridx[rk] = old_ri;
            self.h[k] = old_h;
            self.rh[rk] = old_rh;
            self.hm[k] = old_m;
            self.rhm[rk] = old_rm;
            self.sum = old_sum;
            self.rsum = old_rsum;
            if o == OUT_OF_BUDGET {
                return o;
            }
            min = min.min(o);
        }
        min
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
        hm: [0; 3],
        rhm: [0; 3],
        sum: 0,
        rsum: 0,
        place,
        rplace,
        // Room for the longest 4×4 solution (80 moves), so that a push never allocates.
        path: Vec::with_capacity(MOST_MOVES),
        nodes: 0,
        budget,
    };
    for k in 0..3 {
        s.idx[k] = index4(&cells[k]);
        s.ridx[k] = index4(&rcells[k]);
        debug_assert!(s.idx[k] < ENTRIES4);
        s.h[k] = exact(dbs, k, cells[k]) as u8;
        s.rh[k] = exact(dbs, k, rcells[k]) as u8;
        s.hm[k] = get2(dbs.tables[k], s.idx[k]);
        s.rhm[k] = get2(dbs.tables[k], s.ridx[k]);
        debug_assert_eq!((s.hm[k], s.rhm[k]), (s.h[k] % 3, s.rh[k] % 3));
    }
    s.sum = s.h.iter().map(|&v| v as u32).sum();
    s.rsum = s.rh.iter().map(|&v| v as u32).sum();
    let mut bound = s.heuristic();
    loop {
        match s.dfs(gap as u8, 0, bound, NO_CELL) {
            FOUND => return Ok(Solution { gap_path: s.path, nodes: s.nodes }),
            OUT_OF_BUDGET => return Err(SolveError::Budget { nodes: s.nodes }),
            f => bound = f,
        }
    }
}

/// The heuristic at the root: the larger of the direct and the reflected pattern sums.
pub fn lower_bound(tiles: &[u8]) -> u32 {
    lower_bound_with(&shipped(), tiles)
}

/// [`lower_bound`] with other databases.
pub fn lower_bound_with(dbs: &Databases, tiles: &[u8]) -> u32 {
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
    let a: u32 = (0..3).map(|k| exact(dbs, k, cells[k])).sum();
    let b: u32 = (0..3).map(|k| exact(dbs, k, rcells[k])).sum();
    a.max(b)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
