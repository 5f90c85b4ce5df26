//! The app's pens as VIDEL colours. A [`Colour`] has 8 bits per gun; the VIDEL shows the top
//! 6 of each (`machine::video_mode::Rgb`), so two colours that differ only in their low two
//! bits look the same on the Falcon.

use crate::gfx::{Colour, Palette};
use crate::machine::video_mode::Rgb;

/// The VIDEL colour of `c`.
pub const fn to_videl(c: Colour) -> Rgb {
    Rgb::new(c.r, c.g, c.b)
}

/// Pens `first..=last` of `palette` as VIDEL colours, written into `out` (a buffer of the
/// host's, so that nothing allocates in a frame); the slice holding them.
pub fn videl_range<'a>(palette: &Palette, first: u8, last: u8, out: &'a mut [Rgb; 256]) -> &'a [Rgb] {
    let (first, last) = (first as usize, (last as usize).max(first as usize));
    for (o, c) in out[first..=last].iter_mut().zip(&palette.colours()[first..=last]) {
        *o = to_videl(*c);
    }
    &out[first..=last]
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
