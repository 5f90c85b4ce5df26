//! Integer arithmetic at 8, 16, 32 and 64 bits, signed and unsigned: add/sub/mul, division
//! and remainder (by variables and by constants, which LLVM turns into multiply-high
//! sequences), shifts and rotates by every amount 0..BITS (both by a variable, which is a
//! register shift, and by each literal, which is an immediate shift or a swap/byte trick),
//! and the checked/wrapping/saturating/overflowing families.
//!
//! The kernels are written once in a macro and instantiated per type, so each type gets its
//! own machine code (the 68030 has different instruction sizes .b/.w/.l and no 64-bit
//! registers: 64-bit code is pairs of registers plus library calls).

use falcon_puzzles::digest::Digest;

/// The integer kernels digest thousands of values; on the 68030 every byte fed to [`Digest`]
/// costs a 64-bit multiply (`__muldi3`). `Fold` first combines values with a rotate, xor and
/// add (each step a bijection, so any single wrong value changes the folded word) and feeds
/// the Digest one word per eight values: the same sensitivity at a fraction of the cost.
pub(crate) struct Fold {
    digest: Digest,
    word: u64,
    pending: u32,
}

impl Fold {
    pub(crate) fn new() -> Self {
        Fold { digest: Digest::new(), word: 0, pending: 0 }
    }
    fn mix(&mut self, v: u64) {
        self.word = (self.word.rotate_left(7) ^ v).wrapping_add(0x9e37_79b9_7f4a_7c15);
        self.pending += 1;
        if self.pending == 8 {
            self.digest.u64(self.word);
            self.pending = 0;
        }
    }
    pub(crate) fn byte(&mut self, b: u8) {
        self.mix(b as u64 | 0x100);
    }
    pub(crate) fn bytes(&mut self, bs: &[u8]) {
        let mut v = bs.len() as u64;
        for &b in bs {
            v = v << 8 | b as u64;
        }
        self.mix(v);
    }
    pub(crate) fn u32(&mut self, v: u32) {
        self.mix(v as u64 | 0x4_0000_0000);
    }
    pub(crate) fn u64(&mut self, v: u64) {
        self.mix(v);
    }
    pub(crate) fn bool(&mut self, v: bool) {
        self.mix(v as u64 | 0x200);
    }
    pub(crate) fn finish(mut self) -> u64 {
        self.digest.u64(self.word);
        self.digest.u32(self.pending);
        self.digest.finish()
    }
}

/// Instantiates the arithmetic kernels for one integer type in module `$m`. `$shifts` lists
/// every shift amount 0..BITS as literals, for the immediate-shift tests.
macro_rules! int_kernels {
    ($m:ident, $t:ty, [$($s:literal)*]) => {
        pub(super) mod $m {
            use super::Fold;
            use core::hint::black_box;

            type T = $t;
            const BITS: u32 = T::BITS;

            /// Values at and near every boundary of the type, plus some bit patterns.
            fn samples() -> [T; 14] {
                let one: T = 1;
                black_box([
                    0,
                    1,
                    2,
                    3,
                    7,
                    one.wrapping_neg(),
                    (7 as T).wrapping_neg(),
                    T::MAX,
                    T::MAX - 1,
                    T::MIN,
                    T::MIN.wrapping_add(1),
                    T::MAX / 2,
                    (T::MAX / 2).wrapping_add(1),
                    0x5a5a_5a5a_5a5a_5a5au64 as T,
                ])
            }

            // Not inlined: with 64 unrolled shifts per sample, inlining the digest made
            // single functions larger than 32 KiB, beyond a 68k branch's 16-bit reach.
            #[inline(never)]
            fn put(d: &mut Fold, v: T) {
                d.bytes(&v.to_be_bytes());
            }

            fn put_opt(d: &mut Fold, v: Option<T>) {
                match v {
                    Some(v) => {
                        d.byte(1);
                        put(d, v);
                    }
                    None => d.byte(0xee),
                }
            }

            fn put_pair(d: &mut Fold, (v, o): (T, bool)) {
                put(d, v);
                d.bool(o);
            }

            /// True when `a / b` is defined (b != 0 and not MIN / -1).
            fn divisible(a: T, b: T) -> bool {
                let minus_one = (1 as T).wrapping_neg();
                b != 0 && !(T::MIN != 0 && a == T::MIN && b == minus_one)
            }

            pub fn add_sub_mul() -> u64 {
                let mut d = Fold::new();
                let s = samples();
                for &a in &s {
                    for &b in &s {
                        put(&mut d, a.wrapping_add(b));
                        put(&mut d, a.wrapping_sub(b));
                        put(&mut d, a.wrapping_mul(b));
                    }
                }
                // A running accumulation mixes the operations with data dependencies.
                let mut acc: T = black_box(1);
                for i in 0..200u32 {
                    let x = i as T;
                    acc = acc.wrapping_mul(x | 1).wrapping_add(x ^ acc).wrapping_sub(x >> 1);
                    put(&mut d, acc);
                }
                d.finish()
            }

            pub fn div_rem() -> u64 {
                let mut d = Fold::new();
                let s = samples();
                for &a in &s {
                    for &b in &s {
                        if divisible(a, b) {
                            put(&mut d, a / b);
                            put(&mut d, a % b);
                            put(&mut d, a.div_euclid(b));
                            put(&mut d, a.rem_euclid(b));
                        } else {
                            d.byte(0xdd);
                        }
                    }
                }
                d.finish()
            }

            /// Division and remainder by constants: LLVM replaces these with multiplications
            /// by magic numbers, shifts and sign corrections.
            pub fn div_by_constants() -> u64 {
                let mut d = Fold::new();
                let s = samples();
                for &a in &s {
                    put(&mut d, a / 2);
                    put(&mut d, a / 3);
                    put(&mut d, a / 5);
                    put(&mut d, a / 7);
                    put(&mut d, a / 10);
                    put(&mut d, a / 16);
                    put(&mut d, a / 100);
                    put(&mut d, a % 2);
                    put(&mut d, a % 3);
                    put(&mut d, a % 10);
                    put(&mut d, a % 16);
                    put(&mut d, a % 100);
                    put(&mut d, a.wrapping_mul(10));
                    put(&mut d, a.wrapping_mul(3));
                }
                d.finish()
            }

            pub fn shifts_by_variable() -> u64 {
                let mut d = Fold::new();
                let s = samples();
                for &a in &[s[1], s[5], s[9], s[13]] {
                    for n in 0..black_box(BITS) {
                        put(&mut d, a << n);
                        put(&mut d, a >> n);
                        put(&mut d, a.rotate_left(n));
                        put(&mut d, a.rotate_right(n));
                    }
                }
                d.finish()
            }

            pub fn shifts_by_literal() -> u64 {
                let mut d = Fold::new();
                let s = samples();
                for &a in &[s[1], s[5], s[9], s[13]] {
                    $(
                        put(&mut d, a << $s);
                        put(&mut d, a >> $s);
                        put(&mut d, a.rotate_left($s));
                    )*
                }
                d.finish()
            }

            pub fn checked() -> u64 {
                let mut d = Fold::new();
                let s = samples();
                for &a in &s {
                    for &b in &s {
                        put_opt(&mut d, a.checked_add(b));
                        put_opt(&mut d, a.checked_sub(b));
                        put_opt(&mut d, a.checked_mul(b));
                        put_opt(&mut d, a.checked_div(b));
                        put_opt(&mut d, a.checked_rem(b));
                    }
                    put_opt(&mut d, a.checked_neg());
                    put_opt(&mut d, a.checked_pow(black_box(3)));
                    put_opt(&mut d, a.checked_shl(black_box(BITS - 1)));
                    put_opt(&mut d, a.checked_shl(black_box(BITS)));
                    put_opt(&mut d, a.checked_shr(black_box(BITS + 1)));
                }
                d.finish()
            }

            pub fn wrapping() -> u64 {
                let mut d = Fold::new();
                let s = samples();
                for &a in &s {
                    for &b in &s {
                        if b != 0 {
                            put(&mut d, a.wrapping_div(b));
                            put(&mut d, a.wrapping_rem(b));
                        }
                        put(&mut d, a.wrapping_shl(b as u32));
                        put(&mut d, a.wrapping_shr(b as u32));
                    }
                    put(&mut d, a.wrapping_neg());
                    put(&mut d, a.wrapping_pow(black_box(5)));
                    put(&mut d, a.wrapping_pow(black_box(0)));
                }
                d.finish()
            }

            pub fn saturating() -> u64 {
                let mut d = Fold::new();
                let s = samples();
                for &a in &s {
                    for &b in &s {
                        put(&mut d, a.saturating_add(b));
                        put(&mut d, a.saturating_sub(b));
                        put(&mut d, a.saturating_mul(b));
                        if b != 0 {
                            put(&mut d, a.saturating_div(b));
                        }
                    }
                    put(&mut d, a.saturating_pow(black_box(3)));
                }
                d.finish()
            }

            pub fn overflowing() -> u64 {
                let mut d = Fold::new();
                let s = samples();
                for &a in &s {
                    for &b in &s {
                        put_pair(&mut d, a.overflowing_add(b));
                        put_pair(&mut d, a.overflowing_sub(b));
                        put_pair(&mut d, a.overflowing_mul(b));
                        if b != 0 {
                            put_pair(&mut d, a.overflowing_div(b));
                            put_pair(&mut d, a.overflowing_rem(b));
                        }
                    }
                    put_pair(&mut d, a.overflowing_neg());
                    put_pair(&mut d, a.overflowing_shl(black_box(BITS + 3)));
                    put_pair(&mut d, a.overflowing_pow(black_box(4)));
                }
                d.finish()
            }

            pub fn bit_ops() -> u64 {
                let mut d = Fold::new();
                let s = samples();
                for &a in &s {
                    d.u32(a.leading_zeros());
                    d.u32(a.trailing_zeros());
                    d.u32(a.count_ones());
                    d.u32(a.leading_ones());
                    put(&mut d, a.swap_bytes());
                    put(&mut d, a.reverse_bits());
                    put(&mut d, !a);
                    for &b in &s {
                        put(&mut d, a & b);
                        put(&mut d, a | b);
                        put(&mut d, a ^ b);
                        put(&mut d, a.min(b));
                        put(&mut d, a.max(b));
                        d.u64(a.abs_diff(b) as u64);
                    }
                }
                d.finish()
            }
        }
    };
}

int_kernels!(k_u8, u8, [0 1 2 3 4 5 6 7]);
int_kernels!(k_i8, i8, [0 1 2 3 4 5 6 7]);
int_kernels!(k_u16, u16, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15]);
int_kernels!(k_i16, i16, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15]);
int_kernels!(k_u32, u32, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26
    27 28 29 30 31]);
int_kernels!(k_i32, i32, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26
    27 28 29 30 31]);
int_kernels!(k_u64, u64, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26
    27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57
    58 59 60 61 62 63]);
int_kernels!(k_i64, i64, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26
    27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57
    58 59 60 61 62 63]);

falcon_puzzles::value_cases! {
    fn u8_add_sub_mul() -> u64 { k_u8::add_sub_mul() }
    fn u8_div_rem() -> u64 { k_u8::div_rem() }
    fn u8_div_by_constants() -> u64 { k_u8::div_by_constants() }
    fn u8_shifts_by_variable() -> u64 { k_u8::shifts_by_variable() }
    fn u8_shifts_by_literal() -> u64 { k_u8::shifts_by_literal() }
    fn u8_checked() -> u64 { k_u8::checked() }
    fn u8_wrapping() -> u64 { k_u8::wrapping() }
    fn u8_saturating() -> u64 { k_u8::saturating() }
    fn u8_overflowing() -> u64 { k_u8::overflowing() }
    fn u8_bit_ops() -> u64 { k_u8::bit_ops() }

    fn i8_add_sub_mul() -> u64 { k_i8::add_sub_mul() }
    fn i8_div_rem() -> u64 { k_i8::div_rem() }
    fn i8_div_by_constants() -> u64 { k_i8::div_by_constants() }
    fn i8_shifts_by_variable() -> u64 { k_i8::shifts_by_variable() }
    fn i8_shifts_by_literal() -> u64 { k_i8::shifts_by_literal() }
    fn i8_checked() -> u64 { k_i8::checked() }
    fn i8_wrapping() -> u64 { k_i8::wrapping() }
    fn i8_saturating() -> u64 { k_i8::saturating() }
    fn i8_overflowing() -> u64 { k_i8::overflowing() }
    fn i8_bit_ops() -> u64 { k_i8::bit_ops() }

    fn u16_add_sub_mul() -> u64 { k_u16::add_sub_mul() }
    fn u16_div_rem() -> u64 { k_u16::div_rem() }
    fn u16_div_by_constants() -> u64 { k_u16::div_by_constants() }
    fn u16_shifts_by_variable() -> u64 { k_u16::shifts_by_variable() }
    fn u16_shifts_by_literal() -> u64 { k_u16::shifts_by_literal() }
    fn u16_checked() -> u64 { k_u16::checked() }
    fn u16_wrapping() -> u64 { k_u16::wrapping() }
    fn u16_saturating() -> u64 { k_u16::saturating() }
    fn u16_overflowing() -> u64 { k_u16::overflowing() }
    fn u16_bit_ops() -> u64 { k_u16::bit_ops() }

    fn i16_add_sub_mul() -> u64 { k_i16::add_sub_mul() }
    fn i16_div_rem() -> u64 { k_i16::div_rem() }
    fn i16_div_by_constants() -> u64 { k_i16::div_by_constants() }
    fn i16_shifts_by_variable() -> u64 { k_i16::shifts_by_variable() }
    fn i16_shifts_by_literal() -> u64 { k_i16::shifts_by_literal() }
    fn i16_checked() -> u64 { k_i16::checked() }
    fn i16_wrapping() -> u64 { k_i16::wrapping() }
    fn i16_saturating() -> u64 { k_i16::saturating() }
    fn i16_overflowing() -> u64 { k_i16::overflowing() }
    fn i16_bit_ops() -> u64 { k_i16::bit_ops() }

    fn u32_add_sub_mul() -> u64 { k_u32::add_sub_mul() }
    fn u32_div_rem() -> u64 { k_u32::div_rem() }
    fn u32_div_by_constants() -> u64 { k_u32::div_by_constants() }
    fn u32_shifts_by_variable() -> u64 { k_u32::shifts_by_variable() }
    fn u32_shifts_by_literal() -> u64 { k_u32::shifts_by_literal() }
    fn u32_checked() -> u64 { k_u32::checked() }
    fn u32_wrapping() -> u64 { k_u32::wrapping() }
    fn u32_saturating() -> u64 { k_u32::saturating() }
    fn u32_overflowing() -> u64 { k_u32::overflowing() }
    fn u32_bit_ops() -> u64 { k_u32::bit_ops() }

    fn i32_add_sub_mul() -> u64 { k_i32::add_sub_mul() }
    fn i32_div_rem() -> u64 { k_i32::div_rem() }
    fn i32_div_by_constants() -> u64 { k_i32::div_by_constants() }
    fn i32_shifts_by_variable() -> u64 { k_i32::shifts_by_variable() }
    fn i32_shifts_by_literal() -> u64 { k_i32::shifts_by_literal() }
    fn i32_checked() -> u64 { k_i32::checked() }
    fn i32_wrapping() -> u64 { k_i32::wrapping() }
    fn i32_saturating() -> u64 { k_i32::saturating() }
    fn i32_overflowing() -> u64 { k_i32::overflowing() }
    fn i32_bit_ops() -> u64 { k_i32::bit_ops() }

    fn u64_add_sub_mul() -> u64 { k_u64::add_sub_mul() }
    fn u64_div_rem() -> u64 { k_u64::div_rem() }
    fn u64_div_by_constants() -> u64 { k_u64::div_by_constants() }
    fn u64_shifts_by_variable() -> u64 { k_u64::shifts_by_variable() }
    fn u64_shifts_by_literal() -> u64 { k_u64::shifts_by_literal() }
    fn u64_checked() -> u64 { k_u64::checked() }
    fn u64_wrapping() -> u64 { k_u64::wrapping() }
    fn u64_saturating() -> u64 { k_u64::saturating() }
    fn u64_overflowing() -> u64 { k_u64::overflowing() }
    fn u64_bit_ops() -> u64 { k_u64::bit_ops() }

    fn i64_add_sub_mul() -> u64 { k_i64::add_sub_mul() }
    fn i64_div_rem() -> u64 { k_i64::div_rem() }
    fn i64_div_by_constants() -> u64 { k_i64::div_by_constants() }
    fn i64_shifts_by_variable() -> u64 { k_i64::shifts_by_variable() }
    fn i64_shifts_by_literal() -> u64 { k_i64::shifts_by_literal() }
    fn i64_checked() -> u64 { k_i64::checked() }
    fn i64_wrapping() -> u64 { k_i64::wrapping() }
    fn i64_saturating() -> u64 { k_i64::saturating() }
    fn i64_overflowing() -> u64 { k_i64::overflowing() }
    fn i64_bit_ops() -> u64 { k_i64::bit_ops() }

    /// Mixed widths: widening multiplies (32x32->64 is `mulu.l`/`muls.l` with a register pair
    /// on the 68030), narrowing casts, sign and zero extension.
    fn mixed_width_casts() -> u64 {
        let mut d = Digest::new();
        let xs: [u32; 8] = core::hint::black_box([
            0, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 0x1234_5678, 0xdead_beef, 0x0001_0000,
        ]);
        for &a in &xs {
            for &b in &xs {
                d.u64(a as u64 * b as u64);
                d.i64(a as i32 as i64 * b as i32 as i64);
                d.u32(((a as u64 * b as u64) >> 32) as u32);
                d.u32((a as u16 as u32) * (b as u16 as u32));
                d.i64((a as i16 as i32 * b as i16 as i32) as i64);
            }
            d.i64(a as i8 as i64);
            d.i64(a as i16 as i64);
            d.u64(a as u8 as u64);
            d.u64(a as i32 as u64);
            d.u64((a as i32 as i64 >> 7) as u64);
        }
        d.finish()
    }

    /// 64-bit division by 32-bit values and back (`__udivdi3`, `__divdi3` on the 68030).
    fn u64_by_u32_division() -> u64 {
        let mut d = Digest::new();
        let mut n: u64 = core::hint::black_box(0xfedc_ba98_7654_3210);
        let divs: [u32; 6] = core::hint::black_box([1, 3, 10, 1000, 0x8000_0001, 0xffff_ffff]);
        for round in 0..20u64 {
            for &q in &divs {
                d.u64(n / q as u64);
                d.u64(n % q as u64);
                d.i64((n as i64).wrapping_neg() / q as i64);
                d.i64((n as i64) % -(q as i64));
            }
            n = n.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(round);
        }
        d.finish()
    }

    /// usize and isize with small values (their width differs between the two machines, so
    /// only values that fit in 31 bits are compared).
    fn usize_isize_small() -> u64 {
        let mut d = Digest::new();
        let xs: [usize; 6] = core::hint::black_box([0, 1, 17, 1000, 65_535, 123_456]);
        for &a in &xs {
            for &b in &xs {
                d.u64((a.wrapping_mul(3) + b) as u64 % 1_000_000_007);
                if b != 0 {
                    d.u64((a / b) as u64);
                    d.u64((a % b) as u64);
                }
                d.i64(a as isize as i64 - b as isize as i64);
                d.bool(a < b);
                d.u64(a.abs_diff(b) as u64);
            }
        }
        d.finish()
    }
}

#[cfg(test)]
mod tests;
