//! Untangle's generator, draw for draw the reference's, so `N#seed` gives his puzzle.
//!
//! 1. Choose `n` distinct points of the `w`×`w` grid (a shuffle of all its cells, the first
//!    `n` taken).
//! 2. Join them greedily into a planar graph: repeatedly, for the vertices in order of
//!    (degree, number), try to join the current vertex to each later vertex of degree below
//!    four, nearest first (ties by number); an edge is taken if it passes through no other
//!    point and crosses no edge; after each edge the scan starts again; stop when a whole
//!    scan adds nothing.
//! 3. Renumber the vertices by a random permutation, drawn again until their positions on
//!    the starting circle give at least one crossing, so the puzzle never starts solved.
//!
//! The description lists the renumbered edges; the private solution (`aux`) is the grid
//! layout of step 1, at the centres of the grid cells (denominator 2).

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::geometry::{Point, circle, coord_limit, cross};
use crate::puzzle::random::RandomState;

/// Most edges at one vertex.
pub const MAX_DEGREE: u32 = 4;

/// The description and the solution for `n` points.
pub fn generate(n: u32, rs: &mut RandomState) -> (String, String) {
    let w = coord_limit(n);
    let mut cells: Vec<u32> = (0..w * w).collect();
    rs.shuffle(&mut cells);
    let pts: Vec<Point> = cells[..n as usize].iter().map(|&c| Point::new((c % w) as i64, (c / w) as i64, 1)).collect();
    let edges = planar_edges(&pts);

    let circle_pts = circle(n, w);
    let mut perm: Vec<usize> = (0..n as usize).collect();
    loop {
        rs.shuffle(&mut perm);
        let at = |v: usize| circle_pts[perm[v]];
        let crossed = edges.iter().enumerate().any(|(i, &(a, b))| {
            edges[i + 1..]
                .iter()
                .any(|&(c, d)| c != a && c != b && d != a && d != b && cross(at(c), at(d), at(a), at(b)))
        });
        if crossed {
            break;
        }
    }

    let mut mapped: Vec<(usize, usize)> =
        edges.iter().map(|&(a, b)| (perm[a].min(perm[b]), perm[a].max(perm[b]))).collect();
    mapped.sort_unstable();
    let desc: Vec<String> = mapped.iter().map(|(a, b)| format!("{}-{}", a, b)).collect();

    let mut solution = Vec::with_capacity(n as usize);
    solution.resize(n as usize, Point::new(0, 0, 2));
    for (i, p) in pts.iter().enumerate() {
        solution[perm[i]] = Point::new(2 * p.x + 1, 2 * p.y + 1, 2);
    }
    let mut aux = String::from("S");
    for (i, p) in solution.iter().enumerate() {
        aux.push_str(&format!(";P{}:{},{}/{}", i, p.x, p.y, p.d));
    }
    (desc.join(","), aux)
}

/// Step 2: the greedy planar graph on `pts`, edges as (lower, higher) in sorted order.
fn planar_edges(pts: &[Point]) -> Vec<(usize, usize)> {
    let n = pts.len();
    let mut degree = alloc::vec![0u32; n];
    let mut edges: BTreeSet<(usize, usize)> = BTreeSet::new();
    loop {
        let mut order: Vec<usize> = (0..n).collect();
        // By (degree, number): insertion sort, stable and small.
        for i in 1..n {
            let mut j = i;
            while j > 0 && (degree[order[j - 1]], order[j - 1]) > (degree[order[j]], order[j]) {
                order.swap(j - 1, j);
                j -= 1;
            }
        }
        let mut added = false;
        for i in 0..n {
            let j = order[i];
            if degree[j] >= MAX_DEGREE {
                break;
            }
            let mut candidates: Vec<(i64, usize)> = order[i + 1..]
                .iter()
                .filter(|&&k| degree[k] < MAX_DEGREE && !edges.contains(&(j.min(k), j.max(k))))
                .map(|&k| {
                    let (dx, dy) = (pts[k].x - pts[j].x, pts[k].y - pts[j].y);
                    (dx * dx + dy * dy, k)
                })
                .collect();
            candidates.sort_unstable();
            let free = |k: usize| {
                (0..n).all(|p| p == k || p == j || !cross(pts[k], pts[j], pts[p], pts[p]))
                    && edges
                        .iter()
                        .all(|&(a, b)| a == k || a == j || b == k || b == j || !cross(pts[k], pts[j], pts[a], pts[b]))
            };
            if let Some(&(_, k)) = candidates.iter().find(|&&(_, k)| free(k)) {
                edges.insert((j.min(k), j.max(k)));
                degree[j] += 1;
                degree[k] += 1;
                added = true;
                break;
            }
        }
        if !added {
            return edges.into_iter().collect();
        }
    }
}
