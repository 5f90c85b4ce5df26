//! [`Viewport`]: what a drawing client (a puzzle, a built-in picture being rendered) keeps
//! from one batch of drawing to the next, one part per concern:
//!
//! - [`ClientArea`]: where its (0,0) lies on the surface, what it may draw on, and its clip;
//! - [`PenMap`]: the pen each of its colour indices is drawn with;
//! - [`Damage`]: the rectangles it reported changed (`draw_update`);
//! - [`BlitterStore`]: its blitters;
//! - [`StatusText`]: the status-bar text it set, which the canvas only keeps;
//! - the [`PictureSource`] `Drawing::draw_picture` paints, if the owner supplied one.
//!
//! Whoever lays out the screen (the app) owns one viewport per client and, for each batch
//! of drawing, lends it with the surface to a [`Canvas`](super::Canvas), which the client
//! sees as `&mut dyn Drawing`; between batches it reads or sets the part it is concerned
//! with (the status bar's text, the damage for the front end, the area at a new layout).
//! Nothing here allocates after the viewport is made, except blitters
//! ([`BlitterStore::alloc`], when a game starts).

pub mod blitter_store;
pub mod client_area;
pub mod pen_map;
pub mod status_text;

use alloc::boxed::Box;

pub use blitter_store::BlitterStore;
pub use client_area::ClientArea;
pub use pen_map::PenMap;
pub use status_text::StatusText;

use super::raster::polygon::PolygonFill;
use super::{Damage, PictureSource, Rect};

/// A drawing client's place on a surface and everything it keeps between batches.
pub struct Viewport {
    pub area: ClientArea,
    pub pens: PenMap,
    pub damage: Damage,
    pub blitters: BlitterStore,
    pub status: StatusText,
    /// The picture `Drawing::draw_picture` paints, if the owner supplied one.
    pub picture: Option<Box<dyn PictureSource>>,
    /// The polygon the canvas is filling, and the scratch space of the fill.
    pub(super) polygon: PolygonFill,
}

impl Viewport {
    /// A viewport on `area`, colour index `i` drawn with pen `i`; no damage, blitters,
    /// status text or picture.
    pub fn new(area: Rect) -> Self {
        Viewport {
            area: ClientArea::new(area),
            pens: PenMap::new(),
            damage: Damage::new(),
            blitters: BlitterStore::new(),
            status: StatusText::new(),
            picture: None,
            polygon: PolygonFill::new(),
        }
    }
}
