//! Hexagonal geometry shared by the loader (shape checks), the board and the game.
//!
//! Columns are vertical; a position is written `(column, y)` where `y` counts half cells
//! upwards. On a board of side n, column c (−(n−1)…n−1) holds 2n−1−|c| cells and the cell of
//! height h has `y = |c| + 2h`, so cells of equal height form a V (section 6.9: "la hauteur est
//! le nombre de cases situées au-dessous"). Relative positions use the same units, which
//! makes moves and rotations pure additions whatever the column.

/// `(dc, dy)` of the six neighbours, in the order of `$7F`: below, lower right, upper right,
/// above, upper left, lower left (counter-clockwise starting from below).
pub const DIRS: [(i32, i32); 6] = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];

/// Offset of a shape position byte (section 6.8): 0 the reference hexagon, 1–6 its
/// neighbours (1 below, then counter-clockwise), 7–18 the ring at distance 2 (7 two cells
/// below, then counter-clockwise). `None` for any other byte.
pub fn position_offset(p: u8) -> Option<(i32, i32)> {
    match p {
        0 => Some((0, 0)),
        1..=6 => Some(DIRS[(p - 1) as usize]),
        7..=18 => {
            let k = (p - 7) as usize;
            if k % 2 == 0 {
                let d = DIRS[k / 2];
                Some((2 * d.0, 2 * d.1))
            } else {
                let a = DIRS[(k - 1) / 2];
                let b = DIRS[k.div_ceil(2) % 6];
                Some((a.0 + b.0, a.1 + b.1))
            }
        }
        _ => None,
    }
}

/// The position byte `p` rotated by `steps` sixths of a turn counter-clockwise (negative:
/// clockwise). Rotation about the reference hexagon keeps 0 in place.
pub fn rotate_position(p: u8, steps: i32) -> u8 {
    match p {
        1..=6 => ((p as i32 - 1 + steps).rem_euclid(6) + 1) as u8,
        7..=18 => ((p as i32 - 7 + 2 * steps).rem_euclid(12) + 7) as u8,
        _ => p,
    }
}

/// True when two relative positions are neighbours.
pub fn adjacent(a: (i32, i32), b: (i32, i32)) -> bool {
    DIRS.iter().any(|d| (a.0 + d.0, a.1 + d.1) == b)
}

/// Checks a 4-byte shape configuration of `count` hexagons: valid and distinct position
/// bytes, zeros after the last hexagon, and a connected piece. Returns the index of the first
/// bad byte on failure (or 4 when the piece is not connected).
pub fn check_config(config: [u8; 4], count: usize) -> Result<(), (usize, ConfigFault)> {
    let mut offs = [(0i32, 0i32); 4];
    for (i, &p) in config.iter().enumerate() {
        if i >= count {
            if p != 0 {
                return Err((i, ConfigFault::UnusedNotZero));
            }
            continue;
        }
        match position_offset(p) {
            None => return Err((i, ConfigFault::BadPosition)),
            Some(o) => {
                if offs[..i].contains(&o) {
                    return Err((i, ConfigFault::Duplicate));
                }
                offs[i] = o;
            }
        }
    }
    // Connectivity: grow from hexagon 0.
    let mut reached = 1u8;
    loop {
        let mut grew = false;
        for i in 0..count {
            if reached & (1 << i) != 0 {
                continue;
            }
            if (0..count).any(|j| reached & (1 << j) != 0 && adjacent(offs[i], offs[j])) {
                reached |= 1 << i;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    if reached.count_ones() as usize != count {
        return Err((4, ConfigFault::NotConnected));
    }
    Ok(())
}

/// Why a shape configuration is invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfigFault {
    BadPosition,
    Duplicate,
    UnusedNotZero,
    NotConnected,
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
