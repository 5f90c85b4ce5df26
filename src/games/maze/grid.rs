//! The maze model: a W×H grid of cells whose walls are either standing or knocked down.
//!
//! Each cell stores which of its four sides are open (a passage) as bits. A passage is always
//! recorded on both cells it joins, so the grid is consistent by construction; the exit is the
//! one open side on the outer border.

use alloc::vec;
use alloc::vec::Vec;

/// The four directions, as bit masks of a cell's open sides.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir4 {
    Up = 1,
    Right = 2,
    Down = 4,
    Left = 8,
}

impl Dir4 {
    pub const ALL: [Dir4; 4] = [Dir4::Up, Dir4::Right, Dir4::Down, Dir4::Left];
    pub fn bit(self) -> u8 {
        self as u8
    }
    pub fn opposite(self) -> Dir4 {
        match self {
            Dir4::Up => Dir4::Down,
            Dir4::Down => Dir4::Up,
            Dir4::Left => Dir4::Right,
            Dir4::Right => Dir4::Left,
        }
    }
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir4::Up => (0, -1),
            Dir4::Down => (0, 1),
            Dir4::Left => (-1, 0),
            Dir4::Right => (1, 0),
        }
    }
    /// Index 0..4 (for drawing tables and move strings).
    pub fn index(self) -> usize {
        match self {
            Dir4::Up => 0,
            Dir4::Right => 1,
            Dir4::Down => 2,
            Dir4::Left => 3,
        }
    }
    pub fn letter(self) -> char {
        ['U', 'R', 'D', 'L'][self.index()]
    }
    pub fn from_letter(c: char) -> Option<Dir4> {
        match c {
            'U' => Some(Dir4::Up),
            'R' => Some(Dir4::Right),
            'D' => Some(Dir4::Down),
            'L' => Some(Dir4::Left),
            _ => None,
        }
    }
}

/// The grid of cells. `open[i]` holds the [`Dir4`] bits of cell `i = y * w + x`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grid {
    pub w: usize,
    pub h: usize,
    pub open: Vec<u8>,
}

impl Grid {
    /// All walls standing.
    pub fn new(w: usize, h: usize) -> Self {
        Grid { w, h, open: vec![0; w * h] }
    }
    pub fn cells(&self) -> usize {
        self.w * self.h
    }
    pub fn xy(&self, i: usize) -> (usize, usize) {
        (i % self.w, i / self.w)
    }
    /// The cell next to `i` in direction `d`, if inside the grid.
    pub fn neighbour(&self, i: usize, d: Dir4) -> Option<usize> {
        let (x, y) = self.xy(i);
        let (dx, dy) = d.delta();
        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
        if nx < 0 || ny < 0 || nx >= self.w as i32 || ny >= self.h as i32 {
            None
        } else {
            Some(ny as usize * self.w + nx as usize)
        }
    }
    /// Knock down the wall between `i` and its neighbour in direction `d` (on both sides).
    pub fn carve(&mut self, i: usize, d: Dir4) {
        if let Some(j) = self.neighbour(i, d) {
            self.open[i] |= d.bit();
            self.open[j] |= d.opposite().bit();
        }
    }
    /// Knock down the wall between two adjacent cells.
    pub fn join(&mut self, a: usize, b: usize) {
        for d in Dir4::ALL {
            if self.neighbour(a, d) == Some(b) {
                self.carve(a, d);
                return;
            }
        }
    }
    pub fn is_open(&self, i: usize, d: Dir4) -> bool {
        self.open[i] & d.bit() != 0
    }
    /// Open the outer wall of border cell `i` on side `d` (the exit).
    pub fn open_border(&mut self, i: usize, d: Dir4) {
        self.open[i] |= d.bit();
    }
    /// Number of interior passages (each counted once).
    pub fn passages(&self) -> usize {
        (0..self.cells())
            .map(|i| {
                (self.is_open(i, Dir4::Right) && self.neighbour(i, Dir4::Right).is_some()) as usize
                    + (self.is_open(i, Dir4::Down) && self.neighbour(i, Dir4::Down).is_some()) as usize
            })
            .sum()
    }
    /// Cells reachable from `start` through passages.
    pub fn reachable(&self, start: usize) -> usize {
        let mut seen = vec![false; self.cells()];
        let mut stack = vec![start];
        seen[start] = true;
        let mut count = 0;
        while let Some(i) = stack.pop() {
            count += 1;
            for d in Dir4::ALL {
                if self.is_open(i, d) {
                    if let Some(j) = self.neighbour(i, d) {
                        if !seen[j] {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                }
            }
        }
        count
    }
    /// Perfect: connected and a tree (passages = cells − 1), so exactly one path between any
    /// two cells.
    pub fn is_perfect(&self) -> bool {
        self.passages() + 1 == self.cells() && self.reachable(0) == self.cells()
    }
    /// Cells with exactly one interior passage.
    pub fn dead_ends(&self) -> usize {
        (0..self.cells())
            .filter(|&i| {
                Dir4::ALL.iter().filter(|&&d| self.is_open(i, d) && self.neighbour(i, d).is_some()).count() == 1
            })
            .count()
    }
}

/// Random choice helper: index below `n` from the puzzle's random state.
pub fn pick(rs: &mut crate::puzzle::random::RandomState, n: usize) -> usize {
    rs.upto(n as u32) as usize
}
