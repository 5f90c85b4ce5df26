use alloc::vec;

use super::*;
use crate::picture::writers;
use crate::picture::{ErrorKind, Pixels, argb, decode as decode_any, sniff};

/// A palette of ST words and the colours they must give (3 bits a gun, 7 = 255).
const ST_WORDS: [u16; 16] =
    [0x000, 0x777, 0x700, 0x070, 0x007, 0x333, 0x123, 0x456, 0x765, 0x007, 0x050, 0x500, 0x111, 0x222, 0x444, 0x666];

fn pens_of(image: &Image) -> (&[u8], &[u32]) {
    match &image.pixels {
        Pixels::Indexed { index, palette } => (index, palette),
        Pixels::Argb(_) => panic!("DEGAS pictures decode to pens"),
    }
}

/// Writes a picture of `resolution` in one DEGAS variant and checks pens, palette and shape.
fn round_trip(resolution: u8, compressed: bool, across: bool, elite: bool) {
    let (w, h, colours) = [(320, 200, 16), (640, 200, 4), (640, 400, 2)][resolution as usize];
    let pens = writers::pens(w, h, colours, 7 + resolution as u32);
    let file = writers::degas(resolution, &ST_WORDS, &pens, compressed, across, elite);
    assert_eq!(sniff(&file), Some(Format::Degas { resolution, compressed }));
    let image = decode_any(&file).unwrap_or_else(|e| panic!("res {} compressed {}: {}", resolution, compressed, e));
    assert_eq!((image.width as usize, image.height as usize), (w, h));
    let (index, _) = pens_of(&image);
    assert!(index == &pens[..], "res {} compressed {} across {}: pens differ", resolution, compressed, across);
    assert_eq!(image.pixel_aspect, if resolution == 1 { (1, 2) } else { (1, 1) });
}

crate::test_cases! {
    /// Low resolution, plain and compressed (each plane line packed, and runs across plane
    /// lines and lines).
    fn low_resolution_round_trips() {
        round_trip(0, false, false, false);
        round_trip(0, true, false, false);
        round_trip(0, true, true, false);
    }

    /// Medium and high resolution, DEGAS Elite's 32066-byte files, compressed files.
    fn medium_and_high_resolution_round_trip() {
        round_trip(1, false, false, true);
        round_trip(2, true, false, false);
    }

    /// ST palette words: 3 bits a gun, 7 is full brightness.
    fn st_palettes_reach_white() {
        let file = writers::degas(0, &ST_WORDS, &vec![0u8; 64000], false, false, false);
        let image = decode(&file).unwrap();
        let (_, palette) = pens_of(&image);
        assert_eq!(palette[0], argb(0, 0, 0));
        assert_eq!(palette[1], argb(255, 255, 255));
        assert_eq!(palette[2], argb(255, 0, 0));
        assert_eq!(palette[5], argb(109, 109, 109));
        assert_eq!(palette[6], argb(36, 72, 109));
    }

    /// An STE palette (a word uses bit 3 of a nibble): 4 bits a gun, the extra bit worth half
    /// a step; $F is 255, $7 only 238, $8 is 17.
    fn ste_palettes_use_sixteen_levels() {
        let mut words = ST_WORDS;
        words[15] = 0xF87;
        let file = writers::degas(0, &words, &vec![0u8; 64000], false, false, false);
        let image = decode(&file).unwrap();
        let (_, palette) = pens_of(&image);
        assert_eq!(palette[15], argb(255, 17, 238));
        assert_eq!(palette[1], argb(238, 238, 238));
    }

    /// High resolution: bit 0 of the first palette word says which way round black and white
    /// are.
    fn monochrome_follows_the_first_palette_word() {
        let pens = vec![1u8; 640 * 400];
        for (word0, pixel) in [(0x777, argb(0, 0, 0)), (0x000, argb(255, 255, 255))] {
            let mut words = ST_WORDS;
            words[0] = word0;
            let image = decode(&writers::degas(2, &words, &pens, false, false, false)).unwrap();
            assert_eq!(image.argb(5, 5), pixel);
        }
    }

    /// PackBits as Apple defines it, including the no-operation code and a run cut at the end.
    fn pack_bits_codes() {
        let mut out = [0u8; 10];
        let used = unpack_bits(&[0x02, 1, 2, 3, 0x80, 0xFE, 9, 0xFD, 7], &mut out[..9]).unwrap();
        assert_eq!(used, 9);
        assert_eq!(&out[..9], &[1, 2, 3, 9, 9, 9, 7, 7, 7]);
        // A run longer than the room left is cut.
        let mut small = [0u8; 2];
        assert_eq!(unpack_bits(&[0x81, 5], &mut small), Ok(2));
        assert_eq!(small, [5, 5]);
        assert_eq!(unpack_bits(&[0x05, 1, 2], &mut out), Err(UnpackError::Truncated));
        assert_eq!(unpack_bits(&[], &mut out), Err(UnpackError::Truncated));
    }

    /// A compressed picture cut short is truncated, with the DEGAS error code.
    fn truncated_compressed_pictures_are_refused() {
        let pens = writers::pens(320, 200, 16, 3);
        let file = writers::degas(0, &ST_WORDS, &pens, true, false, false);
        for cut in [40, 1000, file.len() - 40] {
            let e = decode_any(&file[..cut]).expect_err("truncated");
            assert_eq!(e.kind, ErrorKind::Truncated);
            assert_eq!(e.code(), 23);
        }
        // A plain file shorter than a screen is no DEGAS file at all.
        let plain = writers::degas(0, &ST_WORDS, &pens, false, false, false);
        assert_eq!(sniff(&plain[..32000]), None);
    }
}
