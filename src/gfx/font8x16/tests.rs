use alloc::vec::Vec;

use super::*;
use crate::gfx::{Planar, Rect, text};

/// Pixels `text::draw` must set for `s` at (x, y) and `scale`, computed one font pixel at a
/// time.
fn naive(w: i32, h: i32, x: i32, y: i32, scale: i32, s: &str, clip: Rect) -> Vec<bool> {
    let mut px = alloc::vec![false; (w * h) as usize];
    for (i, c) in s.chars().enumerate() {
        for (row, &bits) in glyph(c).iter().enumerate() {
            for col in 0..8 {
                if bits & (0x80 >> col) == 0 {
                    continue;
                }
                for dy in 0..scale {
                    for dx in 0..scale {
                        let (px_, py) = (x + (i as i32 * 8 + col) * scale + dx, y + row as i32 * scale + dy);
                        if clip.contains(px_, py) && (0..w).contains(&px_) && (0..h).contains(&py) {
                            px[(py * w + px_) as usize] = true;
                        }
                    }
                }
            }
        }
    }
    px
}

crate::test_cases! {
    fn every_latin1_character_has_its_own_glyph() {
        let mut seen: Vec<&[u8; 16]> = Vec::new();
        for c in (33u32..127).chain(161..256).filter_map(char::from_u32).chain(EXTRA_CHARS) {
            let g = glyph(c);
            assert!(g != &BOX, "{:?} has no glyph", c);
            assert!(g.iter().any(|&r| r != 0), "{:?} is blank", c);
            // U+00AD (soft hyphen) is drawn as the hyphen.
            if c != '\u{ad}' {
                assert!(!seen.contains(&g), "{:?} looks like another character", c);
                seen.push(g);
            }
        }
        assert_eq!(glyph('\u{ad}'), glyph('-'));
        assert_eq!(glyph('\u{3b1}'), &BOX);
    }

    fn accents_are_composed_above_their_letters() {
        // é is e with the acute above the x-height; É keeps E's full height under it.
        let (e, e_acute) = (glyph('e'), glyph('é'));
        assert_eq!(&e_acute[5..], &e[5..]);
        assert!(e_acute[3] != 0 && e_acute[4] != 0 && e[3] == 0);
        let (cap, cap_acute) = (glyph('E'), glyph('É'));
        assert_eq!(&cap_acute[2..], &cap[2..]);
        assert!(cap_acute[0] != 0 && cap[0] == 0);
        // ç and Ç: the cedilla below the baseline.
        assert_eq!(&glyph('ç')[..13], &glyph('c')[..13]);
        assert!(glyph('Ç')[13..].iter().all(|&r| r != 0));
        // î on a dotless i.
        assert_eq!(&glyph('î')[5..], &glyph('ı')[5..]);
        assert_eq!(glyph('ï')[3], 0, "the diaeresis sits on row 4 only");
    }

    fn text_lands_where_the_glyphs_say_at_any_position_and_scale() {
        let (w, h) = (96, 40);
        for (x, y, scale, s) in [(0, 0, 1, "Ça été «dur»"), (3, 5, 1, "àéîõü–€"), (-5, 2, 2, "Wq"), (21, -9, 3, "ß")] {
            for clip in [Rect::new(0, 0, w, h), Rect::new(9, 4, 50, 20)] {
                let mut p = Planar::alloc(w, h).unwrap();
                p.clear(0x33);
                text::draw(&FONT, &mut p, clip, x, y, scale, s, 0xC5);
                let want = naive(w, h, x, y, scale, s, clip);
                let got = p.to_indexed();
                for i in 0..(w * h) as usize {
                    assert_eq!(got[i], if want[i] { 0xC5 } else { 0x33 }, "{:?} at pixel {}", s, i);
                }
            }
        }
        assert_eq!(FONT.text_width("Ça", 2), 30);
    }
}
