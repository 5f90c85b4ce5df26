//! [`BlitterStore`]: the blitters a drawing client allocated (`Drawing::blitter_new`), each
//! the saved pixels of a rectangle of the surface.

use alloc::vec::Vec;

use crate::gfx::{BlitterId, Planar, Rect};

/// Saved pixels of one blitter.
struct Blitter {
    w: i32,
    h: i32,
    /// The pixels, in a surface of their own, 16 pixels wider than the blitter rounded up to
    /// 16: the blitter's left edge lies `phase` pixels into it.
    store: Planar<Vec<u16>>,
    /// The surface's x at the last save, modulo 16: pixels keep their place within their
    /// 16-pixel group, so that loading where they were saved copies whole words instead of
    /// shifting every one.
    phase: i32,
    /// The part of the blitter that was on the surface when saved (blitter coordinates);
    /// empty before the first save.
    saved: Rect,
}

/// A client's blitters, by [`BlitterId`] (slot + 1); a freed slot is used again. Allocates
/// only in [`alloc`](BlitterStore::alloc) (when a game starts).
#[derive(Default)]
pub struct BlitterStore {
    slots: Vec<Option<Blitter>>,
}

impl BlitterStore {
    /// No blitters.
    pub const fn new() -> Self {
        BlitterStore { slots: Vec::new() }
    }

    /// A new blitter able to hold a `w`×`h` rectangle.
    pub fn alloc(&mut self, w: i32, h: i32) -> BlitterId {
        let (w, h) = (w.max(0), h.max(0));
        let store = Planar::alloc(((w + 15) & !15) + 16, h).unwrap_or_else(|_| unreachable!("size checked"));
        let b = Blitter { w, h, store, phase: 0, saved: Rect::default() };
        let slot = match self.slots.iter().position(Option::is_none) {
            Some(i) => {
                self.slots[i] = Some(b);
                i
            }
            None => {
                self.slots.push(Some(b));
                self.slots.len() - 1
            }
        };
        BlitterId(slot as u32 + 1)
    }

    /// Frees blitter `id` (nothing if there is none).
    pub fn free(&mut self, id: BlitterId) {
        if let Some(slot) = self.slots.get_mut((id.0 as usize).wrapping_sub(1)) {
            *slot = None;
        }
    }

    /// Saves the pixels of `surface` under blitter `id` placed with its top-left at surface
    /// point (`sx`,`sy`); only what lies on the surface is saved (and later restored).
    pub fn save<S: AsRef<[u16]>>(&mut self, id: BlitterId, surface: &Planar<S>, sx: i32, sy: i32) {
        let bounds = surface.bounds();
        let Some(b) = self.slots.get_mut((id.0 as usize).wrapping_sub(1)).and_then(Option::as_mut) else { return };
        let on = Rect::new(sx, sy, b.w, b.h).intersect(&bounds);
        b.saved = on.offset(-sx, -sy);
        b.phase = sx.rem_euclid(16);
        b.store.copy_from(surface, on, b.saved.x + b.phase, b.saved.y);
    }

    /// Writes blitter `id`'s saved pixels back onto `surface` with its top-left at surface
    /// point (`sx`,`sy`), inside `clip`.
    pub fn load<S: AsRef<[u16]> + AsMut<[u16]>>(
        &self,
        id: BlitterId,
        surface: &mut Planar<S>,
        sx: i32,
        sy: i32,
        clip: Rect,
    ) {
        let Some(b) = self.slots.get((id.0 as usize).wrapping_sub(1)).and_then(Option::as_ref) else { return };
        let dest = b.saved.offset(sx, sy).intersect(&clip);
        let src = dest.offset(b.phase - sx, -sy);
        surface.copy_from(&b.store, src, dest.x, dest.y);
    }

    /// Number of blitters allocated and not freed.
    pub fn in_use(&self) -> usize {
        self.slots.iter().filter(|b| b.is_some()).count()
    }
}
