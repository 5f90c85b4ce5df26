use alloc::vec::Vec;

use super::*;
use crate::picture::writers::{self, Rng, TgaSpec};
use crate::picture::{ErrorKind, decode as decode_any, sniff};

/// Colours for a `w`×`h` test picture: runs (for the run-length packets, some across line
/// ends) and noise; alpha 0 or 255 so that every depth can store it.
fn colours(w: usize, h: usize, seed: u32) -> Vec<u32> {
    let mut rng = Rng(seed);
    (0..w * h)
        .map(|i| {
            let v = if (i / 5) % 3 == 0 { 0x00C0_4080 } else { rng.word() & 0x00F8_F8F8 };
            let a = if i % 11 == 0 { 0 } else { 0xFF00_0000 };
            v | a
        })
        .collect()
}

const PLAIN: TgaSpec =
    TgaSpec { kind: 2, depth: 24, map_bits: 0, rle: false, top_down: false, right_to_left: false, alpha_bits: 0 };

/// What a stored colour comes back as at `depth` bits with `alpha_bits` alpha bits.
fn stored(c: u32, depth: u8, alpha_bits: u8) -> u32 {
    let five = |v: u32| (v & 0xF8) | (v & 0xF8) >> 5;
    let (r, g, b) = (c >> 16 & 255, c >> 8 & 255, c & 255);
    match depth {
        15 | 16 => {
            let a = if depth == 16 && alpha_bits == 1 && c >> 24 == 0 { 0 } else { 255 };
            a << 24 | five(r) << 16 | five(g) << 8 | five(b)
        }
        24 => 0xFF00_0000 | (c & 0x00FF_FFFF),
        _ => {
            if alpha_bits >= 8 {
                c
            } else {
                0xFF00_0000 | (c & 0x00FF_FFFF)
            }
        }
    }
}

fn check(spec: TgaSpec, w: usize, h: usize, values: &[u32], map: &[u32], first: u16, want: impl Fn(usize) -> u32) {
    let file = writers::tga(&spec, w, h, values, map, first);
    assert_eq!(sniff(&file), Some(Format::Tga), "{:?}", spec);
    let image = decode_any(&file).unwrap_or_else(|e| panic!("{:?}: {}", spec, e));
    assert_eq!((image.width as usize, image.height as usize), (w, h));
    for i in 0..w * h {
        assert_eq!(image.argb((i % w) as u32, (i / w) as u32), want(i), "{:?} pixel {}", spec, i);
    }
}

crate::test_cases! {
    /// True colour at 15, 16, 24 and 32 bits, plain and run-length coded (packets across
    /// line ends), every origin corner, with and without alpha bits.
    fn true_colour_round_trips() {
        let (w, h) = (13, 7);
        let c = colours(w, h, 9);
        for depth in [15u8, 16, 24, 32] {
            for rle in [false, true] {
                for (top_down, right_to_left) in [(false, false), (true, false), (false, true), (true, true)] {
                    for alpha_bits in [0u8, if depth == 16 { 1 } else { 8 }] {
                        let spec = TgaSpec { kind: 2, depth, rle, top_down, right_to_left, alpha_bits, ..PLAIN };
                        check(spec, w, h, &c, &[], 0, |i| stored(c[i], depth, alpha_bits));
                    }
                }
            }
        }
    }

    /// Colour-mapped (8-bit indices, maps of 15 to 32 bits, a first entry above 0) and grey.
    fn mapped_and_grey_round_trip() {
        let (w, h) = (21, 5);
        let mut rng = Rng(4);
        let map: Vec<u32> = (0..40).map(|_| 0xFF00_0000 | (rng.word() & 0x00F8_F8F8)).collect();
        let idx: Vec<u32> = (0..w * h).map(|i| 10 + (if i % 4 == 0 { 3 } else { rng.below(40) })).collect();
        for map_bits in [15u8, 16, 24, 32] {
            for rle in [false, true] {
                let spec = TgaSpec { kind: 1, depth: 8, map_bits, rle, ..PLAIN };
                check(spec, w, h, &idx, &map, 10, |i| stored(map[idx[i] as usize - 10], map_bits, 0));
            }
        }
        let spec16 = TgaSpec { kind: 1, depth: 16, map_bits: 24, rle: true, ..PLAIN };
        check(spec16, w, h, &idx, &map, 10, |i| stored(map[idx[i] as usize - 10], 24, 0));
        let grey: Vec<u32> = (0..w * h).map(|i| (i * 7 % 256) as u32).collect();
        for rle in [false, true] {
            let spec = TgaSpec { kind: 3, depth: 8, rle, ..PLAIN };
            check(spec, w, h, &grey, &[], 0, |i| argb(grey[i] as u8, grey[i] as u8, grey[i] as u8));
        }
    }

    /// Truncated pixels and packets, Huffman types, too large a size.
    fn bad_files_get_reasons() {
        let c = colours(8, 8, 3);
        let file = writers::tga(&TgaSpec { rle: true, ..PLAIN }, 8, 8, &c, &[], 0);
        let e = decode(&file[..file.len() - 2]).unwrap_err();
        assert_eq!((e.kind, e.code()), (ErrorKind::Truncated, 25));
        let plain = writers::tga(&PLAIN, 8, 8, &c, &[], 0);
        assert_eq!(decode(&plain[..plain.len() - 1]).unwrap_err().kind, ErrorKind::Truncated);
        let mut huff = plain.clone();
        huff[2] = 32;
        assert_eq!(decode(&huff).unwrap_err().kind, ErrorKind::Unsupported);
        let mut big = plain.clone();
        big[12..16].copy_from_slice(&[0x30, 0x75, 0x30, 0x75]);
        let e = decode(&big).unwrap_err();
        assert_eq!((e.kind, e.size), (ErrorKind::TooLarge, Some((30000, 30000))));
    }
}
