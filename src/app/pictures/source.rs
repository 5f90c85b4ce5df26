//! The two kinds of [`PictureSource`] Slide's tiles are painted from: a built-in picture
//! (`picture::builtin`, drawn procedurally at each size) and a loaded one (decoded once by
//! `picture::decode`, then at each size fitted by `picture::fit` and reduced to the pens
//! left free by `picture::quantise`).

use alloc::string::String;
use alloc::vec::Vec;

use crate::gfx::{Colour, PictureSource, Planar};
use crate::picture::builtin::{self, Builtin};
use crate::picture::{Image, fit, quantise};

/// What a size was rendered to.
struct Rendered {
    side: i32,
    surface: Planar<Vec<u16>>,
}

/// A built-in picture.
pub struct BuiltinSource {
    picture: &'static Builtin,
    first_pen: u8,
    rendered: Option<Rendered>,
}

impl BuiltinSource {
    pub fn new(picture: &'static Builtin, first_pen: u8) -> Self {
        BuiltinSource { picture, first_pen, rendered: None }
    }
}

impl PictureSource for BuiltinSource {
    fn at_side(&mut self, side: i32) -> Option<&Planar<Vec<u16>>> {
        if side <= 0 {
            return None;
        }
        if self.rendered.as_ref().is_none_or(|r| r.side != side) {
            let surface = builtin::render(self.picture, side, self.first_pen);
            self.rendered = Some(Rendered { side, surface });
        }
        self.rendered.as_ref().map(|r| &r.surface)
    }
    fn pens(&self) -> (u8, &[Colour]) {
        (self.first_pen, self.picture.colours)
    }
    fn name(&self) -> &str {
        self.picture.name
    }
}

/// A picture the player loaded: the decoded image, fitted again at each new size.
pub struct LoadedSource {
    name: String,
    image: Image,
    first_pen: u8,
    /// The colours of the last size rendered.
    colours: Vec<Colour>,
    rendered: Option<Rendered>,
}

/// What a loaded picture's transparent parts are laid on: Slide's background grey.
const BACKGROUND: u32 = 0xFFC0_C0C0;

impl LoadedSource {
    pub fn new(name: String, image: Image, first_pen: u8) -> Self {
        LoadedSource { name, image, first_pen, colours: Vec::new(), rendered: None }
    }

    /// The picture `side` pixels square: the centred square scaled, then reduced to the pens
    /// from `first_pen` to 255; `None` without the memory.
    fn render(&mut self, side: i32) -> Option<Rendered> {
        let pens = 256 - self.first_pen as usize;
        let crop = fit::square_crop(&self.image);
        let pixels = fit::scale(&self.image, crop, side as u32, BACKGROUND).ok()?;
        let q = quantise::median_cut(&pixels, pens).ok()?;
        let mut surface = Planar::alloc((side + 15) & !15, side).ok()?;
        let n = side as usize;
        for y in 0..n {
            for (x, &i) in q.index[y * n..(y + 1) * n].iter().enumerate() {
                surface.plot(x as i32, y as i32, self.first_pen.saturating_add(i));
            }
        }
        self.colours = q.palette.iter().map(|&c| Colour::rgb((c >> 16) as u8, (c >> 8) as u8, c as u8)).collect();
        Some(Rendered { side, surface })
    }
}

impl PictureSource for LoadedSource {
    fn at_side(&mut self, side: i32) -> Option<&Planar<Vec<u16>>> {
        if side <= 0 {
            return None;
        }
        if self.rendered.as_ref().is_none_or(|r| r.side != side) {
            self.rendered = self.render(side);
        }
        self.rendered.as_ref().map(|r| &r.surface)
    }
    fn pens(&self) -> (u8, &[Colour]) {
        (self.first_pen, &self.colours)
    }
    fn name(&self) -> &str {
        &self.name
    }
}
