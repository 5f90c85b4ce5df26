//! What a frame of TETRHEX costs on the 68030 (`cargo xtask bench`), on the full screen's
//! 640×480 surface with a board of side 9: drawing it all, a 20 ms tick that moves nothing,
//! the piece falling one cell (the engine's time and the redraw of the hexagons it left and
//! entered), a move by key, a drop that lands on an empty board, and the dearest landing we
//! build: a bar dropped into a shaft that completes four lines of a full board, so that the
//! rows above come down and most of the board is drawn again. Each checks its work.

use super::*;
use crate::app::script::Screen;
use crate::rul::session::Piece;
use crate::testcase::Bench;

/// One 60 Hz frame of the 16 MHz 68030.
const FRAME: u64 = 266_667;

fn space() -> Input {
    Input::KeyDown(KeyPress::new(scancode::SPACE, b' ', crate::keyboard::Shift::empty()))
}

fn start(b: &mut Bench) -> (Screen, TetrhexActivity) {
    let mut s = Screen::new(640, 480).unwrap();
    let mut a = TetrhexActivity::playing(&rules::ALL[0], 9, 1).unwrap();
    let (cycles, ()) = b.time(|| a.draw_all(&mut s.target()));
    b.report("tetrhex_draw_all_640x480", cycles, None, &[("cells", 217)]);
    (s, a)
}

crate::bench_cases! {
    fn tetrhex_frames(b: &mut Bench) {
        let (mut s, mut a) = start(b);
        let at = a.session.piece.unwrap().at;
        let (cycles, _) = b.time(|| a.input(&mut s.target(), &Input::Tick { ms: 20 }));
        assert_eq!(a.session.piece.unwrap().at, at);
        b.report("tetrhex_idle_tick", cycles, Some(FRAME), &[]);
        // A tick that completes the fall period: one cell down.
        let fall = a.session.vm.fall_ms;
        let (cycles, _) = b.time(|| a.input(&mut s.target(), &Input::Tick { ms: fall }));
        assert_eq!(a.session.piece.unwrap().at, (at.0, at.1 - 2));
        b.report("tetrhex_fall_frame", cycles, Some(FRAME), &[("fall_ms", fall as u64)]);
        let left = Input::KeyDown(KeyPress::special(scancode::LEFT, crate::keyboard::Shift::empty()));
        let (cycles, _) = b.time(|| a.input(&mut s.target(), &left));
        assert_eq!(a.session.piece.unwrap().at.0, at.0 - 1);
        b.report("tetrhex_move_frame", cycles, Some(FRAME), &[]);
        let (cycles, _) = b.time(|| a.input(&mut s.target(), &space()));
        assert_eq!(a.session.vm.board.hexagons(), 4);
        b.report("tetrhex_drop_landing", cycles, None, &[]);
    }

    /// The falling frame in its parts: the engine's step alone, then the redraw of the
    /// hexagons that changed (how many: `hexagons`); and one hexagon drawn at each of the 16
    /// pixel shifts.
    fn tetrhex_fall_parts(b: &mut Bench) {
        let mut s = Screen::new(640, 480).unwrap();
        let mut a = TetrhexActivity::playing(&rules::ALL[0], 9, 1).unwrap();
        a.draw_all(&mut s.target());
        let before = a.cells_now();
        let fall = a.session.vm.fall_ms;
        let (cycles, ()) = b.time(|| a.session.advance(fall));
        b.report("tetrhex_fall_engine", cycles, None, &[]);
        let after = a.cells_now();
        let changed = (1..=a.session.vm.board.cell_count()).filter(|&id| before[id] != after[id]).count();
        let numbers = a.shown.numbers;
        let (cycles, ()) = b.time(|| a.refresh(&mut s.target()));
        assert_eq!(a.shown.cells[1..], after[1..]);
        b.report("tetrhex_fall_redraw", cycles, None, &[("hexagons", changed as u64)]);
        // The numbers that changed with it (the timer, every second), drawn again alone.
        let changed: alloc::vec::Vec<usize> = (0..8).filter(|&k| numbers[k] != a.shown.numbers[k]).collect();
        let (cycles, ()) = b.time(|| {
            for &k in &changed {
                a.draw_number(&mut s.target(), k, a.shown.numbers[k]);
            }
        });
        b.report("tetrhex_fall_numbers", cycles, None, &[("numbers", changed.len() as u64)]);
        let region = s.surface.bounds();
        let mut t = s.target();
        let sprite = a.sprites.hexagon(1, 1);
        let (cycles, ()) = b.time(|| {
            for shift in 0..16 {
                sprite.draw(&mut t.surface, region, 100 + shift, 40);
            }
        });
        b.report("tetrhex_hexagon_16_shifts", cycles, None, &[("per_hexagon", cycles / 16)]);
    }

    fn tetrhex_landing_lines(b: &mut Bench) {
        let mut s = Screen::new(640, 480).unwrap();
        let mut a = TetrhexActivity::playing(&rules::ALL[0], 9, 1).unwrap();
        // Rows 0–11 full but for column 0; a vertical bar (shape 1) above the shaft.
        let board = &mut a.session.vm.board;
        for c in -8..=8i32 {
            for h in 0..12.min(17 - c.abs()) {
                if c != 0 {
                    let id = board.id(c, h);
                    let cell = board.cell_mut(id);
                    cell.colour = 1 + ((c + 8 + h) % 6) as u8;
                    cell.pattern = 1;
                }
            }
        }
        let shape = &a.rule.shapes[0];
        a.session.set_piece(Piece {
            shape: 1,
            count: shape.count,
            config: shape.initial,
            list_index: None,
            at: (0, 28),
            colours: [2; 4],
            patterns: [1; 4],
        });
        a.draw_all(&mut s.target());
        let before = a.session.vm.board.hexagons();
        let (cycles, _) = b.time(|| a.input(&mut s.target(), &space()));
        let after = a.session.vm.board.hexagons();
        assert!(after < before, "lines destroyed: {} -> {}", before, after);
        b.report(
            "tetrhex_landing_lines",
            cycles,
            None,
            &[("hexagons_before", before as u64), ("hexagons_after", after as u64)],
        );
    }
}
