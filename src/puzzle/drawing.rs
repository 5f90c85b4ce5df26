//! The drawing API (Tatham developer guide, chapter 3), as a Rust trait.
//!
//! Back ends draw only through [`Drawing`]; front ends implement it (the in-memory planar
//! framebuffer in `video::planar`, later the Falcon full-screen blitter and GEM/VDI windows).
//! Differences from the C API, all deliberate:
//!
//! - Coordinates are `i32` pixels and there is no floating point anywhere (the 68030 has no
//!   FPU); thick lines take their thickness in whole pixels.
//! - Colours are indices into the palette the game returned from `Game::colours`; the front end
//!   decides how an index becomes a pixel value (the planar framebuffer uses it as the pen).
//! - Blitters are opaque [`BlitterId`] handles owned by the implementation, so the trait stays
//!   object-safe (`&mut dyn Drawing`).
//! - Polygons and circles take `Option<usize>` for the fill colour instead of `-1`.

use alloc::vec::Vec;

/// A colour index, as returned in position order by `Game::colours`.
pub type ColourIndex = usize;

/// Horizontal alignment of text relative to the anchor point.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HAlign {
    Left,
    Centre,
    Right,
}

/// Vertical alignment of text: `Normal` puts the baseline on the anchor, `Centre` centres the
/// cap height on it (the guide's `ALIGN_VNORMAL` / `ALIGN_VCENTRE`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum VAlign {
    Normal,
    Centre,
}

/// Font family request (`FONT_FIXED` / `FONT_VARIABLE`); a front end may have only one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Font {
    Fixed,
    Variable,
}

/// A saved screen area, for sprites dragged over a background (guide §3.1.14 "blitters").
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub struct BlitterId(pub u32);

/// An axis-aligned rectangle in pixels.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Self {
        Rect { x, y, w, h }
    }
    /// The intersection of two rectangles (zero-sized if they do not overlap).
    pub fn intersect(&self, o: &Rect) -> Rect {
        let x0 = self.x.max(o.x);
        let y0 = self.y.max(o.y);
        let x1 = (self.x + self.w).min(o.x + o.w);
        let y1 = (self.y + self.h).min(o.y + o.h);
        Rect { x: x0, y: y0, w: (x1 - x0).max(0), h: (y1 - y0).max(0) }
    }
    pub fn is_empty(&self) -> bool {
        self.w <= 0 || self.h <= 0
    }
    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x && y >= self.y && x < self.x + self.w && y < self.y + self.h
    }
}

/// Everything a back end's `redraw` may do to the screen.
///
/// Drawing between [`start_draw`](Drawing::start_draw) and [`end_draw`](Drawing::end_draw) may
/// be buffered; only areas reported with [`draw_update`](Drawing::draw_update) are guaranteed to
/// reach the real screen (a double-buffered or windowed front end copies just those).
pub trait Drawing {
    /// Begins a batch of drawing calls (the mid end brackets every redraw with these).
    fn start_draw(&mut self) {}
    /// Ends the batch; the implementation flushes the update regions.
    fn end_draw(&mut self) {}

    /// Fills a `w`×`h` rectangle whose top-left pixel is (`x`,`y`).
    fn draw_rect(&mut self, x: i32, y: i32, w: i32, h: i32, colour: ColourIndex);
    /// A one-pixel line including both end points.
    fn draw_line(&mut self, x1: i32, y1: i32, x2: i32, y2: i32, colour: ColourIndex);
    /// A line `thickness` pixels wide (≥ 1), centred on the segment, with square-ish ends.
    fn draw_thick_line(&mut self, thickness: i32, x1: i32, y1: i32, x2: i32, y2: i32, colour: ColourIndex);
    /// A closed polygon: filled (if `fill` is given) then outlined. Points in pixel coordinates.
    fn draw_polygon(&mut self, points: &[(i32, i32)], fill: Option<ColourIndex>, outline: ColourIndex);
    /// A circle of radius `r` centred on (`cx`,`cy`): filled (if `fill`) then outlined.
    fn draw_circle(&mut self, cx: i32, cy: i32, r: i32, fill: Option<ColourIndex>, outline: ColourIndex);
    /// Text anchored at (`x`,`y`) with the given alignment; `size` is the desired pixel
    /// height of the font (the implementation picks its nearest size).
    #[allow(clippy::too_many_arguments)]
    fn draw_text(
        &mut self,
        x: i32,
        y: i32,
        font: Font,
        size: i32,
        halign: HAlign,
        valign: VAlign,
        colour: ColourIndex,
        text: &str,
    );
    /// The width in pixels `text` would occupy at `size` (for layout decisions).
    fn text_width(&mut self, font: Font, size: i32, text: &str) -> i32;

    /// Restricts all further drawing to the rectangle until [`unclip`](Drawing::unclip).
    fn clip(&mut self, x: i32, y: i32, w: i32, h: i32);
    /// Removes the clip rectangle.
    fn unclip(&mut self);
    /// Declares that the rectangle has changed and must reach the screen.
    fn draw_update(&mut self, x: i32, y: i32, w: i32, h: i32);

    /// Shows `text` on the status line (outside the puzzle's drawing area).
    fn status_bar(&mut self, text: &str);

    /// Allocates a blitter able to hold a `w`×`h` area.
    fn blitter_new(&mut self, w: i32, h: i32) -> BlitterId;
    /// Releases a blitter.
    fn blitter_free(&mut self, bl: BlitterId);
    /// Copies the screen area whose top-left is (`x`,`y`) into the blitter (parts outside the
    /// screen are remembered as such and not restored).
    fn blitter_save(&mut self, bl: BlitterId, x: i32, y: i32);
    /// Writes the saved area back at (`x`,`y`) (normally where it was saved).
    fn blitter_load(&mut self, bl: BlitterId, x: i32, y: i32);

    /// Outline of a rectangle, one pixel wide, inside the `w`×`h` area (`draw_rect_outline`).
    fn draw_rect_outline(&mut self, x: i32, y: i32, w: i32, h: i32, colour: ColourIndex) {
        let pts = [(x, y), (x + w - 1, y), (x + w - 1, y + h - 1), (x, y + h - 1)];
        self.draw_polygon(&pts, None, colour);
    }
}

/// A recording [`Drawing`]: stores every call as a [`DrawOp`]. Used by tests that check *what*
/// a back end draws without caring about pixels, and by the mid end's own tests.
#[derive(Default, Debug)]
pub struct RecordingDrawing {
    pub ops: Vec<DrawOp>,
    next_blitter: u32,
}

/// One recorded drawing call (text is kept so tests can look for labels).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DrawOp {
    Start,
    End,
    Rect(Rect, ColourIndex),
    Line(i32, i32, i32, i32, ColourIndex),
    ThickLine(i32, i32, i32, i32, i32, ColourIndex),
    Polygon(Vec<(i32, i32)>, Option<ColourIndex>, ColourIndex),
    Circle(i32, i32, i32, Option<ColourIndex>, ColourIndex),
    Text(i32, i32, alloc::string::String, ColourIndex),
    Clip(Rect),
    Unclip,
    Update(Rect),
    Status(alloc::string::String),
    BlitterSave(BlitterId, i32, i32),
    BlitterLoad(BlitterId, i32, i32),
}

impl Drawing for RecordingDrawing {
    fn start_draw(&mut self) {
        self.ops.push(DrawOp::Start);
    }
    fn end_draw(&mut self) {
        self.ops.push(DrawOp::End);
    }
    fn draw_rect(&mut self, x: i32, y: i32, w: i32, h: i32, colour: ColourIndex) {
        self.ops.push(DrawOp::Rect(Rect::new(x, y, w, h), colour));
    }
    fn draw_line(&mut self, x1: i32, y1: i32, x2: i32, y2: i32, colour: ColourIndex) {
        self.ops.push(DrawOp::Line(x1, y1, x2, y2, colour));
    }
    fn draw_thick_line(&mut self, t: i32, x1: i32, y1: i32, x2: i32, y2: i32, colour: ColourIndex) {
        self.ops.push(DrawOp::ThickLine(t, x1, y1, x2, y2, colour));
    }
    fn draw_polygon(&mut self, points: &[(i32, i32)], fill: Option<ColourIndex>, outline: ColourIndex) {
        self.ops.push(DrawOp::Polygon(points.to_vec(), fill, outline));
    }
    fn draw_circle(&mut self, cx: i32, cy: i32, r: i32, fill: Option<ColourIndex>, outline: ColourIndex) {
        self.ops.push(DrawOp::Circle(cx, cy, r, fill, outline));
    }
    fn draw_text(
        &mut self,
        x: i32,
        y: i32,
        _f: Font,
        _s: i32,
        _h: HAlign,
        _v: VAlign,
        colour: ColourIndex,
        text: &str,
    ) {
        self.ops.push(DrawOp::Text(x, y, text.into(), colour));
    }
    fn text_width(&mut self, _font: Font, size: i32, text: &str) -> i32 {
        (size / 2).max(1) * text.chars().count() as i32
    }
    fn clip(&mut self, x: i32, y: i32, w: i32, h: i32) {
        self.ops.push(DrawOp::Clip(Rect::new(x, y, w, h)));
    }
    fn unclip(&mut self) {
        self.ops.push(DrawOp::Unclip);
    }
    fn draw_update(&mut self, x: i32, y: i32, w: i32, h: i32) {
        self.ops.push(DrawOp::Update(Rect::new(x, y, w, h)));
    }
    fn status_bar(&mut self, text: &str) {
        self.ops.push(DrawOp::Status(text.into()));
    }
    fn blitter_new(&mut self, _w: i32, _h: i32) -> BlitterId {
        self.next_blitter += 1;
        BlitterId(self.next_blitter)
    }
    fn blitter_free(&mut self, _bl: BlitterId) {}
    fn blitter_save(&mut self, bl: BlitterId, x: i32, y: i32) {
        self.ops.push(DrawOp::BlitterSave(bl, x, y));
    }
    fn blitter_load(&mut self, bl: BlitterId, x: i32, y: i32) {
        self.ops.push(DrawOp::BlitterLoad(bl, x, y));
    }
}

/// A [`Drawing`] that draws nothing: for headless use of the mid end (command-line tools,
/// tests of game logic), where a draw state is still needed to interpret mouse input.
#[derive(Default, Debug)]
pub struct NullDrawing {
    next_blitter: u32,
}

impl Drawing for NullDrawing {
    fn draw_rect(&mut self, _x: i32, _y: i32, _w: i32, _h: i32, _c: ColourIndex) {}
    fn draw_line(&mut self, _x1: i32, _y1: i32, _x2: i32, _y2: i32, _c: ColourIndex) {}
    fn draw_thick_line(&mut self, _t: i32, _x1: i32, _y1: i32, _x2: i32, _y2: i32, _c: ColourIndex) {}
    fn draw_polygon(&mut self, _p: &[(i32, i32)], _f: Option<ColourIndex>, _o: ColourIndex) {}
    fn draw_circle(&mut self, _cx: i32, _cy: i32, _r: i32, _f: Option<ColourIndex>, _o: ColourIndex) {}
    fn draw_text(&mut self, _x: i32, _y: i32, _f: Font, _s: i32, _h: HAlign, _v: VAlign, _c: ColourIndex, _t: &str) {}
    fn text_width(&mut self, _font: Font, size: i32, text: &str) -> i32 {
        (size / 2).max(1) * text.chars().count() as i32
    }
    fn clip(&mut self, _x: i32, _y: i32, _w: i32, _h: i32) {}
    fn unclip(&mut self) {}
    fn draw_update(&mut self, _x: i32, _y: i32, _w: i32, _h: i32) {}
    fn status_bar(&mut self, _text: &str) {}
    fn blitter_new(&mut self, _w: i32, _h: i32) -> BlitterId {
        self.next_blitter += 1;
        BlitterId(self.next_blitter)
    }
    fn blitter_free(&mut self, _bl: BlitterId) {}
    fn blitter_save(&mut self, _bl: BlitterId, _x: i32, _y: i32) {}
    fn blitter_load(&mut self, _bl: BlitterId, _x: i32, _y: i32) {}
}
