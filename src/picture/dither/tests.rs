use alloc::vec;

use super::*;

crate::test_cases! {
    /// Colours of the palette stay themselves: no error to carry.
    fn palette_colours_are_exact() {
        let pixels: alloc::vec::Vec<u32> = (0..16 * 8).map(|i| VDI16[i % 16]).collect();
        let pens = floyd_steinberg(&pixels, 16, &VDI16).unwrap();
        assert!(pens.iter().enumerate().all(|(i, &p)| p as usize == i % 16));
    }

    /// Mid grey between black and white comes out as about half of each, spread evenly.
    fn grey_becomes_a_pattern_of_half_each() {
        let pixels = vec![0x808080u32; 32 * 32];
        let pens = floyd_steinberg(&pixels, 32, &[0x000000, 0xFFFFFF]).unwrap();
        let white = pens.iter().filter(|&&p| p == 1).count();
        assert!((480..=544).contains(&white), "{} white of 1024", white);
        // No run of more than 3 equal pens on a line.
        for line in pens.chunks(32) {
            assert!(line.windows(4).all(|w| w.iter().any(|&p| p != w[0])));
        }
    }
}
