//! Fifteen tests: description format, moves, completion, game IDs through the mid end, and
//! (host only) the solvability rule against breadth-first search and the reference images.

use super::*;
use crate::gfx::NullDrawing;
use crate::puzzle::backend::{ErrorKind, Mods};
use crate::puzzle::midend::{KeyOutcome, Midend};

fn p(w: u32, h: u32) -> Params {
    Params { w, h }
}

fn game(w: u32, h: u32, desc: &str) -> State {
    Fifteen::validate_desc(&p(w, h), desc).unwrap();
    Fifteen::new_game(&p(w, h), desc)
}

/// All positions reachable from the solved one (breadth-first), as tile vectors.
pub fn reachable(w: usize, h: usize) -> Vec<Vec<u32>> {
    let n = w * h;
    let start: Vec<u32> = (0..n).map(|i| ((i + 1) % n) as u32).collect();
    let mut seen = alloc::collections::BTreeSet::new();
    seen.insert(start.clone());
    let mut queue = alloc::collections::VecDeque::from([start]);
    while let Some(t) = queue.pop_front() {
        let g = t.iter().position(|&x| x == 0).unwrap();
        let (gx, gy) = (g % w, g / w);
        let mut nbrs = Vec::new();
        if gx > 0 {
            nbrs.push(g - 1)
        }
        if gx + 1 < w {
            nbrs.push(g + 1)
        }
        if gy > 0 {
            nbrs.push(g - w)
        }
        if gy + 1 < h {
            nbrs.push(g + w)
        }
        for nb in nbrs {
            let mut u = t.clone();
            u.swap(g, nb);
            if seen.insert(u.clone()) {
                queue.push_back(u);
            }
        }
    }
    seen.into_iter().collect()
}

/// Every arrangement of 0..n (Heap's algorithm), for exhaustive checks of tiny grids.
pub fn all_arrangements(n: usize) -> Vec<Vec<u32>> {
    let mut a: Vec<u32> = (0..n as u32).collect();
    let mut out = vec![a.clone()];
    let mut c = vec![0usize; n];
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                a.swap(0, i)
            } else {
                a.swap(c[i], i)
            }
            out.push(a.clone());
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    out
}

crate::test_cases! {
    fn params_encode_decode() {
        let mut q = Fifteen::default_params();
        assert_eq!(Fifteen::encode_params(&q, true), "4x4");
        Fifteen::decode_params(&mut q, "5x3").unwrap();
        assert_eq!(q, p(5, 3));
        Fifteen::decode_params(&mut q, "6").unwrap();
        assert_eq!(q, p(6, 6));
        assert!(Fifteen::decode_params(&mut q, "x3").is_err());
        assert!(Fifteen::decode_params(&mut q, "3y3").is_err());
        assert!(Fifteen::decode_params(&mut q, "3x").is_err());
        assert_eq!(Fifteen::validate_params(&p(1, 4), true).unwrap_err().reason, "Width and height must both be at least two");
        assert!(Fifteen::validate_params(&p(33, 2), true).is_err());
        let cfg = Fifteen::configure(&p(3, 5));
        assert_eq!(Fifteen::custom_params(&cfg).unwrap(), p(3, 5));
    }

    fn desc_errors_have_reasons_and_positions() {
        let q = p(2, 2);
        let e = |d: &str| Fifteen::validate_desc(&q, d).unwrap_err();
        assert_eq!(Fifteen::validate_desc(&q, "1,2,3,0"), Ok(()));
        let x = e("1,2,3");
        assert_eq!((&*x.reason, x.position), ("Expected comma after number", Some(5)));
        let x = e("1,2,");
        assert_eq!((&*x.reason, x.position), ("Not enough numbers in string", Some(4)));
        let x = e("1,2;3,0");
        assert_eq!((&*x.reason, x.position), ("Expected comma after number", Some(3)));
        let x = e("1,2,3,0,");
        assert_eq!((&*x.reason, x.position), ("Excess junk at end of string", Some(7)));
        let x = e("1,2,4,0");
        assert_eq!((&*x.reason, x.position), ("Number out of range", Some(4)));
        let x = e("1,2,2,0");
        assert_eq!((&*x.reason, x.position), ("Number used twice", Some(4)));
        // (An over-long number, "1,2,99999999999,0", is checked host-only: the 68030 build
        // currently miscompiles it, see falcon-selftest's compiler_repro.)
        assert_eq!(e("").kind, ErrorKind::Description);
    }

    fn generated_games_are_valid_solvable_and_unsolved() {
        for (w, h) in [(2u32, 2u32), (3, 2), (4, 4), (5, 3)] {
            for seed in 0..3u32 {
                let mut rs = RandomState::new(alloc::format!("{}", seed).as_bytes());
                let (desc, aux) = Fifteen::new_desc(&p(w, h), &mut rs, true);
                assert!(aux.is_none());
                Fifteen::validate_desc(&p(w, h), &desc).unwrap();
                let s = Fifteen::new_game(&p(w, h), &desc);
                assert!(is_solvable(w as usize, h as usize, &s.tiles), "{}", desc);
                assert!(!s.is_solved(), "{}", desc);
            }
        }
    }

    fn seeds_generate_the_same_puzzles_as_the_reference() {
        // Game IDs printed by Simon Tatham's fifteen.c new_game_desc for these seeds.
        let cases = [
            ("4x4#784853125404517", "4x4:0,15,6,3,11,12,9,5,8,10,1,7,4,14,2,13"),
            ("4x4#1234", "4x4:2,15,7,8,4,3,5,1,13,14,12,6,9,0,10,11"),
            ("4x4#4711", "4x4:10,7,14,8,11,3,15,0,4,5,1,13,9,12,6,2"),
            ("5x2#4711", "5x2:9,5,8,6,1,3,7,4,2,0"),
            ("3x3#99", "3x3:4,3,2,0,7,6,8,5,1"),
            ("3x3#7", "3x3:6,4,3,7,5,1,0,8,2"),
        ];
        for (seed_id, desc_id) in cases {
            let mut me = Midend::<Fifteen>::new(b"any");
            me.set_game_id(seed_id).unwrap();
            me.new_game(&mut NullDrawing::default());
            assert_eq!(me.game_id().unwrap(), desc_id, "{}", seed_id);
        }
    }

    fn moves_slide_lines_of_tiles() {
        // 3x3 with the gap top-left.
        let s = game(3, 3, "0,1,2,3,4,5,6,7,8");
        let t = Fifteen::execute_move(&s, "M2,0").unwrap();
        assert_eq!(t.tiles, vec![1, 2, 0, 3, 4, 5, 6, 7, 8]);
        assert_eq!((t.gap, t.movecount), (2, 2), "each tile slid counts as a move");
        let u = Fifteen::execute_move(&t, "M2,2").unwrap();
        assert_eq!(u.tiles, vec![1, 2, 5, 3, 4, 8, 6, 7, 0]);
        for bad in ["M2,2", "M0,0", "M3,0", "M1", "X", "M1,0x", "M-1,0", ""] {
            assert_eq!(Fifteen::execute_move(&s, bad).unwrap_err().kind, ErrorKind::Move, "{}", bad);
        }
    }

    fn completion_and_status() {
        let s = game(2, 2, "1,2,0,3");
        assert_eq!(Fifteen::status(&s), Status::Playing);
        let t = Fifteen::execute_move(&s, "M1,1").unwrap();
        assert!(t.is_solved());
        assert_eq!((t.completed, Fifteen::status(&t)), (1, Status::Won));
        assert_eq!(Fifteen::flash_length(&s, &t, 1, &mut ()), 260);
        assert_eq!(Fifteen::status_text(&t, &()).unwrap(), "COMPLETED! Moves: 1");
        // Moving on keeps the completion count.
        let u = Fifteen::execute_move(&t, "M0,1").unwrap();
        assert_eq!(Fifteen::status_text(&u, &()).unwrap(), "COMPLETED! Moves: 1");
        assert_eq!(Fifteen::flash_length(&t, &u, 1, &mut ()), 0);
        // Solve: no flash, its own status text.
        let v = Fifteen::execute_move(&s, "S").unwrap();
        assert!(v.is_solved() && v.used_solve);
        assert_eq!(Fifteen::flash_length(&s, &v, 1, &mut ()), 0);
        assert_eq!(Fifteen::status_text(&v, &()).unwrap(), "Moves since auto-solve: 0");
    }

    fn text_format_matches_reference_layout() {
        let s = game(4, 4, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15");
        assert_eq!(Fifteen::text_format(&s).unwrap(), " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14    15\n");
        let s = game(2, 2, "0,1,2,3");
        assert_eq!(Fifteen::text_format(&s).unwrap(), "  1\n2 3\n");
    }

    fn cursor_location_is_the_gap() {
        let mut me = Midend::<Fifteen>::new(b"c");
        me.set_game_id("3x3:1,2,3,4,0,5,6,7,8").unwrap();
        me.new_game(&mut NullDrawing::default());
        assert_eq!(me.cursor_location(), None, "no draw state yet");
        let dr = &mut NullDrawing::default();
        me.size(dr, 640, 480, false);
        assert_eq!(me.cursor_location(), Some(Rect::new(72, 72, 48, 48)));
        assert!(me.request_keys().is_empty());
    }

    fn input_becomes_moves() {
        let s = game(3, 3, "1,2,3,4,0,5,6,7,8");
        let mut ds = Fifteen::new_drawstate(&mut NullDrawing::default(), &s);
        Fifteen::set_size(&mut NullDrawing::default(), &mut ds, &p(3, 3), 48);
        let click = |x: i32, y: i32| PuzzleInput::mouse(Key::Press(Button::Left), x, y);
        let mut ui = ();
        // Border 24: cell (1,0) spans x 72..119, y 24..71.
        assert_eq!(Fifteen::interpret_move(&s, &mut ui, &ds, click(80, 30)), MoveResult::Move("M1,0".into()));
        assert_eq!(Fifteen::interpret_move(&s, &mut ui, &ds, click(30, 30)), MoveResult::Ignored, "diagonal");
        assert_eq!(Fifteen::interpret_move(&s, &mut ui, &ds, click(80, 80)), MoveResult::Ignored, "the gap");
        assert_eq!(Fifteen::interpret_move(&s, &mut ui, &ds, click(10, 80)), MoveResult::Ignored, "border");
        assert_eq!(Fifteen::interpret_move(&s, &mut ui, &ds, PuzzleInput::key(Key::CursorLeft)), MoveResult::Move("M2,1".into()));
        assert_eq!(Fifteen::interpret_move(&s, &mut ui, &ds, PuzzleInput::key(Key::CursorDown)), MoveResult::Move("M1,0".into()));
        let corner = game(2, 2, "0,1,2,3");
        assert_eq!(Fifteen::interpret_move(&corner, &mut ui, &ds, PuzzleInput::key(Key::CursorRight)), MoveResult::Ignored);
    }

    fn tatham_game_ids_work_through_the_mid_end() {
        let mut me = Midend::<Fifteen>::new(b"x");
        me.set_game_id("4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15").unwrap();
        me.new_game(&mut NullDrawing::default());
        assert_eq!(me.game_id().unwrap(), "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15");
        let dr = &mut NullDrawing::default();
        me.process_key(dr, PuzzleInput::key(Key::CursorLeft));
        assert_eq!(me.status(), Status::Won);
        // Bare N means NxN, as in the reference.
        me.set_game_id("3:1,2,3,4,5,6,7,0,8").unwrap();
        me.new_game(&mut NullDrawing::default());
        assert_eq!(me.current_params(), &p(3, 3));
        // Seeds: same ID, same puzzle, on any mid end.
        me.set_game_id("5x2#4711").unwrap();
        me.new_game(&mut NullDrawing::default());
        let a = me.game_id().unwrap();
        assert_eq!(me.random_seed_id().unwrap(), "5x2#4711");
        let mut other = Midend::<Fifteen>::new(b"y");
        other.set_game_id("5x2#4711").unwrap();
        other.new_game(&mut NullDrawing::default());
        assert_eq!(other.game_id().unwrap(), a);
        assert!(a.starts_with("5x2:"));
        // Errors name the reason and the position in the whole ID.
        let e = me.set_game_id("2x2:1,2,2,0").unwrap_err();
        assert_eq!((&*e.reason, e.position), ("Number used twice", Some(8)));
    }

    fn save_and_reload_a_game_in_progress() {
        let mut me = Midend::<Fifteen>::new(b"s");
        me.set_game_id("3x3#99").unwrap();
        me.new_game(&mut NullDrawing::default());
        let dr = &mut NullDrawing::default();
        for k in [Key::CursorLeft, Key::CursorUp, Key::CursorRight, Key::CursorDown] {
            me.process_key(dr, PuzzleInput { key: k, x: 0, y: 0, mods: Mods::NONE });
        }
        assert_eq!(me.process_key(dr, PuzzleInput::key(Key::Char(b'u'))), KeyOutcome::Ignored, "no key of the mid end's");
        me.undo(dr).unwrap();
        let saved = me.serialise();
        assert!(saved.contains("GAME    :7:Fifteen\n"));
        assert!(saved.contains("SEED    :2:99\n"));
        let mut back = Midend::<Fifteen>::new(b"t");
        back.deserialise(&mut NullDrawing::default(), &saved).unwrap();
        assert_eq!(back.state(), me.state());
        assert_eq!(back.undo_chain(), me.undo_chain());
        assert_eq!(back.serialise(), saved);
        // A move string Fifteen cannot execute is rejected with the record number.
        let bad = saved.replacen("MOVE    :4:M", "MOVE    :4:Q", 1);
        let e = back.deserialise(&mut NullDrawing::default(), &bad).unwrap_err();
        assert_eq!(&*e.reason, "Save file contained an invalid move");
        assert!(e.position.unwrap() > 8);
    }

    fn loads_a_save_file_written_by_the_reference_and_writes_it_back_identically() {
        // Written by Tatham's midend_serialise after 3x3#99 and the keys Left, Up, Right,
        // Down, Undo.
        let reference = "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nVERSION :1:1\nGAME    :7:Fifteen\n\
PARAMS  :3:3x3\nCPARAMS :3:3x3\nSEED    :2:99\nDESC    :17:4,3,2,0,7,6,8,5,1\nNSTATES :1:5\nSTATEPOS:1:4\n\
MOVE    :4:M1,1\nMOVE    :4:M1,2\nMOVE    :4:M0,2\nMOVE    :4:M0,1\n";
        let mut me = Midend::<Fifteen>::new(b"r");
        me.deserialise(&mut NullDrawing::default(), reference).unwrap();
        assert_eq!(me.state().tiles, vec![4, 3, 2, 7, 5, 6, 0, 8, 1]);
        assert!(me.can_redo());
        assert_eq!(me.serialise(), reference);
        // And our own keys produce the same moves as the reference's did.
        let mut ours = Midend::<Fifteen>::new(b"o");
        ours.set_game_id("3x3#99").unwrap();
        ours.new_game(&mut NullDrawing::default());
        let dr = &mut NullDrawing::default();
        for k in [Key::CursorLeft, Key::CursorUp, Key::CursorRight, Key::CursorDown] {
            ours.process_key(dr, PuzzleInput::key(k));
        }
        ours.undo(dr).unwrap();
        assert_eq!(ours.serialise(), reference);
    }

    fn small_board_draws_and_redraws_incrementally() {
        // 2x2 on a 48x48 planar screen: cheap enough for the 68030.
        use crate::gfx::test_screen::TestScreen;
        let mut me = Midend::<Fifteen>::new(b"d");
        me.set_game_id("2x2:1,2,0,3").unwrap();
        me.new_game(&mut NullDrawing::default());
        let mut scr = TestScreen::new(48, 48);
        assert_eq!(me.size(&mut scr.canvas(), 48, 48, false), (48, 48), "tile shrinks from 48 to 16");
        let t = me.tilesize();
        assert_eq!(t, 16);
        me.redraw(&mut scr.canvas());
        let cell = |c: i32| t / 2 + c * t;
        let px = scr.to_indexed();
        let at = |x: i32, y: i32| px[(y * 48 + x) as usize];
        // Tile 1's face (pen 0) near its left edge, its number (pen 1) somewhere inside it.
        assert_eq!(at(cell(0) + 2, cell(0) + t / 2), COL_BACKGROUND as u8);
        assert!((cell(0)..cell(1)).any(|x| (cell(0)..cell(1)).any(|y| at(x, y) == COL_TEXT as u8)));
        // The gap (cell 0,1) is plain background.
        assert!((cell(0)..cell(1)).all(|x| (cell(1)..cell(2)).all(|y| at(x, y) == COL_BACKGROUND as u8)));
        me.process_key(&mut scr.canvas(), PuzzleInput::key(Key::CursorLeft));
        me.timer(&mut scr.canvas(), 65);
        me.timer(&mut scr.canvas(), 65);
        assert_eq!(me.status(), Status::Won);
        me.timer(&mut scr.canvas(), 300);
        let incremental = scr.to_indexed();
        let mut fresh = TestScreen::new(48, 48);
        me.force_redraw(&mut fresh.canvas());
        assert_eq!(incremental, fresh.to_indexed());
    }

    fn parity_rule_matches_search_on_2x2() {
        let reach = reachable(2, 2);
        assert_eq!(reach.len(), 12);
        for a in all_arrangements(4) {
            assert_eq!(is_solvable(2, 2, &a), reach.binary_search(&a).is_ok(), "{:?}", a);
        }
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;
    use crate::gfx::Drawing;
    use crate::gfx::test_screen::TestScreen;
    use std::string::ToString;

    #[test]
    fn overlong_numbers_are_out_of_range() {
        let e = Fifteen::validate_desc(&p(2, 2), "1,2,99999999999,0").unwrap_err();
        assert_eq!((&*e.reason, e.position), ("Number out of range", Some(4)));
    }

    #[test]
    fn parity_rule_matches_search_on_3x2_2x3_and_4x2() {
        for (w, h) in [(3usize, 2usize), (2, 3), (4, 2)] {
            let reach = reachable(w, h);
            let all = all_arrangements(w * h);
            assert_eq!(reach.len() * 2, all.len());
            for a in all {
                assert_eq!(is_solvable(w, h, &a), reach.binary_search(&a).is_ok(), "{}x{} {:?}", w, h, a);
            }
        }
    }

    #[test]
    fn thousands_of_generated_games_are_solvable_and_moves_keep_parity() {
        for seed in 0..2000u32 {
            let (w, h) = (2 + seed % 5, 2 + (seed / 5) % 5);
            let mut rs = RandomState::new(seed.to_string().as_bytes());
            let (desc, _) = Fifteen::new_desc(&p(w, h), &mut rs, true);
            let mut s = game(w, h, &desc);
            assert!(is_solvable(w as usize, h as usize, &s.tiles));
            assert!(!s.is_solved());
            for _ in 0..20 {
                let x = rs.upto(w);
                let y = rs.upto(h);
                if let Ok(t) = Fifteen::execute_move(&s, &std::format!("M{},{}", x, y)) {
                    assert!(is_solvable(w as usize, h as usize, &t.tiles));
                    s = t;
                }
            }
        }
    }

    /// A 640×480 screen with the puzzle centred above a status line, as the full-screen front
    /// end will show it.
    fn screen_for(me: &mut Midend<Fifteen>) -> TestScreen {
        let mut scr = TestScreen::vga256();
        scr.set_colours(&Fifteen::colours(Colour::DEFAULT_BACKGROUND));
        let (w, h) = me.size(&mut scr.canvas(), 640, 464, false);
        scr.surface.clear(COL_BACKGROUND as u8);
        scr.place(Rect::new((640 - w) / 2, (464 - h) / 2, w, h));
        scr.set_status_bar(Rect::new(0, 464, 640, 16), COL_LOWLIGHT as u8, COL_TEXT as u8);
        scr
    }

    /// Presses the first of `keys` that moves a tile (arrow keys at an edge do nothing).
    fn slide_any(me: &mut Midend<Fifteen>, scr: &mut TestScreen, keys: &[Key]) {
        for &k in keys {
            let before = me.undo_chain();
            me.process_key(&mut scr.canvas(), PuzzleInput::key(k));
            if me.undo_chain() != before {
                return;
            }
        }
        panic!("no key of {:?} moved", keys);
    }

    #[test]
    fn reference_images() {
        let mut me = Midend::<Fifteen>::new(b"ref");
        me.set_game_id("4x4#1234").unwrap();
        me.new_game(&mut NullDrawing::default());
        let mut scr = screen_for(&mut me);
        me.redraw(&mut scr.canvas());
        assert_eq!(scr.status(), "Moves: 0");
        scr.check_reference("fifteen-start");

        // Mid-game: two moves, the second caught half way through its slide.
        slide_any(&mut me, &mut scr, &[Key::CursorLeft, Key::CursorRight]);
        me.timer(&mut scr.canvas(), 200);
        slide_any(&mut me, &mut scr, &[Key::CursorUp, Key::CursorDown]);
        me.timer(&mut scr.canvas(), 65);
        assert_eq!(me.anim_progress().0, (65, 130));
        scr.check_reference("fifteen-mid");

        // Completion: a one-move-from-solved game, shown during the second flash frame.
        me.set_game_id("4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15").unwrap();
        me.new_game(&mut NullDrawing::default());
        let mut scr = screen_for(&mut me);
        me.redraw(&mut scr.canvas());
        me.process_key(&mut scr.canvas(), PuzzleInput::key(Key::CursorLeft));
        me.timer(&mut scr.canvas(), 130);
        assert_eq!(me.anim_progress().1, (0, 260));
        me.timer(&mut scr.canvas(), 140);
        assert_eq!(me.anim_progress().1, (140, 260));
        assert_eq!(scr.status(), "COMPLETED! Moves: 1");
        scr.check_reference("fifteen-flash");
        me.timer(&mut scr.canvas(), 200);
        assert!(!me.wants_timer());
    }

    #[test]
    fn incremental_redraw_equals_full_redraw() {
        let mut me = Midend::<Fifteen>::new(b"inc");
        me.set_game_id("5x4#77").unwrap();
        me.new_game(&mut NullDrawing::default());
        let mut scr = screen_for(&mut me);
        me.redraw(&mut scr.canvas());
        let keys = [Key::CursorLeft, Key::CursorUp, Key::CursorUp, Key::CursorRight, Key::CursorDown, Key::CursorLeft];
        for k in keys {
            let opposite = match k {
                Key::CursorLeft => Key::CursorRight,
                Key::CursorRight => Key::CursorLeft,
                Key::CursorUp => Key::CursorDown,
                _ => Key::CursorUp,
            };
            slide_any(&mut me, &mut scr, &[k, opposite]);
            me.timer(&mut scr.canvas(), 40);
            me.timer(&mut scr.canvas(), 200);
        }
        let mut fresh = screen_for(&mut me);
        me.force_redraw(&mut fresh.canvas());
        let status = std::string::String::from(scr.status());
        fresh.canvas().status_bar(&status);
        scr.show_status();
        fresh.show_status();
        assert_eq!(scr.to_indexed(), fresh.to_indexed());
    }
}
