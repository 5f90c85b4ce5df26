//! Untangle tests: parameters, descriptions, the generator and its private solution against
//! Tatham's program, the crossing test, the starting circle, moves, dragging by mouse and keys,
//! Solve, animation, save files, partial redraws, a few generated graphs (planar, never
//! starting untangled); host only: thousands of those, the whole circle table,
//! reference images. Round trips, redraws, damaged input and generation of every preset are
//! the conformance suite's (`games::conformance`).

use super::*;
use crate::gfx::NullDrawing;
use crate::gfx::test_screen::TestScreen;
use crate::puzzle::backend::{Button, ErrorKind};
use crate::puzzle::midend::Midend;

use crate::games::testutil::{assert_incremental_equals_full, screen_digest, screen_for};

fn midend(id: &str) -> Midend<Untangle> {
    let mut me = Midend::<Untangle>::new(b"untangle");
    me.set_game_id(id).unwrap();
    me.new_game(&mut NullDrawing::default());
    me
}

fn pt(x: i64, y: i64, d: i64) -> Point {
    Point::new(x, y, d)
}

/// Tatham's starting circles (his `make_circle`, printed for these n): "x,y" per point.
pub const REFERENCE_CIRCLES: &[(u32, &str)] = &[
    (4, "96,14 178,96 96,178 14,96"),
    (5, "96,14 174,71 144,162 48,162 18,71"),
    (6, "128,19 222,73 222,182 128,237 34,183 34,73"),
    (7, "128,19 213,60 234,152 175,226 81,226 22,152 43,60"),
    (9, "160,23 248,55 295,136 279,228 207,289 113,289 41,229 25,136 72,55"),
    (10, "160,23 241,49 290,118 290,202 241,271 160,297 79,271 30,202 30,118 79,49"),
    (12, "192,28 274,50 334,110 356,192 334,274 274,334 192,356 110,334 50,274 28,192 50,110 110,50"),
];

/// Checks our circle against one of his: equal, except one unit lower in his where the exact
/// position is a half (he rounds a double that missed the half on either side).
fn check_circle(n: u32, reference: &str) {
    let w = coord_limit(n);
    let r = 64 * w as i64 * 3 / 7;
    let ours = circle(n, w);
    for (i, (p, theirs)) in ours.iter().zip(reference.split(' ')).enumerate() {
        let (tx, ty) = theirs.split_once(',').unwrap();
        let (tx, ty): (i64, i64) = (tx.parse().unwrap(), ty.parse().unwrap());
        let half = |twice: Option<i64>| r % 2 == 1 && matches!(twice, Some(1) | Some(-1));
        let k = (12 * i as u32).is_multiple_of(n).then(|| (12 * i as u32 / n) as usize);
        let (hx, hy) = match k {
            Some(k) => (half(geometry_tables::sin(k)), half(geometry_tables::cos(k))),
            None => (false, false),
        };
        assert!(p.x == tx || (hx && p.x == tx + 1), "n {} point {}: x {} vs {}", n, i, p.x, tx);
        assert!(p.y == ty || (hy && p.y == ty + 1), "n {} point {}: y {} vs {}", n, i, p.y, ty);
    }
}

/// Twice sin/cos of k·30° where rational (the test's own table).
mod geometry_tables {
    pub fn sin(k: usize) -> Option<i64> {
        [Some(0), Some(1), None, Some(2), None, Some(1), Some(0), Some(-1), None, Some(-2), None, Some(-1)][k]
    }
    pub fn cos(k: usize) -> Option<i64> {
        [Some(2), None, Some(1), Some(0), Some(-1), None, Some(-2), None, Some(-1), Some(0), Some(1), None][k]
    }
}

#[derive(Clone, Copy)]
pub enum Scene {
    Start,
    Mid,
    Flash,
}

/// The reference pictures: the start of `10#1234`; point 0 being dragged (white, its
/// neighbours red); the generator's own layout played back as moves, during the completion
/// flash.
pub fn scene(which: Scene) -> TestScreen {
    let mut me = midend("10#1234");
    let mut scr = screen_for(&mut me, 640, 480, COL_SYSBACKGROUND, COL_DRAGPOINT);
    me.redraw(&mut scr.canvas());
    match which {
        Scene::Start => {}
        Scene::Mid => {
            me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Press(Button::Left), 160, 23));
            me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Drag(Button::Left), 180, 100));
            me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Drag(Button::Left), 200, 150));
        }
        Scene::Flash => {
            let (_, aux) = generator::generate(10, &mut RandomState::new(b"1234"));
            let moves: Vec<&str> = aux.trim_start_matches("S;").split(';').collect();
            for mv in moves {
                me.apply_move(&mut scr.canvas(), mv).unwrap();
            }
            assert_eq!(me.status(), Status::Won);
            me.timer(&mut scr.canvas(), 100);
        }
    }
    scr
}

/// Generates `n` points from `seed` and checks the graph: planar (the private layout Solve
/// plays has no crossing by the exact test), no vertex of degree above four, and the
/// starting circle tangled (at least one crossing).
fn check_generated_graph(seed: u32, n: u32) {
    let q = Params { n };
    let mut rs = RandomState::new(alloc::format!("{}", seed).as_bytes());
    let (desc, aux) = Untangle::new_desc(&q, &mut rs, true);
    Untangle::validate_desc(&q, &desc).unwrap();
    let s = Untangle::new_game(&q, &desc);
    assert!(!s.completed && s.crosses.iter().any(|&c| c), "{}: starts untangled", desc);
    let mut degree = vec![0; n as usize];
    for &(a, b) in s.edges.iter() {
        degree[a] += 1;
        degree[b] += 1;
    }
    assert!(degree.iter().all(|&d| d <= generator::MAX_DEGREE), "{}", desc);
    let solve = Untangle::solve(&s, &s, aux.as_deref()).unwrap();
    let t = Untangle::execute_move(&s, &solve).unwrap();
    assert!(t.completed && t.crosses.iter().all(|&c| !c), "{} {}", desc, solve);
}

crate::test_cases! {
    fn params_encode_decode_and_validate() {
        let mut q = Untangle::default_params();
        assert_eq!(Untangle::encode_params(&q, true), "10");
        Untangle::decode_params(&mut q, "25").unwrap();
        assert_eq!(q.n, 25);
        for bad in ["", "x", "10x", "-3"] {
            assert_eq!(Untangle::decode_params(&mut q, bad).unwrap_err().kind, ErrorKind::Params, "{}", bad);
        }
        let e = |n: u32| Untangle::validate_params(&Params { n }, true).unwrap_err().reason;
        assert_eq!(e(3), "Number of points must be at least four");
        assert_eq!(e(101), "Number of points must be at most 100");
        assert_eq!(Untangle::custom_params(&Untangle::configure(&Params { n: 17 })).unwrap(), Params { n: 17 });
        let names: Vec<String> = Untangle::presets().into_iter().map(|p| p.name).collect();
        assert_eq!(names, ["6 points", "10 points", "15 points", "20 points", "25 points"]);
    }

    fn desc_errors_have_reasons_and_positions() {
        let q = Params { n: 5 };
        let e = |d: &str| {
            let x = Untangle::validate_desc(&q, d).unwrap_err();
            (x.reason.into_owned(), x.position)
        };
        assert_eq!(Untangle::validate_desc(&q, "0-1,1-2,4-0,0-1"), Ok(()));
        assert_eq!(Untangle::validate_desc(&q, ""), Ok(()), "no edges at all");
        assert_eq!(e("0-5"), ("Number out of range in game description".into(), Some(2)));
        assert_eq!(e("0-1,7-2"), ("Number out of range in game description".into(), Some(4)));
        assert_eq!(e("0-1,2"), ("Expected '-' after number in game description".into(), Some(5)));
        assert_eq!(e("0-1;2-3"), ("Expected ',' after number in game description".into(), Some(3)));
        assert_eq!(e("0-1,"), ("Expected a number in game description".into(), Some(4)));
        assert_eq!(e("0-1,x"), ("Expected a number in game description".into(), Some(4)));
        assert_eq!(e("1-2,3-3"), ("Node linked to itself in game description".into(), Some(4)));
        let mut me = Midend::<Untangle>::new(b"e");
        let x = me.set_game_id("5:0-1,1-9").unwrap_err();
        assert_eq!((&*x.reason, x.position), ("Number out of range in game description", Some(8)));
    }

    fn seeds_generate_the_same_puzzles_as_the_reference() {
        // Printed by Simon Tatham's untangle.c for these seeds.
        let cases = [
            ("6#1", "6:0-1,0-2,0-4,0-5,1-2,1-3,1-5,2-3,4-5"),
            ("6#2", "6:0-1,0-4,1-2,1-4,1-5,2-3,2-4,2-5,3-5"),
            ("4#6", "4:0-1,0-2,0-3,1-3,2-3"),
            ("8#8", "8:0-1,0-2,0-4,0-5,1-2,1-5,1-7,3-4,3-6,3-7,4-5,4-6,5-6,6-7"),
            ("10#1234", "10:0-2,0-4,0-6,0-7,1-3,1-5,1-8,2-3,2-5,2-6,3-6,4-7,4-9,5-8,5-9,6-7,8-9"),
        ];
        for (seed_id, desc_id) in cases {
            assert_eq!(midend(seed_id).game_id().unwrap(), desc_id, "{}", seed_id);
        }
    }

    fn private_solution_and_solve_match_the_reference() {
        // Tatham's save file after 6#1 and Solve: the scrambled AUXINFO record and the move.
        let mut me = midend("6#1");
        let dr = &mut NullDrawing::default();
        me.solve(dr).unwrap();
        let saved = me.serialise();
        assert!(saved.contains("AUXINFO :110:534278ebc89f0dea1a9577c78d382719e533b09ea9a19d3312f67db2c603a1622ac7920798f9f002ecf6ba8929883093dd52d568b755c2\n"), "{}", saved);
        assert!(saved.ends_with("SOLVE   :55:S;P0:3,5/2;P1:5,3/2;P2:7,7/2;P3:7,5/2;P4:1,3/2;P5:1,1/2\n"), "{}", saved);
        assert!(me.state().completed && me.state().cheated);
        // After a drag in 10#1234 his Solve chose another of the eight symmetries.
        let mut me = midend("10#1234");
        me.apply_move(dr, "P0:100,100/64").unwrap();
        me.solve(dr).unwrap();
        let (moves, _) = me.moves();
        assert_eq!(moves[1].1, "S;P0:3,7/2;P1:9,1/2;P2:5,5/2;P3:9,9/2;P4:1,3/2;P5:5,3/2;P6:7,9/2;P7:1,7/2;P8:5,1/2;P9:1,1/2");
        // Without the private solution (a typed-in game ID) there is none.
        let mut typed = midend("6:0-1,0-2,0-4,0-5,1-2,1-3,1-5,2-3,4-5");
        assert_eq!(typed.solve(dr).unwrap_err().reason, "Solution not known for this puzzle");
    }

    fn starting_circles_are_the_references() {
        for &(n, reference) in REFERENCE_CIRCLES {
            check_circle(n, reference);
        }
        assert_eq!(coord_limit(25), 8);
        assert_eq!(geometry::isqrt(24), 4);
    }

    /// The generator's graphs are planar and start tangled, on a few seeds (thousands on
    /// the host: `generated_graphs_are_planar_and_start_tangled`).
    fn a_few_generated_graphs_are_planar_and_start_tangled() {
        for seed in 0..8u32 {
            check_generated_graph(seed, 4 + seed);
        }
    }

    fn crossing_test_counts_touching() {
        let (a, b) = (pt(0, 0, 1), pt(4, 4, 1));
        assert!(cross(a, b, pt(0, 4, 1), pt(4, 0, 1)), "an X");
        assert!(!cross(a, b, pt(1, 0, 1), pt(4, 3, 1)), "parallel");
        assert!(cross(a, b, pt(2, 2, 1), pt(5, 0, 1)), "an end point on the other line");
        assert!(cross(a, b, pt(3, 3, 1), pt(6, 6, 1)), "collinear overlap");
        assert!(!cross(a, b, pt(5, 5, 1), pt(6, 6, 1)), "collinear apart");
        assert!(cross(a, b, pt(4, 4, 2), pt(4, 4, 2)), "a point on the line (2,2) as 4/2");
        assert!(!cross(a, b, pt(5, 4, 2), pt(5, 4, 2)), "a point beside it");
        assert!(!cross(a, b, pt(0, 5, 1), pt(1, 9, 1)));
    }

    /// The 32-bit crossing test (points sharing a denominator) gives the 64-bit answer:
    /// points on a small grid, so that touching, collinear and zero-length cases are common,
    /// with denominators 1, 2 and 64 (the generator's, a solved layout's, the circle's).
    fn crossings_agree_in_32_and_64_bits() {
        let mut seed = 99u32;
        let mut next = |n: u32| {
            seed = seed.wrapping_mul(1103515245).wrapping_add(12345);
            ((seed >> 8) % n) as i64
        };
        let mut met = 0;
        for case in 0..3000 {
            let d = [1, 2, 64][case % 3];
            let span = if case % 2 == 0 { 6 } else { 1100 };
            let mut p = || pt(next(span), next(span), d);
            let (a1, a2, b1, b2) = (p(), p(), p(), p());
            let wide = |q: Point| (q.x, q.y, q.d);
            let want = geometry::cross_in(wide(a1), wide(a2), wide(b1), wide(b2));
            assert_eq!(cross(a1, a2, b1, b2), want, "{:?}", (a1, a2, b1, b2));
            met += want as u32;
        }
        assert!(met > 300 && met < 2700, "both answers are common: {} crossings", met);
    }

    fn moves_place_points_and_mark_crossings() {
        // A 4-cycle drawn as a bow tie crosses; moving one corner untangles it.
        let q = Params { n: 4 };
        let s = Untangle::new_game(&q, "0-1,1-2,2-3,3-0,0-2");
        assert!(s.completed, "the circle's order with one diagonal crosses nothing");
        assert_eq!(s.crosses.iter().filter(|&&c| c).count(), 0);
        let bow = Untangle::new_game(&q, "0-2,2-1,1-3,3-0");
        assert!(!bow.completed);
        let fixed = Untangle::execute_move(&bow, "P2:1,1/1").unwrap();
        assert!(fixed.completed, "{:?}", fixed.crosses);
        let back = Untangle::execute_move(&fixed, "P2:96,178/64").unwrap();
        assert!(back.completed, "completion sticks");
        let two = Untangle::execute_move(&bow, "P0:1,1/2;P1:2,2/2").unwrap();
        assert_eq!((two.pts[0], two.pts[1]), (pt(1, 1, 2), pt(2, 2, 2)));
        let solved = Untangle::execute_move(&bow, "S;P2:1,1/1").unwrap();
        assert!(solved.cheated && solved.just_solved);
        assert!(!Untangle::execute_move(&solved, "P2:1,2/1").unwrap().just_solved);
        assert!(Untangle::execute_move(&bow, "P0:1,1/1;").is_ok(), "a trailing ; as the reference");
        for bad in ["", "X", "P", "P4:1,1/1", "P0:1,1/0", "P0:1,1/1001", "P0:4,1/1", "P0:1,1", "P0:1,1/1x", "P-1:1,1/1", "Q"] {
            assert_eq!(Untangle::execute_move(&bow, bad).unwrap_err().kind, ErrorKind::Move, "{}", bad);
        }
    }

    fn dragging_makes_moves_and_cancels_off_the_area() {
        let mut me = midend("10#1234");
        let dr = &mut NullDrawing::default();
        me.size(dr, 640, 480, false);
        assert_eq!(me.tilesize(), 64);
        // Point 0 is at pixel (160,23).
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Left), 163, 27));
        assert_eq!(me.ui().dragpoint, Some(0));
        me.process_key(dr, PuzzleInput::mouse(Key::Drag(Button::Left), 100, 100));
        assert_eq!(me.cursor_location(), Some(Rect::new(94, 94, 13, 13)));
        me.process_key(dr, PuzzleInput::mouse(Key::Release(Button::Left), 90, 90));
        let (moves, _) = me.moves();
        assert_eq!(moves[0].1, "P0:100,100/64", "the last drag position, as the reference");
        assert_eq!(me.anim_progress().0, (0, 0), "a dragged point does not animate");
        // Dropped outside the 320x320 area: no move.
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Left), 100, 100));
        me.process_key(dr, PuzzleInput::mouse(Key::Drag(Button::Left), 330, 100));
        me.process_key(dr, PuzzleInput::mouse(Key::Release(Button::Left), 330, 100));
        assert_eq!(me.moves().0.len(), 1);
        // Nothing to pick up here.
        me.process_key(dr, PuzzleInput::mouse(Key::Press(Button::Left), 5, 300));
        assert_eq!(me.ui().dragpoint, None);
        // Undo animates back.
        me.undo(dr).unwrap();
        assert_eq!(me.anim_progress().0, (0, 130));
    }

    fn keyboard_selects_drags_and_drops() {
        let s = Untangle::new_game(&Params { n: 10 }, "0-2,0-4");
        let mut ds = Untangle::new_drawstate(&mut NullDrawing::default(), &s);
        Untangle::set_size(&mut NullDrawing::default(), &mut ds, &Params { n: 10 }, 64);
        let mut ui = Untangle::new_ui(&s);
        let k = |ui: &mut Ui, k: Key, mods: Mods| Untangle::interpret_move(&s, ui, &ds, PuzzleInput { key: k, x: 0, y: 0, mods });
        // From point 0 (top centre) rightwards the nearest within 45° is point 1.
        assert_eq!(k(&mut ui, Key::CursorRight, Mods::NONE), MoveResult::UiUpdate);
        assert_eq!(ui.cursorpoint, Some(1));
        k(&mut ui, Key::CursorDown, Mods::NONE);
        assert_eq!(ui.cursorpoint, Some(2));
        assert_eq!(k(&mut ui, Key::CursorUp, Mods::NONE), MoveResult::UiUpdate);
        assert_eq!(ui.cursorpoint, Some(1));
        assert_eq!(k(&mut ui, Key::CursorSelect2, Mods::NONE), MoveResult::UiUpdate);
        assert_eq!(ui.cursorpoint, Some(2));
        k(&mut ui, Key::Char(b'\t'), Mods::SHIFT);
        assert_eq!(ui.cursorpoint, Some(1));
        // Pick it up, move it half a square left twice, drop it.
        k(&mut ui, Key::CursorSelect, Mods::NONE);
        assert_eq!((ui.dragpoint, ui.cursorpoint), (Some(1), None));
        k(&mut ui, Key::CursorLeft, Mods::NONE);
        k(&mut ui, Key::CursorLeft, Mods::NONE);
        assert_eq!(k(&mut ui, Key::CursorSelect, Mods::NONE), MoveResult::Move("P1:177,49/64".into()));
        assert_eq!((ui.dragpoint, ui.cursorpoint), (None, Some(1)));
    }

    fn solve_animates_and_flashes_only_genuine_completions() {
        let mut me = midend("6#1");
        let dr = &mut NullDrawing::default();
        me.solve(dr).unwrap();
        assert_eq!(me.anim_progress().0, (0, SOLVE_ANIM_MS));
        me.timer(dr, 600);
        assert_eq!(me.anim_progress().1, (0, 0), "no flash after Solve");
        me.undo(dr).unwrap();
        assert_eq!(me.anim_progress().0, (0, SOLVE_ANIM_MS), "undoing Solve animates as slowly");
        me.timer(dr, 600);
        let q = Params { n: 4 };
        let bow = Untangle::new_game(&q, "0-2,2-1,1-3,3-0");
        let fixed = Untangle::execute_move(&bow, "P2:1,1/1").unwrap();
        let mut ui = Untangle::new_ui(&bow);
        assert_eq!(Untangle::flash_length(&bow, &fixed, 1, &mut ui), FLASH_MS);
        assert_eq!(Untangle::status(&fixed), Status::Won);
    }

    fn keys_and_drags_match_the_reference_save_file() {
        // Tatham's untangle after 10#1234, a drag of point 0 to (100,100), a click on
        // nothing, and Undo.
        let reference = "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nVERSION :1:1\nGAME    :8:Untangle\n\
PARAMS  :2:10\nCPARAMS :2:10\nSEED    :4:1234\nDESC    :67:0-2,0-4,0-6,0-7,1-3,1-5,1-8,2-3,2-5,2-6,3-6,4-7,4-9,5-8,5-9,6-7,8-9\n\
AUXINFO :182:a9d89f6b72935772d141da5b54d8a8948f71a6ab5be1b0a0f8e2d7c1b1fae08dd2f369450624ef7879e2b950540eba51dc168a27acf7ba8a981ca57c382d26387a11a9379cb2631595a01c08f92e96fafee35e7c4a320ae9ee4297\n\
NSTATES :1:2\nSTATEPOS:1:1\nMOVE    :13:P0:100,100/64\n";
        let mut me = midend("10#1234");
        let dr = &mut NullDrawing::default();
        me.size(dr, 640, 480, false);
        for (key, x, y) in [
            (Key::Press(Button::Left), 160, 23),
            (Key::Drag(Button::Left), 100, 100),
            (Key::Release(Button::Left), 90, 90),
            (Key::Press(Button::Left), 160, 23),
            (Key::Release(Button::Left), 160, 23),
        ] {
            me.process_key(dr, PuzzleInput::mouse(key, x, y));
        }
        me.undo(dr).unwrap();
        assert_eq!(me.serialise(), reference);
        let mut back = Midend::<Untangle>::new(b"b");
        back.deserialise(&mut NullDrawing::default(), reference).unwrap();
        assert_eq!(back.state(), me.state());
        assert_eq!(back.serialise(), reference);
    }

    fn partial_redraws_equal_a_full_one() {
        // A small puzzle at tile size 16 (4 points: 3x3 grid units, 48x48 pixels).
        let mut me = midend("4:0-1,0-2,0-3,1-3,2-3");
        let mut scr = screen_for(&mut me, 48, 64, COL_SYSBACKGROUND, COL_DRAGPOINT);
        assert_eq!(me.tilesize(), 16);
        me.redraw(&mut scr.canvas());
        // Point 2 is at pixel (24,44): drag it up, in two steps, and drop it.
        me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Press(Button::Left), 24, 44));
        me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Drag(Button::Left), 26, 30));
        me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Drag(Button::Left), 27, 15));
        assert_incremental_equals_full(&mut me, &scr, COL_SYSBACKGROUND, COL_DRAGPOINT);
        me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Release(Button::Left), 27, 15));
        assert_eq!(me.status(), Status::Won);
        me.timer(&mut scr.canvas(), 100);
        me.timer(&mut scr.canvas(), 300);
        // Undo, caught half way.
        me.undo(&mut scr.canvas()).unwrap();
        me.timer(&mut scr.canvas(), 65);
        assert_incremental_equals_full(&mut me, &scr, COL_SYSBACKGROUND, COL_DRAGPOINT);
    }

    /// The damage of a drag is a chain of small rectangles along each moved line: dragging
    /// points of 25 across the board, off it and back, by small and large steps, leaves the
    /// same picture as drawing everything again.
    fn strips_redrawn_while_dragging_equal_a_full_redraw() {
        let mut me = midend("25#4");
        let mut scr = screen_for(&mut me, 320, 240, COL_SYSBACKGROUND, COL_DRAGPOINT);
        me.redraw(&mut scr.canvas());
        let ts = me.tilesize() as i64;
        for (point, path) in [
            (0, &[(3, 2), (4, 4), (40, -25), (150, 90), (-30, 60), (5, 1)][..]),
            (7, &[(1, 0), (0, 1), (-90, -120), (-91, -119), (200, 10)][..]),
        ] {
            let (x, y) = me.state().pts[point].pixel(ts);
            me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Press(Button::Left), x, y));
            assert_eq!(me.ui().dragpoint, Some(point));
            for &(dx, dy) in path {
                me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Drag(Button::Left), x + dx, y + dy));
            }
            assert_incremental_equals_full(&mut me, &scr, COL_SYSBACKGROUND, COL_DRAGPOINT);
            let &(dx, dy) = path.last().unwrap();
            me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Release(Button::Left), x + dx, y + dy));
            assert_incremental_equals_full(&mut me, &scr, COL_SYSBACKGROUND, COL_DRAGPOINT);
        }
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
    fn full_redraw_10_points(b: &mut Bench) {
        let (cycles, ()) = b.time(|| {
            let mut me = midend("10#1234");
            let mut scr = screen_for(&mut me, 640, 480, COL_SYSBACKGROUND, COL_DRAGPOINT);
            me.force_redraw(&mut scr.canvas());
        });
        b.report("untangle_full_redraw_10_points", cycles, None, &[]);
    }
    fn full_redraw_25_points(b: &mut Bench) {
        let mut me = midend("25#4");
        let mut scr = screen_for(&mut me, 640, 480, COL_SYSBACKGROUND, COL_DRAGPOINT);
        let (cycles, ()) = b.time(|| {
            me.force_redraw(&mut scr.canvas());
        });
        b.report("untangle_full_redraw_25_points", cycles, None, &[]);
    }
    /// One drag step of a point of `25#4`: the press on the point (it and its neighbours change
    /// pen) and a move of 4 pixels, each clearing and redrawing its damaged rectangle. The
    /// generation and the first full redraw happen before the clock starts.
    fn drag_step_25_points(b: &mut Bench) {
        let mut me = midend("25#4");
        let mut scr = screen_for(&mut me, 640, 480, COL_SYSBACKGROUND, COL_DRAGPOINT);
        me.redraw(&mut scr.canvas());
        let (x, y) = me.state().pts[0].pixel(me.tilesize() as i64);
        let (cycles, ()) = b.time(|| {
            me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Press(Button::Left), x, y));
            me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Drag(Button::Left), x + 4, y + 4));
        });
        b.report("untangle_drag_step_25_points", cycles, None, &[]);
    }
    /// Dragging on: after the press and a first move, ten more moves of 4 pixels (right and
    /// back), each redrawing the strips along the point's four lines; the mean per move.
    fn drag_moves_25_points(b: &mut Bench) {
        let mut me = midend("25#4");
        let mut scr = screen_for(&mut me, 640, 480, COL_SYSBACKGROUND, COL_DRAGPOINT);
        me.redraw(&mut scr.canvas());
        let (x, y) = me.state().pts[0].pixel(me.tilesize() as i64);
        me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Press(Button::Left), x, y));
        me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Drag(Button::Left), x + 4, y + 4));
        let (cycles, ()) = b.time(|| {
            for k in 0..10 {
                me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Drag(Button::Left), x + 8 - 4 * (k & 1), y + 4));
            }
        });
        b.report("untangle_drag_move_25_points", cycles / 10, None, &[]);
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;

    #[test]
    fn reference_images() {
        scene(Scene::Start).check_reference("untangle-start");
        scene(Scene::Mid).check_reference("untangle-mid");
        scene(Scene::Flash).check_reference("untangle-flash");
    }

    #[test]
    fn larger_seeds_generate_the_references() {
        let cases = [
            (
                "25#4",
                "25:0-2,0-8,0-17,0-20,1-11,1-12,1-13,1-18,2-20,2-24,3-10,3-13,3-18,4-6,4-9,4-15,5-21,5-22,5-23,6-9,6-14,6-15,7-8,7-11,7-14,7-19,8-21,9-17,10-12,10-13,11-19,11-23,12-22,13-18,14-17,14-19,15-18,15-19,16-17,16-20,16-24,20-24,21-23,22-23",
            ),
            (
                "20#9",
                "20:0-1,0-15,0-18,1-5,1-7,1-15,2-11,2-13,2-16,2-17,3-5,3-6,3-10,3-14,4-6,4-9,4-10,4-19,5-7,5-14,6-10,6-19,7-14,8-12,8-16,9-11,9-17,9-19,10-14,11-17,11-19,12-13,12-16,12-18,13-15,13-18,15-18,16-17",
            ),
            (
                "15#5",
                "15:0-4,0-7,0-13,1-5,1-6,1-9,1-12,2-3,2-4,2-7,2-8,3-7,3-11,4-10,4-13,5-8,5-11,5-14,6-9,6-12,8-10,8-11,10-13,10-14,12-14,13-14",
            ),
            (
                "12#3",
                "12:0-2,0-6,0-8,0-9,1-2,1-6,1-7,2-6,2-8,3-4,3-6,3-9,3-11,4-5,4-8,4-9,5-10,5-11,7-10,7-11,8-9,10-11",
            ),
        ];
        for (seed_id, desc_id) in cases {
            assert_eq!(midend(seed_id).game_id().unwrap(), desc_id, "{}", seed_id);
        }
    }

    /// Every generated graph is planar (its private layout has no crossing, and Solve puts the
    /// points there), has no vertex of degree above four, and never starts untangled.
    #[test]
    fn generated_graphs_are_planar_and_start_tangled() {
        for seed in 0..400u32 {
            check_generated_graph(seed, 4 + seed % 40);
        }
    }

    /// The whole circle table of the reference for 4..=100 points (regenerated with his
    /// formula; the lines are in `untangle/circles.txt`).
    #[test]
    fn every_circle_is_the_references() {
        let table = include_str!("circles.txt");
        let mut count = 0;
        for line in table.lines() {
            let (n, points) = line.split_once(": ").unwrap();
            check_circle(n.parse().unwrap(), &points.replace('!', ""));
            count += 1;
        }
        assert_eq!(count, 97);
    }
}
