//! Randomised Prim: grow the maze from one cell; keep a frontier of cells next to the maze,
//! take a random frontier cell and join it to a random neighbour already in the maze. Many
//! short dead ends radiating from the start.

use alloc::vec;
use alloc::vec::Vec;

use super::grid::{Dir4, Grid, pick};
use crate::puzzle::random::RandomState;

pub fn generate(g: &mut Grid, rs: &mut RandomState) {
    let n = g.cells();
    // 0 = outside, 1 = frontier, 2 = in the maze.
    let mut mark = vec![0u8; n];
    let mut frontier: Vec<usize> = Vec::new();
    let add = |i: usize, g: &Grid, mark: &mut Vec<u8>, frontier: &mut Vec<usize>| {
        mark[i] = 2;
        for d in Dir4::ALL {
            if let Some(j) = g.neighbour(i, d) {
                if mark[j] == 0 {
                    mark[j] = 1;
                    frontier.push(j);
                }
            }
        }
    };
    add(pick(rs, n), g, &mut mark, &mut frontier);
    while !frontier.is_empty() {
        let k = pick(rs, frontier.len());
        let c = frontier.swap_remove(k);
        let inside: Vec<Dir4> =
            Dir4::ALL.iter().copied().filter(|&d| g.neighbour(c, d).is_some_and(|j| mark[j] == 2)).collect();
        g.carve(c, inside[pick(rs, inside.len())]);
        add(c, g, &mut mark, &mut frontier);
    }
}
