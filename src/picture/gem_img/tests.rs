use alloc::vec::Vec;

use super::*;
use crate::picture::writers;
use crate::picture::{ErrorKind, decode as decode_any, sniff};

fn indexed(image: &Image) -> (&[u8], &[u32]) {
    match &image.pixels {
        Pixels::Indexed { index, palette } => (index, palette),
        Pixels::Argb(_) => panic!("GEM IMG decodes to pens"),
    }
}

crate::test_cases! {
    /// Monochrome, a width that is not a multiple of 8, pattern runs of 1 and 2 bytes, solid
    /// runs, literal strings and vertical replication: the pens come back exactly; 1 is black.
    fn monochrome_round_trips() {
        for (w, h, patlen) in [(100, 37, 2), (13, 40, 1), (640, 16, 2)] {
            let pens = writers::pens(w, h, 2, w as u32);
            let file = writers::gem_img(w, h, 1, &pens, None, patlen);
            assert_eq!(sniff(&file), Some(Format::GemImg));
            let image = decode_any(&file).unwrap();
            assert_eq!((image.width as usize, image.height as usize), (w, h));
            assert!(indexed(&image).0 == &pens[..], "{}x{}", w, h);
            assert_eq!(image.argb(0, 0), if pens[0] == 1 { argb(0, 0, 0) } else { argb(255, 255, 255) });
        }
    }

    /// Planar pictures with an XIMG palette (red, green, blue from 0 to 1000 a pen).
    fn ximg_round_trips() {
        for planes in [2usize, 4, 8] {
            let colours = 1 << planes;
            let pens = writers::pens(50, 30, colours as u32, planes as u32);
            let pal: Vec<[u16; 3]> = (0..colours).map(|i| [(i * 1000 / (colours - 1)) as u16, 500, 1000 - (i * 1000 / (colours - 1)) as u16]).collect();
            let file = writers::gem_img(50, 30, planes, &pens, Some(&pal), 2);
            let image = decode(&file).unwrap();
            let (index, palette) = indexed(&image);
            assert!(index == &pens[..], "{} planes", planes);
            assert_eq!(palette[0], argb(0, 127, 255));
            assert_eq!(palette[colours - 1], argb(255, 127, 0));
        }
    }

    /// Plain GEM IMG of several planes has no colours: shades of grey, 0 white.
    fn planes_without_a_palette_are_grey() {
        let pens = writers::pens(16, 4, 4, 1);
        let image = decode(&writers::gem_img(16, 4, 2, &pens, None, 2)).unwrap();
        assert_eq!(indexed(&image).1, &[argb(255, 255, 255), argb(170, 170, 170), argb(85, 85, 85), argb(0, 0, 0)]);
    }

    /// Truncated data, a broken vertical replication, too many planes, too large a size.
    fn bad_files_get_reasons() {
        let pens = writers::pens(64, 20, 2, 5);
        let file = writers::gem_img(64, 20, 1, &pens, None, 2);
        let e = decode(&file[..file.len() - 3]).unwrap_err();
        assert_eq!((e.kind, e.code()), (ErrorKind::Truncated, 22));
        let mut header = file[..16].to_vec();
        header.extend_from_slice(&[0, 0, 0x12, 1]);
        assert_eq!(decode(&header).unwrap_err().detail, "a vertical replication lacks its FF");
        let mut deep = file.clone();
        deep[5] = 16;
        assert_eq!(decode(&deep).unwrap_err().kind, ErrorKind::Unsupported);
        let mut big = file.clone();
        big[12..16].copy_from_slice(&[0x75, 0x30, 0x75, 0x30]);
        assert_eq!(decode(&big).unwrap_err().kind, ErrorKind::TooLarge);
        let mut cmy = writers::gem_img(16, 4, 1, &[0; 64], Some(&[[0, 0, 0], [1000, 1000, 1000]]), 2);
        cmy[21] = 1;
        assert_eq!(decode(&cmy).unwrap_err().detail, "XIMG colours are not RGB");
    }
}
