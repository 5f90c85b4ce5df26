//! Shared tests of the session: phases, actions, pauses, timer, replays, with a small
//! hand-assembled rule.

use crate::rul::error::RunReason;
use crate::rul::model::{Phase, RuleFile};
use crate::rul::replay::{Event, digest, play, play_on};
use crate::rul::sample::sample_rule;
use crate::rul::session::{Session, SessionError, SessionState};

const fn k(v: i32) -> u8 {
    (v + 0xC0) as u8
}

/// Signals map to actions by `id − 20`, except signal 2 (PAUS) which is action 8.
/// V[20] is on the timer, V[21] counts phase A, V[22]/V[23] keep V[18]/V[9] of the last
/// phase C, V[24] counts phase C, V[25]/V[26] count phases P/Q, V[30] chooses the shape,
/// phase A keeps `$5C 0` (the radar's view of the last phase A) in V[31].
fn test_rule() -> RuleFile {
    let init: &[u8] = &[0x5F, 0x48, 0x01, 0xF4, 0x5B, k(20), k(10), 0x5E, k(20), 0x5B, k(30), k(1), 0x51];
    let next: &[u8] = &[
        0x5B,
        k(0),
        0x1E,
        0x5B,
        k(1),
        k(1),
        0x5B,
        k(2),
        k(2),
        0x5B,
        k(3),
        k(3),
        0x5B,
        k(5),
        k(1),
        0x5B,
        k(6),
        k(1),
        0x5B,
        k(7),
        k(2),
        0x5B,
        k(21 - 64),
        k(1),
        0x5B,
        k(31),
        0x5C,
        k(0),
        0x51,
    ];
    let signal: &[u8] = &[0x41, 0x09, k(20), 0x46, 0x4B, 0x09, k(2), 0x02, k(8), 0x51];
    let landed: &[u8] = &[0x5B, k(22), 0x12, 0x5B, k(23), 0x09, 0x5B, k(24 - 64), k(1), 0x51];
    let pause: &[u8] = &[0x5B, k(25 - 64), k(1), 0x5E, k(-1), 0x51];
    let resume: &[u8] = &[0x5B, k(26 - 64), k(1), 0x5E, k(20), 0x51];
    let score: &[u8] = &[0x42, 0x18, k(10), 0x51];
    sample_rule([init, next, signal, landed, pause, resume, score])
}

fn action(a: i32) -> u8 {
    (a + 20) as u8
}

crate::test_cases! {
    fn first_piece_appears_at_the_top_centre_and_falls() {
        let rule = test_rule();
        let mut g = Session::new(&rule, 6, 1).unwrap();
        assert_eq!(g.vm.vars[21], 1);
        assert_eq!(g.vm.piece[1], g.vm.board.id(0, 10));
        assert_eq!(g.vm.fall_ms, 500);
        g.advance(499);
        assert_eq!(g.vm.piece[1], g.vm.board.id(0, 10));
        g.advance(1);
        assert_eq!(g.vm.piece[1], g.vm.board.id(0, 9));
        g.signal(action(1));
        assert_eq!(g.vm.piece[1], g.vm.board.id(0, 8));
        g.signal(action(2));
        assert_eq!(g.vm.piece[1], g.vm.board.id(-1, 7));
        g.signal(action(3));
        assert_eq!(g.vm.piece[1], g.vm.board.id(0, 7));
        g.signal(action(6));
        assert_eq!(g.vm.piece[1], g.vm.board.id(-1, 7));
        g.signal(action(7));
        g.signal(action(7));
        assert_eq!(g.vm.piece[1], g.vm.board.id(1, 7));
    }
    fn drop_reports_downs_in_v18_and_lands() {
        let rule = test_rule();
        let mut g = Session::new(&rule, 6, 1).unwrap();
        g.signal(action(-2));
        assert_eq!(g.vm.vars[22], 11);
        assert_eq!(g.vm.vars[23], -2);
        assert_eq!(g.vm.vars[24], 1);
        let bottom = g.vm.board.id(0, 0);
        assert_eq!(g.vm.board.cell(bottom).colour, 1);
        assert_eq!(g.vm.board.cell(bottom).pattern, 1);
        assert_eq!(g.vm.vars[21], 2);
        // Gravity lands with action 0.
        g.advance(500 * 11);
        assert_eq!(g.vm.vars[24], 2);
        assert_eq!(g.vm.vars[23], 0);
        assert!(g.vm.board.occupied(g.vm.board.id(0, 1)));
    }
    fn full_column_ends_the_game_with_phase_s() {
        let rule = test_rule();
        let mut g = Session::new(&rule, 6, 1).unwrap();
        for _ in 0..11 {
            g.signal(action(-2));
        }
        assert_eq!(g.state, SessionState::Over(110));
        assert_eq!(g.pieces, 12);
        g.signal(action(-2));
        assert_eq!(g.vm.vars[24], 11);
    }
    fn abort_explosion_and_piece_destruction() {
        let rule = test_rule();
        let mut g = Session::new(&rule, 7, 1).unwrap();
        g.signal(action(-2));
        g.signal(action(-2));
        g.signal(action(-4));
        assert_eq!(g.vm.vars[23], -4);
        assert_eq!(g.vm.board.hexagons(), 2);
        g.signal(action(-3));
        assert_eq!(g.vm.vars[22], 3);
        assert_eq!(g.vm.board.hexagons(), 0);
        g.signal(action(-1));
        assert_eq!(g.state, SessionState::Over(40));
    }
    fn rotations_about_the_reference_and_from_a_list() {
        let rule = test_rule();
        let mut g = Session::new(&rule, 6, 1).unwrap();
        g.vm.vars[30] = 2;
        g.signal(action(-4));
        let p = g.piece.unwrap();
        assert_eq!(p.config, [0, 1, 4, 0]);
        g.advance(1500);
        g.signal(action(4));
        assert_eq!(g.piece.unwrap().config, [0, 2, 5, 0]);
        g.signal(action(5));
        g.signal(action(5));
        assert_eq!(g.piece.unwrap().config, [0, 6, 3, 0]);
        g.vm.vars[30] = 3;
        g.signal(action(-4));
        assert_eq!(g.piece.unwrap().list_index, Some(0));
        g.advance(1000);
        g.signal(action(5));
        assert_eq!(g.piece.unwrap().config, [0, 3, 0, 0]);
        g.signal(action(4));
        g.signal(action(4));
        assert_eq!(g.piece.unwrap().config, [0, 2, 0, 0]);
    }
    fn moves_at_the_top_act_as_diagonal_moves() {
        let rule = test_rule();
        let mut g = Session::new(&rule, 6, 1).unwrap();
        g.signal(action(7));
        assert_eq!(g.vm.piece[1], g.vm.board.id(1, 9));
        g.signal(action(6));
        assert_eq!(g.vm.piece[1], g.vm.board.id(0, 9));
    }
    fn game_pause_stops_the_fall_not_the_timer() {
        let rule = test_rule();
        let mut g = Session::new(&rule, 6, 1).unwrap();
        g.advance(3500);
        assert_eq!(g.vm.vars[20], 7);
        assert_eq!(g.vm.piece[1], g.vm.board.id(0, 3));
        g.signal(action(8));
        assert!(g.vm.paused);
        g.advance(2000);
        g.signal(action(1));
        g.signal(action(-2));
        assert_eq!(g.vm.piece[1], g.vm.board.id(0, 3));
        assert_eq!(g.vm.vars[20], 5);
        g.signal(action(8));
        g.signal(action(1));
        assert_eq!(g.vm.piece[1], g.vm.board.id(0, 2));
    }
    fn window_pause_runs_p_and_q_then_sends_paus() {
        let rule = test_rule();
        let mut g = Session::new(&rule, 6, 1).unwrap();
        g.window_pause();
        assert_eq!(g.vm.vars[25], 1);
        g.advance(5000);
        g.signal(action(1));
        assert_eq!(g.vm.vars[20], 10);
        assert_eq!(g.vm.piece[1], g.vm.board.id(0, 10));
        g.window_resume();
        assert_eq!(g.vm.vars[26], 1);
        assert!(g.vm.paused);
        g.advance(1000);
        assert_eq!(g.vm.vars[20], 9);
        assert_eq!(g.vm.piece[1], g.vm.board.id(0, 10));
    }
    fn radar_prepares_the_next_piece_once() {
        let rule = test_rule();
        let mut g = Session::new(&rule, 6, 1).unwrap();
        g.vm.vars[30] = 2;
        g.vm.vars[3] = 33;
        g.signal(action(9));
        assert_eq!(g.vm.vars[21], 2);
        assert_eq!(g.vm.vars[3], 33);
        assert!(g.vm.next_prepared);
        assert_eq!(g.vm.next_vars[0], 2);
        g.signal(action(9));
        g.signal(action(9));
        assert_eq!(g.vm.vars[21], 2);
        g.signal(action(-2));
        assert_eq!(g.piece.unwrap().shape, 2);
        assert_eq!(g.vm.vars[21], 3);
    }
    fn errors_end_the_game_cleanly() {
        let rule = test_rule();
        let mut g = Session::new(&rule, 6, 1).unwrap();
        g.vm.vars[30] = 9;
        g.signal(action(-4));
        assert_eq!(g.state, SessionState::Failed(SessionError::BadPiece { var: 0, value: 9 }));
        let mut bad = test_rule();
        bad.phases[Phase::Signal as usize] = bad.phases[Phase::Score as usize] + 1; // "18 CA 51"
        bad.code[bad.phases[Phase::Score as usize] as usize + 2] = 0x43; // 18 43 51: bad
        let mut g = Session::new(&bad, 6, 1).unwrap();
        g.signal(1);
        match g.state {
            SessionState::Failed(SessionError::Run(Phase::Signal, e)) => assert_eq!(e.reason, RunReason::UnexpectedReturn),
            s => panic!("{:?}", s),
        }
        assert_eq!(Session::new(&rule, 5, 1).err(), Some(SessionError::SizeNotAllowed));
        let mut fixed = test_rule();
        fixed.board_size = 7;
        assert!(Session::new(&fixed, 6, 1).is_err());
        assert!(Session::new(&fixed, 7, 1).is_ok());
    }
    fn replays_are_deterministic() {
        let rule = test_rule();
        let events = [
            (100, Event::Signal(action(7))),
            (900, Event::Signal(action(-2))),
            (1000, Event::WindowPause),
            (3000, Event::WindowResume),
            (3100, Event::Signal(2)),
            (4000, Event::Signal(action(6))),
            (4100, Event::Signal(action(4))),
        ];
        let a = play(&rule, 8, 7, &events, 20_000).unwrap();
        let b = play(&rule, 8, 7, &events, 20_000).unwrap();
        assert_eq!(digest(&a), digest(&b));
        assert_eq!(a.vm.vars[24], b.vm.vars[24]);
        assert!(a.vm.vars[24] >= 2);
        assert_eq!(a.vm.vars[20], 10 - 18);
        let c = play(&rule, 8, 7, &events[..2], 20_000).unwrap();
        assert_ne!(digest(&a), digest(&c));
    }
    fn a_restarted_game_plays_as_a_new_one() {
        let rule = test_rule();
        let events = [
            (100, Event::Signal(action(7))),
            (900, Event::Signal(action(-2))),
            (3100, Event::Signal(2)),
            (4000, Event::Signal(action(6))),
        ];
        let fresh = play(&rule, 6, 3, &events, 20_000).unwrap();
        let mut g = play(&rule, 8, 7, &events, 20_000).unwrap();
        let before = digest(&g);
        assert_ne!(before, digest(&fresh));
        // A side no rule has: refused, and the game goes on as it was.
        assert_eq!(g.restart(10, 3), Err(SessionError::SizeNotAllowed));
        assert_eq!(digest(&g), before);
        g.record_destructions = true;
        g.restart(6, 3).unwrap();
        assert!(g.record_destructions);
        assert_eq!((g.now, g.pieces, g.vm.board.cell_count()), (0, 1, fresh.vm.board.cell_count()));
        play_on(&mut g, &events, 20_000).unwrap();
        assert_eq!(digest(&g), digest(&fresh));
        assert_eq!((g.pieces, g.now), (fresh.pieces, fresh.now));
        assert!(g.program.words == fresh.program.words);
    }
    fn radar_phase_a_reads_the_last_phase_a_with_5c() {
        let rule = test_rule();
        let mut g = Session::new(&rule, 6, 1).unwrap();
        // Radar off: $5C is 0.
        assert_eq!(g.vm.vars[31], 0);
        g.signal(action(9));
        // The radar's phase A ran after the first piece's phase A (shape 1).
        assert_eq!(g.vm.vars[31], 1);
        g.vm.vars[30] = 2;
        g.signal(action(-2));
        // The prepared piece (shape 1) appeared; the radar's next phase A (shape 2) saw the
        // values of the phase A before it (shape 1), not 0.
        assert_eq!(g.piece.unwrap().shape, 1);
        assert_eq!(g.vm.vars[31], 1);
        assert_eq!(g.vm.next_vars[0], 2);
        g.vm.vars[30] = 3;
        g.signal(action(-2));
        assert_eq!(g.piece.unwrap().shape, 2);
        assert_eq!(g.vm.vars[31], 2);
    }
    fn action_10_pops_count_and_data() {
        // Phase B pushes V[9] − 100 as the count (the data are put on the stack by the test)
        // and answers action 10.
        let push_count_then_10: &[u8] = &[0x63, 0x41, 0x09, 0x48, 0x00, 100, k(10), 0x51];
        const RET0: &[u8] = &[0xC0, 0x51];
        let next: &[u8] = &[0x5B, k(0), k(1), 0x5B, k(1), k(1), 0x5B, k(5), k(1), 0x51];
        let rule = sample_rule([RET0, next, push_count_then_10, RET0, RET0, RET0, RET0]);
        let mut g = Session::new(&rule, 6, 1).unwrap();
        g.vm.stack.extend_from_slice(&[1, 7, 8]);
        g.vm.message_hook = |s| {
            assert_eq!(s, &[1, 7, 8, 2]);
            5
        };
        g.signal(102);
        assert!(g.playing());
        assert_eq!(g.vm.stack, [1]);
        g.vm.message_hook = |s| {
            assert_eq!(s, &[1, 0]);
            0
        };
        g.signal(100);
        assert_eq!(g.vm.stack, [1]);
        // A count that is negative or larger than the data below it ends the session.
        g.vm.message_hook = |_| 0;
        g.signal(99);
        assert_eq!(g.state, SessionState::Failed(SessionError::MessageData { count: -1, entries: 2 }));
        let mut g = Session::new(&rule, 6, 1).unwrap();
        g.signal(102);
        assert_eq!(g.state, SessionState::Failed(SessionError::MessageData { count: 2, entries: 1 }));
    }
}
