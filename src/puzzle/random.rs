//! Deterministic random numbers, following the contract of the Tatham developer guide
//! (chapter "Utility APIs", `random_new` / `random_bits` / `random_upto`).
//!
//! The point of this generator is not quality but *portability*: the same seed string gives
//! the same stream of numbers on every machine, so a game ID `params#seed` printed on the host
//! generates exactly the same puzzle on the 68030 (and in Tatham's own collection, for puzzles
//! whose generators we reproduce faithfully, such as Fifteen).
//!
//! The construction is Tatham's: a 40-byte seed buffer (SHA-1 of the seed, then SHA-1 of
//! that), a 20-byte data buffer holding SHA-1 of the seed buffer, consumed one byte at a time;
//! when the data buffer runs out, the first 20 bytes of the seed buffer are incremented as a
//! little-endian counter and the data buffer is recomputed. Only integer arithmetic is used,
//! and all of it on `u32`, so the 68030 and the host agree bit for bit.

use alloc::string::String;
use alloc::vec::Vec;

/// A SHA-1 digest computer (FIPS 180-1), written for `no_std`: no tables, no allocation.
///
/// Only what the random generator needs: feed bytes, then finish into 20 bytes.
#[derive(Clone)]
pub struct Sha1 {
    h: [u32; 5],
    block: [u8; 64],
    used: usize,
    total_len: u64,
}

impl Sha1 {
    /// A fresh digest state with the standard initial values.
    pub fn new() -> Self {
        Sha1 {
            h: [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0],
            block: [0; 64],
            used: 0,
            total_len: 0,
        }
    }

    /// Adds bytes to the message.
    pub fn update(&mut self, mut data: &[u8]) {
        self.total_len = self.total_len.wrapping_add(data.len() as u64);
        while !data.is_empty() {
            let take = (64 - self.used).min(data.len());
            self.block[self.used..self.used + take].copy_from_slice(&data[..take]);
            self.used += take;
            data = &data[take..];
            if self.used == 64 {
                let block = self.block;
                self.compress(&block);
                self.used = 0;
            }
        }
    }

    /// Pads the message and returns the 20-byte digest.
    pub fn finish(mut self) -> [u8; 20] {
        let bit_len = self.total_len.wrapping_mul(8);
        let mut pad = [0u8; 72];
        pad[0] = 0x80;
        // Pad so that used + padlen ≡ 56 (mod 64), then the 8-byte length.
        let padlen = if self.used < 56 { 56 - self.used } else { 120 - self.used };
        let saved_len = self.total_len;
        self.update(&pad[..padlen]);
        self.update(&bit_len.to_be_bytes());
        self.total_len = saved_len;
        debug_assert_eq!(self.used, 0);
        let mut out = [0u8; 20];
        for (i, word) in self.h.iter().enumerate() {
            out[i * 4..i * 4 + 4].copy_from_slice(&word.to_be_bytes());
        }
        out
    }

    /// One-shot digest of a byte string (Tatham's `SHA_Simple`).
    pub fn digest(data: &[u8]) -> [u8; 20] {
        let mut s = Sha1::new();
        s.update(data);
        s.finish()
    }

    fn compress(&mut self, block: &[u8; 64]) {
        let mut w = [0u32; 80];
        for i in 0..16 {
            w[i] = u32::from_be_bytes([block[4 * i], block[4 * i + 1], block[4 * i + 2], block[4 * i + 3]]);
        }
        for i in 16..80 {
            w[i] = (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotate_left(1);
        }
        let [mut a, mut b, mut c, mut d, mut e] = self.h;
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
        self.h[0] = self.h[0].wrapping_add(a);
        self.h[1] = self.h[1].wrapping_add(b);
        self.h[2] = self.h[2].wrapping_add(c);
        self.h[3] = self.h[3].wrapping_add(d);
        self.h[4] = self.h[4].wrapping_add(e);
    }
}

impl Default for Sha1 {
    fn default() -> Self {
        Self::new()
    }
}

/// Tatham's `random_state`. `Clone` is `random_copy`: a copy produces the same stream.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RandomState {
    seedbuf: [u8; 40],
    databuf: [u8; 20],
    pos: usize,
}

impl RandomState {
    /// `random_new`: any bytes at all make a seed (game IDs use the text after `#`).
    pub fn new(seed: &[u8]) -> Self {
        let mut seedbuf = [0u8; 40];
        let first = Sha1::digest(seed);
        seedbuf[..20].copy_from_slice(&first);
        let second = Sha1::digest(&first);
        seedbuf[20..].copy_from_slice(&second);
        let databuf = Sha1::digest(&seedbuf);
        RandomState { seedbuf, databuf, pos: 0 }
    }

    /// `random_bits`: a number in `0 .. 2^bits`, for `bits` in 1..=32.
    ///
    /// Bytes are taken whole (big-endian accumulation) and the surplus high bits masked off,
    /// exactly as the reference does, so that streams match byte for byte.
    pub fn bits(&mut self, bits: u32) -> u32 {
        debug_assert!((1..=32).contains(&bits));
        let mut ret: u64 = 0;
        let mut n = 0;
        while n < bits {
            if self.pos >= 20 {
                for b in self.seedbuf[..20].iter_mut() {
                    if *b != 0xFF {
                        *b += 1;
                        break;
                    }
                    *b = 0;
                }
                self.databuf = Sha1::digest(&self.seedbuf);
                self.pos = 0;
            }
            ret = (ret << 8) | self.databuf[self.pos] as u64;
            self.pos += 1;
            n += 8;
        }
        (ret & ((1u64 << bits) - 1)) as u32
    }

    /// `random_upto`: a uniformly distributed number in `0 .. limit` (`limit` ≥ 1, < 2^28).
    ///
    /// Rejection sampling over `bits(limit) + 3` bits, as in the reference.
    pub fn upto(&mut self, limit: u32) -> u32 {
        debug_assert!(limit >= 1);
        let mut bits = 0;
        while bits < 32 && (limit >> bits) != 0 {
            bits += 1;
        }
        bits += 3;
        debug_assert!(bits < 32);
        let max = 1u32 << bits;
        let divisor = max / limit;
        let max = limit * divisor;
        loop {
            let data = self.bits(bits);
            if data < max {
                return data / divisor;
            }
        }
    }

    /// `shuffle`: Fisher–Yates from the top, using `upto(i + 1)`, the reference order.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        let mut i = items.len();
        while i > 1 {
            i -= 1;
            let j = self.upto(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// `random_state_encode`: the whole state as printable hex (seed buffer, data buffer,
    /// position), so that a save file can carry a generator mid-stream.
    pub fn encode(&self) -> String {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut s = String::with_capacity(122);
        for &b in self.seedbuf.iter().chain(self.databuf.iter()).chain(core::iter::once(&(self.pos as u8))) {
            s.push(HEX[(b >> 4) as usize] as char);
            s.push(HEX[(b & 15) as usize] as char);
        }
        s
    }

    /// Inverse of [`encode`](Self::encode). Unlike the reference (which silently accepts
    /// garbage), a malformed encoding is an error with the offending character position.
    pub fn decode(input: &str) -> Result<Self, (usize, &'static str)> {
        let bytes = input.as_bytes();
        if bytes.len() != 122 {
            return Err((bytes.len().min(122), "random state must be 122 hex digits"));
        }
        let mut out: Vec<u8> = Vec::with_capacity(61);
        for (i, pair) in bytes.chunks(2).enumerate() {
            let mut v = 0u8;
            for (k, &c) in pair.iter().enumerate() {
                let d = match c {
                    b'0'..=b'9' => c - b'0',
                    b'a'..=b'f' => c - b'a' + 10,
                    b'A'..=b'F' => c - b'A' + 10,
                    _ => return Err((2 * i + k, "not a hex digit")),
                };
                v = (v << 4) | d;
            }
            out.push(v);
        }
        if out[60] > 20 {
            return Err((120, "position beyond the data buffer"));
        }
        let mut seedbuf = [0u8; 40];
        seedbuf.copy_from_slice(&out[..40]);
        let mut databuf = [0u8; 20];
        databuf.copy_from_slice(&out[40..60]);
        Ok(RandomState { seedbuf, databuf, pos: out[60] as usize })
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
