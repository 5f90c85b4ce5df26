use alloc::vec::Vec;

use super::*;

/// A 21×5 sprite: pen `(x + 3y) % 7 * 29 + 1` with a transparent diagonal band.
fn sample() -> (Vec<u8>, Sprite) {
    let (w, h) = (21i32, 5i32);
    let pens: Vec<u8> = (0..w * h)
        .map(|i| if (i % w - i / w).rem_euclid(6) < 2 { 0 } else { ((i % w + 3 * (i / w)) % 7 * 29 + 1) as u8 })
        .collect();
    let s = Sprite::from_pens(w, h, &pens, 0);
    (pens, s)
}

crate::test_cases! {
    fn sprites_draw_their_opaque_pixels_at_every_position() {
        let (pens, sprite) = sample();
        for (x, y) in [(0, 0), (5, 1), (15, 0), (16, 2), (17, 3), (-7, -2), (27, 1), (40, 4), (-20, 0), (47, 0)] {
            for clip in [Rect::new(0, 0, 48, 6), Rect::new(3, 1, 30, 4)] {
                let mut s = Planar::alloc(48, 6).unwrap();
                s.clear(0x5a);
                s.draw_sprite(&sprite, x, y, clip);
                let got = s.to_indexed();
                for py in 0..6 {
                    for px in 0..48 {
                        let (sx, sy) = (px - x, py - y);
                        let inside = (0..21).contains(&sx) && (0..5).contains(&sy) && clip.contains(px, py);
                        let pen = if inside { pens[(sy * 21 + sx) as usize] } else { 0 };
                        let want = if pen != 0 { pen } else { 0x5a };
                        assert_eq!(got[(py * 48 + px) as usize], want, "sprite at {},{} pixel {},{}", x, y, px, py);
                    }
                }
            }
        }
    }

    fn capture_keeps_what_was_drawn() {
        let mut s = Planar::alloc(32, 8).unwrap();
        s.fill_rect(Rect::new(4, 2, 9, 3), 7);
        s.plot(5, 3, 200);
        // Captured from (3,1): pen 0 is transparent, the part off the surface too.
        let sprite = Sprite::capture(&s, Rect::new(3, 1, 12, 40), 0);
        assert_eq!((sprite.width(), sprite.height()), (12, 40));
        let mut d = Planar::alloc(32, 8).unwrap();
        d.clear(1);
        d.draw_sprite(&sprite, 20, 0, d.bounds());
        assert_eq!(d.pixel(21, 1), 7);
        assert_eq!(d.pixel(22, 2), 200);
        assert_eq!(d.pixel(20, 1), 1, "transparent");
        assert_eq!(d.pixel(29, 1), 7);
        assert_eq!(d.pixel(30, 1), 1, "past the rectangle");
        // An empty sprite draws nothing.
        let empty = Sprite::from_pens(-3, 4, &[], 0);
        d.draw_sprite(&empty, 0, 0, d.bounds());
        assert!(d.to_indexed().iter().filter(|&&p| p == 1).count() == 32 * 8 - 27);
    }
}
