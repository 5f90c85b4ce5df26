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
//! nothing it draws lands outside that area (the clip never exceeds it). The canvas turns its
//! coordinates and colours into the surface's and its pens, and leaves the pixels of lines,
//! polygons and circles to the rasterisation algorithms (`gfx::raster`).

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::raster::polygon::PolygonFill;
use super::raster::{circle, isqrt, line};
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
    /// The polygon being filled, and the scratch space of the fill.
    polygon: PolygonFill,
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
            polygon: PolygonFill::new(),
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
        line::draw(self.surface, self.vp.clip, a, b, c, d, pen);
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
        polygon.fill(self.surface, self.vp.clip, pen);
    }

    fn draw_polygon(&mut self, points: &[(i32, i32)], fill: Option<ColourIndex>, outline: ColourIndex) {
        let (ox, oy) = (self.vp.area.x, self.vp.area.y);
        let to_surface = |&(x, y): &(i32, i32)| (clamp_coord(x + ox), clamp_coord(y + oy));
        if let Some(f) = fill {
            let pen = self.pen(f);
            let polygon = &mut self.vp.polygon;
            polygon.points.clear();
            polygon.points.extend(points.iter().map(to_surface).map(|(x, y)| (x * 16 + 8, y * 16 + 8)));
            polygon.fill(self.surface, self.vp.clip, pen);
        }
        let pen = self.pen(outline);
        for (i, p) in points.iter().enumerate() {
            let (a, b) = to_surface(p);
            let (c, d) = to_surface(&points[(i + 1) % points.len()]);
            line::draw(self.surface, self.vp.clip, a, b, c, d, pen);
        }
    }

    fn draw_circle(&mut self, cx: i32, cy: i32, r: i32, fill: Option<ColourIndex>, outline: ColourIndex) {
        let (cx, cy) = self.to_surface(cx, cy);
        let (cx, cy) = (clamp_coord(cx), clamp_coord(cy));
        let r = r.clamp(0, 2 * COORD_LIMIT);
        let fill = fill.map(|f| self.pen(f));
        let outline = self.pen(outline);
        circle::draw(self.surface, self.vp.clip, cx, cy, r, fill, outline);
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
