//! Pseudo-random generators as the games use them (level generation, shuffles, AI): xorshift32,
//! xorshift64, a 32-bit LCG, a 64-bit LCG with output permutation (PCG-style), range
//! reduction by modulo and by multiply-high, and Fisher-Yates shuffles. Deterministic
//! sequences are the contract: a seed must give the same game on both machines.

use core::hint::black_box;
use falcon_puzzles::digest::Digest;

/// Marsaglia's xorshift32 (13, 17, 5).
pub struct XorShift32(pub u32);

impl XorShift32 {
    pub fn next_u32(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }

    /// Uniform-ish in 0..n by the multiply-high method (no division).
    pub fn below(&mut self, n: u32) -> u32 {
        ((self.next_u32() as u64 * n as u64) >> 32) as u32
    }
}

/// Marsaglia's xorshift64 (13, 7, 17).
pub struct XorShift64(pub u64);

impl XorShift64 {
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

/// The LCG of Numerical Recipes (a = 1664525, c = 1013904223, mod 2^32).
pub struct Lcg32(pub u32);

impl Lcg32 {
    pub fn next_u32(&mut self) -> u32 {
        self.0 = self.0.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        self.0
    }
}

/// 64-bit LCG (Knuth's MMIX constants) with an xorshift-rotate output (PCG XSH-RR).
pub struct Pcg32(pub u64);

impl Pcg32 {
    pub fn next_u32(&mut self) -> u32 {
        let old = self.0;
        self.0 = old.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        let rot = (old >> 59) as u32;
        xorshifted.rotate_right(rot)
    }
}

falcon_puzzles::value_cases! {
    fn xorshift32_sequence() -> u64 {
        let mut d = Digest::new();
        let mut r = XorShift32(black_box(1));
        for _ in 0..500 { d.u32(r.next_u32()); }
        d.finish()
    }

    fn xorshift64_sequence() -> u64 {
        let mut d = Digest::new();
        let mut r = XorShift64(black_box(88_172_645_463_325_252));
        for _ in 0..300 { d.u64(r.next_u64()); }
        d.finish()
    }

    fn lcg32_sequence_and_bits() -> u64 {
        let mut d = Digest::new();
        let mut r = Lcg32(black_box(0));
        let mut ones = [0u32; 32];
        for _ in 0..500 {
            let x = r.next_u32();
            d.u32(x);
            for (b, o) in ones.iter_mut().enumerate() { *o += (x >> b) & 1; }
        }
        for o in ones { d.u32(o); }
        d.finish()
    }

    fn pcg32_sequence() -> u64 {
        let mut d = Digest::new();
        let mut r = Pcg32(black_box(0x853c_49e6_748f_ea9b));
        for _ in 0..300 { d.u32(r.next_u32()); }
        d.finish()
    }

    fn range_reduction_methods() -> u64 {
        let mut d = Digest::new();
        let mut r = XorShift32(black_box(2_463_534_242));
        let mut hist_mod = [0u16; 10];
        let mut hist_mul = [0u16; 10];
        for _ in 0..1000 {
            let x = r.next_u32();
            hist_mod[(x % 10) as usize] += 1;
            hist_mul[((x as u64 * 10) >> 32) as usize] += 1;
        }
        for h in hist_mod.iter().chain(hist_mul.iter()) { d.u32(*h as u32); }
        for n in [1u32, 2, 3, 7, 100, 65_536, 1 << 31, u32::MAX] { d.u32(r.below(black_box(n))); }
        d.finish()
    }

    fn fisher_yates_shuffles() -> u64 {
        let mut d = Digest::new();
        let mut r = Pcg32(black_box(42));
        let mut deck: [u8; 52] = core::array::from_fn(|i| i as u8);
        for _ in 0..8 {
            for i in (1..deck.len()).rev() {
                let j = (r.next_u32() % (i as u32 + 1)) as usize;
                deck.swap(i, j);
            }
            d.bytes(&deck);
        }
        let mut sorted = deck;
        sorted.sort_unstable();
        d.bool(sorted.iter().enumerate().all(|(i, &c)| c == i as u8));
        d.finish()
    }

    fn random_level_generation() -> u64 {
        // A 16x12 maze-ish board from a seed: walls, then random walks carving floor.
        let mut d = Digest::new();
        let mut r = XorShift32(black_box(0xC0FFEE));
        let mut board = [b'#'; 16 * 12];
        let (mut x, mut y) = (8i32, 6i32);
        for _ in 0..400 {
            board[(y * 16 + x) as usize] = b' ';
            match r.below(4) {
                0 if x > 1 => x -= 1,
                1 if x < 14 => x += 1,
                2 if y > 1 => y -= 1,
                3 if y < 10 => y += 1,
                _ => {}
            }
        }
        for _ in 0..5 {
            let p = r.below(16 * 12) as usize;
            if board[p] == b' ' { board[p] = b'$'; }
        }
        d.bytes(&board);
        d.u32(board.iter().filter(|&&c| c == b' ').count() as u32);
        d.finish()
    }
}

#[cfg(test)]
mod tests;
