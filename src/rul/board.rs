//! The hexagonal board: cells, their identifiers, hexagons, marks and destruction.
//!
//! Cell ids are 1…N numbered column by column from the leftmost column, bottom to top;
//! 0 is "no cell" (section 6.9). Storage is a fixed array sized for the largest board (side
//! 9: 217 cells), so nothing is allocated while playing. Positions use the `(column, y)`
//! units of `geometry.rs`.

use super::geometry::DIRS;

/// Cells of the largest board (side 9): 3·9·8 + 1.
pub const MAX_CELLS: usize = 217;

/// Contents of one cell. `pattern == 0` means empty (patterns of hexagons are 1–255).
/// Laid out for the 68030 executor (`exec68k.s`): colour, pattern, marks at offsets 0, 1, 2
/// of 4 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(4))]
pub struct Cell {
    pub colour: u8,
    pub pattern: u8,
    /// The eight marks of section 6.9; they belong to the cell, not to the hexagon.
    pub marks: u8,
}

/// `repr(C)`: the 68030 executor reads the side, the cell count, the column starts, the
/// cells and the neighbour table at fixed offsets (`exec68k.rs` checks them).
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Board {
    n: i32,
    count: usize,
    col_start: [u16; 18],
    pub cells: [Cell; MAX_CELLS],
    /// Derived from the size, for speed: the six neighbours of each id in `$7F` order (0:
    /// none; row 0 is cell 0's; two zero bytes pad each row to 8), and each id's column and
    /// height.
    nb: [[u8; 8]; MAX_CELLS + 1],
    column: [i8; MAX_CELLS + 1],
    height: [u8; MAX_CELLS + 1],
}

/// Where the 68030 executor finds the side, the cell count, the column starts, the cells,
/// the neighbour table and each id's column and height in a board (`exec68k.rs` checks
/// them against `exec68k.s`).
#[cfg(target_arch = "m68k")]
pub(super) const EXEC68K_OFFSETS: [usize; 7] = [
    core::mem::offset_of!(Board, n),
    core::mem::offset_of!(Board, count),
    core::mem::offset_of!(Board, col_start),
    core::mem::offset_of!(Board, cells),
    core::mem::offset_of!(Board, nb),
    core::mem::offset_of!(Board, column),
    core::mem::offset_of!(Board, height),
];

impl Board {
    /// A board of side `n` (clamped to 6–9).
    pub fn new(n: u8) -> Board {
        let n = (n as i32).clamp(6, 9);
        let mut col_start = [0u16; 18];
        let mut acc = 0u16;
        for (i, c) in (-(n - 1)..=n - 1).enumerate() {
            col_start[i] = acc;
            acc += (2 * n - 1 - c.abs()) as u16;
        }
        col_start[(2 * n - 1) as usize] = acc;
        let mut b = Board {
            n,
            count: acc as usize,
            col_start,
            cells: [Cell::default(); MAX_CELLS],
            nb: [[0; 8]; MAX_CELLS + 1],
            column: [0; MAX_CELLS + 1],
            height: [0; MAX_CELLS + 1],
        };
        let mut id = 1;
        for c in -(n - 1)..=n - 1 {
            for h in 0..b.column_len(c) {
                b.column[id] = c as i8;
                b.height[id] = h as u8;
                let y = c.abs() + 2 * h;
                for (d, &(dc, dy)) in DIRS.iter().enumerate() {
                    b.nb[id][d] = b.at(c + dc, y + dy) as u8;
                }
                id += 1;
            }
        }
        b
    }

    pub fn size(&self) -> i32 {
        self.n
    }
    pub fn cell_count(&self) -> usize {
        self.count
    }
    /// Number of cells of column `c`, 0 outside the board (any `c`, −2³¹ included).
    pub fn column_len(&self, c: i32) -> i32 {
        let a = c.unsigned_abs();
        if a >= self.n as u32 { 0 } else { 2 * self.n - 1 - a as i32 }
    }
    /// Identifier of the cell of column `c` and height `h`, 0 when there is none.
    pub fn id(&self, c: i32, h: i32) -> i32 {
        if h < 0 || h >= self.column_len(c) {
            return 0;
        }
        self.col_start[(c + self.n - 1) as usize] as i32 + h + 1
    }
    /// True for an existing cell id (1…N).
    pub fn valid(&self, id: i32) -> bool {
        id >= 1 && id as usize <= self.count
    }
    /// Column and height of a valid id.
    pub fn col_height(&self, id: i32) -> (i32, i32) {
        (self.column[id as usize] as i32, self.height[id as usize] as i32)
    }
    /// `(column, y)` of a valid id.
    pub fn pos(&self, id: i32) -> (i32, i32) {
        let (c, h) = self.col_height(id);
        (c, c.abs() + 2 * h)
    }
    /// The cell at `(column, y)`, 0 when there is none.
    pub fn at(&self, c: i32, y: i32) -> i32 {
        let d = y - c.abs();
        if d < 0 || d % 2 != 0 {
            return 0;
        }
        self.id(c, d / 2)
    }
    /// Neighbour of a valid id in direction `d` (0–5, see `DIRS`), 0 when off the board.
    pub fn neighbour(&self, id: i32, d: usize) -> i32 {
        self.nb[id as usize][d % 6] as i32
    }
    /// First id − 1 of each column, from the leftmost, then the cell count (for `$71`).
    pub fn column_starts(&self) -> &[u16; 18] {
        &self.col_start
    }
    /// The neighbour table: row `id` holds the six neighbours of cell `id` then two zeros.
    pub fn neighbour_table(&self) -> &[[u8; 8]; MAX_CELLS + 1] {
        &self.nb
    }
    /// The cell of a valid id.
    pub fn cell(&self, id: i32) -> &Cell {
        &self.cells[(id - 1) as usize]
    }
    pub fn cell_mut(&mut self, id: i32) -> &mut Cell {
        &mut self.cells[(id - 1) as usize]
    }
    /// True when a valid id holds a hexagon.
    pub fn occupied(&self, id: i32) -> bool {
        self.cell(id).pattern != 0
    }
    /// Number of hexagons on the board.
    pub fn hexagons(&self) -> usize {
        self.cells[..self.count].iter().filter(|c| c.pattern != 0).count()
    }

    /// Destroys the hexagons in cells with mark `m` (every hexagon when `m` is `None`); what
    /// is above a destroyed hexagon comes down one cell per hexagon destroyed below it
    /// (section 5.4), so hexagons resting over an empty cell keep that gap. Mark `m` is then cleared
    /// everywhere so that a looping destruction (`$6F`) only repeats if its expression marks
    /// again. Returns the number of hexagons destroyed.
    pub fn destroy(&mut self, m: Option<u8>) -> usize {
        let mut destroyed = 0;
        for k in 0..(2 * self.n - 1) as usize {
            let start = self.col_start[k] as usize;
            let end = self.col_start[k + 1] as usize;
            let mut w = start;
            for r in start..end {
                let cell = self.cells[r];
                let gone = cell.pattern != 0 && m.is_none_or(|m| cell.marks & (1 << m) != 0);
                if gone {
                    destroyed += 1;
                } else {
                    // Empty cells move too: a gap under a hexagon stays a gap.
                    let (colour, pattern) = (cell.colour, cell.pattern);
                    self.cells[w].colour = colour;
                    self.cells[w].pattern = pattern;
                    w += 1;
                }
            }
            for r in w..end {
                self.cells[r].colour = 0;
                self.cells[r].pattern = 0;
            }
        }
        if let Some(m) = m {
            for c in &mut self.cells[..self.count] {
                c.marks &= !(1 << m);
            }
        }
        destroyed
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
