//! The solvers' tables: how they are indexed, how they are computed, and where they live.
//!
//! - The 3×3 table (45,360 bytes) is in the program ([`three`], `tables/table3.bin`): computed on
//!   the host by [`build3`] and checked there against it (`optimal3::tests`), so a first
//!   3×3 Solve on the Falcon answers at once instead of computing it for 4.4 s (71 M cycles
//!   of the 68030 with the assembly it had, docs/slide.md). The game only ever asks for this
//!   table.
//! - The 4×4 databases (768 KiB) are computed the first time a solver needs them ([`four`])
//!   into the heap, and kept; the computation allocates its frontier bitmaps besides them
//!   and frees them again. Only the host's tests and the benchmarks build them.
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
//!
//! The breadth-first searches go one distance at a time. The 3×3 one (host only) keeps each
//! distance's positions as a list of packed words (at most 24,047). The 4×4 ones, each level
//! in 68030 assembly on the Falcon (`level4.s`) and in the portable Rust it follows on the
//! host, keep no queue (a queue of a pattern's 524,160 positions would take 2 MiB): the
//! positions found at the last distance are bits of a frontier bitmap, the ones found at
//! the next distance bits of a second, and the two swap.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;
use core::ptr;
use core::sync::atomic::{AtomicPtr, Ordering};

#[cfg(not(target_arch = "m68k"))]
mod build3;
#[cfg(not(target_arch = "m68k"))]
pub use build3::build3;
#[cfg(test)]
pub(crate) use build3::{RankHalves, pack3};

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

/// Entry `i` of a 2-bit table: bits 2i and 2i + 1 counted from the most significant bit of
/// byte 0 (the 68030's bit-field order, which `level4.s` addresses directly).
#[inline]
pub fn get2(t: &[u8], i: usize) -> u8 {
    (t[i >> 2] >> (6 - (i & 3) * 2)) & 3
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

/// The 3×3 arrangement of rank `r` ([`rank3`]'s inverse).
pub fn unrank3(r: usize) -> [u8; 9] {
    let gap = r / 20_160;
    let mut q = r % 20_160;
    let mut digits = [0usize; 6];
    for k in (0..6).rev() {
        let base = 8 - k;
        digits[k] = q % base;
        q /= base;
    }
    let mut seq = [0u8; 8];
    let mut used: u16 = 0;
    for (k, &d) in digits.iter().enumerate() {
        // The d-th smallest tile not used yet.
        let mut left = d;
        let mut t = 1u8;
        loop {
            if used & (1 << t) == 0 {
                if left == 0 {
                    break;
                }
                left -= 1;
            }
            t += 1;
        }
        seq[k] = t;
        used |= 1 << t;
    }
    let mut rest = (1..=8u8).filter(|&t| used & (1 << t) == 0);
    seq[6] = rest.next().unwrap_or(0);
    seq[7] = rest.next().unwrap_or(0);
    let mut inversions = 0;
    for i in 0..8 {
        for j in i + 1..8 {
            inversions += (seq[i] > seq[j]) as u32;
        }
    }
    if inversions % 2 == 1 {
        seq.swap(6, 7);
    }
    let mut tiles = [0u8; 9];
    let mut k = 0;
    for (c, t) in tiles.iter_mut().enumerate() {
        if c != gap {
            *t = seq[k];
            k += 1;
        }
    }
    tiles
}

/// Marks 2-bit entry `i` of `table` with distance residue `nd` if it has none yet (3);
/// true when it did not.
#[inline(always)]
fn mark2(table: &mut [u8], i: usize, nd: u8) -> bool {
    let s = 6 - (i & 3) * 2;
    let byte = &mut table[i >> 2];
    if (*byte >> s) & 3 == 3 {
        *byte ^= (3 ^ nd) << s;
        true
    } else {
        false
    }
}

/// Index of a 4×4 pattern: its tiles' cells, 4 bits each, tile k of the pattern at bits 4k.
#[inline]
pub fn index4(cells: &[u8; 5]) -> usize {
    cells.iter().enumerate().fold(0, |a, (k, &c)| a | (c as usize) << (4 * k))
}

/// No cell: the end of a row of [`NEIGHBOURS4`].
pub const NO_CELL: u8 = 0xFF;

/// The cells next to each 4×4 cell, in the order up, right, down, left, then [`NO_CELL`].
pub const NEIGHBOURS4: [[u8; 4]; 16] = {
    let mut t = [[NO_CELL; 4]; 16];
    let mut c = 0;
    while c < 16 {
        let (x, y) = (c % 4, c / 4);
        let mut k = 0;
        if y > 0 {
            t[c][k] = (c - 4) as u8;
            k += 1;
        }
        if x < 3 {
            t[c][k] = (c + 1) as u8;
            k += 1;
        }
        if y < 3 {
            t[c][k] = (c + 4) as u8;
            k += 1;
        }
        if x > 0 {
            t[c][k] = (c - 1) as u8;
        }
        c += 1;
    }
    t
};

/// Words of a frontier bitmap over one pattern database's indices.
const WORDS4: usize = ENTRIES4 / 32;

/// One level of a 4×4 pattern database's breadth-first search: for every index of
/// `frontier` (cleared word by word as it is read), every index one move of one tile away
/// (to a cell none of the pattern's five tiles holds) whose entry has no distance yet gets
/// residue `nd` and its bit in `next`. Returns how many did. A frontier bitmap holds index j
/// at bit 31 − (j mod 32) of word j / 32 (on the 68030: bit-field offset j).
#[cfg(all(target_arch = "m68k", feature = "target"))]
fn level4(table: &mut [u8; BYTES4], frontier: &mut [u32; WORDS4], next: &mut [u32; WORDS4], nd: u8) -> u32 {
    unsafe extern "C" {
        /// src/games/slide/level4.s: this function's portable version, in 68030 assembly.
        fn slide_level4(table: *mut u8, frontier: *mut u32, next: *mut u32, nd: u32) -> u32;
    }
    // SAFETY: the three arrays have the sizes level4.s walks (BYTES4, WORDS4, WORDS4 entries),
    // and the indices it forms are 20 bits by construction.
    unsafe { slide_level4(table.as_mut_ptr(), frontier.as_mut_ptr(), next.as_mut_ptr(), nd as u32) }
}

/// [`level4`] in portable Rust (the host's; `level4.s` follows it step by step).
#[cfg(not(all(target_arch = "m68k", feature = "target")))]
fn level4(table: &mut [u8; BYTES4], frontier: &mut [u32; WORDS4], next: &mut [u32; WORDS4], nd: u8) -> u32 {
    let mut found = 0;
    for w in 0..WORDS4 {
        let mut bits = frontier[w];
        if bits == 0 {
            continue;
        }
        frontier[w] = 0;
        while bits != 0 {
            let o = bits.leading_zeros();
            bits &= !(0x8000_0000 >> o);
            let j = w as u32 * 32 + o;
            let cells: [u32; 5] = core::array::from_fn(|k| j >> (4 * k) & 15);
            let taken = cells.iter().fold(0u32, |m, &c| m | 1 << c);
            for (k, &c) in cells.iter().enumerate() {
                let sh = 4 * k as u32;
                let base = j & !(15 << sh);
                for &n in NEIGHBOURS4[c as usize].iter().take_while(|&&n| n != NO_CELL) {
                    if taken & (1 << n) == 0 {
                        let i = (base | (n as u32) << sh) & (ENTRIES4 as u32 - 1);
                        if mark2(table, i as usize, nd) {
                            next[(i >> 5) as usize] |= 0x8000_0000 >> (i & 31);
                            found += 1;
                        }
                    }
                }
            }
        }
    }
    found
}

/// The pattern database of `pattern`: breadth-first from the tiles at home, a move being
/// one of the five tiles sliding to a free neighbour cell (any cell no other pattern tile
/// holds: the other tiles and the gap are ignored), one level at a time ([`level4`]). The
/// positions at the last distance are the bits of one frontier bitmap, those at the next
/// the bits of the other; a level clears the first as it reads it, so the two swap with
/// nothing to clear.
pub fn build4(pattern: &[u8; 5]) -> Vec<u8> {
    let mut table = vec![0xFFu8; BYTES4];
    let mut frontier = vec![0u32; WORDS4];
    let mut next = vec![0u32; WORDS4];
    {
        let table: &mut [u8; BYTES4] = (&mut table[..]).try_into().unwrap_or_else(|_| unreachable!());
        let mut cur: &mut [u32; WORDS4] = (&mut frontier[..]).try_into().unwrap_or_else(|_| unreachable!());
        let mut nxt: &mut [u32; WORDS4] = (&mut next[..]).try_into().unwrap_or_else(|_| unreachable!());
        let home: [u8; 5] = core::array::from_fn(|k| pattern[k] - 1);
        let start = index4(&home) as u32;
        mark2(table, start as usize, 0);
        cur[(start >> 5) as usize] |= 0x8000_0000 >> (start & 31);
        let mut d = 0u8;
        loop {
            let nd = if d == 2 { 0 } else { d + 1 };
            if level4(table, cur, nxt, nd) == 0 {
                break;
            }
            core::mem::swap(&mut cur, &mut nxt);
            d = nd;
        }
    }
    table
}

/// The 4×4 databases, one per pattern of [`PATTERNS4`].
pub struct Databases4 {
    pub tables: [Vec<u8>; 3],
}

/// All three 4×4 databases.
pub fn build4_all() -> Databases4 {
    Databases4 { tables: [build4(&PATTERNS4[0]), build4(&PATTERNS4[1]), build4(&PATTERNS4[2])] }
}

/// Heap bytes the 4×4 databases take once built.
pub const HEAP_BYTES: usize = 3 * BYTES4;

/// A table built once and kept for the rest of the program. The program runs on one
/// thread and no interrupt uses the tables; the host's tests run on several threads, where
/// a table two of them built at once is kept once and the other copy freed.
struct Lazy<T>(AtomicPtr<T>);

impl<T> Lazy<T> {
    const fn new() -> Self {
        Lazy(AtomicPtr::new(ptr::null_mut()))
    }

    fn get(&self, build: impl FnOnce() -> T) -> &T {
        let p = self.0.load(Ordering::Acquire);
        if !p.is_null() {
            // SAFETY: a non-null pointer came from Box::into_raw below and is never freed.
            return unsafe { &*p };
        }
        let fresh = Box::into_raw(Box::new(build()));
        #[cfg(target_arch = "m68k")]
        {
            self.0.store(fresh, Ordering::Release);
            // SAFETY: just made, kept for ever.
            unsafe { &*fresh }
        }
        #[cfg(not(target_arch = "m68k"))]
        match self.0.compare_exchange(ptr::null_mut(), fresh, Ordering::AcqRel, Ordering::Acquire) {
            // SAFETY: just made, kept for ever.
            Ok(_) => unsafe { &*fresh },
            Err(other) => {
                // SAFETY: `fresh` was never shared; `other` is kept for ever.
                drop(unsafe { Box::from_raw(fresh) });
                unsafe { &*other }
            }
        }
    }

    fn is_built(&self) -> bool {
        !self.0.load(Ordering::Acquire).is_null()
    }
}

/// The 3×3 table, as [`build3`] computes it on the host.
static THREE: [u8; BYTES3] = *include_bytes!("tables/table3.bin");

/// The Adler-32 of [`THREE`] (`picture::png::adler32`), checked on the host and the 68030
/// so that a program whose table was damaged on the way is told apart.
pub const THREE_ADLER32: u32 = 0xA3DF_D043;

static FOUR: Lazy<Databases4> = Lazy::new();

/// The 3×3 table.
pub fn three() -> &'static [u8] {
    &THREE
}

/// The 4×4 databases, computed on the first call.
pub fn four() -> &'static Databases4 {
    FOUR.get(build4_all)
}

/// Whether [`four`] has computed the databases.
pub fn four_built() -> bool {
    FOUR.is_built()
}
