//! The attract mode's script (host and 68030).

use super::*;

crate::test_cases! {
    fn every_game_is_chosen_played_and_shown_then_the_script_ends() {
        let mut a = Attract::new();
        for (n, g) in games::ALL.iter().enumerate() {
            assert_eq!(a.advance(), Action::Choose(n));
            for &code in MOVES {
                assert_eq!(a.advance(), Action::Key(KeyPress::special(code, Shift::empty())));
            }
            assert_eq!(a.advance(), Action::Show(g.name));
        }
        assert_eq!(a.advance(), Action::Quit);
        assert_eq!(a.advance(), Action::Quit);
    }
}
