//! The 3×3 table's computation, on the host only: the program carries the table it gives
//! (`tables/table3.bin`, [`super::three`]), and `optimal3::tests` checks the two are the same.

use alloc::vec;
use alloc::vec::Vec;

use super::{BYTES3, mark2};

/// The weights of the rank's six digits: digit k (how many of the tiles not placed yet are
/// smaller than the k-th) counts (7 − k)! / 2 ranks.
const WEIGHTS3: [u16; 6] = [2520, 360, 60, 12, 3, 1];

/// A 3×3 arrangement for the table's computation, in one word: the gap's cell in bits 24–27
/// and the eight tiles in cell order, the gap skipped, 3 bits each (tile − 1), the first at
/// bits 21–23. Its rank is two look-ups ([`RankHalves`]).
pub type Packed3 = u32;

/// [`rank3`] of a [`Packed3`] in two look-ups: the part of the first six digits that the
/// first four tiles decide (`first[bits 12–23]`), and the two digits of tiles five and six
/// among the last four (`last[bits 0–11]`). Digit k depends only on the tiles after the
/// k-th, so the first four digits depend only on the first four tiles, the others only on
/// the last four. Indices that repeat a tile are never used (0).
pub struct RankHalves {
    first: Vec<u32>,
    last: Vec<u32>,
}

impl RankHalves {
    pub fn new() -> Self {
        let mut first = vec![0u32; 4096];
        let mut last = vec![0u32; 4096];
        for v in 0..4096usize {
            let t: [usize; 4] = core::array::from_fn(|i| v >> (9 - 3 * i) & 7);
            let mut used = 0u32;
            let mut r = 0u16;
            for (i, &x) in t.iter().enumerate() {
                r += (!used & ((1 << x) - 1)).count_ones() as u16 * WEIGHTS3[i];
                used |= 1 << x;
            }
            first[v] = r as u32;
            let later_smaller = |i: usize| t[i + 1..].iter().filter(|&&y| y < t[i]).count() as u16;
            last[v] = (later_smaller(0) * WEIGHTS3[4] + later_smaller(1) * WEIGHTS3[5]) as u32;
        }
        RankHalves { first, last }
    }

    #[inline(always)]
    pub fn rank(&self, s: Packed3) -> usize {
        (s >> 24) as usize * 20_160
            + self.first[(s >> 12 & 0xFFF) as usize] as usize
            + self.last[(s & 0xFFF) as usize] as usize
    }
}

/// The 3×3 arrangement `tiles` (solvable, 0 the gap) as a [`Packed3`].
pub fn pack3(tiles: &[u8; 9]) -> Packed3 {
    let mut s = 0u32;
    let mut gap = 0;
    for (c, &t) in tiles.iter().enumerate() {
        if t == 0 {
            gap = c as u32;
        } else {
            s = s << 3 | (t as u32 - 1);
        }
    }
    gap << 24 | s
}

/// The most positions at one distance of the 3×3 breadth-first search (24,047 at 24 moves;
/// [`level3`] asserts it).
const MAX_LEVEL3: usize = 24_047;

/// One level of the 3×3 breadth-first search: every neighbour of a position of `frontier`
/// whose entry has no distance yet gets residue `nd` and is appended to `next` (which has
/// room for [`MAX_LEVEL3`]). The gap moving left or right keeps the tiles' order: the rank
/// changes by 20,160. Moving up or down it takes a tile past two others: three tiles of the
/// order rotate, and the rank is two look-ups again.
fn level3(table: &mut [u8], frontier: &[Packed3], next: &mut Vec<Packed3>, halves: &RankHalves, nd: u8) {
    next.clear();
    for &s in frontier {
        let gap = s >> 24;
        let r = halves.rank(s);
        let (x, y) = (gap % 3, gap / 3);
        if x > 0 && mark2(table, r - 20_160, nd) {
            next.push(s - (1 << 24));
        }
        if x < 2 && mark2(table, r + 20_160, nd) {
            next.push(s + (1 << 24));
        }
        if y > 0 {
            // Tiles at order positions gap−3.. (cells gap−3, gap−2, gap−1): a b c → b c a.
            let sh = 3 * (8 - gap);
            let f = s >> sh & 0x1FF;
            let t = (s & !(0x1FF << sh)) | ((f << 3 & 0x1F8) | f >> 6) << sh;
            let t = t - (3 << 24);
            if mark2(table, halves.rank(t), nd) {
                next.push(t);
            }
        }
        if y < 2 {
            // Tiles at order positions gap.. (cells gap+1, gap+2, gap+3): a b c → c a b.
            let sh = 3 * (5 - gap);
            let f = s >> sh & 0x1FF;
            let t = (s & !(0x1FF << sh)) | (f >> 3 | (f & 7) << 6) << sh;
            let t = t + (3 << 24);
            if mark2(table, halves.rank(t), nd) {
                next.push(t);
            }
        }
    }
    assert!(next.len() <= MAX_LEVEL3);
}

/// The 3×3 table: breadth-first from the solved position, one distance at a time
/// ([`level3`]), each distance's positions kept as a list of [`Packed3`] words (two lists
/// of [`MAX_LEVEL3`] words, 192,376 bytes, and the rank's halves, 32 KiB, while it runs).
pub fn build3() -> Vec<u8> {
    let halves = RankHalves::new();
    let mut table = vec![0xFFu8; BYTES3];
    let solved = pack3(&[1, 2, 3, 4, 5, 6, 7, 8, 0]);
    mark2(&mut table, halves.rank(solved), 0);
    let mut frontier: Vec<Packed3> = Vec::with_capacity(MAX_LEVEL3);
    frontier.push(solved);
    let mut next: Vec<Packed3> = Vec::with_capacity(MAX_LEVEL3);
    let mut d = 0u8;
    while !frontier.is_empty() {
        let nd = if d == 2 { 0 } else { d + 1 };
        level3(&mut table, &frontier, &mut next, &halves, nd);
        core::mem::swap(&mut frontier, &mut next);
        d = nd;
    }
    table
}
