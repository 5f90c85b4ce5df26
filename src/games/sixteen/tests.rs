//! Sixteen tests: parameters, descriptions, the reference's generator (game IDs printed by
//! Tatham's own program), moves, the keyboard cursor, save files, drawing; host only: the
//! reachability of every even arrangement of 3×3, reference images. Round trips, redraws,
//! damaged input and generation of every preset are the conformance suite's
//! (`games::conformance`).

use super::*;
use crate::gfx::NullDrawing;
use crate::gfx::test_screen::TestScreen;
use crate::puzzle::backend::ErrorKind;
use crate::puzzle::midend::Midend;

use crate::games::testutil::{assert_incremental_equals_full, screen_digest, screen_for};

fn p(w: u32, h: u32) -> Params {
    Params { w, h, movetarget: 0 }
}

fn game(w: u32, h: u32, desc: &str) -> State {
    Sixteen::validate_desc(&p(w, h), desc).unwrap();
    Sixteen::new_game(&p(w, h), desc)
}

fn drawstate(s: &State, tile: i32) -> DrawState {
    let mut ds = Sixteen::new_drawstate(&mut NullDrawing::default(), s);
    Sixteen::set_size(&mut NullDrawing::default(), &mut ds, &p(s.w as u32, s.h as u32), tile);
    ds
}

fn key(k: Key) -> PuzzleInput {
    PuzzleInput::key(k)
}

/// A mid end on `id` (a description or a seed).
fn midend(id: &str) -> Midend<Sixteen> {
    let mut me = Midend::<Sixteen>::new(b"sixteen");
    me.set_game_id(id).unwrap();
    me.new_game(&mut NullDrawing::default());
    me
}

/// Which reference picture.
#[derive(Clone, Copy)]
pub enum Scene {
    Start,
    Mid,
    Flash,
}

/// The pixel centre of the arrow cell (`cx`,`cy`) (−1 or w/h for the border) at tile size 48.
fn arrow(cx: i32, cy: i32) -> (i32, i32) {
    (48 + cx * 48 + 24, 48 + cy * 48 + 24)
}

fn click(me: &mut Midend<Sixteen>, scr: &mut TestScreen, (x, y): (i32, i32), b: Button) {
    me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Press(b), x, y));
    me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Release(b), x, y));
}

/// The reference pictures on a 640×480 screen: the start of `4x4#1234`; two rotations, the
/// second caught half way (with a tile wrapping round); a one-move-from-solved grid during
/// the second flash frame. Shared by the host's PNG check and the 68030's digest.
pub fn scene(which: Scene) -> TestScreen {
    match which {
        Scene::Start | Scene::Mid => {
            let mut me = midend("4x4#1234");
            let mut scr = screen_for(&mut me, 640, 480, COL_LOWLIGHT, COL_TEXT);
            me.redraw(&mut scr.canvas());
            if let Scene::Mid = which {
                click(&mut me, &mut scr, arrow(-1, 1), Button::Left);
                me.timer(&mut scr.canvas(), 200);
                click(&mut me, &mut scr, arrow(2, -1), Button::Right);
                me.timer(&mut scr.canvas(), 65);
            }
            scr
        }
        Scene::Flash => {
            let mut me = midend("4x4:2,3,4,1,5,6,7,8,9,10,11,12,13,14,15,16");
            let mut scr = screen_for(&mut me, 640, 480, COL_LOWLIGHT, COL_TEXT);
            me.redraw(&mut scr.canvas());
            click(&mut me, &mut scr, arrow(4, 0), Button::Left);
            me.timer(&mut scr.canvas(), 130);
            me.timer(&mut scr.canvas(), 140);
            scr
        }
    }
}

crate::test_cases! {
    fn params_encode_decode_and_validate() {
        let mut q = Sixteen::default_params();
        assert_eq!(Sixteen::encode_params(&q, true), "4x4");
        Sixteen::decode_params(&mut q, "5x3m12").unwrap();
        assert_eq!(q, Params { w: 5, h: 3, movetarget: 12 });
        assert_eq!(Sixteen::encode_params(&q, false), "5x3m12", "the target is shown, so kept");
        Sixteen::decode_params(&mut q, "6").unwrap();
        assert_eq!(q, p(6, 6), "a missing m clears the target");
        Sixteen::decode_params(&mut q, "3m4").unwrap();
        assert_eq!(q, Params { w: 3, h: 3, movetarget: 4 });
        for bad in ["", "x3", "3x", "3y3", "3x3m", "3x3mq", "3x3m4z"] {
            assert_eq!(Sixteen::decode_params(&mut q, bad).unwrap_err().kind, ErrorKind::Params, "{}", bad);
        }
        let e = |q: Params| Sixteen::validate_params(&q, true).unwrap_err().reason;
        assert_eq!(e(p(1, 4)), "Width and height must both be at least two");
        assert_eq!(e(p(33, 2)), "Width and height must be at most 32");
        assert_eq!(e(Params { w: 3, h: 3, movetarget: 100_001 }), "Number of shuffling moves must be at most 100000");
        let cfg = Sixteen::configure(&Params { w: 3, h: 5, movetarget: 7 });
        assert_eq!(Sixteen::custom_params(&cfg).unwrap(), Params { w: 3, h: 5, movetarget: 7 });
        let mut neg = cfg.clone();
        neg[2] = ConfigItem::String { name: "Number of shuffling moves", value: "-3".into() };
        assert_eq!(Sixteen::custom_params(&neg).unwrap_err().reason, "Number of shuffling moves may not be negative");
        let names: Vec<String> = Sixteen::presets().iter().map(|p| Sixteen::encode_params(&p.params, true)).collect();
        assert_eq!(names, ["3x3", "4x3", "4x4", "5x4", "5x5"]);
    }

    fn desc_errors_have_reasons_and_positions() {
        let q = p(2, 2);
        let e = |d: &str| {
            let x = Sixteen::validate_desc(&q, d).unwrap_err();
            (x.reason.into_owned(), x.position)
        };
        assert_eq!(Sixteen::validate_desc(&q, "4,3,2,1"), Ok(()));
        assert_eq!(e("1,2,3"), ("Expected comma after number".into(), Some(5)));
        assert_eq!(e("1,2,"), ("Not enough numbers in string".into(), Some(4)));
        assert_eq!(e("1,2,3,4,"), ("Excess junk at end of string".into(), Some(7)));
        assert_eq!(e("0,1,2,3"), ("Number out of range".into(), Some(0)));
        assert_eq!(e("1,2,5,3"), ("Number out of range".into(), Some(4)));
        assert_eq!(e("1,2,2,3"), ("Number used twice".into(), Some(4)));
        let mut me = Midend::<Sixteen>::new(b"e");
        let x = me.set_game_id("2x2:1,2,2,3").unwrap_err();
        assert_eq!((&*x.reason, x.position), ("Number used twice", Some(8)));
    }

    fn seeds_generate_the_same_puzzles_as_the_reference() {
        // Printed by Simon Tatham's sixteen.c (midend_get_game_id after these seeds).
        let cases = [
            ("4x4#1234", "4x4:14,2,16,7,8,4,3,5,1,13,15,12,6,9,11,10"),
            ("3x3#99", "3x3:4,5,3,2,8,7,9,1,6"),
            ("2x2#0", "2x2:2,4,3,1"),
            ("3x5#x", "3x5:3,8,5,13,2,12,6,1,7,11,15,14,10,9,4"),
            ("4x3m5#7", "4x3m5:1,2,12,9,4,5,6,3,11,7,8,10"),
            ("3x3m20#5", "3x3m20:7,9,3,6,2,5,1,4,8"),
            ("4x4m1#q", "4x4m1:1,6,3,4,5,10,7,8,9,14,11,12,13,2,15,16"),
            ("4x4m3#7", "4x4m3:1,2,3,4,7,8,5,6,9,10,11,12,14,15,16,13"),
        ];
        for (seed_id, desc_id) in cases {
            assert_eq!(midend(seed_id).game_id().unwrap(), desc_id, "{}", seed_id);
        }
    }

    fn odd_by_odd_arrangements_are_even() {
        for seed in 0..6u32 {
            let mut rs = RandomState::new(alloc::format!("{}", seed).as_bytes());
            let (desc, _) = Sixteen::new_desc(&p(3, 5), &mut rs, true);
            let s = game(3, 5, &desc);
            assert_eq!(perm_parity(&s.tiles), 0, "{}", desc);
        }
    }

    fn rows_and_columns_rotate_with_wrap() {
        let s = game(3, 3, "1,2,3,4,5,6,7,8,9");
        let r = Sixteen::execute_move(&s, "R0,1").unwrap();
        assert_eq!(r.tiles, vec![3, 1, 2, 4, 5, 6, 7, 8, 9]);
        assert_eq!((r.movecount, r.last_movement_sense), (1, 1));
        let r = Sixteen::execute_move(&s, "R1,-1").unwrap();
        assert_eq!(r.tiles, vec![1, 2, 3, 5, 6, 4, 7, 8, 9]);
        let c = Sixteen::execute_move(&s, "C2,+1").unwrap();
        assert_eq!(c.tiles, vec![1, 2, 9, 4, 5, 3, 7, 8, 6]);
        assert_eq!(Sixteen::execute_move(&s, "C2,2").unwrap().tiles, vec![1, 2, 6, 4, 5, 9, 7, 8, 3]);
        assert_eq!(Sixteen::execute_move(&s, "R2,3").unwrap().tiles, s.tiles, "a full turn");
        for bad in ["", "X", "R3,1", "C0,4", "R0,-4", "C-1,1", "R0", "R0,1x", "R,1", "R0,,1", "S1", "M1,1"] {
            assert_eq!(Sixteen::execute_move(&s, bad).unwrap_err().kind, ErrorKind::Move, "{}", bad);
        }
    }

    fn completion_flash_and_status() {
        let s = game(2, 2, "2,1,3,4");
        assert_eq!(Sixteen::status_text(&s, &Sixteen::new_ui(&s)).unwrap(), "Moves: 0");
        let t = Sixteen::execute_move(&s, "R0,1").unwrap();
        assert_eq!((t.completed, Sixteen::status(&t)), (1, Status::Won));
        let mut ui = Sixteen::new_ui(&t);
        assert_eq!(Sixteen::flash_length(&s, &t, 1, &mut ui), 260);
        assert_eq!(Sixteen::status_text(&t, &ui).unwrap(), "COMPLETED! Moves: 1");
        let u = Sixteen::execute_move(&t, "C0,1").unwrap();
        assert_eq!(Sixteen::status_text(&u, &ui).unwrap(), "COMPLETED! Moves: 1");
        assert_eq!(Sixteen::flash_length(&t, &u, 1, &mut ui), 0);
        let v = Sixteen::execute_move(&s, "S").unwrap();
        assert!(v.is_solved() && v.used_solve);
        assert_eq!(Sixteen::flash_length(&s, &v, 1, &mut ui), 0);
        assert_eq!(Sixteen::status_text(&v, &ui).unwrap(), "Moves since auto-solve: 0");
        let q = Params { w: 2, h: 2, movetarget: 3 };
        let m = Sixteen::new_game(&q, "2,1,3,4");
        assert_eq!(Sixteen::status_text(&m, &ui).unwrap(), "Moves: 0 (target 3)");
    }

    fn text_format_matches_reference_layout() {
        let s = game(4, 4, "1,2,3,4,7,8,5,6,9,10,11,12,14,15,16,13");
        assert_eq!(Sixteen::text_format(&s).unwrap(), " 1  2  3  4\n 7  8  5  6\n 9 10 11 12\n14 15 16 13\n");
    }

    fn clicks_on_arrows_rotate() {
        let s = game(3, 3, "1,2,3,4,5,6,7,8,9");
        let ds = drawstate(&s, 48);
        let mut ui = Sixteen::new_ui(&s);
        let at = |ui: &mut Ui, b: Button, cx: i32, cy: i32| {
            Sixteen::interpret_move(&s, ui, &ds, PuzzleInput::mouse(Key::Press(b), 48 + cx * 48 + 10, 48 + cy * 48 + 40))
        };
        assert_eq!(at(&mut ui, Button::Left, -1, 1), MoveResult::Move("R1,-1".into()));
        assert_eq!(at(&mut ui, Button::Right, -1, 1), MoveResult::Move("R1,1".into()));
        assert_eq!(at(&mut ui, Button::Left, 3, 0), MoveResult::Move("R0,1".into()));
        assert_eq!(at(&mut ui, Button::Left, 2, -1), MoveResult::Move("C2,-1".into()));
        assert_eq!(at(&mut ui, Button::Left, 0, 3), MoveResult::Move("C0,1".into()));
        assert_eq!(at(&mut ui, Button::Left, 1, 1), MoveResult::UiUpdate, "a tile is no arrow");
        assert_eq!(at(&mut ui, Button::Left, -1, -1), MoveResult::UiUpdate, "nor is a corner");
        assert_eq!(at(&mut ui, Button::Middle, -1, 1), MoveResult::Ignored);
    }

    fn cursor_walks_the_ring_and_rotates_when_locked() {
        let s = game(3, 2, "1,2,3,4,5,6");
        let ds = drawstate(&s, 48);
        let mut ui = Sixteen::new_ui(&s);
        let k = |ui: &mut Ui, k: Key, mods: Mods| Sixteen::interpret_move(&s, ui, &ds, PuzzleInput { key: k, x: 0, y: 0, mods });
        assert_eq!(k(&mut ui, Key::CursorLeft, Mods::NONE), MoveResult::UiUpdate, "first press shows the cursor");
        assert_eq!((ui.cur_x, ui.cur_y, ui.cur_visible), (0, 0, true));
        k(&mut ui, Key::CursorUp, Mods::NONE);
        assert_eq!((ui.cur_x, ui.cur_y), (0, -1));
        assert_eq!(k(&mut ui, Key::CursorSelect, Mods::NONE), MoveResult::Move("C0,-1".into()));
        assert_eq!(k(&mut ui, Key::CursorSelect2, Mods::NONE), MoveResult::Move("C0,1".into()));
        // Round the top-left corner: from (0,-1) left into the corner lands on (-1,0).
        k(&mut ui, Key::CursorLeft, Mods::NONE);
        assert_eq!((ui.cur_x, ui.cur_y), (-1, 0));
        // Round the bottom-left corner: (-1,1) down lands on (0,2).
        k(&mut ui, Key::CursorDown, Mods::NONE);
        k(&mut ui, Key::CursorDown, Mods::NONE);
        assert_eq!((ui.cur_x, ui.cur_y), (0, 2));
        // Bottom-right: (2,2) right lands on (3,1); top-right: (3,0) up lands on (2,-1).
        k(&mut ui, Key::CursorRight, Mods::NONE);
        k(&mut ui, Key::CursorRight, Mods::NONE);
        k(&mut ui, Key::CursorRight, Mods::NONE);
        assert_eq!((ui.cur_x, ui.cur_y), (3, 1));
        k(&mut ui, Key::CursorUp, Mods::NONE);
        k(&mut ui, Key::CursorUp, Mods::NONE);
        assert_eq!((ui.cur_x, ui.cur_y), (2, -1));
        // Into the grid; Select locks the tile, then the arrows rotate, the cursor following.
        k(&mut ui, Key::CursorDown, Mods::NONE);
        assert_eq!(k(&mut ui, Key::CursorSelect, Mods::NONE), MoveResult::UiUpdate);
        assert_eq!(ui.cur_mode, CursorMode::LockTile);
        assert_eq!(k(&mut ui, Key::CursorRight, Mods::NONE), MoveResult::Move("R0,+1".into()));
        assert_eq!((ui.cur_x, ui.cur_y), (0, 0), "followed the tile round");
        assert_eq!(k(&mut ui, Key::CursorLeft, Mods::NONE), MoveResult::Move("R0,-1".into()));
        assert_eq!((ui.cur_x, ui.cur_y), (2, 0));
        assert_eq!(k(&mut ui, Key::CursorDown, Mods::NONE), MoveResult::Move("C2,1".into()));
        assert_eq!((ui.cur_x, ui.cur_y), (2, 1));
        // Select2 switches to lock position: the cursor stays.
        k(&mut ui, Key::CursorSelect2, Mods::NONE);
        assert_eq!(ui.cur_mode, CursorMode::LockPosition);
        assert_eq!(k(&mut ui, Key::CursorLeft, Mods::NONE), MoveResult::Move("R1,-1".into()));
        assert_eq!((ui.cur_x, ui.cur_y), (2, 1));
        k(&mut ui, Key::CursorSelect2, Mods::NONE);
        assert_eq!(ui.cur_mode, CursorMode::Unlocked);
        // Ctrl moves the tile and follows; Shift moves it and stays.
        assert_eq!(k(&mut ui, Key::CursorUp, Mods::CTRL), MoveResult::Move("C2,-1".into()));
        assert_eq!((ui.cur_x, ui.cur_y), (2, 0));
        assert_eq!(k(&mut ui, Key::CursorUp, Mods::SHIFT), MoveResult::Move("C2,-1".into()));
        assert_eq!((ui.cur_x, ui.cur_y), (2, 0));
        // A mouse click hides the cursor.
        Sixteen::interpret_move(&s, &mut ui, &ds, PuzzleInput::mouse(Key::Press(Button::Left), 1, 1));
        assert!(!ui.cur_visible);
        assert_eq!(Sixteen::cursor_location(&s, &ui, &ds), None);
    }

    fn keys_match_the_reference_save_file() {
        // Tatham's sixteen after 3x3#99 and Right, Up, Select, Right, Select2, Left, Down,
        // Ctrl+Down, u (his midend_serialise output).
        let reference = "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nVERSION :1:1\nGAME    :7:Sixteen\n\
PARAMS  :3:3x3\nCPARAMS :3:3x3\nSEED    :2:99\nDESC    :17:4,5,3,2,8,7,9,1,6\nNSTATES :1:4\nSTATEPOS:1:3\n\
MOVE    :5:C0,-1\nMOVE    :4:C1,1\nMOVE    :4:C0,1\n";
        let mut me = midend("3x3#99");
        let dr = &mut NullDrawing::default();
        for (k, mods) in [
            (Key::CursorRight, Mods::NONE),
            (Key::CursorUp, Mods::NONE),
            (Key::CursorSelect, Mods::NONE),
            (Key::CursorRight, Mods::NONE),
            (Key::CursorSelect2, Mods::NONE),
            (Key::CursorLeft, Mods::NONE),
            (Key::CursorDown, Mods::NONE),
            (Key::CursorDown, Mods::CTRL),
        ] {
            me.process_key(dr, PuzzleInput { key: k, x: 0, y: 0, mods });
        }
        me.undo(dr).unwrap();
        assert_eq!(me.serialise(), reference);
        let mut back = Midend::<Sixteen>::new(b"b");
        back.deserialise(&mut NullDrawing::default(), reference).unwrap();
        assert_eq!(back.state(), me.state());
        assert!(back.can_redo());
        assert_eq!(back.serialise(), reference);
        let bad = reference.replacen("MOVE    :4:C1,1", "MOVE    :4:C9,1", 1);
        let e = back.deserialise(&mut NullDrawing::default(), &bad).unwrap_err();
        assert_eq!((&*e.reason, e.position), ("Save file contained an invalid move", Some(11)));
    }

    fn small_board_rotates_flashes_and_redraws_incrementally() {
        // 2x2 at tile size 16 on a 64x80 screen: cheap enough for the 68030.
        let mut me = midend("2x2:2,1,3,4");
        let mut scr = screen_for(&mut me, 64, 80, COL_LOWLIGHT, COL_TEXT);
        assert_eq!(me.tilesize(), 16);
        me.redraw(&mut scr.canvas());
        assert_eq!(scr.status(), "Moves: 0");
        // Rotate row 0 right (the arrow right of it): animated, then the flash.
        me.process_key(&mut scr.canvas(), PuzzleInput::mouse(Key::Press(Button::Left), 16 * 3 + 8, 16 + 8));
        assert_eq!(me.anim_progress().0, (0, 130));
        me.timer(&mut scr.canvas(), 65);
        me.timer(&mut scr.canvas(), 65);
        assert_eq!(me.status(), Status::Won);
        assert_eq!(me.anim_progress().1, (0, 260));
        me.timer(&mut scr.canvas(), 300);
        assert_eq!(scr.status(), "COMPLETED! Moves: 1");
        assert_incremental_equals_full(&mut me, &scr, COL_LOWLIGHT, COL_TEXT);
    }

    fn undo_animates_backwards_and_redraws_incrementally() {
        let mut me = midend("2x2:1,2,3,4");
        let mut scr = screen_for(&mut me, 64, 80, COL_LOWLIGHT, COL_TEXT);
        me.redraw(&mut scr.canvas());
        // Column 1 down and back: the undo runs with dir −1 and must wrap the same tile.
        me.apply_move(&mut scr.canvas(), "C1,1").unwrap();
        me.undo(&mut scr.canvas()).unwrap();
        assert_eq!(me.anim_progress().0, (0, 130));
        me.timer(&mut scr.canvas(), 40);
        me.timer(&mut scr.canvas(), 200);
        assert_eq!(me.state().tiles, vec![1, 2, 3, 4]);
        assert_incremental_equals_full(&mut me, &scr, COL_LOWLIGHT, COL_TEXT);
    }

    fn cursor_on_an_arrow_highlights_it() {
        let mut me = midend("2x2:1,2,3,4");
        let mut scr = screen_for(&mut me, 64, 80, COL_LOWLIGHT, COL_TEXT);
        me.redraw(&mut scr.canvas());
        me.process_key(&mut scr.canvas(), key(Key::CursorUp));
        me.process_key(&mut scr.canvas(), key(Key::CursorUp));
        assert_eq!((me.ui().cur_x, me.ui().cur_y), (0, -1));
        // The arrow above column 0 (its cell's centre is 16 + 8, 8) is now the light pen.
        let up_arrow_pixel = scr.pixel(16 + 8, 8 + 2);
        assert_eq!(up_arrow_pixel, COL_HIGHLIGHT as u8);
        me.process_key(&mut scr.canvas(), key(Key::CursorRight));
        assert_eq!(scr.pixel(16 + 8, 8 + 2), COL_LOWLIGHT as u8, "the old arrow is plain again");
        assert_incremental_equals_full(&mut me, &scr, COL_LOWLIGHT, COL_TEXT);
    }

    fn cursor_location_follows_the_cursor() {
        let mut me = midend("3x3:1,2,3,4,5,6,7,8,9");
        let dr = &mut NullDrawing::default();
        me.size(dr, 640, 480, false);
        assert_eq!(me.cursor_location(), None);
        me.process_key(dr, key(Key::CursorDown));
        assert_eq!(me.cursor_location(), Some(Rect::new(48, 48, 48, 48)));
    }

}

crate::value_cases! {
    /// The start reference picture as drawn by this machine (the host compares its own with
    /// the PNG).
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
    /// A full redraw of the default 4×4 on the 640×480 screen (screen set-up included: a
    /// zeroed allocation, about 0.1 M cycles).
    fn full_redraw_4x4(b: &mut Bench) {
        let (cycles, ()) = b.time(|| {
            let mut me = midend("4x4#1234");
            let mut scr = screen_for(&mut me, 640, 480, COL_LOWLIGHT, COL_TEXT);
            me.force_redraw(&mut scr.canvas());
        });
        b.report("sixteen_full_redraw_4x4", cycles, None, &[]);
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;

    #[test]
    fn reference_images() {
        scene(Scene::Start).check_reference("sixteen-start");
        let mut mid = scene(Scene::Mid);
        assert_eq!(
            mid.status(),
            "Moves: 2",
            "the status shows the new state at once (the reference waits for the animation)"
        );
        mid.check_reference("sixteen-mid");
        let mut flash = scene(Scene::Flash);
        assert_eq!(flash.status(), "COMPLETED! Moves: 1");
        flash.check_reference("sixteen-flash");
    }

    /// On 3×3 every rotation is a 3-cycle (even), and the rotations reach every even
    /// arrangement: breadth-first search from the solved grid finds 9!/2 = 181,440 positions,
    /// all even. So the generator's parity rule makes every 3×3 puzzle solvable.
    #[test]
    fn every_even_3x3_arrangement_is_reachable() {
        let start: Vec<u32> = (1..=9).collect();
        let s0 = game(3, 3, "1,2,3,4,5,6,7,8,9");
        let mut seen = std::collections::HashSet::new();
        seen.insert(start.clone());
        let mut queue = std::collections::VecDeque::from([start]);
        let moves: Vec<String> = (0..3).flat_map(|i| [std::format!("R{},1", i), std::format!("C{},1", i)]).collect();
        while let Some(t) = queue.pop_front() {
            let s = State { tiles: t, ..s0.clone() };
            for mv in &moves {
                let u = Sixteen::execute_move(&s, mv).unwrap().tiles;
                if seen.insert(u.clone()) {
                    queue.push_back(u);
                }
            }
        }
        assert_eq!(seen.len(), 181_440);
        assert!(seen.iter().all(|t| perm_parity(t) == 0));
    }

    #[test]
    fn thousands_of_generated_games_are_valid() {
        for seed in 0..2000u32 {
            let q = Params {
                w: 2 + seed % 5,
                h: 2 + (seed / 5) % 5,
                movetarget: if seed % 3 == 0 { seed % 50 } else { 0 },
            };
            let mut rs = RandomState::new(std::format!("{}", seed).as_bytes());
            let (desc, _) = Sixteen::new_desc(&q, &mut rs, true);
            Sixteen::validate_desc(&q, &desc).unwrap();
            let s = Sixteen::new_game(&q, &desc);
            if q.w & q.h & 1 == 1 {
                assert_eq!(perm_parity(&s.tiles), 0);
            }
        }
    }
}
