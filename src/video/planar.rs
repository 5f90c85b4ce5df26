//! An in-memory 256-colour screen in the Falcon's own layout, implementing the puzzle
//! [`Drawing`] API.
//!
//! The Falcon's VIDEL shows 8-bit-per-pixel modes as *interleaved bitplanes*: every 16 pixels
//! of a line are stored as 8 consecutive big-endian words, word `p` holding bit `p` of each
//! pixel's colour index (plane 0 first), with bit 15 the leftmost pixel. This module keeps a
//! screen in exactly that format (as `u16`s), so the full-screen front end can point the VIDEL
//! at a buffer drawn by this very code, and host tests can turn the same buffer into PNGs.
//!
//! Everything is integer arithmetic and `no_std`. Spans are written a 16-pixel group at a time
//! with masks, which is how the 68030 version wants to work too.

use alloc::collections::BTreeMap;
use alloc::vec;
use alloc::vec::Vec;

use super::font5x7;
use crate::puzzle::backend::Colour;
use crate::puzzle::drawing::{BlitterId, ColourIndex, Drawing, Font, HAlign, Rect, VAlign};

/// Number of bitplanes (256 colours).
pub const PLANES: usize = 8;

struct Blitter {
    w: i32,
    h: i32,
    /// Saved pens, or `None` for pixels that were off the screen when saved.
    pixels: Vec<Option<u8>>,
}

/// A `width`×`height` interleaved-bitplane screen (width a multiple of 16) with a palette,
/// a clip rectangle, a drawing origin, update regions and blitters.
pub struct PlanarScreen {
    width: i32,
    height: i32,
    words: Vec<u16>,
    /// The colour of each pen (what the VIDEL palette registers will hold).
    pub palette: [Colour; 256],
    /// Offset added to every drawing coordinate (where the puzzle's area sits on the screen).
    origin: (i32, i32),
    /// Current clip in screen coordinates.
    clip: Rect,
    updates: Vec<Rect>,
    blitters: BTreeMap<u32, Blitter>,
    next_blitter: u32,
    /// Pen index added to every colour index (so a game's colours can live above pens the
    /// front end reserves, e.g. for its own menus).
    pen_base: u8,
    /// Where status-bar text goes (screen coordinates) and with which pens (background, text).
    status_area: Option<(Rect, u8, u8)>,
    status: alloc::string::String,
}

impl PlanarScreen {
    /// A black screen. Panics if `width` is not a positive multiple of 16 (a programming error).
    pub fn new(width: i32, height: i32) -> Self {
        assert!(width > 0 && width % 16 == 0 && height > 0, "width must be a multiple of 16");
        PlanarScreen {
            width,
            height,
            words: vec![0; (width as usize / 16) * PLANES * height as usize],
            palette: [Colour::default(); 256],
            origin: (0, 0),
            clip: Rect::new(0, 0, width, height),
            updates: Vec::new(),
            blitters: BTreeMap::new(),
            next_blitter: 0,
            pen_base: 0,
            status_area: None,
            status: alloc::string::String::new(),
        }
    }

    /// The Falcon's 640×480 256-colour mode.
    pub fn vga256() -> Self {
        Self::new(640, 480)
    }

    pub fn width(&self) -> i32 {
        self.width
    }
    pub fn height(&self) -> i32 {
        self.height
    }
    /// The raw planar words, line by line, in VIDEL order.
    pub fn words(&self) -> &[u16] {
        &self.words
    }

    /// Sets where the puzzle's (0,0) is on the screen; resets the clip.
    pub fn set_origin(&mut self, x: i32, y: i32) {
        self.origin = (x, y);
        self.clip = Rect::new(0, 0, self.width, self.height);
    }
    /// Pens used for colour index 0 onwards.
    pub fn set_pen_base(&mut self, base: u8) {
        self.pen_base = base;
    }
    /// Loads `colours` into the palette starting at the pen base.
    pub fn set_colours(&mut self, colours: &[Colour]) {
        for (i, c) in colours.iter().enumerate() {
            let pen = self.pen_base as usize + i;
            if pen < 256 {
                self.palette[pen] = *c;
            }
        }
    }
    /// Reserves a screen rectangle for status-bar text with the given pens.
    pub fn set_status_area(&mut self, area: Rect, bg_pen: u8, fg_pen: u8) {
        self.status_area = Some((area, bg_pen, fg_pen));
    }
    /// The last status-bar text.
    pub fn status(&self) -> &str {
        &self.status
    }
    /// Takes the update regions reported since the last call (screen coordinates).
    pub fn take_updates(&mut self) -> Vec<Rect> {
        core::mem::take(&mut self.updates)
    }

    /// The pen of the pixel at screen (`x`,`y`); 0 outside the screen.
    pub fn pixel(&self, x: i32, y: i32) -> u8 {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return 0;
        }
        let base = self.group_index(x, y);
        let mask = 0x8000u16 >> (x & 15);
        let mut v = 0u8;
        for (p, &w) in self.words[base..base + PLANES].iter().enumerate() {
            if w & mask != 0 {
                v |= 1 << p;
            }
        }
        v
    }

    /// Fills the whole screen with one pen, ignoring clip and origin.
    pub fn clear(&mut self, pen: u8) {
        for group in self.words.chunks_mut(PLANES) {
            for (p, w) in group.iter_mut().enumerate() {
                *w = if pen >> p & 1 != 0 { 0xFFFF } else { 0 };
            }
        }
    }

    /// Every pixel's pen, row by row (for image output and comparisons).
    pub fn to_indexed(&self) -> Vec<u8> {
        // A 16-pixel group at a time: its eight plane words are read once, then each pixel's
        // bits are gathered (the planar-to-chunky conversion).
        let mut out = vec![0u8; (self.width * self.height) as usize];
        for (g, planes) in self.words.chunks_exact(PLANES).enumerate() {
            let px = &mut out[g * 16..g * 16 + 16];
            for (p, &w) in planes.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                for (i, v) in px.iter_mut().enumerate() {
                    *v |= (((w >> (15 - i)) & 1) as u8) << p;
                }
            }
        }
        out
    }

    fn group_index(&self, x: i32, y: i32) -> usize {
        (y as usize * (self.width as usize / 16) + (x as usize / 16)) * PLANES
    }

    fn pen(&self, colour: ColourIndex) -> u8 {
        (self.pen_base as usize + colour).min(255) as u8
    }

    /// Writes pen over screen pixels `x0..=x1` of line `y`, clipped. The core primitive:
    /// one masked read-modify-write per plane per 16-pixel group.
    fn span(&mut self, y: i32, x0: i32, x1: i32, pen: u8) {
        let c = self.clip;
        if y < c.y || y >= c.y + c.h {
            return;
        }
        let x0 = x0.max(c.x);
        let x1 = x1.min(c.x + c.w - 1);
        if x0 > x1 {
            return;
        }
        let fill = plane_fill(pen);
        let row = y as usize * (self.width as usize / 16) * PLANES;
        let mut x = x0;
        while x <= x1 {
            let group_end = (x | 15).min(x1);
            let first = x & 15;
            let last = group_end & 15;
            // Bits first..=last counted from the left (bit 15 = pixel 0 of the group).
            let mask: u16 = (0xFFFFu32 >> first) as u16 & !((0xFFFFu32 >> (last + 1)) as u16);
            let base = row + (x as usize / 16) * PLANES;
            write_group(&mut self.words[base..base + PLANES], mask, &fill);
            x = group_end + 1;
        }
    }

    /// One pixel, clipped: the fast path for lines and outlines.
    fn plot(&mut self, x: i32, y: i32, pen: u8) {
        if !self.clip.contains(x, y) {
            return;
        }
        let base = self.group_index(x, y);
        let bit = 0x8000u16 >> (x & 15);
        write_group(&mut self.words[base..base + PLANES], bit, &plane_fill(pen));
    }

    /// Bresenham line in screen coordinates (horizontal lines as one span).
    fn line_screen(&mut self, mut x0: i32, mut y0: i32, x1: i32, y1: i32, pen: u8) {
        if y0 == y1 {
            self.span(y0, x0.min(x1), x0.max(x1), pen);
            return;
        }
        let dx = (x1 - x0).abs();
        let dy = -(y1 - y0).abs();
        let sx = if x0 < x1 { 1 } else { -1 };
        let sy = if y0 < y1 { 1 } else { -1 };
        let mut err = dx + dy;
        loop {
            self.plot(x0, y0, pen);
            if x0 == x1 && y0 == y1 {
                break;
            }
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x0 += sx;
            }
            if e2 <= dx {
                err += dx;
                y0 += sy;
            }
        }
    }

    /// Scan-line polygon fill (even-odd rule, pixel centres) over points in 1/16-pixel
    /// screen coordinates.
    fn fill_polygon_fx(&mut self, pts: &[(i32, i32)], pen: u8) {
        if pts.len() < 3 {
            return;
        }
        let ymin = pts.iter().map(|p| p.1).min().unwrap_or(0);
        let ymax = pts.iter().map(|p| p.1).max().unwrap_or(0);
        let row0 = (ymin >> 4).max(self.clip.y);
        let row1 = ((ymax >> 4) + 1).min(self.clip.y + self.clip.h - 1);
        let mut xs: Vec<i32> = Vec::new();
        for row in row0..=row1 {
            let yc = row * 16 + 8;
            xs.clear();
            for i in 0..pts.len() {
                let (ax, ay) = pts[i];
                let (bx, by) = pts[(i + 1) % pts.len()];
                if (ay <= yc && by > yc) || (by <= yc && ay > yc) {
                    // |bx-ax| and |yc-ay| are below 2^15 thanks to clamp_coord: no overflow.
                    let x = ax + (bx - ax) * (yc - ay) / (by - ay);
                    xs.push(x);
                }
            }
            // Insertion sort: a handful of crossings per line (and core's sort pulls in
            // `abort`, which the TOS runtime does not provide).
            for i in 1..xs.len() {
                let mut j = i;
                while j > 0 && xs[j - 1] > xs[j] {
                    xs.swap(j - 1, j);
                    j -= 1;
                }
            }
            for pair in xs.chunks(2) {
                if let [a, b] = pair {
                    // Pixels whose centre (16x+8) lies in [a, b).
                    // Arithmetic shifts: floor division by 16, also for negative values.
                    let first = (*a - 8 + 15) >> 4;
                    let last = (*b - 8 - 1) >> 4;
                    if first <= last {
                        self.span(row, first, last, pen);
                    }
                }
            }
        }
    }

    fn to_screen(&self, x: i32, y: i32) -> (i32, i32) {
        (x + self.origin.0, y + self.origin.1)
    }

    /// Draws `text` with its top-left at screen (`x`,`y`), each font pixel `scale`² pixels.
    fn text_screen(&mut self, x: i32, y: i32, scale: i32, text: &str, pen: u8) {
        let mut cx = x;
        for ch in text.chars() {
            let g = font5x7::glyph(ch);
            for (row, bits) in g.iter().enumerate() {
                for col in 0..font5x7::WIDTH {
                    if bits >> (font5x7::WIDTH - 1 - col) & 1 != 0 {
                        let px = cx + col * scale;
                        let py = y + row as i32 * scale;
                        for k in 0..scale {
                            self.span(py + k, px, px + scale - 1, pen);
                        }
                    }
                }
            }
            cx += (font5x7::WIDTH + 1) * scale;
        }
    }

    /// The integer scale used for a requested font size.
    pub fn text_scale(size: i32) -> i32 {
        (size / 8).max(1)
    }
}

/// The word each plane gets where a pen is drawn: all ones if the pen has that bit.
fn plane_fill(pen: u8) -> [u16; PLANES] {
    let mut f = [0u16; PLANES];
    for (p, w) in f.iter_mut().enumerate() {
        if pen >> p & 1 != 0 {
            *w = 0xFFFF;
        }
    }
    f
}

/// Writes the masked bits of one 16-pixel group, branch-free per plane (an unrolled loop of
/// and/or on the 68030).
fn write_group(group: &mut [u16], mask: u16, fill: &[u16; PLANES]) {
    if let Ok(g) = <&mut [u16; PLANES]>::try_from(group) {
        if mask == 0xFFFF {
            *g = *fill;
        } else {
            for p in 0..PLANES {
                g[p] = (g[p] & !mask) | (fill[p] & mask);
            }
        }
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

/// Drawing coordinates are clamped to this many pixels either side of the screen origin so
/// that every intermediate product fits in 32 bits (nothing a puzzle draws is that far out).
const COORD_LIMIT: i32 = 1024;

fn clamp_coord(v: i32) -> i32 {
    v.clamp(-COORD_LIMIT, COORD_LIMIT + 1023)
}

impl Drawing for PlanarScreen {
    fn draw_rect(&mut self, x: i32, y: i32, w: i32, h: i32, colour: ColourIndex) {
        let (sx, sy) = self.to_screen(x, y);
        let pen = self.pen(colour);
        for row in sy..sy + h {
            self.span(row, sx, sx + w - 1, pen);
        }
    }

    fn draw_line(&mut self, x1: i32, y1: i32, x2: i32, y2: i32, colour: ColourIndex) {
        let (a, b) = self.to_screen(x1, y1);
        let (c, d) = self.to_screen(x2, y2);
        let pen = self.pen(colour);
        self.line_screen(a, b, c, d, pen);
    }

    fn draw_thick_line(&mut self, thickness: i32, x1: i32, y1: i32, x2: i32, y2: i32, colour: ColourIndex) {
        if thickness <= 1 {
            return self.draw_line(x1, y1, x2, y2, colour);
        }
        let (a, b) = self.to_screen(x1, y1);
        let (c, d) = self.to_screen(x2, y2);
        let (a, b, c, d) = (clamp_coord(a), clamp_coord(b), clamp_coord(c), clamp_coord(d));
        let pen = self.pen(colour);
        let (dx, dy) = (c - a, d - b);
        let len = isqrt((dx * dx + dy * dy) as u32).max(1) as i32;
        // Half-thickness perpendicular offset in 1/16 pixels.
        let t = thickness.min(256);
        let ox = -dy * t * 8 / len;
        let oy = dx * t * 8 / len;
        let (fa, fb, fc, fd) = (a * 16 + 8, b * 16 + 8, c * 16 + 8, d * 16 + 8);
        let pts = [(fa + ox, fb + oy), (fc + ox, fd + oy), (fc - ox, fd - oy), (fa - ox, fb - oy)];
        self.fill_polygon_fx(&pts, pen);
    }

    fn draw_polygon(&mut self, points: &[(i32, i32)], fill: Option<ColourIndex>, outline: ColourIndex) {
        let screen: Vec<(i32, i32)> = points
            .iter()
            .map(|&(x, y)| {
                let (sx, sy) = self.to_screen(x, y);
                (clamp_coord(sx), clamp_coord(sy))
            })
            .collect();
        if let Some(f) = fill {
            let fx: Vec<(i32, i32)> = screen.iter().map(|&(x, y)| (x * 16 + 8, y * 16 + 8)).collect();
            let pen = self.pen(f);
            self.fill_polygon_fx(&fx, pen);
        }
        let pen = self.pen(outline);
        for i in 0..screen.len() {
            let (a, b) = screen[i];
            let (c, d) = screen[(i + 1) % screen.len()];
            self.line_screen(a, b, c, d, pen);
        }
    }

    fn draw_circle(&mut self, cx: i32, cy: i32, r: i32, fill: Option<ColourIndex>, outline: ColourIndex) {
        let (cx, cy) = self.to_screen(cx, cy);
        let (cx, cy) = (clamp_coord(cx), clamp_coord(cy));
        let r = r.clamp(0, 2 * COORD_LIMIT);
        if let Some(f) = fill {
            let pen = self.pen(f);
            let rr = r * r + r;
            // Only the rows inside the clip rectangle.
            let top = (-r).max(self.clip.y - cy);
            let bottom = r.min(self.clip.y + self.clip.h - 1 - cy);
            for dy in top..=bottom {
                let hw = isqrt((rr - dy * dy) as u32) as i32;
                self.span(cy + dy, cx - hw, cx + hw, pen);
            }
        }
        // Midpoint circle outline, skipped when the clip lies wholly inside the circle (a huge
        // circle seen through a small window) or wholly outside its bounding box.
        let c = self.clip;
        let inside = |x: i32, y: i32| (x - cx) * (x - cx) + (y - cy) * (y - cy) < (r - 1) * (r - 1);
        if r > 1
            && inside(c.x, c.y)
            && inside(c.x + c.w - 1, c.y)
            && inside(c.x, c.y + c.h - 1)
            && inside(c.x + c.w - 1, c.y + c.h - 1)
        {
            return;
        }
        if cx + r < c.x || cx - r >= c.x + c.w || cy + r < c.y || cy - r >= c.y + c.h {
            return;
        }
        let pen = self.pen(outline);
        let (mut x, mut y, mut err) = (r, 0i32, 1 - r);
        while x >= y {
            for (px, py) in [(x, y), (y, x), (-y, x), (-x, y), (-x, -y), (-y, -x), (y, -x), (x, -y)] {
                // Cheap test first: most points of a huge circle are off the clip.
                if self.clip.contains(cx + px, cy + py) {
                    self.plot(cx + px, cy + py, pen);
                }
            }
            y += 1;
            if err < 0 {
                err += 2 * y + 1;
            } else {
                x -= 1;
                err += 2 * (y - x) + 1;
            }
        }
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
        let scale = Self::text_scale(size);
        let w = self.text_width(Font::Variable, size, text);
        let left = match halign {
            HAlign::Left => x,
            HAlign::Centre => x - w / 2,
            HAlign::Right => x - w,
        };
        let h = font5x7::HEIGHT * scale;
        let top = match valign {
            VAlign::Normal => y - h,
            VAlign::Centre => y - h / 2,
        };
        let (sx, sy) = self.to_screen(left, top);
        let pen = self.pen(colour);
        self.text_screen(sx, sy, scale, text, pen);
    }

    fn text_width(&mut self, _font: Font, size: i32, text: &str) -> i32 {
        let scale = Self::text_scale(size);
        let n = text.chars().count() as i32;
        if n == 0 { 0 } else { n * (font5x7::WIDTH + 1) * scale - scale }
    }

    fn clip(&mut self, x: i32, y: i32, w: i32, h: i32) {
        let (sx, sy) = self.to_screen(x, y);
        self.clip = Rect::new(sx, sy, w, h).intersect(&Rect::new(0, 0, self.width, self.height));
    }

    fn unclip(&mut self) {
        self.clip = Rect::new(0, 0, self.width, self.height);
    }

    fn draw_update(&mut self, x: i32, y: i32, w: i32, h: i32) {
        let (sx, sy) = self.to_screen(x, y);
        let r = Rect::new(sx, sy, w, h).intersect(&Rect::new(0, 0, self.width, self.height));
        if !r.is_empty() {
            self.updates.push(r);
        }
    }

    fn status_bar(&mut self, text: &str) {
        self.status = text.into();
        if let Some((area, bg, fg)) = self.status_area {
            let saved = self.clip;
            self.clip = area.intersect(&Rect::new(0, 0, self.width, self.height));
            for row in area.y..area.y + area.h {
                self.span(row, area.x, area.x + area.w - 1, bg);
            }
            let top = area.y + (area.h - font5x7::HEIGHT) / 2;
            self.text_screen(area.x + 4, top, 1, text, fg);
            self.clip = saved;
            self.updates.push(area);
        }
    }

    fn blitter_new(&mut self, w: i32, h: i32) -> BlitterId {
        self.next_blitter += 1;
        let (w, h) = (w.max(0), h.max(0));
        self.blitters.insert(self.next_blitter, Blitter { w, h, pixels: vec![None; (w * h) as usize] });
        BlitterId(self.next_blitter)
    }

    fn blitter_free(&mut self, bl: BlitterId) {
        self.blitters.remove(&bl.0);
    }

    fn blitter_save(&mut self, bl: BlitterId, x: i32, y: i32) {
        let (sx, sy) = self.to_screen(x, y);
        let Some(b) = self.blitters.get(&bl.0) else { return };
        let (w, h) = (b.w, b.h);
        let mut pixels = Vec::with_capacity((w * h) as usize);
        for yy in 0..h {
            for xx in 0..w {
                let (px, py) = (sx + xx, sy + yy);
                let on = px >= 0 && py >= 0 && px < self.width && py < self.height;
                pixels.push(if on { Some(self.pixel(px, py)) } else { None });
            }
        }
        if let Some(b) = self.blitters.get_mut(&bl.0) {
            b.pixels = pixels;
        }
    }

    fn blitter_load(&mut self, bl: BlitterId, x: i32, y: i32) {
        let (sx, sy) = self.to_screen(x, y);
        let Some(b) = self.blitters.remove(&bl.0) else { return };
        for yy in 0..b.h {
            for xx in 0..b.w {
                if let Some(p) = b.pixels[(yy * b.w + xx) as usize] {
                    self.plot(sx + xx, sy + yy, p);
                }
            }
        }
        self.blitters.insert(bl.0, b);
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests {
    use super::*;

    crate::test_cases! {
        fn layout_is_interleaved_bitplanes() {
            let mut s = PlanarScreen::new(32, 2);
            // Pixel 0 of line 0 gets pen 0b1000_0101: planes 0, 2 and 7, bit 15 of their words.
            s.draw_rect(0, 0, 1, 1, 0x85);
            assert_eq!(&s.words()[0..8], &[0x8000, 0, 0x8000, 0, 0, 0, 0, 0x8000]);
            // Pixel 17 of line 1: second group of line 1 (words 24..32), bit 14.
            s.draw_rect(17, 1, 1, 1, 0x02);
            assert_eq!(s.words()[24 + 1], 0x4000);
            assert_eq!(s.pixel(17, 1), 2);
            assert_eq!(s.pixel(0, 0), 0x85);
            assert_eq!(s.pixel(1, 0), 0);
            assert_eq!(s.words().len(), 32 / 16 * 8 * 2);
        }

        fn spans_across_groups_and_clip() {
            let mut s = PlanarScreen::new(64, 4);
            s.draw_rect(5, 0, 40, 1, 3);
            for x in 0..64 {
                assert_eq!(s.pixel(x, 0), if (5..45).contains(&x) { 3 } else { 0 }, "x={}", x);
            }
            s.clip(10, 1, 5, 2);
            s.draw_rect(0, 0, 64, 4, 7);
            s.unclip();
            let set: usize = s.to_indexed().iter().filter(|&&p| p == 7).count();
            assert_eq!(set, 10);
            assert_eq!(s.pixel(10, 1), 7);
            assert_eq!(s.pixel(15, 1), 0);
            // Overwriting with pen 0 clears every plane.
            s.draw_rect(0, 0, 64, 4, 0);
            assert!(s.to_indexed().iter().all(|&p| p == 0));
        }

        fn origin_translates_everything() {
            let mut s = PlanarScreen::new(32, 32);
            s.set_origin(10, 5);
            s.draw_rect(0, 0, 2, 2, 9);
            assert_eq!(s.pixel(10, 5), 9);
            assert_eq!(s.pixel(11, 6), 9);
            assert_eq!(s.pixel(9, 5), 0);
            s.draw_update(0, 0, 2, 2);
            assert_eq!(s.take_updates(), alloc::vec![Rect::new(10, 5, 2, 2)]);
        }

        fn lines_hit_both_ends() {
            let mut s = PlanarScreen::new(32, 32);
            s.draw_line(2, 3, 20, 11, 1);
            assert_eq!(s.pixel(2, 3), 1);
            assert_eq!(s.pixel(20, 11), 1);
            let n = s.to_indexed().iter().filter(|&&p| p == 1).count();
            assert_eq!(n, 19, "an x-major line has one pixel per column");
        }

        fn polygon_fill_covers_interior_once() {
            let mut s = PlanarScreen::new(32, 32);
            s.draw_polygon(&[(2, 2), (12, 2), (12, 9), (2, 9)], Some(4), 5);
            // Interior 9x6 filled, border 11x8 outlined.
            assert_eq!(s.pixel(7, 5), 4);
            assert_eq!(s.pixel(2, 2), 5);
            assert_eq!(s.pixel(12, 9), 5);
            assert_eq!(s.pixel(13, 5), 0);
            let inner = s.to_indexed().iter().filter(|&&p| p == 4).count();
            let border = s.to_indexed().iter().filter(|&&p| p == 5).count();
            assert_eq!((inner, border), (9 * 6, 2 * 11 + 2 * 6));
            // A triangle: every filled pixel lies inside the bounding box.
            let mut t = PlanarScreen::new(32, 32);
            t.draw_polygon(&[(0, 0), (20, 0), (0, 20)], Some(1), 1);
            assert_eq!(t.pixel(5, 5), 1);
            assert_eq!(t.pixel(15, 15), 0);
        }

        fn circle_is_symmetric() {
            let mut s = PlanarScreen::new(48, 48);
            s.draw_circle(20, 20, 8, Some(2), 3);
            assert_eq!(s.pixel(20, 20), 2);
            assert_eq!(s.pixel(28, 20), 3);
            assert_eq!(s.pixel(12, 20), 3);
            assert_eq!(s.pixel(20, 12), 3);
            assert_eq!(s.pixel(29, 20), 0);
            let px = s.to_indexed();
            for y in 0..48usize {
                for x in 0..=40usize {
                    assert_eq!(px[y * 48 + x] != 0, px[y * 48 + 40 - x] != 0, "mirror at {},{}", x, y);
                }
            }
        }

        fn isqrt_is_floor_sqrt() {
            for n in 0..2000u32 {
                let r = isqrt(n);
                assert!(r * r <= n && (r + 1) * (r + 1) > n, "{}", n);
            }
            assert_eq!(isqrt(u32::MAX), 65535);
            assert_eq!(isqrt(1 << 30), 1 << 15);
        }

        fn far_coordinates_do_not_overflow() {
            let mut s = PlanarScreen::new(32, 32);
            s.draw_polygon(&[(-100000, -100000), (100000, -100000), (100000, 100000), (-100000, 100000)], Some(3), 3);
            assert!(s.to_indexed().iter().all(|&p| p == 3));
            s.draw_thick_line(9, -50000, 16, 50000, 16, 4);
            assert_eq!(s.pixel(0, 16), 4);
            s.draw_circle(16, 16, 1_000_000, Some(5), 6);
            assert_eq!(s.pixel(16, 16), 5);
        }

        fn thick_line_has_width() {
            let mut s = PlanarScreen::new(48, 48);
            s.draw_thick_line(5, 5, 20, 40, 20, 6);
            for y in 18..=22 {
                assert_eq!(s.pixel(20, y), 6, "y={}", y);
            }
            assert_eq!(s.pixel(20, 24), 0);
        }

        fn text_is_aligned() {
            let mut s = PlanarScreen::new(64, 32);
            assert_eq!(s.text_width(Font::Variable, 16, "12"), 22);
            s.draw_text(32, 16, Font::Variable, 16, HAlign::Centre, VAlign::Centre, 1, "1");
            // '1' at scale 2: 10x14 box centred on (32,16): left 27, top 9.
            let px = s.to_indexed();
            let xs: Vec<i32> = (0..64).filter(|&x| (0..32).any(|y| px[(y * 64 + x) as usize] == 1)).collect();
            let ys: Vec<i32> = (0..32).filter(|&y| (0..64).any(|x| px[(y * 64 + x) as usize] == 1)).collect();
            assert_eq!((xs[0], *xs.last().unwrap()), (29, 34));
            assert_eq!((ys[0], *ys.last().unwrap()), (9, 22));
        }

        fn blitter_restores_background() {
            let mut s = PlanarScreen::new(32, 32);
            s.draw_rect(0, 0, 32, 32, 1);
            s.draw_rect(4, 4, 4, 4, 2);
            let before = s.to_indexed();
            let b = s.blitter_new(8, 8);
            s.blitter_save(b, 2, 2);
            s.draw_rect(2, 2, 8, 8, 9);
            s.blitter_load(b, 2, 2);
            assert_eq!(s.to_indexed(), before);
            // Off-screen parts are not restored (and do not panic).
            s.blitter_save(b, 28, 28);
            s.blitter_load(b, 28, 28);
            s.blitter_free(b);
        }

        fn status_area_shows_text() {
            let mut s = PlanarScreen::new(64, 16);
            s.set_status_area(Rect::new(0, 8, 64, 8), 0, 3);
            s.status_bar("Hi");
            assert_eq!(s.status(), "Hi");
            assert!(s.to_indexed()[64 * 8..].iter().any(|&p| p == 3));
            assert!(s.to_indexed()[..64 * 8].iter().all(|&p| p == 0));
        }
    }
}
