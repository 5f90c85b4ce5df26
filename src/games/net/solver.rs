//! Net's solver: how many ways can the tiles be turned so that every wire meets a wire, none
//! runs into a wall or barrier, and the network is one tree? It counts up to two solutions,
//! which is what the generator needs (exactly one) and gives Solve a solution.
//!
//! Each tile keeps the set of its orientations still possible (a straight piece has two
//! distinct ones, a cross one). Propagation removes an orientation when
//!
//! - it opens an edge the neighbour can no longer open (or a wall or barrier), or closes an
//!   edge the neighbour must open;
//! - it would open an edge between two tiles already joined through edges known to be open
//!   (a loop).
//!
//! A position is dead when a tile has no orientation left, or when a group of tiles joined
//! by known-open edges has no possible edge left out of it but is not the whole network.
//! When propagation stalls, the search picks the undecided tile with the fewest
//! orientations and tries each in turn.

use alloc::vec;
use alloc::vec::Vec;

/// Direction bits of a tile's wires.
pub const R: u8 = 1;
pub const U: u8 = 2;
pub const L: u8 = 4;
pub const D: u8 = 8;
pub const DIRS: [u8; 4] = [R, U, L, D];

/// The tile turned a quarter anticlockwise.
pub const fn rot_a(x: u8) -> u8 {
    ((x & 7) << 1) | ((x & 8) >> 3)
}
/// The tile turned a quarter clockwise.
pub const fn rot_c(x: u8) -> u8 {
    ((x & 0xE) >> 1) | ((x & 1) << 3)
}
/// The tile turned half round; also the opposite of a direction.
pub const fn rot_f(x: u8) -> u8 {
    ((x & 0xC) >> 2) | ((x & 3) << 2)
}

/// A puzzle to solve: tile shapes (any orientation), barriers (direction bits per tile, both
/// sides marked), and whether the edges of the grid wrap round.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub w: usize,
    pub h: usize,
    pub wrapping: bool,
    pub tiles: Vec<u8>,
    pub barriers: Vec<u8>,
}

impl Puzzle {
    /// The neighbour of tile `i` in direction `d`, if there is one (not across a wall of a
    /// non-wrapping grid).
    pub fn neighbour(&self, i: usize, d: u8) -> Option<usize> {
        neighbour(self.w, self.h, self.wrapping, i, d)
    }
}

/// The neighbour of tile `i` of a `w`×`h` grid in direction `d`.
pub fn neighbour(w: usize, h: usize, wrapping: bool, i: usize, d: u8) -> Option<usize> {
    let (x, y) = ((i % w) as isize, (i / w) as isize);
    let (dx, dy) = match d {
        R => (1, 0),
        U => (0, -1),
        L => (-1, 0),
        _ => (0, 1),
    };
    let (mut nx, mut ny) = (x + dx, y + dy);
    if wrapping {
        nx = nx.rem_euclid(w as isize);
        ny = ny.rem_euclid(h as isize);
    } else if nx < 0 || ny < 0 || nx >= w as isize || ny >= h as isize {
        return None;
    }
    Some(ny as usize * w + nx as usize)
}

/// Every tile's neighbours in the four directions, looked up instead of computed: the
/// computation divides by the width, which on the 68030 is a library call, and the search
/// asks millions of times.
struct Neighbours {
    /// Tile `i`'s neighbour in direction `DIRS[k]` at `4i + k`, [`Neighbours::NONE`] where
    /// there is a wall.
    table: Vec<u32>,
}

impl Neighbours {
    const NONE: u32 = u32::MAX;

    fn of(p: &Puzzle) -> Self {
        let n = p.w * p.h;
        let mut table = Vec::with_capacity(4 * n);
        for i in 0..n {
            for d in DIRS {
                table.push(p.neighbour(i, d).map_or(Self::NONE, |j| j as u32));
            }
        }
        Neighbours { table }
    }

    /// The neighbour of tile `i` in direction `d` (one of [`DIRS`]).
    fn get(&self, i: usize, d: u8) -> Option<usize> {
        let j = self.table[4 * i + d.trailing_zeros() as usize];
        (j != Self::NONE).then_some(j as usize)
    }
}

/// The answer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Solutions {
    None,
    /// Exactly one: the tiles as they must be turned.
    One(Vec<u8>),
    /// Two different ones (there may be more).
    Many(Vec<u8>, Vec<u8>),
    /// The search looked at its limit of positions without deciding.
    GaveUp,
}

/// What the search knows: per tile, the orientations still possible (tile values).
#[derive(Clone)]
struct Knowledge {
    options: Vec<[u8; 4]>,
    count: Vec<u8>,
}

impl Knowledge {
    fn options(&self, i: usize) -> &[u8] {
        &self.options[i][..self.count[i] as usize]
    }
    /// Directions open in every remaining orientation of tile `i`, and in some.
    fn always_sometimes(&self, i: usize) -> (u8, u8) {
        self.options(i).iter().fold((0xF, 0), |(a, o), &t| (a & t, o | t))
    }
}

struct Search<'a> {
    p: &'a Puzzle,
    nb: Neighbours,
    nodes: usize,
    limit: usize,
    found: Vec<Vec<u8>>,
}

/// Counts the solutions of `p` up to two, looking at no more than `node_limit` positions.
pub fn solve(p: &Puzzle, node_limit: usize) -> Solutions {
    let n = p.w * p.h;
    let mut k = Knowledge { options: vec![[0; 4]; n], count: vec![0; n] };
    for i in 0..n {
        let mut t = p.tiles[i] & 0xF;
        for _ in 0..4 {
            if !k.options(i).contains(&t) {
                let c = k.count[i] as usize;
                k.options[i][c] = t;
                k.count[i] += 1;
            }
            t = rot_a(t);
        }
    }
    let mut s = Search { p, nb: Neighbours::of(p), nodes: 0, limit: node_limit, found: Vec::new() };
    let complete = s.search(k);
    match (complete, s.found.len()) {
        (_, 2) => {
            let b = s.found.pop().unwrap_or_default();
            let a = s.found.pop().unwrap_or_default();
            Solutions::Many(a, b)
        }
        (false, _) => Solutions::GaveUp,
        (true, 1) => Solutions::One(s.found.pop().unwrap_or_default()),
        (true, _) => Solutions::None,
    }
}

impl Search<'_> {
    /// Explores `k`; false if the node limit stopped it before it could finish (or find two).
    fn search(&mut self, mut k: Knowledge) -> bool {
        self.nodes += 1;
        if self.nodes > self.limit {
            return false;
        }
        if !propagate(self.p, &self.nb, &mut k) {
            return true;
        }
        let n = k.count.len();
        let pick = (0..n).filter(|&i| k.count[i] > 1).min_by_key(|&i| k.count[i]);
        match pick {
            None => {
                let tiles: Vec<u8> = (0..n).map(|i| k.options[i][0]).collect();
                if is_one_network(self.p, &tiles) {
                    self.found.push(tiles);
                }
                true
            }
            Some(i) => {
                for j in 0..k.count[i] as usize {
                    let mut child = k.clone();
                    child.options[i][0] = k.options[i][j];
                    child.count[i] = 1;
                    if !self.search(child) {
                        return false;
                    }
                    if self.found.len() >= 2 {
                        return true;
                    }
                }
                true
            }
        }
    }
}

/// Removes impossible orientations until nothing changes; false on a contradiction.
fn propagate(p: &Puzzle, nbs: &Neighbours, k: &mut Knowledge) -> bool {
    let n = p.w * p.h;
    // Each tile's `always_sometimes`, kept up to date as its options go (asked for up to 16
    // times per tile and pass).
    let mut known: Vec<(u8, u8)> = (0..n).map(|i| k.always_sometimes(i)).collect();
    loop {
        let mut changed = false;
        // Groups joined by edges open in every remaining orientation on both sides.
        let mut group = Dsu::new(n);
        for i in 0..n {
            let (always, _) = known[i];
            for d in [R, D] {
                if always & d != 0
                    && let Some(j) = nbs.get(i, d)
                    && known[j].0 & rot_f(d) != 0
                {
                    if group.find(i) == group.find(j) {
                        return false;
                    }
                    group.union(i, j);
                }
            }
        }
        for i in 0..n {
            let before = k.count[i];
            let (always_i, _) = known[i];
            let mut kept = 0;
            for j in 0..before as usize {
                let t = k.options[i][j];
                let ok = DIRS.iter().all(|&d| {
                    let blocked = p.barriers[i] & d != 0;
                    match nbs.get(i, d) {
                        None => t & d == 0,
                        Some(nb) => {
                            let (a, s) = known[nb];
                            let f = rot_f(d);
                            if t & d != 0 {
                                // Open: the neighbour can open back, no barrier, and no loop
                                // unless this very edge is already known open.
                                !blocked
                                    && s & f != 0
                                    && (always_i & d != 0 && a & f != 0 || group.find(i) != group.find(nb))
                            } else {
                                a & f == 0
                            }
                        }
                    }
                });
                if ok {
                    k.options[i][kept] = t;
                    kept += 1;
                }
            }
            if kept == 0 {
                return false;
            }
            if kept != before as usize {
                k.count[i] = kept as u8;
                known[i] = k.always_sometimes(i);
                changed = true;
            }
        }
        if !changed {
            return !has_closed_group(p, nbs, k, &mut group);
        }
    }
}

/// Whether some group of tiles joined by known-open edges can no longer reach any tile
/// outside it and yet is not every wired tile.
fn has_closed_group(p: &Puzzle, nbs: &Neighbours, k: &Knowledge, group: &mut Dsu) -> bool {
    let n = p.w * p.h;
    let wired = (0..n).filter(|&i| p.tiles[i] & 0xF != 0).count();
    let mut escapes = vec![false; n];
    let mut size = vec![0usize; n];
    for i in 0..n {
        let g = group.find(i);
        if p.tiles[i] & 0xF != 0 {
            size[g] += 1;
        }
        let (_, sometimes) = k.always_sometimes(i);
        for d in DIRS {
            if sometimes & d != 0
                && let Some(j) = nbs.get(i, d)
                && group.find(j) != g
            {
                escapes[g] = true;
            }
        }
    }
    (0..n).any(|g| size[g] > 0 && size[g] < wired && !escapes[g])
}

/// Whether `tiles` (all decided) join into one network with every wire matched.
pub fn is_one_network(p: &Puzzle, tiles: &[u8]) -> bool {
    let n = tiles.len();
    let mut group = Dsu::new(n);
    for i in 0..n {
        for d in DIRS {
            let open = tiles[i] & d != 0;
            match p.neighbour(i, d) {
                None if open => return false,
                None => {}
                Some(j) => {
                    if open != (tiles[j] & rot_f(d) != 0) || (open && p.barriers[i] & d != 0) {
                        return false;
                    }
                    if open && (d == R || d == D) {
                        if group.find(i) == group.find(j) {
                            return false;
                        }
                        group.union(i, j);
                    }
                }
            }
        }
    }
    let mut wired = (0..n).filter(|&i| tiles[i] & 0xF != 0);
    match wired.next() {
        None => true,
        Some(first) => {
            let g = group.find(first);
            wired.all(|i| group.find(i) == g)
        }
    }
}

/// Disjoint sets with path halving.
pub struct Dsu {
    parent: Vec<usize>,
}

impl Dsu {
    pub fn new(n: usize) -> Self {
        Dsu { parent: (0..n).collect() }
    }
    pub fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }
    pub fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a] = b;
        }
    }
}
