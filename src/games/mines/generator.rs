//! Mine layouts, made at the first click so that it is safe and opens a region.
//!
//! - **Placement** (as the reference's, draw for draw): the squares outside the 3×3 block
//!   around the click are listed row by row; `n` times a random entry is taken and replaced
//!   by the list's last one. Without "ensure solubility" this is the layout.
//! - **Solubility** (our own way, not the reference's): the solver of `solver.rs` plays the
//!   layout from the click. Where it gets stuck, the mines among the covered neighbours of one
//!   stuck number (chosen at random) move to covered squares away from everything opened
//!   (else to any covered safe square; from a closed pocket, into the opened part), the solver
//!   is told what changed and goes on. When it finishes, a fresh run from the click must agree
//!   (what it deduced from numbers that have changed since does not count), else mines move
//!   again from where the fresh run stopped. After [`MAX_MOVES_PER_SQUARE`] moves per square
//!   the layout is thrown away and placed afresh from the same random stream; after
//!   [`MAX_PLACEMENTS`] placements, [`farthest`] ends the search.
//!
//! The reference perturbs differently (it rearranges mines within the frontier and tells its
//! solver what changed), so a soluble layout here differs from his for the same seed and click
//! whenever his first placement needed any perturbation.

use alloc::vec;
use alloc::vec::Vec;

use crate::puzzle::random::RandomState;

use super::solver::{self, COVERED, Solver};
use super::squares::{self, Squares};

/// Mine moves tried on one placement before placing afresh (per square of the grid).
pub const MAX_MOVES_PER_SQUARE: usize = 2;

/// Placements tried before the last resort ([`farthest`]), which ends generation for
/// parameters that may have no soluble layout at all (dense small grids): never reached for
/// the presets in the tests.
pub const MAX_PLACEMENTS: u32 = 50;

/// What generating one layout took (for the tests and the documentation).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Effort {
    /// Placements made (1 if the first one was kept or made soluble).
    pub placements: u32,
    /// Mines moved in all.
    pub moves: u32,
    /// Solver runs in all.
    pub solves: u32,
}

/// Whether `i` lies in the 3×3 block around `(x, y)`.
fn near(w: usize, i: usize, x: usize, y: usize) -> bool {
    (i % w).abs_diff(x) <= 1 && (i / w).abs_diff(y) <= 1
}

/// `n` mines anywhere but the 3×3 block around the click, in the reference's draw order.
pub fn place(w: usize, h: usize, n: usize, x: usize, y: usize, rs: &mut RandomState) -> Vec<bool> {
    let mut mines = vec![false; w * h];
    let mut free: Vec<usize> = (0..w * h).filter(|&i| !near(w, i, x, y)).collect();
    for _ in 0..n {
        let k = rs.upto(free.len() as u32) as usize;
        mines[free[k]] = true;
        free.swap_remove(k);
    }
    mines
}

/// The last resort: the mines on the squares farthest from the click (Chebyshev distance,
/// then the later square first), a clearing round the click; soluble when the mine count
/// settles the wall, not guaranteed otherwise.
pub fn farthest(w: usize, h: usize, n: usize, x: usize, y: usize) -> Vec<bool> {
    let mut order: Vec<usize> = (0..w * h).collect();
    order.sort_by_key(|&i| core::cmp::Reverse(((i % w).abs_diff(x).max((i / w).abs_diff(y)), i)));
    let mut mines = vec![false; w * h];
    for &i in order.iter().take(n) {
        mines[i] = true;
    }
    mines
}

/// A random one of the squares of the set made word by word by `word` (over words
/// `0..n_words`), if it has any.
fn pick(n_words: usize, rs: &mut RandomState, word: impl Fn(usize) -> u32) -> Option<usize> {
    let count = squares::count(n_words, &word);
    if count == 0 {
        return None;
    }
    Some(squares::nth(n_words, rs.upto(count), word))
}

/// Moves the mines that stop the solver (see the module comment); returns how many moved, and
/// whether the solver must start afresh (a mine went into the opened part). `block` is the
/// 3×3 block around the click, which stays free of mines; `grid` every square; `emptied` an
/// empty set to work in (given back empty).
fn move_mines(
    s: &mut Solver,
    w: usize,
    h: usize,
    click: (usize, usize),
    (block, grid, emptied): (&Squares, &Squares, &mut Squares),
    rs: &mut RandomState,
) -> (u32, bool) {
    let n_words = grid.len_words();
    // A number with covered neighbours: all the mines among them go.
    let mut from = [0usize; 8];
    let mut n_from = 0;
    if let Some(c) = pick(n_words, rs, |k| s.stuck_numbers.word(k)) {
        let mut nb = [0usize; 8];
        let k = solver::neighbours(w, h, c, &mut nb);
        for &j in &nb[..k] {
            if s.known[j] == COVERED && s.mines()[j] {
                from[n_from] = j;
                n_from += 1;
            }
        }
    }
    if n_from == 0 {
        // Opened squares walled in by found mines: one of the wall's mines goes.
        match pick(n_words, rs, |k| s.walls.word(k)) {
            None => return (0, false),
            Some(wall) => {
                from[0] = wall;
                n_from = 1;
            }
        }
    }
    let from = &from[..n_from];
    for &f in from {
        emptied.insert(f);
    }
    let mut moved = 0;
    let mut afresh = false;
    for &f in from {
        // Covered safe squares other than the ones being emptied, away from the click: first
        // those touching nothing opened. (Moves change only numbers' values and, for a found
        // mine, which is always moved alone, the last one: for these choices, what the
        // solver knows is what it knew before the first move.)
        let free = |k: usize| !s.mine_set.word(k) & !block.word(k) & !emptied.word(k) & grid.word(k);
        let allowed = |k: usize| free(k) & s.covered_set.word(k);
        let away = |k: usize| allowed(k) & !s.touching_opened.word(k);
        let mut to = pick(n_words, rs, away);
        if to.is_none() {
            to = pick(n_words, rs, allowed);
        }
        if to.is_none() {
            // Nowhere covered left: into the opened part, whose numbers change.
            afresh = true;
            to = pick(n_words, rs, free);
        }
        let Some(t) = to else {
            break;
        };
        if afresh {
            // The session starts again below; until then what it knew guides the choices.
            s.move_mine_unseen(f, t);
        } else {
            s.move_mine(f, t);
        }
        moved += 1;
    }
    for &f in from {
        emptied.remove(f);
    }
    if afresh {
        let m = core::mem::replace(s, Solver::new(w, h, vec![false; w * h], 0)).into_mines();
        *s = Solver::new(w, h, m, click.1 * w + click.0);
    }
    (moved, afresh)
}

/// A layout of `n` mines for a first click at `(x, y)`: soluble without guessing if `unique`.
/// The parameters must have passed validation (at least 3×3 when `unique`, `n` ≤ area − 9).
pub fn generate(w: usize, h: usize, n: usize, x: usize, y: usize, unique: bool, rs: &mut RandomState) -> Vec<bool> {
    generate_counted(w, h, n, x, y, unique, rs).0
}

/// [`generate`], also saying what it took.
pub fn generate_counted(
    w: usize,
    h: usize,
    n: usize,
    x: usize,
    y: usize,
    unique: bool,
    rs: &mut RandomState,
) -> (Vec<bool>, Effort) {
    let mut effort = Effort::default();
    let start = y * w + x;
    let mut block = Squares::none(w * h);
    for i in (0..w * h).filter(|&i| near(w, i, x, y)) {
        block.insert(i);
    }
    let grid = Squares::all(w * h);
    let mut emptied = Squares::none(w * h);
    loop {
        if effort.placements == MAX_PLACEMENTS {
            return (farthest(w, h, n, x, y), effort);
        }
        effort.placements += 1;
        let mines = place(w, h, n, x, y, rs);
        if !unique {
            return (mines, effort);
        }
        effort.solves += 1;
        let mut s = Solver::new(w, h, mines, start);
        // Whether `s` started from the click on the layout it has now (then its verdict is
        // a proof).
        let mut fresh = true;
        for _ in 0..MAX_MOVES_PER_SQUARE * w * h {
            if s.run() {
                if fresh {
                    return (s.into_mines(), effort);
                }
                effort.solves += 1;
                s = Solver::new(w, h, s.into_mines(), start);
                fresh = true;
                continue;
            }
            let (moved, afresh) = move_mines(&mut s, w, h, (x, y), (&block, &grid, &mut emptied), rs);
            if moved == 0 {
                break;
            }
            effort.moves += moved;
            fresh = afresh;
            if afresh {
                effort.solves += 1;
            }
        }
    }
}
