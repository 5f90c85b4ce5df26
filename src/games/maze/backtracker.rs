//! Recursive backtracking (the seed's first generator): a randomised depth-first search.
//! Start anywhere, keep walking to a random unvisited neighbour carving as you go, and back
//! up along the path when stuck. Long winding corridors, few dead ends. Uses an explicit
//! stack (no recursion: the 68030's stack is small).

use alloc::vec;
use alloc::vec::Vec;

use super::grid::{Dir4, Grid, pick};
use crate::puzzle::random::RandomState;

pub fn generate(g: &mut Grid, rs: &mut RandomState) {
    let n = g.cells();
    let mut visited = vec![false; n];
    let start = pick(rs, n);
    visited[start] = true;
    let mut stack = vec![start];
    while let Some(&i) = stack.last() {
        let options: Vec<(Dir4, usize)> =
            Dir4::ALL.iter().filter_map(|&d| g.neighbour(i, d).filter(|&j| !visited[j]).map(|j| (d, j))).collect();
        if options.is_empty() {
            stack.pop();
            continue;
        }
        let (d, j) = options[pick(rs, options.len())];
        g.carve(i, d);
        visited[j] = true;
        stack.push(j);
    }
}
