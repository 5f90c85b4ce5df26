//! DEGAS and DEGAS Elite pictures (Tom Hudson, 1986/87): PI1, PI2, PI3 and the compressed
//! PC1, PC2, PC3.
//!
//! Layout (big-endian words):
//!
//! | offset | PI1–PI3 | PC1–PC3 |
//! | --- | --- | --- |
//! | 0 | resolution: 0 low, 1 medium, 2 high | the same with bit 15 set |
//! | 2 | 16 palette words (see [`st`](super::st)) | the same |
//! | 34 | the screen, 32000 bytes, interleaved bitplanes | the screen compressed line by line |
//! | after | DEGAS Elite only: 32 bytes of colour-animation data | 32 bytes of colour-animation data |
//!
//! So a plain file is 32034 bytes (DEGAS) or 32066 (DEGAS Elite). A compressed screen is
//! PackBits ([`unpack_bits`]) over each line stored plane by plane: in low resolution
//! plane 0's 40 bytes, then plane 1's...; 80 bytes a plane in medium and high resolution.
//! Elite compresses each plane line separately; runs that go on past a plane line or a line
//! are still read here (other programs write them), up to the end of the screen.
//!
//! Medium-resolution pixels are twice as tall as wide: the image says so in its
//! `pixel_aspect`, and fitting keeps the picture's proportions.

use super::st::{self, LINE_BYTES, RESOLUTIONS, SCREEN_BYTES};
use super::{Format, Image, PictureError, Pixels, be16, try_vec};

/// Size of a plain DEGAS file (header, palette, screen).
pub const PLAIN_SIZE: usize = 34 + SCREEN_BYTES;
/// Size of a plain DEGAS Elite file (with colour-animation data).
pub const ELITE_SIZE: usize = PLAIN_SIZE + 32;

/// The DEGAS variant of `data`, if it is one: plain by its size (32034 to 32127 bytes: some
/// programs pad) and a resolution word of 0–2; compressed by a resolution word of
/// $8000–$8002.
pub fn sniff(data: &[u8]) -> Option<Format> {
    if data.len() < 34 {
        return None;
    }
    let word = be16(data, 0);
    let resolution = (word & 0x7FFF) as u8;
    if word & 0x7FFF > 2 {
        return None;
    }
    if word & 0x8000 != 0 {
        return Some(Format::Degas { resolution, compressed: true });
    }
    if (PLAIN_SIZE..32128).contains(&data.len()) {
        return Some(Format::Degas { resolution, compressed: false });
    }
    None
}

/// Decodes a DEGAS or DEGAS Elite picture, plain or compressed.
pub fn decode(data: &[u8]) -> Result<Image, PictureError> {
    let format = sniff(data).ok_or(super::NOT_A_PICTURE)?;
    let Format::Degas { resolution, compressed } = format else { return Err(super::NOT_A_PICTURE) };
    let palette = st::palette(data, 2, resolution);
    let r = RESOLUTIONS[resolution as usize];
    let (w, h) = (r.width as usize, r.height as usize);
    let mut index = try_vec(format, w * h, 0u8)?;
    if compressed {
        let mut screen = try_vec(format, SCREEN_BYTES, 0u8)?;
        unpack_bits(&data[34..], &mut screen).map_err(|e| e.with_format(format))?;
        let line_bytes = SCREEN_BYTES / h;
        let plane_bytes = line_bytes / r.planes as usize;
        for (line, out) in screen.chunks_exact(line_bytes).zip(index.chunks_exact_mut(w)) {
            st::plane_line(line, r.planes as usize, plane_bytes, out);
        }
    } else {
        screen_to_index(&data[34..34 + SCREEN_BYTES], resolution, &mut index);
    }
    Ok(Image {
        width: r.width,
        height: r.height,
        pixels: Pixels::Indexed { index, palette: palette.to_vec() },
        pixel_aspect: r.pixel_aspect,
    })
}

/// A whole ST screen (interleaved bitplanes of `resolution`) to one pen a pixel.
pub fn screen_to_index(screen: &[u8], resolution: u8, index: &mut [u8]) {
    let r = RESOLUTIONS[resolution as usize];
    let line_bytes = if resolution == 2 { LINE_BYTES / 2 } else { LINE_BYTES };
    for (line, out) in screen.chunks_exact(line_bytes).zip(index.chunks_exact_mut(r.width as usize)) {
        st::interleaved_line(line, r.planes as usize, out);
    }
}

/// Why PackBits data could not fill its output.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum UnpackError {
    /// The data ends before the output is full.
    Truncated,
}

impl UnpackError {
    fn with_format(self, format: Format) -> PictureError {
        match self {
            UnpackError::Truncated => PictureError::truncated(format, "the compressed screen ends early"),
        }
    }
}

/// PackBits (Apple's run-length code, also DEGAS Elite's and IFF's): a control byte `n` as
/// a signed number; 0 to 127: the next `n + 1` bytes as they are; −1 to −127: the next byte
/// `1 − n` times; −128: nothing. Fills `out` exactly (a run past its end is cut); returns the
/// number of input bytes used.
pub fn unpack_bits(data: &[u8], out: &mut [u8]) -> Result<usize, UnpackError> {
    let (mut i, mut o) = (0usize, 0usize);
    while o < out.len() {
        let &n = data.get(i).ok_or(UnpackError::Truncated)?;
        i += 1;
        let n = n as i8;
        if n >= 0 {
            let count = n as usize + 1;
            let src = data.get(i..i + count).ok_or(UnpackError::Truncated)?;
            let take = count.min(out.len() - o);
            out[o..o + take].copy_from_slice(&src[..take]);
            i += count;
            o += take;
        } else if n != -128 {
            let count = (1 - n as isize) as usize;
            let &b = data.get(i).ok_or(UnpackError::Truncated)?;
            i += 1;
            let take = count.min(out.len() - o);
            out[o..o + take].fill(b);
            o += take;
        }
    }
    Ok(i)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
