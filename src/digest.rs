//! An order-sensitive 64-bit digest (FNV-1a) of many values, for comparing results between
//! machines: the differential compiler suite and RUL replays compute one on the host and on
//! the 68030 and compare them.

/// A small order-sensitive digest (FNV-1a over 64 bits): fold every intermediate result in,
/// so any single wrong value changes the outcome.
#[derive(Clone, Copy)]
pub struct Digest(pub u64);

impl Digest {
    pub const fn new() -> Self {
        Digest(0xcbf2_9ce4_8422_2325)
    }
    pub fn byte(&mut self, b: u8) {
        self.0 ^= b as u64;
        self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
    }
    pub fn bytes(&mut self, bs: &[u8]) {
        for &b in bs {
            self.byte(b);
        }
    }
    pub fn u64(&mut self, v: u64) {
        self.bytes(&v.to_be_bytes());
    }
    pub fn u32(&mut self, v: u32) {
        self.bytes(&v.to_be_bytes());
    }
    pub fn i64(&mut self, v: i64) {
        self.u64(v as u64);
    }
    pub fn bool(&mut self, v: bool) {
        self.byte(v as u8);
    }
    pub fn finish(self) -> u64 {
        self.0
    }
}

impl Default for Digest {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
