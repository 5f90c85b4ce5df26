//! The window's first place under `-wp` and `-wpc` (host and 68030).

use super::*;

/// The fake desk's work area (below a menu bar of 19 pixels) and the host's default place.
const DESK: GemRect = GemRect::new(0, 19, 640, 461);
const DEFAULT: GemRect = GemRect::new(16, 35, 320, 240);

crate::test_cases! {
    fn the_default_place_is_the_hosts() {
        assert_eq!(first_outer(WindowPlacement::Default, DEFAULT, DESK), DEFAULT);
    }

    fn wpc_centres_the_window_on_the_desk() {
        assert_eq!(first_outer(WindowPlacement::Centred, DEFAULT, DESK), GemRect::new(160, 129, 320, 240));
        // A window wider or taller than the desk: at its top left corner, not off it.
        let big = GemRect::new(16, 35, 700, 500);
        assert_eq!(first_outer(WindowPlacement::Centred, big, DESK), GemRect::new(0, 19, 700, 500));
    }

    fn wp_puts_the_top_left_corner_where_the_window_fits() {
        let at = |x, y| first_outer(WindowPlacement::At { x, y }, DEFAULT, DESK);
        assert_eq!(at(100, 50), GemRect::new(100, 50, 320, 240));
        // The corners of the desk: the window just fits.
        assert_eq!(at(0, 19), GemRect::new(0, 19, 320, 240));
        assert_eq!(at(320, 240), GemRect::new(320, 240, 320, 240));
        // One pixel over an edge, over the menu bar, or far off: the default place.
        assert_eq!(at(321, 240), DEFAULT);
        assert_eq!(at(320, 241), DEFAULT);
        assert_eq!(at(10, 0), DEFAULT);
        assert_eq!(at(u32::MAX, 50), DEFAULT);
    }
}
