use super::*;

crate::test_cases! {
    fn highlights_stay_in_range() {
        let (bg, hi, lo) = Colour::highlights(Colour::rgb(255, 255, 255));
        assert!(hi.r >= bg.r && lo.r < bg.r);
        assert!(hi.r < 255 || bg.r <= 212);
        let (bg2, hi2, lo2) = Colour::highlights(Colour::rgb(100, 50, 0));
        assert_eq!(bg2, Colour::rgb(100, 50, 0));
        assert_eq!(hi2, Colour::rgb(120, 60, 0));
        assert_eq!(lo2, Colour::rgb(80, 40, 0));
    }

    fn palette_records_the_range_of_changed_pens() {
        let mut p = Palette::new();
        assert_eq!(p.take_changes(), None);
        p.set(7, Colour::BLACK);
        assert_eq!(p.take_changes(), None, "setting a pen to its own colour changes nothing");
        p.set_range(16, &[Colour::WHITE, Colour::rgb(1, 2, 3)]);
        p.set(200, Colour::WHITE);
        assert_eq!(p.take_changes(), Some((16, 200)));
        assert_eq!(p.take_changes(), None);
        assert_eq!(p.get(17), Colour::rgb(1, 2, 3));
        p.set_range(255, &[Colour::WHITE, Colour::WHITE]);
        assert_eq!(p.take_changes(), Some((255, 255)), "pens past 255 are dropped");
        p.mark(3, 1);
        assert_eq!(p.take_changes(), Some((1, 3)));
    }
}
