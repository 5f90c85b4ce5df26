use super::*;

/// The 16-colour desktop of TOS: white, black, red, green (pixel values by the pen table).
fn desktop() -> Vec<(u8, [i16; 3])> {
    alloc::vec![
        (pixel_of_vdi_pen(0, 4), [1000, 1000, 1000]),
        (pixel_of_vdi_pen(1, 4), [0, 0, 0]),
        (pixel_of_vdi_pen(2, 4), [1000, 0, 0]),
        (pixel_of_vdi_pen(3, 4), [0, 1000, 0]),
    ]
}

/// A 64×8 surface of plane words drawn at random from `seed`: some groups plain (pen 0, or
/// another pen: plane words all ones or zeros), some busy (many pens).
fn busy_surface(mut seed: u32) -> Planar<Vec<u16>> {
    let mut surface = Planar::alloc(64, 8).unwrap();
    for (i, w) in surface.words_mut().iter_mut().enumerate() {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        *w = match i % 40 {
            0..8 => 0,
            8..16 => 0u16.wrapping_sub((seed >> 20) as u16 & 1),
            _ => (seed >> 16) as u16,
        };
    }
    surface
}

crate::test_cases! {
    fn vdi_pens_are_not_pixel_values() {
        assert_eq!(pixel_of_vdi_pen(0, 4), 0);
        assert_eq!(pixel_of_vdi_pen(1, 4), 15);
        assert_eq!(pixel_of_vdi_pen(2, 4), 1);
        assert_eq!(pixel_of_vdi_pen(1, 2), 3);
        assert_eq!(pixel_of_vdi_pen(1, 1), 1);
    }

    fn each_pen_takes_the_nearest_desktop_colour() {
        let mut palette = Palette::new();
        palette.set(16, Colour::rgb(0xf0, 0x10, 0x20));
        palette.set(17, Colour::rgb(0xc0, 0xc0, 0xc0));
        palette.set(18, Colour::rgb(0x20, 0x20, 0x20));
        palette.set(19, Colour::rgb(0x10, 0xe0, 0x30));
        let mut map = PenMap::new(desktop());
        map.update(&palette, 16, 19);
        assert_eq!([map.pixel(16), map.pixel(17), map.pixel(18), map.pixel(19)], [1, 0, 15, 2]);
    }

    fn groups_are_whole_and_inside_the_surface() {
        assert_eq!(group_aligned(Rect { x: 5, y: -3, w: 20, h: 10 }, 64, 32), Rect { x: 0, y: 0, w: 32, h: 7 });
        assert_eq!(group_aligned(Rect { x: 60, y: 30, w: 20, h: 10 }, 64, 32), Rect { x: 48, y: 30, w: 16, h: 2 });
    }

    fn a_rectangle_becomes_four_planes() {
        let mut surface = Planar::alloc(32, 2).unwrap();
        surface.plot(0, 0, 16);
        surface.plot(17, 1, 18);
        let mut palette = Palette::new();
        palette.set(16, Colour::rgb(0xff, 0, 0));
        palette.set(18, Colour::rgb(0, 0xff, 0));
        let mut map = PenMap::new(desktop());
        map.update(&palette, 0, 255);
        // Pen 0 is black in a fresh palette: pixel 15, all four planes set.
        let mut out = alloc::vec![0u16; 2 * 2 * 4];
        convert(&surface, Rect { x: 0, y: 0, w: 32, h: 2 }, &map, 4, &mut out);
        // Line 0, group 0: pixel 0 is red (1: plane 0 only), the other 15 black (15).
        assert_eq!(&out[0..4], &[0xffff, 0x7fff, 0x7fff, 0x7fff]);
        // Line 1, group 1: pixel 1 is green (2: plane 1 only).
        assert_eq!(&out[12..16], &[0xbfff, 0xffff, 0xbfff, 0xbfff]);
        // Only the rectangle asked for is written.
        let mut part = alloc::vec![0x1234u16; 16];
        convert(&surface, Rect { x: 20, y: 1, w: 4, h: 1 }, &map, 4, &mut part);
        assert_eq!(&part[0..12], &[0x1234; 12]);
        assert_eq!(&part[12..16], &out[12..16]);
    }

    fn every_pixel_of_a_busy_surface_takes_its_pens_pixel_value() {
        // Plane words drawn at random (many pens in each group), a map over 16 colours of
        // every shade: each output bit as the pixel-by-pixel rule says.
        let surface = busy_surface(0x1234_5678);
        let shades: Vec<(u8, [i16; 3])> = (0..16u8).map(|p| (p, [p as i16 * 66, (15 - p as i16) * 66, (p as i16 * 7 % 16) * 66])).collect();
        let mut palette = Palette::new();
        for pen in 0..=255u8 {
            palette.set(pen, Colour::rgb(pen, pen.wrapping_mul(37), pen.wrapping_mul(101)));
        }
        let mut map = PenMap::new(shades);
        map.update(&palette, 0, 255);
        for planes in [1usize, 2, 4] {
            let mut out = alloc::vec![0u16; 4 * 8 * planes];
            convert(&surface, Rect { x: 0, y: 0, w: 64, h: 8 }, &map, planes, &mut out);
            let words = surface.words();
            for group in 0..32 {
                let src = &words[group * 8..group * 8 + 8];
                for bit in 0..16 {
                    let mask = 0x8000u16 >> bit;
                    let pen = (0..8).fold(0u8, |v, p| if src[p] & mask != 0 { v | 1 << p } else { v });
                    let pixel = map.pixel(pen);
                    for p in 0..planes {
                        let want = pixel & (1 << p) != 0;
                        assert_eq!(out[group * planes + p] & mask != 0, want, "group {group} pixel {bit} plane {p} of {planes}");
                    }
                }
            }
        }
    }

    fn monochrome_pens_are_a_share_of_dark_pixels_by_their_lightness() {
        let mut palette = Palette::new();
        palette.set(16, Colour::WHITE);
        palette.set(17, Colour::BLACK);
        palette.set(18, Colour::rgb(0x80, 0x80, 0x80));
        palette.set(19, Colour::rgb(0xc0, 0xc0, 0xc0));
        palette.set(20, Colour::rgb(0xff, 0, 0));
        palette.set(21, Colour::rgb(0x73, 0x73, 0x73));
        // White is pixel 0, black pixel 1 (TOS's monochrome desktop).
        let mut map = PenMap::new(alloc::vec![(0, [1000, 1000, 1000]), (1, [0, 0, 0])]);
        map.update(&palette, 16, 21);
        let mono = map.mono().expect("two colours: dithered");
        let shares: Vec<u8> = (16..=21).map(|p| mono.dark_pixels(p)).collect();
        // White from 700 thousandths of lightness, black from 200, in 16 steps between:
        // grey 0x80 (501 thousandths) 6 of 16; 0xc0 (752) white; red (299) 13; 0x73 (450) 8.
        assert_eq!(shares, [0, 16, 6, 0, 13, 8]);
        // Each line's word repeats every 4 pixels; the 4 lines of a block hold the share.
        for pen in 16..=21u8 {
            let words: Vec<u16> = (0..4).map(|y| mono.word(pen, y)).collect();
            for &w in &words {
                assert_eq!(w >> 12, w & 0xf, "pen {pen}: {w:#06x}");
            }
            let dark: u32 = words.iter().map(|w| (w & 0xf).count_ones()).sum();
            assert_eq!(dark, mono.dark_pixels(pen) as u32, "pen {pen}");
            assert_eq!(mono.word(pen, 5), words[1], "line 5 is line 1's pattern");
        }
        // Half dark: a checkerboard.
        assert_eq!((mono.word(21, 0), mono.word(21, 1)), (0xaaaa, 0x5555));
        // Each share darkens the pixels of the one before (greys stay ordered).
        palette.set(22, Colour::rgb(0xa0, 0xa0, 0xa0));
        map.update(&palette, 22, 22);
        let mono = map.mono().unwrap();
        assert_eq!(mono.dark_pixels(22), 2);
        for y in 0..4 {
            assert_eq!(mono.word(21, y) & !mono.word(20, y), 0, "line {y}");
            assert_eq!(mono.word(18, y) & !mono.word(21, y), 0, "line {y}");
            assert_eq!(mono.word(22, y) & !mono.word(18, y), 0, "line {y}");
            assert_eq!(mono.word(19, y) & !mono.word(22, y), 0, "line {y}");
        }
        // A desktop whose pixel 0 is the dark one: the same pixels, the bits inverted.
        let mut inverted = PenMap::new(alloc::vec![(0, [0, 0, 0]), (1, [1000, 1000, 1000])]);
        inverted.update(&palette, 16, 21);
        for pen in 16..=21u8 {
            assert_eq!(inverted.mono().unwrap().word(pen, 2), !mono.word(pen, 2), "pen {pen}");
        }
        // More colours than two: nearest colours, no patterns.
        assert!(PenMap::new(desktop()).mono().is_none());
    }

    fn a_monochrome_surface_is_dithered_pixel_by_pixel() {
        // Random plane words (many pens in each group) and plain groups, a palette of every
        // shade: each output bit is its pen's pattern at its place.
        let surface = busy_surface(0x0bad_cafe);
        let mut palette = Palette::new();
        for pen in 0..=255u8 {
            palette.set(pen, Colour::rgb(pen, pen.wrapping_mul(37), pen.wrapping_mul(101)));
        }
        let mut map = PenMap::new(alloc::vec![(0, [1000, 1000, 1000]), (1, [0, 0, 0])]);
        map.update(&palette, 0, 255);
        let mut out = alloc::vec![0u16; 4 * 8];
        convert(&surface, Rect { x: 0, y: 0, w: 64, h: 8 }, &map, 1, &mut out);
        let words = surface.words();
        let mono = map.mono().unwrap();
        let mut dark = 0;
        for group in 0..32 {
            let (y, x0) = (group / 4, group % 4 * 16);
            let src = &words[group * 8..group * 8 + 8];
            for bit in 0..16 {
                let mask = 0x8000u16 >> bit;
                let pen = (0..8).fold(0u8, |v, p| if src[p] & mask != 0 { v | 1 << p } else { v });
                let want = BAYER[y % 4][(x0 + bit) % 4] < mono.dark_pixels(pen);
                assert_eq!(out[group] & mask != 0, want, "line {y} pixel {}", x0 + bit);
                dark += want as u32;
            }
        }
        assert!(dark > 64 && dark < 512 - 64, "a mix of dark and light: {dark}");
    }
}
