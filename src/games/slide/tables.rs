//! The solvers' tables: how they are indexed, how they are computed, and where they live.
//! Nothing of them is in the program: each is computed the first time a solver needs it
//! ([`three`], [`four`]) into the heap, and kept (45,360 bytes for 3×3, 768 KiB for 4×4).
//! The computation allocates two frontier bitmaps besides the table and frees them again.
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
//! The breadth-first searches keep no queue (a queue of the 4×4 pattern's 524,160 positions
//! would take 2 MiB): the positions found at the last distance are bits of a frontier
//! bitmap, the ones found at the next distance bits of a second, and the two swap.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;
use core::ptr;
use core::sync::atomic::{AtomicPtr, Ordering};

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

/// A breadth-first search over `entries` indices kept as two frontier bitmaps: from
/// `start` (distance 0), `expand(index, visit)` calls `visit` with every neighbour; each
/// index reached for the first time gets its distance modulo 3 in the 2-bit `table`.
fn breadth_first(table: &mut [u8], entries: usize, start: usize, mut expand: impl FnMut(usize, &mut dyn FnMut(usize))) {
    let words = entries.div_ceil(32);
    let mut frontier = vec![0u32; words];
    let mut next = vec![0u32; words];
    set2(table, start, 0);
    frontier[start / 32] |= 1 << (start % 32);
    let mut d = 0u8;
    loop {
        let nd = (d + 1) % 3;
        let mut found = false;
        for w in 0..words {
            let mut bits = frontier[w];
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                expand(w * 32 + b, &mut |j| {
                    if get2(table, j) == 3 {
                        set2(table, j, nd);
                        next[j / 32] |= 1 << (j % 32);
                        found = true;
                    }
                });
            }
        }
        if !found {
            return;
        }
        core::mem::swap(&mut frontier, &mut next);
        next.fill(0);
        d = nd;
    }
}

/// The 3×3 table: breadth-first from the solved position.
pub fn build3() -> Vec<u8> {
    let mut table = vec![0xFFu8; BYTES3];
    let solved: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    breadth_first(&mut table, SIZE3, rank3(&solved), |r, visit| {
        let mut t = unrank3(r);
        let gap = r / 20_160;
        for c in neighbours(3, gap) {
            t.swap(gap, c);
            visit(rank3(&t));
            t.swap(gap, c);
        }
    });
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
    breadth_first(&mut table, ENTRIES4, index4(&home), |idx, visit| {
        let mut taken: u16 = 0;
        for k in 0..5 {
            taken |= 1 << (idx >> (4 * k) & 15);
        }
        for k in 0..5 {
            let sh = 4 * k;
            let c = idx >> sh & 15;
            let base = idx - (c << sh);
            let (x, y) = (c & 3, c >> 2);
            for (ok, to) in [(y > 0, c.wrapping_sub(4)), (x < 3, c + 1), (y < 3, c + 4), (x > 0, c.wrapping_sub(1))] {
                if ok && taken & (1 << to) == 0 {
                    visit(base + (to << sh));
                }
            }
        }
    });
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

/// Heap bytes the tables take once both are built.
pub const HEAP_BYTES: usize = BYTES3 + 3 * BYTES4;

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

static THREE: Lazy<Vec<u8>> = Lazy::new();
static FOUR: Lazy<Databases4> = Lazy::new();

/// The 3×3 table, computed on the first call.
pub fn three() -> &'static [u8] {
    THREE.get(build3)
}

/// The 4×4 databases, computed on the first call.
pub fn four() -> &'static Databases4 {
    FOUR.get(build4_all)
}

/// Whether [`three`] and [`four`] have been computed.
pub fn built() -> (bool, bool) {
    (THREE.is_built(), FOUR.is_built())
}
