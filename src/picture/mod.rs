//! Pictures from files: the formats a Falcon owner has on disk, decoded safely, and fitted
//! to a square of the screen's pens (Slide's loaded pictures).
//!
//! - [`decode`]: recognises a file by its content ([`sniff`]) and decodes it to an
//!   [`Image`]: PNG ([`png`]), GEM IMG/XIMG ([`gem_img`]), DEGAS and DEGAS Elite, plain and
//!   compressed ([`degas`]), NEOchrome ([`neo`]), TGA ([`tga`]). Every size a file claims is
//!   checked against [`MAX_SIDE`] and [`MAX_PIXELS`] before anything is allocated, every
//!   allocation that depends on the file is fallible, and every refusal is a
//!   [`PictureError`] that says what is wrong, with an error code.
//! - [`fit`]: the largest centred square of the picture (pixel aspect respected), scaled to
//!   the puzzle's side by an area (box) filter; [`quantise`]: median cut to the free pens of a
//!   256-colour screen; [`dither`]: a fixed 16-colour palette with error diffusion, for
//!   16-colour desktops. Integer arithmetic only.
//! - [`builtin`]: the pictures that ship with the program, drawn procedurally.
//!
//! `no_std` + `alloc`, no TOS: the same code runs in the Falcon program, in `cargo test` and
//! on the emulated 68030, and on the PC in `cargo xtask picture`, which runs a file through it.
//! [`writers`] (test builds only) writes every format for the tests.

use alloc::vec::Vec;
use core::fmt;

#[cfg(any(test, feature = "target-tests"))]
pub mod bench;
pub mod builtin;
pub mod degas;
pub mod dither;
pub mod fit;
pub mod gem_img;
pub mod neo;
pub mod png;
pub mod quantise;
#[cfg(any(test, feature = "target-tests"))]
pub mod reference;
pub mod st;
pub mod tga;
#[cfg(any(test, feature = "target-tests"))]
pub mod writers;

/// The widest or tallest picture accepted, in pixels.
pub const MAX_SIDE: u32 = 4096;
/// The most pixels a picture may have (4 MiB as 32-bit colours; a 1280×800 or 1024×1024
/// picture fits, a 640×480 one uses 30% of it).
pub const MAX_PIXELS: u32 = 1 << 20;

/// A colour with alpha, as one 32-bit word `0xAARRGGBB` (alpha 255 = opaque): one long
/// move per pixel on the 68030, red and blue a mask apart for the scaler.
pub type Argb = u32;

/// An opaque colour from its components.
pub const fn argb(r: u8, g: u8, b: u8) -> Argb {
    0xFF00_0000 | (r as u32) << 16 | (g as u32) << 8 | b as u32
}

/// The pixels of a decoded picture.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Pixels {
    /// One byte per pixel indexing `palette` (ST screens, GEM IMG, palette PNG, grey PNG of
    /// up to 8 bits, colour-mapped TGA). An index past the palette's end is black.
    Indexed { index: Vec<u8>, palette: Vec<Argb> },
    /// One colour per pixel.
    Argb(Vec<Argb>),
}

/// A decoded picture: `width`×`height` pixels, row by row from the top left.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Image {
    pub width: u32,
    pub height: u32,
    pub pixels: Pixels,
    /// The shape of one pixel on the screen it was made for, width : height (ST medium
    /// resolution pixels are twice as tall as wide: `(1, 2)`). Fitting keeps the picture's
    /// proportions with it.
    pub pixel_aspect: (u16, u16),
}

impl Image {
    /// The colour of pixel (`x`, `y`) (transparent black outside the picture).
    pub fn argb(&self, x: u32, y: u32) -> Argb {
        if x >= self.width || y >= self.height {
            return 0;
        }
        let i = (y * self.width + x) as usize;
        match &self.pixels {
            Pixels::Indexed { index, palette } => palette.get(index[i] as usize).copied().unwrap_or(argb(0, 0, 0)),
            Pixels::Argb(p) => p[i],
        }
    }

    /// Row `y` as colours into `out` (at least `width` long).
    pub fn row_argb(&self, y: u32, out: &mut [Argb]) {
        let w = self.width as usize;
        let start = y as usize * w;
        match &self.pixels {
            Pixels::Indexed { index, palette } => {
                let mut lut = [argb(0, 0, 0); 256];
                let n = palette.len().min(256);
                lut[..n].copy_from_slice(&palette[..n]);
                for (o, &i) in out[..w].iter_mut().zip(&index[start..start + w]) {
                    *o = lut[i as usize];
                }
            }
            Pixels::Argb(p) => out[..w].copy_from_slice(&p[start..start + w]),
        }
    }
}

/// A picture file format, as recognised by its content.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    Png,
    /// GEM bit image, with or without the XIMG palette.
    GemImg,
    /// DEGAS / DEGAS Elite: `resolution` 0 (320×200, 16 colours), 1 (640×200, 4 colours) or
    /// 2 (640×400, monochrome); `compressed` for the Elite's PC1–PC3.
    Degas {
        resolution: u8,
        compressed: bool,
    },
    /// NEOchrome (320×200, 16 colours).
    Neo,
    /// Truevision TGA.
    Tga,
}

impl Format {
    /// The name people know the format by.
    pub fn name(self) -> &'static str {
        match self {
            Format::Png => "PNG",
            Format::GemImg => "GEM IMG",
            Format::Degas { compressed: false, .. } => "DEGAS",
            Format::Degas { compressed: true, .. } => "DEGAS Elite compressed",
            Format::Neo => "NEOchrome",
            Format::Tga => "TGA",
        }
    }
    /// The usual file-name extension (without the dot).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "PNG",
            Format::GemImg => "IMG",
            Format::Degas { resolution, compressed } => {
                const EXT: [[&str; 3]; 2] = [["PI1", "PI2", "PI3"], ["PC1", "PC2", "PC3"]];
                EXT[compressed as usize][(resolution as usize).min(2)]
            }
            Format::Neo => "NEO",
            Format::Tga => "TGA",
        }
    }
    /// The number in the error codes (the last digit).
    fn number(self) -> u16 {
        match self {
            Format::Png => 1,
            Format::GemImg => 2,
            Format::Degas { .. } => 3,
            Format::Neo => 4,
            Format::Tga => 5,
        }
    }
}

/// Why a file was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ErrorKind {
    /// Not a picture in any format this program reads.
    NotAPicture = 1,
    /// The file ends before the picture does.
    Truncated = 2,
    /// A variant of the format this program does not read (a bit depth, a compression).
    Unsupported = 3,
    /// Bigger than [`MAX_SIDE`] or [`MAX_PIXELS`].
    TooLarge = 4,
    /// The file contradicts itself (a bad checksum, a run past the picture, a bad value).
    Corrupt = 5,
    /// There is not enough memory for the picture.
    OutOfMemory = 6,
}

impl ErrorKind {
    fn sentence(self) -> &'static str {
        match self {
            ErrorKind::NotAPicture => "Not a picture",
            ErrorKind::Truncated => "Truncated file",
            ErrorKind::Unsupported => "Unsupported variant",
            ErrorKind::TooLarge => "Picture too large",
            ErrorKind::Corrupt => "Damaged file",
            ErrorKind::OutOfMemory => "Not enough memory",
        }
    }
}

/// A refused picture: what kind of problem, in which format, and the detail.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PictureError {
    pub kind: ErrorKind,
    /// The format the file was recognised as, if any.
    pub format: Option<Format>,
    /// What exactly is wrong ("the image data ends in chunk IDAT").
    pub detail: &'static str,
    /// For [`ErrorKind::TooLarge`]: the size the file claims.
    pub size: Option<(u32, u32)>,
}

impl PictureError {
    pub const fn new(kind: ErrorKind, format: Format, detail: &'static str) -> Self {
        PictureError { kind, format: Some(format), detail, size: None }
    }
    pub const fn truncated(format: Format, detail: &'static str) -> Self {
        Self::new(ErrorKind::Truncated, format, detail)
    }
    pub const fn unsupported(format: Format, detail: &'static str) -> Self {
        Self::new(ErrorKind::Unsupported, format, detail)
    }
    pub const fn corrupt(format: Format, detail: &'static str) -> Self {
        Self::new(ErrorKind::Corrupt, format, detail)
    }
    pub const fn too_large(format: Format, width: u32, height: u32) -> Self {
        PictureError {
            kind: ErrorKind::TooLarge,
            format: Some(format),
            detail: "at most 4096 pixels a side and 1048576 pixels in all",
            size: Some((width, height)),
        }
    }
    /// The error code: the kind's number times ten plus the format's (0: no format), e.g.
    /// 21 for a truncated PNG, 43 for a DEGAS picture that is too large.
    pub fn code(&self) -> u16 {
        self.kind as u16 * 10 + self.format.map_or(0, Format::number)
    }
}

impl fmt::Display for PictureError {
    /// "Truncated file: PNG, the image data ends in chunk IDAT (error 21)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.kind.sentence())?;
        if let Some(fm) = self.format {
            write!(f, "{}, ", fm.name())?;
        }
        if let Some((w, h)) = self.size {
            write!(f, "{}x{} pixels, ", w, h)?;
        }
        write!(f, "{} (error {})", self.detail, self.code())
    }
}

/// The error for a file that matches no format.
pub const NOT_A_PICTURE: PictureError = PictureError {
    kind: ErrorKind::NotAPicture,
    format: None,
    detail: "this program reads PNG, GEM IMG, DEGAS (PI1-PI3, PC1-PC3), NEOchrome and TGA",
    size: None,
};

/// Checks a claimed size before anything is allocated for it.
pub fn check_size(format: Format, width: u32, height: u32) -> Result<(), PictureError> {
    if width == 0 || height == 0 {
        return Err(PictureError::corrupt(format, "the picture has no pixels"));
    }
    if width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS {
        return Err(PictureError::too_large(format, width, height));
    }
    Ok(())
}

/// A vector of `n` copies of `value`, or an out-of-memory error instead of an abort.
pub fn try_vec<T: Clone>(format: Format, n: usize, value: T) -> Result<Vec<T>, PictureError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| PictureError::new(ErrorKind::OutOfMemory, format, "for the picture"))?;
    v.resize(n, value);
    Ok(v)
}

/// Recognises a picture file by its content (not its name). `None`: no format matches.
///
/// The order goes from the surest sign to the weakest: PNG's signature; NEOchrome and DEGAS
/// by their exact sizes and resolution words; DEGAS Elite compressed by its flag; GEM IMG by
/// a plausible header; TGA, which has no signature, last, by a plausible header.
pub fn sniff(data: &[u8]) -> Option<Format> {
    if png::is_png(data) {
        return Some(Format::Png);
    }
    if neo::is_neo(data) {
        return Some(Format::Neo);
    }
    if let Some(f) = degas::sniff(data) {
        return Some(f);
    }
    if gem_img::is_gem_img(data) {
        return Some(Format::GemImg);
    }
    if tga::is_tga(data) {
        return Some(Format::Tga);
    }
    None
}

/// Decodes a picture file of any format [`sniff`] recognises.
pub fn decode(data: &[u8]) -> Result<Image, PictureError> {
    match sniff(data) {
        Some(Format::Png) => png::decode(data),
        Some(Format::Neo) => neo::decode(data),
        Some(Format::Degas { .. }) => degas::decode(data),
        Some(Format::GemImg) => gem_img::decode(data),
        Some(Format::Tga) => tga::decode(data),
        None => Err(NOT_A_PICTURE),
    }
}

/// A big-endian word at `at` (0 past the end: callers check lengths first).
pub(crate) fn be16(data: &[u8], at: usize) -> u16 {
    match data.get(at..at + 2) {
        Some(b) => u16::from_be_bytes([b[0], b[1]]),
        None => 0,
    }
}

/// A little-endian word at `at` (0 past the end).
pub(crate) fn le16(data: &[u8], at: usize) -> u16 {
    match data.get(at..at + 2) {
        Some(b) => u16::from_le_bytes([b[0], b[1]]),
        None => 0,
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
