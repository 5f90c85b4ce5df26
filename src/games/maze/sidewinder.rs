//! Sidewinder: row by row, extend a horizontal run to the right by coin toss; when a run
//! ends, carve up from one random cell of it. The top row is one corridor (it cannot go up).

use super::grid::{Dir4, Grid, pick};
use crate::puzzle::random::RandomState;

pub fn generate(g: &mut Grid, rs: &mut RandomState) {
    for y in 0..g.h {
        let mut run_start = 0;
        for x in 0..g.w {
            let i = y * g.w + x;
            let at_east = x + 1 == g.w;
            let close = at_east || (y > 0 && rs.bits(1) == 0);
            if close {
                if y > 0 {
                    let cx = run_start + pick(rs, x - run_start + 1);
                    g.carve(y * g.w + cx, Dir4::Up);
                }
                run_start = x + 1;
            } else {
                g.carve(i, Dir4::Right);
            }
        }
    }
}
