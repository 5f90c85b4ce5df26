//! The built-in picture, drawn procedurally (no image data to ship): a landscape with sky,
//! sun, mountains, a lake, a house and a tree, in shapes with distinct colours and edges so
//! every tile of a 5×5 cut still shows something recognisable.
//!
//! `draw_picture` paints the whole picture into an S×S square; a tile is drawn by clipping to
//! the tile and painting the picture shifted so the tile's part lands in it.

use crate::gfx::Drawing;

/// Picture colour indices (after the game's three frame colours; see `Slide::colours`).
pub const SKY_HIGH: usize = 3;
pub const SKY_LOW: usize = 4;
pub const SUN: usize = 5;
pub const MOUNTAIN: usize = 6;
pub const SNOW: usize = 7;
pub const GRASS: usize = 8;
pub const WATER: usize = 9;
pub const WALL: usize = 10;
pub const ROOF: usize = 11;
pub const TRUNK: usize = 12;
pub const LEAVES: usize = 13;
pub const DARK: usize = 14;

/// Paint the picture into the square at (`ox`, `oy`) of side `s` pixels. Coordinates are
/// given in 1/100ths of the side.
pub fn draw_picture(dr: &mut dyn Drawing, ox: i32, oy: i32, s: i32) {
    let p = |x: i32, y: i32| (ox + x * s / 100, oy + y * s / 100);
    let r = |v: i32| v * s / 100;
    dr.draw_rect(ox, oy, s, r(30), SKY_HIGH);
    dr.draw_rect(ox, oy + r(30), s, s - r(30), SKY_LOW);
    let (sx, sy) = p(78, 18);
    dr.draw_circle(sx, sy, r(11), Some(SUN), SUN);
    // Mountains, then their snow caps.
    dr.draw_polygon(&[p(-5, 62), p(25, 20), p(48, 50), p(65, 28), p(105, 62)], Some(MOUNTAIN), DARK);
    dr.draw_polygon(&[p(25, 20), p(32, 29), p(25, 33), p(18, 29)], Some(SNOW), SNOW);
    dr.draw_polygon(&[p(65, 28), p(71, 35), p(65, 38), p(59, 35)], Some(SNOW), SNOW);
    // Meadow and lake.
    dr.draw_rect(ox, oy + r(60), s, s - r(60), GRASS);
    dr.draw_polygon(&[p(0, 74), p(30, 70), p(52, 76), p(44, 92), p(10, 96), p(0, 90)], Some(WATER), DARK);
    // House: walls, roof, door, window.
    dr.draw_rect(ox + r(60), oy + r(62), r(26), r(22), WALL);
    dr.draw_polygon(&[p(56, 63), p(73, 48), p(90, 63)], Some(ROOF), DARK);
    dr.draw_rect(ox + r(70), oy + r(72), r(7), r(12), DARK);
    dr.draw_rect(ox + r(63), oy + r(66), r(5), r(5), WATER);
    dr.draw_rect(ox + r(79), oy + r(66), r(5), r(5), WATER);
    // Tree.
    dr.draw_rect(ox + r(11), oy + r(50), r(4), r(18), TRUNK);
    let (tx, ty) = p(13, 46);
    dr.draw_circle(tx, ty, r(9), Some(LEAVES), DARK);
}
