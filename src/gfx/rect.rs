//! [`Rect`]: an axis-aligned rectangle in whole pixels, the unit of clipping, layout and
//! damage everywhere above the machine.

/// An axis-aligned rectangle: top-left pixel (`x`,`y`), `w` pixels wide and `h` high. A
/// rectangle with `w <= 0` or `h <= 0` is empty.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Self {
        Rect { x, y, w, h }
    }
    /// One past the rightmost column.
    pub const fn right(&self) -> i32 {
        self.x + self.w
    }
    /// One past the bottom row.
    pub const fn bottom(&self) -> i32 {
        self.y + self.h
    }
    /// The intersection of two rectangles (zero-sized if they do not overlap).
    pub fn intersect(&self, o: &Rect) -> Rect {
        let x0 = self.x.max(o.x);
        let y0 = self.y.max(o.y);
        let x1 = self.right().min(o.right());
        let y1 = self.bottom().min(o.bottom());
        Rect { x: x0, y: y0, w: (x1 - x0).max(0), h: (y1 - y0).max(0) }
    }
    /// The smallest rectangle containing both (an empty rectangle adds nothing).
    pub fn union(&self, o: &Rect) -> Rect {
        if o.is_empty() {
            return *self;
        }
        if self.is_empty() {
            return *o;
        }
        let x0 = self.x.min(o.x);
        let y0 = self.y.min(o.y);
        Rect { x: x0, y: y0, w: self.right().max(o.right()) - x0, h: self.bottom().max(o.bottom()) - y0 }
    }
    /// The same rectangle moved by (`dx`,`dy`).
    pub const fn offset(&self, dx: i32, dy: i32) -> Rect {
        Rect { x: self.x + dx, y: self.y + dy, w: self.w, h: self.h }
    }
    pub const fn is_empty(&self) -> bool {
        self.w <= 0 || self.h <= 0
    }
    pub const fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x && y >= self.y && x < self.x + self.w && y < self.y + self.h
    }
}
