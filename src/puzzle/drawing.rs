//! The drawing API now lives in the graphics layer ([`crate::gfx`]); these names stay here
//! for code written against `puzzle::drawing` until it imports from `gfx` (the mid end).

pub use crate::gfx::{
    BlitterId, ColourIndex, DrawOp, Drawing, Font, HAlign, NullDrawing, RecordingDrawing, Rect, VAlign,
};
