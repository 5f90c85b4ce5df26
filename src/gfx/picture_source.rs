//! [`PictureSource`]: a picture that a game paints with [`Drawing::draw_picture`]
//! (Slide's tiles), supplied by whoever owns the drawing's [`Viewport`](super::Viewport)
//! (the app: a built-in picture or one the player loaded).
//!
//! The game only says where the picture's square goes and how big it is; the source renders
//! the picture once per size as a surface of pens (absolute pens, chosen by its owner), and
//! the canvas copies the part inside the clip with the copy blitter. A drawing without a
//! source answers `false`, and the game paints its own picture instead.
//!
//! [`Drawing::draw_picture`]: super::Drawing::draw_picture

use alloc::vec::Vec;

use super::{Colour, Planar};

/// A picture that can be rendered at any size.
pub trait PictureSource {
    /// The picture `side` pixels square, as pens (width rounded up to a multiple of 16);
    /// `None` if it cannot be had at that size (no memory). Renders only when the size
    /// changed since the last call: allocation happens at game start and resize, not per frame.
    fn at_side(&mut self, side: i32) -> Option<&Planar<Vec<u16>>>;
    /// The first pen the rendered picture uses and the colours of it and the pens after it
    /// (valid after `at_side`).
    fn pens(&self) -> (u8, &[Colour]);
    /// The picture's name (menus, save files).
    fn name(&self) -> &str;
}
