//! Same Game's soluble generator (our own; the reference's grids are not reproduced): a game
//! played backwards. Starting from the empty grid it repeatedly inserts a domino of a fresh
//! colour where removing it again would give back the grid before, until the grid is full.
//! Played forwards, removing the dominoes in the reverse order of their insertion clears
//! the grid, so every grid it makes can be cleared.
//!
//! The grid is kept as columns of squares stacked from the bottom, packed to the left, as
//! gravity leaves them. An insertion puts
//!
//! - two squares into one column at some height (the squares above move up),
//! - one square into each of two neighbouring columns at the same height,
//! - a new column holding two squares, or one square beside a square inserted into a
//!   neighbouring column, or two new columns of one square each,
//!
//! and gets a colour none of its new neighbours has, so that in the forward game the domino
//! is a group on its own. On an odd area the first insertion is a tromino. Candidates are
//! tried in random order; one that would leave a run of neighbouring unfilled columns whose
//! free squares cannot be paired any more (an odd count, with no spare column of odd height
//! to fix it) is skipped; the grid grows level (see [`attempt`]), and if nothing fits,
//! generation starts over.

use alloc::vec;
use alloc::vec::Vec;

use crate::puzzle::random::RandomState;

/// One way to insert.
#[derive(Clone, Copy, Debug)]
enum Insertion {
    /// Two squares into column `x` at height `r`.
    Vertical { x: usize, r: usize },
    /// One square into columns `x` and `x + 1` at height `r`.
    Horizontal { x: usize, r: usize },
    /// A new column at index `x` holding two squares.
    NewColumn { x: usize },
    /// A new column at index `x` with one square, and one square at the bottom of the
    /// neighbouring column (the one left of it if `left`, else right).
    NewColumnBeside { x: usize, left: bool },
    /// Two new columns at indices `x` and `x + 1`, one square each.
    TwoNewColumns { x: usize },
}

/// A square not yet coloured.
const NEW: u8 = 0xFF;

/// A grid the player can clear, `w`×`h` (area at least 2), colours `1..=ncols` (at least 3),
/// row by row.
pub fn soluble_grid(w: usize, h: usize, ncols: u8, rs: &mut RandomState) -> Vec<u8> {
    loop {
        if let Some(columns) = attempt(w, h, ncols, rs) {
            let mut grid = vec![0u8; w * h];
            for (x, col) in columns.iter().enumerate() {
                for (k, &c) in col.iter().enumerate() {
                    grid[(h - 1 - k) * w + x] = c;
                }
            }
            return grid;
        }
    }
}

/// One try at filling the grid, or `None` if it got stuck. The candidates are tried in
/// random order among those that keep the skyline flattest (the sum of the height
/// differences of neighbouring columns): a short column between tall ones is a well whose
/// squares touch too many colours to be filled, and levelled growth avoids making them.
fn attempt(w: usize, h: usize, ncols: u8, rs: &mut RandomState) -> Option<Vec<Vec<u8>>> {
    let mut columns: Vec<Vec<u8>> = Vec::with_capacity(w);
    let mut filled = 0;
    if (w * h) % 2 == 1 {
        let c = 1 + rs.upto(ncols as u32) as u8;
        if h >= 3 {
            columns.push(vec![c; 3]);
        } else {
            columns.extend([vec![c], vec![c], vec![c]]);
        }
        filled = 3;
    }
    // Work space kept from one insertion to the next (nothing is allocated per candidate).
    let mut candidates = Vec::new();
    let mut ranked: Vec<(usize, Insertion)> = Vec::new();
    let mut heights: Vec<usize> = Vec::with_capacity(w);
    let mut scratch: Vec<usize> = Vec::with_capacity(w + 2);
    let mut next: Vec<Vec<u8>> = Vec::with_capacity(w);
    while filled < w * h {
        list_insertions(&columns, w, h, &mut candidates);
        rs.shuffle(&mut candidates);
        heights.clear();
        heights.extend(columns.iter().map(Vec::len));
        ranked.clear();
        ranked.extend(candidates.iter().map(|&ins| (roughness_after(&heights, ins, &mut scratch), ins)));
        // The candidates by roughness, the shuffled order breaking ties (a stable sort), one
        // roughness at a time from the smallest: usually the first fits.
        let mut placed = false;
        let mut above = None;
        while !placed {
            let Some(key) = ranked.iter().map(|r| r.0).filter(|&k| above.is_none_or(|a| k > a)).min() else {
                break;
            };
            above = Some(key);
            for &(_, ins) in ranked.iter().filter(|r| r.0 == key) {
                let Some(allowed) = allowed_colours(&columns, ins, w, h, ncols, &mut next) else { continue };
                // The k-th allowed colour, k drawn among as many as there are.
                let k = rs.upto(allowed.count_ones()) as usize;
                let c = (1..=ncols).filter(|c| allowed & (1 << c) != 0).nth(k).expect("k < allowed colours");
                apply(&mut columns, ins);
                for col in columns.iter_mut() {
                    for s in col.iter_mut() {
                        if *s == NEW {
                            *s = c;
                        }
                    }
                }
                filled += 2;
                placed = true;
                break;
            }
        }
        if !placed {
            return None;
        }
    }
    Some(columns)
}

/// The sum of the height differences of neighbouring columns after `ins` (`h`: work space).
fn roughness_after(heights: &[usize], ins: Insertion, h: &mut Vec<usize>) -> usize {
    h.clear();
    h.extend_from_slice(heights);
    match ins {
        Insertion::Vertical { x, .. } => h[x] += 2,
        Insertion::Horizontal { x, .. } => {
            h[x] += 1;
            h[x + 1] += 1;
        }
        Insertion::NewColumn { x } => h.insert(x, 2),
        Insertion::NewColumnBeside { x, left } => {
            h.insert(x, 1);
            h[if left { x - 1 } else { x + 1 }] += 1;
        }
        Insertion::TwoNewColumns { x } => {
            h.insert(x, 1);
            h.insert(x, 1);
        }
    }
    h.windows(2).map(|p| p[0].abs_diff(p[1])).sum()
}

/// The colours (bit set) `ins` could take: none of its new neighbours', and only if the free
/// squares stay pairable; `None` if there are none. `next`: work space.
fn allowed_colours(
    columns: &[Vec<u8>],
    ins: Insertion,
    w: usize,
    h: usize,
    ncols: u8,
    next: &mut Vec<Vec<u8>>,
) -> Option<u32> {
    // A copy of `columns` in `next`, reusing its columns' space.
    next.truncate(columns.len());
    for (n, c) in next.iter_mut().zip(columns) {
        n.clear();
        n.extend_from_slice(c);
    }
    let have = next.len();
    next.extend(columns[have..].iter().cloned());
    apply(next, ins);
    if !pairable(next, w, h) {
        return None;
    }
    let forbidden = neighbour_colours(next);
    let allowed = (1..=ncols).filter(|c| forbidden & (1 << c) == 0).fold(0u32, |m, c| m | 1 << c);
    (allowed != 0).then_some(allowed)
}

fn list_insertions(columns: &[Vec<u8>], w: usize, h: usize, out: &mut Vec<Insertion>) {
    out.clear();
    let n = columns.len();
    for (x, col) in columns.iter().enumerate() {
        if col.len() + 2 <= h {
            out.extend((0..=col.len()).map(|r| Insertion::Vertical { x, r }));
        }
        if x + 1 < n && col.len() < h && columns[x + 1].len() < h {
            out.extend((0..=col.len().min(columns[x + 1].len())).map(|r| Insertion::Horizontal { x, r }));
        }
    }
    if n < w {
        for x in 0..=n {
            if h >= 2 {
                out.push(Insertion::NewColumn { x });
            }
            if x > 0 && columns[x - 1].len() < h {
                out.push(Insertion::NewColumnBeside { x, left: true });
            }
            if x < n && columns[x].len() < h {
                out.push(Insertion::NewColumnBeside { x, left: false });
            }
            if n + 2 <= w {
                out.push(Insertion::TwoNewColumns { x });
            }
        }
    }
}

fn apply(columns: &mut Vec<Vec<u8>>, ins: Insertion) {
    match ins {
        Insertion::Vertical { x, r } => {
            columns[x].insert(r, NEW);
            columns[x].insert(r, NEW);
        }
        Insertion::Horizontal { x, r } => {
            columns[x].insert(r, NEW);
            columns[x + 1].insert(r, NEW);
        }
        Insertion::NewColumn { x } => columns.insert(x, vec![NEW, NEW]),
        Insertion::NewColumnBeside { x, left } => {
            columns.insert(x, vec![NEW]);
            let other = if left { x - 1 } else { x + 1 };
            columns[other].insert(0, NEW);
        }
        Insertion::TwoNewColumns { x } => {
            columns.insert(x, vec![NEW]);
            columns.insert(x, vec![NEW]);
        }
    }
}

/// The colours (as a bit set, bit c for colour c) of the squares touching the new ones.
fn neighbour_colours(columns: &[Vec<u8>]) -> u32 {
    let at = |x: isize, k: isize| -> u8 {
        if x < 0 || k < 0 {
            return 0;
        }
        columns.get(x as usize).and_then(|c| c.get(k as usize)).copied().unwrap_or(0)
    };
    let mut set = 0u32;
    for (x, col) in columns.iter().enumerate() {
        for (k, &s) in col.iter().enumerate() {
            if s != NEW {
                continue;
            }
            let (x, k) = (x as isize, k as isize);
            for n in [at(x - 1, k), at(x + 1, k), at(x, k - 1), at(x, k + 1)] {
                if n != 0 && n != NEW {
                    set |= 1 << n;
                }
            }
        }
    }
    set
}

/// Whether the free squares can still all be filled by dominoes: each run of neighbouring
/// unfilled columns must have an even number of free squares, except as many runs as there
/// are columns still to come when the height is odd (a new column beside a run changes its
/// parity).
fn pairable(columns: &[Vec<u8>], w: usize, h: usize) -> bool {
    let spare = if h % 2 == 1 { w - columns.len() } else { 0 };
    let mut odd_runs = 0;
    let mut run = 0;
    for col in columns {
        if col.len() == h {
            odd_runs += run % 2;
            run = 0;
        } else {
            run += h - col.len();
        }
    }
    odd_runs += run % 2;
    odd_runs <= spare
}
