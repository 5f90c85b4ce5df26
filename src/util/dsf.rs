//! Disjoint sets (union-find) as Tatham's `dsf.c` keeps them: the same canonical element
//! for every class after the same merges, because his generators walk the classes by their
//! canonical elements and a different choice is a different puzzle for the same seed.
//!
//! His rules, which every type here keeps:
//!
//! - Each class is a tree whose root is its canonical element; an element's link is either
//!   its parent or, at a root, the class's size.
//! - Merging two classes makes the root of the **strictly larger** one the root of both; on
//!   equal sizes the root of the **second** element's class wins (`merge(a, b)` with `a` and
//!   `b` alone makes `b` canonical).
//! - Every query and every merge points all the elements on the paths it walked straight at
//!   the root (full path compression), including a merge of two elements already together.
//!   The roots do not depend on it (only on the order of the merges and the sizes), but the
//!   cost does.
//!
//! Three types, one per kind of his `DSF`: [`Dsf`] (`dsf_new`), [`MinDsf`] (`dsf_new_min`,
//! which also knows each class's smallest element) and [`FlipDsf`] (`dsf_new_flip`, whose
//! elements each have a parity relative to their class: "equal or opposite"). `Clone` and
//! `clone_from` are his `dsf_copy`. Out-of-range elements panic, as his asserts do; so does
//! [`FlipDsf::merge_flip`] of two elements already related with the other parity.
//!
//! One difference: his `dsf_canonify` on a flip dsf compresses paths without correcting the
//! parities it skips (a parity read later through `dsf_canonify_flip` can then be wrong);
//! [`FlipDsf::canonify`] keeps them right. The canonical elements are the same either way.

use alloc::vec;
use alloc::vec::Vec;

/// The bit of a link that says "this element is a root; the rest is its class's size".
const ROOT: u32 = 1 << 31;

/// The forest the three kinds share: one link per element.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Forest {
    links: Vec<u32>,
}

impl Forest {
    fn new(n: usize) -> Self {
        assert!(n < ROOT as usize, "dsf too large");
        Forest { links: vec![ROOT | 1; n] }
    }

    fn reinit(&mut self) {
        self.links.fill(ROOT | 1);
    }

    fn is_root(&self, i: usize) -> bool {
        self.links[i] & ROOT != 0
    }

    fn root_of(&self, mut i: usize) -> usize {
        while !self.is_root(i) {
            i = self.links[i] as usize;
        }
        i
    }

    /// Points every element on the path from `i` up to `root` straight at `root`.
    fn point_at(&mut self, mut i: usize, root: usize) {
        while !self.is_root(i) {
            let up = self.links[i] as usize;
            self.links[i] = root as u32;
            i = up;
        }
        debug_assert_eq!(i, root);
    }

    fn canonify(&mut self, i: usize) -> usize {
        let root = self.root_of(i);
        self.point_at(i, root);
        root
    }

    /// The size of the class whose root is `root`.
    fn class_size(&self, root: usize) -> usize {
        (self.links[root] & !ROOT) as usize
    }

    /// Joins the classes of the distinct roots `r1` and `r2`: `r1` stays the root if its
    /// class is strictly larger, otherwise `r2` does. Returns the root.
    fn join(&mut self, r1: usize, r2: usize) -> usize {
        let (s1, s2) = (self.class_size(r1), self.class_size(r2));
        let (root, under) = if s1 > s2 { (r1, r2) } else { (r2, r1) };
        self.links[under] = root as u32;
        self.links[root] = ROOT | (s1 + s2) as u32;
        root
    }
}

/// Disjoint sets of the elements `0..len` (his plain `DSF`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dsf {
    forest: Forest,
}

impl Dsf {
    /// `n` elements, each alone in its class.
    pub fn new(n: usize) -> Self {
        Dsf { forest: Forest::new(n) }
    }
    /// The number of elements.
    pub fn len(&self) -> usize {
        self.forest.links.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Every element alone again, without allocating.
    pub fn reinit(&mut self) {
        self.forest.reinit();
    }
    /// The canonical element of `i`'s class.
    pub fn canonify(&mut self, i: usize) -> usize {
        self.forest.canonify(i)
    }
    /// Whether `a` and `b` are in the same class.
    pub fn equivalent(&mut self, a: usize, b: usize) -> bool {
        self.canonify(a) == self.canonify(b)
    }
    /// The number of elements in `i`'s class.
    pub fn size(&mut self, i: usize) -> usize {
        let root = self.canonify(i);
        self.forest.class_size(root)
    }
    /// Puts `a` and `b` in the same class (nothing changes but the paths if they are).
    pub fn merge(&mut self, a: usize, b: usize) {
        let (r1, r2) = (self.forest.root_of(a), self.forest.root_of(b));
        let root = if r1 == r2 { r1 } else { self.forest.join(r1, r2) };
        self.forest.point_at(a, root);
        self.forest.point_at(b, root);
    }
}

/// Disjoint sets that also know each class's smallest element (his `dsf_new_min`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinDsf {
    forest: Forest,
    /// At a root, the smallest element of its class; elsewhere unused.
    min: Vec<u32>,
}

impl MinDsf {
    pub fn new(n: usize) -> Self {
        MinDsf { forest: Forest::new(n), min: (0..n as u32).collect() }
    }
    pub fn len(&self) -> usize {
        self.min.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn reinit(&mut self) {
        self.forest.reinit();
        for (i, m) in self.min.iter_mut().enumerate() {
            *m = i as u32;
        }
    }
    pub fn canonify(&mut self, i: usize) -> usize {
        self.forest.canonify(i)
    }
    pub fn equivalent(&mut self, a: usize, b: usize) -> bool {
        self.canonify(a) == self.canonify(b)
    }
    pub fn size(&mut self, i: usize) -> usize {
        let root = self.canonify(i);
        self.forest.class_size(root)
    }
    /// The smallest element of `i`'s class (his `dsf_minimal`).
    pub fn minimal(&mut self, i: usize) -> usize {
        let root = self.canonify(i);
        self.min[root] as usize
    }
    /// As [`Dsf::merge`], the merged class's smallest element kept at its root.
    pub fn merge(&mut self, a: usize, b: usize) {
        let (r1, r2) = (self.forest.root_of(a), self.forest.root_of(b));
        let root = if r1 == r2 {
            r1
        } else {
            let smallest = self.min[r1].min(self.min[r2]);
            let root = self.forest.join(r1, r2);
            self.min[root] = smallest;
            root
        };
        self.forest.point_at(a, root);
        self.forest.point_at(b, root);
    }
}

/// Disjoint sets whose elements each have a parity relative to their class: two elements of
/// a class are "the same" or "opposite" (his `dsf_new_flip`, once `edsf`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlipDsf {
    forest: Forest,
    /// Below a root, whether the element is opposite to the one its link points at; at a
    /// root, unused.
    flip: Vec<bool>,
}

impl FlipDsf {
    pub fn new(n: usize) -> Self {
        FlipDsf { forest: Forest::new(n), flip: vec![false; n] }
    }
    pub fn len(&self) -> usize {
        self.flip.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn reinit(&mut self) {
        self.forest.reinit();
    }

    /// The root of `i`'s class and whether `i` is opposite to it.
    fn root_and_parity(&self, mut i: usize) -> (usize, bool) {
        let mut opposite = false;
        while !self.forest.is_root(i) {
            opposite ^= self.flip[i];
            i = self.forest.links[i] as usize;
        }
        (i, opposite)
    }

    /// Points the path from `i` (opposite to `root` if `opposite`) straight at `root`, each
    /// element's parity made relative to the root.
    fn point_at(&mut self, mut i: usize, root: usize, mut opposite: bool) {
        while !self.forest.is_root(i) {
            let up = self.forest.links[i] as usize;
            let to_up = self.flip[i];
            self.flip[i] = opposite;
            self.forest.links[i] = root as u32;
            opposite ^= to_up;
            i = up;
        }
        debug_assert_eq!(i, root);
    }

    /// The canonical element of `i`'s class and whether `i` is opposite to it (his
    /// `dsf_canonify_flip`).
    pub fn canonify_flip(&mut self, i: usize) -> (usize, bool) {
        let (root, opposite) = self.root_and_parity(i);
        self.point_at(i, root, opposite);
        (root, opposite)
    }
    /// The canonical element of `i`'s class.
    pub fn canonify(&mut self, i: usize) -> usize {
        self.canonify_flip(i).0
    }
    pub fn equivalent(&mut self, a: usize, b: usize) -> bool {
        self.canonify(a) == self.canonify(b)
    }
    pub fn size(&mut self, i: usize) -> usize {
        let root = self.canonify(i);
        self.forest.class_size(root)
    }
    /// Puts `a` and `b` in the same class, `b` opposite to `a` if `inverse`, the same
    /// otherwise. Panics if they are already together with the other parity (his assert).
    pub fn merge_flip(&mut self, a: usize, b: usize, inverse: bool) {
        let (r1, mut f1) = self.root_and_parity(a);
        let (r2, mut f2) = self.root_and_parity(b);
        let root = if r1 == r2 {
            assert!(f1 ^ f2 == inverse, "inconsistent merge_flip");
            r1
        } else {
            let root = self.forest.join(r1, r2);
            // The root that went under takes the parity that makes a and b come out right.
            let under_flip = f1 ^ f2 ^ inverse;
            if root == r1 {
                self.flip[r2] = under_flip;
                f2 ^= under_flip;
            } else {
                self.flip[r1] = under_flip;
                f1 ^= under_flip;
            }
            root
        };
        self.point_at(a, root, f1);
        self.point_at(b, root, f2);
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
