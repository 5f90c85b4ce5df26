use alloc::vec;
use alloc::vec::Vec;

use super::*;
use crate::puzzle::random::RandomState;

/// The canonical element of every element.
fn roots(d: &mut Dsf) -> Vec<usize> {
    (0..d.len()).map(|i| d.canonify(i)).collect()
}

/// A model of his rules at the level of classes, sharing nothing with the forest: each
/// element's class's canonical element, each class's size; merging makes the canonical
/// element of the strictly larger class canonical, of the second on a tie. With parities:
/// whether each element is opposite to its class's canonical element.
struct Model {
    canon: Vec<usize>,
    opposite: Vec<bool>,
}

impl Model {
    fn new(n: usize) -> Self {
        Model { canon: (0..n).collect(), opposite: vec![false; n] }
    }
    fn size(&self, i: usize) -> usize {
        self.canon.iter().filter(|&&c| c == self.canon[i]).count()
    }
    fn merge(&mut self, a: usize, b: usize, inverse: bool) {
        let (ca, cb) = (self.canon[a], self.canon[b]);
        if ca == cb {
            return;
        }
        let winner = if self.size(a) > self.size(b) { ca } else { cb };
        // Turn b's class over if needed so that b comes out `inverse` to a, then relabel
        // both classes to the winner's canonical element, measured against it.
        let turn = self.opposite[a] ^ self.opposite[b] ^ inverse;
        for x in 0..self.canon.len() {
            if self.canon[x] == cb {
                self.opposite[x] ^= turn;
            }
        }
        let base = if winner == ca { self.opposite[ca] } else { self.opposite[cb] };
        for x in 0..self.canon.len() {
            if self.canon[x] == ca || self.canon[x] == cb {
                self.canon[x] = winner;
                self.opposite[x] ^= base;
            }
        }
    }
}

/// `merges` random merges of `n` elements (about one in three of two elements already
/// together), every query of all three kinds checked against the model after each.
fn against_the_model(n: usize, merges: usize, seed: &[u8]) {
    let mut rs = RandomState::new(seed);
    let (mut plain, mut min, mut flip) = (Dsf::new(n), MinDsf::new(n), FlipDsf::new(n));
    let mut model = Model::new(n);
    for _ in 0..merges {
        let a = rs.upto(n as u32) as usize;
        let b = if rs.upto(3) == 0 {
            // Two already together: a consistent parity, so merge_flip must accept it.
            let c = model.canon[a];
            (0..n).filter(|&x| model.canon[x] == c).nth(rs.upto(model.size(a) as u32) as usize).unwrap()
        } else {
            rs.upto(n as u32) as usize
        };
        let inverse =
            if model.canon[a] == model.canon[b] { model.opposite[a] ^ model.opposite[b] } else { rs.upto(2) == 1 };
        model.merge(a, b, inverse);
        plain.merge(a, b);
        min.merge(a, b);
        flip.merge_flip(a, b, inverse);
        for i in 0..n {
            let c = model.canon[i];
            assert_eq!(plain.canonify(i), c, "plain canonify({i})");
            assert_eq!(min.canonify(i), c, "min canonify({i})");
            assert_eq!(flip.canonify_flip(i), (c, model.opposite[i]), "canonify_flip({i})");
            let smallest = (0..n).find(|&x| model.canon[x] == c).unwrap();
            assert_eq!(min.minimal(i), smallest, "minimal({i})");
        }
        let (x, y) = (rs.upto(n as u32) as usize, rs.upto(n as u32) as usize);
        let same = model.canon[x] == model.canon[y];
        assert_eq!(plain.equivalent(x, y), same);
        assert_eq!(min.equivalent(x, y), same);
        assert_eq!(flip.equivalent(x, y), same);
        assert_eq!(plain.size(x), model.size(x));
        assert_eq!(flip.size(x), model.size(x));
        assert_eq!(min.size(x), model.size(x));
    }
}

crate::test_cases! {
    /// A script worked out by hand from his `dsf_merge`: a tie goes to the second
    /// element's root, a strictly larger class keeps its root whichever side it is on.
    fn merges_choose_his_roots() {
        let mut d = Dsf::new(8);
        assert_eq!(roots(&mut d), [0, 1, 2, 3, 4, 5, 6, 7]);
        d.merge(0, 1); // 1 against 1: the second's root
        assert_eq!(d.canonify(0), 1);
        d.merge(2, 3);
        d.merge(0, 2); // {0,1} against {2,3}: a tie, 3
        assert_eq!(roots(&mut d), [3, 3, 3, 3, 4, 5, 6, 7]);
        d.merge(4, 0); // 1 against 4: the larger, second
        d.merge(5, 6);
        d.merge(6, 7); // {5,6} against 1: the larger, first
        d.merge(7, 5); // together already
        assert_eq!(roots(&mut d), [3, 3, 3, 3, 3, 6, 6, 6]);
        assert_eq!((d.size(4), d.size(7)), (5, 3));
        assert!(d.equivalent(0, 4) && d.equivalent(5, 7) && !d.equivalent(2, 6));
        d.merge(7, 1); // 3 against 5: the second's
        assert_eq!(roots(&mut d), [3; 8]);
        assert_eq!(d.size(0), 8);
        d.reinit();
        assert_eq!(roots(&mut d), [0, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(d.size(3), 1);
    }

    /// The links after a merge: both paths point straight at the root (not halved), the
    /// root holds the size.
    fn merges_compress_both_paths() {
        let mut d = Dsf::new(6);
        d.merge(0, 1);
        d.merge(2, 3);
        d.merge(4, 5);
        d.merge(1, 3); // {0,1} under 3
        assert_eq!(d.forest.links[..4], [1, 3, 3, ROOT | 4]);
        d.merge(5, 0); // 5 → 3 (4 > 2), 0 → 1 → 3 walked
        assert_eq!(d.forest.links, [3, 3, 3, ROOT | 6, 5, 3]);
        assert_eq!(d.canonify(4), 3);
        assert_eq!(d.forest.links[4], 3);
        // Merging two already together compresses too.
        let mut e = Dsf::new(4);
        e.merge(0, 1);
        e.merge(2, 3);
        e.merge(1, 3); // 0 → 1 → 3
        assert_eq!(e.forest.links, [1, 3, 3, ROOT | 4]);
        e.merge(0, 2);
        assert_eq!(e.forest.links, [3, 3, 3, ROOT | 4]);
    }

    fn min_dsf_knows_the_smallest_element() {
        let mut d = MinDsf::new(6);
        d.merge(5, 4); // root 4
        d.merge(3, 5); // 1 against 2: root 4, smallest 3
        assert_eq!((d.canonify(3), d.minimal(3), d.minimal(5)), (4, 3, 3));
        d.merge(1, 2); // root 2, smallest 1
        d.merge(2, 4); // 2 against 3: root 4, smallest 1
        assert_eq!((d.canonify(1), d.minimal(5), d.size(1)), (4, 1, 5));
        assert_eq!((d.minimal(0), d.canonify(0)), (0, 0));
        d.merge(4, 0); // 5 against 1: root 4, smallest 0
        assert_eq!((d.canonify(0), d.minimal(4)), (4, 0));
        d.reinit();
        assert_eq!((0..6).map(|i| d.minimal(i)).collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);
    }

    /// A script worked out by hand from his `dsf_merge_flip` and `dsf_canonify_flip`.
    fn flip_dsf_keeps_parities() {
        let mut d = FlipDsf::new(6);
        d.merge_flip(0, 1, true); // root 1, 0 opposite
        assert_eq!((d.canonify_flip(0), d.canonify_flip(1)), ((1, true), (1, false)));
        d.merge_flip(2, 3, false); // root 3
        d.merge_flip(0, 2, true); // tie: root 3; 1 goes under it the same as 3
        assert_eq!((0..4).map(|i| d.canonify_flip(i)).collect::<Vec<_>>(), [(3, true), (3, false), (3, false), (3, false)]);
        d.merge_flip(4, 5, true); // root 5, 4 opposite
        d.merge_flip(5, 1, true); // 2 against 4: 5 goes under 3, opposite
        // 4 still links to 5: its parity is the path's, 4 opposite 5 opposite 3.
        assert_eq!(d.forest.links[4], 5);
        assert_eq!(d.canonify(4), 3); // compressing without a parity still keeps it right
        assert_eq!((d.forest.links[4], d.flip[4]), (3, false));
        assert_eq!((d.canonify_flip(4), d.canonify_flip(5)), ((3, false), (3, true)));
        d.merge_flip(0, 4, true); // consistent: accepted, nothing changes
        assert_eq!(d.canonify_flip(0), (3, true));
        assert_eq!(d.size(2), 6);
        assert!(d.equivalent(0, 5));
        d.reinit();
        assert_eq!(d.canonify_flip(4), (4, false));
    }

    fn clones_are_copies() {
        let mut a = Dsf::new(5);
        a.merge(0, 1);
        let mut b = a.clone();
        b.merge(2, 3);
        assert!(!a.equivalent(2, 3) && b.equivalent(0, 1));
        a.clone_from(&b);
        assert!(a.equivalent(2, 3));
        assert!(Dsf::new(0).is_empty() && MinDsf::new(0).is_empty() && FlipDsf::new(0).is_empty());
        assert_eq!((Dsf::new(7).len(), MinDsf::new(7).len(), FlipDsf::new(7).len()), (7, 7, 7));
    }

    /// Random merges against the class-level model, every query checked.
    fn random_merges_agree_with_the_model() {
        against_the_model(24, 60, b"dsf");
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;

    #[test]
    fn many_random_merges_agree_with_the_model() {
        for seed in 0..40u32 {
            against_the_model(5 + seed as usize * 3, 300, &seed.to_le_bytes());
        }
    }
}
