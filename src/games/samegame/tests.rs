//! Same Game tests: parameters, descriptions, the random generator against Tatham's program,
//! the soluble generator against the independent solver, moves and scoring, selection by mouse
//! and keys, save files, drawing; host only: thousands of generated grids of every preset
//! cleared by the solver, reference images. Round trips, redraws, damaged input and
//! generation of every preset are the conformance suite's (`games::conformance`).

use super::*;
use crate::gfx::NullDrawing;
use crate::gfx::test_screen::TestScreen;
use crate::puzzle::backend::ErrorKind;
use crate::puzzle::midend::Midend;

use crate::games::testutil::{assert_incremental_equals_full, screen_digest, screen_for};

fn p(w: u32, h: u32, ncols: u32) -> Params {
    Params { w, h, ncols, scoresub: 2, soluble: true }
}

fn midend(id: &str) -> Midend<SameGame> {
    let mut me = Midend::<SameGame>::new(b"samegame");
    me.set_game_id(id).unwrap();
    me.new_game(&mut NullDrawing::default());
    me
}

fn game(w: u32, h: u32, ncols: u32, desc: &str) -> State {
    SameGame::validate_desc(&p(w, h, ncols), desc).unwrap();
    SameGame::new_game(&p(w, h, ncols), desc)
}

fn drawstate(s: &State) -> DrawState {
    let mut ds = SameGame::new_drawstate(&mut NullDrawing::default(), s);
    SameGame::set_size(&mut NullDrawing::default(), &mut ds, &p(s.w as u32, s.h as u32, 3), 32);
    ds
}

/// Plays the solver's removals as moves; true if the grid ends empty.
fn replay_clears(s: &State, removals: &[Vec<usize>]) -> bool {
    let mut t = s.clone();
    for g in removals {
        let cells: Vec<String> = g.iter().map(|i| format!("{}", i)).collect();
        t = SameGame::execute_move(&t, &format!("M{}", cells.join(","))).unwrap();
    }
    t.complete
}

/// Generates `q` from `seed` and checks the grid is full, in range, and cleared by the solver.
fn check_soluble(q: &Params, seed: &str, node_limit: usize) {
    let mut rs = RandomState::new(seed.as_bytes());
    let (desc, _) = SameGame::new_desc(q, &mut rs, true);
    SameGame::validate_desc(q, &desc).unwrap();
    let s = SameGame::new_game(q, &desc);
    assert!(s.tiles.iter().all(|&t| t >= 1 && t as u32 <= q.ncols), "{}", desc);
    match solver::clear(s.w, s.h, &s.tiles, node_limit) {
        solver::Outcome::Cleared(path) => assert!(replay_clears(&s, &path), "{}", desc),
        other => panic!("{:?} on {}", other, desc),
    }
}

#[derive(Clone, Copy)]
pub enum Scene {
    Start,
    Mid,
    Flash,
}

/// Two rows where one pair is the only move, after which nothing touches its colour: the
/// "Cannot move!" flash.
const DEAD_END: &str = "6x2c3s2:2,3,1,2,3,1,1,2,3,3,1,2";

/// The reference pictures: the start of the soluble `10x5c3s2#12`; the same after the
/// cursor walked to the first group on the second row and selected it (the cursor frame and the white rims); the flash
/// when the last possible move has been made and squares remain.
pub fn scene(which: Scene) -> TestScreen {
    let mut me = midend(if let Scene::Flash = which { DEAD_END } else { "10x5c3s2#12" });
    let mut scr = screen_for(&mut me, 640, 480, COL_LOWLIGHT, COL_SEL);
    me.redraw(&mut scr.canvas());
    match which {
        Scene::Start => {}
        Scene::Mid => {
            // Down, then right until the cursor is on a group: select it.
            me.process_key(&mut scr.canvas(), PuzzleInput::key(Key::CursorDown));
            for _ in 0..10 {
                me.process_key(&mut scr.canvas(), PuzzleInput::key(Key::CursorSelect));
                if me.ui().nselected > 0 {
                    break;
                }
                me.process_key(&mut scr.canvas(), PuzzleInput::key(Key::CursorRight));
            }
        }
        Scene::Flash => {
            let (x, y) = (16 + 2 * 32 + 5, 16 + 32 + 5);
            for _ in 0..2 {
                me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Press(Button::Left), x, y));
                me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Release(Button::Left), x, y));
            }
            me.timer(&mut scr.canvas(), 140);
        }
    }
    scr
}

crate::test_cases! {
    fn params_encode_decode_and_validate() {
        let mut q = SameGame::default_params();
        assert_eq!(SameGame::encode_params(&q, true), "5x5c3s2");
        SameGame::decode_params(&mut q, "10x5c4s1r").unwrap();
        assert_eq!(q, Params { w: 10, h: 5, ncols: 4, scoresub: 1, soluble: false });
        assert_eq!(SameGame::encode_params(&q, true), "10x5c4s1r");
        assert_eq!(SameGame::encode_params(&q, false), "10x5c4s1");
        SameGame::decode_params(&mut q, "7").unwrap();
        assert_eq!(q, Params { w: 7, h: 7, ncols: 3, scoresub: 2, soluble: false }, "defaults; r stays");
        for bad in ["", "x5", "5x", "5c", "5x5c3s", "5x5c3s2q", "5x5r2"] {
            assert_eq!(SameGame::decode_params(&mut q, bad).unwrap_err().kind, ErrorKind::Params, "{}", bad);
        }
        let e = |q: Params| SameGame::validate_params(&q, true).unwrap_err().reason;
        assert_eq!(e(p(0, 5, 3)), "Width and height must both be positive");
        assert_eq!(e(p(31, 5, 3)), "Width and height must be at most 30");
        assert_eq!(e(p(5, 5, 10)), "Maximum of 9 colours");
        assert_eq!(e(p(5, 5, 2)), "Number of colours must be at least three");
        assert_eq!(e(p(1, 1, 3)), "Grid area must be greater than 1");
        assert_eq!(e(Params { soluble: false, ..p(5, 5, 1) }), "Number of colours must be at least two");
        assert_eq!(e(Params { soluble: false, ..p(2, 2, 3) }), "Too many colours makes given grid size impossible");
        assert_eq!(e(Params { scoresub: 3, ..p(5, 5, 3) }), "Scoring system not recognised");
        let q = Params { w: 6, h: 4, ncols: 5, scoresub: 1, soluble: false };
        assert_eq!(SameGame::custom_params(&SameGame::configure(&q)).unwrap(), q);
        let names: Vec<String> = SameGame::presets().iter().map(|p| SameGame::encode_params(&p.params, true)).collect();
        assert_eq!(names, ["5x5c3s2", "10x5c3s2", "15x10c3s2", "15x10c4s2", "20x15c4s2"]);
    }

    fn desc_errors_have_reasons_and_positions() {
        let q = p(2, 2, 3);
        let e = |d: &str| {
            let x = SameGame::validate_desc(&q, d).unwrap_err();
            (x.reason.into_owned(), x.position)
        };
        assert_eq!(SameGame::validate_desc(&q, "1,0,3,3"), Ok(()));
        assert_eq!(e("1,2,4,1"), ("Colour out of range".into(), Some(4)));
        assert_eq!(e("1,2,3"), ("Expected comma after number".into(), Some(5)));
        assert_eq!(e("1,2,3,"), ("Not enough numbers in string".into(), Some(6)));
        assert_eq!(e("1,2,3,1x"), ("Excess junk at end of string".into(), Some(7)));
        let mut me = Midend::<SameGame>::new(b"e");
        let x = me.set_game_id("2x2c3s2:1,2,9,1").unwrap_err();
        assert_eq!((&*x.reason, x.position), ("Colour out of range", Some(12)));
    }

    fn random_grids_are_the_references() {
        // Printed by Simon Tatham's samegame.c for these seeds.
        let cases = [
            ("5x5c3s2r#1", "5x5c3s2:3,2,3,1,3,2,2,2,2,1,1,1,1,3,1,1,1,2,1,2,2,2,3,1,1"),
            ("10x5c3s2r#5", "10x5c3s2:2,3,2,2,2,3,2,1,1,1,2,1,3,3,2,2,2,2,2,2,3,3,3,3,2,3,1,3,2,2,1,1,2,2,2,2,2,2,1,3,1,2,3,1,3,2,3,1,1,2"),
            ("5x5c9s1r#2", "5x5c9s1:9,8,2,2,5,1,5,3,1,9,3,7,2,8,6,2,9,8,1,7,6,1,4,4,4"),
            ("4x4c2s2r#3", "4x4c2s2:1,2,1,2,1,1,2,2,1,2,2,2,1,2,1,2"),
        ];
        for (seed_id, desc_id) in cases {
            assert_eq!(midend(seed_id).game_id().unwrap(), desc_id, "{}", seed_id);
        }
    }

    fn soluble_grids_are_cleared_by_the_solver() {
        for seed in ["a", "b", "c"] {
            check_soluble(&p(5, 5, 3), seed, 100_000);
        }
        check_soluble(&p(3, 1, 3), "row", 1000);
        check_soluble(&p(1, 4, 4), "column", 1000);
        check_soluble(&p(3, 3, 5), "odd", 10_000);
    }

    fn solver_knows_a_dead_grid() {
        // One square of colour 3 can never go.
        let s = game(3, 1, 3, "1,3,1");
        assert_eq!(solver::clear(3, 1, &s.tiles, 100), solver::Outcome::Impossible);
        let t = game(2, 2, 3, "1,2,2,1");
        assert_eq!(solver::clear(2, 2, &t.tiles, 100), solver::Outcome::Impossible);
        let u = game(2, 2, 3, "1,2,1,2");
        let solver::Outcome::Cleared(path) = solver::clear(2, 2, &u.tiles, 100) else { panic!("not cleared") };
        assert_eq!(path.len(), 2);
        assert!(replay_clears(&u, &path));
    }

    fn removals_score_fall_and_close_up() {
        let s = game(3, 3, 3, "1,2,3,1,2,3,2,2,3");
        // Column 2 (all 3s) goes: 9 points less the offset 2: (3-2)² = 1.
        let t = SameGame::execute_move(&s, "M2,5,8").unwrap();
        assert_eq!(t.tiles, vec![1, 2, 0, 1, 2, 0, 2, 2, 0]);
        assert_eq!(t.score, 1);
        // The 2s: four squares, (4-2)² = 4; the 1s above fall into the hole.
        let u = SameGame::execute_move(&t, "M1,4,6,7").unwrap();
        assert_eq!(u.tiles, vec![0, 0, 0, 1, 0, 0, 1, 0, 0]);
        assert_eq!(u.score, 5);
        // An emptied column closes up from the right.
        let v = SameGame::execute_move(&game(3, 2, 3, "1,2,3,1,2,3"), "M1,4").unwrap();
        assert_eq!(v.tiles, vec![1, 3, 0, 1, 3, 0]);
        // The reference removes whatever squares it is told to, group or not.
        let lone = SameGame::execute_move(&u, "M3").unwrap();
        assert_eq!((lone.tiles[6], lone.score, lone.complete), (1, 5, false));
        assert!(SameGame::execute_move(&lone, "M6").unwrap().complete);
        for bad in ["", "X1", "M9", "M1,x", "M-1", "M1,,", "m1"] {
            assert_eq!(SameGame::execute_move(&s, bad).unwrap_err().kind, ErrorKind::Move, "{}", bad);
        }
    }

    fn completion_and_dead_ends_flash() {
        let s = game(2, 1, 3, "2,2");
        let mut ui = SameGame::new_ui(&s);
        let t = SameGame::execute_move(&s, "M0,1").unwrap();
        assert!(t.complete && !t.impossible);
        assert_eq!(SameGame::status(&t), Status::Won);
        assert_eq!(SameGame::flash_length(&s, &t, 1, &mut ui), 260);
        assert_eq!(SameGame::status_text(&t, &ui).unwrap(), "COMPLETE! Score: 0");
        let d = game(6, 2, 3, "2,3,1,2,3,1,1,2,3,3,1,2");
        let e = SameGame::execute_move(&d, "M8,9").unwrap();
        assert!(e.impossible && !e.complete);
        assert_eq!(SameGame::status(&e), Status::Playing, "undo may rescue it");
        assert_eq!(SameGame::flash_length(&d, &e, 1, &mut ui), 260);
        assert_eq!(SameGame::status_text(&e, &ui).unwrap(), "Cannot move! Score: 0");
        assert_eq!(SameGame::text_format(&e).unwrap(), "23  31\n121212\n");
    }

    fn clicks_select_then_remove() {
        let s = game(3, 2, 3, "1,1,2,3,1,2");
        let ds = drawstate(&s);
        let mut ui = SameGame::new_ui(&s);
        let at = |x: i32, y: i32| (16 + x * 32 + 4, 16 + y * 32 + 4);
        let click = |ui: &mut Ui, b: Button, (x, y): (i32, i32)| {
            SameGame::interpret_move(&s, ui, &ds, PuzzleInput::mouse(Key::Press(b), x, y))
        };
        assert_eq!(click(&mut ui, Button::Left, at(0, 0)), MoveResult::UiUpdate);
        assert_eq!(ui.nselected, 3);
        assert_eq!(SameGame::status_text(&s, &ui).unwrap(), "Score: 0  Selected: 3 (1)");
        assert_eq!(click(&mut ui, Button::Right, at(1, 1)), MoveResult::UiUpdate, "right click deselects");
        assert_eq!(ui.nselected, 0);
        click(&mut ui, Button::Left, at(0, 0));
        assert_eq!(click(&mut ui, Button::Left, at(1, 1)), MoveResult::Move("M0,1,4".into()));
        assert_eq!(ui.nselected, 0);
        assert_eq!(click(&mut ui, Button::Left, at(0, 1)), MoveResult::UiUpdate);
        assert_eq!(ui.nselected, 0, "a lone square is no group");
        assert_eq!(click(&mut ui, Button::Left, at(5, 0)), MoveResult::Ignored, "off the grid");
        let k = |ui: &mut Ui, k: Key| SameGame::interpret_move(&s, ui, &ds, PuzzleInput::key(k));
        k(&mut ui, Key::CursorLeft);
        assert_eq!((ui.xsel, ui.ysel, ui.displaysel), (2, 0, true), "the cursor wraps");
        k(&mut ui, Key::CursorSelect);
        assert_eq!(ui.nselected, 2);
        assert_eq!(k(&mut ui, Key::CursorSelect2), MoveResult::UiUpdate);
        assert_eq!(ui.nselected, 0);
        k(&mut ui, Key::CursorSelect);
        assert_eq!(k(&mut ui, Key::CursorSelect), MoveResult::Move("M2,5".into()));
        assert_eq!(SameGame::cursor_location(&s, &ui, &ds), Some(Rect::new(80, 16, 32, 32)));
    }

    fn keys_match_the_reference_save_file() {
        // Tatham's samegame after 5x5c3s2r#1 and Right, Select, Select, Down, Down, Select,
        // Select2, Select, Select, u (his midend_serialise output).
        let reference = "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nVERSION :1:1\nGAME    :9:Same Game\n\
PARAMS  :7:5x5c3s2\nCPARAMS :8:5x5c3s2r\nSEED    :1:1\nDESC    :49:3,2,3,1,3,2,2,2,2,1,1,1,1,3,1,1,1,2,1,2,2,2,3,1,1\n\
NSTATES :1:3\nSTATEPOS:1:2\nMOVE    :10:M1,5,6,7,8\nMOVE    :15:M10,11,12,15,16\n";
        let mut me = midend("5x5c3s2r#1");
        let dr = &mut NullDrawing::default();
        for k in [
            Key::CursorRight,
            Key::CursorSelect,
            Key::CursorSelect,
            Key::CursorDown,
            Key::CursorDown,
            Key::CursorSelect,
            Key::CursorSelect2,
            Key::CursorSelect,
            Key::CursorSelect,
        ] {
            me.process_key(dr, PuzzleInput::key(k));
        }
        me.undo(dr).unwrap();
        assert_eq!(me.serialise(), reference);
        assert_eq!(me.text_format().unwrap(), "    3\n3 311\n11131\n11212\n22311\n");
        let mut back = Midend::<SameGame>::new(b"b");
        back.deserialise(&mut NullDrawing::default(), reference).unwrap();
        assert_eq!(back.state(), me.state());
        assert_eq!(back.serialise(), reference);
    }

    fn small_board_selects_removes_flashes_and_redraws_incrementally() {
        let mut me = midend("3x2c3s2:1,1,2,2,1,2");
        let mut scr = screen_for(&mut me, 64, 64, COL_LOWLIGHT, COL_SEL);
        assert_eq!(me.tilesize(), 16);
        me.redraw(&mut scr.canvas());
        me.process_key(&mut scr.canvas(), PuzzleInput::key(Key::CursorSelect));
        me.process_key(&mut scr.canvas(), PuzzleInput::key(Key::CursorRight));
        assert_eq!(scr.status(), "Score: 0  Selected: 3 (1)");
        assert_incremental_equals_full(&mut me, &scr, COL_LOWLIGHT, COL_SEL);
        me.process_key(&mut scr.canvas(), PuzzleInput::key(Key::CursorSelect));
        assert_eq!(me.state().score, 1);
        me.process_key(&mut scr.canvas(), PuzzleInput::key(Key::CursorSelect));
        me.process_key(&mut scr.canvas(), PuzzleInput::key(Key::CursorSelect));
        assert_eq!(me.status(), Status::Won);
        me.timer(&mut scr.canvas(), 140);
        assert_eq!(scr.status(), "COMPLETE! Score: 2");
        me.timer(&mut scr.canvas(), 200);
        assert_incremental_equals_full(&mut me, &scr, COL_LOWLIGHT, COL_SEL);
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
    /// The redraw only (it timed the game's generation too, which was most of it).
    fn full_redraw_15x10(b: &mut Bench) {
        let mut me = midend("15x10c3s2#1");
        let mut scr = screen_for(&mut me, 640, 480, COL_LOWLIGHT, COL_SEL);
        let (cycles, ()) = b.time(|| {
            me.force_redraw(&mut scr.canvas());
        });
        b.report("samegame_full_redraw_15x10", cycles, None, &[]);
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;

    #[test]
    fn reference_images() {
        scene(Scene::Start).check_reference("samegame-start");
        let mut mid = scene(Scene::Mid);
        assert!(mid.status().starts_with("Score: 0  Selected: "), "{}", mid.status());
        mid.check_reference("samegame-mid");
        let mut flash = scene(Scene::Flash);
        assert_eq!(flash.status(), "Cannot move! Score: 0");
        flash.check_reference("samegame-flash");
    }

    /// Every preset, many seeds: the solver clears every soluble grid.
    #[test]
    fn generated_grids_of_every_preset_are_cleared_by_the_solver() {
        for (i, pr) in SameGame::presets().iter().enumerate() {
            let seeds = [400, 200, 60, 60, 20][i];
            for seed in 0..seeds {
                check_soluble(&pr.params, &std::format!("{}-{}", i, seed), 2_000_000);
            }
        }
        for seed in 0..300u32 {
            let q = p(1 + seed % 8, 1 + (seed / 8) % 6, 3 + seed % 5);
            if SameGame::validate_params(&q, true).is_ok() {
                check_soluble(&q, &std::format!("odd{}", seed), 2_000_000);
            }
        }
    }
}
