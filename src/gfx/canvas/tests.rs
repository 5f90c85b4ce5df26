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
        let d = s.viewport.damage.take();
        assert_eq!(d.rects(), &[Rect::new(10, 5, 2, 2), Rect::new(28, 23, 2, 2)], "damage is clipped to the area");
        assert!(s.viewport.damage.is_empty());
    }

    fn pen_map_turns_colour_indices_into_pens() {
        let mut s = TestScreen::new(16, 1);
        s.viewport.pens.set_base(16);
        s.canvas().draw_rect(0, 0, 1, 1, 2);
        s.viewport.pens.set(3, 200);
        s.canvas().draw_rect(1, 0, 1, 1, 3);
        s.canvas().draw_rect(2, 0, 1, 1, 1000);
        assert_eq!((s.pixel(0, 0), s.pixel(1, 0), s.pixel(2, 0)), (18, 200, 255));
        assert_eq!(s.viewport.pens.pen(240), 255, "clamped at the last pen");
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
        assert_eq!(s.viewport.blitters.in_use(), 1);
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
        assert!(!s.viewport.status.take_changed(), "the same text again is no change");
    }
}
