//! [`Damage`]: the rectangles of a surface that changed and must reach the screen, in a
//! fixed-size list that never allocates: when it is full it degrades to one bounding box
//! (a host then copies a little more than needed, never less).

use super::Rect;

/// How many separate rectangles are kept before they are merged into one.
pub const DAMAGE_SLOTS: usize = 16;

/// A bounded list of changed rectangles (surface coordinates).
#[derive(Clone, Copy, Debug, Default)]
pub struct Damage {
    rects: [Rect; DAMAGE_SLOTS],
    len: usize,
}

impl PartialEq for Damage {
    fn eq(&self, other: &Self) -> bool {
        self.rects() == other.rects()
    }
}

impl Eq for Damage {}

impl Damage {
    pub const fn new() -> Self {
        Damage { rects: [Rect::new(0, 0, 0, 0); DAMAGE_SLOTS], len: 0 }
    }
    /// Adds a changed rectangle. Empty rectangles and rectangles inside one already listed
    /// add nothing; when every slot is taken, the list collapses to its bounding box first.
    pub fn add(&mut self, r: Rect) {
        if r.is_empty() || self.rects().iter().any(|o| o.union(&r) == *o) {
            return;
        }
        if self.len == DAMAGE_SLOTS {
            let all = self.bounding_box();
            self.rects[0] = all;
            self.len = 1;
            if all.union(&r) == all {
                return;
            }
        }
        self.rects[self.len] = r;
        self.len += 1;
    }
    /// Adds every rectangle of `other`.
    pub fn add_all(&mut self, other: &Damage) {
        for &r in other.rects() {
            self.add(r);
        }
    }
    /// The rectangles, in the order they were added (after a collapse, the bounding box first).
    pub fn rects(&self) -> &[Rect] {
        &self.rects[..self.len]
    }
    /// The smallest rectangle containing every damaged pixel (empty if none).
    pub fn bounding_box(&self) -> Rect {
        self.rects().iter().fold(Rect::default(), |a, r| a.union(r))
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// The list, leaving this one empty.
    pub fn take(&mut self) -> Damage {
        core::mem::take(self)
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
