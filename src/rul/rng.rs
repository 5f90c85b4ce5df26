//! The seeded pseudo-random generator behind `$58`, `$59`, `$68`, `$69`: xorshift32, which
//! needs only shifts and XORs (cheap on the 68030) and is identical on every machine.

/// `repr(transparent)`: the 68030 executor steps the state in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct Rng(u32);

impl Rng {
    /// A generator from a seed (0 is replaced by a fixed non-zero constant).
    pub fn new(seed: u32) -> Rng {
        Rng(if seed == 0 { 0x9E37_79B9 } else { seed })
    }
    pub fn next_u32(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }
    /// `$58`: signed 16 bits.
    pub fn signed16(&mut self) -> i32 {
        (self.next_u32() >> 16) as u16 as i16 as i32
    }
    /// `$59`: signed 32 bits.
    pub fn signed32(&mut self) -> i32 {
        self.next_u32() as i32
    }
    /// `$68`: 15 bits, ≥ 0.
    pub fn positive15(&mut self) -> i32 {
        (self.next_u32() >> 17) as i32
    }
    /// `$69`: 31 bits, ≥ 0.
    pub fn positive31(&mut self) -> i32 {
        (self.next_u32() >> 1) as i32
    }
}
