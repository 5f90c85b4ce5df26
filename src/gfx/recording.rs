//! [`RecordingDrawing`]: a [`Drawing`] that stores every call, for tests that check *what*
//! is drawn without caring about pixels.

use alloc::vec::Vec;

use super::{BlitterId, ColourIndex, Drawing, Font, HAlign, Rect, VAlign};

/// Stores every call as a [`DrawOp`] (used by the mid end's tests and the games').
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
