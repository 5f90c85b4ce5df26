//! Filled polygons: [`PolygonFill`] holds a polygon's points (surface coordinates in 1/16
//! pixels) and fills it by scan conversion, one span per row between each pair of edge
//! crossings, in fixed memory for the polygons a puzzle draws (up to [`POLYGON_POINTS`]
//! points) and in scratch space it keeps for bigger ones.

use alloc::vec::Vec;

use super::span;
use crate::gfx::{Planar, Rect};

/// Points a polygon may have before its points or crossings need more scratch space than
/// a [`PolygonFill`] starts with (it grows once, then is kept).
pub const POLYGON_POINTS: usize = 32;

/// A polygon to fill and the scratch space its fill needs.
pub struct PolygonFill {
    /// The polygon's points, surface coordinates in 1/16 pixels: set them, then [`fill`].
    ///
    /// [`fill`]: PolygonFill::fill
    pub points: Vec<(i32, i32)>,
    /// The edges and scan-line crossings of polygons with more than [`POLYGON_POINTS`]
    /// points.
    edges: Vec<Edge>,
    crossings: Vec<i32>,
}

impl Default for PolygonFill {
    fn default() -> Self {
        Self::new()
    }
}

impl PolygonFill {
    /// Room for [`POLYGON_POINTS`] points.
    pub fn new() -> Self {
        PolygonFill { points: Vec::with_capacity(POLYGON_POINTS), edges: Vec::new(), crossings: Vec::new() }
    }

    /// Fills the polygon of `points` inside `clip`: scan-line fill, even-odd rule, pixel
    /// centres.
    pub fn fill<S: AsRef<[u16]> + AsMut<[u16]>>(&mut self, surface: &mut Planar<S>, clip: Rect, pen: u8) {
        let pts = core::mem::take(&mut self.points);
        if pts.len() >= 3 && pts.len() <= POLYGON_POINTS {
            let mut edges = [Edge::default(); POLYGON_POINTS];
            let n = edges_of(&pts, &mut edges);
            let mut xs = [0i32; POLYGON_POINTS];
            fill_edges(surface, clip, &edges[..n], &mut xs, pen);
        } else if pts.len() > POLYGON_POINTS {
            // Bigger than anything a puzzle draws: scratch space kept here (grown once, then
            // kept).
            let mut edges = core::mem::take(&mut self.edges);
            let mut xs = core::mem::take(&mut self.crossings);
            edges.resize(pts.len(), Edge::default());
            xs.resize(pts.len(), 0);
            let n = edges_of(&pts, &mut edges);
            fill_edges(surface, clip, &edges[..n], &mut xs, pen);
            self.edges = edges;
            self.crossings = xs;
        }
        self.points = pts;
    }
}

/// Fills the scan lines crossed by `edges`, inside `clip`; `xs` holds one crossing per edge.
fn fill_edges<S: AsRef<[u16]> + AsMut<[u16]>>(
    surface: &mut Planar<S>,
    clip: Rect,
    edges: &[Edge],
    xs: &mut [i32],
    pen: u8,
) {
    let Some(top) = edges.iter().map(|e| e.lo).min() else { return };
    let bottom = edges.iter().map(|e| e.hi).max().unwrap_or(top);
    // Rows whose centre 16r+8 lies in [top, bottom), within the clip.
    let row0 = ((top - 8 + 15) >> 4).max(clip.y);
    let row1 = ((bottom - 8 + 15) >> 4).min(clip.bottom());
    for row in row0..row1 {
        let yc = row * 16 + 8;
        let mut k = 0;
        for e in edges {
            if e.lo <= yc && yc < e.hi {
                // The same expression, from the same end of the edge, as ever: the
                // pixels do not depend on how the edges are walked.
                xs[k] = e.ax + e.dx * (yc - e.ay) / e.dy;
                k += 1;
            }
        }
        // Insertion sort: a handful of crossings per line (and core's sort pulls in
        // `abort`, which the TOS runtime does not provide).
        for i in 1..k {
            let mut j = i;
            while j > 0 && xs[j - 1] > xs[j] {
                xs.swap(j - 1, j);
                j -= 1;
            }
        }
        for &[a, b] in xs[..k].as_chunks::<2>().0 {
            // Pixels whose centre (16x+8) lies in [a, b).
            // Arithmetic shifts: floor division by 16, also for negative values.
            let first = (a - 8 + 15) >> 4;
            let last = (b - 8 - 1) >> 4;
            if first <= last {
                span(surface, clip, row, first, last, pen);
            }
        }
    }
}

/// A polygon edge that is not horizontal, from (`ax`,`ay`) with slope `dx`/`dy`, covering
/// scan-line centres `lo <= yc < hi` (all in 1/16 pixels).
#[derive(Clone, Copy, Default)]
struct Edge {
    ax: i32,
    ay: i32,
    dx: i32,
    dy: i32,
    lo: i32,
    hi: i32,
}

/// The non-horizontal edges of the closed polygon `pts` (point i to point i + 1, the last to
/// the first) into `out`; returns how many.
fn edges_of(pts: &[(i32, i32)], out: &mut [Edge]) -> usize {
    let mut n = 0;
    let mut a = pts[pts.len() - 1];
    for &b in pts {
        // Edge i runs from point i to point i + 1: `a` is the earlier point.
        let ((ax, ay), (bx, by)) = (a, b);
        if ay != by {
            out[n] = Edge { ax, ay, dx: bx - ax, dy: by - ay, lo: ay.min(by), hi: ay.max(by) };
            n += 1;
        }
        a = b;
    }
    n
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
