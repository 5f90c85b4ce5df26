use falcon_host::{IndexedImage, Rgb};
use falcon_selftest::machine_test::pattern;

use falcon_host::reference;

use super::*;

/// Picture A or B as Hatari shows it: the pens, and each pen's colour with 6 bits per gun
/// widened to 8 bits the way Hatari does (the top two bits repeated at the bottom).
struct Picture {
    pens: Vec<u8>,
    palette: Vec<Rgb>,
}

impl Picture {
    fn new(b: bool) -> Picture {
        let widen = |c: u8| (c & 0xFC) | (c >> 6);
        let pens = (0..pattern::HEIGHT).flat_map(|y| (0..pattern::WIDTH).map(move |x| pattern::pen(b, x, y))).collect();
        let palette = (0..=255u8)
            .map(|p| {
                let c = pattern::colour(p);
                [widen(c.r), widen(c.g), widen(c.b)]
            })
            .collect();
        Picture { pens, palette }
    }

    fn image(&self) -> IndexedImage<'_> {
        IndexedImage { width: pattern::WIDTH, height: pattern::HEIGHT, pixels: &self.pens, palette: &self.palette }
    }
}

#[test]
fn reference_images_match_the_pattern() {
    // With UPDATE_REFERENCE=1 this writes them instead: look at both before committing.
    for b in [false, true] {
        reference::check(&reference_path(b), &Picture::new(b).image());
    }
}

#[test]
fn the_speaker_line_needs_bit_6_set_then_cleared_and_nothing_else() {
    assert!(check_speaker("machine-test speaker 00000007 00000047 00000007").is_ok());
    assert!(check_speaker("machine-test speaker 00000047 00000047 00000007").is_ok());
    // Bit 6 not set by -i off, not cleared by -i on, another bit changed, no line.
    assert!(check_speaker("machine-test speaker 00000007 00000007 00000007").is_err());
    assert!(check_speaker("machine-test speaker 00000007 00000047 00000047").is_err());
    assert!(check_speaker("machine-test speaker 00000007 000000c7 00000007").is_err());
    assert!(check_speaker("").is_err());
}
