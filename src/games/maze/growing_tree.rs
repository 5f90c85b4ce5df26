//! Growing tree: keep a list of active cells; pick one (here the newest half of the time and
//! a random one otherwise, mixing backtracker corridors with Prim-like branching), carve to a
//! random unvisited neighbour and add it, or retire the cell when it has none.

use alloc::vec;
use alloc::vec::Vec;

use super::grid::{Dir4, Grid, pick};
use crate::puzzle::random::RandomState;

pub fn generate(g: &mut Grid, rs: &mut RandomState) {
    let n = g.cells();
    let mut visited = vec![false; n];
    let start = pick(rs, n);
    visited[start] = true;
    let mut active = vec![start];
    while !active.is_empty() {
        let k = if rs.bits(1) == 0 { active.len() - 1 } else { pick(rs, active.len()) };
        let i = active[k];
        let options: Vec<(Dir4, usize)> =
            Dir4::ALL.iter().filter_map(|&d| g.neighbour(i, d).filter(|&j| !visited[j]).map(|j| (d, j))).collect();
        if options.is_empty() {
            active.swap_remove(k);
            continue;
        }
        let (d, j) = options[pick(rs, options.len())];
        g.carve(i, d);
        visited[j] = true;
        active.push(j);
    }
}
