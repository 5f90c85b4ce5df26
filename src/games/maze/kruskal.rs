//! Randomised Kruskal: shuffle every interior wall, then knock each down if the cells on
//! either side are not yet connected (a union-find forest tracks the connected sets).

use alloc::vec::Vec;

use super::grid::{Dir4, Grid};
use crate::puzzle::random::RandomState;

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

pub fn generate(g: &mut Grid, rs: &mut RandomState) {
    let n = g.cells();
    let mut walls: Vec<(usize, Dir4)> = Vec::new();
    for i in 0..n {
        for d in [Dir4::Right, Dir4::Down] {
            if g.neighbour(i, d).is_some() {
                walls.push((i, d));
            }
        }
    }
    rs.shuffle(&mut walls);
    let mut parent: Vec<usize> = (0..n).collect();
    for (i, d) in walls {
        let j = g.neighbour(i, d).unwrap();
        let (a, b) = (find(&mut parent, i), find(&mut parent, j));
        if a != b {
            parent[a] = b;
            g.carve(i, d);
        }
    }
}
