//! Benchmarks of pictures (`cargo xtask bench`): a file decoded, its centred square scaled to
//! Slide's picture (3×3 tiles of 64 pixels: 192 pixels a side) and quantised to 240 pens, as
//! the game fits a loaded picture. One figure a file, with the cycles of each stage.
//!
//! The files are written before the clock starts: a DEGAS PI1 screen of 16 colours (blocks,
//! stripes and noise), and PNG files of a made-up photograph (gradients, discs, a fine
//! grain: thousands of colours, compressed to about half by the test writer's deflate).

use alloc::vec::Vec;

use super::writers::{self, Rng};
use super::{Image, decode, fit, png, quantise};
use crate::testcase::Bench;

/// Slide's picture side: 3×3 tiles of 64 pixels.
pub const SIDE: u32 = 192;
/// The free pens of a 256-colour screen.
pub const PENS: usize = 240;
/// The goal for a picture of the ST's or a VGA screen's size: one second at 16 MHz.
pub const GOAL: u64 = 16_000_000;

/// A DEGAS PI1 screen (320×200, 16 colours).
pub fn degas_pi1() -> Vec<u8> {
    writers::degas(0, &writers::ST_WORDS, &writers::pens(320, 200, 16, 21), false, false, false)
}

/// Line `y` of a made-up photograph of `width`×`height` pixels as RGB bytes: a sky of
/// gradients, a sun and a hill (discs), a grain of ±4 levels on every gun of the hill.
pub fn photo_line(width: u32, height: u32, y: u32, out: &mut [u8]) {
    let mut rng = Rng(0x9E37_79B9 ^ y.wrapping_mul(0x0101_0101) | 1);
    let (w, h) = (width.max(2), height.max(2));
    for x in 0..width {
        let mut r = x * 255 / (w - 1);
        let mut g = y * 255 / (h - 1);
        let mut b = 255 - (x + y) * 255 / (w + h);
        // The sun: a disc a quarter of the height across, at a third of the way.
        let (dx, dy) = ((x * 64 / w) as i32 - 21, (y * 64 / h) as i32 - 21);
        if dx * dx + dy * dy < 64 {
            (r, g, b) = (250, 200 + (dx * 4).unsigned_abs().min(50), 40);
        }
        // The hill: the lower part under a wide disc, shaded green.
        let (hx, hy) = ((x * 64 / w) as i32 - 40, (y * 64 / h) as i32 - 90);
        if hx * hx + hy * hy < 50 * 50 {
            (r, g, b) = (30 + (x * 60 / w), 90 + (y * 120 / h), 20 + ((x ^ y) & 31));
        }
        // Grain on the hill only: the sky compresses like a real one's.
        let grain = if hx * hx + hy * hy < 50 * 50 { rng.word() } else { 0o444 };
        let put = |v: u32, k: u32| (v + (grain >> k & 7)).saturating_sub(4).min(255) as u8;
        let i = x as usize * 3;
        out[i] = put(r, 0);
        out[i + 1] = put(g, 3);
        out[i + 2] = put(b, 6);
    }
}

/// A PNG file of the made-up photograph.
pub fn photo_png(width: u32, height: u32) -> Vec<u8> {
    writers::png_rgb_streamed(width, height, &mut |y, line| photo_line(width, height, y, line))
}

/// Inflates the image data of a PNG file into a 32 KiB window, as the decoder does, and
/// nothing else (no CRC, no lines): the inflater's part of decoding. Returns the bytes made.
pub fn inflate_only(file: &[u8]) -> usize {
    use miniz_oxide::inflate::TINFLStatus;
    use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags::*};
    let mut data = Vec::new();
    let mut at = 8;
    while at + 12 <= file.len() {
        let len = u32::from_be_bytes([file[at], file[at + 1], file[at + 2], file[at + 3]]) as usize;
        if &file[at + 4..at + 8] == b"IDAT" {
            data.extend_from_slice(&file[at + 8..at + 8 + len]);
        }
        at += 12 + len;
    }
    let mut state = alloc::boxed::Box::<DecompressorOxide>::default();
    let mut window = alloc::vec![0u8; 32 * 1024];
    let (mut input, mut pos, mut total, mut adler) = (&data[..], 0usize, 0usize, 1u32);
    loop {
        // The checksum as the decoder checks it: by `png::adler32`, not by the inflater.
        let flags = TINFL_FLAG_PARSE_ZLIB_HEADER | TINFL_FLAG_IGNORE_ADLER32;
        let (status, used, made) = decompress(&mut state, input, &mut window, pos, flags);
        input = &input[used..];
        adler = png::adler32(adler, &window[pos..pos + made]);
        pos = (pos + made) & (window.len() - 1);
        total += made;
        match status {
            TINFLStatus::HasMoreOutput => {}
            TINFLStatus::Done => {
                assert_eq!(state.adler32_header(), Some(adler), "inflate: the checksum differs");
                return total;
            }
            other => panic!("inflate: {:?}", other),
        }
    }
}

/// What fitting gave: the scaled picture and its pens.
pub struct Fitted {
    pub scaled: Vec<u32>,
    pub quantised: quantise::Quantised,
}

/// Decodes `file`, fits it to [`SIDE`] with [`PENS`] pens, and reports the cycles of each
/// stage under `name`.
pub fn fit_and_report(b: &mut Bench, name: &str, file: &[u8], goal: Option<u64>) -> Fitted {
    let (decode_cycles, image) = b.time(|| decode(file));
    let image: Image = image.unwrap();
    let (scale_cycles, scaled) = b.time(|| fit::scale(&image, fit::square_crop(&image), SIDE, 0));
    drop(image);
    let scaled = scaled.unwrap();
    let (quantise_cycles, quantised) = b.time(|| quantise::median_cut(&scaled, PENS));
    let quantised = quantised.unwrap();
    let total = decode_cycles + scale_cycles + quantise_cycles;
    // The stages' parts: a median cut to one pen is the histogram, the bucket list and the
    // mapping without any cut; a PNG's inflating on its own.
    let (one_pen_cycles, _) = b.time(|| quantise::median_cut(&scaled, 1));
    let inflate_cycles = if png::is_png(file) { b.time(|| inflate_only(file)).0 } else { 0 };
    b.report(
        name,
        total,
        goal,
        &[
            ("decode", decode_cycles),
            ("scale", scale_cycles),
            ("quantise", quantise_cycles),
            ("inflate", inflate_cycles),
            ("quantise_without_cuts", one_pen_cycles),
            ("bytes", file.len() as u64),
            ("pens", quantised.palette.len() as u64),
        ],
    );
    let fitted = Fitted { scaled, quantised };
    check(&fitted);
    fitted
}

/// The fast fitting gave what the code before it gives (`picture::reference`), bit for bit,
/// at Slide's side: the test that compares them on the 68030 uses smaller sides.
fn same_as_reference(file: &[u8], f: &Fitted) {
    let image = decode(file).unwrap();
    let scaled = super::reference::fit::scale(&image, fit::square_crop(&image), SIDE, 0).unwrap();
    assert!(scaled == f.scaled, "the scaled picture differs from the reference's");
    let q = super::reference::quantise::median_cut(&scaled, PENS).unwrap();
    assert!(q.palette == f.quantised.palette && q.index == f.quantised.index, "the pens differ from the reference's");
}

/// The pens are close to what the area filter made: on average within 6 of 255 per gun.
fn check(f: &Fitted) {
    let n = (SIDE * SIDE) as usize;
    assert_eq!((f.scaled.len(), f.quantised.index.len()), (n, n));
    assert!(f.quantised.palette.len() <= PENS);
    let mut total = 0u32;
    for (&p, &i) in f.scaled.iter().zip(&f.quantised.index) {
        let pen = f.quantised.palette[i as usize];
        for s in [0, 8, 16] {
            total += (p >> s & 255).abs_diff(pen >> s & 255);
        }
    }
    assert!(total / (3 * n as u32) <= 6, "mean error {}", total / (3 * n as u32));
}

crate::bench_cases! {
    /// A DEGAS PI1 screen (320×200, 16 colours) to Slide's picture with 240 pens.
    fn fit_degas_pi1(b: &mut Bench) {
        let file = degas_pi1();
        let f = fit_and_report(b, "picture_fit_degas_pi1", &file, Some(GOAL));
        same_as_reference(&file, &f);
        // Sixteen colours and their mixtures by the area filter: far more than 16 pens.
        assert!(f.quantised.palette.len() > 16);
    }
    /// A 320×240 PNG photograph (RGB, 8 bits) to Slide's picture with 240 pens.
    fn fit_png_320x240(b: &mut Bench) {
        let file = photo_png(320, 240);
        let f = fit_and_report(b, "picture_fit_png_320x240", &file, Some(GOAL));
        same_as_reference(&file, &f);
        assert_eq!(f.quantised.palette.len(), PENS);
    }
    /// A 640×480 PNG photograph to Slide's picture with 240 pens (reported, no goal).
    fn fit_png_640x480(b: &mut Bench) {
        let file = photo_png(640, 480);
        let f = fit_and_report(b, "picture_fit_png_640x480", &file, None);
        assert_eq!(f.quantised.palette.len(), PENS);
    }
}
