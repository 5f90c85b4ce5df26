use alloc::vec;
use alloc::vec::Vec;

use super::*;
use crate::puzzle::random::RandomState;

/// Runs the search on a graph given as adjacency lists.
fn search(adj: &[&[usize]]) -> (FindLoop, bool) {
    let mut f = FindLoop::new();
    let any = f.run(adj.len(), |u| adj[u].iter().copied());
    (f, any)
}

/// The number of vertices reached from `from` without the edge `a`–`b` (every copy).
fn reach_without(adj: &[Vec<usize>], from: usize, a: usize, b: usize) -> Vec<bool> {
    let mut seen = vec![false; adj.len()];
    let mut stack = vec![from];
    seen[from] = true;
    while let Some(u) = stack.pop() {
        for &w in &adj[u] {
            if (u == a && w == b) || (u == b && w == a) || seen[w] {
                continue;
            }
            seen[w] = true;
            stack.push(w);
        }
    }
    seen
}

/// A random graph of `n` vertices, its adjacency lists in random order, with repeated
/// edges and edges to the vertex itself now and then, checked edge by edge against removing
/// the edge and searching again.
fn against_brute_force(n: usize, edges: usize, rs: &mut RandomState) {
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for _ in 0..edges {
        let a = rs.upto(n as u32) as usize;
        let b = if rs.upto(8) == 0 { a } else { rs.upto(n as u32) as usize };
        adj[a].push(b);
        if a != b {
            adj[b].push(a);
        }
    }
    for list in &mut adj {
        rs.shuffle(list);
    }
    let mut f = FindLoop::new();
    let any = f.run(n, |u| adj[u].iter().copied());
    let mut any_expected = false;
    for a in 0..n {
        for &b in &adj[a] {
            let a_side = reach_without(&adj, a, a, b);
            let on_loop = a == b || a_side[b];
            any_expected |= on_loop;
            assert_eq!(f.is_loop_edge(a, b), on_loop, "{a}-{b} of {adj:?}");
            let expected = (!on_loop).then(|| {
                let b_side = reach_without(&adj, b, a, b);
                (a_side.iter().filter(|&&s| s).count(), b_side.iter().filter(|&&s| s).count())
            });
            assert_eq!(f.is_bridge(a, b), expected, "{a}-{b} of {adj:?}");
        }
    }
    assert_eq!(any, any_expected);
}

crate::test_cases! {
    fn a_path_is_all_bridges() {
        let (f, any) = search(&[&[1], &[0, 2], &[1]]);
        assert!(!any);
        assert!(!f.is_loop_edge(0, 1) && !f.is_loop_edge(2, 1));
        assert_eq!(f.is_bridge(0, 1), Some((1, 2)));
        assert_eq!(f.is_bridge(1, 0), Some((2, 1)));
        assert_eq!(f.is_bridge(1, 2), Some((2, 1)));
    }

    /// Two triangles joined by a bridge, a tail on the second, a lone vertex, a lone edge.
    fn triangles_joined_by_a_bridge() {
        let adj: &[&[usize]] =
            &[&[1, 2], &[0, 2], &[0, 1, 3], &[2, 4, 5], &[3, 5], &[3, 4, 9], &[], &[8], &[7], &[5]];
        let (f, any) = search(adj);
        assert!(any);
        for (a, b) in [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5)] {
            assert!(f.is_loop_edge(a, b) && f.is_loop_edge(b, a), "{a}-{b}");
            assert_eq!(f.is_bridge(a, b), None);
        }
        assert_eq!(f.is_bridge(2, 3), Some((3, 4)));
        assert_eq!(f.is_bridge(3, 2), Some((4, 3)));
        assert_eq!(f.is_bridge(9, 5), Some((1, 6)));
        assert_eq!(f.is_bridge(7, 8), Some((1, 1)));
        assert!(!f.is_loop_edge(2, 3) && !f.is_loop_edge(5, 9) && !f.is_loop_edge(8, 7));
    }

    /// His order: the neighbours scheduled last are visited first, and a vertex reached
    /// again before its visit is taken over by the later parent.
    fn the_search_visits_in_his_order() {
        let (f, _) = search(&[&[1, 2], &[0, 2], &[0, 1]]);
        let parents: Vec<u32> = f.v.iter().map(|x| x.parent).collect();
        let depths: Vec<u32> = f.v.iter().map(|x| x.depth).collect();
        assert_eq!((parents, depths), (vec![NONE, 2, 0], vec![0, 2, 1]));
        let (f, _) = search(&[&[1, 2, 3], &[0], &[0], &[0]]);
        assert_eq!(f.v.iter().map(|x| x.subtree).collect::<Vec<_>>(), [4, 1, 1, 1]);
    }

    fn a_vertex_joined_to_itself_is_a_loop() {
        let (f, any) = search(&[&[0, 1], &[0]]);
        assert!(any);
        assert!(f.is_loop_edge(0, 0));
        assert_eq!(f.is_bridge(0, 1), Some((1, 1)));
    }

    /// The same neighbour twice in a row (two wires between two tiles of a two-wide
    /// wrapping Net): one edge, a bridge, and the search ends.
    fn a_repeated_edge_counts_once() {
        let (f, any) = search(&[&[1, 1], &[0, 0]]);
        assert!(!any);
        assert_eq!(f.is_bridge(1, 0), Some((1, 1)));
        let (f, any) = search(&[&[1, 2, 1], &[0, 0], &[0]]);
        assert!(!any);
        assert_eq!(f.is_bridge(0, 2), Some((2, 1)));
    }

    /// The memory is reused: a smaller graph after a larger one, and the empty graph.
    fn runs_reuse_their_memory() {
        let mut f = FindLoop::new();
        assert!(f.run(4, |u: usize| [(u + 1) % 4, (u + 3) % 4]));
        let capacity = f.v.capacity();
        assert!(!f.run(2, |u: usize| [1 - u]));
        assert_eq!(f.is_bridge(0, 1), Some((1, 1)));
        assert_eq!(f.v.capacity(), capacity);
        assert!(!f.run(0, |_| []));
    }

    fn random_graphs_agree_with_removing_each_edge() {
        let mut rs = RandomState::new(b"findloop");
        for n in 1..10 {
            against_brute_force(n, n + n / 2, &mut rs);
        }
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;

    #[test]
    fn many_random_graphs_agree_with_removing_each_edge() {
        let mut rs = RandomState::new(b"many");
        for round in 0..2000 {
            let n = 1 + round % 16;
            against_brute_force(n, rs.upto(2 * n as u32 + 1) as usize, &mut rs);
        }
    }
}
