//! Which edges of an undirected graph lie on a loop, and for each bridge (an edge on no
//! loop) how many vertices are on either side of it: Tatham's `findloop.c` as of 2024, the
//! variant of Tarjan's bridge finding that schedules a vertex's unvisited neighbours in a
//! doubly linked list of all the vertices instead of recursing.
//!
//! The search is one depth-first pass over vertices `0..n` in order, a new tree at each
//! vertex not yet reached: at its first visit a vertex takes its depth from its parent, moves
//! each unvisited neighbour to the front of the list (taking it as its child, away from any
//! vertex that scheduled it before) and notes the shallowest depth of any visited neighbour
//! but its parent; at its second visit it adds its subtree's size and shallowest depth to its
//! parent's. An edge from a vertex to its parent is a bridge when nothing in the vertex's
//! subtree reaches above it; every other edge of the graph lies on a loop. His order of
//! neighbours and vertices is kept, so a game that picks among bridges picks as his does.
//!
//! The graph is given by `neighbours(u)`, every vertex joined to `u`. It is taken as a
//! simple graph: an edge listed twice between two vertices (two wires between the same two
//! tiles) counts once, as in his (which, given the same neighbour twice in a row, links the
//! list into a cycle; ours skips the repeat). A vertex listed as its own neighbour is on a
//! loop. [`FindLoop`] keeps its memory between runs: a run on a graph no larger than one
//! before allocates nothing.

use alloc::vec::Vec;

/// No vertex (his −1).
const NONE: u32 = u32::MAX;

/// What the search knows about a vertex (his `struct findloopstate`).
#[derive(Clone, Copy, Debug, Default)]
struct Vertex {
    /// Depth in its tree; `NONE` until the first visit.
    depth: u32,
    /// The shallowest depth reached by an edge from its subtree to another vertex but a
    /// tree edge's parent.
    shallowest: u32,
    /// Vertices in its subtree, itself included (complete after its second visit).
    subtree: u32,
    /// Its parent in the tree (`NONE` for a root).
    parent: u32,
    /// The root of its tree.
    root: u32,
    /// Its neighbours in the list of vertices to visit.
    prev: u32,
    next: u32,
}

/// The loop search and its answers (his `findloopstate`, one per vertex).
#[derive(Clone, Debug, Default)]
pub struct FindLoop {
    v: Vec<Vertex>,
}

impl FindLoop {
    pub fn new() -> Self {
        FindLoop::default()
    }

    /// Searches the graph of vertices `0..n` (his `findloop_run`). Returns whether any
    /// edge lies on a loop.
    pub fn run<I: IntoIterator<Item = usize>>(&mut self, n: usize, mut neighbours: impl FnMut(usize) -> I) -> bool {
        assert!(n < NONE as usize, "graph too large");
        let v = &mut self.v;
        v.clear();
        v.extend((0..n as u32).map(|u| Vertex {
            depth: NONE,
            shallowest: n as u32,
            subtree: 1,
            parent: NONE,
            root: u,
            prev: if u == 0 { NONE } else { u - 1 },
            next: if u + 1 == n as u32 { NONE } else { u + 1 },
        }));
        let mut any_loop = false;
        let mut next = if n == 0 { NONE } else { 0 };
        while next != NONE {
            let u = next as usize;
            if v[u].depth == NONE {
                // First visit, on the way down.
                let parent = v[u].parent;
                if parent == NONE {
                    v[u].depth = 0;
                    v[u].root = u as u32;
                } else {
                    v[u].depth = v[parent as usize].depth + 1;
                    v[u].root = v[parent as usize].root;
                }
                // The unvisited neighbours go in front of u, the last one first, so that
                // they are visited before u's second visit.
                next = u as u32;
                for w in neighbours(u) {
                    let w32 = w as u32;
                    if w32 == parent {
                        continue;
                    }
                    if v[w].depth == NONE {
                        if w32 == next {
                            // Just scheduled, by u: already in front, u's child.
                            continue;
                        }
                        v[w].parent = u as u32;
                        let (p, q) = (v[w].prev, v[w].next);
                        if p != NONE {
                            v[p as usize].next = q;
                        }
                        if q != NONE {
                            v[q as usize].prev = p;
                        }
                        let before = v[next as usize].prev;
                        v[w].prev = before;
                        v[w].next = next;
                        if before != NONE {
                            v[before as usize].next = w32;
                        }
                        v[next as usize].prev = w32;
                        next = w32;
                    } else {
                        v[u].shallowest = v[u].shallowest.min(v[w].depth);
                        any_loop = true;
                    }
                }
            } else {
                // Second visit, on the way up.
                let parent = v[u].parent;
                if parent != NONE {
                    let (size, shallowest) = (v[u].subtree, v[u].shallowest);
                    let p = &mut v[parent as usize];
                    p.subtree += size;
                    p.shallowest = p.shallowest.min(shallowest);
                }
                next = v[u].next;
            }
        }
        any_loop
    }

    /// Whether `u` is `v`'s child in the search and nothing below `u` reaches above it.
    fn bridge_below(&self, u: usize, v: usize) -> bool {
        let x = &self.v[u];
        x.parent == v as u32 && x.shallowest >= x.depth
    }

    /// Whether the edge `u`–`v` lies on a loop (his `findloop_is_loop_edge`). Meaningful
    /// for an edge of the graph of the last run; any pair that is not a bridge says yes.
    pub fn is_loop_edge(&self, u: usize, v: usize) -> bool {
        !self.bridge_below(u, v) && !self.bridge_below(v, u)
    }

    /// If the edge `u`–`v` is a bridge, the number of vertices on `u`'s side and on `v`'s
    /// side of it in their connected part of the graph (his `findloop_is_bridge`).
    pub fn is_bridge(&self, u: usize, v: usize) -> Option<(usize, usize)> {
        let sides = |child: usize| {
            let x = &self.v[child];
            let whole = self.v[x.root as usize].subtree;
            (x.subtree as usize, (whole - x.subtree) as usize)
        };
        if self.bridge_below(u, v) {
            Some(sides(u))
        } else if self.bridge_below(v, u) {
            let (below, above) = sides(v);
            Some((above, below))
        } else {
            None
        }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
