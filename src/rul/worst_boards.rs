//! The worst boards we could build for a landed piece (side 9), one per way a rule destroys
//! hexagons: the benchmarks measure what landing on them costs (`bench.rs`), and the tests
//! check that each lands and the game plays on (`tests.rs`).

use super::model::RuleFile;
use super::session::{Piece, Session};

/// Puts a hexagon on the board.
fn put(g: &mut Session, c: i32, h: i32, colour: u8, pattern: u8) {
    let id = g.vm.board.id(c, h);
    assert!(id != 0, "no cell ({c}, {h})");
    let cell = g.vm.board.cell_mut(id);
    cell.colour = colour;
    cell.pattern = pattern;
}

/// A piece of `shape` in column 0 at the top, every hexagon of `colour` and `pattern`.
fn piece(g: &Session, shape: u8, colour: u8, pattern: u8) -> Piece {
    let s = &g.rule.shapes[shape as usize - 1];
    let n = g.vm.board.size();
    Piece {
        shape,
        count: s.count,
        config: s.initial,
        list_index: None,
        at: (0, 4 * n - 8),
        colours: [colour; 4],
        patterns: [pattern; 4],
    }
}

/// Tetrhex and Tet'light, bombs: a side-9 board filled up to height 11 with blue plain
/// hexagons (one hole per row, so no line is full), bombs of the same colour in the
/// rightmost column (the whole blue mass is one loaded component); a red bomb piece lands on
/// it in column 0: it destroys its own component and the whole blue mass. The dearest case
/// of the bomb rule: every flood fill covers the board.
pub fn bomb_landing<'r>(rule: &'r RuleFile) -> (Session<'r>, Piece) {
    let mut g = Session::new(rule, 9, 1).unwrap();
    g.piece = None;
    for c in -8..=8i32 {
        for h in 0..11.min(17 - c.abs()) {
            // One hole per row of equal height, at column (h mod 17) − 8.
            if c == (h % 17) - 8 {
                continue;
            }
            let pattern = if c == 8 { 2 } else { 1 };
            put(&mut g, c, h, 1, pattern);
        }
    }
    let p = piece(&g, 1, 4, 2);
    (g, p)
}

/// Tetrhex and Tet'light, lines: a side-9 board whose four lowest rows are full but for the
/// cells of column 0 a vertical bar fills, so one drop completes as many lines as a piece can.
pub fn lines_landing<'r>(rule: &'r RuleFile, colours: u8) -> (Session<'r>, Piece) {
    let mut g = Session::new(rule, 9, 1).unwrap();
    g.piece = None;
    for c in -8..=8i32 {
        for h in 0..12.min(17 - c.abs()) {
            // Every row's hole is in column 0, a shaft the bar falls down to fill rows 0–3.
            if c == 0 {
                continue;
            }
            put(&mut g, c, h, 1 + ((c + 8 + h) % colours as i32) as u8, 1);
        }
    }
    // Shape 1 of both rules is the vertical bar (positions 0, 1, 4, 13).
    let p = piece(&g, 1, 2, 1);
    (g, p)
}

/// Hexcolumns: a side-9 board filled up to height 12 with hexagons whose colours repeat
/// every three columns in stripes (no alignment of three yet), every fourth one a square
/// (each square's group is a whole stripe), and a column landing that starts a chain.
pub fn hexcolumns_landing(rule: &RuleFile) -> (Session<'_>, Piece) {
    let mut g = Session::new(rule, 9, 1).unwrap();
    g.piece = None;
    for c in -8..=8i32 {
        for h in 0..12.min(17 - c.abs()) {
            if c == 0 && h >= 9 {
                continue;
            }
            let colour = 1 + ((c + 8) / 2 % 6 + h / 2 % 2 * 3) as u8 % 6;
            let pattern = if (c + h) % 4 == 0 { 2 } else { 1 };
            put(&mut g, c, h, colour, pattern);
        }
    }
    let colour = g.vm.board.cell(g.vm.board.id(0, 8)).colour;
    let p = piece(&g, 1, colour, 1);
    (g, p)
}
