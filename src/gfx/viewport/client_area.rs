//! [`ClientArea`]: where a drawing client's (0,0) lies on a surface, what it may draw on, and
//! the clip it set inside that.

use crate::gfx::Rect;

/// A drawing client's area on the surface and its current clip (surface coordinates): the
/// clip never exceeds the area, so nothing the client draws lands outside it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ClientArea {
    /// Where the client's (0,0) is and what it may draw on.
    rect: Rect,
    /// The current clip, always inside `rect`.
    clip: Rect,
}

impl ClientArea {
    /// The area `rect`, unclipped.
    pub const fn new(rect: Rect) -> Self {
        ClientArea { rect, clip: rect }
    }
    /// The area on the surface.
    pub fn rect(&self) -> Rect {
        self.rect
    }
    /// Moves or resizes the area; the clip is reset to it.
    pub fn set(&mut self, rect: Rect) {
        self.rect = rect;
        self.clip = rect;
    }
    /// The current clip.
    pub fn clip(&self) -> Rect {
        self.clip
    }
    /// Clips to `r` (surface coordinates) within the area.
    pub fn set_clip(&mut self, r: Rect) {
        self.clip = r.intersect(&self.rect);
    }
    /// The clip is the whole area again.
    pub fn unclip(&mut self) {
        self.clip = self.rect;
    }
    /// The surface point of the client's (`x`,`y`).
    pub fn to_surface(&self, x: i32, y: i32) -> (i32, i32) {
        (x + self.rect.x, y + self.rect.y)
    }
}
