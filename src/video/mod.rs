//! Screen memory in the Falcon's formats, independent of TOS (usable by every front end and by
//! host tests).

pub mod font5x7;
pub mod planar;

/// Rendering tests against reference images (the comparison itself is in falcon-host).
#[cfg(test)]
pub mod reference;
