//! Comparisons of every kind feeding branches: eq/ne/lt/le/gt/ge, signed and unsigned, at
//! every width, with values at the boundaries. This is where the known 68k defect lives
//! (a register copy placed between the compare and the branch clobbers the condition codes),
//! so every comparison here drives a real branch whose two sides do different work, and the
//! branches are interleaved with register-heavy code.

use core::hint::black_box;
use falcon_puzzles::digest::Digest;

macro_rules! compare_kernel {
    ($f:ident, $t:ty) => {
        /// Every ordered pair of boundary values through every comparison operator, each
        /// result consumed by a branch (not a `setcc` into the digest).
        fn $f() -> u64 {
            type T = $t;
            let one: T = 1;
            let vals: [T; 12] = black_box([
                0,
                1,
                2,
                one.wrapping_neg(),
                (2 as T).wrapping_neg(),
                T::MAX,
                T::MAX - 1,
                T::MIN,
                T::MIN.wrapping_add(1),
                T::MAX / 2,
                (T::MAX / 2).wrapping_add(1),
                (T::MAX / 2).wrapping_sub(1),
            ]);
            let mut d = Digest::new();
            let mut acc: u32 = black_box(0x1357);
            for (i, &a) in vals.iter().enumerate() {
                for (j, &b) in vals.iter().enumerate() {
                    let k = (i * 12 + j) as u32;
                    // Each branch changes `acc` differently, so a wrong branch shows.
                    if a == b {
                        acc = acc.wrapping_mul(3).wrapping_add(k);
                    } else {
                        acc ^= k << 3;
                    }
                    if a != b {
                        acc = acc.rotate_left(1);
                    } else {
                        acc = acc.wrapping_add(7);
                    }
                    if a < b {
                        acc = acc.wrapping_add(0x101);
                    } else {
                        acc = acc.wrapping_sub(k);
                    }
                    if a <= b {
                        acc ^= 0x5555;
                    } else {
                        acc = acc.rotate_right(3);
                    }
                    if a > b {
                        acc = acc.wrapping_mul(5);
                    } else {
                        acc = acc.wrapping_add(k * k);
                    }
                    if a >= b {
                        acc ^= k.wrapping_mul(0x9e37_79b9);
                    } else {
                        acc = !acc;
                    }
                    d.u32(acc);
                    // Results that cross a register copy before use.
                    let lt = a < b;
                    let copy = black_box(a);
                    let ge = copy >= b;
                    d.bool(lt);
                    d.bool(ge);
                    d.bool(lt != ge);
                    // Selects (conditional moves in LLVM, branches on the 68k).
                    let m = if a < b { a } else { b };
                    let n = if a > b { a } else { b };
                    d.bytes(&m.to_be_bytes());
                    d.bytes(&n.to_be_bytes());
                    d.byte(a.cmp(&b) as i8 as u8);
                }
            }
            d.finish()
        }
    };
}

compare_kernel!(cmp_u8, u8);
compare_kernel!(cmp_i8, i8);
compare_kernel!(cmp_u16, u16);
compare_kernel!(cmp_i16, i16);
compare_kernel!(cmp_u32, u32);
compare_kernel!(cmp_i32, i32);
compare_kernel!(cmp_u64, u64);
compare_kernel!(cmp_i64, i64);

/// Counts how many of `xs` fall in each of four ranges, using chained comparisons.
fn bucket(xs: &[i32]) -> [u32; 4] {
    let mut b = [0u32; 4];
    for &x in xs {
        if x < -1000 {
            b[0] += 1;
        } else if x <= 0 {
            b[1] += 1;
        } else if x < 1_000_000 {
            b[2] += 1;
        } else {
            b[3] += 1;
        }
    }
    b
}

falcon_puzzles::value_cases! {
    fn compare_u8() -> u64 { cmp_u8() }
    fn compare_i8() -> u64 { cmp_i8() }
    fn compare_u16() -> u64 { cmp_u16() }
    fn compare_i16() -> u64 { cmp_i16() }
    fn compare_u32() -> u64 { cmp_u32() }
    fn compare_i32() -> u64 { cmp_i32() }
    fn compare_u64() -> u64 { cmp_u64() }
    fn compare_i64() -> u64 { cmp_i64() }

    /// The same bit patterns compared as signed and as unsigned must disagree exactly when
    /// the sign bits differ.
    fn signed_vs_unsigned_same_bits() -> u64 {
        let mut d = Digest::new();
        let bits: [u32; 8] = black_box([0, 1, 0x7fff_ffff, 0x8000_0000, 0x8000_0001, 0xffff_ffff,
            0x4000_0000, 0xc000_0000]);
        for &a in &bits {
            for &b in &bits {
                let u = a < b;
                let s = (a as i32) < (b as i32);
                d.bool(u);
                d.bool(s);
                if u != s { d.byte(0x77); }
                let u16l = (a as u16) <= (b as u16);
                let s16l = (a as i16) <= (b as i16);
                d.bool(u16l);
                d.bool(s16l);
                let u8g = (a >> 24) as u8 > (b >> 24) as u8;
                let s8g = ((a >> 24) as u8 as i8) > ((b >> 24) as u8 as i8);
                d.bool(u8g);
                d.bool(s8g);
            }
        }
        d.finish()
    }

    /// Comparisons against zero and constants (tst/cmpi forms) inside a loop.
    fn compare_with_constants() -> u64 {
        let mut d = Digest::new();
        let mut x: i32 = black_box(-70_000);
        let mut counts = [0u32; 8];
        while x < 70_000 {
            if x == 0 { counts[0] += 1; }
            if x != 0 { counts[1] += 1; }
            if x < 0 { counts[2] += 1; }
            if x > 0 { counts[3] += 1; }
            if x <= -32768 { counts[4] += 1; }
            if x >= 32767 { counts[5] += 1; }
            if (x as u32) < 0x8000 { counts[6] += 1; }
            if (x as u16) > 0x7fff { counts[7] += 1; }
            x += 997;
        }
        for c in counts { d.u32(c); }
        d.finish()
    }

    /// Chained else-if ranges (a compare tree) over pseudo-random values.
    fn compare_chain_buckets() -> u64 {
        let mut d = Digest::new();
        let mut xs = [0i32; 200];
        let mut s: u32 = black_box(12345);
        for x in xs.iter_mut() {
            s ^= s << 13; s ^= s >> 17; s ^= s << 5;
            *x = (s as i32) >> (s & 15);
        }
        for c in bucket(&xs) { d.u32(c); }
        for c in bucket(&xs[50..120]) { d.u32(c); }
        d.finish()
    }

    /// Loop conditions of every kind: counting up and down, signed and unsigned, across zero.
    fn loop_conditions() -> u64 {
        let mut d = Digest::new();
        let n = black_box(37i32);
        let mut i = -n;
        let mut sum = 0i64;
        while i <= n { sum += i as i64 * i as i64; i += 3; }
        d.i64(sum);
        let mut u: u16 = black_box(65_000);
        let mut steps = 0u32;
        while u > 1000 { u = u.wrapping_add(1234); steps += 1; if steps > 1000 { break; } }
        d.u32(steps);
        d.u32(u as u32);
        let mut j: u8 = black_box(250);
        let mut c = 0u32;
        loop { j = j.wrapping_add(1); c += 1; if j == 3 { break; } }
        d.u32(c);
        let mut k = black_box(i64::MAX - 10);
        let mut c2 = 0u32;
        while k > 0 { k = k.wrapping_add(3); c2 += 1; }
        d.u32(c2);
        d.i64(k);
        d.finish()
    }

    /// `Ord` machinery: clamp, min_by_key, max_by, `Ordering` chains.
    fn ordering_helpers() -> u64 {
        let mut d = Digest::new();
        let xs: [i16; 10] = black_box([5, -3, 32767, -32768, 0, 17, -17, 100, -1, 1]);
        for &x in &xs {
            d.u64(x.clamp(-100, 100) as u64);
            d.byte(x.cmp(&0) as i8 as u8);
            d.byte(x.signum() as u8);
            for &y in &xs {
                let o = x.abs_diff(0).cmp(&y.abs_diff(0)).then(x.cmp(&y)).reverse();
                d.byte(o as i8 as u8);
                d.bool(x.partial_cmp(&y) == Some(core::cmp::Ordering::Less));
            }
        }
        d.u64(*xs.iter().min_by_key(|x| x.unsigned_abs()).unwrap() as u64);
        d.u64(*xs.iter().max_by(|a, b| (**a as i32 % 7).cmp(&(**b as i32 % 7))).unwrap() as u64);
        let pairs: [(u8, i32); 6] = black_box([(1, 5), (1, -5), (0, 9), (2, 0), (1, 5), (0, -9)]);
        for a in &pairs {
            for b in &pairs {
                d.byte(a.cmp(b) as i8 as u8);
            }
        }
        d.finish()
    }

    /// Many booleans live at once, combined with && and || (short-circuit branches).
    fn boolean_logic() -> u64 {
        let mut d = Digest::new();
        let xs: [u32; 16] = black_box([0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987]);
        for &a in &xs {
            for &b in &xs {
                let p = a < b;
                let q = a % 3 == b % 5;
                let r = a.wrapping_sub(b) > 100;
                let s = (a ^ b) & 1 == 0;
                d.bool(p && q || r && !s);
                d.bool((p || q) && (r || s));
                d.bool(p ^ q ^ r ^ s);
                if p && (q || (r && s)) { d.byte(1); } else if !p && r { d.byte(2); } else { d.byte(3); }
            }
        }
        d.finish()
    }
}
