//! The choice of generator (a game parameter) and the common finishing step: a random exit
//! on the border, as in the seed's `addMazeExit` (pick a side, then a cell along it).

use super::grid::{Dir4, Grid, pick};
use super::{backtracker, binary_tree, growing_tree, hunt_and_kill, kruskal, prim, sidewinder, wilson};
use crate::puzzle::random::RandomState;

/// Maze generation algorithms: the seed's three, then four more from Jamis Buck's catalogue.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Generator {
    Backtracker,
    HuntAndKill,
    BinaryTree,
    Wilson,
    Kruskal,
    Prim,
    Sidewinder,
    GrowingTree,
}

/// Names in [`Generator::ALL`] order, for the Custom dialog.
pub const NAMES: [&str; 8] = [
    "Recursive backtracking",
    "Hunt-and-kill",
    "Binary tree",
    "Wilson",
    "Kruskal",
    "Prim",
    "Sidewinder",
    "Growing tree",
];

impl Generator {
    pub const ALL: [Generator; 8] = [
        Generator::Backtracker,
        Generator::HuntAndKill,
        Generator::BinaryTree,
        Generator::Wilson,
        Generator::Kruskal,
        Generator::Prim,
        Generator::Sidewinder,
        Generator::GrowingTree,
    ];
    /// Human-readable name (menus, Custom dialog).
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }
    /// One-letter code used in encoded parameters.
    pub fn code(self) -> char {
        match self {
            Generator::Backtracker => 'b',
            Generator::HuntAndKill => 'h',
            Generator::BinaryTree => 't',
            Generator::Wilson => 'w',
            Generator::Kruskal => 'k',
            Generator::Prim => 'p',
            Generator::Sidewinder => 's',
            Generator::GrowingTree => 'g',
        }
    }
    pub fn from_code(c: char) -> Option<Generator> {
        Generator::ALL.iter().copied().find(|g| g.code() == c)
    }
    /// Carve a perfect maze into `g` (which must have all walls standing).
    pub fn generate(self, g: &mut Grid, rs: &mut RandomState) {
        match self {
            Generator::Backtracker => backtracker::generate(g, rs),
            Generator::HuntAndKill => hunt_and_kill::generate(g, rs),
            Generator::BinaryTree => binary_tree::generate(g, rs),
            Generator::Wilson => wilson::generate(g, rs),
            Generator::Kruskal => kruskal::generate(g, rs),
            Generator::Prim => prim::generate(g, rs),
            Generator::Sidewinder => sidewinder::generate(g, rs),
            Generator::GrowingTree => growing_tree::generate(g, rs),
        }
    }
}

/// Pick a random border cell and side for the exit (the seed's order: side, then position).
pub fn random_exit(g: &Grid, rs: &mut RandomState) -> (usize, Dir4) {
    let side = Dir4::ALL[pick(rs, 4)];
    let (w, h) = (g.w, g.h);
    let i = match side {
        Dir4::Up => pick(rs, w),
        Dir4::Down => (h - 1) * w + pick(rs, w),
        Dir4::Left => pick(rs, h) * w,
        Dir4::Right => pick(rs, h) * w + w - 1,
    };
    (i, side)
}
