//! Keeping the two screen buffers alike. The app draws only what changed, into the buffer
//! not shown; after the swap that buffer is shown and the other one lacks the change. So the
//! host copies each damaged rectangle from the shown buffer into the other one, whole 16-pixel
//! groups at a time (both buffers are equal outside the damage, so the few pixels a group
//! adds on either side are copied onto themselves): line by line, one block copy each.

use crate::gfx::Rect;

/// Bitplanes of a 256-colour screen: words per 16-pixel group.
const PLANES: usize = 8;

/// Copies rectangle `r` (clipped to the screen) of `front` into `back`, two interleaved
/// 8-plane screens of `width` (a multiple of 16) × `height` pixels.
pub fn copy_damage(back: &mut [u16], front: &[u16], width: i32, height: i32, r: Rect) {
    let r = r.intersect(&Rect::new(0, 0, width, height));
    if r.is_empty() {
        return;
    }
    let line_words = width as usize / 16 * PLANES;
    let first = r.x as usize / 16 * PLANES;
    let last = (r.right() as usize).div_ceil(16) * PLANES;
    for y in r.y as usize..r.bottom() as usize {
        let (a, b) = (y * line_words + first, y * line_words + last);
        if let (Some(to), Some(from)) = (back.get_mut(a..b), front.get(a..b)) {
            to.copy_from_slice(from);
        }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
