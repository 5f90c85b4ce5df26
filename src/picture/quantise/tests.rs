use alloc::vec::Vec;

use super::*;

crate::test_cases! {
    /// A picture with no more colours than pens keeps every colour exactly.
    fn few_colours_are_kept() {
        let colours = [0x000000, 0xFFFFFF, 0xFF0000, 0x123456, 0x0080FF];
        let pixels: Vec<u32> = (0..200).map(|i| colours[i * 7 % 5]).collect();
        let q = median_cut(&pixels, 16).unwrap();
        assert_eq!(q.palette.len(), 5);
        for (i, &p) in pixels.iter().enumerate() {
            assert_eq!(q.palette[q.index[i] as usize], p, "pixel {}", i);
        }
    }

    /// Two clusters of colours into two pens: each pen is the mean of its cluster.
    fn clusters_become_their_means() {
        let pixels: Vec<u32> = (0..100u32).map(|i| if i % 2 == 0 { 0x100000 + (i % 4) * 0x10101 } else { 0xE0E0E0 }).collect();
        let q = median_cut(&pixels, 2).unwrap();
        assert_eq!(q.palette.len(), 2);
        let dark = q.palette[q.index[0] as usize];
        let light = q.palette[q.index[1] as usize];
        assert_eq!(light, 0xE0E0E0);
        // Half of the dark pixels are 0x100000, half 0x120202: the mean.
        assert_eq!(dark, 0x110101);
        assert!(q.index.iter().step_by(2).all(|&p| p == q.index[0]));
    }

    /// Many colours into 240 pens: every pen used, every pixel near its pen.
    fn many_colours_into_240_pens() {
        let pixels: Vec<u32> = (0..64 * 64u32).map(|i| (i % 64 * 4) << 16 | (i / 64 * 4) << 8 | ((i * 13) & 255)).collect();
        let q = median_cut(&pixels, 240).unwrap();
        assert_eq!(q.palette.len(), 240);
        let mut used = [false; 240];
        for (&p, &i) in pixels.iter().zip(&q.index) {
            used[i as usize] = true;
            let pen = q.palette[i as usize];
            for s in [0, 8, 16] {
                let d = (p >> s & 255).abs_diff(pen >> s & 255);
                assert!(d <= 96, "{:06x} as {:06x}", p, pen);
            }
        }
        assert!(used.iter().all(|&u| u));
        assert_eq!(median_cut(&[], 240).unwrap().palette.len(), 0);
    }
}
