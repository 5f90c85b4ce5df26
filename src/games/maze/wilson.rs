//! Wilson's algorithm: loop-erased random walks. Start with one cell in the maze; from a
//! random cell outside, walk randomly (remembering only the last exit direction of each cell,
//! which erases loops) until the walk hits the maze, then carve the erased path. Produces a
//! uniform spanning tree: every perfect maze equally likely, no bias.

use alloc::vec;

use super::grid::{Dir4, Grid, pick};
use crate::puzzle::random::RandomState;

pub fn generate(g: &mut Grid, rs: &mut RandomState) {
    let n = g.cells();
    let mut in_maze = vec![false; n];
    in_maze[pick(rs, n)] = true;
    let mut exit: alloc::vec::Vec<Option<Dir4>> = vec![None; n];
    let mut remaining = n - 1;
    let mut scan = 0;
    while remaining > 0 {
        // The first cell not yet in the maze, in order (deterministic and cheap).
        while in_maze[scan] {
            scan += 1;
        }
        let start = scan;
        let mut i = start;
        while !in_maze[i] {
            let options =
                Dir4::ALL.iter().copied().filter(|&d| g.neighbour(i, d).is_some()).collect::<alloc::vec::Vec<_>>();
            let d = options[pick(rs, options.len())];
            exit[i] = Some(d);
            i = g.neighbour(i, d).unwrap();
        }
        let mut i = start;
        while !in_maze[i] {
            let d = exit[i].unwrap();
            g.carve(i, d);
            in_maze[i] = true;
            remaining -= 1;
            i = g.neighbour(i, d).unwrap();
        }
    }
}
