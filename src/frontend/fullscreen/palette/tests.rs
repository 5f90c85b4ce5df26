//! Pens as VIDEL colours (host and 68030).

use super::*;

crate::test_cases! {
    fn colours_keep_their_top_six_bits() {
        let c = to_videl(Colour::rgb(0xC3, 0x99, 0x01));
        assert_eq!(c.to_register(), 0xC098_0000);
        assert_eq!(c.to_xbios(), 0x00C3_9901);
    }

    fn a_range_of_pens_is_converted() {
        let mut p = Palette::new();
        p.set(16, Colour::rgb(0xC0, 0xC0, 0xC0));
        p.set(17, Colour::WHITE);
        let mut out = [Rgb::default(); 256];
        let r = videl_range(&p, 16, 18, &mut out);
        assert_eq!(r, &[Rgb::new(0xC0, 0xC0, 0xC0), Rgb::new(0xFF, 0xFF, 0xFF), Rgb::new(0, 0, 0)]);
        let all = videl_range(&p, 0, 255, &mut out);
        assert_eq!(all.len(), 256);
        assert_eq!(all[17], Rgb::new(0xFF, 0xFF, 0xFF));
    }
}
