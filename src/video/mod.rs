//! Host-only image files for rendering tests: PNG output and input, reference-image checks.

/// PNG output and input for host tests (reference images).
#[cfg(test)]
pub mod png;
/// Reference-image comparison for host rendering tests.
#[cfg(test)]
pub mod reference;
