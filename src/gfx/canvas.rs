//! [`Canvas`]: the [`Drawing`] API on a [`Planar`] surface, through a [`Viewport`].
//!
//! Whoever lays out a screen (the app) owns one `Viewport` per drawing client (a puzzle, a
//! TETRHEX screen): where the client's area lies on the surface, which pen each of its colour
//! indices becomes, its blitters, the rectangles it reported changed, and the status-bar text
//! it set. For each batch of drawing it lends the surface and the viewport to a `Canvas`,
//! which the client sees as `&mut dyn Drawing`. Nothing here allocates after the viewport is
//! made, except blitters (`blitter_new`, called when a game starts).
//!
//! The client draws in its own coordinates: (0,0) is the top-left of the viewport's area, and
//! nothing it draws lands outside that area (the clip never exceeds it).

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::text::{self, BitmapFont};
use super::{
    BlitterId, ColourIndex, Damage, Drawing, Font, HAlign, PictureSource, Planar, Rect, Sprite, VAlign, font5x7,
    font8x16,
};

/// Saved pixels of one blitter.
struct Blitter {
    w: i32,
    h: i32,
    /// The pixels, in a surface of their own, 16 pixels wider than the blitter rounded up to
    /// 16: the blitter's left edge lies `phase` pixels into it.
    store: Planar<Vec<u16>>,
    /// The surface's x at the last save, modulo 16: pixels keep their place within their
    /// 16-pixel group, so that loading where they were saved copies whole words instead of
    /// shifting every one.
    phase: i32,
    /// The part of the blitter that was on the surface when saved (blitter coordinates);
    /// empty before the first save.
    saved: Rect,
}

/// Points a polygon may have before its points or crossings need more scratch space than
/// the viewport starts with (it grows once, then is kept).
const POLYGON_POINTS: usize = 32;

/// A drawing client's place on a surface and everything it keeps between batches.
pub struct Viewport {
    /// Where the client's (0,0) is and what it may draw on (surface coordinates).
    area: Rect,
    /// Current clip (surface coordinates), always inside `area`.
    clip: Rect,
    /// Pen of each colour index; indices past the end use the last entry.
    pens: [u8; 256],
    blitters: Vec<Option<Blitter>>,
    damage: Damage,
    status: String,
    status_changed: bool,
    /// Scratch space for polygon points, and for the edges and scan-line crossings of
    /// polygons with more than `POLYGON_POINTS` points.
    points: Vec<(i32, i32)>,
    edges: Vec<Edge>,
    crossings: Vec<i32>,
    /// The picture `Drawing::draw_picture` paints, if the owner supplied one.
    picture: Option<Box<dyn PictureSource>>,
}

impl Viewport {
    /// A viewport on `area`, colour index `i` drawn with pen `i`.
    pub fn new(area: Rect) -> Self {
        let mut pens = [0u8; 256];
        for (i, p) in pens.iter_mut().enumerate() {
            *p = i as u8;
        }
        Viewport {
            area,
            clip: area,
            pens,
            blitters: Vec::new(),
            damage: Damage::new(),
            status: String::with_capacity(80),
            status_changed: false,
            points: Vec::with_capacity(POLYGON_POINTS),
            edges: Vec::new(),
            crossings: Vec::new(),
            picture: None,
        }
    }

    /// Supplies (or, with `None`, withdraws) the picture `Drawing::draw_picture` paints.
    pub fn set_picture(&mut self, picture: Option<Box<dyn PictureSource>>) {
        self.picture = picture;
    }
    /// The picture supplied, if any.
    pub fn picture(&self) -> Option<&dyn PictureSource> {
        self.picture.as_deref()
    }

    /// The client's area on the surface.
    pub fn area(&self) -> Rect {
        self.area
    }
    /// Moves or resizes the area; the clip is reset to it.
    pub fn set_area(&mut self, area: Rect) {
        self.area = area;
        self.clip = area;
    }
    /// Colour index `i` is drawn with pen `base + i` (clamped to 255).
    pub fn set_pen_base(&mut self, base: u8) {
        for (i, p) in self.pens.iter_mut().enumerate() {
            *p = (base as usize + i).min(255) as u8;
        }
    }
    /// Colour index `colour` is drawn with `pen`.
    pub fn set_pen(&mut self, colour: ColourIndex, pen: u8) {
        if let Some(p) = self.pens.get_mut(colour) {
            *p = pen;
        }
    }
    /// The pen colour index `colour` is drawn with.
    pub fn pen(&self, colour: ColourIndex) -> u8 {
        self.pens[colour.min(255)]
    }
    /// The rectangles reported changed with `draw_update` (surface coordinates).
    pub fn damage(&self) -> &Damage {
        &self.damage
    }
    /// Takes the changed rectangles, leaving none.
    pub fn take_damage(&mut self) -> Damage {
        self.damage.take()
    }
    /// The last status-bar text the client set.
    pub fn status(&self) -> &str {
        &self.status
    }
    /// Whether the status-bar text changed since the last call (then it must be shown).
    pub fn take_status_changed(&mut self) -> bool {
        core::mem::take(&mut self.status_changed)
    }
    /// Number of blitters allocated and not freed.
    pub fn blitters_in_use(&self) -> usize {
        self.blitters.iter().filter(|b| b.is_some()).count()
    }

    fn blitter(&mut self, id: BlitterId) -> Option<&mut Blitter> {
        self.blitters.get_mut((id.0 as usize).wrapping_sub(1))?.as_mut()
    }
}

/// The [`Drawing`] implementation: `surface` seen through `viewport`.
pub struct Canvas<'a, S> {
    surface: &'a mut Planar<S>,
    vp: &'a mut Viewport,
}

impl<'a, S: AsRef<[u16]> + AsMut<[u16]>> Canvas<'a, S> {
    pub fn new(surface: &'a mut Planar<S>, viewport: &'a mut Viewport) -> Self {
        Canvas { surface, vp: viewport }
    }

    /// The font and integer scale used for a requested font size: the 8×16 font from 16
    /// pixels up (scaled by whole multiples), the 5×7 font below.
    pub fn text_font(size: i32) -> (&'static BitmapFont, i32) {
        if size >= font8x16::HEIGHT { (&font8x16::FONT, size / font8x16::HEIGHT) } else { (&font5x7::FONT, 1) }
    }

    /// Draws `sprite` with its top-left at (`x`,`y`) of the client's area, clipped (the
    /// sprite blitter: a puzzle or TETRHEX screen that keeps its tiles as sprites).
    pub fn draw_sprite(&mut self, sprite: &Sprite, x: i32, y: i32) {
        let (sx, sy) = self.to_surface(x, y);
        self.surface.draw_sprite(sprite, sx, sy, self.vp.clip);
    }

    fn to_surface(&self, x: i32, y: i32) -> (i32, i32) {
        (x + self.vp.area.x, y + self.vp.area.y)
    }

    fn pen(&self, colour: ColourIndex) -> u8 {
        self.vp.pen(colour)
    }

    /// Pixels `x0..=x1` of surface line `y`, clipped.
    fn span(&mut self, y: i32, x0: i32, x1: i32, pen: u8) {
        let c = self.vp.clip;
        if y < c.y || y >= c.bottom() {
            return;
        }
        self.surface.fill_span(y, x0.max(c.x), x1.min(c.right() - 1), pen);
    }

    /// One surface pixel, clipped: the fast path for lines and outlines.
    fn plot(&mut self, x: i32, y: i32, pen: u8) {
        if self.vp.clip.contains(x, y) {
            self.surface.plot(x, y, pen);
        }
    }

    /// Pixels `y0..=y1` of surface column `x`, clipped.
    fn column(&mut self, x: i32, y0: i32, y1: i32, pen: u8) {
        let c = self.vp.clip;
        if x < c.x || x >= c.right() {
            return;
        }
        self.surface.vline(x, y0.max(c.y), y1.min(c.bottom() - 1), pen);
    }

    /// Bresenham line in surface coordinates: the pixels of the classic one-pixel-at-a-time
    /// loop (`dx = |x1-x0|`, `dy = -|y1-y0|`, `err = dx + dy`, a step along x when
    /// `2·err >= dy`, along y when `2·err <= dx`), only those inside the clip. The loop's
    /// pixel `j` along the major axis (of length `L`; the minor axis has length `K`) is offset
    /// `floor((2·j·K + L) / (2·L))` along the minor axis (from the loop's invariant;
    /// `lines_match_the_pixel_loop` checks it against the loop), so the first pixel inside
    /// the clip is found without walking the pixels before it, and a line crossing a small
    /// clip costs the pixels it draws there, not its length. Lines within ±8192 pixels of
    /// the origin go to the line blitter (`blit_line`); others are drawn in runs (one span per
    /// line of a shallow line, one column run per column of a steep one) in 64-bit arithmetic.
    fn line_surface(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, pen: u8) {
        if y0 == y1 || x0 == x1 {
            // Horizontal or vertical (a polygon's or a bevel's sides): one run.
            self.run(x0, y0, x1, y1, pen);
            return;
        }
        // The clip lies in the client's area; the surface's bounds too, for the blitter.
        let c = self.vp.clip.intersect(&self.surface.bounds());
        if c.is_empty() {
            return;
        }
        // Every line a puzzle draws: the blitter walks it, set up in 32 bits.
        const NEAR: i32 = 1 << 13;
        if [x0, y0, x1, y1].iter().all(|v| (-NEAR..NEAR).contains(v)) {
            self.blit_line(x0, y0, x1, y1, c, pen);
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
                    self.surface.plot(xa, y, pen);
                } else {
                    self.surface.fill_span(y, xa, xb, pen);
                }
            });
        } else {
            line.runs(|ya, yb, x| {
                if ya == yb {
                    self.surface.plot(x, ya, pen);
                } else {
                    self.surface.vline(x, ya, yb, pen);
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
    fn blit_line(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, c: Rect, pen: u8) {
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
        self.surface.line_walk((x, y), (end - start + 1) as u32, steep, (sx, sy), walk, pen);
    }

    /// A straight run of a line from (`ax`,`ay`) to (`bx`,`by`): one line or one column.
    fn run(&mut self, ax: i32, ay: i32, bx: i32, by: i32, pen: u8) {
        if ay == by {
            self.span(ay, ax.min(bx), ax.max(bx), pen);
        } else if ax == bx {
            self.column(ax, ay.min(by), ay.max(by), pen);
        } else {
            self.plot(ax, ay, pen);
        }
    }

    /// Scan-line polygon fill (even-odd rule, pixel centres) over `self.vp.points`, which hold
    /// surface coordinates in 1/16 pixels.
    fn fill_points_fx(&mut self, pen: u8) {
        let pts = core::mem::take(&mut self.vp.points);
        if pts.len() >= 3 && pts.len() <= POLYGON_POINTS {
            let mut edges = [Edge::default(); POLYGON_POINTS];
            let n = edges_of(&pts, &mut edges);
            let mut xs = [0i32; POLYGON_POINTS];
            self.fill_edges(&edges[..n], &mut xs, pen);
        } else if pts.len() > POLYGON_POINTS {
            // Bigger than anything a puzzle draws: scratch space from the viewport (grown
            // once, then kept).
            let mut edges = core::mem::take(&mut self.vp.edges);
            let mut xs = core::mem::take(&mut self.vp.crossings);
            edges.resize(pts.len(), Edge::default());
            xs.resize(pts.len(), 0);
            let n = edges_of(&pts, &mut edges);
            self.fill_edges(&edges[..n], &mut xs, pen);
            self.vp.edges = edges;
            self.vp.crossings = xs;
        }
        self.vp.points = pts;
    }

    /// Fills the scan lines crossed by `edges`; `xs` holds one crossing per edge.
    fn fill_edges(&mut self, edges: &[Edge], xs: &mut [i32], pen: u8) {
        let Some(top) = edges.iter().map(|e| e.lo).min() else { return };
        let bottom = edges.iter().map(|e| e.hi).max().unwrap_or(top);
        // Rows whose centre 16r+8 lies in [top, bottom), within the clip.
        let row0 = ((top - 8 + 15) >> 4).max(self.vp.clip.y);
        let row1 = ((bottom - 8 + 15) >> 4).min(self.vp.clip.bottom());
        for row in row0..row1 {
            let yc = row * 16 + 8;
            let mut k = 0;
            for e in edges {
                if e.lo <= yc && yc < e.hi {
                    // The same expression, from the same end of the edge, as ever: the
                    // pixels do not depend on how the edges are walked.
                    xs[k] = e.ax + e.dx * (yc - e.ay) / e.dy;
                    k += 1;
                }
            }
            // Insertion sort: a handful of crossings per line (and core's sort pulls in
            // `abort`, which the TOS runtime does not provide).
            for i in 1..k {
                let mut j = i;
                while j > 0 && xs[j - 1] > xs[j] {
                    xs.swap(j - 1, j);
                    j -= 1;
                }
            }
            for &[a, b] in xs[..k].as_chunks::<2>().0 {
                // Pixels whose centre (16x+8) lies in [a, b).
                // Arithmetic shifts: floor division by 16, also for negative values.
                let first = (a - 8 + 15) >> 4;
                let last = (b - 8 - 1) >> 4;
                if first <= last {
                    self.span(row, first, last, pen);
                }
            }
        }
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

/// A polygon edge that is not horizontal, from (`ax`,`ay`) with slope `dx`/`dy`, covering
/// scan-line centres `lo <= yc < hi` (all in 1/16 pixels).
#[derive(Clone, Copy, Default)]
struct Edge {
    ax: i32,
    ay: i32,
    dx: i32,
    dy: i32,
    lo: i32,
    hi: i32,
}

/// The non-horizontal edges of the closed polygon `pts` (point i to point i + 1, the last to
/// the first) into `out`; returns how many.
fn edges_of(pts: &[(i32, i32)], out: &mut [Edge]) -> usize {
    let mut n = 0;
    let mut a = pts[pts.len() - 1];
    for &b in pts {
        // Edge i runs from point i to point i + 1: `a` is the earlier point.
        let ((ax, ay), (bx, by)) = (a, b);
        if ay != by {
            out[n] = Edge { ax, ay, dx: bx - ax, dy: by - ay, lo: ay.min(by), hi: ay.max(by) };
            n += 1;
        }
        a = b;
    }
    n
}

/// Radius up to which circles are drawn row by row from masks ([`SmallCircle`]): their box,
/// 2r + 1 ≤ 15 pixels wide, lies within two 16-pixel groups wherever it is. Bigger ones (none
/// that a puzzle draws with points) fill span by span and plot their outline pixel by pixel.
pub const SMALL_CIRCLE: i32 = 7;

/// The rows of a circle of radius r ≤ [`SMALL_CIRCLE`] as masks over its box (bit 15 its
/// left column, cx − r), by distance v from the centre row: the fill's span, of half width
/// ⌊√(r² + r − v²)⌋, and the midpoint outline's pixels. One octant's walk from (r, 0) gives
/// every outline pixel: (x, y) stands for (±x, ±y) and (±y, ±x).
/// `circles_match_the_pixel_loop` checks the masks against the pixel-by-pixel loops.
pub struct SmallCircle {
    pub fill: [u16; SMALL_CIRCLE as usize + 1],
    pub outline: [u16; SMALL_CIRCLE as usize + 1],
}

impl SmallCircle {
    pub fn new(r: i32) -> SmallCircle {
        let r = r.clamp(0, SMALL_CIRCLE);
        let mut rows = SmallCircle { fill: [0; SMALL_CIRCLE as usize + 1], outline: [0; SMALL_CIRCLE as usize + 1] };
        let column = |dx: i32| 0x8000u16 >> (r + dx);
        let rr = r * r + r;
        let mut hw = r;
        for v in 0..=r {
            while hw * hw > rr - v * v {
                hw -= 1;
            }
            rows.fill[v as usize] = super::blit::span_mask(r - hw, r + hw);
        }
        midpoint_octant(r, |x, y| {
            rows.outline[y as usize] |= column(x) | column(-x);
            rows.outline[x as usize] |= column(y) | column(-y);
        });
        rows
    }
}

/// The midpoint circle's walk of one octant of radius `r`, from (r, 0) while x ≥ y: each
/// (x, y) stands for the eight pixels (±x, ±y) and (±y, ±x) of the outline.
fn midpoint_octant(r: i32, mut pixel: impl FnMut(i32, i32)) {
    let (mut x, mut y, mut err) = (r, 0i32, 1 - r);
    while x >= y {
        pixel(x, y);
        y += 1;
        if err < 0 {
            err += 2 * y + 1;
        } else {
            x -= 1;
            err += 2 * (y - x) + 1;
        }
    }
}

/// Bits `first..=last` of a 32-pixel window (bit 31 its first pixel), clamped to it.
fn span_bits(first: i32, last: i32) -> u32 {
    let (first, last) = (first.max(0), last.min(31));
    if first > last {
        0
    } else if last == 31 {
        u32::MAX >> first
    } else {
        (u32::MAX >> first) & !(u32::MAX >> (last + 1))
    }
}

/// Integer square root (floor), by the bit-by-bit method: no division, no 64-bit arithmetic
/// (64-bit division would pull a libgcc routine into the 68030 build).
pub fn isqrt(n: u32) -> u32 {
    let mut rem = n;
    let mut root = 0u32;
    let mut bit = 1u32 << 30;
    while bit > rem {
        bit >>= 2;
    }
    while bit != 0 {
        if rem >= root + bit {
            rem -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    root
}

/// Drawing coordinates are clamped to this many pixels either side of the surface origin so
/// that every intermediate product fits in 32 bits (nothing a puzzle draws is that far out).
const COORD_LIMIT: i32 = 1024;

fn clamp_coord(v: i32) -> i32 {
    v.clamp(-COORD_LIMIT, COORD_LIMIT + 1023)
}

impl<S: AsRef<[u16]> + AsMut<[u16]>> Drawing for Canvas<'_, S> {
    fn draw_picture(&mut self, x: i32, y: i32, side: i32) -> bool {
        let (sx, sy) = self.to_surface(clamp_coord(x), clamp_coord(y));
        let clip = self.vp.clip;
        let Some(picture) = self.vp.picture.as_mut().and_then(|p| p.at_side(side)) else { return false };
        let dst = Rect::new(sx, sy, side, side).intersect(&clip);
        if !dst.is_empty() {
            self.surface.copy_from(picture, Rect::new(dst.x - sx, dst.y - sy, dst.w, dst.h), dst.x, dst.y);
        }
        true
    }

    fn draw_rect(&mut self, x: i32, y: i32, w: i32, h: i32, colour: ColourIndex) {
        let (sx, sy) = self.to_surface(x, y);
        let pen = self.pen(colour);
        self.surface.fill_rect(Rect::new(sx, sy, w, h).intersect(&self.vp.clip), pen);
    }

    fn draw_line(&mut self, x1: i32, y1: i32, x2: i32, y2: i32, colour: ColourIndex) {
        let (a, b) = self.to_surface(x1, y1);
        let (c, d) = self.to_surface(x2, y2);
        let pen = self.pen(colour);
        self.line_surface(a, b, c, d, pen);
    }

    fn draw_thick_line(&mut self, thickness: i32, x1: i32, y1: i32, x2: i32, y2: i32, colour: ColourIndex) {
        if thickness <= 1 {
            return self.draw_line(x1, y1, x2, y2, colour);
        }
        let (a, b) = self.to_surface(x1, y1);
        let (c, d) = self.to_surface(x2, y2);
        let (a, b, c, d) = (clamp_coord(a), clamp_coord(b), clamp_coord(c), clamp_coord(d));
        let pen = self.pen(colour);
        let (dx, dy) = (c - a, d - b);
        let len = isqrt((dx * dx + dy * dy) as u32).max(1) as i32;
        // Half-thickness perpendicular offset in 1/16 pixels.
        let t = thickness.min(256);
        let ox = -dy * t * 8 / len;
        let oy = dx * t * 8 / len;
        let (fa, fb, fc, fd) = (a * 16 + 8, b * 16 + 8, c * 16 + 8, d * 16 + 8);
        self.vp.points.clear();
        self.vp.points.extend_from_slice(&[
            (fa + ox, fb + oy),
            (fc + ox, fd + oy),
            (fc - ox, fd - oy),
            (fa - ox, fb - oy),
        ]);
        self.fill_points_fx(pen);
    }

    fn draw_polygon(&mut self, points: &[(i32, i32)], fill: Option<ColourIndex>, outline: ColourIndex) {
        let (ox, oy) = (self.vp.area.x, self.vp.area.y);
        let to_surface = |&(x, y): &(i32, i32)| (clamp_coord(x + ox), clamp_coord(y + oy));
        if let Some(f) = fill {
            let pen = self.pen(f);
            self.vp.points.clear();
            self.vp.points.extend(points.iter().map(to_surface).map(|(x, y)| (x * 16 + 8, y * 16 + 8)));
            self.fill_points_fx(pen);
        }
        let pen = self.pen(outline);
        for (i, p) in points.iter().enumerate() {
            let (a, b) = to_surface(p);
            let (c, d) = to_surface(&points[(i + 1) % points.len()]);
            self.line_surface(a, b, c, d, pen);
        }
    }

    fn draw_circle(&mut self, cx: i32, cy: i32, r: i32, fill: Option<ColourIndex>, outline: ColourIndex) {
        let (cx, cy) = self.to_surface(cx, cy);
        let (cx, cy) = (clamp_coord(cx), clamp_coord(cy));
        let r = r.clamp(0, 2 * COORD_LIMIT);
        let c = self.vp.clip;
        // Only the rows inside the clip rectangle.
        let (top, bottom) = ((-r).max(c.y - cy), r.min(c.bottom() - 1 - cy));
        let fill = fill.map(|f| self.pen(f));
        // The outline is skipped when the clip lies wholly inside the circle (a huge circle
        // seen through a small window) or wholly outside its bounding box.
        let inside = |x: i32, y: i32| (x - cx) * (x - cx) + (y - cy) * (y - cy) < (r - 1) * (r - 1);
        let clip_inside = r > 1
            && inside(c.x, c.y)
            && inside(c.right() - 1, c.y)
            && inside(c.x, c.bottom() - 1)
            && inside(c.right() - 1, c.bottom() - 1);
        let clip_apart = cx + r < c.x || cx - r >= c.right() || cy + r < c.y || cy - r >= c.bottom();
        let outline = if clip_inside || clip_apart { None } else { Some(self.pen(outline)) };
        if r <= SMALL_CIRCLE {
            // Row by row, as masks over the two 16-pixel groups the circle's box lies in: the
            // fill's, then the outline's (`SmallCircle`), each cut to the clip.
            let rows = SmallCircle::new(r);
            let (left, window) = (cx - r, (cx - r) & !15);
            let clip_mask = span_bits(c.x - window, c.right() - 1 - window);
            let place = |m: u16| ((m as u32) << 16 >> (left - window)) & clip_mask;
            let (top, bottom) = (top.max(-cy), bottom.min(self.surface.height() - 1 - cy));
            let n = (bottom - top + 1).max(0) as usize;
            let mut masks = [0u32; 2 * SMALL_CIRCLE as usize + 1];
            for (pen, of) in [(fill, &rows.fill), (outline, &rows.outline)] {
                let Some(pen) = pen else { continue };
                for (i, m) in masks[..n].iter_mut().enumerate() {
                    *m = place(of[(top + i as i32).unsigned_abs() as usize]);
                }
                self.surface.fill_pairs(cy + top, window >> 4, &masks[..n], pen);
            }
            return;
        }
        if let Some(pen) = fill {
            let rr = r * r + r;
            for dy in top..=bottom {
                let hw = isqrt((rr - dy * dy) as u32) as i32;
                self.span(cy + dy, cx - hw, cx + hw, pen);
            }
        }
        let Some(pen) = outline else { return };
        midpoint_octant(r, |x, y| {
            for (px, py) in [(x, y), (y, x), (-y, x), (-x, y), (-x, -y), (-y, -x), (y, -x), (x, -y)] {
                self.plot(cx + px, cy + py, pen);
            }
        });
    }

    fn draw_text(
        &mut self,
        x: i32,
        y: i32,
        _font: Font,
        size: i32,
        halign: HAlign,
        valign: VAlign,
        colour: ColourIndex,
        text: &str,
    ) {
        let (font, scale) = Self::text_font(size);
        let w = font.text_width(text, scale);
        let left = match halign {
            HAlign::Left => x,
            HAlign::Centre => x - w / 2,
            HAlign::Right => x - w,
        };
        // The baseline on y, or the middle of the capitals.
        let cap = font.baseline - font.cap_top;
        let top = match valign {
            VAlign::Normal => y - font.baseline * scale,
            VAlign::Centre => y - font.cap_top * scale - cap * scale / 2,
        };
        let (sx, sy) = self.to_surface(left, top);
        let pen = self.pen(colour);
        text::draw(font, self.surface, self.vp.clip, sx, sy, scale, text, pen);
    }

    fn text_width(&mut self, _font: Font, size: i32, text: &str) -> i32 {
        let (font, scale) = Self::text_font(size);
        font.text_width(text, scale)
    }

    fn clip(&mut self, x: i32, y: i32, w: i32, h: i32) {
        let (sx, sy) = self.to_surface(x, y);
        self.vp.clip = Rect::new(sx, sy, w, h).intersect(&self.vp.area);
    }

    fn unclip(&mut self) {
        self.vp.clip = self.vp.area;
    }

    fn draw_update(&mut self, x: i32, y: i32, w: i32, h: i32) {
        let (sx, sy) = self.to_surface(x, y);
        let r = Rect::new(sx, sy, w, h).intersect(&self.vp.area).intersect(&self.surface.bounds());
        self.vp.damage.add(r);
    }

    fn status_bar(&mut self, text: &str) {
        if self.vp.status != text {
            self.vp.status.clear();
            self.vp.status.push_str(text);
            self.vp.status_changed = true;
        }
    }

    fn blitter_new(&mut self, w: i32, h: i32) -> BlitterId {
        let (w, h) = (w.max(0), h.max(0));
        let store = Planar::alloc(((w + 15) & !15) + 16, h).unwrap_or_else(|_| unreachable!("size checked"));
        let b = Blitter { w, h, store, phase: 0, saved: Rect::default() };
        let slot = match self.vp.blitters.iter().position(Option::is_none) {
            Some(i) => {
                self.vp.blitters[i] = Some(b);
                i
            }
            None => {
                self.vp.blitters.push(Some(b));
                self.vp.blitters.len() - 1
            }
        };
        BlitterId(slot as u32 + 1)
    }

    fn blitter_free(&mut self, bl: BlitterId) {
        if let Some(slot) = self.vp.blitters.get_mut((bl.0 as usize).wrapping_sub(1)) {
            *slot = None;
        }
    }

    fn blitter_save(&mut self, bl: BlitterId, x: i32, y: i32) {
        let (sx, sy) = self.to_surface(x, y);
        let bounds = self.surface.bounds();
        let surface: &Planar<S> = self.surface;
        let Some(b) = self.vp.blitter(bl) else { return };
        // Only what lies on the surface is saved (and later restored).
        let on = Rect::new(sx, sy, b.w, b.h).intersect(&bounds);
        b.saved = on.offset(-sx, -sy);
        b.phase = sx.rem_euclid(16);
        b.store.copy_from(surface, on, b.saved.x + b.phase, b.saved.y);
    }

    fn blitter_load(&mut self, bl: BlitterId, x: i32, y: i32) {
        let (sx, sy) = self.to_surface(x, y);
        let clip = self.vp.clip;
        let Some(b) = self.vp.blitter(bl) else { return };
        let dest = b.saved.offset(sx, sy).intersect(&clip);
        let src = dest.offset(b.phase - sx, -sy);
        self.surface.copy_from(&b.store, src, dest.x, dest.y);
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
