//! Polygons filled through a canvas.

use alloc::vec::Vec;

use crate::gfx::Drawing;
use crate::gfx::test_screen::TestScreen;

fn count(s: &TestScreen, pen: u8) -> usize {
    s.to_indexed().iter().filter(|&&p| p == pen).count()
}

crate::test_cases! {
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
}
