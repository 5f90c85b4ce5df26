use alloc::vec;
use alloc::vec::Vec;

use super::*;
use crate::picture::{Pixels, argb};

fn image(width: u32, height: u32, pixels: Vec<u32>, pixel_aspect: (u16, u16)) -> Image {
    Image { width, height, pixels: Pixels::Argb(pixels), pixel_aspect }
}

crate::test_cases! {
    /// The largest centred square as the picture appears: a low-resolution screen gives
    /// 200×200 from its middle, a medium-resolution one (pixels twice as tall) 400×200, a
    /// tall picture its middle rows; absurd aspects count as square pixels.
    fn square_crops_follow_the_pixel_shape() {
        let crop = |w, h, aspect| square_crop(&image(w, h, vec![0; (w * h) as usize], aspect));
        assert_eq!(crop(320, 200, (1, 1)), Crop { x: 60, y: 0, w: 200, h: 200 });
        assert_eq!(crop(640, 200, (1, 2)), Crop { x: 120, y: 0, w: 400, h: 200 });
        assert_eq!(crop(30, 50, (1, 1)), Crop { x: 0, y: 10, w: 30, h: 30 });
        assert_eq!(crop(640, 200, (1, 9)), Crop { x: 220, y: 0, w: 200, h: 200 });
        assert_eq!(crop(1, 1, (1, 1)), Crop { x: 0, y: 0, w: 1, h: 1 });
    }

    /// Reduction by an area filter: four areas of one colour each stay exact; a pixel
    /// between two colours takes the average of the area it covers.
    fn reduction_averages_areas() {
        let (red, blue, green, white) = (argb(255, 0, 0), argb(0, 0, 255), argb(0, 255, 0), argb(255, 255, 255));
        let px: Vec<u32> = (0..36)
            .map(|i| match (i % 6 < 3, i / 6 < 3) {
                (true, true) => red,
                (false, true) => blue,
                (true, false) => green,
                (false, false) => white,
            })
            .collect();
        let img = image(6, 6, px, (1, 1));
        let out = scale(&img, square_crop(&img), 2, 0).unwrap();
        assert_eq!(out, [0xFF0000, 0x0000FF, 0x00FF00, 0xFFFFFF]);
        // Black and white stripes a pixel wide to one pixel: grey.
        let stripes = image(2, 1, vec![argb(0, 0, 0), argb(255, 255, 255)], (1, 1));
        let grey = scale(&stripes, Crop { x: 0, y: 0, w: 2, h: 1 }, 1, 0).unwrap()[0];
        for s in [0, 8, 16] {
            assert!((127..=128).contains(&(grey >> s & 255)), "{:06x}", grey);
        }
    }

    /// Enlargement repeats pixels where an output pixel lies inside one source pixel, and a
    /// transparent pixel shows the background.
    fn enlargement_and_transparency() {
        let img = image(2, 2, vec![argb(10, 20, 30), 0x0000_00FF, argb(1, 2, 3), argb(200, 100, 50)], (1, 1));
        let out = scale(&img, square_crop(&img), 4, 0x00_8040).unwrap();
        assert_eq!(out.len(), 16);
        assert_eq!(out[0], 0x0A141E);
        assert_eq!(out[3], 0x008040);
        assert_eq!(out[12], 0x010203);
        assert_eq!(out[15], 0xC86432);
    }
}
