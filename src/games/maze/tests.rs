//! Maze tests: generators give perfect mazes, description round trips and errors, moves
//! respect walls, escape, the path solver. Host-only: thousands of seeds per generator and
//! the 20×20 statistics.

use super::*;
use crate::games::testutil::{assert_incremental_equals_full, screen_for};
use crate::gfx::NullDrawing;
use crate::gfx::recording::{DrawOp, RecordingDrawing};
use crate::puzzle::backend::ErrorKind;
use crate::puzzle::midend::Midend;

fn params(w: u32, h: u32, generator: Generator) -> Params {
    Params { w, h, generator }
}

fn generated(w: u32, h: u32, generator: Generator, seed: &[u8]) -> (String, State) {
    let p = params(w, h, generator);
    let (desc, _) = Maze::new_desc(&p, &mut RandomState::new(seed), false);
    Maze::validate_desc(&p, &desc).unwrap();
    let s = Maze::new_game(&p, &desc);
    (desc, s)
}

/// A 3×2 maze drawn by hand: passages 0-1, 1-2, 0-3, 3-4, 4-5; start 0; exit cell 5 on the
/// right. Cell bits (right=1, down=2): 0:3, 1:1, 2:0, 3:1, 4:1, 5:0 → digits (1<<2|3)=7,
/// (1<<2|0)=4, (0<<2|1)=1.
const HAND: &str = "0,5R,741";

fn hand() -> State {
    let p = params(3, 2, Generator::Backtracker);
    Maze::validate_desc(&p, HAND).unwrap();
    Maze::new_game(&p, HAND)
}

crate::test_cases! {
    fn generator_codes_format_as_letters() {
        let all: String = Generator::ALL.iter().map(|g| g.code()).collect();
        assert_eq!(all, "bhtwkpsg");
        assert_eq!(format!("{}", Generator::HuntAndKill.code()), "h");
    }

    fn probe_encode_direct() {
        let p = params(6, 6, Generator::HuntAndKill);
        assert_eq!(Maze::encode_params(&p, true), "6x6h");
    }

    fn probe_decode_then_encode() {
        let mut q = Maze::default_params();
        Maze::decode_params(&mut q, core::hint::black_box("6x6h")).unwrap();
        assert_eq!(q.generator, Generator::HuntAndKill);
        assert_eq!(Maze::encode_params(&q, true), "6x6h");
    }

    /// Failed on the 68030 with "6x6\u{14776b}#seed" while `encode_params` formatted the
    /// generator letter with `format!`; see `Maze::encode_params`.
    fn probe_midend_seed_id() {
        let mut me = Midend::<Maze>::new(b"t");
        me.set_game_id("6x6h#seed").unwrap();
        assert_eq!(me.random_seed_id().unwrap(), "6x6h#seed");
        me.new_game(&mut NullDrawing::default());
        assert_eq!(me.random_seed_id().unwrap(), "6x6h#seed");
    }

    fn byte_table_entry_as_char_probe() {
        // Probe for the 68030 build: a byte from a table, indexed by a run-time value and
        // converted to char (a suspect while chasing the `encode_params` miscompile; correct).
        let table = core::hint::black_box(b"bhtwkpsg");
        let i = core::hint::black_box(1usize);
        let c = table[i] as char;
        assert_eq!(c as u32, 'h' as u32);
        assert_eq!(format!("{}", c), "h");
    }

    fn every_generator_makes_a_perfect_small_maze() {
        for g in Generator::ALL {
            let seed = &b"a"[..];
            let (_, s) = generated(5, 4, g, seed);
            assert!(s.grid.is_perfect(), "{:?} seed {:?}", g, seed);
        }
    }

    fn exit_is_on_the_border_and_reachable() {
        for g in Generator::ALL {
            let (_, s) = generated(4, 3, g, b"exit");
            assert!(s.grid.neighbour(s.exit, s.exit_side).is_none());
            assert!(solver::path(&s.grid, s.player, s.exit).is_some());
        }
    }

    fn description_round_trips() {
        let (desc, s) = generated(7, 3, Generator::Kruskal, b"round");
        let parts: Vec<&str> = desc.split(',').collect();
        assert_eq!(parts[2], encode_cells(&s.grid));
        // Start in the centre cell: row 3/2 = 1, column 7/2 = 3.
        assert_eq!(parts[0], "10");
    }

    fn hand_maze_parses() {
        let s = hand();
        assert!(s.grid.is_perfect());
        assert!(s.grid.is_open(0, Dir4::Right) && s.grid.is_open(0, Dir4::Down));
        assert!(!s.grid.is_open(1, Dir4::Down));
        assert!(s.grid.is_open(5, Dir4::Right));
        assert_eq!(s.exit, 5);
    }

    fn description_errors_have_positions() {
        let p = params(3, 2, Generator::Backtracker);
        let err = |d: &str| Maze::validate_desc(&p, d).unwrap_err();
        assert_eq!(err("").position, Some(0));
        assert_eq!(err("6,5R,741").reason, "Start cell out of range");
        assert_eq!(err("0;5R,741").position, Some(1));
        assert_eq!(err("0,9R,741").reason, "Exit cell out of range");
        assert_eq!(err("0,5X,741").position, Some(3));
        assert_eq!(err("0,4R,741").reason, "The exit must be on the outer wall");
        assert_eq!(err("0,5R741").position, Some(4));
        assert_eq!(err("0,5R,74").reason, "Not enough passage digits");
        assert_eq!(err("0,5R,7411").position, Some(8));
        assert_eq!(err("0,5R,7g1").position, Some(6));
        assert_eq!(err("0,5R,751").reason, "Passage through the right outer wall");
        assert_eq!(err("0,5R,743").reason, "Passage through the bottom outer wall");
        assert_eq!(err("0,5R,7g1").kind, ErrorKind::Description);
    }

    fn moves_respect_walls_and_escape() {
        let s = hand();
        assert!(Maze::execute_move(&s, "U").is_err());
        assert!(Maze::execute_move(&s, "L").is_err());
        let s = Maze::execute_move(&s, "D").unwrap();
        assert_eq!(s.player, 3);
        assert_eq!(s.facing, Dir4::Down);
        assert!(Maze::execute_move(&s, "U").is_ok());
        let s = Maze::execute_move(&s, "R").unwrap();
        let s = Maze::execute_move(&s, "R").unwrap();
        assert_eq!(s.player, 5);
        assert_eq!(Maze::status(&s), Status::Playing);
        assert!(Maze::execute_move(&s, "D").is_err());
        let s2 = Maze::execute_move(&s, "R").unwrap();
        assert_eq!(Maze::status(&s2), Status::Won);
        assert!(Maze::execute_move(&s2, "L").is_err());
        assert_eq!(s2.moves, 4);
        let mut ui = ();
        assert_eq!(Maze::flash_length(&s, &s2, 1, &mut ui), 3 * FLASH_FRAME_MS);
    }

    fn malformed_moves_are_rejected() {
        let s = hand();
        for m in ["", "X", "RR", "P", "PDX", "PD", "u"] {
            assert!(Maze::execute_move(&s, m).is_err(), "{}", m);
        }
    }

    fn solve_walks_out() {
        let s = hand();
        let path = Maze::solution_moves(&s, &s, None).unwrap();
        assert_eq!(path, ["D", "R", "R", "R"]);
        let mv = Maze::solve(&s, &s, None).unwrap();
        assert_eq!(mv, "PDRRR");
        let done = Maze::execute_move(&s, &mv).unwrap();
        assert!(done.escaped && done.used_solve);
        let mut ui = ();
        assert_eq!(Maze::flash_length(&s, &done, 1, &mut ui), 0);
    }

    fn arrow_keys_make_moves_and_bumps_are_ignored() {
        let s = hand();
        let ds = DrawState::new(16);
        let mut ui = ();
        assert_eq!(Maze::interpret_move(&s, &mut ui, &ds, PuzzleInput::key(Key::CursorRight)), MoveResult::Move("R".into()));
        assert_eq!(Maze::interpret_move(&s, &mut ui, &ds, PuzzleInput::key(Key::CursorUp)), MoveResult::Ignored);
    }

    fn view_follows_the_player_except_near_edges() {
        assert_eq!(view_start(0, 40, 15), 0);
        assert_eq!(view_start(7, 40, 15), 0);
        assert_eq!(view_start(8, 40, 15), 1);
        assert_eq!(view_start(20, 40, 15), 13);
        assert_eq!(view_start(39, 40, 15), 25);
        assert_eq!(view_start(5, 10, 15), 0);
    }

    fn params_encode_decode_validate() {
        let p = params(12, 7, Generator::Wilson);
        let mut q = Maze::default_params();
        Maze::decode_params(&mut q, &Maze::encode_params(&p, true)).unwrap();
        assert_eq!(p, q);
        Maze::decode_params(&mut q, "9").unwrap();
        assert_eq!((q.w, q.h, q.generator), (9, 9, Generator::Wilson));
        assert!(Maze::decode_params(&mut q, "9xq").is_err());
        assert!(Maze::decode_params(&mut q, "9x9bb").is_err());
        assert!(Maze::validate_params(&params(1, 5, Generator::Prim), true).is_err());
        assert!(Maze::validate_params(&params(101, 5, Generator::Prim), true).is_err());
        let items = Maze::configure(&p);
        assert_eq!(Maze::custom_params(&items).unwrap(), p);
    }

    fn game_id_through_the_midend() {
        let mut me = Midend::<Maze>::new(b"t");
        me.set_game_id("6x6h#seed").unwrap();
        me.new_game(&mut NullDrawing::default());
        let id = me.game_id().unwrap();
        assert!(id.starts_with("6x6:"));
        assert_eq!(me.random_seed_id().unwrap(), "6x6h#seed");
        let mut me2 = Midend::<Maze>::new(b"u");
        me2.set_game_id(&id).unwrap();
        me2.new_game(&mut NullDrawing::default());
        assert_eq!(me2.game_id().unwrap(), id);
        assert_eq!(me2.state(), me.state());
        let mut dr = NullDrawing::default();
        me.solve(&mut dr).unwrap();
        assert_eq!(me.status(), Status::Won);
    }

    fn show_solution_walks_out_through_the_midend() {
        let mut me = Midend::<Maze>::new(b"t");
        me.set_game_id(&format!("3x2:{}", HAND)).unwrap();
        let dr = &mut NullDrawing::default();
        me.new_game(dr);
        me.show_solution(dr).unwrap();
        assert_eq!(me.queued_moves(), 3, "the first step is under way, three to go");
        for _ in 0..20 {
            me.timer(dr, 100);
        }
        assert_eq!(me.status(), Status::Won);
        assert_eq!(me.undo_chain().0, 5);
        assert!(Maze::status_text(me.state(), &()).unwrap().starts_with("ESCAPED"));
        me.undo(dr).unwrap();
        assert_eq!(me.status(), Status::Playing);
        assert_eq!(me.state().player, 5);
    }

    fn incremental_redraw_equals_full_redraw() {
        // A 20x20 maze (the window scrolls on most steps, not near the edges) and a 6x5 one
        // (it never scrolls): each walked out along its solution with a bump into a wall, a
        // turn and an undo on the way, and after every step the screen equals a fresh
        // drawing of the game, flashes included.
        for id in ["20x20b#784853125404517", "6x5w#17"] {
            let mut me = Midend::<Maze>::new(b"t");
            me.set_game_id(id).unwrap();
            me.new_game(&mut NullDrawing::default());
            let mut scr = screen_for(&mut me, 208, 176, COL_WALL, COL_BELLY);
            me.redraw(&mut scr.canvas());
            let path = Maze::solution_moves(me.initial_state(), me.state(), None).unwrap();
            for (i, m) in path.iter().enumerate() {
                me.apply_move(&mut scr.canvas(), m).unwrap();
                if i == 2 {
                    me.undo(&mut scr.canvas()).unwrap();
                    assert_incremental_equals_full(&mut me, &scr, COL_WALL, COL_BELLY);
                    me.redo(&mut scr.canvas()).unwrap();
                }
                for _ in 0..4 {
                    me.timer(&mut scr.canvas(), 50);
                }
                assert_incremental_equals_full(&mut me, &scr, COL_WALL, COL_BELLY);
            }
            assert_eq!(me.status(), Status::Won);
        }
    }

    fn a_step_without_scrolling_redraws_two_cells_only() {
        // The 6x5 maze fits the window: a step draws the surroundings of the cell left and
        // the cell entered, each under a clip, nothing else.
        let mut me = Midend::<Maze>::new(b"t");
        me.set_game_id("6x5w#17").unwrap();
        me.new_game(&mut NullDrawing::default());
        let mut rec = RecordingDrawing::default();
        me.size(&mut rec, 200, 160, false);
        me.redraw(&mut rec);
        let whole = rec.ops.iter().filter(|op| matches!(op, DrawOp::Rect(..))).count();
        let path = Maze::solution_moves(me.initial_state(), me.state(), None).unwrap();
        rec.ops.clear();
        me.apply_move(&mut rec, &path[0]).unwrap();
        let clips = rec.ops.iter().filter(|op| matches!(op, DrawOp::Clip(_))).count();
        let updates: Vec<Rect> =
            rec.ops.iter().filter_map(|op| if let DrawOp::Update(r) = op { Some(*r) } else { None }).collect();
        let ts = me.tilesize();
        assert_eq!((clips, updates.len()), (2, 2), "{:?}", rec.ops);
        for r in updates {
            assert!(r.w < 2 * ts && r.h < 2 * ts, "{:?} for a tile of {}", r, ts);
        }
        // And a step that changes nothing on the screen draws nothing.
        rec.ops.clear();
        me.redraw(&mut rec);
        assert!(!rec.ops.iter().any(|op| matches!(op, DrawOp::Rect(..) | DrawOp::Update(_))), "{:?}", rec.ops);
        assert!(whole > 10, "the whole drawing has the floor, the border and the walls: {}", whole);
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;
    extern crate std;
    use std::println;

    #[test]
    fn every_generator_is_perfect_on_thousands_of_seeds() {
        for g in Generator::ALL {
            for seed in 0..2000u32 {
                let w = 2 + seed % 13;
                let h = 2 + (seed / 13) % 11;
                let mut grid = Grid::new(w as usize, h as usize);
                g.generate(&mut grid, &mut RandomState::new(&seed.to_le_bytes()));
                assert!(grid.is_perfect(), "{:?} seed {} {}x{}", g, seed, w, h);
            }
        }
    }

    #[test]
    fn generated_descriptions_are_valid_and_solvable() {
        for g in Generator::ALL {
            for seed in 0..300u32 {
                let (_, s) = generated(2 + seed % 20, 2 + seed % 17, g, &seed.to_le_bytes());
                let path = Maze::solve(&s, &s, None).unwrap();
                let done = Maze::execute_move(&s, &path).unwrap();
                assert_eq!(Maze::status(&done), Status::Won);
            }
        }
    }

    /// Dead-end percentage and longest path on 20×20 (docs/maze.md); run with --nocapture.
    #[test]
    fn statistics_20x20() {
        for g in Generator::ALL {
            let (mut dead, mut longest_sum, mut longest_max) = (0usize, 0u64, 0u32);
            let seeds = 1000u32;
            for seed in 0..seeds {
                let mut grid = Grid::new(20, 20);
                g.generate(&mut grid, &mut RandomState::new(&seed.to_le_bytes()));
                dead += grid.dead_ends();
                let l = solver::longest_path(&grid);
                longest_sum += l as u64;
                longest_max = longest_max.max(l);
            }
            let pct10 = dead * 1000 / (seeds as usize * 400);
            println!(
                "STAT {:<24} dead ends {}.{}%  longest path mean {}  max {}",
                g.name(),
                pct10 / 10,
                pct10 % 10,
                longest_sum / seeds as u64,
                longest_max
            );
            assert!(dead > 0 && longest_max >= 38);
        }
    }
}

#[cfg(test)]
mod image_tests {
    use super::*;
    use crate::gfx::test_screen::TestScreen;
    use crate::puzzle::backend::PuzzleInput;

    fn screen_for(me: &mut Midend<Maze>) -> TestScreen {
        let mut scr = TestScreen::vga256();
        scr.set_colours(&Maze::colours(Colour::DEFAULT_BACKGROUND));
        let (w, h) = me.size(&mut scr.canvas(), 640, 464, false);
        scr.surface.clear(COL_BACKGROUND as u8);
        scr.place(Rect::new((640 - w) / 2, (464 - h) / 2, w, h));
        scr.set_status_bar(Rect::new(0, 464, 640, 16), COL_WALL as u8, COL_BELLY as u8);
        scr
    }

    #[test]
    fn reference_images() {
        let mut me = Midend::<Maze>::new(b"ref");
        me.set_game_id("20x20b#784853125404517").unwrap();
        me.new_game(&mut NullDrawing::default());
        let mut scr = screen_for(&mut me);
        me.redraw(&mut scr.canvas());
        assert_eq!(scr.status(), "Steps: 0");
        scr.check_reference("maze-start");

        // Mid-game: walk along the solution for 12 steps (the view scrolls with the penguin).
        let path = Maze::solution_moves(me.initial_state(), me.state(), None).unwrap();
        for m in path.iter().take(12) {
            me.apply_move(&mut scr.canvas(), m).unwrap();
            me.timer(&mut scr.canvas(), 500);
        }
        assert_eq!(scr.status(), "Steps: 12");
        scr.check_reference("maze-mid");

        // Escape: the hand-made 3×2 maze, walked out; caught in the first flash frame.
        me.set_game_id(&std::format!("3x2:{}", HAND)).unwrap();
        me.new_game(&mut scr.canvas());
        let mut scr = screen_for(&mut me);
        me.redraw(&mut scr.canvas());
        for k in [Key::CursorDown, Key::CursorRight, Key::CursorRight, Key::CursorRight] {
            me.process_key(&mut scr.canvas(), PuzzleInput::key(k));
            me.timer(&mut scr.canvas(), 1);
        }
        assert_eq!(me.status(), Status::Won);
        assert!(me.wants_timer());
        assert_eq!(scr.status(), "ESCAPED! Steps: 4");
        scr.check_reference("maze-flash");
        me.timer(&mut scr.canvas(), 1000);
        assert!(!me.wants_timer());
    }
}
