//! [`TestScreen`] (test builds only): an owned surface with its palette, one viewport for the
//! back end under test and a status bar, for rendering tests of back ends that do not need
//! the app's layout.

use alloc::vec::Vec;

use super::{Canvas, Colour, Palette, Planar, Rect, Viewport, font5x7};

/// A surface, its palette, the viewport a back end draws through, and where its status text
/// is shown (area, background pen, text pen).
pub struct TestScreen {
    pub surface: Planar<Vec<u16>>,
    pub palette: Palette,
    pub viewport: Viewport,
    status_bar: Option<(Rect, u8, u8)>,
}

impl TestScreen {
    /// A black `width`×`height` screen (width a multiple of 16), the viewport covering it all,
    /// colour index `i` drawn with pen `i`.
    pub fn new(width: i32, height: i32) -> Self {
        let surface = Planar::alloc(width, height).expect("test screen width must be a multiple of 16");
        TestScreen {
            surface,
            palette: Palette::new(),
            viewport: Viewport::new(Rect::new(0, 0, width, height)),
            status_bar: None,
        }
    }
    /// The Falcon's 640×480 256-colour mode.
    pub fn vga256() -> Self {
        Self::new(640, 480)
    }
    /// The back end draws through this.
    pub fn canvas(&mut self) -> Canvas<'_, Vec<u16>> {
        Canvas::new(&mut self.surface, &mut self.viewport)
    }
    /// Puts the back end's drawing area at `area`.
    pub fn place(&mut self, area: Rect) {
        self.viewport.area.set(area);
    }
    /// Loads `colours` into pens 0, 1, ...
    pub fn set_colours(&mut self, colours: &[Colour]) {
        self.palette.set_range(0, colours);
    }
    /// Shows the status text in `area`: background pen `bg`, text pen `fg`, the text 4 pixels
    /// from the left and centred vertically.
    pub fn set_status_bar(&mut self, area: Rect, bg: u8, fg: u8) {
        self.status_bar = Some((area, bg, fg));
    }
    /// The last status text the back end set.
    pub fn status(&self) -> &str {
        self.viewport.status.text()
    }
    /// Paints the status bar if its text changed since the last call.
    pub fn show_status(&mut self) {
        if !self.viewport.status.take_changed() {
            return;
        }
        if let Some((area, bg, fg)) = self.status_bar {
            self.surface.fill_rect(area, bg);
            let top = area.y + (area.h - font5x7::HEIGHT) / 2;
            font5x7::draw(&mut self.surface, area, area.x + 4, top, 1, self.viewport.status.text(), fg);
        }
    }
    /// Every pixel's pen, line by line.
    pub fn to_indexed(&self) -> Vec<u8> {
        self.surface.to_indexed()
    }
    /// The pen of one pixel.
    pub fn pixel(&self, x: i32, y: i32) -> u8 {
        self.surface.pixel(x, y)
    }
    /// The palette as RGB triples, pen 0 first.
    pub fn palette_rgb(&self) -> Vec<[u8; 3]> {
        self.palette.colours().iter().map(|c| [c.r, c.g, c.b]).collect()
    }
}

#[cfg(test)]
impl TestScreen {
    /// Shows the status bar, then compares the screen with the reference image `name`.
    pub fn check_reference(&mut self, name: &str) {
        self.show_status();
        check_reference(name, &self.surface, &self.palette);
    }
}

/// Compares a surface and its palette with `hatari-tests/reference/<name>.png` (the PC-side
/// check is falcon-host's; `UPDATE_REFERENCE=1` writes the reference instead).
#[cfg(test)]
pub fn check_reference(name: &str, surface: &Planar<Vec<u16>>, palette: &Palette) {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(alloc::format!("hatari-tests/reference/{name}.png"));
    let pens: Vec<[u8; 3]> = palette.colours().iter().map(|c| [c.r, c.g, c.b]).collect();
    let pixels = surface.to_indexed();
    let (width, height) = (surface.width() as usize, surface.height() as usize);
    falcon_host::reference::check(&path, &falcon_host::IndexedImage { width, height, pixels: &pixels, palette: &pens });
}
