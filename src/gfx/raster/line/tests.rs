//! Lines drawn through a canvas: both ends, straight lines, and every slope through clips of
//! every shape against the classic pixel loop.

use crate::gfx::test_screen::TestScreen;
use crate::gfx::{Drawing, Rect};

fn count(s: &TestScreen, pen: u8) -> usize {
    s.to_indexed().iter().filter(|&&p| p == pen).count()
}

crate::test_cases! {
    fn lines_hit_both_ends() {
        let mut s = TestScreen::new(32, 32);
        s.canvas().draw_line(2, 3, 20, 11, 1);
        assert_eq!(s.pixel(2, 3), 1);
        assert_eq!(s.pixel(20, 11), 1);
        assert_eq!(count(&s, 1), 19, "an x-major line has one pixel per column");
    }

    /// Horizontal and vertical lines, either way round and partly outside the clip: every
    /// pixel between the ends and nothing else.
    fn straight_lines_cover_exactly_their_pixels() {
        for (x0, y0, x1, y1) in [(20, 5, 3, 5), (3, 5, 20, 5), (7, 30, 7, -4), (7, -4, 7, 30), (9, 9, 9, 9), (-6, 2, 40, 2)] {
            let mut s = TestScreen::new(32, 32);
            s.canvas().draw_line(x0, y0, x1, y1, 1);
            for y in 0..32 {
                for x in 0..32 {
                    let on = (x0.min(x1)..=x0.max(x1)).contains(&x) && (y0.min(y1)..=y0.max(y1)).contains(&y);
                    assert_eq!(s.pixel(x, y) == 1, on, "{:?} at {},{}", (x0, y0, x1, y1), x, y);
                }
            }
        }
    }

    /// Lines in every direction and slope, with ends on and off the surface, through clips
    /// of every shape: the pixels drawn are exactly those of the classic one-pixel-at-a-time
    /// Bresenham loop that fall inside the clip.
    fn lines_match_the_pixel_loop() {
        let mut seed = 12345u32;
        let mut next = |n: i32| {
            seed = seed.wrapping_mul(1103515245).wrapping_add(12345);
            ((seed >> 8) % n as u32) as i32
        };
        // Ends beyond ±8192 take the 64-bit walk instead of the blitter's set-up.
        let far = [(-9000, 5, 60, 30), (20, -12000, 30, 9000), (9000, 9001, 0, 0), (-8192, 8191, 47, -3)];
        for case in 0..400 + far.len() {
            let spread = if case % 4 == 0 { 200 } else { 60 };
            let (x0, y0, x1, y1) = if case < 400 {
                (next(spread) - 20, next(spread) - 20, next(spread) - 20, next(spread) - 20)
            } else {
                far[case - 400]
            };
            let clip = match case % 3 {
                0 => Rect::new(0, 0, 48, 40),
                1 => Rect::new(next(48), next(40), next(30) + 1, next(30) + 1),
                _ => Rect::new(next(48), next(40), next(4) + 1, next(40) + 1),
            };
            let mut got = TestScreen::new(48, 40);
            let mut c = got.canvas();
            c.clip(clip.x, clip.y, clip.w, clip.h);
            c.draw_line(x0, y0, x1, y1, 1);
            let mut want = TestScreen::new(48, 40);
            let mut c = want.canvas();
            c.clip(clip.x, clip.y, clip.w, clip.h);
            let (dx, dy) = ((x1 - x0).abs(), -(y1 - y0).abs());
            let (sx, sy) = (if x0 < x1 { 1 } else { -1 }, if y0 < y1 { 1 } else { -1 });
            let (mut x, mut y, mut err) = (x0, y0, dx + dy);
            loop {
                c.draw_rect(x, y, 1, 1, 1);
                if x == x1 && y == y1 {
                    break;
                }
                let e2 = 2 * err;
                if e2 >= dy {
                    err += dy;
                    x += sx;
                }
                if e2 <= dx {
                    err += dx;
                    y += sy;
                }
            }
            assert!(got.to_indexed() == want.to_indexed(), "line {:?} clip {:?}", (x0, y0, x1, y1), clip);
        }
        // Ends far outside the surface: only the part inside is walked.
        let mut s = TestScreen::new(48, 40);
        s.canvas().draw_line(-2_000_000_000, -1_000_000_000, 2_000_000_000, 1_000_000_000, 1);
        assert_eq!((s.pixel(0, 0), s.pixel(1, 1), s.pixel(47, 24), count(&s, 1)), (1, 1, 1, 48), "y = floor(x/2 + 1/2)");
    }
}
