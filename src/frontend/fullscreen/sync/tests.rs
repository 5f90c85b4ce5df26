//! Keeping the two buffers alike (host and 68030).

use alloc::vec;

use super::*;
use crate::gfx::Planar;

crate::test_cases! {
    fn a_damaged_rectangle_reaches_the_other_buffer_and_nothing_else_changes() {
        let (w, h) = (64, 8);
        let mut front = Planar::alloc(w, h).unwrap();
        // Both show pen 3 everywhere; then the front gets a rectangle of pen 200.
        front.clear(3);
        let mut back = front.words().to_vec();
        let r = Rect::new(20, 2, 13, 3);
        front.fill_rect(r, 200);
        copy_damage(&mut back, front.words(), w, h, r);
        assert_eq!(back, front.words());
        // A rectangle partly off the screen is clipped, not a panic.
        front.fill_rect(Rect::new(60, 6, 10, 10), 7);
        copy_damage(&mut back, front.words(), w, h, Rect::new(60, 6, 10, 10));
        assert_eq!(back, front.words());
        copy_damage(&mut back, front.words(), w, h, Rect::new(-40, -3, 5, 5));
        assert_eq!(back, front.words());
    }

    fn only_the_groups_of_the_rectangle_are_copied() {
        let (w, h) = (64, 4);
        let mut front = Planar::alloc(w, h).unwrap();
        front.clear(9);
        let mut back = vec![0u16; front.words().len()];
        copy_damage(&mut back, front.words(), w, h, Rect::new(17, 1, 2, 1));
        let back = Planar::new(&back[..], w, h).unwrap();
        for y in 0..h {
            for x in 0..w {
                let want = if y == 1 && (16..32).contains(&x) { 9 } else { 0 };
                assert_eq!(back.pixel(x, y), want, "({x},{y})");
            }
        }
    }
}
