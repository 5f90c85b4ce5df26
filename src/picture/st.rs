//! The Atari ST's screen, as DEGAS and NEOchrome store it: palette words and bitplanes.
//!
//! - A palette word is `0x0RGB`, one nibble per gun. The ST has 3 bits per gun (0–7); the STE
//!   added a fourth, stored as bit 3 of each nibble and worth half a step (so the nibble's
//!   level is `(n & 7) << 1 | n >> 3`, 0–15). A palette whose words never use bit 3 is read
//!   as an ST palette, 7 becoming full brightness; otherwise every word is read as STE.
//! - The screen is 32000 bytes of *interleaved* bitplanes: each 16-pixel group of a line is
//!   one big-endian word per plane (plane 0 first), bit 15 the leftmost pixel. Low resolution
//!   is 320×200 with 4 planes, medium 640×200 with 2, high 640×400 with 1: 160 bytes (80 in
//!   high resolution) a line.
//! - Compressed DEGAS pictures and GEM IMG store a line plane by plane instead ("plane
//!   lines"): all of plane 0's bytes, then plane 1's...
//!
//! The conversion to one byte per pixel spreads 4 bits of a plane into 4 pixel bytes with a
//! 16-entry table, so a 16-pixel group of 4 planes costs 16 table loads and no per-pixel bit
//! tests (DEGAS pictures are converted on the 68030 at game start). On the 68030, 4-plane
//! lines go through `pic_planar4` (`picture68k.s`): four pixels a look-up per plane.

use super::{Argb, argb, be16};

/// The screen layout of one ST resolution.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Resolution {
    pub width: u32,
    pub height: u32,
    pub planes: u32,
    /// The shape of a pixel, width : height.
    pub pixel_aspect: (u16, u16),
}

/// Low (0), medium (1) and high (2) resolution.
pub const RESOLUTIONS: [Resolution; 3] = [
    Resolution { width: 320, height: 200, planes: 4, pixel_aspect: (1, 1) },
    Resolution { width: 640, height: 200, planes: 2, pixel_aspect: (1, 2) },
    Resolution { width: 640, height: 400, planes: 1, pixel_aspect: (1, 1) },
];

/// Bytes of one screen.
pub const SCREEN_BYTES: usize = 32000;
/// Bytes of one line of the screen, in every resolution but high.
pub const LINE_BYTES: usize = 160;

/// The 16 palette words at `at` as colours (see the module's note on ST and STE). In high
/// resolution only bit 0 of word 0 counts: set, the background is white and set pixels
/// black (the ST's normal display); clear, the other way round.
pub fn palette(data: &[u8], at: usize, resolution: u8) -> [Argb; 16] {
    let mut words = [0u16; 16];
    for (i, w) in words.iter_mut().enumerate() {
        *w = be16(data, at + 2 * i) & 0x0FFF;
    }
    let mut out = [argb(0, 0, 0); 16];
    if resolution == 2 {
        let (white, black) = (argb(255, 255, 255), argb(0, 0, 0));
        let normal = words[0] & 1 != 0;
        out[0] = if normal { white } else { black };
        out[1] = if normal { black } else { white };
        return out;
    }
    let ste = words.iter().any(|w| w & 0x0888 != 0);
    let level = |n: u16| -> u8 {
        if ste { ((((n & 7) << 1) | (n >> 3 & 1)) * 17) as u8 } else { ((n & 7) as u32 * 255 / 7) as u8 }
    };
    for (o, &w) in out.iter_mut().zip(&words) {
        *o = argb(level(w >> 8 & 15), level(w >> 4 & 15), level(w & 15));
    }
    out
}

/// `SPREAD[n]`: the 4 bits of `n` (bit 3 the leftmost pixel) as 4 bytes of 0 or 1, the
/// leftmost pixel in the most significant byte.
const SPREAD: [u32; 16] = {
    let mut t = [0u32; 16];
    let mut n = 0;
    while n < 16 {
        let mut v = 0u32;
        let mut j = 0;
        while j < 4 {
            if n & (8 >> j) != 0 {
                v |= 1 << (8 * (3 - j));
            }
            j += 1;
        }
        t[n] = v;
        n += 1;
    }
    t
};

/// The pens of 8 pixels from one byte of each plane (`bytes[p]` is plane p's byte, the
/// leftmost pixel in bit 7), written to `out[0..8]`.
fn eight(bytes: &[u8], out: &mut [u8]) {
    let (mut hi, mut lo) = (0u32, 0u32);
    for (p, &b) in bytes.iter().enumerate() {
        hi |= SPREAD[(b >> 4) as usize] << p;
        lo |= SPREAD[(b & 15) as usize] << p;
    }
    out[..4].copy_from_slice(&hi.to_be_bytes());
    out[4..8].copy_from_slice(&lo.to_be_bytes());
}

/// One line of interleaved bitplanes (`planes` words per 16-pixel group) to one pen a pixel;
/// `out` holds the line's pixels (a multiple of 16).
pub fn interleaved_line(line: &[u8], planes: usize, out: &mut [u8]) {
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    if planes == 4 {
        unsafe extern "C" {
            fn pic_planar4(line: *const u8, out: *mut u8, groups: u32);
        }
        let groups = out.len() / 16;
        assert!(line.len() >= groups * 8);
        // SAFETY: `groups` groups of 8 bytes read from `line`, of 16 bytes written to `out`
        // (both checked).
        unsafe { pic_planar4(line.as_ptr(), out.as_mut_ptr(), groups as u32) }
        return;
    }
    let mut bytes = [0u8; 8];
    for (g, px) in out.as_chunks_mut::<16>().0.iter_mut().enumerate() {
        let group = &line[g * planes * 2..(g + 1) * planes * 2];
        for half in 0..2 {
            for p in 0..planes {
                bytes[p] = group[2 * p + half];
            }
            eight(&bytes[..planes], &mut px[half * 8..half * 8 + 8]);
        }
    }
}

/// One line stored plane by plane (`plane_bytes` bytes each, plane 0 first) to one pen a
/// pixel; `out` is `8 * plane_bytes` long.
pub fn plane_line(line: &[u8], planes: usize, plane_bytes: usize, out: &mut [u8]) {
    let mut bytes = [0u8; 8];
    for (k, px) in out.as_chunks_mut::<8>().0.iter_mut().enumerate().take(plane_bytes) {
        for p in 0..planes {
            bytes[p] = line[p * plane_bytes + k];
        }
        eight(&bytes[..planes], px);
    }
}
