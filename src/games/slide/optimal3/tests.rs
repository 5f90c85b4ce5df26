//! The 3×3 table solver: known distances and the two hardest positions (shared); every one
//! of the 181,440 positions against an independent breadth-first search, and the ranking
//! inverted by the unranking (host).

use super::super::solver;
use super::*;
use crate::games::slide::positions::scrambled;
use crate::games::slide::positions::solves;

crate::test_cases! {
    fn table_solves_the_hardest_and_random_positions_optimally() {
        let solved = [1u8, 2, 3, 4, 5, 6, 7, 8, 0];
        assert_eq!(solve(&solved).unwrap().len(), 0);
        // The only two positions 31 moves from solved.
        for hardest in [[8u8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]] {
            let path = solve(&hardest).unwrap();
            assert_eq!(path.len(), 31);
            assert!(solves(3, &hardest, &path));
        }
        for k in 0..8u8 {
            let t = scrambled(3, 40, &[b'q', k]);
            let path = solve(&t).unwrap();
            assert!(solves(3, &t, &path));
            assert_eq!(path.len(), solver::solve(3, &t, u64::MAX).unwrap().gap_path.len(), "scramble {k}");
        }
        // Unsolvable: two tiles swapped.
        assert!(solve(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).is_none());
    }

    /// The table the program carries has the bytes the host computed (`host_tests` checks
    /// those against the breadth-first search): nothing lost or changed on the way into the
    /// program or in loading it.
    fn the_carried_table_is_whole() {
        use super::super::tables::{BYTES3, THREE_ADLER32};
        let table = three();
        assert_eq!(table.len(), BYTES3);
        assert_eq!(crate::picture::png::adler32(1, table), THREE_ADLER32);
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;
    use std::collections::HashMap;

    /// The table the program carries (`tables/table3.bin`) is the one the breadth-first
    /// search computes; `UPDATE_REFERENCE=1` writes it (then build again), and prints its
    /// Adler-32 for `tables::THREE_ADLER32`.
    #[test]
    fn the_carried_table_is_the_breadth_first_search() {
        let built = super::super::super::tables::build3();
        if std::env::var_os("UPDATE_REFERENCE").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/games/slide/tables/table3.bin");
            std::fs::write(path, &built).unwrap();
            std::println!("wrote {path}, Adler-32 {:#010X}", crate::picture::png::adler32(1, &built));
        }
        assert!(built == three(), "tables/table3.bin is not build3()'s table: UPDATE_REFERENCE=1 writes it");
    }

    /// The table computation's rank (a packed word, two look-ups) is [`rank3`].
    #[test]
    fn packed_rank_is_rank3() {
        use super::super::super::tables::{RankHalves, SIZE3, pack3, rank3, unrank3};
        let halves = RankHalves::new();
        for r in 0..SIZE3 {
            let t = unrank3(r);
            assert_eq!(halves.rank(pack3(&t)), rank3(&t), "{t:?}");
        }
    }

    #[test]
    fn unrank_inverts_rank() {
        use super::super::super::tables::{SIZE3, rank3, unrank3};
        for r in 0..SIZE3 {
            let t = unrank3(r);
            assert!(super::super::super::solvability::is_solvable(3, &t), "rank {r}");
            assert_eq!(rank3(&t), r);
        }
    }

    /// Breadth-first over whole arrangements (a hash map, nothing shared with the table),
    /// then every position's walk is checked: it solves, with exactly its distance's moves.
    #[test]
    fn every_position_walks_home_in_its_distance() {
        let solved = [1u8, 2, 3, 4, 5, 6, 7, 8, 0];
        let mut dist: HashMap<[u8; 9], usize> = HashMap::new();
        dist.insert(solved, 0);
        let mut queue = std::collections::VecDeque::from([solved]);
        while let Some(t) = queue.pop_front() {
            let d = dist[&t];
            let gap = t.iter().position(|&v| v == 0).unwrap();
            let (x, y) = (gap % 3, gap / 3);
            for c in
                [(y > 0).then(|| gap - 3), (x < 2).then(|| gap + 1), (y < 2).then(|| gap + 3), (x > 0).then(|| gap - 1)]
                    .into_iter()
                    .flatten()
            {
                let mut u = t;
                u.swap(gap, c);
                if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(u) {
                    e.insert(d + 1);
                    queue.push_back(u);
                }
            }
        }
        assert_eq!(dist.len(), 181_440);
        assert_eq!(dist.values().max(), Some(&31));
        let mut ranks = std::vec![false; 181_440];
        for (t, &d) in &dist {
            let r = super::super::super::tables::rank3(t);
            assert!(!ranks[r], "rank {r} twice");
            ranks[r] = true;
            let path = solve(t).unwrap();
            assert_eq!(path.len(), d, "{t:?}");
            assert!(solves(3, t, &path));
        }
    }
}
