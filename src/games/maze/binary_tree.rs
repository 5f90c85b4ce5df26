//! Binary tree (the seed's third generator): every cell opens either up or left, chosen by a
//! coin toss where both are possible. Fast and memoryless, but biased: the top row and left
//! column are single straight corridors.

use super::grid::{Dir4, Grid};
use crate::puzzle::random::RandomState;

pub fn generate(g: &mut Grid, rs: &mut RandomState) {
    for i in 0..g.cells() {
        let (x, y) = g.xy(i);
        match (x > 0, y > 0) {
            (true, true) => g.carve(i, if rs.bits(1) == 0 { Dir4::Up } else { Dir4::Left }),
            (true, false) => g.carve(i, Dir4::Left),
            (false, true) => g.carve(i, Dir4::Up),
            (false, false) => {}
        }
    }
}
