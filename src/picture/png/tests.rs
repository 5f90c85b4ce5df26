use alloc::vec;
use alloc::vec::Vec;

use super::*;
use crate::picture::writers::{self, Deflate, PngSpec, Rng};
use crate::picture::{ErrorKind, decode as decode_any};

/// Samples for a `w`×`h` picture of colour type `colour` at `depth` bits, every value of the
/// depth's range used somewhere.
fn samples(w: u32, h: u32, colour: u8, depth: u8, seed: u32) -> Vec<u16> {
    let ch = match colour {
        0 | 3 => 1,
        4 => 2,
        2 => 3,
        _ => 4,
    };
    let max = if depth == 16 { 0xFFFF } else { (1u32 << depth) - 1 };
    let mut rng = Rng(seed);
    (0..w * h * ch).map(|i| if i % 7 == 0 { (i % (max + 1)) as u16 } else { (rng.word() % (max + 1)) as u16 }).collect()
}

/// What a pixel should decode to, worked out from the PNG specification.
fn expected(colour: u8, depth: u8, s: &[u16], palette: &[[u8; 3]], trns: Option<&[u8]>) -> u32 {
    let to8 = |v: u16| -> u8 {
        match depth {
            16 => (v >> 8) as u8,
            8 => v as u8,
            d => (v as u32 * 255 / ((1 << d) - 1)) as u8,
        }
    };
    let key = |n: usize| -> Option<Vec<u16>> {
        trns.map(|t| (0..n).map(|i| u16::from_be_bytes([t[2 * i], t[2 * i + 1]])).collect())
    };
    let rgba = |r: u8, g: u8, b: u8, a: u8| (a as u32) << 24 | (r as u32) << 16 | (g as u32) << 8 | b as u32;
    match colour {
        0 => {
            let a = if key(1).is_some_and(|k| k[0] == s[0]) { 0 } else { 255 };
            rgba(to8(s[0]), to8(s[0]), to8(s[0]), a)
        }
        2 => {
            let a = if key(3).is_some_and(|k| k == s[..3]) { 0 } else { 255 };
            rgba(to8(s[0]), to8(s[1]), to8(s[2]), a)
        }
        3 => {
            let [r, g, b] = palette[s[0] as usize];
            let a = trns.and_then(|t| t.get(s[0] as usize)).copied().unwrap_or(255);
            rgba(r, g, b, a)
        }
        4 => rgba(to8(s[0]), to8(s[0]), to8(s[0]), to8(s[1])),
        _ => rgba(to8(s[0]), to8(s[1]), to8(s[2]), to8(s[3])),
    }
}

/// Writes, decodes and compares one variant pixel for pixel.
fn round_trip(spec: PngSpec, palette: Option<&[[u8; 3]]>, trns: Option<&[u8]>) {
    let s = samples(spec.width, spec.height, spec.colour, spec.depth, spec.width * 31 + spec.depth as u32);
    let file = writers::png(&spec, &s, palette, trns);
    let image = match decode(&file) {
        Ok(i) => i,
        Err(e) => panic!("{:?}: {}", spec, e),
    };
    assert_eq!((image.width, image.height), (spec.width, spec.height));
    let ch = s.len() / (spec.width * spec.height) as usize;
    for y in 0..spec.height {
        for x in 0..spec.width {
            let i = (y * spec.width + x) as usize * ch;
            let want = expected(spec.colour, spec.depth, &s[i..i + ch], palette.unwrap_or(&[]), trns);
            assert_eq!(image.argb(x, y), want, "{:?} pixel ({}, {})", spec, x, y);
        }
    }
}

fn palette(n: usize) -> Vec<[u8; 3]> {
    (0..n).map(|i| [(i * 37) as u8, 255usize.wrapping_sub(i * 11) as u8, (i * 91 + 5) as u8]).collect()
}

fn spec(colour: u8, depth: u8, interlaced: bool, deflate: Deflate) -> PngSpec {
    PngSpec { width: 13, height: 11, colour, depth, interlaced, deflate, idat_size: 37 }
}

const VARIANTS: &[(u8, &[u8])] =
    &[(0, &[1, 2, 4, 8, 16]), (2, &[8, 16]), (3, &[1, 2, 4, 8]), (4, &[8, 16]), (6, &[8, 16])];

crate::test_cases! {
    /// Every colour type at every bit depth, plain and interlaced, stored and deflated,
    /// its image data cut into 37-byte IDAT chunks, in stored, fixed and dynamic Huffman blocks.
    fn every_colour_type_and_depth_round_trips() {
        for &(colour, depths) in VARIANTS {
            for &depth in depths {
                for interlaced in [false, true] {
                    for deflate in [Deflate::Stored, Deflate::Fixed, Deflate::Dynamic, Deflate::Mixed] {
                        let pal = palette(1 << depth.min(8));
                        let p = (colour == 3).then_some(pal.as_slice());
                        round_trip(spec(colour, depth, interlaced, deflate), p, None);
                    }
                }
            }
        }
    }

    /// Transparency: per palette entry (fewer alphas than entries), a grey key and a 16-bit
    /// RGB key.
    fn transparency_round_trips() {
        let pal = palette(16);
        let alphas = [0u8, 128, 255, 7, 64];
        round_trip(spec(3, 4, false, Deflate::Dynamic), Some(&pal), Some(&alphas));
        round_trip(spec(3, 4, true, Deflate::Stored), Some(&pal), Some(&alphas));
        // Keys: the value of a sample that occurs (i % 7 == 0 gives value i).
        round_trip(spec(0, 4, false, Deflate::Fixed), None, Some(&[0, 7]));
        round_trip(spec(0, 16, true, Deflate::Mixed), None, Some(&[0, 0]));
        let s = samples(13, 11, 2, 16, 13 * 31 + 16);
        let key: Vec<u8> = s[3..6].iter().flat_map(|v| v.to_be_bytes()).collect();
        round_trip(spec(2, 16, false, Deflate::Dynamic), None, Some(&key));
    }

    /// Edge sizes: a single pixel, and interlaced pictures too small for some passes.
    fn tiny_and_odd_sizes_round_trip() {
        for (w, h) in [(1, 1), (2, 1), (1, 3), (3, 2), (5, 5), (9, 1), (17, 9)] {
            for interlaced in [false, true] {
                let s = PngSpec { width: w, height: h, colour: 2, depth: 8, interlaced, deflate: Deflate::Dynamic, idat_size: 1 };
                round_trip(s, None, None);
                round_trip(PngSpec { colour: 0, depth: 1, ..s }, None, None);
            }
        }
    }

    /// The CRC-32 of the specification's check value.
    fn crc_of_the_check_string() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    /// The zlib checksum of a known string, and of long runs of bytes (sums reduced every
    /// 5552 bytes) given in pieces of every length from 0 to 12,000, as the definition says.
    fn adler32_as_defined() {
        assert_eq!(adler32(1, b"Wikipedia"), 0x11E6_0398);
        assert_eq!(adler32(1, b""), 1);
        let mut rng = Rng(0xADE1_3200);
        // Longer than 5,552 bytes (where a sum of 0xFF bytes first needs its modulo) twice over.
        let data: Vec<u8> = (0..16_000).map(|i| if i % 3 == 0 { 0xFF } else { rng.word() as u8 }).collect();
        // Both sums kept below 65,521 at every byte (a subtraction, not a division: the
        // 68030 runs this test too).
        let by_definition = |d: &[u8]| {
            const BASE: u32 = 65521;
            let (mut s1, mut s2) = (1u32, 0u32);
            for &b in d {
                s1 += b as u32;
                if s1 >= BASE {
                    s1 -= BASE;
                }
                s2 += s1;
                if s2 >= BASE {
                    s2 -= BASE;
                }
            }
            s2 << 16 | s1
        };
        assert_eq!(adler32(1, &data), by_definition(&data));
        assert_eq!(adler32(1, &[0xFF; 12_000]), by_definition(&[0xFF; 12_000]));
        let (mut at, mut piece, mut sum) = (0, 0, 1);
        while at < data.len() {
            let n = piece.min(data.len() - at);
            sum = adler32(sum, &data[at..at + n]);
            at += n;
            piece = (piece * 7 + 13) % 12_001;
        }
        assert_eq!(sum, by_definition(&data));
    }

    /// A changed byte anywhere in a chunk's type or data is caught by its CRC.
    fn damaged_chunks_fail_their_crc() {
        let file = writers::png(&spec(2, 8, false, Deflate::Dynamic), &samples(13, 11, 2, 8, 1), None, None);
        let mut checked = 0;
        for at in (12..file.len() - 12).step_by(7) {
            let mut f = file.clone();
            f[at] ^= 0x10;
            let e = decode(&f).expect_err("damaged");
            assert!(matches!(e.kind, ErrorKind::Corrupt | ErrorKind::Truncated), "{}: {}", at, e);
            checked += 1;
        }
        assert!(checked > 20);
    }

    /// Every cut of a file is refused as truncated, except cuts after the last line's data
    /// (only the stream's checksum or IEND missing), which still give the whole picture.
    fn every_truncation_is_refused_or_complete() {
        let s = samples(13, 11, 6, 8, 5);
        let file = writers::png(&spec(6, 8, true, Deflate::Stored), &s, None, None);
        let whole = decode(&file).expect("whole file");
        let last_idat = file.windows(4).rposition(|w| w == b"IDAT").unwrap() - 4;
        let iend = file.len() - 12;
        for cut in 0..file.len() {
            match decode(&file[..cut]) {
                Ok(image) => {
                    assert!(cut > last_idat, "accepted a cut at {} of {}", cut, file.len());
                    assert_eq!(image, whole);
                }
                Err(e) => {
                    assert!(cut < iend, "refused a cut at {} after the data: {}", cut, e);
                    assert!(matches!(e.kind, ErrorKind::Truncated | ErrorKind::NotAPicture), "cut {}: {}", cut, e);
                }
            }
        }
    }

    /// Sizes are checked before anything is allocated: 30000×30000 is too large, and so is
    /// 4097×1, and 2048×1024 (more than 2^20 pixels); 1024×1024 is accepted as a size.
    fn claimed_sizes_are_checked_first() {
        let header_only = |w: u32, h: u32| {
            let mut out = Vec::from(SIGNATURE);
            let mut ihdr = Vec::new();
            ihdr.extend_from_slice(&w.to_be_bytes());
            ihdr.extend_from_slice(&h.to_be_bytes());
            ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
            writers::png_chunk(&mut out, b"IHDR", &ihdr);
            writers::png_chunk(&mut out, b"IEND", &[]);
            decode(&out)
        };
        for (w, h) in [(30000, 30000), (4097, 1), (2048, 1024), (u32::MAX, u32::MAX)] {
            let e = header_only(w, h).expect_err("too large");
            assert_eq!(e.kind, ErrorKind::TooLarge, "{}x{}", w, h);
            assert_eq!(e.size, Some((w, h)));
            assert_eq!(e.code(), 41);
        }
        // A size within the limits gets as far as the missing image data.
        assert_eq!(header_only(1024, 1024).expect_err("no data").detail, "there is no image data (IDAT)");
        assert_eq!(header_only(0, 5).expect_err("empty").kind, ErrorKind::Corrupt);
    }

    /// Refusals say what is wrong.
    fn bad_files_get_reasons() {
        let good = writers::png(&spec(3, 8, false, Deflate::Fixed), &samples(13, 11, 3, 8, 2), Some(&palette(256)), None);
        // An unknown critical chunk.
        let mut f = Vec::from(&good[..good.len() - 12]);
        writers::png_chunk(&mut f, b"ABCD", b"x");
        writers::png_chunk(&mut f, b"IEND", &[]);
        assert_eq!(decode(&f).unwrap_err().kind, ErrorKind::Unsupported);
        // A palette picture without its palette.
        let f = writers::png(&spec(3, 8, false, Deflate::Fixed), &samples(13, 11, 3, 8, 2), None, None);
        assert_eq!(decode(&f).unwrap_err().detail, "a palette picture without a palette");
        // A wrong bit depth for the colour type.
        let mut f = good.clone();
        f[24] = 16;
        writers::png_fix_crcs(&mut f);
        assert_eq!(decode(&f).unwrap_err().detail, "bit depth not allowed for the colour type");
        // A bad filter type: stored blocks, so the byte is easy to find (after the zlib header,
        // the block header and its 4 length bytes, in the first IDAT).
        let mut stored = writers::png(&spec(2, 8, false, Deflate::Stored), &samples(13, 11, 2, 8, 3), None, None);
        let idat = stored.windows(4).position(|w| w == b"IDAT").unwrap() + 4;
        stored[idat + 7] = 9;
        writers::png_fix_crcs(&mut stored);
        assert_eq!(decode(&stored).unwrap_err().detail, "a line has an unknown filter type");
        // The zlib checksum.
        let mut f = writers::png(&spec(2, 8, false, Deflate::Stored), &samples(13, 11, 2, 8, 3), None, None);
        let iend = f.len() - 12;
        f[iend - 5] ^= 1;
        writers::png_fix_crcs(&mut f);
        assert_eq!(decode(&f).unwrap_err().detail, "the checksum of the image data is wrong");
        // Not a PNG at all goes through the sniffer.
        assert_eq!(decode_any(b"hello").unwrap_err().code(), 10);
    }

    /// Sixteen-bit samples keep their high byte.
    fn sixteen_bit_samples_keep_the_high_byte() {
        let s = vec![0x12FF, 0x3400, 0xABCD, 0xFFFF];
        let file = writers::png(&PngSpec { width: 1, height: 1, colour: 6, depth: 16, interlaced: false, deflate: Deflate::Mixed, idat_size: 100 }, &s, None, None);
        assert_eq!(decode(&file).unwrap().argb(0, 0), 0xFF12_34AB);
    }
}
