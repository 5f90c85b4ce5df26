//! Falcon Puzzles on the development PC: what only the PC needs and the Falcon never runs.
//!
//! - [`png`]: writing and reading PNG files (indexed or RGB pixels).
//! - [`reference`]: comparing a rendered image with a committed reference PNG.
//!
//! Everything takes plain data — a width, a height, palette indices and an RGB palette, or
//! RGB pixels — so that this crate depends on nothing of the project and any crate (the core's
//! tests, the host tools) can use it without a dependency cycle.

pub mod image;
pub mod png;
pub mod reference;

pub use image::{IndexedImage, Rgb, RgbImage};
