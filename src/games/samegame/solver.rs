//! Same Game solver: finds an order of removals that clears a grid, by depth-first search.
//! Independent of the generator (it knows nothing of how a grid was made), so the tests use
//! it to check the generator's promise.
//!
//! Pruning: a colour with exactly one square left can never be removed, so such a grid is
//! dead; grids whose every continuation was found dead are remembered as dead. Removals are
//! tried best first: fewest squares left without a neighbour of their own colour afterwards
//! (such squares still need something else to move). Search times are heavy-tailed, so the
//! search restarts with a doubled budget and its ties broken by a different random draw,
//! keeping what it learnt about dead grids, until the total budget is spent.

use alloc::collections::BTreeSet;
use alloc::vec;
use alloc::vec::Vec;

use super::{group_at, settle};
use crate::puzzle::random::RandomState;

/// The outcome of a search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The groups to remove, in order (square indices at the time of each removal).
    Cleared(Vec<Vec<usize>>),
    /// No order of removals clears the grid.
    Impossible,
    /// The search gave up after `node_limit` grids.
    GaveUp,
}

struct Search {
    w: usize,
    h: usize,
    dead: BTreeSet<Vec<u8>>,
    nodes: usize,
    node_limit: usize,
    rs: RandomState,
}

/// Budget of the first pass; each restart doubles it.
const FIRST_PASS_NODES: usize = 5_000;

/// Searches for a way to clear `tiles` (`w`×`h`, 0 = empty), looking at no more than
/// `node_limit` grids in all.
pub fn clear(w: usize, h: usize, tiles: &[u8], node_limit: usize) -> Outcome {
    let mut s = Search { w, h, dead: BTreeSet::new(), nodes: 0, node_limit: 0, rs: RandomState::new(tiles) };
    let mut spent = 0;
    let mut pass = FIRST_PASS_NODES;
    loop {
        let budget = pass.min(node_limit - spent);
        s.nodes = 0;
        s.node_limit = budget;
        let mut path = Vec::new();
        match s.dfs(tiles.to_vec(), &mut path) {
            Some(true) => return Outcome::Cleared(path),
            Some(false) => return Outcome::Impossible,
            None => {}
        }
        spent += budget;
        if spent >= node_limit {
            return Outcome::GaveUp;
        }
        pass *= 2;
    }
}

/// The groups of two or more squares, smallest first (ties in order of their first square).
pub fn groups(w: usize, h: usize, tiles: &[u8]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; tiles.len()];
    let mut out = Vec::new();
    for i in 0..tiles.len() {
        if tiles[i] == 0 || seen[i] {
            continue;
        }
        let g = group_at(w, h, tiles, i);
        for &j in &g {
            seen[j] = true;
        }
        if g.len() > 1 {
            out.push(g);
        }
    }
    // Stable insertion sort by size (core's sort would pull in abort on the 68030).
    for i in 1..out.len() {
        let mut j = i;
        while j > 0 && out[j - 1].len() > out[j].len() {
            out.swap(j - 1, j);
            j -= 1;
        }
    }
    out
}

/// The squares with no orthogonal neighbour of their own colour.
fn isolated(w: usize, h: usize, tiles: &[u8]) -> usize {
    (0..tiles.len())
        .filter(|&i| {
            let c = tiles[i];
            let (x, y) = (i % w, i / w);
            c != 0
                && !((x > 0 && tiles[i - 1] == c)
                    || (x + 1 < w && tiles[i + 1] == c)
                    || (y > 0 && tiles[i - w] == c)
                    || (y + 1 < h && tiles[i + w] == c))
        })
        .count()
}

impl Search {
    /// `Some(true)`: cleared (the removals are in `path`); `Some(false)`: dead;
    /// `None`: out of budget.
    fn dfs(&mut self, tiles: Vec<u8>, path: &mut Vec<Vec<usize>>) -> Option<bool> {
        if tiles.iter().all(|&t| t == 0) {
            return Some(true);
        }
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return None;
        }
        let mut counts = [0u32; 256];
        for &t in &tiles {
            counts[t as usize] += 1;
        }
        if counts[1..].contains(&1) || self.dead.contains(&tiles) {
            return Some(false);
        }
        // Children best first: fewest squares left without a neighbour of their colour.
        let mut children: Vec<(u32, Vec<usize>, Vec<u8>)> = groups(self.w, self.h, &tiles)
            .into_iter()
            .map(|g| {
                let mut next = tiles.clone();
                for &i in &g {
                    next[i] = 0;
                }
                settle(self.w, self.h, &mut next);
                // Isolated squares first, a random tie-breaker in the low bits.
                let key = (isolated(self.w, self.h, &next) as u32) << 8 | self.rs.bits(8);
                (key, g, next)
            })
            .collect();
        for i in 1..children.len() {
            let mut j = i;
            while j > 0 && children[j - 1].0 > children[j].0 {
                children.swap(j - 1, j);
                j -= 1;
            }
        }
        for (_, g, next) in children {
            path.push(g);
            match self.dfs(next, path)? {
                true => return Some(true),
                false => {
                    path.pop();
                }
            }
        }
        self.dead.insert(tiles);
        Some(false)
    }
}
