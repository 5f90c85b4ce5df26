//! The attract mode's script (host and 68030).

use super::*;
use alloc::string::ToString;

crate::test_cases! {
    fn every_game_is_chosen_played_undone_solved_and_left_then_the_script_ends() {
        let mut a = Attract::new();
        for (n, g) in games::ALL.iter().enumerate() {
            assert_eq!(a.advance(), Action::Choose(n));
            for i in 0..MOVES.len() {
                assert_eq!(a.advance(), Action::Key(move_key(g, i)));
            }
            let shown = |moment| Action::Show(Shown { game: Some(g.name), moment });
            assert_eq!(a.advance(), shown(Moment::Moved));
            assert_eq!(a.advance(), Action::Key(UNDO));
            assert_eq!(a.advance(), shown(Moment::Undone));
            assert_eq!(a.advance(), Action::Key(SOLVE));
            assert_eq!(a.advance(), shown(Moment::Solved));
            assert_eq!(a.advance(), Action::Key(BACK));
        }
        assert_eq!(a.advance(), Action::Show(Shown { game: None, moment: Moment::Moved }));
        assert_eq!(a.advance(), Action::Quit);
        assert_eq!(a.advance(), Action::Quit);
    }

    fn the_screens_are_named_for_their_game_and_moment() {
        let names: alloc::vec::Vec<_> = Attract::screens().map(|s| s.to_string()).collect();
        assert_eq!(names.len(), 3 * games::ALL.len() + 1);
        assert_eq!(names[0], alloc::format!("{} moved", games::ALL[0].name));
        assert_eq!(names[1], alloc::format!("{} undone", games::ALL[0].name));
        assert_eq!(names[2], alloc::format!("{} solved", games::ALL[0].name));
        assert_eq!(names.last().map(|s| s.as_str()), Some("collection"));
    }

    fn the_moves_select_with_return_and_in_a_timed_game_with_space() {
        let mines = games::find("Mines").unwrap();
        let fifteen = games::find("Fifteen").unwrap();
        assert!(mines.timed && !fifteen.timed);
        let selects = |g| (0..MOVES.len()).filter(|&i| MOVES[i].is_none()).map(move |i| move_key(g, i));
        assert!(selects(fifteen).all(|k| k == SELECT));
        assert!(selects(mines).all(|k| k == SELECT_IN_A_TIMED_GAME));
        assert_eq!(move_key(mines, 0), KeyPress::special(scancode::LEFT, Shift::empty()));
    }

    fn the_keys_mean_undo_solve_and_back_to_the_collection() {
        use crate::app::command::Command;
        use crate::app::keymap::KeyMap;
        // What each key does when the puzzle does not take it (the common keys).
        let command = |k| KeyMap::default().map(k).resolve(|_| false);
        assert_eq!(command(UNDO), Some(Command::Undo));
        assert_eq!(command(SOLVE), Some(Command::Solve));
        assert_eq!(command(BACK), Some(Command::BackToCollection));
    }
}
