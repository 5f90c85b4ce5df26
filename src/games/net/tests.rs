//! Net tests: parameters, descriptions, moves and locking, the generator's promises checked by
//! an independent exhaustive count of solutions, Solve, status, save files and drawing; host
//! only: wider generator sweeps, reference images. Round trips, redraws, damaged input and
//! generation of every preset are the conformance suite's (`games::conformance`).

use super::*;
use crate::games::testutil::{assert_incremental_equals_full, screen_digest, screen_for};
use crate::gfx::NullDrawing;
use crate::gfx::test_screen::TestScreen;
use crate::puzzle::backend::ErrorKind;
use crate::puzzle::midend::Midend;

fn midend(id: &str) -> Midend<Net> {
    let mut me = Midend::<Net>::new(b"net");
    me.set_game_id(id).unwrap();
    me.new_game(&mut NullDrawing::default());
    me
}

fn params(id: &str) -> Params {
    let mut p = Net::default_params();
    Net::decode_params(&mut p, id).unwrap();
    p
}

/// The distinct orientations of a tile's wires (a straight has two, a blank one, a cross one).
fn orientations(t: u8) -> Vec<u8> {
    let mut out = Vec::new();
    let mut r = t & 0xF;
    for _ in 0..4 {
        if !out.contains(&r) {
            out.push(r);
        }
        r = ((r << 1) | (r >> 3)) & 0xF;
    }
    out
}

/// The tile across side `d` (1 right, 2 up, 4 left, 8 down) of tile `i`, if any.
fn across(w: usize, h: usize, wrapping: bool, i: usize, d: u8) -> Option<usize> {
    let (x, y) = ((i % w) as isize, (i / w) as isize);
    let (nx, ny) = match d {
        1 => (x + 1, y),
        2 => (x, y - 1),
        4 => (x - 1, y),
        _ => (x, y + 1),
    };
    let (w2, h2) = (w as isize, h as isize);
    if wrapping {
        Some((ny.rem_euclid(h2) * w2 + nx.rem_euclid(w2)) as usize)
    } else if nx < 0 || ny < 0 || nx >= w2 || ny >= h2 {
        None
    } else {
        Some((ny * w2 + nx) as usize)
    }
}

fn opposite(d: u8) -> u8 {
    ((d << 2) | (d >> 2)) & 0xF
}

/// Whether wire `d` of tile `i` (turned to `t`) agrees with what is across it: a wire needs a
/// wire back and no barrier; no wire needs no wire back (a barrier never holds a wire).
fn side_agrees(s: &State, w: usize, h: usize, wrapping: bool, tiles: &[u8], i: usize, d: u8) -> bool {
    let wire = tiles[i] & d != 0;
    match across(w, h, wrapping, i, d) {
        None => !wire,
        Some(j) => {
            let back = tiles[j] & opposite(d) != 0;
            if s.barriers[i] & d != 0 { !wire && !back } else { wire == back }
        }
    }
}

/// Every tile wired and one network without a loop: as many links as tiles minus one, all
/// reached from tile 0.
fn is_tree(w: usize, h: usize, wrapping: bool, tiles: &[u8]) -> bool {
    let n = w * h;
    let links: usize = tiles.iter().map(|t| t.count_ones() as usize).sum::<usize>() / 2;
    if links + 1 != n || tiles.contains(&0) {
        return false;
    }
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = true;
    let mut count = 1;
    while let Some(i) = stack.pop() {
        for d in [1u8, 2, 4, 8] {
            if tiles[i] & d != 0
                && let Some(j) = across(w, h, wrapping, i, d)
                && !seen[j]
            {
                seen[j] = true;
                count += 1;
                stack.push(j);
            }
        }
    }
    count == n
}

/// Counts the solutions of a position (up to `limit`) by trying every orientation of every
/// tile in reading order, each checked against the tiles above and to the left (and, on the
/// last column and row, across the wrap), then the whole for one tree. Independent of the
/// game's solver; returns the first solution found.
fn count_solutions(s: &State, limit: usize) -> (usize, Option<Vec<u8>>) {
    let (w, h, wrapping) = (s.w, s.h, s.wrapping);
    let n = w * h;
    let _ = (wrapping, h);
    let choices: Vec<Vec<u8>> = s.tiles.iter().map(|&t| orientations(t)).collect();
    let mut tiles = vec![0u8; n];
    let mut found = (0, None);
    fn place(
        i: usize,
        s: &State,
        choices: &[Vec<u8>],
        tiles: &mut Vec<u8>,
        found: &mut (usize, Option<Vec<u8>>),
        limit: usize,
    ) {
        let (w, h, wrapping) = (s.w, s.h, s.wrapping);
        if found.0 >= limit {
            return;
        }
        if i == w * h {
            if is_tree(w, h, wrapping, tiles) {
                found.0 += 1;
                if found.1.is_none() {
                    found.1 = Some(tiles.clone());
                }
            }
            return;
        }
        for &o in &choices[i] {
            tiles[i] = o;
            // Each side towards a placed tile, or the border, must agree (across the wrap the
            // far column and row are placed by the time the last ones are).
            let ok = [1u8, 2, 4, 8].into_iter().all(|d| match across(w, h, wrapping, i, d) {
                Some(j) if j >= i => true,
                _ => side_agrees(s, w, h, wrapping, tiles, i, d),
            });
            if ok {
                place(i + 1, s, choices, tiles, found, limit);
            }
        }
        tiles[i] = 0;
    }
    place(0, s, &choices, &mut tiles, &mut found, limit);
    found
}

/// Checks a generated game: a unique solution when the parameters ask for one (counted
/// exhaustively), that solution being the generator's, and a start that is not solved.
fn check_generated(id: &str) {
    let me = midend(id);
    let s = me.state().clone();
    let p = params(id.split(['#', ':']).next().unwrap());
    assert!(!s.completed, "{}: starts solved", id);
    let (count, first) = count_solutions(&s, 2);
    if p.unique {
        assert_eq!(count, 1, "{}: {} solutions", me.game_id().unwrap(), count);
        let solved = Net::execute_move(&s, &Net::solve(&s, &s, None).unwrap()).unwrap();
        let wires: Vec<u8> = solved.tiles.iter().map(|t| t & 0xF).collect();
        assert_eq!(Some(wires), first, "{}", id);
    } else {
        assert!(count >= 1, "{}: no solution", id);
    }
}

/// A click on the middle of tile (`x`,`y`) of the puzzle.
fn click(me: &mut Midend<Net>, scr: &mut TestScreen, x: i32, y: i32, b: Button) {
    let ts = me.tilesize();
    let (px, py) = (WINDOW_OFFSET + ts * x + ts / 2, WINDOW_OFFSET + ts * y + ts / 2);
    me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Press(b), px, py));
    me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Release(b), px, py));
}

#[derive(Clone, Copy)]
pub enum Scene {
    Start,
    Mid,
    Flash,
}

/// The reference images: 5x5#1234 at the start; after turning two tiles and locking one, with
/// the second turn caught half way; a one-turn-from-solved grid during the completion ripple.
pub fn scene(which: Scene) -> TestScreen {
    let id = match which {
        Scene::Flash => "3x3:8dc96a342",
        _ => "5x5#1234",
    };
    let mut me = midend(id);
    let mut scr = screen_for(&mut me, 640, 480, COL_LOCKED, COL_WIRE);
    me.redraw(&mut scr.canvas());
    match which {
        Scene::Start => {}
        Scene::Mid => {
            click(&mut me, &mut scr, 1, 1, Button::Left);
            me.timer(&mut scr.canvas(), 200);
            click(&mut me, &mut scr, 1, 1, Button::Middle);
            click(&mut me, &mut scr, 3, 2, Button::Right);
            me.timer(&mut scr.canvas(), ROTATE_MS / 2);
            assert_eq!(me.anim_progress().0, (ROTATE_MS / 2, ROTATE_MS));
        }
        Scene::Flash => {
            click(&mut me, &mut scr, 0, 0, Button::Left);
            me.timer(&mut scr.canvas(), ROTATE_MS);
            // The third frame of the ripple: the ring round the source lit.
            me.timer(&mut scr.canvas(), 2 * FLASH_FRAME_MS + 10);
            assert_eq!(me.anim_progress().1.0, 2 * FLASH_FRAME_MS + 10);
        }
    }
    scr
}

crate::test_cases! {
    fn params_encode_decode_and_validate() {
        let cases = [
            ("5x5", "5x5", "5x5"),
            ("7", "7x7", "7x7"),
            ("9x7w", "9x7w", "9x7w"),
            ("5x5wb0.25a", "5x5w", "5x5wb0.25a"),
            ("5x5b1", "5x5", "5x5b1"),
            ("4x3b0.001", "4x3", "4x3b0.001"),
        ];
        for (s, short, full) in cases {
            let p = params(s);
            assert_eq!(Net::encode_params(&p, false), short, "{}", s);
            assert_eq!(Net::encode_params(&p, true), full, "{}", s);
            let mut q = Net::default_params();
            Net::decode_params(&mut q, full).unwrap();
            assert_eq!(q, p, "{}", s);
            Net::validate_params(&p, true).unwrap();
        }
        // Every preset round-trips and is valid.
        for pr in Net::presets() {
            Net::validate_params(&pr.params, true).unwrap();
            assert_eq!(params(&Net::encode_params(&pr.params, true)), pr.params);
        }
        assert_eq!(Net::presets().len(), 10);
        let bad = [
            ("0x5", "greater than zero"),
            ("1x1", "greater than one"),
            ("31x5", "at most 30"),
            ("5x5b1.5", "greater than 1"),
            ("2x5w", "width or height of 2"),
        ];
        for (s, why) in bad {
            let e = Net::validate_params(&params(s), true).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Params);
            assert!(e.reason.contains(why), "{}: {}", s, e.reason);
        }
        // Ambiguity allowed, a 2-wide wrapping grid is fine.
        Net::validate_params(&params("2x5wa"), true).unwrap();
        let mut p = Net::default_params();
        for s in ["x5", "5xq", "5x5q", "5x5bq"] {
            assert!(Net::decode_params(&mut p, s).is_err(), "{}", s);
        }
    }

    fn desc_errors_have_reasons_and_positions() {
        let p = params("3x2");
        Net::validate_desc(&p, "1hv2v3h458").unwrap();
        for (d, why, at) in [
            ("12345", "shorter", 5),
            ("1234567", "longer", 6),
            ("12g456", "unexpected character", 2),
            ("h123456", "unexpected character", 0),
        ] {
            let e = Net::validate_desc(&p, d).unwrap_err();
            assert!(e.reason.contains(why), "{}: {}", d, e.reason);
            assert_eq!(e.position, Some(at), "{}", d);
        }
    }

    fn description_reads_wires_and_barriers() {
        // 3x2: a barrier right of tile 0 and below tile 1.
        let s = Net::new_game(&params("3x2"), "1v2h3456");
        assert_eq!(s.tiles, vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(s.barriers[0] & R, R);
        assert_eq!(s.barriers[1] & L, L, "both sides of a barrier");
        assert_eq!(s.barriers[1] & D, D);
        assert_eq!(s.barriers[4] & U, U);
        // The border of a non-wrapping grid walls it in.
        assert!(s.barriers[0] & (U | L) == U | L && s.barriers[5] & (D | R) == D | R);
        assert!(!s.wrapping);
        // A wrapping grid walled all round is played as a non-wrapping one.
        let walled = Net::new_game(&params("2x2w"), "1vh2vh3vh4vh");
        assert!(!walled.wrapping);
        assert!(Net::new_game(&params("2x2w"), "1234").wrapping);
    }

    fn moves_turn_and_lock_tiles() {
        let s = Net::new_game(&params("3x3"), "123456789");
        let t = Net::execute_move(&s, "A0,0").unwrap();
        assert_eq!(t.tiles[0], U, "anticlockwise: right becomes up");
        assert_eq!((t.last_rotate_x, t.last_rotate_y, t.last_rotate_dir), (0, 0, 1));
        let t = Net::execute_move(&t, "C0,0").unwrap();
        assert_eq!(t.tiles[0], R);
        let t = Net::execute_move(&t, "F1,0").unwrap();
        assert_eq!(t.tiles[1], D);
        let t = Net::execute_move(&t, "L2,1").unwrap();
        assert_eq!(t.tiles[5], 6 | LOCKED);
        let t = Net::execute_move(&t, "L2,1").unwrap();
        assert_eq!(t.tiles[5], 6);
        // A jumble turns several tiles and is not animated.
        let j = Net::execute_move(&s, "J;A0,0;C1,1;F2,2").unwrap();
        assert_eq!((j.tiles[0], j.tiles[4], j.tiles[8]), (U, rot_c(5), rot_f(9)));
        assert_eq!(j.last_rotate_dir, 0);
        for bad in ["", "A", "A0", "A0,", "A3,0", "A0,3", "X0,0", "A0,0;", "A0,0;Q1,1"] {
            let r = Net::execute_move(&s, bad);
            if bad == "A0,0;" {
                assert!(r.is_ok());
                continue;
            }
            assert!(r.is_err(), "{:?}", bad);
        }
    }

    fn clicks_and_keys_become_moves() {
        let mut me = midend("5x5#1234");
        let dr = &mut NullDrawing::default();
        me.size(dr, 640, 480, false);
        let ts = me.tilesize();
        let at = |x: i32, y: i32| (WINDOW_OFFSET + ts * x + ts / 2, WINDOW_OFFSET + ts * y + ts / 2);
        let before = me.state().tiles.clone();
        let (x, y) = at(1, 2);
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Left), x, y));
        assert_eq!(me.state().tiles[11], rot_a(before[11]));
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Right), x, y));
        assert_eq!(me.state().tiles[11], before[11]);
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Middle), x, y));
        assert_eq!(me.state().tiles[11], before[11] | LOCKED);
        // A locked tile does not turn.
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Left), x, y));
        assert_eq!(me.state().tiles[11], before[11] | LOCKED);
        // The cursor starts on the source in the middle; Select turns, 'd' the other way.
        me.process_key(dr, PuzzleInput::key(Key::CursorLeft));
        me.process_key(dr, PuzzleInput::key(Key::CursorSelect));
        assert_eq!(me.state().tiles[11], before[11] | LOCKED, "locked");
        me.process_key(dr, PuzzleInput::key(Key::CursorUp));
        me.process_key(dr, PuzzleInput::key(Key::Char(b'd')));
        assert_eq!(me.state().tiles[6], rot_c(before[6]));
        // Ctrl moves the source; the status counts what it powers.
        let st = Net::status_text(me.state(), me.ui()).unwrap();
        assert!(st.starts_with("Active: "), "{}", st);
        // Clicks on the border or the grid lines do nothing.
        let chain = me.undo_chain();
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Left), 2, 2));
        assert_eq!(me.undo_chain(), chain);
    }

    fn solve_completes_and_says_so() {
        let mut me = midend("5x5#99");
        let dr = &mut NullDrawing::default();
        assert_eq!(me.status(), Status::Playing);
        me.solve(dr).unwrap();
        assert!(me.state().completed);
        assert!(me.state().used_solve);
        assert!(me.state().tiles.iter().all(|t| t & LOCKED != 0));
        assert_eq!(Net::status_text(me.state(), me.ui()).unwrap(), "Auto-solved. ");
        // Without the generator's notes (a typed-in description) the solver finds it.
        let desc = me.game_id().unwrap();
        let mut typed = midend(&desc);
        typed.solve(dr).unwrap();
        assert!(typed.state().completed);
        let a: Vec<u8> = typed.state().tiles.iter().map(|t| t & 0xF).collect();
        let b: Vec<u8> = me.state().tiles.iter().map(|t| t & 0xF).collect();
        assert_eq!(a, b, "the unique solution");
    }

    fn completion_by_hand_flashes() {
        // 3x3, one turn of the top-left tile from solved.
        let mut me = midend("3x3:8dc96a342");
        let dr = &mut NullDrawing::default();
        assert!(!me.state().completed);
        me.apply_move(dr, "A0,0").unwrap();
        assert!(me.state().completed);
        assert_eq!(Net::status_text(me.state(), me.ui()).unwrap(), "COMPLETED! ");
        me.timer(dr, ROTATE_MS);
        assert!(me.anim_progress().1.1 > 0, "a flash follows the turn");
    }

    fn generated_grids_have_one_solution() {
        // Counted exhaustively by the independent search above.
        for id in ["3x3#1", "4x4#2", "5x5#3", "4x3w#4", "5x5b0.3#5"] {
            check_generated(id);
        }
    }

    fn save_files_round_trip() {
        let mut me = midend("5x5w#7");
        let dr = &mut NullDrawing::default();
        me.apply_move(dr, "A1,1").unwrap();
        me.apply_move(dr, "L1,1").unwrap();
        me.undo(dr).unwrap();
        let text = me.serialise();
        assert!(text.contains("AUXINFO"), "{}", text);
        let mut back = Midend::<Net>::new(b"b");
        back.deserialise(dr, &text).unwrap();
        assert_eq!(back.state(), me.state());
        assert_eq!(back.serialise(), text);
    }

    fn small_board_turns_flashes_and_redraws_incrementally() {
        let mut me = midend("3x3:8dc96a342");
        let mut scr = screen_for(&mut me, 160, 176, COL_LOCKED, COL_WIRE);
        me.redraw(&mut scr.canvas());
        me.apply_move(&mut scr.canvas(), "L1,1").unwrap();
        me.apply_move(&mut scr.canvas(), "C2,2").unwrap();
        me.timer(&mut scr.canvas(), ROTATE_MS / 3);
        me.timer(&mut scr.canvas(), ROTATE_MS);
        assert_incremental_equals_full(&mut me, &scr, COL_LOCKED, COL_WIRE);
        me.undo(&mut scr.canvas()).unwrap();
        me.timer(&mut scr.canvas(), ROTATE_MS);
        me.apply_move(&mut scr.canvas(), "A0,0").unwrap();
        me.timer(&mut scr.canvas(), ROTATE_MS);
        me.timer(&mut scr.canvas(), 2 * FLASH_FRAME_MS);
        me.timer(&mut scr.canvas(), 2000);
        assert_incremental_equals_full(&mut me, &scr, COL_LOCKED, COL_WIRE);
    }

}

crate::value_cases! {
    fn start_picture() -> u64 {
        screen_digest(&mut scene(Scene::Start))
    }
    fn mid_picture() -> u64 {
        screen_digest(&mut scene(Scene::Mid))
    }
    fn flash_picture() -> u64 {
        screen_digest(&mut scene(Scene::Flash))
    }
}

crate::bench_cases! {
    fn full_redraw_13x11(b: &mut Bench) {
        let (cycles, ()) = b.time(|| {
            let mut me = midend("13x11#1");
            let mut scr = screen_for(&mut me, 640, 480, COL_LOCKED, COL_WIRE);
            me.force_redraw(&mut scr.canvas());
        });
        b.report("net_full_redraw_13x11", cycles, None, &[]);
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;
    use crate::games::testutil::generate_preset;

    #[test]
    fn reference_images() {
        scene(Scene::Start).check_reference("net-start");
        scene(Scene::Mid).check_reference("net-mid");
        let mut flash = scene(Scene::Flash);
        assert_eq!(flash.status(), "COMPLETED! ");
        flash.check_reference("net-flash");
    }

    #[test]
    fn every_generated_small_grid_has_one_solution() {
        for seed in 0..40 {
            for kind in ["3x3", "4x4", "5x4", "5x5", "3x3w", "4x4w", "5x4w", "4x4b0.5", "4x4wb0.5"] {
                check_generated(&std::format!("{}#{}", kind, seed));
            }
        }
    }

    #[test]
    fn ambiguous_grids_are_solved() {
        for seed in 0..20 {
            check_generated(&std::format!("4x4a#{}", seed));
            let mut me = midend(&std::format!("6x5wa#{}", seed));
            me.solve(&mut NullDrawing::default()).unwrap();
            assert!(me.state().completed);
        }
    }

    #[test]
    fn every_preset_generates() {
        for i in 0..Net::presets().len() {
            let desc = generate_preset::<Net>(i);
            let p = &Net::presets()[i].params;
            let s = Net::new_game(p, &desc);
            assert!(!s.completed);
        }
    }

    /// Every orientation of every tile, no pruning: the reference for `count_solutions`.
    fn count_by_plain_enumeration(s: &State) -> usize {
        let n = s.w * s.h;
        let choices: Vec<Vec<u8>> = s.tiles.iter().map(|&t| orientations(t)).collect();
        let total: usize = choices.iter().map(|c| c.len()).product();
        let mut count = 0;
        for mut k in 0..total {
            let mut tiles = vec![0u8; n];
            for i in 0..n {
                tiles[i] = choices[i][k % choices[i].len()];
                k /= choices[i].len();
            }
            let agree =
                (0..n).all(|i| [1u8, 2, 4, 8].into_iter().all(|d| side_agrees(s, s.w, s.h, s.wrapping, &tiles, i, d)));
            if agree && is_tree(s.w, s.h, s.wrapping, &tiles) {
                count += 1;
            }
        }
        count
    }

    #[test]
    fn the_pruned_count_agrees_with_plain_enumeration() {
        let mut ambiguous = 0;
        for kind in ["3x3a", "3x3wa", "3x3ab0.5", "4x2a", "4x2wa"] {
            for seed in 0..60 {
                let id = std::format!("{}#{}", kind, seed);
                let me = midend(&id);
                let plain = count_by_plain_enumeration(me.state());
                assert_eq!(count_solutions(me.state(), 100).0, plain, "{}", id);
                ambiguous += (plain > 1) as usize;
            }
        }
        assert!(ambiguous > 50, "{}", ambiguous);
    }
}
