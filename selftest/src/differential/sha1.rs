//! SHA-1 written from FIPS 180-4: 32-bit rotates, additions and big-endian message words, in
//! a tight loop with the whole state in registers (more live values than the 68030 has data
//! registers). Known answers are checked on the host; the differential cases compare the
//! digests of several messages, including block-boundary lengths.

use alloc::vec::Vec;
use core::hint::black_box;
use falcon_puzzles::digest::Digest;

/// Incremental SHA-1.
pub struct Sha1 {
    h: [u32; 5],
    block: [u8; 64],
    used: usize,
    total_len: u64,
}

impl Default for Sha1 {
    fn default() -> Self {
        Self::new()
    }
}

impl Sha1 {
    pub fn new() -> Self {
        Sha1 {
            h: [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0],
            block: [0; 64],
            used: 0,
            total_len: 0,
        }
    }

    fn compress(h: &mut [u32; 5], block: &[u8; 64]) {
        let mut w = [0u32; 80];
        for (i, c) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
        }
        for i in 16..80 {
            w[i] = (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotate_left(1);
        }
        let [mut a, mut b, mut c, mut d, mut e] = *h;
        for (i, &wi) in w.iter().enumerate() {
            let (f, k) = match i {
                0..=19 => ((b & c) | (!b & d), 0x5A82_7999),
                20..=39 => (b ^ c ^ d, 0x6ED9_EBA1),
                40..=59 => ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC),
                _ => (b ^ c ^ d, 0xCA62_C1D6),
            };
            let t = a.rotate_left(5).wrapping_add(f).wrapping_add(e).wrapping_add(k).wrapping_add(wi);
            e = d;
            d = c;
            c = b.rotate_left(30);
            b = a;
            a = t;
        }
        for (hv, v) in h.iter_mut().zip([a, b, c, d, e]) {
            *hv = hv.wrapping_add(v);
        }
    }

    pub fn update(&mut self, mut data: &[u8]) {
        self.total_len = self.total_len.wrapping_add(data.len() as u64);
        while !data.is_empty() {
            let n = (64 - self.used).min(data.len());
            self.block[self.used..self.used + n].copy_from_slice(&data[..n]);
            self.used += n;
            data = &data[n..];
            if self.used == 64 {
                Self::compress(&mut self.h, &self.block);
                self.used = 0;
            }
        }
    }

    pub fn finish(mut self) -> [u8; 20] {
        let bits = self.total_len.wrapping_mul(8);
        self.update(&[0x80]);
        while self.used != 56 {
            self.update(&[0]);
        }
        self.update(&bits.to_be_bytes());
        let mut out = [0u8; 20];
        for (o, h) in out.chunks_exact_mut(4).zip(self.h) {
            o.copy_from_slice(&h.to_be_bytes());
        }
        out
    }
}

/// SHA-1 of one message.
pub fn sha1(data: &[u8]) -> [u8; 20] {
    let mut s = Sha1::new();
    s.update(data);
    s.finish()
}

falcon_puzzles::value_cases! {
    fn sha1_abc() -> u64 {
        let mut d = Digest::new();
        d.bytes(&sha1(black_box(b"abc")));
        d.finish()
    }

    fn sha1_empty_and_fox() -> u64 {
        let mut d = Digest::new();
        d.bytes(&sha1(black_box(b"")));
        d.bytes(&sha1(black_box(b"The quick brown fox jumps over the lazy dog")));
        d.finish()
    }

    /// Lengths around the padding boundaries (55, 56, 63, 64, 65 bytes).
    fn sha1_block_boundaries() -> u64 {
        let mut d = Digest::new();
        let msg: Vec<u8> = (0..black_box(130u32)).map(|i| (i * 7 + 1) as u8).collect();
        for len in [1usize, 55, 56, 57, 63, 64, 65, 119, 120, 128] {
            d.bytes(&sha1(&msg[..len]));
        }
        d.finish()
    }

    /// Incremental updates in odd-sized pieces must equal the one-shot digest.
    fn sha1_incremental() -> u64 {
        let mut d = Digest::new();
        let msg: Vec<u8> = (0..black_box(700u32)).map(|i| (i ^ (i >> 4)) as u8).collect();
        let whole = sha1(&msg);
        let mut s = Sha1::new();
        for piece in msg.chunks(37) { s.update(piece); }
        let parts = s.finish();
        d.bytes(&whole);
        d.bool(whole == parts);
        d.finish()
    }

    /// A chain: each digest is hashed again (about 25 compressions).
    fn sha1_chain() -> u64 {
        let mut d = Digest::new();
        let mut h = sha1(black_box(b"falcon"));
        for _ in 0..24 {
            h = sha1(&h);
        }
        d.bytes(&h);
        d.finish()
    }
}

#[cfg(test)]
mod tests;
