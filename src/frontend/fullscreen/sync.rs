//! Keeping the two screen buffers alike. The app draws only what changed, into the buffer
//! not shown; after the swap that buffer is shown and the other one lacks the change. So the
//! host copies each damaged rectangle from the shown buffer into the other one, whole 16-pixel
//! groups at a time (both buffers are equal outside the damage, so the few pixels a group
//! adds on either side are copied onto themselves): one job of the aligned copy blitter
//! (`gfx::blit`, whole words, no shifting).

use crate::gfx::{Planar, Rect};

/// Copies rectangle `r` (clipped to the screen) of `front` into `back`, two interleaved
/// 8-plane screens of `width` (a multiple of 16) × `height` pixels. Nothing is copied if a
/// buffer is too small for that screen.
pub fn copy_damage(back: &mut [u16], front: &[u16], width: i32, height: i32, r: Rect) {
    let r = r.intersect(&Rect::new(0, 0, width, height));
    if r.is_empty() {
        return;
    }
    let (Ok(mut to), Ok(from)) = (Planar::new(back, width, height), Planar::new(front, width, height)) else {
        return;
    };
    // The whole groups the rectangle touches.
    let (x0, x1) = (r.x & !15, (r.right() + 15) & !15);
    let groups = Rect::new(x0, r.y, x1 - x0, r.h);
    to.copy_from(&from, groups, groups.x, groups.y);
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
