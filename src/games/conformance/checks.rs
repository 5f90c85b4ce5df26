//! The checks every game passes, each over the games of a [`Sample`].

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::play::{games, play_randomly, settle, start, start_headless};
use super::{Sample, mutate};
use crate::games::testutil::{incremental_difference, screen_for};
use crate::gfx::NullDrawing;
use crate::gfx::test_screen::TestScreen;
use crate::puzzle::backend::{ErrorKind, Game, Status};
use crate::puzzle::midend::Midend;
use crate::puzzle::random::RandomState;

/// The random source of one check on one game: the same inputs on both machines.
fn random(what: &str, params: &str, seed: &str) -> RandomState {
    RandomState::new(format!("{what} {params}#{seed}").as_bytes())
}

/// A mid end that loaded `file`, or the reason it could not.
fn loaded<G: Game>(file: &str) -> Midend<G> {
    let mut me = Midend::<G>::new(b"loaded");
    me.deserialise(&mut NullDrawing::default(), file)
        .unwrap_or_else(|e| panic!("{} refuses its own save file: {e}\n{file}", G::NAME));
    me
}

/// Parameters, game IDs and random seeds survive their round trips: the parameters decode
/// to themselves (in full, and without what only matters to generation); the game a seed
/// generates, given by its game ID (`params:desc`), is the same state with the same ID; its
/// random-seed ID (`params#seed`) generates the same game again.
pub fn ids_round_trip<G: Game>(sample: &Sample) {
    for (params, seed) in games::<G>(sample) {
        let mut p = G::default_params();
        G::decode_params(&mut p, &params).unwrap_or_else(|e| panic!("{} refuses {params}: {e}", G::NAME));
        assert_eq!(G::encode_params(&p, true), params, "{} params {params}", G::NAME);
        let brief = G::encode_params(&p, false);
        let mut q = p.clone();
        G::decode_params(&mut q, &brief).unwrap_or_else(|e| panic!("{} refuses {brief}: {e}", G::NAME));
        assert_eq!(G::encode_params(&q, false), brief, "{} params {brief}", G::NAME);

        let me = start_headless::<G>(&params, seed, sample.area);
        let id = me.game_id().unwrap();
        let again = start::<G>(&id, &mut NullDrawing::default(), sample.area);
        assert_eq!(again.state(), me.state(), "{} {params}#{seed} as {id}", G::NAME);
        assert_eq!(again.game_id().as_deref(), Some(id.as_str()), "{} {params}#{seed}", G::NAME);
        let seed_id = me.random_seed_id().unwrap();
        let third = start::<G>(&seed_id, &mut NullDrawing::default(), sample.area);
        assert_eq!(third.game_id().as_deref(), Some(id.as_str()), "{} {seed_id}", G::NAME);
    }
}

/// A game saved after random moves (then with half of them undone, so that the file holds
/// states to redo) loads into the same state, the same undo chain and the same initial
/// state, and saves again to the very same file.
pub fn saves_round_trip<G: Game>(sample: &Sample) {
    for (params, seed) in games::<G>(sample) {
        let mut me = start_headless::<G>(&params, seed, sample.area);
        let dr = &mut NullDrawing::default();
        let mut rs = random("save", &params, seed);
        play_randomly(&mut me, dr, &mut rs, sample.area, sample.inputs, |_, _| {});
        for undo in [false, true] {
            if undo {
                for _ in 0..me.undo_chain().1 / 2 {
                    me.undo(dr).unwrap();
                }
                settle(&mut me, dr);
            }
            let file = me.serialise();
            let back = loaded::<G>(&file);
            assert_eq!(back.state(), me.state(), "{} {params}#{seed}\n{file}", G::NAME);
            assert_eq!(back.initial_state(), me.initial_state(), "{} {params}#{seed}", G::NAME);
            assert_eq!(back.undo_chain(), me.undo_chain(), "{} {params}#{seed}", G::NAME);
            assert_eq!(back.serialise(), file, "{} {params}#{seed}", G::NAME);
        }
    }
}

/// Random moves, then Undo back to the start and Redo to the end: every state on the way
/// is the one the moves made, in order.
pub fn undo_and_redo_retrace_the_moves<G: Game>(sample: &Sample) {
    for (params, seed) in games::<G>(sample) {
        let mut me = start_headless::<G>(&params, seed, sample.area);
        let dr = &mut NullDrawing::default();
        let mut rs = random("undo", &params, seed);
        let states = play_randomly(&mut me, dr, &mut rs, sample.area, sample.inputs, |_, _| {});
        assert_eq!(me.undo_chain(), (states.len(), states.len()), "{} {params}#{seed}", G::NAME);
        while me.can_undo() {
            me.undo(dr).unwrap();
            settle(&mut me, dr);
            let pos = me.undo_chain().1;
            assert_eq!(me.state(), &states[pos - 1], "{} {params}#{seed}: undone to {pos}", G::NAME);
        }
        assert_eq!(me.undo_chain().1, 1, "{} {params}#{seed}", G::NAME);
        while me.can_redo() {
            me.redo(dr).unwrap();
            settle(&mut me, dr);
            let pos = me.undo_chain().1;
            assert_eq!(me.state(), &states[pos - 1], "{} {params}#{seed}: redone to {pos}", G::NAME);
        }
        assert_eq!(me.undo_chain().1, states.len(), "{} {params}#{seed}", G::NAME);
    }
}

/// After every random input (its animation and flash run to their end), and after every
/// Undo and Redo, the screen the incremental redraws left equals a full redraw of the same
/// position, bit for bit.
pub fn incremental_redraws_equal_full_redraws<G: Game>(sample: &Sample) {
    let (w, h) = sample.screen;
    for (params, seed) in games::<G>(sample) {
        let mut me = Midend::<G>::new(b"conformance");
        me.set_game_id(&format!("{params}#{seed}")).unwrap();
        me.new_game(&mut NullDrawing::default());
        let mut scr = screen_for(&mut me, w, h, 0, 1);
        let area = G::compute_size(me.current_params(), me.tilesize());
        me.redraw(&mut scr.canvas());
        let mut done: Vec<String> = Vec::new();
        let check = |me: &mut Midend<G>, scr: &TestScreen, done: &[String]| {
            if let Some(why) = incremental_difference(me, scr, 0, 1) {
                panic!("{} {params}#{seed} on {w}x{h}: {why}, after {}", G::NAME, done.join(", "));
            }
        };
        check(&mut me, &scr, &done);
        let mut rs = random("redraw", &params, seed);
        let keys = super::play::extra_keys(&me);
        for _ in 0..sample.inputs {
            let inputs = super::play::random_inputs(&mut rs, area, &keys);
            done.push(format!("{inputs:?}"));
            for input in inputs {
                me.process_key(&mut scr.canvas(), input);
            }
            settle(&mut me, &mut scr.canvas());
            check(&mut me, &scr, &done);
        }
        for redo in [false, true] {
            for _ in 0..sample.inputs {
                let done_now = if redo { me.redo(&mut scr.canvas()) } else { me.undo(&mut scr.canvas()) };
                if done_now.is_err() {
                    break;
                }
                done.push(String::from(if redo { "redo" } else { "undo" }));
                settle(&mut me, &mut scr.canvas());
                check(&mut me, &scr, &done);
            }
        }
    }
}

/// Solve: a game with a solver reaches a completed state from the start (a game that must
/// see a first move before it can be solved, as Mines, refuses with a reason until then),
/// and after random moves reaches it or refuses with a reason; Show solution plays its
/// moves to a completed state; a game whose Solve only shows the answer (Flip, Mines)
/// accepts it and shows it; a game without a solver refuses Solve with a reason.
pub fn solve_completes<G: Game>(sample: &Sample) {
    let refused = |e: &crate::puzzle::backend::PuzzleError| e.kind == ErrorKind::Solve && !e.reason.is_empty();
    for (params, seed) in games::<G>(sample) {
        let dr = &mut NullDrawing::default();
        let mut me = start_headless::<G>(&params, seed, sample.area);
        if !G::CAN_SOLVE {
            let e = me.solve(dr).unwrap_err();
            assert!(refused(&e), "{} {params}#{seed}: {e}", G::NAME);
            continue;
        }
        let solved = |me: &mut Midend<G>, dr: &mut NullDrawing, before: &G::State, when: &str| {
            settle(me, dr);
            if G::SOLVE_ONLY_SHOWS {
                assert!(
                    me.state() != before || me.status() == Status::Won,
                    "{} {params}#{seed}: nothing shown {when}",
                    G::NAME
                );
            } else {
                assert_eq!(me.status(), Status::Won, "{} {params}#{seed}: solved {when}", G::NAME);
            }
        };
        let before = me.state().clone();
        match me.solve(dr) {
            Ok(()) => solved(&mut me, dr, &before, "from the start"),
            Err(e) => {
                assert!(refused(&e), "{} {params}#{seed}: {e}", G::NAME);
                // Solve is tried after every move until it is accepted or the game ends.
                let mut rs = random("first move", &params, seed);
                let keys = super::play::extra_keys(&me);
                let mut accepted = false;
                for _ in 0..1000 {
                    let pos = me.undo_chain().1;
                    for input in super::play::random_inputs(&mut rs, sample.area, &keys) {
                        me.process_key(dr, input);
                    }
                    settle(&mut me, dr);
                    if me.undo_chain().1 == pos {
                        continue;
                    }
                    if me.status() != Status::Playing {
                        break;
                    }
                    let before = me.state().clone();
                    match me.solve(dr) {
                        Ok(()) => {
                            solved(&mut me, dr, &before, "after moves made it possible");
                            accepted = true;
                            break;
                        }
                        Err(e) => assert!(refused(&e), "{} {params}#{seed}: {e}", G::NAME),
                    }
                }
                assert!(
                    accepted || me.status() != Status::Playing,
                    "{} {params}#{seed}: Solve refused after 1000 inputs",
                    G::NAME
                );
            }
        }

        let mut me = start_headless::<G>(&params, seed, sample.area);
        let mut rs = random("solve", &params, seed);
        play_randomly(&mut me, dr, &mut rs, sample.area, sample.inputs, |_, _| {});
        let before = me.state().clone();
        match me.solve(dr) {
            Ok(()) if me.status() == Status::Playing || !G::SOLVE_ONLY_SHOWS => {
                solved(&mut me, dr, &before, "after moves")
            }
            Ok(()) => {}
            Err(e) => assert!(refused(&e), "{} {params}#{seed}: {e}", G::NAME),
        }

        if G::CAN_SHOW_SOLUTION {
            let mut me = start_headless::<G>(&params, seed, sample.area);
            me.show_solution(dr).unwrap_or_else(|e| panic!("{} {params}#{seed}: Show solution: {e}", G::NAME));
            settle(&mut me, dr);
            assert_eq!(me.status(), Status::Won, "{} {params}#{seed}: solution shown", G::NAME);
        }
    }
}

/// Damaged parameters, game IDs, move strings and save files are refused with a reason, or
/// accepted and then behave like good ones; never a panic or a hang.
pub fn damaged_input_is_refused_with_a_reason<G: Game>(sample: &Sample) {
    for (params, seed) in games::<G>(sample) {
        let mut rs = random("damage", &params, seed);
        mutate::check_params::<G>(&params, &mut rs, sample.damaged);
        let mut me = start_headless::<G>(&params, seed, sample.area);
        mutate::check_game_ids::<G>(&me.game_id().unwrap(), &mut rs, sample.damaged);
        mutate::check_game_ids::<G>(&me.random_seed_id().unwrap(), &mut rs, sample.damaged);
        let dr = &mut NullDrawing::default();
        play_randomly(&mut me, dr, &mut rs, sample.area, sample.inputs, |_, _| {});
        // The save file holds every kind of record: moves, a Solve where the game has one,
        // and states to redo.
        if me.solve(dr).is_ok() {
            settle(&mut me, dr);
        }
        for _ in 0..me.undo_chain().1 / 2 {
            me.undo(dr).unwrap();
        }
        settle(&mut me, dr);
        let moves: Vec<String> = me.moves().0.into_iter().map(|(_, m)| m).collect();
        mutate::check_moves::<G>(me.initial_state(), &moves, &mut rs, sample.damaged);
        mutate::check_moves::<G>(me.state(), &moves, &mut rs, sample.damaged);
        let (ok, refused) = mutate::fuzz_save_files::<G>(&me.serialise(), sample.damaged);
        assert_eq!(ok + refused, sample.damaged);
        assert!(refused > 0, "{} {params}#{seed}: no damaged save file was refused", G::NAME);
    }
}

/// The text format (Copy): where the game has one, an ASCII picture ending in a newline,
/// the same for the same position (after a save and a load); where it has none, nothing.
pub fn text_format_is_consistent<G: Game>(sample: &Sample) {
    for (params, seed) in games::<G>(sample) {
        let mut me = start_headless::<G>(&params, seed, sample.area);
        let mut rs = random("text", &params, seed);
        play_randomly(&mut me, &mut NullDrawing::default(), &mut rs, sample.area, sample.inputs, |_, _| {});
        let text = me.text_format();
        if !G::CAN_FORMAT_AS_TEXT_EVER || !me.can_format_as_text_now() {
            assert_eq!(text, None, "{} {params}#{seed}", G::NAME);
            continue;
        }
        let text = text.unwrap_or_else(|| panic!("{} {params}#{seed}: no text", G::NAME));
        assert!(text.ends_with('\n') && text.is_ascii(), "{} {params}#{seed}:\n{text}", G::NAME);
        assert_eq!(loaded::<G>(&me.serialise()).text_format().as_deref(), Some(text.as_str()), "{}", G::NAME);
    }
}
