//! Screen memory in the Falcon's formats, independent of TOS (usable by every front end and by
//! host tests).

pub mod font5x7;
// Clippy findings in planar.rs, left to the graphics layer that replaces it (gfx).
#[allow(clippy::chunks_exact_to_as_chunks, clippy::manual_contains)]
pub mod planar;

/// Rendering tests against reference images (the comparison itself is in falcon-host).
#[cfg(test)]
pub mod reference;
