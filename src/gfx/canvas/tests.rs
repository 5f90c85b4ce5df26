use alloc::vec;
use alloc::vec::Vec;

use super::*;
use crate::gfx::test_screen::TestScreen;

fn count(s: &TestScreen, pen: u8) -> usize {
    s.to_indexed().iter().filter(|&&p| p == pen).count()
}

crate::test_cases! {
    fn rectangles_are_clipped_to_the_clip_and_the_area() {
        let mut s = TestScreen::new(64, 8);
        s.canvas().draw_rect(5, 0, 40, 1, 3);
        for x in 0..64 {
            assert_eq!(s.pixel(x, 0), if (5..45).contains(&x) { 3 } else { 0 }, "x={}", x);
        }
        let mut c = s.canvas();
        c.clip(10, 1, 5, 2);
        c.draw_rect(0, 0, 64, 4, 7);
        c.unclip();
        assert_eq!(count(&s, 7), 10);
        assert_eq!(s.pixel(10, 1), 7);
        assert_eq!(s.pixel(15, 1), 0);
        // The area is the outermost clip: nothing lands outside it, even after unclip.
        s.place(Rect::new(16, 2, 8, 3));
        let mut c = s.canvas();
        c.clip(-100, -100, 1000, 1000);
        c.draw_rect(-5, -5, 100, 100, 9);
        c.unclip();
        c.draw_line(-10, 1, 100, 1, 9);
        assert_eq!(count(&s, 9), 8 * 3);
        assert_eq!(s.pixel(16, 2), 9);
        assert_eq!(s.pixel(23, 4), 9);
        assert_eq!(s.pixel(24, 4), 0);
    }

    fn the_area_translates_everything() {
        let mut s = TestScreen::new(32, 32);
        s.place(Rect::new(10, 5, 20, 20));
        let mut c = s.canvas();
        c.draw_rect(0, 0, 2, 2, 9);
        c.draw_update(0, 0, 2, 2);
        c.draw_update(18, 18, 10, 10);
        assert_eq!(s.pixel(10, 5), 9);
        assert_eq!(s.pixel(11, 6), 9);
        assert_eq!(s.pixel(9, 5), 0);
        let d = s.viewport.take_damage();
        assert_eq!(d.rects(), &[Rect::new(10, 5, 2, 2), Rect::new(28, 23, 2, 2)], "damage is clipped to the area");
        assert!(s.viewport.damage().is_empty());
    }

    fn pen_map_turns_colour_indices_into_pens() {
        let mut s = TestScreen::new(16, 1);
        s.viewport.set_pen_base(16);
        s.canvas().draw_rect(0, 0, 1, 1, 2);
        s.viewport.set_pen(3, 200);
        s.canvas().draw_rect(1, 0, 1, 1, 3);
        s.canvas().draw_rect(2, 0, 1, 1, 1000);
        assert_eq!((s.pixel(0, 0), s.pixel(1, 0), s.pixel(2, 0)), (18, 200, 255));
        assert_eq!(s.viewport.pen(240), 255, "clamped at the last pen");
    }

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

    fn polygon_fill_covers_interior_once() {
        let mut s = TestScreen::new(32, 32);
        s.canvas().draw_polygon(&[(2, 2), (12, 2), (12, 9), (2, 9)], Some(4), 5);
        // Interior 9x6 filled, border 11x8 outlined.
        assert_eq!(s.pixel(7, 5), 4);
        assert_eq!(s.pixel(2, 2), 5);
        assert_eq!(s.pixel(12, 9), 5);
        assert_eq!(s.pixel(13, 5), 0);
        assert_eq!((count(&s, 4), count(&s, 5)), (9 * 6, 2 * 11 + 2 * 6));
        // A triangle: every filled pixel lies inside the bounding box.
        let mut t = TestScreen::new(32, 32);
        t.canvas().draw_polygon(&[(0, 0), (20, 0), (0, 20)], Some(1), 1);
        assert_eq!(t.pixel(5, 5), 1);
        assert_eq!(t.pixel(15, 15), 0);
        // More points than the scratch space was made for.
        let many: Vec<(i32, i32)> = (0..100).map(|i| (16 + (i % 2) * 4, i * 30 / 100)).collect();
        t.canvas().draw_polygon(&many, Some(2), 2);
    }

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
    /// with the canvas (`midpoint_octant`), so that a fault there shows.
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

    fn isqrt_is_floor_sqrt() {
        for n in 0..2000u32 {
            let r = isqrt(n);
            assert!(r * r <= n && (r + 1) * (r + 1) > n, "{}", n);
        }
        assert_eq!(isqrt(u32::MAX), 65535);
        assert_eq!(isqrt(1 << 30), 1 << 15);
    }

    fn far_coordinates_do_not_overflow() {
        let mut s = TestScreen::new(32, 32);
        let mut c = s.canvas();
        c.draw_polygon(&[(-100000, -100000), (100000, -100000), (100000, 100000), (-100000, 100000)], Some(3), 3);
        assert!(s.to_indexed().iter().all(|&p| p == 3));
        let mut c = s.canvas();
        c.draw_thick_line(9, -50000, 16, 50000, 16, 4);
        assert_eq!(s.pixel(0, 16), 4);
        s.canvas().draw_circle(16, 16, 1_000_000, Some(5), 6);
        assert_eq!(s.pixel(16, 16), 5);
    }

    fn thick_line_has_width() {
        let mut s = TestScreen::new(48, 48);
        s.canvas().draw_thick_line(5, 5, 20, 40, 20, 6);
        for y in 18..=22 {
            assert_eq!(s.pixel(20, y), 6, "y={}", y);
        }
        assert_eq!(s.pixel(20, 24), 0);
    }

    fn text_is_aligned() {
        let mut s = TestScreen::new(64, 32);
        let mut c = s.canvas();
        // Under 16 pixels the 5x7 font, from 16 up the 8x16 font in whole multiples.
        assert_eq!(c.text_width(Font::Variable, 8, "12"), 11);
        assert_eq!(c.text_width(Font::Variable, 15, "12"), 11);
        assert_eq!(c.text_width(Font::Variable, 16, "12"), 15);
        assert_eq!(c.text_width(Font::Variable, 40, "12"), 30);
        c.draw_text(32, 16, Font::Variable, 16, HAlign::Centre, VAlign::Centre, 1, "1");
        // '1' of the 8x16 font: a 7-pixel cell centred on x = 32 (left 29), its capitals'
        // rows 3-12 centred on y = 16 (top 8); the glyph's pixels are columns 1-6, rows 3-12.
        let px = s.to_indexed();
        let xs: Vec<i32> = (0..64).filter(|&x| (0..32).any(|y| px[(y * 64 + x) as usize] == 1)).collect();
        let ys: Vec<i32> = (0..32).filter(|&y| (0..64).any(|x| px[(y * 64 + x) as usize] == 1)).collect();
        assert_eq!((xs[0], *xs.last().unwrap()), (30, 35));
        assert_eq!((ys[0], *ys.last().unwrap()), (11, 20));
        // The baseline on y: the bottom of a capital on the line above it.
        let mut b = TestScreen::new(32, 32);
        b.canvas().draw_text(0, 20, Font::Fixed, 16, HAlign::Left, VAlign::Normal, 2, "H");
        assert_eq!(b.pixel(0, 19), 2);
        assert_eq!(b.pixel(0, 20), 0);
        // Clipped text draws only inside the clip.
        let mut t = TestScreen::new(64, 16);
        let mut c = t.canvas();
        c.clip(0, 0, 9, 16);
        c.draw_text(0, 0, Font::Fixed, 8, HAlign::Left, VAlign::Normal, 1, "");
        c.draw_text(0, 10, Font::Fixed, 8, HAlign::Left, VAlign::Normal, 1, "MMM");
        assert!((0..16).all(|y| (9..64).all(|x| t.pixel(x, y) == 0)));
        assert!((0..16).any(|y| t.pixel(8, y) == 1), "the second M starts at x=6");
    }

    fn blitter_restores_background() {
        let mut s = TestScreen::new(32, 32);
        let mut c = s.canvas();
        c.draw_rect(0, 0, 32, 32, 1);
        c.draw_rect(4, 4, 4, 4, 2);
        let before = s.to_indexed();
        let mut c = s.canvas();
        let b = c.blitter_new(8, 8);
        c.blitter_save(b, 2, 2);
        c.draw_rect(2, 2, 8, 8, 9);
        c.blitter_load(b, 2, 2);
        assert_eq!(s.to_indexed(), before);
        // Off-surface parts are not restored (and do not panic); the rest is.
        let mut c = s.canvas();
        c.blitter_save(b, 28, 28);
        c.draw_rect(0, 0, 32, 32, 5);
        c.blitter_load(b, 28, 28);
        assert_eq!(s.pixel(28, 28), 1);
        assert_eq!(s.pixel(27, 28), 5);
        // Loading honours the clip.
        let mut c = s.canvas();
        c.clip(0, 0, 30, 30);
        c.blitter_load(b, 28, 28);
        c.unclip();
        c.blitter_free(b);
        c.blitter_load(b, 0, 0);
        let b2 = c.blitter_new(3, 3);
        assert_eq!(b2, b, "a freed slot is used again");
        assert_eq!(s.viewport.blitters_in_use(), 1);
    }

    /// A blitter keeps its pixels' place within their 16-pixel groups: loaded where it was
    /// saved it copies whole words, loaded anywhere else it shifts them; both give back the
    /// picture, through a clip too.
    fn blitters_give_their_picture_back_at_any_x() {
        let mut s = TestScreen::new(64, 24);
        let mut c = s.canvas();
        let colour = |x: i32, y: i32| ((x * 7 + y * 3) % 13 + 1) as usize;
        for y in 0..6 {
            for x in 0..64 {
                c.draw_rect(x, y, 1, 1, colour(x, y));
            }
        }
        for save_x in [0, 3, 16] {
            let mut c = s.canvas();
            let b = c.blitter_new(21, 5);
            c.blitter_save(b, save_x, 1);
            for load_x in 0..18 {
                let mut c = s.canvas();
                c.draw_rect(0, 8, 64, 16, 0);
                c.blitter_load(b, load_x, 10);
                for y in 0..5 {
                    for x in 0..21 {
                        assert_eq!(s.pixel(load_x + x, 10 + y), colour(save_x + x, 1 + y) as u8, "saved at {save_x}, loaded at {load_x}");
                    }
                }
                assert_eq!(s.pixel(load_x + 21, 10), 0, "nothing right of the blitter");
            }
            // Where it was saved, through a clip: only the clipped part comes back.
            let mut c = s.canvas();
            c.draw_rect(0, 0, 64, 8, 0);
            c.clip(save_x + 2, 2, 5, 2);
            c.blitter_load(b, save_x, 1);
            c.unclip();
            for y in 0..8 {
                for x in 0..64 {
                    let inside = (save_x + 2..save_x + 7).contains(&x) && (2..4).contains(&y);
                    assert_eq!(s.pixel(x, y), if inside { colour(x, y) as u8 } else { 0 }, "({x},{y}) after a clipped load");
                }
            }
            // Put the picture back for the next saving place.
            let mut c = s.canvas();
            for y in 0..6 {
                for x in 0..64 {
                    c.draw_rect(x, y, 1, 1, colour(x, y));
                }
            }
        }
    }

    fn status_text_is_kept_for_the_layout_owner() {
        let mut s = TestScreen::new(64, 16);
        s.set_status_bar(Rect::new(0, 8, 64, 8), 0, 3);
        s.canvas().status_bar("Hi");
        assert_eq!(s.status(), "Hi");
        assert!(s.to_indexed().iter().all(|&p| p == 0), "the canvas itself draws no status bar");
        s.show_status();
        assert!(s.to_indexed()[64 * 8..].contains(&3));
        assert!(s.to_indexed()[..64 * 8].iter().all(|&p| p == 0));
        s.canvas().status_bar("Hi");
        assert!(!s.viewport.take_status_changed(), "the same text again is no change");
    }
}
