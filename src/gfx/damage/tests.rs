use super::*;

crate::test_cases! {
    fn damage_keeps_rectangles_until_full_then_a_bounding_box() {
        let mut d = Damage::new();
        d.add(Rect::new(0, 0, 0, 5));
        assert!(d.is_empty(), "an empty rectangle is no damage");
        d.add(Rect::new(10, 10, 4, 4));
        d.add(Rect::new(11, 11, 2, 2));
        assert_eq!(d.rects(), &[Rect::new(10, 10, 4, 4)], "a rectangle inside another adds nothing");
        for i in 1..DAMAGE_SLOTS as i32 {
            d.add(Rect::new(20 * i, 0, 2, 3));
        }
        assert_eq!(d.rects().len(), DAMAGE_SLOTS);
        d.add(Rect::new(5, 100, 1, 1));
        let last = 20 * (DAMAGE_SLOTS as i32 - 1);
        assert_eq!(d.rects(), &[Rect::new(10, 0, last + 2 - 10, 14), Rect::new(5, 100, 1, 1)], "collapsed, then added");
        d.add(Rect::new(1000, 1000, 1, 1));
        assert_eq!(d.rects().len(), 3);
        assert_eq!(d.bounding_box(), Rect::new(5, 0, 996, 1001));
        let taken = d.take();
        assert!(d.is_empty() && taken.rects().len() == 3);
        let mut e = Damage::new();
        e.add_all(&taken);
        assert_eq!(e, taken);
    }

    fn rect_union_and_intersection() {
        let a = Rect::new(0, 0, 10, 10);
        let b = Rect::new(5, 8, 10, 10);
        assert_eq!(a.intersect(&b), Rect::new(5, 8, 5, 2));
        assert_eq!(a.union(&b), Rect::new(0, 0, 15, 18));
        assert_eq!(a.union(&Rect::default()), a);
        assert_eq!(Rect::default().union(&b), b);
        assert!(a.intersect(&Rect::new(20, 20, 1, 1)).is_empty());
        assert_eq!(b.offset(-5, 2), Rect::new(0, 10, 10, 10));
        assert_eq!((b.right(), b.bottom()), (15, 18));
    }
}
