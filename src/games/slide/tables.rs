//! The solvers' tables: how they are indexed and how they are computed. Computed once on
//! the development machine by the build script (`build.rs` includes this file) and shipped
//! in the program; the tests compute them again and compare.
//!
//! Both tables keep each distance modulo 3, in 2 bits (3 = not reached). That is enough to
//! walk or search exactly: a move changes a distance by exactly one (the sliding puzzle's
//! graph is bipartite: every move changes the gap's row + column parity, and with it the
//! parity of the distance), so knowing a position's distance d and a neighbour's distance
//! modulo 3 tells which of d − 1 and d + 1 it is.
//!
//! - 3×3: every one of the 181,440 solvable positions, ranked by the gap's cell and the order of
//!   the first six tiles (the last two follow from the parity rule): 45,360 bytes.
//! - 4×4: three disjoint additive pattern databases of five tiles each (5-5-5): the number
//!   of moves of the pattern's tiles needed to bring them home, the other tiles ignored.
//!   Indexed by the five tiles' cells, 4 bits each (2^20 entries, some unused): 3 × 256 KiB.

use alloc::vec;
use alloc::vec::Vec;

/// Positions of the 3×3 table.
pub const SIZE3: usize = 181_440;
/// Bytes of the 3×3 table.
pub const BYTES3: usize = SIZE3 / 4;
/// The 4×4 patterns: tiles 1–15, three groups of five (tile t's home is cell t − 1).
pub const PATTERNS4: [[u8; 5]; 3] = [[1, 2, 5, 6, 9], [3, 4, 7, 8, 12], [10, 11, 13, 14, 15]];
/// Entries of one 4×4 pattern database (4 bits per tile).
pub const ENTRIES4: usize = 1 << 20;
/// Bytes of one 4×4 pattern database.
pub const BYTES4: usize = ENTRIES4 / 4;

/// Entry `i` of a 2-bit table.
#[inline]
pub fn get2(t: &[u8], i: usize) -> u8 {
    (t[i >> 2] >> ((i & 3) * 2)) & 3
}

fn set2(t: &mut [u8], i: usize, v: u8) {
    let s = (i & 3) * 2;
    t[i >> 2] = (t[i >> 2] & !(3 << s)) | (v << s);
}

/// Rank of a solvable 3×3 arrangement (`tiles[cell]`, 0 the gap) in 0..181,440: the gap's
/// cell × 20,160 + the rank of the first six tiles read in cell order (the gap skipped)
/// among the arrangements of six of the eight tiles. The last two tiles follow: the tiles'
/// order must be an even permutation (odd width: the inversion count stays even), and
/// swapping two tiles changes its parity.
#[inline]
pub fn rank3(tiles: &[u8]) -> usize {
    let mut used: u16 = 0;
    let mut r = 0usize;
    let mut k = 0;
    let mut gap = 0;
    for (c, &t) in tiles.iter().enumerate() {
        if t == 0 {
            gap = c;
            continue;
        }
        if k < 6 {
            let below = (!used & ((1u16 << t) - 2)).count_ones() as usize;
            r = r * (8 - k) + below;
            used |= 1 << t;
            k += 1;
        }
    }
    gap * 20_160 + r
}

/// Cells next to `c` on an n×n board.
fn neighbours(n: usize, c: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (c % n, c / n);
    [(y > 0).then(|| c - n), (x + 1 < n).then(|| c + 1), (y + 1 < n).then(|| c + n), (x > 0).then(|| c - 1)]
        .into_iter()
        .flatten()
}

/// The 3×3 table: breadth-first from the solved position.
pub fn build3() -> Vec<u8> {
    let mut table = vec![0xFFu8; BYTES3];
    let solved: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let pack = |t: &[u8; 9]| t.iter().fold(0u64, |a, &v| a << 4 | v as u64);
    let unpack = |p: u64| {
        let mut t = [0u8; 9];
        for (i, v) in t.iter_mut().enumerate() {
            *v = (p >> (4 * (8 - i)) & 15) as u8;
        }
        t
    };
    let mut queue = vec![pack(&solved)];
    set2(&mut table, rank3(&solved), 0);
    let mut head = 0;
    while head < queue.len() {
        let t = unpack(queue[head]);
        head += 1;
        let d = get2(&table, rank3(&t));
        let gap = t.iter().position(|&v| v == 0).unwrap();
        for c in neighbours(3, gap) {
            let mut u = t;
            u.swap(gap, c);
            let r = rank3(&u);
            if get2(&table, r) == 3 {
                set2(&mut table, r, (d + 1) % 3);
                queue.push(pack(&u));
            }
        }
    }
    table
}

/// Index of a 4×4 pattern: its tiles' cells, 4 bits each, tile k of the pattern at bits 4k.
#[inline]
pub fn index4(cells: &[u8; 5]) -> usize {
    cells.iter().enumerate().fold(0, |a, (k, &c)| a | (c as usize) << (4 * k))
}

/// The pattern database of `pattern`: breadth-first from the tiles at home, a move being
/// one of the five tiles sliding to a free neighbour cell (any cell no other pattern tile
/// holds: the other tiles and the gap are ignored).
pub fn build4(pattern: &[u8; 5]) -> Vec<u8> {
    let mut table = vec![0xFFu8; BYTES4];
    let mut home = [0u8; 5];
    for k in 0..5 {
        home[k] = pattern[k] - 1;
    }
    let start = index4(&home);
    set2(&mut table, start, 0);
    let mut queue: Vec<u32> = vec![start as u32];
    let mut head = 0;
    while head < queue.len() {
        let idx = queue[head] as usize;
        head += 1;
        let d = get2(&table, idx);
        let mut cells = [0u8; 5];
        let mut taken: u16 = 0;
        for (k, c) in cells.iter_mut().enumerate() {
            *c = (idx >> (4 * k) & 15) as u8;
            taken |= 1 << *c;
        }
        for k in 0..5 {
            for c in neighbours(4, cells[k] as usize) {
                if taken & (1 << c) != 0 {
                    continue;
                }
                let mut next = cells;
                next[k] = c as u8;
                let j = index4(&next);
                if get2(&table, j) == 3 {
                    set2(&mut table, j, (d + 1) % 3);
                    queue.push(j as u32);
                }
            }
        }
    }
    table
}

/// All three 4×4 databases, one after the other.
pub fn build4_all() -> Vec<u8> {
    let mut out = Vec::with_capacity(3 * BYTES4);
    for p in &PATTERNS4 {
        out.extend_from_slice(&build4(p));
    }
    out
}
