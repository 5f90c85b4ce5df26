//! The drawing API (Tatham developer guide, chapter 3), as a Rust trait.
//!
//! Puzzle back ends, TETRHEX's screens and the app's own widgets draw only through
//! [`Drawing`]. Implementations: [`Canvas`](super::Canvas) (onto a planar surface, the one the
//! Falcon shows), [`NullDrawing`] (headless) and [`RecordingDrawing`](super::RecordingDrawing)
//! (tests). Differences from the C API, all deliberate:
//!
//! - Coordinates are `i32` pixels and there is no floating point anywhere (the 68030 has no
//!   FPU); thick lines take their thickness in whole pixels.
//! - Colours are indices into the palette the game returned from `Game::colours`; whoever lays
//!   out the screen decides which pen an index becomes (the canvas's pen map).
//! - Blitters are opaque [`BlitterId`] handles owned by the implementation, so the trait stays
//!   object-safe (`&mut dyn Drawing`).
//! - Polygons and circles take `Option<usize>` for the fill colour instead of `-1`.

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

/// Everything a back end's `redraw` may do to the screen.
///
/// Drawing between [`start_draw`](Drawing::start_draw) and [`end_draw`](Drawing::end_draw) may
/// be buffered; only areas reported with [`draw_update`](Drawing::draw_update) are guaranteed to
/// reach the real screen (a double-buffered or windowed front end copies just those).
pub trait Drawing {
    /// Begins a batch of drawing calls (the mid end brackets every redraw with these).
    fn start_draw(&mut self) {}
    /// Ends the batch (an implementation may flush the update regions here).
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

    /// Sets the status-bar text. The status bar lies outside the drawing area: the
    /// implementation only keeps the text for whoever lays out the screen, who shows it.
    fn status_bar(&mut self, text: &str);

    /// Allocates a blitter able to hold a `w`×`h` area.
    fn blitter_new(&mut self, w: i32, h: i32) -> BlitterId;
    /// Releases a blitter.
    fn blitter_free(&mut self, bl: BlitterId);
    /// Copies the screen area whose top-left is (`x`,`y`) into the blitter (parts outside the
    /// screen are remembered as such and not restored).
    fn blitter_save(&mut self, bl: BlitterId, x: i32, y: i32);
    /// Writes the saved area back at (`x`,`y`) (normally where it was saved), inside the
    /// clip: under a clip only that part comes back (Untangle restores the rectangles a drag
    /// damaged from a layer saved when the drag began).
    fn blitter_load(&mut self, bl: BlitterId, x: i32, y: i32);

    /// Paints the picture supplied with the drawing (`gfx::PictureSource`, set on the
    /// canvas's viewport) into the square at (`x`,`y`) of side `side`, inside the clip;
    /// false, painting nothing, when there is none (the game then paints its own).
    fn draw_picture(&mut self, _x: i32, _y: i32, _side: i32) -> bool {
        false
    }

    /// Outline of a rectangle, one pixel wide, inside the `w`×`h` area (`draw_rect_outline`).
    fn draw_rect_outline(&mut self, x: i32, y: i32, w: i32, h: i32, colour: ColourIndex) {
        let pts = [(x, y), (x + w - 1, y), (x + w - 1, y + h - 1), (x, y + h - 1)];
        self.draw_polygon(&pts, None, colour);
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
