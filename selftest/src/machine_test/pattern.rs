//! The test pattern of the machine test program (`src/bin/machine_test.rs`), shared with the
//! host (xtask), which renders the same picture to check Hatari's screenshots and the
//! reference images. Two pictures, A and B, so a swap of screen buffers is visible.
//!
//! Each is a 16×16 grid of 40×30-pixel cells showing all 256 pens (cells straddle the
//! 16-pixel groups, so the bit order inside and across plane words shows), with a
//! one-pixel diagonal in pen 255 over it (A falls to the right, B to the left).

use falcon_puzzles::machine::video_mode::Rgb;

pub const WIDTH: usize = 640;
pub const HEIGHT: usize = 480;

/// The pen of pixel (x, y) of picture A (`b == false`) or B.
pub fn pen(b: bool, x: usize, y: usize) -> u8 {
    let diagonal = if b { WIDTH - 1 - (y + 80) } else { y + 80 };
    if x == diagonal {
        return 255;
    }
    let (col, row) = ((x / 40) as u8, (y / 30) as u8);
    if b { col * 16 + row } else { row * 16 + col }
}

/// The colour of each pen: every value a multiple of 4, so the VIDEL's 6 bits hold it exactly.
pub fn colour(pen: u8) -> Rgb {
    let p = pen as u32;
    Rgb::new(((p & 15) << 4) as u8, ((p >> 4) << 4) as u8, (((p * 7) & 63) << 2) as u8)
}

/// Writes one line of a picture into interleaved bitplanes (`line` = 320 words: 40 groups of
/// 16 pixels, 8 plane words each, plane 0 first, bit 15 leftmost).
pub fn planar_line(b: bool, y: usize, line: &mut [u16]) {
    for (group, words) in line.as_chunks_mut::<8>().0.iter_mut().enumerate() {
        let mut planes = [0u16; 8];
        for i in 0..16 {
            let p = pen(b, group * 16 + i, y);
            let bit = 1u16 << (15 - i);
            for (plane, word) in planes.iter_mut().enumerate() {
                if p >> plane & 1 != 0 {
                    *word |= bit;
                }
            }
        }
        words.copy_from_slice(&planes);
    }
}
