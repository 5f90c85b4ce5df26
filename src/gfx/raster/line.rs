//! Lines: [`draw`] walks a line only where it crosses the clip, through the line blitter
//! (`blit::LineJob`) for ends within ±8192 pixels of the origin, in runs of a 64-bit walk
//! (`MajorMinor`) beyond; horizontal and vertical lines are one run.

use super::{column, plot, span};
use crate::gfx::{Planar, Rect};

/// The line from (`x0`,`y0`) to (`x1`,`y1`) (surface coordinates) inside `clip`, as
/// Bresenham's: the pixels of the classic one-pixel-at-a-time loop (`dx = |x1-x0|`,
/// `dy = -|y1-y0|`, `err = dx + dy`, a step along x when `2·err >= dy`, along y when
/// `2·err <= dx`), only those inside the clip. The loop's pixel `j` along the major axis (of
/// length `L`; the minor axis has length `K`) is offset `floor((2·j·K + L) / (2·L))` along
/// the minor axis (from the loop's invariant; `lines_match_the_pixel_loop` checks it against
/// the loop), so the first pixel inside the clip is found without walking the pixels before
/// it, and a line crossing a small clip costs the pixels it draws there, not its length.
/// Lines within ±8192 pixels of the origin go to the line blitter (`blit_line`); others are
/// drawn in runs (one span per line of a shallow line, one column run per column of a steep
/// one) in 64-bit arithmetic.
pub fn draw<S: AsRef<[u16]> + AsMut<[u16]>>(
    surface: &mut Planar<S>,
    clip: Rect,
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
    pen: u8,
) {
    if y0 == y1 || x0 == x1 {
        // Horizontal or vertical (a polygon's or a bevel's sides): one run.
        run(surface, clip, x0, y0, x1, y1, pen);
        return;
    }
    // The clip, cut to the surface's bounds for the blitter.
    let c = clip.intersect(&surface.bounds());
    if c.is_empty() {
        return;
    }
    // Every line a puzzle draws: the blitter walks it, set up in 32 bits.
    const NEAR: i32 = 1 << 13;
    if [x0, y0, x1, y1].iter().all(|v| (-NEAR..NEAR).contains(v)) {
        blit_line(surface, x0, y0, x1, y1, c, pen);
        return;
    }
    let (x0, y0, x1, y1) = (x0 as i64, y0 as i64, x1 as i64, y1 as i64);
    let (cx0, cx1, cy0, cy1) = (c.x as i64, c.right() as i64 - 1, c.y as i64, c.bottom() as i64 - 1);
    let steep = (x1 - x0).abs() < (y1 - y0).abs();
    let line = if steep {
        MajorMinor::new((y0, y1, cy0, cy1), (x0, x1, cx0, cx1))
    } else {
        MajorMinor::new((x0, x1, cx0, cx1), (y0, y1, cy0, cy1))
    };
    if !steep {
        line.runs(|xa, xb, y| {
            if xa == xb {
                // A diagonal line's runs are single pixels: the shorter path.
                surface.plot(xa, y, pen);
            } else {
                surface.fill_span(y, xa, xb, pen);
            }
        });
    } else {
        line.runs(|ya, yb, x| {
            if ya == yb {
                surface.plot(x, ya, pen);
            } else {
                surface.vline(x, ya, yb, pen);
            }
        });
    }
}

/// The line blitter's walk of a line whose ends lie within ±2^13 pixels of the origin,
/// from its first pixel inside `c` (part of the surface) to its last: pixel `j` along the
/// major axis (length `len`) has minor offset `(2·j·k + len) div (2·len)` (`k` the minor
/// length), the walk's `t` is the remainder. In 32 bits (every product below 2^30), values
/// and results alike: LLVM widens a product whose result is extended to 64 bits into a
/// `__muldi3` call.
fn blit_line<S: AsRef<[u16]> + AsMut<[u16]>>(
    surface: &mut Planar<S>,
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
    c: Rect,
    pen: u8,
) {
    let steep = (y1 - y0).abs() > (x1 - x0).abs();
    let ((a0, a1, amin, amax), (b0, b1, bmin, bmax)) = if steep {
        ((y0, y1, c.y, c.bottom() - 1), (x0, x1, c.x, c.right() - 1))
    } else {
        ((x0, x1, c.x, c.right() - 1), (y0, y1, c.y, c.bottom() - 1))
    };
    let (len, k, sa, sb) = ((a1 - a0).abs(), (b1 - b0).abs(), (a1 - a0).signum(), (b1 - b0).signum());
    // The steps 0..=n whose coordinate start + s·step lies in lo..=hi.
    let within = |start: i32, s: i32, n: i32, lo: i32, hi: i32| {
        let (a, b) = if s > 0 { (lo - start, hi - start) } else { (start - hi, start - lo) };
        (a.max(0), b.min(n))
    };
    let (jlo, jhi) = within(a0, sa, len, amin, amax);
    let (mlo, mhi) = within(b0, sb, k, bmin, bmax);
    if jlo > jhi || mlo > mhi {
        return;
    }
    // The first major step of minor offset m is ceil((2m − 1)·len / (2k)).
    let first_step = |m: i32| -((-(2 * m - 1) * len).div_euclid(2 * k));
    let start = jlo.max(first_step(mlo));
    let end = jhi.min(first_step(mhi + 1) - 1);
    if start > end {
        return;
    }
    let n = 2 * start * k + len;
    let (m, t) = (n / (2 * len), n % (2 * len));
    let (a, b) = (a0 + sa * start, b0 + sb * m);
    let ((x, y), (sx, sy)) = if steep { ((b, a), (sb, sa)) } else { ((a, b), (sa, sb)) };
    let walk = (t as u32, 2 * k as u32, 2 * len as u32);
    surface.line_walk((x, y), (end - start + 1) as u32, steep, (sx, sy), walk, pen);
}

/// A straight run of a line from (`ax`,`ay`) to (`bx`,`by`): one line or one column.
fn run<S: AsRef<[u16]> + AsMut<[u16]>>(
    surface: &mut Planar<S>,
    clip: Rect,
    ax: i32,
    ay: i32,
    bx: i32,
    by: i32,
    pen: u8,
) {
    if ay == by {
        span(surface, clip, ay, ax.min(bx), ax.max(bx), pen);
    } else if ax == bx {
        column(surface, clip, ax, ay.min(by), ay.max(by), pen);
    } else {
        plot(surface, clip, ax, ay, pen);
    }
}

/// A line that is not horizontal or vertical, along its major axis (the longer, one pixel
/// per step) and its minor axis, with the clip's range on each (inclusive). Arithmetic in
/// i64: end points anywhere in i32 give exact products.
struct MajorMinor {
    /// Start, direction (±1) and length along the major axis; clip range on it.
    a0: i64,
    sa: i64,
    len: i64,
    amin: i64,
    amax: i64,
    /// The same along the minor axis.
    b0: i64,
    sb: i64,
    k: i64,
    bmin: i64,
    bmax: i64,
}

impl MajorMinor {
    /// From (start, end, clip min, clip max) along each axis.
    fn new((a0, a1, amin, amax): (i64, i64, i64, i64), (b0, b1, bmin, bmax): (i64, i64, i64, i64)) -> Self {
        MajorMinor {
            a0,
            sa: (a1 - a0).signum(),
            len: (a1 - a0).abs(),
            amin,
            amax,
            b0,
            sb: (b1 - b0).signum(),
            k: (b1 - b0).abs(),
            bmin,
            bmax,
        }
    }

    /// The steps `j` in `0..=len` (or `0..=k`, for `len` = `k`) whose coordinate `start + s·j`
    /// lies in `lo..=hi`; empty when `lo > hi`.
    fn steps_within(start: i64, s: i64, n: i64, lo: i64, hi: i64) -> (i64, i64) {
        let (a, b) = if s > 0 { (lo - start, hi - start) } else { (start - hi, start - lo) };
        (a.max(0), b.min(n))
    }

    /// The minor offset of the pixel at major step `j`.
    fn minor_at(&self, j: i64) -> i64 {
        (2 * j * self.k + self.len).div_euclid(2 * self.len)
    }

    /// Calls `run(lo, hi, minor)` with major coordinates `lo <= hi` for each run of pixels
    /// with one minor coordinate inside the clip.
    fn runs(&self, run: impl FnMut(i32, i32, i32)) {
        let (jlo, jhi) = Self::steps_within(self.a0, self.sa, self.len, self.amin, self.amax);
        let (mlo, mhi) = Self::steps_within(self.b0, self.sb, self.k, self.bmin, self.bmax);
        if jlo > jhi || mlo > mhi {
            return;
        }
        let mlo = mlo.max(self.minor_at(jlo));
        if mlo > mhi {
            return;
        }
        // The first major step of minor offset m is ceil((2m − 1)·len / (2k)) =
        // (N + e) / (2k) for N = (2m − 1)·len and e in 0..2k: kept as that step and e, which
        // N growing by 2·len per minor step turns into a step `step_q` or `step_q + 1` on.
        let den = 2 * self.k;
        let (step_q, step_r) = ((2 * self.len).div_euclid(den), (2 * self.len).rem_euclid(den));
        let n = (2 * mlo - 1) * self.len;
        let (q, r) = (n.div_euclid(den), n.rem_euclid(den));
        let (first, e) = if r > 0 { (q + 1, den - r) } else { (q, 0) };
        let walk = Walk {
            first,
            e,
            den,
            step_q,
            step_r,
            jlo,
            jhi,
            rows: mhi - mlo + 1,
            a0: self.a0,
            b: if self.sb > 0 { self.b0 + mlo } else { self.b0 - mlo },
        };
        walk.runs(self.sa > 0, self.sb > 0, run);
    }
}

/// The walk of [`MajorMinor::runs`] over `rows` minor coordinates from `b`, major steps
/// clipped to `jlo..=jhi`: the current minor coordinate's first major step is `first`, with
/// `e` (in `0..den`) the amount the exact ceiling was rounded up by. In 64 bits: only lines
/// with an end beyond ±8192 pixels come here (the others go to the line blitter).
#[derive(Clone, Copy)]
struct Walk {
    first: i64,
    e: i64,
    den: i64,
    step_q: i64,
    step_r: i64,
    jlo: i64,
    jhi: i64,
    rows: i64,
    a0: i64,
    b: i64,
}

impl Walk {
    /// `forward_a`/`forward_b`: whether the major/minor coordinates grow along the line.
    fn runs(&self, forward_a: bool, forward_b: bool, mut run: impl FnMut(i32, i32, i32)) {
        let Walk { mut first, mut e, den, step_q, step_r, jlo, jhi, mut rows, a0, mut b } = *self;
        let db = if forward_b { 1 } else { -1 };
        while rows > 0 && first <= jhi {
            // The next minor coordinate's first step: N grows by step_q·den + step_r.
            let mut next = first + step_q;
            e -= step_r;
            if e < 0 {
                e += den;
                next += 1;
            }
            let (ja, jb) = (first.max(jlo), (next - 1).min(jhi));
            if ja <= jb {
                let (lo, hi) = if forward_a { (a0 + ja, a0 + jb) } else { (a0 - jb, a0 - ja) };
                run(lo as i32, hi as i32, b as i32);
            }
            first = next;
            b += db;
            rows -= 1;
        }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
