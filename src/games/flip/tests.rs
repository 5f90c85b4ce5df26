//! Flip tests: parameters, descriptions, both generators against Tatham's program, moves and
//! hints, the solver (minimal against brute force), the cursor, save files, drawing; host only:
//! brute-force sweeps, reference images. Round trips, redraws, damaged input and generation
//! of every preset are the conformance suite's (`games::conformance`).

use super::*;
use crate::gfx::NullDrawing;
use crate::gfx::test_screen::TestScreen;
use crate::puzzle::backend::ErrorKind;
use crate::puzzle::midend::Midend;

use crate::games::testutil::{assert_incremental_equals_full, screen_digest, screen_for};

const CROSSES_3X3: &str = "d074191345d1644c17058";

fn p(w: u32, h: u32, t: MatrixType) -> Params {
    Params { w, h, matrix_type: t }
}

fn midend(id: &str) -> Midend<Flip> {
    let mut me = Midend::<Flip>::new(b"flip");
    me.set_game_id(id).unwrap();
    me.new_game(&mut NullDrawing::default());
    me
}

fn game(w: u32, h: u32, desc: &str) -> State {
    let q = p(w, h, MatrixType::Crosses);
    Flip::validate_desc(&q, desc).unwrap();
    Flip::new_game(&q, desc)
}

/// The fewest clicks solving `s`, by trying every set of clicks (at most 20 squares): the
/// sets in Gray-code order, so each step clicks or unclicks one square (one XOR of 32-bit
/// masks).
pub fn brute_force_fewest(s: &State) -> Option<usize> {
    let n = s.w * s.h;
    assert!(n <= 20);
    let mask =
        |bits: &[u8]| bits.iter().enumerate().fold(0u32, |m, (i, &b)| if b & DARK != 0 { m | 1 << i } else { m });
    let rows: Vec<u32> = (0..n).map(|c| mask(&s.matrix[c * n..(c + 1) * n])).collect();
    let mut lights = mask(&s.grid);
    let mut best = if lights == 0 { Some(0) } else { None };
    let mut clicked = 0u32;
    for k in 1u32..1 << n {
        let c = k.trailing_zeros() as usize;
        clicked ^= 1 << c;
        lights ^= rows[c];
        if lights == 0 {
            let count = clicked.count_ones() as usize;
            if best.is_none_or(|b| count < b) {
                best = Some(count);
            }
        }
    }
    best
}

/// Plays the clicks of a solve string; true if that makes every square white.
fn clicks_solve(s: &State, solve: &str) -> bool {
    let mut t = s.clone();
    for (i, c) in solve[1..].bytes().enumerate() {
        if c == b'1' {
            t = Flip::execute_move(&t, &format!("M{},{}", i % s.w, i / s.w)).unwrap();
        }
    }
    t.completed || t.grid.iter().all(|g| g & DARK == 0)
}

#[derive(Clone, Copy)]
pub enum Scene {
    Start,
    Mid,
    Flash,
}

fn centre_of(cx: i32, cy: i32) -> (i32, i32) {
    (24 + cx * 48 + 24, 24 + cy * 48 + 24)
}

fn click(me: &mut Midend<Flip>, scr: &mut TestScreen, (x, y): (i32, i32)) {
    me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Press(Button::Left), x, y));
    me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Release(Button::Left), x, y));
}

/// The reference pictures on a 640×480 screen: the start of `5x5c#1234`; after Solve (red
/// hint frames) one hinted click finished and a second caught half way through turning over;
/// a one-click-from-white grid during the completion wave.
pub fn scene(which: Scene) -> TestScreen {
    let id = match which {
        Scene::Flash => alloc::format!("5x5:{},011c400", encode_bitmap(&crosses_matrix(5, 5))),
        _ => "5x5c#1234".into(),
    };
    let mut me = midend(&id);
    let mut scr = screen_for(&mut me, 640, 480, COL_GRID, COL_RIGHT);
    me.redraw(&mut scr.canvas());
    match which {
        Scene::Start => {}
        Scene::Mid => {
            me.solve(&mut scr.canvas()).unwrap();
            let hinted: Vec<usize> = (0..25).filter(|&i| me.state().grid[i] & HINT != 0).collect();
            click(&mut me, &mut scr, centre_of(hinted[0] as i32 % 5, hinted[0] as i32 / 5));
            me.timer(&mut scr.canvas(), 300);
            click(&mut me, &mut scr, centre_of(hinted[1] as i32 % 5, hinted[1] as i32 / 5));
            me.timer(&mut scr.canvas(), 100);
        }
        Scene::Flash => {
            click(&mut me, &mut scr, centre_of(2, 2));
            me.timer(&mut scr.canvas(), 250);
            me.timer(&mut scr.canvas(), 80);
        }
    }
    scr
}

crate::test_cases! {
    fn params_encode_decode_and_validate() {
        let mut q = Flip::default_params();
        assert_eq!(Flip::encode_params(&q, true), "5x5c");
        assert_eq!(Flip::encode_params(&q, false), "5x5");
        Flip::decode_params(&mut q, "4x3r").unwrap();
        assert_eq!(q, p(4, 3, MatrixType::Random));
        Flip::decode_params(&mut q, "6").unwrap();
        assert_eq!(q, p(6, 6, MatrixType::Random), "no letter: the type stays");
        Flip::decode_params(&mut q, "2x2c").unwrap();
        assert_eq!(q, p(2, 2, MatrixType::Crosses));
        for bad in ["", "x", "3x", "3q", "3x3rr", "3x3x"] {
            assert_eq!(Flip::decode_params(&mut q, bad).unwrap_err().kind, ErrorKind::Params, "{}", bad);
        }
        let e = |q: Params| Flip::validate_params(&q, true).unwrap_err().reason;
        assert_eq!(e(p(0, 3, MatrixType::Crosses)), "Width and height must both be greater than zero");
        assert_eq!(e(p(11, 10, MatrixType::Crosses)), "Width times height must be at most 100");
        assert!(Flip::validate_params(&p(1, 1, MatrixType::Random), true).is_ok());
        assert_eq!(e(p(2, 1, MatrixType::Random)), "Random shapes need more than two squares");
        assert!(Flip::validate_params(&p(1, 2, MatrixType::Random), false).is_ok(), "a given description is fine");
        for q in [p(3, 5, MatrixType::Random), p(4, 2, MatrixType::Crosses)] {
            assert_eq!(Flip::custom_params(&Flip::configure(&q)).unwrap(), q);
        }
        let names: Vec<String> = Flip::presets().into_iter().map(|p| p.name).collect();
        assert_eq!(names, ["3x3 Crosses", "4x4 Crosses", "5x5 Crosses", "3x3 Random", "4x4 Random", "5x5 Random"]);
    }

    fn desc_errors_have_reasons_and_positions() {
        let q = p(3, 3, MatrixType::Crosses);
        let e = |d: &str| {
            let x = Flip::validate_desc(&q, d).unwrap_err();
            (x.reason.into_owned(), x.position)
        };
        assert_eq!(Flip::validate_desc(&q, &alloc::format!("{},950", CROSSES_3X3)), Ok(()));
        assert_eq!(Flip::validate_desc(&q, &alloc::format!("{},ABC", CROSSES_3X3.to_uppercase())), Ok(()));
        assert_eq!(e("d07419"), ("Matrix description is wrong length".into(), Some(6)));
        assert_eq!(e(&alloc::format!("{}0,950", CROSSES_3X3)), ("Matrix description is wrong length".into(), Some(21)));
        assert_eq!(e(&alloc::format!("{};950", CROSSES_3X3)), ("Expected comma after matrix description".into(), Some(21)));
        assert_eq!(e(&alloc::format!("{},95", CROSSES_3X3)), ("Grid description is wrong length".into(), Some(24)));
        assert_eq!(e(&alloc::format!("{},95g", CROSSES_3X3)), ("Grid description is wrong length".into(), Some(24)));
        assert_eq!(e(&alloc::format!("{},950,", CROSSES_3X3)), ("Unexpected data after grid description".into(), Some(25)));
        assert_eq!(e(&alloc::format!("{},9501", CROSSES_3X3)), ("Grid description is wrong length".into(), Some(25)));
        let mut me = Midend::<Flip>::new(b"e");
        let x = me.set_game_id("3x3:d074;").unwrap_err();
        assert_eq!((&*x.reason, x.position), ("Matrix description is wrong length", Some(8)));
    }

    fn seeds_generate_the_same_puzzles_as_the_reference() {
        // Printed by Simon Tatham's flip.c for these seeds.
        let cases = [
            ("3x3c#2", "3x3:d074191345d1644c17058,950"),
            ("4x4c#3", "4x4:c800e400720031008c804e402720131008c804e402720131008c004e00270013,3963"),
            ("3x3r#99", "3x3:d870191269b3244c1b0c8,130"),
            ("3x3r#1", "3x3:d074191263c3246c0f098,b00"),
            ("2x2r#1", "2x2:efb5,4"),
            ("1x1c#1", "1x1:8,8"),
            ("1x3r#0", "1x3:dd8,2"),
            ("5x1c#3", "5x1:c71c718,70"),
        ];
        for (seed_id, desc_id) in cases {
            assert_eq!(midend(seed_id).game_id().unwrap(), desc_id, "{}", seed_id);
        }
    }

    fn a_seed_means_the_same_puzzle_whatever_was_played_before() {
        // After a random-shape game, "5x5#1234" is read over the defaults (crosses), as in
        // the reference, not over the last parameters.
        let mut me = midend("3x3r#1");
        me.set_game_id("5x5#1234").unwrap();
        me.new_game(&mut NullDrawing::default());
        assert!(me.game_id().unwrap().starts_with("5x5:c4000071"), "{}", me.game_id().unwrap());
        // A description keeps the current type for the next new game.
        me.set_game_id("4x4r").unwrap();
        me.set_game_id("3x3:d074191345d1644c17058,950").unwrap();
        assert_eq!(me.params().matrix_type, MatrixType::Random);
    }

    fn larger_random_shapes_are_the_references() {
        let cases = [
            ("4x3r#6", "4x3:c80e00330310c8ccc826213104c0ce007033,212"),
            ("4x4r#7", "4x4:c800e40074003100cc808c40330013100888006e02330331008c00cc00470033,f43b"),
        ];
        for (seed_id, desc_id) in cases {
            assert_eq!(midend(seed_id).game_id().unwrap(), desc_id, "{}", seed_id);
        }
    }

    fn clicks_toggle_shapes_and_hints() {
        let s = game(3, 3, &alloc::format!("{},000", CROSSES_3X3));
        let t = Flip::execute_move(&s, "M0,0").unwrap();
        assert_eq!(t.grid, vec![DARK | HINT, DARK, 0, DARK, 0, 0, 0, 0, 0], "the clicked square's hint toggles too");
        assert_eq!((t.moves, t.completed), (1, false));
        let u = Flip::execute_move(&t, "M0,0").unwrap();
        assert!(u.completed, "clicking twice undoes");
        assert_eq!(u.moves, 2);
        let v = Flip::execute_move(&u, "M1,1").unwrap();
        assert_eq!(v.moves, 2, "moves stop counting once completed");
        for bad in ["", "M", "M3,0", "M0,3", "M0", "M0,0,", "M-1,0", "S", "S0000", "S00000000000", "X0,0", "m0,0"] {
            assert_eq!(Flip::execute_move(&s, bad).unwrap_err().kind, ErrorKind::Move, "{}", bad);
        }
        let h = Flip::execute_move(&s, "S100000001").unwrap();
        assert!(h.cheated && h.hints_active);
        assert_eq!(h.grid[0] & HINT, HINT);
        assert_eq!(h.grid[8] & HINT, HINT);
    }

    fn solver_finds_fewest_clicks_on_3x3() {
        // Every 3×3 crosses grid reachable from white, and a few random-shape puzzles.
        for grid in (0..512u32).step_by(37) {
            let bits: Vec<u8> = (0..9).map(|i| (grid >> (8 - i) & 1) as u8).collect();
            let s = game(3, 3, &alloc::format!("{},{}", CROSSES_3X3, encode_bitmap(&bits)));
            let solve = Flip::solve(&s, &s, None).unwrap();
            let clicks = solve.bytes().filter(|&b| b == b'1').count();
            assert_eq!(Some(clicks), brute_force_fewest(&s), "{}", solve);
            assert!(clicks_solve(&s, &solve));
        }
        let s = midend("3x3r#1").state().clone();
        let solve = Flip::solve(&s, &s, None).unwrap();
        assert_eq!(Some(solve.bytes().filter(|&b| b == b'1').count()), brute_force_fewest(&s));
    }

    fn solver_answers_as_the_reference_and_refuses_the_impossible() {
        // Tatham's Solve on 4x4c#3 (kernel of dimension 4: 16 solutions, the first fewest).
        let s = midend("4x4c#3").state().clone();
        assert_eq!(Flip::solve(&s, &s, None).unwrap(), "S0001000010001010");
        // A square nobody's click reaches.
        let stuck = Flip::new_game(&p(2, 1, MatrixType::Crosses), "8,4");
        assert_eq!(Flip::solve(&stuck, &stuck, None).unwrap_err().reason, "No solution exists for this position");
    }

    fn completion_flash_and_status() {
        let s = game(3, 3, &alloc::format!("{},d00", CROSSES_3X3));
        let mut ui = Flip::new_ui(&s);
        assert_eq!(Flip::status_text(&s, &ui).unwrap(), "Moves: 0");
        let h = Flip::execute_move(&s, &Flip::solve(&s, &s, None).unwrap()).unwrap();
        assert_eq!(Flip::status_text(&h, &ui).unwrap(), "Auto-solver used. Moves: 0");
        let t = Flip::execute_move(&s, "M0,0").unwrap();
        assert_eq!(Flip::status(&t), Status::Won);
        assert_eq!(Flip::status_text(&t, &ui).unwrap(), "COMPLETED! Moves: 1");
        assert_eq!(Flip::flash_length(&s, &t, 1, &mut ui), 70 * 3);
        let ht = Flip::execute_move(&h, "M0,0").unwrap();
        assert_eq!(Flip::status_text(&ht, &ui).unwrap(), "Auto-solved. Moves: 1");
        assert!(!ht.hints_active, "completion hides the hints");
        assert_eq!(Flip::flash_length(&t, &t, 1, &mut ui), 0);
    }

    fn text_format_matches_reference_layout() {
        let s = midend("4x4c#3").state().clone();
        let want = "+---+---+---+---+\n|   |   |   |   |\n| ..|...|###|## |\n| . | . | # | # |\n+---+---+---+---+\n\
| # | . | . | # |\n| ##|...|...|## |\n| # | . | . | # |\n+---+---+---+---+\n| . | # | # | . |\n| ..|###|###|.. |\n\
| . | # | # | . |\n+---+---+---+---+\n| . | . | # | # |\n| ..|...|###|## |\n|   |   |   |   |\n+---+---+---+---+\n";
        assert_eq!(Flip::text_format(&s).unwrap(), want);
    }

    fn cursor_and_clicks_become_moves() {
        let s = game(3, 3, &alloc::format!("{},950", CROSSES_3X3));
        let mut ds = Flip::new_drawstate(&mut NullDrawing::default(), &s);
        Flip::set_size(&mut NullDrawing::default(), &mut ds, &p(3, 3, MatrixType::Crosses), 48);
        let mut ui = Flip::new_ui(&s);
        let at = |ui: &mut Ui, x: i32, y: i32| Flip::interpret_move(&s, ui, &ds, PuzzleInput::mouse(Key::Press(Button::Left), x, y));
        assert_eq!(at(&mut ui, 24 + 48 + 5, 24 + 2 * 48 + 5), MoveResult::Move("M1,2".into()));
        assert_eq!(at(&mut ui, 10, 10), MoveResult::UiUpdate, "the border");
        let right = Flip::interpret_move(&s, &mut ui, &ds, PuzzleInput::mouse(Key::Press(Button::Right), 80, 80));
        assert_eq!(right, MoveResult::Ignored);
        let k = |ui: &mut Ui, k: Key| Flip::interpret_move(&s, ui, &ds, PuzzleInput::key(k));
        assert_eq!(k(&mut ui, Key::CursorDown), MoveResult::UiUpdate);
        assert_eq!((ui.cx, ui.cy, ui.cdraw), (0, 1, true), "the first press moves and shows");
        assert_eq!(k(&mut ui, Key::CursorLeft), MoveResult::Ignored, "against the edge");
        k(&mut ui, Key::CursorRight);
        assert_eq!(k(&mut ui, Key::CursorSelect), MoveResult::Move("M1,1".into()));
        assert_eq!(Flip::cursor_location(&s, &ui, &ds), Some(Rect::new(72, 72, 48, 48)));
        // A square whose shape is empty does nothing.
        let empty = Flip::new_game(&p(2, 1, MatrixType::Crosses), "8,8");
        let mut ds2 = Flip::new_drawstate(&mut NullDrawing::default(), &empty);
        Flip::set_size(&mut NullDrawing::default(), &mut ds2, &p(2, 1, MatrixType::Crosses), 48);
        let mut ui2 = Flip::new_ui(&empty);
        assert_eq!(Flip::interpret_move(&empty, &mut ui2, &ds2, PuzzleInput::mouse(Key::Press(Button::Left), 24 + 48 + 5, 30)), MoveResult::UiUpdate);
        assert_eq!(Flip::interpret_move(&empty, &mut ui2, &ds2, PuzzleInput::mouse(Key::Press(Button::Left), 30, 30)), MoveResult::Move("M0,0".into()));
    }

    fn keys_match_the_reference_save_file() {
        // Tatham's flip after 3x3c#2: a click in the border, Down, Down, Right, Select,
        // Solve, Select (his midend_serialise output).
        let reference = "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nVERSION :1:1\nGAME    :4:Flip\n\
PARAMS  :4:3x3c\nCPARAMS :4:3x3c\nSEED    :1:2\nDESC    :25:d074191345d1644c17058,950\nNSTATES :1:4\nSTATEPOS:1:4\n\
MOVE    :4:M1,2\nSOLVE   :10:S111110001\nMOVE    :4:M1,2\n";
        let mut me = midend("3x3c#2");
        let dr = &mut NullDrawing::default();
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Left), 0, 0));
        me.process_key(dr, PuzzleInput::mouse(Key::Release(Button::Left), 0, 0));
        for k in [Key::CursorDown, Key::CursorDown, Key::CursorRight, Key::CursorSelect] {
            me.process_key(dr, PuzzleInput::key(k));
        }
        me.solve(dr).unwrap();
        me.process_key(dr, PuzzleInput::key(Key::CursorSelect));
        assert_eq!(me.serialise(), reference);
        let mut back = Midend::<Flip>::new(b"b");
        back.deserialise(&mut NullDrawing::default(), reference).unwrap();
        assert_eq!(back.state(), me.state());
        assert_eq!(back.serialise(), reference);
    }

    fn small_board_turns_over_flashes_and_redraws_incrementally() {
        let mut me = midend(&alloc::format!("3x3:{},d00", CROSSES_3X3));
        let mut scr = screen_for(&mut me, 64, 80, COL_GRID, COL_RIGHT);
        let t = me.tilesize();
        assert_eq!(t, 16);
        me.redraw(&mut scr.canvas());
        assert_eq!(scr.pixel(8 + 3, 8 + 3), COL_WRONG as u8, "the top-left square is dark");
        me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Press(Button::Left), 8 + 4, 8 + 4));
        me.timer(&mut scr.canvas(), 125);
        me.timer(&mut scr.canvas(), 125);
        assert_eq!(me.status(), Status::Won);
        assert_eq!(me.anim_progress().1, (0, 210));
        me.timer(&mut scr.canvas(), 80);
        me.timer(&mut scr.canvas(), 200);
        assert_eq!(scr.pixel(8 + 3, 8 + 3), COL_RIGHT as u8);
        assert_incremental_equals_full(&mut me, &scr, COL_GRID, COL_RIGHT);
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
    /// Solve on the default 5×5 crosses (kernel of dimension 2).
    fn solve_5x5_crosses(b: &mut Bench) {
        let (cycles, ()) = b.time(|| {
            let s = midend("5x5c#1234").state().clone();
            Flip::solve(&s, &s, None).unwrap();
        });
        b.report("flip_solve_5x5_crosses", cycles, None, &[]);
    }
    fn full_redraw_5x5(b: &mut Bench) {
        let (cycles, ()) = b.time(|| {
            let mut me = midend("5x5c#1234");
            let mut scr = screen_for(&mut me, 640, 480, COL_GRID, COL_RIGHT);
            me.force_redraw(&mut scr.canvas());
        });
        b.report("flip_full_redraw_5x5", cycles, None, &[]);
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;

    #[test]
    fn reference_images() {
        scene(Scene::Start).check_reference("flip-start");
        let mut mid = scene(Scene::Mid);
        assert_eq!(mid.status(), "Auto-solver used. Moves: 2");
        mid.check_reference("flip-mid");
        let mut flash = scene(Scene::Flash);
        assert_eq!(flash.status(), "COMPLETED! Moves: 1");
        flash.check_reference("flip-flash");
    }

    /// The solver against brute force on thousands of 4×4 and 3×4 puzzles of both kinds (the
    /// generator's, and arbitrary grids, which are often unsolvable for 4×4 crosses).
    #[test]
    fn solver_is_minimal_and_complete_against_brute_force() {
        let mut unsolvable = 0;
        for seed in 0..600u32 {
            let t = if seed % 2 == 0 { MatrixType::Crosses } else { MatrixType::Random };
            let (w, h) = if seed % 3 == 0 { (3, 4) } else { (4, 4) };
            let mut rs = RandomState::new(std::format!("{}", seed).as_bytes());
            let (desc, _) = Flip::new_desc(&p(w, h, t), &mut rs, true);
            let mut s = Flip::new_game(&p(w, h, t), &desc);
            if seed % 5 == 0 {
                for g in s.grid.iter_mut() {
                    *g = rs.upto(2) as u8;
                }
            }
            let best = brute_force_fewest(&s);
            match Flip::solve(&s, &s, None) {
                Ok(solve) => {
                    assert_eq!(Some(solve.bytes().filter(|&b| b == b'1').count()), best, "{}", desc);
                    assert!(clicks_solve(&s, &solve));
                }
                Err(_) => {
                    assert_eq!(best, None, "{}", desc);
                    unsolvable += 1;
                }
            }
        }
        assert!(unsolvable > 5, "{}", unsolvable);
    }

    /// Generated random-shape matrices: identity on the diagonal, shapes within the 3×3
    /// neighbourhood and connected (grown one neighbour at a time), as many ones as crosses,
    /// no two shapes equal; every generated grid solvable and not already white.
    #[test]
    fn generated_puzzles_have_the_promised_shape() {
        for seed in 0..300u32 {
            let (w, h) = (1 + seed % 6, 1 + (seed / 6) % 6);
            let q = p(w, h, MatrixType::Random);
            if Flip::validate_params(&q, true).is_err() {
                continue;
            }
            let mut rs = RandomState::new(std::format!("g{}", seed).as_bytes());
            let (desc, _) = Flip::new_desc(&q, &mut rs, true);
            Flip::validate_desc(&q, &desc).unwrap();
            let s = Flip::new_game(&q, &desc);
            let (w, h, n) = (w as i32, h as i32, (w * h) as usize);
            let ones = s.matrix.iter().filter(|&&b| b != 0).count() as i32;
            assert_eq!(ones, 5 * n as i32 - 2 * (w + h), "{}", desc);
            for c in 0..n {
                assert_eq!(s.matrix[c * n + c], 1);
                for o in 0..n {
                    if s.matrix[c * n + o] != 0 {
                        let (dx, dy) = ((o as i32 % w - c as i32 % w).abs(), (o as i32 / w - c as i32 / w).abs());
                        assert!(dx <= 1 && dy <= 1, "{}", desc);
                    }
                }
                for d in c + 1..n {
                    assert_ne!(s.matrix[c * n..(c + 1) * n], s.matrix[d * n..(d + 1) * n], "{}", desc);
                }
            }
            assert!(s.grid.iter().any(|&g| g != 0));
            let solve = Flip::solve(&s, &s, None).unwrap();
            assert!(clicks_solve(&s, &solve), "{}", desc);
        }
    }
}
