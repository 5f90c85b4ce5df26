//! The board before each destruction of a phase (`$6F`), kept so that a front end can show
//! a landing's destruction step by step (a landing, phase C with its destruction
//! steps, drawn step by step), while the engine still runs the phase in one go.
//!
//! Fixed memory: [`MAX_STEPS`] boards of colour and pattern bytes, allocated with the VM.
//! Recording is off unless a session turns it on for a phase ([`DestructionSteps::start`]);
//! a destruction that removed nothing is not a step; steps past the last room are counted
//! ([`DestructionSteps::missed`]) but not kept (the final board shows their result).

use alloc::vec::Vec;

use super::board::{Board, MAX_CELLS};

/// The most steps kept for one phase.
pub const MAX_STEPS: usize = 8;

/// One hexagon as a step shows it: its colour and pattern (0: empty).
pub type Hexagon = (u8, u8);

/// The boards before the destructions of the current (or last) recorded phase.
#[derive(Clone, Debug)]
pub struct DestructionSteps {
    /// [`MAX_STEPS`] boards, by cell id − 1.
    boards: Vec<[Hexagon; MAX_CELLS]>,
    len: usize,
    missed: usize,
    recording: bool,
    /// Phases recorded since the VM was made (wrapping): tells a front end that the steps
    /// it sees are a new landing's.
    recorded: u32,
}

impl Default for DestructionSteps {
    fn default() -> Self {
        Self::new()
    }
}

impl DestructionSteps {
    /// Room for [`MAX_STEPS`] boards; not recording.
    pub fn new() -> Self {
        DestructionSteps {
            boards: alloc::vec![[(0, 0); MAX_CELLS]; MAX_STEPS],
            len: 0,
            missed: 0,
            recording: false,
            recorded: 0,
        }
    }

    /// Forgets the steps kept and records the next destructions.
    pub fn start(&mut self) {
        self.len = 0;
        self.missed = 0;
        self.recording = true;
        self.recorded = self.recorded.wrapping_add(1);
    }

    /// Stops recording; the steps kept stay until the next [`DestructionSteps::start`].
    pub fn stop(&mut self) {
        self.recording = false;
    }

    /// Before a destruction: keeps `board`'s hexagons when recording and there is room.
    /// Returns whether it did (give it to [`DestructionSteps::after`]).
    pub fn before(&mut self, board: &Board) -> bool {
        if !self.recording {
            return false;
        }
        if self.len == MAX_STEPS {
            return false;
        }
        let kept = &mut self.boards[self.len];
        for (k, cell) in board.cells[..board.cell_count()].iter().enumerate() {
            kept[k] = (cell.colour, cell.pattern);
        }
        true
    }

    /// After the destruction that removed `destroyed` hexagons: the board kept `before` it
    /// is a step if something went.
    pub fn after(&mut self, kept: bool, destroyed: usize) {
        if destroyed == 0 || !self.recording {
            return;
        }
        if kept {
            self.len += 1;
        } else {
            self.missed += 1;
        }
    }

    /// The boards kept, in order: each is the board right before one destruction (the first
    /// one with the landed piece in it), by cell id − 1 (only the board's cells are
    /// meaningful).
    pub fn steps(&self) -> &[[Hexagon; MAX_CELLS]] {
        &self.boards[..self.len]
    }

    /// How many phases were recorded since the VM was made (wrapping): it changes at each
    /// [`DestructionSteps::start`].
    pub fn recorded(&self) -> u32 {
        self.recorded
    }

    /// Destructions recorded after the room was full.
    pub fn missed(&self) -> usize {
        self.missed
    }
}
