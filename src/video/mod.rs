//! Screen memory in the Falcon's formats, independent of TOS (usable by every front end and by
//! host tests).

pub mod font5x7;
pub mod planar;

/// PNG output and input for host tests (reference images).
#[cfg(test)]
pub mod png;
/// Reference-image comparison for host rendering tests.
#[cfg(test)]
pub mod reference;
