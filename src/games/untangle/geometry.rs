//! Untangle's geometry in exact integer arithmetic: points with rational coordinates, the
//! segment-crossing test, the grid size, and the circle the puzzle starts on.
//!
//! No floating point: the circle's sines and cosines are computed in 60-bit fixed point
//! (`games::trig`), far finer than the one-unit rounding the positions need.

use crate::games::trig::sin_cos;
/// The integer square root [`coord_limit`] works the grid's side out with: the graphics
/// layer's (its circles and thick lines use it too).
pub use crate::gfx::raster::isqrt;

/// A point `(x/d, y/d)` in grid units (the playing area is `w`×`w` units).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Point {
    pub x: i64,
    pub y: i64,
    pub d: i64,
}

impl Point {
    pub const fn new(x: i64, y: i64, d: i64) -> Self {
        Point { x, y, d }
    }
    /// The position in pixels at `tilesize` pixels per unit (truncated, as the reference).
    pub fn pixel(&self, tilesize: i64) -> (i32, i32) {
        // In 32 bits when the products fit (64-bit products and quotients are library calls
        // on the 68030); the same truncating division either way.
        const SMALL: i64 = 1 << 15;
        if [self.x, self.y, self.d, tilesize].iter().all(|v| v.abs() < SMALL) {
            let (t, d) = (tilesize as i32, self.d as i32);
            ((self.x as i32 * t / d), (self.y as i32 * t / d))
        } else {
            ((self.x * tilesize / self.d) as i32, (self.y * tilesize / self.d) as i32)
        }
    }
}

/// Grid points per point of the puzzle: the points of a puzzle of `n` points live on a
/// `w`×`w` grid with about `3n` cells.
pub const POINT_DENSITY: u32 = 3;

/// The side `w` of the playing area for `n` points.
pub fn coord_limit(n: u32) -> u32 {
    isqrt(n * POINT_DENSITY)
}

/// Whether segments a1–a2 and b1–b2 meet, touching included (an end point on the other
/// segment counts, as does overlap of collinear segments). A point is a zero-length
/// segment, so `cross(a1, a2, p, p)` asks whether `p` lies on a1–a2.
///
/// Coordinates must satisfy |x|, |y| ≤ 2^20 and d ≤ 2^10 (the game checks move strings
/// against tighter limits) so that every product fits in 64 bits. When the four points share
/// a denominator (the generator's grid, the starting circle, a solved layout) and their
/// numerators are below 2^14, the test runs in 32-bit arithmetic on the numerators alone:
/// a common denominator scales every product alike and changes no sign or comparison, and
/// 64-bit products are a library call on the 68030 (`crossings_agree_in_32_and_64_bits`).
pub fn cross(a1: Point, a2: Point, b1: Point, b2: Point) -> bool {
    const SMALL: i64 = 1 << 14;
    let small = |p: Point| p.d == a1.d && p.x.abs() < SMALL && p.y.abs() < SMALL;
    if small(a1) && small(a2) && small(b1) && small(b2) {
        let n = |p: Point| (p.x as i32, p.y as i32, 1i32);
        cross_in(n(a1), n(a2), n(b1), n(b2))
    } else {
        let n = |p: Point| (p.x, p.y, p.d);
        cross_in(n(a1), n(a2), n(b1), n(b2))
    }
}

/// The integers [`cross_in`] works in.
pub trait Exact:
    Copy + Ord + core::ops::Add<Output = Self> + core::ops::Sub<Output = Self> + core::ops::Mul<Output = Self>
{
    const ZERO: Self;
}

impl Exact for i32 {
    const ZERO: Self = 0;
}

impl Exact for i64 {
    const ZERO: Self = 0;
}

/// [`cross`] on points (x, y, d) in `T`, which must hold every product.
pub fn cross_in<T: Exact>(a1: (T, T, T), a2: (T, T, T), b1: (T, T, T), b2: (T, T, T)) -> bool {
    let sign = |v: T| (v > T::ZERO) as i32 - (v < T::ZERO) as i32;
    // b1 and b2 must not lie strictly on the same side of a1–a2: the signs of the dot
    // products of b1−a1 and b2−a1 with a perpendicular of a2−a1 (numerators only; the
    // denominators are positive).
    let (b1x, b1y) = (b1.0 * a1.2 - a1.0 * b1.2, b1.1 * a1.2 - a1.1 * b1.2);
    let (b2x, b2y) = (b2.0 * a1.2 - a1.0 * b2.2, b2.1 * a1.2 - a1.1 * b2.2);
    let (px, py) = (a1.1 * a2.2 - a2.1 * a1.2, a2.0 * a1.2 - a1.0 * a2.2);
    let d1 = b1x * px + b1y * py;
    let d2 = b2x * px + b2y * py;
    if sign(d1) * sign(d2) > 0 {
        return false;
    }
    if d1 == T::ZERO && d2 == T::ZERO {
        // Collinear: they meet unless b1 and b2 both lie before a1 or both beyond a2.
        let (ax, ay) = (a2.0 * a1.2 - a1.0 * a2.2, a2.1 * a1.2 - a1.1 * a2.2);
        let e1 = b1x * ax + b1y * ay;
        let e2 = b2x * ax + b2y * ay;
        if e1 < T::ZERO && e2 < T::ZERO {
            return false;
        }
        let len = ax * ax + ay * ay;
        if e1 > len && e2 > len {
            return false;
        }
    }
    // And a1, a2 must not lie strictly on the same side of b1–b2.
    let (c1x, c1y) = (a1.0 * b1.2 - b1.0 * a1.2, a1.1 * b1.2 - b1.1 * a1.2);
    let (c2x, c2y) = (a2.0 * b1.2 - b1.0 * a2.2, a2.1 * b1.2 - b1.1 * a2.2);
    let (qx, qy) = (b1.1 * b2.2 - b2.1 * b1.2, b2.0 * b1.2 - b1.0 * b2.2);
    let f1 = c1x * qx + c1y * qy;
    let f2 = c2x * qx + c2y * qy;
    sign(f1) * sign(f2) <= 0
}

/// `floor(c + r·s + 1/2)` for a fixed-point `s` (|s| ≤ 1), exactly, with 0 ≤ r < 2^20.
fn round_offset(c: i64, r: i64, s: i64) -> i64 {
    let neg = s < 0;
    let m = s.unsigned_abs();
    let (hi, lo) = ((m >> 30) as i64, (m & ((1 << 30) - 1)) as i64);
    // r·|s| in units of 2^-30 (rounded down; the dropped fraction cannot move the floor).
    let mut t = r * hi + ((r * lo) >> 30);
    if neg {
        // −(r·|s|) rounded down: subtract one more unless r·lo was exact.
        t = -t - (((r * lo) & ((1 << 30) - 1)) != 0) as i64;
    }
    ((c << 30) + t + (1 << 29)) >> 30
}

/// Twice the sine and cosine of k·30° where they are rational (0, ±1/2, ±1); `None` for
/// ±√3/2.
const TWICE_SIN_30: [Option<i64>; 12] =
    [Some(0), Some(1), None, Some(2), None, Some(1), Some(0), Some(-1), None, Some(-2), None, Some(-1)];
const TWICE_COS_30: [Option<i64>; 12] =
    [Some(2), None, Some(1), Some(0), Some(-1), None, Some(-2), None, Some(-1), Some(0), Some(1), None];

/// The starting layout: `n` points evenly round a circle in a `w`×`w` area, point 0 at the
/// top, clockwise, in units of 1/64 (the reference's denominator). Positions are the exact
/// ones rounded to the nearest unit; an exact half (sine or cosine ±1/2 with an odd radius)
/// rounds up, where the reference's floating point lands on either side.
pub fn circle(n: u32, w: u32) -> alloc::vec::Vec<Point> {
    const D: i64 = 64;
    let c = D * w as i64 / 2;
    let r = D * w as i64 * 3 / 7;
    (0..n)
        .map(|i| {
            let (s, co) = sin_cos(i, n);
            let (mut x, mut y) = (round_offset(c, r, s), round_offset(c, r, -co));
            if (12 * i as u64).is_multiple_of(n as u64) {
                let k = (12 * i as u64 / n as u64) as usize;
                if let Some(t) = TWICE_SIN_30[k] {
                    x = (2 * c + t * r + 1).div_euclid(2);
                }
                if let Some(t) = TWICE_COS_30[k] {
                    y = (2 * c - t * r + 1).div_euclid(2);
                }
            }
            Point::new(x, y, D)
        })
        .collect()
}
