//! A number as decimal text on the stack, for drawing it in a frame without allocating
//! (`format!` makes a `String` on the heap each time: the project's rule is that nothing
//! allocates in a frame).

/// The decimal digits of a `u32`, most significant first.
#[derive(Clone, Copy, Debug)]
pub struct Decimal {
    digits: [u8; 10],
    start: usize,
}

impl Decimal {
    pub fn new(mut value: u32) -> Decimal {
        let mut d = Decimal { digits: [0; 10], start: 10 };
        loop {
            d.start -= 1;
            d.digits[d.start] = b'0' + (value % 10) as u8;
            value /= 10;
            if value == 0 {
                return d;
            }
        }
    }

    pub fn as_str(&self) -> &str {
        // Only ASCII digits are ever written.
        core::str::from_utf8(&self.digits[self.start..]).unwrap_or("")
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
