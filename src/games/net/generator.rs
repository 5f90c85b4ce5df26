//! Net's generator (our own; the reference's grids are not reproduced for the same seed).
//!
//! 1. A random spanning tree of the grid (through the walls when wrapping), grown from the
//!    centre one random frontier edge at a time; a tile that reaches three wires stops
//!    growing, so there are no crosses (a cross has only one orientation, a free gift). As
//!    the reference's proof shows, this never leaves a tile unreachable.
//! 2. With "unique" asked for, the solver counts solutions; while it finds two, the tree is
//!    changed where they differ: a tree edge at a tile turned differently in the two is
//!    removed and the two halves joined again by another edge between them, drawn at random
//!    (no crosses again). After too many changes the tree is started afresh.
//! 3. Every tile is turned at random, again while the grid looks solved (no wire meeting a
//!    wall or a wireless neighbour) or shows a loop.
//! 4. Barriers go on a random choice of the edges the solution does not use.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::solver::{DIRS, Dsu, Puzzle, Solutions, neighbour, rot_a, rot_f, solve};
use crate::puzzle::random::RandomState;

/// Positions the solver may look at per uniqueness check.
pub const SOLVER_NODES: usize = 2_000;
/// Tree changes per tile before starting afresh.
const CHANGES_PER_TILE: usize = 4;

/// A generated puzzle: the shuffled tiles, the barriers (both sides marked) and the
/// solution.
pub struct Generated {
    pub tiles: Vec<u8>,
    pub barriers: Vec<u8>,
    pub solution: Vec<u8>,
}

/// Generates a `w`×`h` puzzle; `barrier_millionths` of the unused edges get barriers.
pub fn generate(
    w: usize,
    h: usize,
    wrapping: bool,
    unique: bool,
    barrier_millionths: u32,
    rs: &mut RandomState,
) -> Generated {
    let n = w * h;
    let solution = 'fresh: loop {
        let mut tree = spanning_tree(w, h, wrapping, rs);
        if !unique {
            break tree;
        }
        for _ in 0..CHANGES_PER_TILE * n {
            let p = Puzzle { w, h, wrapping, tiles: tree.clone(), barriers: vec![0; n] };
            match solve(&p, SOLVER_NODES) {
                Solutions::One(_) => break 'fresh tree,
                Solutions::Many(a, b) => {
                    let differ: Vec<usize> = (0..n).filter(|&i| a[i] != b[i]).collect();
                    let at = differ[rs.upto(differ.len() as u32) as usize];
                    rewire(&mut tree, w, h, wrapping, at, rs);
                }
                // A tree always has its own solution; a search that gave up counts as
                // ambiguous here: change something at random.
                Solutions::None | Solutions::GaveUp => {
                    let at = rs.upto(n as u32) as usize;
                    rewire(&mut tree, w, h, wrapping, at, rs);
                }
            }
        }
    };
    let tiles = shuffle(&solution, w, h, wrapping, rs);
    let barriers = place_barriers(&solution, w, h, wrapping, barrier_millionths, rs);
    Generated { tiles, barriers, solution }
}

/// Step 1: random frontier growth from the centre, at most three wires per tile (started
/// again in the case, which the reference proves impossible, of a tile left out).
fn spanning_tree(w: usize, h: usize, wrapping: bool, rs: &mut RandomState) -> Vec<u8> {
    loop {
        let (tiles, complete) = grow_tree(w, h, wrapping, rs);
        if complete {
            return tiles;
        }
    }
}

fn grow_tree(w: usize, h: usize, wrapping: bool, rs: &mut RandomState) -> (Vec<u8>, bool) {
    let n = w * h;
    let mut tiles = vec![0u8; n];
    let mut reached = vec![false; n];
    let start = (h / 2) * w + w / 2;
    reached[start] = true;
    let mut frontier: Vec<(usize, u8)> = Vec::new();
    let offer = |frontier: &mut Vec<(usize, u8)>, reached: &[bool], i: usize| {
        for d in DIRS {
            if let Some(j) = neighbour(w, h, wrapping, i, d)
                && !reached[j]
            {
                frontier.push((i, d));
            }
        }
    };
    offer(&mut frontier, &reached, start);
    while !frontier.is_empty() {
        let (i, d) = frontier.swap_remove(rs.upto(frontier.len() as u32) as usize);
        let Some(j) = neighbour(w, h, wrapping, i, d) else { continue };
        if reached[j] || tiles[i].count_ones() >= 3 {
            continue;
        }
        tiles[i] |= d;
        tiles[j] |= rot_f(d);
        reached[j] = true;
        offer(&mut frontier, &reached, j);
    }
    let complete = reached.iter().all(|&r| r);
    (tiles, complete)
}

/// Step 2: removes a random tree edge at tile `at` and reconnects the two halves by a
/// different random edge between them (keeping at most three wires per tile).
fn rewire(tree: &mut [u8], w: usize, h: usize, wrapping: bool, at: usize, rs: &mut RandomState) {
    let n = w * h;
    let wires: Vec<u8> = DIRS.iter().copied().filter(|&d| tree[at] & d != 0).collect();
    if wires.is_empty() {
        return;
    }
    let d = wires[rs.upto(wires.len() as u32) as usize];
    let Some(other) = neighbour(w, h, wrapping, at, d) else { return };
    tree[at] &= !d;
    tree[other] &= !rot_f(d);
    // The half containing `at`.
    let mut side = vec![false; n];
    let mut stack = vec![at];
    side[at] = true;
    while let Some(i) = stack.pop() {
        for e in DIRS {
            if tree[i] & e != 0
                && let Some(j) = neighbour(w, h, wrapping, i, e)
                && !side[j]
            {
                side[j] = true;
                stack.push(j);
            }
        }
    }
    let mut bridges: Vec<(usize, u8)> = Vec::new();
    for i in (0..n).filter(|&i| side[i]) {
        for e in DIRS {
            if let Some(j) = neighbour(w, h, wrapping, i, e)
                && !side[j]
                && (i, e) != (at, d)
                && tree[i].count_ones() < 3
                && tree[j].count_ones() < 3
            {
                bridges.push((i, e));
            }
        }
    }
    let (i, e) = if bridges.is_empty() { (at, d) } else { bridges[rs.upto(bridges.len() as u32) as usize] };
    if let Some(j) = neighbour(w, h, wrapping, i, e) {
        tree[i] |= e;
        tree[j] |= rot_f(e);
    }
}

/// Step 3: every tile turned at random; again while it looks solved or shows a loop.
fn shuffle(solution: &[u8], w: usize, h: usize, wrapping: bool, rs: &mut RandomState) -> Vec<u8> {
    let n = w * h;
    loop {
        let tiles: Vec<u8> = solution
            .iter()
            .map(|&t| {
                let mut t = t;
                for _ in 0..rs.upto(4) {
                    t = rot_a(t);
                }
                t
            })
            .collect();
        let mismatched = (0..n).any(|i| {
            DIRS.iter().any(|&d| match neighbour(w, h, wrapping, i, d) {
                None => tiles[i] & d != 0,
                Some(j) => (tiles[i] & d != 0) != (tiles[j] & rot_f(d) != 0),
            })
        });
        if mismatched && !has_loop(&tiles, w, h, wrapping) {
            return tiles;
        }
    }
}

/// Whether the wires joined on both sides form a cycle.
pub fn has_loop(tiles: &[u8], w: usize, h: usize, wrapping: bool) -> bool {
    let mut dsu = Dsu::new(w * h);
    for i in 0..w * h {
        for d in [super::solver::R, super::solver::D] {
            if tiles[i] & d != 0
                && let Some(j) = neighbour(w, h, wrapping, i, d)
                && tiles[j] & rot_f(d) != 0
            {
                if dsu.find(i) == dsu.find(j) {
                    return true;
                }
                dsu.union(i, j);
            }
        }
    }
    false
}

/// Step 4: barriers on `millionths` of the edges the solution leaves unused (rounded down),
/// chosen one at a time from what is left.
fn place_barriers(
    solution: &[u8],
    w: usize,
    h: usize,
    wrapping: bool,
    millionths: u32,
    rs: &mut RandomState,
) -> Vec<u8> {
    let n = w * h;
    let mut free: Vec<(usize, u8)> = Vec::new();
    for i in 0..n {
        for d in [super::solver::R, super::solver::D] {
            if solution[i] & d == 0 && neighbour(w, h, wrapping, i, d).is_some() {
                free.push((i, d));
            }
        }
    }
    let count = (free.len() as u64 * millionths as u64 / 1_000_000) as usize;
    let mut barriers = vec![0u8; n];
    for _ in 0..count {
        let (i, d) = free.swap_remove(rs.upto(free.len() as u32) as usize);
        if let Some(j) = neighbour(w, h, wrapping, i, d) {
            barriers[i] |= d;
            barriers[j] |= rot_f(d);
        }
    }
    barriers
}

/// The solution as the reference's aux string: one hex digit per tile.
pub fn encode_solution(solution: &[u8]) -> String {
    solution.iter().map(|&t| char::from_digit((t & 0xF) as u32, 16).unwrap_or('0')).collect()
}
