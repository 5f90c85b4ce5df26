//! Playing a game as a fuzzer would: games started from a preset and a seed, random inputs
//! of every kind a front end sends, animations and flashes run to their end.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::Sample;
use crate::gfx::{Drawing, NullDrawing};
use crate::puzzle::backend::{Button, Game, Key, Mods, PuzzleInput};
use crate::puzzle::midend::Midend;
use crate::puzzle::random::RandomState;

/// Every game a sample plays: each preset's parameters it takes (all of them, or the first;
/// the default parameters when the game has no presets), each with each of its seeds, as
/// `(encoded parameters, seed)`.
pub fn games<G: Game>(sample: &Sample) -> Vec<(String, &'static str)> {
    let mut params: Vec<G::Params> = G::presets().into_iter().map(|p| p.params).collect();
    if params.is_empty() {
        params.push(G::default_params());
    }
    params.truncate(sample.presets);
    let mut out = Vec::new();
    for p in &params {
        for &seed in sample.seeds {
            out.push((G::encode_params(p, true), seed));
        }
    }
    out
}

/// A mid end playing the game of `id` (`params:desc`, `params#seed`), laid out for a
/// `w`×`h` drawing area through `dr`. Panics if the ID is refused.
pub fn start<G: Game>(id: &str, dr: &mut dyn Drawing, (w, h): (i32, i32)) -> Midend<G> {
    let mut me = Midend::<G>::new(b"conformance");
    me.set_game_id(id).unwrap_or_else(|e| panic!("{} refuses its own game ID {id}: {e}", G::NAME));
    me.new_game(dr);
    me.size(dr, w, h, false);
    me
}

/// The game `params#seed` on a `w`×`h` area, drawn nowhere.
pub fn start_headless<G: Game>(params: &str, seed: &str, area: (i32, i32)) -> Midend<G> {
    start::<G>(&format!("{params}#{seed}"), &mut NullDrawing::default(), area)
}

/// Runs the animations, flashes and queued moves to their end (at most 20 s, and 5 s for
/// each queued move, in ticks of 100 ms).
pub fn settle<G: Game>(me: &mut Midend<G>, dr: &mut dyn Drawing) {
    let ticks = 200 + 50 * me.queued_moves();
    for _ in 0..ticks {
        if !me.is_animating() {
            return;
        }
        me.timer(dr, 100);
    }
    panic!("{}: an animation still runs after {} s", G::NAME, ticks / 10);
}

/// One random input, as a front end would send it: a cursor key or a select key; a click of
/// the left or the right button; a left drag between two points; one of the keys the game
/// asks a keypad-less front end for. Positions lie in the `w`×`h` drawing area (and a few
/// pixels beyond it).
pub fn random_inputs(rs: &mut RandomState, (w, h): (i32, i32), extra_keys: &[Key]) -> Vec<PuzzleInput> {
    let at = |rs: &mut RandomState| {
        let x = rs.upto(w as u32 + 8) as i32 - 4;
        let y = rs.upto(h as u32 + 8) as i32 - 4;
        (x, y)
    };
    let mouse = |key, (x, y): (i32, i32)| PuzzleInput { key, x, y, mods: Mods::NONE };
    match rs.upto(if extra_keys.is_empty() { 9 } else { 10 }) {
        0 => vec![PuzzleInput::key(Key::CursorUp)],
        1 => vec![PuzzleInput::key(Key::CursorDown)],
        2 => vec![PuzzleInput::key(Key::CursorLeft)],
        3 => vec![PuzzleInput::key(Key::CursorRight)],
        4 => vec![PuzzleInput::key(if rs.upto(4) == 0 { Key::CursorSelect2 } else { Key::CursorSelect })],
        5 | 6 => {
            let p = at(rs);
            vec![mouse(Key::Press(Button::Left), p), mouse(Key::Release(Button::Left), p)]
        }
        7 => {
            let p = at(rs);
            vec![mouse(Key::Press(Button::Right), p), mouse(Key::Release(Button::Right), p)]
        }
        8 => {
            let (a, b) = (at(rs), at(rs));
            let mid = ((a.0 + b.0) / 2, (a.1 + b.1) / 2);
            vec![
                mouse(Key::Press(Button::Left), a),
                mouse(Key::Drag(Button::Left), mid),
                mouse(Key::Drag(Button::Left), b),
                mouse(Key::Release(Button::Left), b),
            ]
        }
        _ => vec![PuzzleInput::key(extra_keys[rs.upto(extra_keys.len() as u32) as usize])],
    }
}

/// The keys a game asks for beyond the cursor keys (`request_keys`).
pub fn extra_keys<G: Game>(me: &Midend<G>) -> Vec<Key> {
    me.request_keys().into_iter().map(|k| k.key).collect()
}

/// Plays `inputs` random inputs on `me` (each run to its end through `dr`, then `after` is
/// called) and returns every state of the undo chain, the first included. A game that
/// fixed its puzzle only at a move (Mines places its mines at the first click: the mid end's
/// `supersede_game_desc`) has from then on a new initial state, and the states before that
/// move are theirs replayed on it (the flags placed before the first click lie on the
/// mines it made): those are the ones returned.
pub fn play_randomly<G: Game>(
    me: &mut Midend<G>,
    dr: &mut dyn Drawing,
    rs: &mut RandomState,
    area: (i32, i32),
    inputs: usize,
    mut after: impl FnMut(&mut Midend<G>, &mut dyn Drawing),
) -> Vec<G::State> {
    let keys = extra_keys(me);
    let mut desc = String::from(me.desc().unwrap_or_default());
    let mut states = vec![me.state().clone()];
    for _ in 0..inputs {
        for input in random_inputs(rs, area, &keys) {
            me.process_key(dr, input);
        }
        settle(me, dr);
        let (len, pos) = me.undo_chain();
        assert_eq!(len, pos, "{}: a move left states to redo", G::NAME);
        if pos > states.len() {
            assert_eq!(pos, states.len() + 1, "{}: one input made more than one move", G::NAME);
            states.push(me.state().clone());
        }
        if me.desc() != Some(desc.as_str()) {
            desc = String::from(me.desc().unwrap_or_default());
            let moves = me.moves().0;
            states[0] = me.initial_state().clone();
            for i in 1..pos - 1 {
                states[i] = G::execute_move(&states[i - 1], &moves[i - 1].1).unwrap();
            }
        }
        after(me, dr);
    }
    assert_eq!(me.initial_state(), &states[0], "{}: the initial state changed, its description did not", G::NAME);
    states
}
