//! The two pixel formats the host code handles: palette indices with a palette (what a
//! planar Falcon screen holds) and RGB triples (what a PNG decodes to).

/// A colour as 8-bit red, green, blue.
pub type Rgb = [u8; 3];

/// An image of palette indices, one byte per pixel, row by row, with its palette.
#[derive(Clone, Copy, Debug)]
pub struct IndexedImage<'a> {
    pub width: usize,
    pub height: usize,
    /// `width * height` palette indices.
    pub pixels: &'a [u8],
    /// Up to 256 colours; an index past its end is shown black.
    pub palette: &'a [Rgb],
}

impl IndexedImage<'_> {
    /// The colour of every pixel.
    pub fn to_rgb(&self) -> RgbImage {
        let rgb = self.pixels.iter().map(|&p| self.palette.get(p as usize).copied().unwrap_or([0; 3])).collect();
        RgbImage { width: self.width, height: self.height, rgb }
    }
}

/// An image of RGB triples, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RgbImage {
    pub width: usize,
    pub height: usize,
    /// `width * height` colours.
    pub rgb: Vec<Rgb>,
}

#[cfg(test)]
mod tests;
