//! [`isqrt`]: the integer square root, for the graphics layer (circles, thick lines) and the
//! games above it (Untangle's grid).

/// Integer square root (floor), by the bit-by-bit method: no division, no 64-bit arithmetic
/// (64-bit division would pull a libgcc routine into the 68030 build).
pub fn isqrt(n: u32) -> u32 {
    let mut rem = n;
    let mut root = 0u32;
    let mut bit = 1u32 << 30;
    while bit > rem {
        bit >>= 2;
    }
    while bit != 0 {
        if rem >= root + bit {
            rem -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    root
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
