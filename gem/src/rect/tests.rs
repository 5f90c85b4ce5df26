use super::*;

crate::test_cases! {
    /// The VDI's corners are inclusive: a 10x5 rectangle at (3, 4) ends at pixel (12, 8).
    fn corners_are_inclusive() {
        let r = Rect::new(3, 4, 10, 5);
        assert_eq!(r.to_corners(), [3, 4, 12, 8]);
        assert_eq!(Rect::from_corners([3, 4, 12, 8]), r);
        assert_eq!(Rect::from_corners([12, 8, 3, 4]), r, "corners in either order");
        assert_eq!(Rect::new(0, 0, 1, 1).to_corners(), [0, 0, 0, 0]);
    }

    fn words_are_x_y_w_h() {
        let r = Rect::new(-5, 19, 640, 461);
        assert_eq!(r.to_words(), [-5, 19, 640, 461]);
        assert_eq!(Rect::from_words([-5, 19, 640, 461]), r);
    }

    fn intersection_of_overlapping_and_apart() {
        let a = Rect::new(0, 0, 100, 50);
        let b = Rect::new(60, 40, 100, 100);
        assert_eq!(a.intersect(&b), Some(Rect::new(60, 40, 40, 10)));
        assert_eq!(b.intersect(&a), Some(Rect::new(60, 40, 40, 10)));
        assert_eq!(a.intersect(&Rect::new(100, 0, 10, 10)), None, "touching edges share no pixel");
        assert_eq!(a.intersect(&Rect::new(0, 0, 0, 10)), None, "empty");
        assert_eq!(a.intersect(&Rect::new(10, 10, 5, 5)), Some(Rect::new(10, 10, 5, 5)));
    }

    fn containment() {
        let a = Rect::new(10, 10, 20, 20);
        assert!(a.contains(10, 10) && a.contains(29, 29));
        assert!(!a.contains(30, 10) && !a.contains(9, 15));
        assert!(a.covers(&Rect::new(10, 10, 20, 20)));
        assert!(!a.covers(&Rect::new(10, 10, 21, 20)));
        assert!(a.covers(&Rect::new(500, 500, 0, 0)), "nothing lies inside anything");
        assert!(Rect::new(0, 0, 0, 5).is_empty() && Rect::new(0, 0, 5, -1).is_empty());
    }
}
