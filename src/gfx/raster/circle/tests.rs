//! Circles drawn through a canvas: symmetry, and both paths (masks, spans) against the
//! classic loops.

use alloc::vec;

use super::*;
use crate::gfx::Drawing;
use crate::gfx::test_screen::TestScreen;

crate::test_cases! {
    fn circle_is_symmetric() {
        let mut s = TestScreen::new(48, 48);
        s.canvas().draw_circle(20, 20, 8, Some(2), 3);
        assert_eq!(s.pixel(20, 20), 2);
        assert_eq!(s.pixel(28, 20), 3);
        assert_eq!(s.pixel(12, 20), 3);
        assert_eq!(s.pixel(20, 12), 3);
        assert_eq!(s.pixel(29, 20), 0);
        let px = s.to_indexed();
        for y in 0..48usize {
            for x in 0..=40usize {
                assert_eq!(px[y * 48 + x] != 0, px[y * 48 + 40 - x] != 0, "mirror at {},{}", x, y);
            }
        }
    }

    /// Circles drawn row by row (radius up to `SMALL_CIRCLE`) and pixel by pixel (bigger)
    /// give the pixels of the classic loops: the fill's spans of half width
    /// ⌊√(r² + r − dy²)⌋, then the midpoint outline plotted pixel by pixel in all eight
    /// octants, through clips of several shapes. The loops are written out here, not shared
    /// with `circle.rs` (`midpoint_octant`), so that a fault there shows.
    fn circles_match_the_pixel_loop() {
        const W: i32 = 96;
        let classic = |clip: Rect, cx: i32, cy: i32, r: i32| {
            let mut px = vec![0u8; (W * W) as usize];
            let mut set = |x: i32, y: i32, p: u8| {
                if clip.contains(x, y) {
                    px[(y * W + x) as usize] = p;
                }
            };
            let rr = r * r + r;
            for dy in -r..=r {
                let hw = isqrt((rr - dy * dy) as u32) as i32;
                for x in cx - hw..=cx + hw {
                    set(x, cy + dy, 2);
                }
            }
            let (mut x, mut y, mut err) = (r, 0i32, 1 - r);
            while x >= y {
                for (px, py) in [(x, y), (y, x), (-y, x), (-x, y), (-x, -y), (-y, -x), (y, -x), (x, -y)] {
                    set(cx + px, cy + py, 3);
                }
                y += 1;
                if err < 0 {
                    err += 2 * y + 1;
                } else {
                    x -= 1;
                    err += 2 * (y - x) + 1;
                }
            }
            px
        };
        let radii = (0..=40).chain([62, 63, 64, 65, 90]);
        let clips = [Rect::new(0, 0, W, W), Rect::new(30, 41, 17, 9), Rect::new(47, 0, 3, W)];
        let places = |r: i32| (0..clips.len()).map(move |k| (48 - (k as i32) * 7 + r % 3, 45 + (r % 5), k));
        // Small circles also at every place within a group, and over the surface's edges.
        let small = (0..=9i32).flat_map(|r| (0..18i32).map(move |i| (r, i * 5 + r, i * 7 % W)));
        let small = small.chain([(6, -3, 40), (6, W - 2, 40), (7, 1, 1), (7, W - 1, W - 1), (3, 40, -2)]);
        for (r, cx, cy) in small {
            let mut s = TestScreen::new(W, W);
            s.canvas().draw_circle(cx, cy, r, Some(2), 3);
            assert!(s.to_indexed() == classic(clips[0], cx, cy, r), "radius {r} at ({cx},{cy})");
        }
        for r in radii {
            for (cx, cy, k) in places(r) {
                let clip = &clips[k];
                let mut s = TestScreen::new(W, W);
                let mut c = s.canvas();
                c.clip(clip.x, clip.y, clip.w, clip.h);
                c.draw_circle(cx, cy, r, Some(2), 3);
                assert!(s.to_indexed() == classic(*clip, cx, cy, r), "radius {r}, clip {clip:?}");
            }
        }
    }
}
