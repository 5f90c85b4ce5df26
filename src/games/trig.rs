//! Sine and cosine without floating point (the 68030 has no FPU): angles are fractions of a
//! turn, results fixed point with 60 fraction bits ([`ONE`] = 1.0). Untangle places its
//! starting circle with them, Net turns a rotating tile.

/// Fixed point with 60 fraction bits.
pub const ONE: i64 = 1 << 60;
/// π/4 · 2^60, rounded.
const QUARTER_PI: u64 = 905_502_432_259_640_355;

/// `a·b / 2^60` for 0 ≤ a, b ≤ 2^60 (the high part of a 128-bit product, from 32-bit halves:
/// no 128-bit arithmetic on the 68030).
fn mul_q60(a: u64, b: u64) -> u64 {
    let (ah, al) = (a >> 32, a & 0xFFFF_FFFF);
    let (bh, bl) = (b >> 32, b & 0xFFFF_FFFF);
    let hh = ah * bh;
    let hl = ah * bl;
    let lh = al * bh;
    let ll = al * bl;
    let mid = (ll >> 32) + (hl & 0xFFFF_FFFF) + (lh & 0xFFFF_FFFF);
    let hi = hh + (hl >> 32) + (lh >> 32) + (mid >> 32);
    let lo = (mid << 32) | (ll & 0xFFFF_FFFF);
    (hi << 4) | (lo >> 60)
}

/// sin and cos of `x` (0 ≤ x ≤ π/4, fixed point) by their Taylor series.
fn sin_cos_small(x: u64) -> (i64, i64) {
    let x2 = mul_q60(x, x);
    let (mut s, mut c) = (x as i64, ONE);
    let (mut ts, mut tc) = (x, ONE as u64);
    for k in 1..12u64 {
        ts = mul_q60(ts, x2) / ((2 * k) * (2 * k + 1));
        tc = mul_q60(tc, x2) / ((2 * k - 1) * (2 * k));
        if k % 2 == 1 {
            s -= ts as i64;
            c -= tc as i64;
        } else {
            s += ts as i64;
            c += tc as i64;
        }
    }
    (s, c)
}

/// sin and cos of the angle `i/n` of a full turn, in fixed point with 60 fraction bits.
/// The angle is reduced to the first octant exactly (rational arithmetic), so the error is a
/// few units of the last place.
pub fn sin_cos(i: u32, n: u32) -> (i64, i64) {
    let (num, den) = (8 * (i as u64 % n as u64), n as u64);
    let octant = num / den;
    let rem = num % den;
    // β = rem/den of an octant; odd octants measure from their far end.
    let frac = |r: u64| (QUARTER_PI / den) * r + (QUARTER_PI % den) * r / den;
    let (s0, c0) = sin_cos_small(frac(rem));
    let (s1, c1) = sin_cos_small(frac(den - rem));
    match octant {
        0 => (s0, c0),
        1 => (c1, s1),
        2 => (c0, -s0),
        3 => (s1, -c1),
        4 => (-s0, -c0),
        5 => (-c1, -s1),
        6 => (-c0, s0),
        _ => (-s1, c1),
    }
}
