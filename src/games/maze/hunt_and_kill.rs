//! Hunt-and-kill (the seed's second generator): random walk to unvisited neighbours; when the
//! walk is stuck, "hunt" by scanning rows from the top for the first unvisited cell beside a
//! visited one, join it to a random visited neighbour and walk on from there.

use alloc::vec;
use alloc::vec::Vec;

use super::grid::{Dir4, Grid, pick};
use crate::puzzle::random::RandomState;

pub fn generate(g: &mut Grid, rs: &mut RandomState) {
    let n = g.cells();
    let mut visited = vec![false; n];
    let mut current = Some(pick(rs, n));
    visited[current.unwrap()] = true;
    while let Some(i) = current {
        let options: Vec<(Dir4, usize)> =
            Dir4::ALL.iter().filter_map(|&d| g.neighbour(i, d).filter(|&j| !visited[j]).map(|j| (d, j))).collect();
        if !options.is_empty() {
            let (d, j) = options[pick(rs, options.len())];
            g.carve(i, d);
            visited[j] = true;
            current = Some(j);
            continue;
        }
        // Hunt.
        current = None;
        for c in 0..n {
            if visited[c] {
                continue;
            }
            let back: Vec<Dir4> =
                Dir4::ALL.iter().copied().filter(|&d| g.neighbour(c, d).is_some_and(|j| visited[j])).collect();
            if back.is_empty() {
                continue;
            }
            g.carve(c, back[pick(rs, back.len())]);
            visited[c] = true;
            current = Some(c);
            break;
        }
    }
}
