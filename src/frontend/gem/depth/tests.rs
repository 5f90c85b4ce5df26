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
        let mut surface = Planar::alloc(64, 8).unwrap();
        let mut seed = 0x1234_5678u32;
        for (i, w) in surface.words_mut().iter_mut().enumerate() {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            // Some groups plain (pen 0, or another pen: plane words all ones or zeros),
            // some busy.
            *w = match i % 40 {
                0..8 => 0,
                8..16 => 0u16.wrapping_sub((seed >> 20) as u16 & 1),
                _ => (seed >> 16) as u16,
            };
        }
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
}
