//! The pictures that ship with the program, drawn procedurally (no image data to ship):
//! shapes with distinct colours and edges, so every tile of a 6×6 cut still shows something
//! recognisable.
//!
//! Each picture paints itself into an S×S square with the drawing API, in colour indices into
//! its own colour list; [`render`] draws it once into an off-screen surface of pens, from
//! which a puzzle's tiles are then copied. Coordinates are in 1/100ths of the side.

use crate::gfx::{Canvas, Colour, Drawing, Planar, Rect, Viewport};

/// A built-in picture: its name (shown in menus and written in save files) and how to draw it.
pub struct Builtin {
    pub name: &'static str,
    pub colours: &'static [Colour],
    /// Paints the picture into the square at (x, y) of side s.
    pub draw: fn(dr: &mut dyn Drawing, x: i32, y: i32, s: i32),
}

/// Every built-in picture. The names have no dot, so they never clash with a loaded
/// picture's 8.3 file name.
pub const BUILTIN: &[Builtin] = &[
    Builtin { name: "Landscape", colours: &landscape::COLOURS, draw: landscape::draw },
    Builtin { name: "Harbour", colours: &harbour::COLOURS, draw: harbour::draw },
    Builtin { name: "Balloons", colours: &balloons::COLOURS, draw: balloons::draw },
];

/// The built-in picture called `name` (case does not matter).
pub fn find(name: &str) -> Option<&'static Builtin> {
    BUILTIN.iter().find(|b| b.name.eq_ignore_ascii_case(name))
}

/// Draws `picture` into a new surface `side` pixels square (its width rounded up to a
/// multiple of 16), colour `i` with pen `first_pen + i`.
pub fn render(picture: &Builtin, side: i32, first_pen: u8) -> Planar<alloc::vec::Vec<u16>> {
    let side = side.max(1);
    let mut surface = Planar::alloc((side + 15) & !15, side).unwrap_or_else(|_| unreachable!("width rounded up"));
    let mut viewport = Viewport::new(Rect::new(0, 0, side, side));
    viewport.pens.set_base(first_pen);
    (picture.draw)(&mut Canvas::new(&mut surface, &mut viewport), 0, 0, side);
    surface
}

/// A point and a length in 1/100ths of the side `s`, from the square's corner (`ox`, `oy`).
struct Frame {
    ox: i32,
    oy: i32,
    s: i32,
}

impl Frame {
    fn p(&self, x: i32, y: i32) -> (i32, i32) {
        (self.ox + x * self.s / 100, self.oy + y * self.s / 100)
    }
    fn r(&self, v: i32) -> i32 {
        v * self.s / 100
    }
    fn rect(&self, dr: &mut dyn Drawing, x: i32, y: i32, w: i32, h: i32, c: usize) {
        let (x0, y0) = self.p(x, y);
        let (x1, y1) = self.p(x + w, y + h);
        dr.draw_rect(x0, y0, x1 - x0, y1 - y0, c);
    }
    fn poly(&self, dr: &mut dyn Drawing, pts: &[(i32, i32)], fill: usize, outline: usize) {
        let mut p = [(0, 0); 12];
        for (o, &(x, y)) in p.iter_mut().zip(pts) {
            *o = self.p(x, y);
        }
        dr.draw_polygon(&p[..pts.len().min(12)], Some(fill), outline);
    }
    fn circle(&self, dr: &mut dyn Drawing, x: i32, y: i32, r: i32, fill: usize, outline: usize) {
        let (cx, cy) = self.p(x, y);
        dr.draw_circle(cx, cy, self.r(r), Some(fill), outline);
    }
}

/// Sky, sun, mountains with snow, a lake, a house and a tree.
mod landscape {
    use super::*;
    const SKY_HIGH: usize = 0;
    const SKY_LOW: usize = 1;
    const SUN: usize = 2;
    const MOUNTAIN: usize = 3;
    const SNOW: usize = 4;
    const GRASS: usize = 5;
    const WATER: usize = 6;
    const WALL: usize = 7;
    const ROOF: usize = 8;
    const TRUNK: usize = 9;
    const LEAVES: usize = 10;
    const DARK: usize = 11;
    pub const COLOURS: [Colour; 12] = [
        Colour::rgb(0x50, 0x90, 0xe0),
        Colour::rgb(0xa0, 0xd0, 0xf8),
        Colour::rgb(0xff, 0xd8, 0x20),
        Colour::rgb(0x80, 0x70, 0x90),
        Colour::rgb(0xf8, 0xf8, 0xff),
        Colour::rgb(0x40, 0xb0, 0x40),
        Colour::rgb(0x20, 0x60, 0xc0),
        Colour::rgb(0xe8, 0xd0, 0xa0),
        Colour::rgb(0xc0, 0x30, 0x20),
        Colour::rgb(0x70, 0x40, 0x10),
        Colour::rgb(0x10, 0x70, 0x20),
        Colour::rgb(0x20, 0x20, 0x20),
    ];
    pub fn draw(dr: &mut dyn Drawing, ox: i32, oy: i32, s: i32) {
        let f = Frame { ox, oy, s };
        dr.draw_rect(ox, oy, s, f.r(30), SKY_HIGH);
        dr.draw_rect(ox, oy + f.r(30), s, s - f.r(30), SKY_LOW);
        f.circle(dr, 78, 18, 11, SUN, SUN);
        // Mountains, then their snow caps.
        f.poly(dr, &[(-5, 62), (25, 20), (48, 50), (65, 28), (105, 62)], MOUNTAIN, DARK);
        f.poly(dr, &[(25, 20), (32, 29), (25, 33), (18, 29)], SNOW, SNOW);
        f.poly(dr, &[(65, 28), (71, 35), (65, 38), (59, 35)], SNOW, SNOW);
        // Meadow and lake.
        dr.draw_rect(ox, oy + f.r(60), s, s - f.r(60), GRASS);
        f.poly(dr, &[(0, 74), (30, 70), (52, 76), (44, 92), (10, 96), (0, 90)], WATER, DARK);
        // House: walls, roof, door, windows.
        dr.draw_rect(ox + f.r(60), oy + f.r(62), f.r(26), f.r(22), WALL);
        f.poly(dr, &[(56, 63), (73, 48), (90, 63)], ROOF, DARK);
        dr.draw_rect(ox + f.r(70), oy + f.r(72), f.r(7), f.r(12), DARK);
        dr.draw_rect(ox + f.r(63), oy + f.r(66), f.r(5), f.r(5), WATER);
        dr.draw_rect(ox + f.r(79), oy + f.r(66), f.r(5), f.r(5), WATER);
        // Tree.
        dr.draw_rect(ox + f.r(11), oy + f.r(50), f.r(4), f.r(18), TRUNK);
        f.circle(dr, 13, 46, 9, LEAVES, DARK);
    }
}

/// A harbour at sunset: a striped lighthouse on the rocks, a sailing boat, the sun on the
/// horizon, gulls.
mod harbour {
    use super::*;
    const SKY_TOP: usize = 0;
    const SKY_MID: usize = 1;
    const SKY_LOW: usize = 2;
    const SUN: usize = 3;
    const SEA: usize = 4;
    const SEA_DARK: usize = 5;
    const ROCK: usize = 6;
    const WHITE: usize = 7;
    const RED: usize = 8;
    const HULL: usize = 9;
    const LAMP: usize = 10;
    const DARK: usize = 11;
    pub const COLOURS: [Colour; 12] = [
        Colour::rgb(0x30, 0x28, 0x70),
        Colour::rgb(0xc0, 0x50, 0x80),
        Colour::rgb(0xf8, 0xa0, 0x50),
        Colour::rgb(0xff, 0xe0, 0x60),
        Colour::rgb(0x20, 0x60, 0xa0),
        Colour::rgb(0x10, 0x38, 0x68),
        Colour::rgb(0x58, 0x50, 0x48),
        Colour::rgb(0xf0, 0xf0, 0xe8),
        Colour::rgb(0xd0, 0x20, 0x28),
        Colour::rgb(0x80, 0x48, 0x18),
        Colour::rgb(0xff, 0xff, 0xa0),
        Colour::rgb(0x18, 0x10, 0x20),
    ];
    pub fn draw(dr: &mut dyn Drawing, ox: i32, oy: i32, s: i32) {
        let f = Frame { ox, oy, s };
        f.rect(dr, 0, 0, 100, 22, SKY_TOP);
        f.rect(dr, 0, 22, 100, 18, SKY_MID);
        f.rect(dr, 0, 40, 100, 20, SKY_LOW);
        f.circle(dr, 30, 60, 14, SUN, SUN);
        f.rect(dr, 0, 60, 100, 40, SEA);
        // Waves.
        for (x, y) in [(8, 70), (40, 76), (20, 86), (60, 92), (75, 70)] {
            f.rect(dr, x, y, 14, 1, SEA_DARK);
        }
        // Rocks and the lighthouse with its red bands and lamp.
        f.poly(dr, &[(58, 100), (62, 66), (74, 60), (90, 64), (100, 72), (100, 100)], ROCK, DARK);
        f.poly(dr, &[(72, 62), (75, 18), (85, 18), (88, 62)], WHITE, DARK);
        f.poly(dr, &[(73, 50), (74, 40), (86, 40), (87, 50)], RED, RED);
        f.poly(dr, &[(74, 32), (75, 24), (85, 24), (86, 32)], RED, RED);
        f.rect(dr, 74, 10, 12, 8, LAMP);
        f.poly(dr, &[(72, 10), (80, 3), (88, 10)], RED, DARK);
        // A sailing boat: hull, mast, two sails.
        f.poly(dr, &[(12, 74), (46, 74), (40, 82), (17, 82)], HULL, DARK);
        f.rect(dr, 28, 36, 2, 38, DARK);
        f.poly(dr, &[(30, 38), (30, 72), (46, 72)], WHITE, DARK);
        f.poly(dr, &[(27, 42), (27, 72), (14, 72)], RED, DARK);
        // Gulls.
        for (x, y) in [(50, 14), (58, 20), (12, 12)] {
            let (a, b) = f.p(x, y);
            let w = f.r(4).max(2);
            dr.draw_line(a - w, b - w / 2, a, b, DARK);
            dr.draw_line(a, b, a + w, b - w / 2, DARK);
        }
    }
}

/// Hot-air balloons over green hills, with clouds.
mod balloons {
    use super::*;
    const SKY: usize = 0;
    const CLOUD: usize = 1;
    const HILL_FAR: usize = 2;
    const HILL_NEAR: usize = 3;
    const RED: usize = 4;
    const YELLOW: usize = 5;
    const BLUE: usize = 6;
    const PURPLE: usize = 7;
    const ORANGE: usize = 8;
    const BASKET: usize = 9;
    const FIELD: usize = 10;
    const DARK: usize = 11;
    pub const COLOURS: [Colour; 12] = [
        Colour::rgb(0x78, 0xb8, 0xf0),
        Colour::rgb(0xf8, 0xf8, 0xf8),
        Colour::rgb(0x60, 0xa0, 0x50),
        Colour::rgb(0x30, 0x80, 0x28),
        Colour::rgb(0xe0, 0x28, 0x28),
        Colour::rgb(0xf8, 0xd0, 0x20),
        Colour::rgb(0x20, 0x48, 0xd0),
        Colour::rgb(0x90, 0x30, 0xa8),
        Colour::rgb(0xf0, 0x80, 0x10),
        Colour::rgb(0x88, 0x58, 0x28),
        Colour::rgb(0xd8, 0xd0, 0x50),
        Colour::rgb(0x20, 0x20, 0x28),
    ];
    /// A balloon centred at (x, y) of radius r (in 1/100ths), envelope in two colours.
    fn balloon(f: &Frame, dr: &mut dyn Drawing, x: i32, y: i32, r: i32, a: usize, b: usize) {
        f.poly(
            dr,
            &[
                (x - r * 7 / 10, y + r * 7 / 10),
                (x + r * 7 / 10, y + r * 7 / 10),
                (x + r / 4, y + r * 17 / 10),
                (x - r / 4, y + r * 17 / 10),
            ],
            a,
            DARK,
        );
        f.circle(dr, x, y, r, a, DARK);
        f.poly(
            dr,
            &[
                (x - r / 3, y - r + 1),
                (x + r / 3, y - r + 1),
                (x + r / 3, y + r * 13 / 10),
                (x - r / 3, y + r * 13 / 10),
            ],
            b,
            b,
        );
        let (x0, y0) = f.p(x - r / 4, y + r * 17 / 10);
        let (x1, y1) = f.p(x + r / 4, y + r * 2);
        dr.draw_line(x0, y0, x0, y1, DARK);
        dr.draw_line(x1, y0, x1, y1, DARK);
        f.rect(dr, x - r / 4, y + r * 2, r / 2, r / 3 + 1, BASKET);
    }
    pub fn draw(dr: &mut dyn Drawing, ox: i32, oy: i32, s: i32) {
        let f = Frame { ox, oy, s };
        f.rect(dr, 0, 0, 100, 100, SKY);
        for (x, y, r) in [(16, 14, 7), (24, 12, 9), (32, 15, 6), (70, 30, 6), (78, 28, 8), (86, 31, 5)] {
            f.circle(dr, x, y, r, CLOUD, CLOUD);
        }
        f.poly(dr, &[(0, 78), (25, 64), (55, 72), (80, 60), (100, 66), (100, 100), (0, 100)], HILL_FAR, DARK);
        f.poly(dr, &[(0, 88), (35, 76), (70, 86), (100, 78), (100, 100), (0, 100)], HILL_NEAR, DARK);
        f.poly(dr, &[(40, 92), (62, 84), (80, 94), (58, 100)], FIELD, DARK);
        balloon(&f, dr, 26, 40, 14, RED, YELLOW);
        balloon(&f, dr, 66, 18, 10, BLUE, ORANGE);
        balloon(&f, dr, 80, 52, 8, PURPLE, YELLOW);
    }
}
