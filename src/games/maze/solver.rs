//! Breadth-first search through the passages: the "show path" solution, and the distance
//! measurements used for the generator statistics.

use alloc::collections::VecDeque;
use alloc::vec;
use alloc::vec::Vec;

use super::grid::{Dir4, Grid};

/// Distance (in steps) from `start` to every cell; `u32::MAX` where unreachable, plus for
/// each cell the direction taken to enter it on a shortest path.
pub fn distances(g: &Grid, start: usize) -> (Vec<u32>, Vec<Option<Dir4>>) {
    let mut dist = vec![u32::MAX; g.cells()];
    let mut came = vec![None; g.cells()];
    let mut queue = VecDeque::new();
    dist[start] = 0;
    queue.push_back(start);
    while let Some(i) = queue.pop_front() {
        for d in Dir4::ALL {
            if !g.is_open(i, d) {
                continue;
            }
            if let Some(j) = g.neighbour(i, d) {
                if dist[j] == u32::MAX {
                    dist[j] = dist[i] + 1;
                    came[j] = Some(d);
                    queue.push_back(j);
                }
            }
        }
    }
    (dist, came)
}

/// The moves from `start` to `goal` (shortest, and in a perfect maze the only one), or None.
pub fn path(g: &Grid, start: usize, goal: usize) -> Option<Vec<Dir4>> {
    let (dist, came) = distances(g, start);
    if dist[goal] == u32::MAX {
        return None;
    }
    let mut moves = Vec::new();
    let mut i = goal;
    while i != start {
        let d = came[i]?;
        moves.push(d);
        i = g.neighbour(i, d.opposite())?;
    }
    moves.reverse();
    Some(moves)
}

/// The longest shortest path in a tree: BFS from any cell to the farthest, then again from
/// there (the diameter, in steps).
pub fn longest_path(g: &Grid) -> u32 {
    let (d0, _) = distances(g, 0);
    let far = (0..g.cells()).max_by_key(|&i| (d0[i], core::cmp::Reverse(i))).unwrap_or(0);
    let (d1, _) = distances(g, far);
    d1.into_iter().filter(|&d| d != u32::MAX).max().unwrap_or(0)
}
