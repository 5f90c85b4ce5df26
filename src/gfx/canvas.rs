//! [`Canvas`]: the [`Drawing`] API on a [`Planar`] surface, through a [`Viewport`].
//!
//! Whoever lays out a screen (the app) owns one `Viewport` per drawing client (a puzzle, a
//! built-in picture being rendered): its area and clip, its pen map, its damage, its
//! blitters, its status text (`gfx::viewport`). For each batch of drawing it lends the
//! surface and the viewport to a `Canvas`, which the client sees as `&mut dyn Drawing`.
//! Nothing here allocates, except blitters (`blitter_new`, called when a game starts).
//!
//! The client draws in its own coordinates: (0,0) is the top-left of the viewport's area, and
//! nothing it draws lands outside that area (the clip never exceeds it). The canvas turns its
//! coordinates and colours into the surface's and its pens, and leaves the pixels of lines,
//! polygons and circles to the rasterisation algorithms (`gfx::raster`).

use super::raster::{circle, isqrt, line};
use super::text::{self, BitmapFont};
use super::{BlitterId, ColourIndex, Drawing, Font, HAlign, Planar, Rect, Sprite, VAlign, Viewport, font5x7, font8x16};

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
        self.surface.draw_sprite(sprite, sx, sy, self.vp.area.clip());
    }

    fn to_surface(&self, x: i32, y: i32) -> (i32, i32) {
        self.vp.area.to_surface(x, y)
    }

    fn pen(&self, colour: ColourIndex) -> u8 {
        self.vp.pens.pen(colour)
    }
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
        let clip = self.vp.area.clip();
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
        self.surface.fill_rect(Rect::new(sx, sy, w, h).intersect(&self.vp.area.clip()), pen);
    }

    fn draw_line(&mut self, x1: i32, y1: i32, x2: i32, y2: i32, colour: ColourIndex) {
        let (a, b) = self.to_surface(x1, y1);
        let (c, d) = self.to_surface(x2, y2);
        let pen = self.pen(colour);
        line::draw(self.surface, self.vp.area.clip(), a, b, c, d, pen);
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
        let polygon = &mut self.vp.polygon;
        polygon.points.clear();
        polygon.points.extend_from_slice(&[
            (fa + ox, fb + oy),
            (fc + ox, fd + oy),
            (fc - ox, fd - oy),
            (fa - ox, fb - oy),
        ]);
        polygon.fill(self.surface, self.vp.area.clip(), pen);
    }

    fn draw_polygon(&mut self, points: &[(i32, i32)], fill: Option<ColourIndex>, outline: ColourIndex) {
        let (ox, oy) = self.vp.area.to_surface(0, 0);
        let to_surface = |&(x, y): &(i32, i32)| (clamp_coord(x + ox), clamp_coord(y + oy));
        if let Some(f) = fill {
            let pen = self.pen(f);
            let polygon = &mut self.vp.polygon;
            polygon.points.clear();
            polygon.points.extend(points.iter().map(to_surface).map(|(x, y)| (x * 16 + 8, y * 16 + 8)));
            polygon.fill(self.surface, self.vp.area.clip(), pen);
        }
        let pen = self.pen(outline);
        for (i, p) in points.iter().enumerate() {
            let (a, b) = to_surface(p);
            let (c, d) = to_surface(&points[(i + 1) % points.len()]);
            line::draw(self.surface, self.vp.area.clip(), a, b, c, d, pen);
        }
    }

    fn draw_circle(&mut self, cx: i32, cy: i32, r: i32, fill: Option<ColourIndex>, outline: ColourIndex) {
        let (cx, cy) = self.to_surface(cx, cy);
        let (cx, cy) = (clamp_coord(cx), clamp_coord(cy));
        let r = r.clamp(0, 2 * COORD_LIMIT);
        let fill = fill.map(|f| self.pen(f));
        let outline = self.pen(outline);
        circle::draw(self.surface, self.vp.area.clip(), cx, cy, r, fill, outline);
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
        text::draw(font, self.surface, self.vp.area.clip(), sx, sy, scale, text, pen);
    }

    fn text_width(&mut self, _font: Font, size: i32, text: &str) -> i32 {
        let (font, scale) = Self::text_font(size);
        font.text_width(text, scale)
    }

    fn clip(&mut self, x: i32, y: i32, w: i32, h: i32) {
        let (sx, sy) = self.to_surface(x, y);
        self.vp.area.set_clip(Rect::new(sx, sy, w, h));
    }

    fn unclip(&mut self) {
        self.vp.area.unclip();
    }

    fn draw_update(&mut self, x: i32, y: i32, w: i32, h: i32) {
        let (sx, sy) = self.to_surface(x, y);
        let r = Rect::new(sx, sy, w, h).intersect(&self.vp.area.rect()).intersect(&self.surface.bounds());
        self.vp.damage.add(r);
    }

    fn status_bar(&mut self, text: &str) {
        self.vp.status.set(text);
    }

    fn blitter_new(&mut self, w: i32, h: i32) -> BlitterId {
        self.vp.blitters.alloc(w, h)
    }

    fn blitter_free(&mut self, bl: BlitterId) {
        self.vp.blitters.free(bl);
    }

    fn blitter_save(&mut self, bl: BlitterId, x: i32, y: i32) {
        let (sx, sy) = self.to_surface(x, y);
        self.vp.blitters.save(bl, self.surface, sx, sy);
    }

    fn blitter_load(&mut self, bl: BlitterId, x: i32, y: i32) {
        let (sx, sy) = self.to_surface(x, y);
        self.vp.blitters.load(bl, self.surface, sx, sy, self.vp.area.clip());
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
