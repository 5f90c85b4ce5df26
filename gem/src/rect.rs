//! The one rectangle type of the bindings: GEM's GRECT (x, y, width, height), in pixels.
//!
//! The AES speaks GRECT everywhere (window sizes, messages, `objc_draw` clips). The VDI
//! speaks corners: `pxyarray` = x1, y1, x2, y2 with both corners **inside** the rectangle
//! (`vs_clip`, `vr_recfl`, `vro_cpyfm`). [`Rect::to_corners`] and [`Rect::from_corners`] are
//! the only conversions between the two.

/// A rectangle in screen pixels: its top-left corner and its size. A width or height of 0
/// or less is empty (the end of a window's rectangle list is `0, 0, 0, 0`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rect {
    pub x: i16,
    pub y: i16,
    pub w: i16,
    pub h: i16,
}

impl Rect {
    pub const fn new(x: i16, y: i16, w: i16, h: i16) -> Self {
        Rect { x, y, w, h }
    }

    /// No pixel.
    pub const fn is_empty(&self) -> bool {
        self.w <= 0 || self.h <= 0
    }

    /// The VDI's form: first and last pixel, both inclusive (`x1, y1, x2, y2`). An empty
    /// rectangle gives a last corner before the first.
    pub const fn to_corners(&self) -> [i16; 4] {
        [self.x, self.y, self.x + self.w - 1, self.y + self.h - 1]
    }

    /// From the VDI's form, corners in either order (the VDI sorts them too).
    pub fn from_corners(c: [i16; 4]) -> Self {
        let (x1, x2) = if c[0] <= c[2] { (c[0], c[2]) } else { (c[2], c[0]) };
        let (y1, y2) = if c[1] <= c[3] { (c[1], c[3]) } else { (c[3], c[1]) };
        Rect { x: x1, y: y1, w: x2 - x1 + 1, h: y2 - y1 + 1 }
    }

    /// The four words as the AES arrays carry them: x, y, w, h.
    pub const fn to_words(&self) -> [i16; 4] {
        [self.x, self.y, self.w, self.h]
    }

    /// From four consecutive AES words (x, y, w, h).
    pub const fn from_words(w: [i16; 4]) -> Self {
        Rect { x: w[0], y: w[1], w: w[2], h: w[3] }
    }

    /// The common part, or `None` when they do not overlap (the step of every redraw:
    /// a window's visible rectangle against the area to draw).
    pub fn intersect(&self, other: &Rect) -> Option<Rect> {
        if self.is_empty() || other.is_empty() {
            return None;
        }
        let x1 = self.x.max(other.x);
        let y1 = self.y.max(other.y);
        let x2 = (self.x as i32 + self.w as i32).min(other.x as i32 + other.w as i32);
        let y2 = (self.y as i32 + self.h as i32).min(other.y as i32 + other.h as i32);
        if x2 <= x1 as i32 || y2 <= y1 as i32 {
            return None;
        }
        Some(Rect { x: x1, y: y1, w: (x2 - x1 as i32) as i16, h: (y2 - y1 as i32) as i16 })
    }

    /// Whether the pixel (`px`, `py`) is inside.
    pub fn contains(&self, px: i16, py: i16) -> bool {
        !self.is_empty()
            && px >= self.x
            && py >= self.y
            && (px as i32) < self.x as i32 + self.w as i32
            && (py as i32) < self.y as i32 + self.h as i32
    }

    /// Whether `other` lies entirely inside (an empty rectangle lies inside anything).
    pub fn covers(&self, other: &Rect) -> bool {
        other.is_empty()
            || (other.x >= self.x
                && other.y >= self.y
                && other.x as i32 + other.w as i32 <= self.x as i32 + self.w as i32
                && other.y as i32 + other.h as i32 <= self.y as i32 + self.h as i32)
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
