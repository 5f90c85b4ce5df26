use alloc::vec::Vec;

use super::*;

crate::test_cases! {
    fn the_hexagon_is_centred_symmetric_and_widest_in_its_middle() {
        for area in [Rect::new(0, 400, 72, 72), Rect::new(10, 20, 48, 40), Rect::new(5, 5, 200, 30)] {
            let rows: Vec<Rect> = hexagon_rows(area).collect();
            let h = rows.len();
            assert!(h >= 20, "{area:?}: {h} rows");
            // Inside the area, with a margin.
            for r in &rows {
                assert!(r.h == 1 && r.w > 0, "{r:?}");
                assert!(r.x > area.x && r.x + r.w < area.x + area.w, "{r:?} in {area:?}");
                assert!(r.y > area.y && r.y < area.y + area.h - 1, "{r:?} in {area:?}");
            }
            // One row under the other; each row centred (within a pixel) and mirrored by the
            // row as far from the bottom.
            let w = rows.iter().map(|r| r.w).max().unwrap();
            let centre = 2 * rows[h / 2].x + rows[h / 2].w;
            for (k, r) in rows.iter().enumerate() {
                assert_eq!(r.y, rows[0].y + k as i16);
                assert!((2 * r.x + r.w - centre).abs() <= 1, "row {k} {r:?} off centre");
                assert_eq!(r.w, rows[h - 1 - k].w, "row {k} and its mirror");
            }
            // Widening to the middle row, whose width is 8/7 of the height; the flat top about
            // half as wide (the rows are a pixel high, the insets rounded down).
            for k in 1..=h / 2 {
                assert!(rows[k].w >= rows[k - 1].w, "row {k}");
            }
            assert_eq!(i32::from(w), h as i32 * 8 / 7);
            assert!((i32::from(rows[0].w) - i32::from(w) / 2).abs() <= 3, "top {} of {w}", rows[0].w);
        }
        // An area too small for anything: no rows, no panic.
        assert_eq!(hexagon_rows(Rect::new(0, 0, 1, 1)).count(), 0);
        assert_eq!(hexagon_rows(Rect::new(0, 0, 0, 0)).count(), 0);
    }
}
