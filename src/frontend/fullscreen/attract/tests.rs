//! The attract mode's script (host and 68030).

use super::*;
use alloc::string::ToString;

crate::test_cases! {
    fn every_rule_then_every_game_is_chosen_played_and_left_then_the_script_ends() {
        let mut a = Attract::new();
        let settled = |action| Step { pace: Pace::Settled, action };
        for (r, rule) in rules::ALL.iter().enumerate() {
            assert_eq!(a.advance(), settled(Action::Choose(games::ALL.len() + r)));
            for step in RULE_STEPS {
                let mut want = *step;
                if let Action::Show(s) = &mut want.action {
                    s.game = Some(rule.name);
                }
                assert_eq!(a.advance(), want);
            }
        }
        for (n, g) in games::ALL.iter().enumerate() {
            assert_eq!(a.advance(), settled(Action::Choose(n)));
            for i in 0..MOVES.len() {
                assert_eq!(a.advance(), settled(Action::Key(move_key(g, i))));
            }
            let shown = |moment| settled(Action::Show(Shown { game: Some(g.name), moment }));
            assert_eq!(a.advance(), shown(Moment::Moved));
            assert_eq!(a.advance(), settled(Action::Key(UNDO)));
            assert_eq!(a.advance(), shown(Moment::Undone));
            assert_eq!(a.advance(), settled(Action::Key(SOLVE)));
            assert_eq!(a.advance(), shown(Moment::Solved));
            assert_eq!(a.advance(), settled(Action::Key(BACK)));
        }
        assert_eq!(a.advance(), settled(Action::Show(Shown { game: None, moment: Moment::Moved })));
        assert_eq!(a.advance(), settled(Action::Quit));
        assert_eq!(a.advance(), settled(Action::Quit));
    }

    fn a_rule_is_played_by_its_own_keys_with_time_between_them() {
        // The keys the script presses in play are the rules' signals (the same in all three).
        let play = &RULE_STEPS[2..];
        for rule in rules::ALL {
            let file = crate::rul::loader::load(rule.file).unwrap();
            let signal = |name: &&[u8; 4]| crate::rul::session::signal_id(&file, name);
            let keys: alloc::vec::Vec<_> = play
                .iter()
                .filter_map(|s| match s.action {
                    Action::Key(k) => Some(crate::app::tetrhex::keys::signal_for(&file, k)),
                    _ => None,
                })
                .collect();
            let want: alloc::vec::Vec<_> = [b"LEFT", b"LEFT", b"ROTR", b"DROP", b"RGHT", b"RGHT", b"ROTL", b"PAUS"]
                .iter()
                .map(signal)
                .chain([None])
                .collect();
            assert_eq!(keys, want, "{}", rule.name);
        }
        // In play every step is paced by ticks: a game that always wants them never settles.
        assert!(RULE_STEPS[1..].iter().all(|s| matches!(s.pace, Pace::Ticks(_))));
        assert_eq!(RULE_STEPS.last().map(|s| s.action), Some(Action::Key(BACK)));
    }

    fn the_screens_are_named_for_their_game_and_moment() {
        let names: alloc::vec::Vec<_> = Attract::screens().map(|s| s.to_string()).collect();
        assert_eq!(names.len(), 2 * rules::ALL.len() + 3 * games::ALL.len() + 1);
        assert_eq!(names[0], "Tetrhex played");
        assert_eq!(names[1], "Tetrhex paused");
        let first = 2 * rules::ALL.len();
        assert_eq!(names[first], alloc::format!("{} moved", games::ALL[0].name));
        assert_eq!(names[first + 1], alloc::format!("{} undone", games::ALL[0].name));
        assert_eq!(names[first + 2], alloc::format!("{} solved", games::ALL[0].name));
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
