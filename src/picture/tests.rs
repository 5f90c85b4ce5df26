use alloc::string::ToString;
use alloc::vec::Vec;

use super::*;
use crate::picture::writers::{self, Deflate, PngSpec, Rng, TgaSpec};

/// Mutated files per small file in [`mutated_files_are_decoded_or_refused_with_a_reason`]:
/// many on the host, a sample on the 68030, where decoding costs far more (a DEGAS screen
/// some ten million cycles).
const MUTATIONS: u32 = if cfg!(test) { 100_000 } else { 30 };
/// The same for the ST screens (PC1, PI3, NEO).
const SCREEN_MUTATIONS: u32 = if cfg!(test) { 5_000 } else { 1 };
/// Cut points tried per ST screen in [`every_truncation_is_refused_or_whole`] (the small
/// files are cut at every length).
const SCREEN_CUTS: usize = if cfg!(test) { 330 } else { 2 };
/// Whether a test decodes the ST screens (tens of millions of cycles each on the 68030,
/// where their own round trips decode them already) besides recognising them.
const DECODE_SCREENS: bool = cfg!(test);
/// Whether [`samples`] writes every ST screen format (on the host) or only the compressed
/// DEGAS one (on the 68030).
const WRITE_ALL_SCREENS: bool = cfg!(test);
/// The made-up photograph [`fast_fitting_equals_the_reference`] fits: 320×240 on the host,
/// smaller on the 68030, where the reference code is slow.
const PHOTO: (u32, u32) = if cfg!(test) { (320, 240) } else { (96, 72) };

use writers::ST_WORDS;

/// One small file of every format and variant family the decoders read.
fn samples() -> Vec<(&'static str, Vec<u8>)> {
    writers::samples(WRITE_ALL_SCREENS)
}

/// Decodes `file`; a picture must be whole (as many pixels as it claims), a refusal must say
/// what is wrong.
fn decoded_or_refused(name: &str, file: &[u8]) -> Result<(), PictureError> {
    match decode(file) {
        Ok(image) => {
            let n = (image.width * image.height) as usize;
            assert!(image.width >= 1 && image.height >= 1 && image.width <= MAX_SIDE && n <= MAX_PIXELS as usize);
            let len = match &image.pixels {
                Pixels::Indexed { index, .. } => index.len(),
                Pixels::Argb(p) => p.len(),
            };
            assert_eq!(len, n, "{}: pixels for the size", name);
            Ok(())
        }
        Err(e) => {
            assert!(!e.detail.is_empty(), "{}: a refusal without a reason", name);
            assert!(e.code() >= 10, "{}: {:?}", name, e);
            Err(e)
        }
    }
}

crate::test_cases! {
    /// Every writer's file is recognised by its content, whatever its name would be.
    fn files_are_recognised_by_content() {
        let want = [
            Format::Png,
            Format::Png,
            Format::Png,
            Format::GemImg,
            Format::GemImg,
            Format::Tga,
            Format::Tga,
            Format::Tga,
            Format::Degas { resolution: 0, compressed: true },
            Format::Degas { resolution: 2, compressed: false },
            Format::Neo,
        ];
        let files = samples();
        assert_eq!(files.len(), if WRITE_ALL_SCREENS { want.len() } else { want.len() - 2 });
        for ((name, file), want) in files.iter().zip(want) {
            assert_eq!(sniff(file), Some(want), "{}", name);
            if DECODE_SCREENS || file.len() < 4000 {
                assert!(decode(file).is_ok(), "{}", name);
            }
        }
    }

    /// Files that are no picture: empty, text, a few zeros, a lone PNG signature.
    fn other_files_are_not_pictures() {
        for file in [&b""[..], b"Hello, Falcon!\r\n", &[0u8; 7], &png::SIGNATURE[..7]] {
            assert_eq!(decode(file), Err(NOT_A_PICTURE));
        }
        assert_eq!(NOT_A_PICTURE.code(), 10);
        // The PNG signature alone is a PNG file that ends at once.
        assert_eq!(decode(&png::SIGNATURE).unwrap_err().kind, ErrorKind::Truncated);
    }

    /// The message names the problem, the format, the size for a picture too large, the code.
    fn messages_say_what_is_wrong() {
        let e = PictureError::too_large(Format::Degas { resolution: 0, compressed: false }, 30000, 30000);
        assert_eq!(
            e.to_string(),
            "Picture too large: DEGAS, 30000x30000 pixels, at most 4096 pixels a side and 1048576 pixels in all (error 43)"
        );
        let e = PictureError::truncated(Format::Png, "the image data ends in chunk IDAT");
        assert_eq!(e.to_string(), "Truncated file: PNG, the image data ends in chunk IDAT (error 21)");
        assert_eq!(check_size(Format::Tga, 4096, 256), Ok(()));
        assert_eq!(check_size(Format::Tga, 4096, 257).unwrap_err().kind, ErrorKind::TooLarge);
        assert_eq!(check_size(Format::Tga, 4097, 1).unwrap_err().kind, ErrorKind::TooLarge);
        assert_eq!(check_size(Format::Tga, 30000, 30000).unwrap_err().size, Some((30000, 30000)));
        assert_eq!(check_size(Format::Tga, 5, 0).unwrap_err().kind, ErrorKind::Corrupt);
    }

    /// Every file cut short anywhere is refused with a reason or, when only trailing bytes
    /// are missing that the picture does not need, decoded whole (never a panic or a hang).
    /// The small files at every length, the screens of the ST formats at [`SCREEN_CUTS`]
    /// points.
    fn every_truncation_is_refused_or_whole() {
        for (name, file) in samples() {
            let step = if file.len() > 4000 { file.len() / SCREEN_CUTS } else { 1 };
            let mut refused = 0;
            for cut in (0..file.len()).step_by(step) {
                if decoded_or_refused(name, &file[..cut]).is_err() {
                    refused += 1;
                }
            }
            assert!(refused * 2 > file.len() / step, "{}: most cuts must be refused", name);
        }
    }

    /// Mutated files (bytes changed, set to 0 or FF, runs overwritten, lengths cut; for PNG
    /// half of them with their chunk CRCs made right again, so the mutation reaches the
    /// decoder behind the checksums): every one decodes whole or is refused with a reason.
    fn mutated_files_are_decoded_or_refused_with_a_reason() {
        let mut rng = Rng(0x5EED_F030);
        for (name, file) in samples() {
            let per_format = if file.len() > 4000 { SCREEN_MUTATIONS } else { MUTATIONS };
            let mut refused = 0;
            for n in 0..per_format {
                let f = writers::mutate(&mut rng, &file, name.starts_with("png") && n % 2 == 0);
                if decoded_or_refused(name, &f).is_err() {
                    refused += 1;
                }
            }
            // Some mutations only change colours: in a large sample both outcomes occur.
            if per_format >= 1000 {
                assert!(refused > 0 && refused < per_format, "{}: {} of {} refused", name, refused, per_format);
            }
        }
    }

    /// A file claiming 30000×30000 pixels is refused before anything is allocated for it, in
    /// every format whose header carries a size.
    fn huge_sizes_are_refused_before_allocation() {
        let mut gem = writers::gem_img(16, 2, 1, &[0; 32], None, 2);
        gem[12..16].copy_from_slice(&[0x75, 0x30, 0x75, 0x30]);
        let plain = TgaSpec { kind: 2, depth: 24, map_bits: 0, rle: false, top_down: false, right_to_left: false, alpha_bits: 0 };
        let mut tga = writers::tga(&plain, 2, 2, &[0; 4], &[], 0);
        tga[12..16].copy_from_slice(&[0x30, 0x75, 0x30, 0x75]);
        let spec = PngSpec { width: 2, height: 2, colour: 2, depth: 8, interlaced: false, deflate: Deflate::Stored, idat_size: 99 };
        let mut png = writers::png(&spec, &[0; 12], None, None);
        png[16..24].copy_from_slice(&[0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30]);
        writers::png_fix_crcs(&mut png);
        for (file, format) in [(gem, Format::GemImg), (tga, Format::Tga), (png, Format::Png)] {
            let e = decode(&file).unwrap_err();
            assert_eq!((e.kind, e.format, e.size), (ErrorKind::TooLarge, Some(format), Some((30000, 30000))));
        }
    }

    /// A DEGAS PI1 screen decoded, its centred square scaled to 192 pixels and quantised to
    /// 240 pens, as Slide fits a loaded picture (on the 68030 this test's cycles are the figure
    /// for a low-resolution picture). The pens are on average within 6 of what the area filter
    /// made (per gun, of 255; 4 measured), no pixel further than 96 (84 measured: a rare
    /// mixture in a box of common ones).
    fn a_degas_screen_is_fitted_to_240_pens() {
        let pens = writers::pens(320, 200, 16, 21);
        let image = decode(&writers::degas(0, &ST_WORDS, &pens, false, false, false)).unwrap();
        let crop = fit::square_crop(&image);
        assert_eq!((crop.x, crop.w, crop.h), (60, 200, 200));
        let scaled = fit::scale(&image, crop, 192, 0).unwrap();
        let q = quantise::median_cut(&scaled, 240).unwrap();
        assert_eq!(q.index.len(), 192 * 192);
        assert!((16..=240).contains(&q.palette.len()), "{} pens", q.palette.len());
        let (mut total, mut worst) = (0u32, 0u32);
        for (&p, &i) in scaled.iter().zip(&q.index) {
            let pen = q.palette[i as usize];
            for s in [0, 8, 16] {
                let d = (p >> s & 255).abs_diff(pen >> s & 255);
                total += d;
                worst = worst.max(d);
            }
        }
        assert!(total / (3 * 192 * 192) <= 6 && worst <= 96, "mean {} worst {}", total / (3 * 192 * 192), worst);
    }

    /// The fast scaler, median cut and dithering give the same pixels and pens as the
    /// straightforward code they replaced ([`reference`]): a DEGAS screen (pens), a made-up
    /// photograph (thousands of colours), a small picture with transparency enlarged, a
    /// medium-resolution screen's shape, to several sides and numbers of pens.
    fn fast_fitting_equals_the_reference() {
        let photo = decode(&bench::photo_png(PHOTO.0, PHOTO.1)).unwrap();
        let degas = decode(&bench::degas_pi1()).unwrap();
        let small: Vec<u32> = (0..37 * 23u32).map(|i| i.wrapping_mul(0x9E37_79B9) >> 3 ^ (i % 5) << 24).collect();
        let small = Image { width: 37, height: 23, pixels: Pixels::Argb(small), pixel_aspect: (1, 1) };
        let mut medium = small.clone();
        medium.pixel_aspect = (1, 2);
        let mut cases: Vec<(&Image, u32, usize)> =
            alloc::vec![(&photo, 64, 240), (&photo, 7, 16), (&degas, 48, 240), (&small, 64, 240), (&small, 40, 2), (&medium, 31, 37)];
        if cfg!(test) {
            // Slide's side, from less than twice as large (two source pixels an output pixel).
            cases.extend([(&photo, 192, 240), (&degas, 192, 240), (&degas, 150, 100)]);
        }
        for (k, &(image, side, pens)) in cases.iter().enumerate() {
            let crop = fit::square_crop(image);
            let scaled = fit::scale(image, crop, side, 0x0012_3456).unwrap();
            assert_eq!(scaled, reference::fit::scale(image, crop, side, 0x0012_3456).unwrap(), "case {}: scaled", k);
            let q = quantise::median_cut(&scaled, pens).unwrap();
            let r = reference::quantise::median_cut(&scaled, pens).unwrap();
            assert_eq!((&q.palette, &q.index), (&r.palette, &r.index), "case {}: quantised", k);
            let d = dither::floyd_steinberg(&scaled, side as usize, &dither::VDI16).unwrap();
            assert_eq!(d, reference::dither::floyd_steinberg(&scaled, side as usize, &dither::VDI16).unwrap(), "case {}: dithered", k);
        }
    }

    /// The built-in pictures draw themselves with their own pens only, several of them, from
    /// the first pen given (the 68030's cycles: drawing all three at 192 pixels).
    fn builtin_pictures_draw_with_their_own_pens() {
        for picture in builtin::BUILTIN {
            let surface = builtin::render(picture, 192, 16);
            let mut used = [false; 256];
            for y in 0..192 {
                for x in 0..192 {
                    used[surface.pixel(x, y) as usize] = true;
                }
            }
            let range = 16..16 + picture.colours.len();
            assert!(used.iter().enumerate().all(|(pen, &u)| !u || range.contains(&pen)), "{}", picture.name);
            assert!(used.iter().filter(|&&u| u).count() >= 4, "{}", picture.name);
            assert_eq!(builtin::find(&picture.name.to_ascii_uppercase()).unwrap().name, picture.name);
        }
    }
}
