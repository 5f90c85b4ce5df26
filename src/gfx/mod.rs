//! The graphics layer: everything that draws, below both the puzzle framework and TETRHEX.
//!
//! - [`Rect`], [`Colour`] and [`Palette`]: pixels, colours and pens.
//! - [`Drawing`]: Tatham's drawing API, the only way back ends and screens draw
//!   ([`NullDrawing`] and [`RecordingDrawing`] for headless use and tests).
//! - [`Planar`]: an 8-plane interleaved 256-colour surface over any storage (an owned
//!   buffer, screen RAM, an off-screen buffer), with the raw primitives the 68030 front end
//!   will replace by blitters.
//! - [`Canvas`]: `Drawing` on a surface, through a [`Viewport`]: the parts a drawing client
//!   keeps between batches, each its own type (its area and clip, its pen map, what changed
//!   ([`Damage`]), its blitters, its status text).
//! - [`raster`]: the rasterisation algorithms the canvas draws with (lines, polygon scan
//!   conversion, circles, [`isqrt`](raster::isqrt())), on a surface inside a clip.
//! - [`font5x7`]: the font text is drawn with.
//!
//! `no_std`, integer only, nothing of the project imported: layout (where a puzzle sits, where
//! its status bar goes) belongs to whoever lays out the screen, not to this layer.

pub mod blit;
pub mod canvas;
pub mod colour;
pub mod damage;
pub mod decimal;
pub mod drawing;
pub mod font5x7;
pub mod font8x16;
pub mod picture_source;
pub mod planar;
pub mod raster;
pub mod recording;
pub mod rect;
pub mod sprite;
#[cfg(any(test, feature = "target-tests"))]
pub mod test_screen;
pub mod text;
pub mod viewport;

pub use canvas::Canvas;
pub use colour::{Colour, Palette};
pub use damage::Damage;
pub use decimal::Decimal;
pub use drawing::{BlitterId, ColourIndex, Drawing, Font, HAlign, NullDrawing, VAlign};
pub use picture_source::PictureSource;
pub use planar::{PLANES, Planar, PlanarError};
pub use recording::{DrawOp, RecordingDrawing};
pub use rect::Rect;
pub use sprite::Sprite;
pub use viewport::Viewport;
