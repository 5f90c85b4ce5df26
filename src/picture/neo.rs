//! NEOchrome pictures (Atari, 1985): a 128-byte header, then the screen.
//!
//! | offset | what |
//! | --- | --- |
//! | 0 | flag word, always 0 |
//! | 2 | resolution: 0 low (320×200, the only one NEOchrome itself uses), 1 medium, 2 high |
//! | 4 | 16 palette words (see [`st`](super::st)) |
//! | 36 | file name, 12 characters |
//! | 48 | colour-animation limits, speed and steps; picture offset and size; reserved |
//! | 128 | the screen, 32000 bytes of interleaved bitplanes |
//!
//! 32128 bytes in all.

use super::degas::screen_to_index;
use super::st::{self, RESOLUTIONS, SCREEN_BYTES};
use super::{Format, Image, PictureError, Pixels, be16, try_vec};

/// Size of a NEOchrome file.
pub const SIZE: usize = 128 + SCREEN_BYTES;

/// Whether `data` is a NEOchrome picture: at least 32128 bytes, flag word 0, a resolution of
/// 0–2.
pub fn is_neo(data: &[u8]) -> bool {
    data.len() >= SIZE && be16(data, 0) == 0 && be16(data, 2) <= 2
}

/// Decodes a NEOchrome picture.
pub fn decode(data: &[u8]) -> Result<Image, PictureError> {
    if !is_neo(data) {
        return Err(super::NOT_A_PICTURE);
    }
    let resolution = be16(data, 2) as u8;
    let r = RESOLUTIONS[resolution as usize];
    let mut index = try_vec(Format::Neo, (r.width * r.height) as usize, 0u8)?;
    screen_to_index(&data[128..SIZE], resolution, &mut index);
    let palette = st::palette(data, 4, resolution);
    Ok(Image {
        width: r.width,
        height: r.height,
        pixels: Pixels::Indexed { index, palette: palette.to_vec() },
        pixel_aspect: r.pixel_aspect,
    })
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
