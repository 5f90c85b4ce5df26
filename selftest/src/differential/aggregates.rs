//! Arrays of structs, tuples and enums: mixed field sizes force the 68030's alignment rules
//! (2-byte alignment for u32/u64 on m68k, unlike the host) and byte/word/long loads side by
//! side. The first case is the `(u8, u32)` pairs sum that printed a wrong value at opt-level
//! s and z (docs/toolchain.md).
//!
//! Nothing here digests a layout (size_of, offsets): those legitimately differ.

use core::hint::black_box;
use falcon_puzzles::digest::Digest;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    kind: u8,
    x: i16,
    y: i16,
    score: u32,
    alive: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Empty,
    Wall,
    Box(u8),
    Player { facing: u8, moves: u16 },
    Goal(i32),
}

impl Cell {
    fn weight(self) -> u32 {
        match self {
            Cell::Empty => 0,
            Cell::Wall => 1000,
            Cell::Box(n) => 10 + n as u32,
            Cell::Player { facing, moves } => (facing as u32) << 16 | moves as u32,
            Cell::Goal(g) => g.unsigned_abs(),
        }
    }
}

falcon_puzzles::value_cases! {
    /// The reproducer from toolchain.md: a sum over an array of `(u8, u32)` pairs.
    fn u8_u32_pairs_sum() -> u64 {
        let pairs: [(u8, u32); 8] = black_box([
            (1, 10), (2, 200), (3, 3000), (255, 40000), (0, 0xffff_ffff), (7, 7), (128, 0x8000_0000), (9, 99),
        ]);
        let mut d = Digest::new();
        let mut sum = 0u32;
        let mut bytes = 0u32;
        for &(a, b) in pairs.iter() {
            sum = sum.wrapping_add(b);
            bytes += a as u32;
            d.u32(sum);
            d.u32(bytes);
        }
        let weighted: u64 = pairs.iter().map(|&(a, b)| a as u64 * b as u64).sum();
        d.u64(weighted);
        d.finish()
    }

    fn u8_u32_pairs_plain_loop() -> u64 {
        // The same shape in its simplest form: index loop, one accumulator, no digest inside.
        let pairs: [(u8, u32); 16] = black_box(core::array::from_fn(|i| ((i * 37) as u8, (i as u32) << (i + 8))));
        let mut s: u32 = 0;
        for i in 0..pairs.len() {
            s = s.wrapping_add(pairs[i].0 as u32 + pairs[i].1);
        }
        s as u64 | (pairs.len() as u64) << 32
    }

    fn tuples_of_mixed_widths() -> u64 {
        let mut d = Digest::new();
        let ts: [(u16, u8, u64, i8); 6] = black_box([
            (1, 2, 3, -4), (0xffff, 0xff, u64::MAX, i8::MIN), (0x8000, 0x80, 1 << 63, i8::MAX),
            (12345, 67, 0x0123_4567_89ab_cdef, -1), (0, 0, 0, 0), (7, 7, 7, 7),
        ]);
        let mut acc = 0u64;
        for &(a, b, c, e) in &ts {
            acc = acc.wrapping_mul(31).wrapping_add(c ^ (a as u64) << 8 ^ b as u64).wrapping_add(e as i64 as u64);
            d.u64(acc);
        }
        let (mut x, mut y) = (ts[0], ts[1]);
        core::mem::swap(&mut x, &mut y);
        d.u64(x.2 ^ y.2);
        d.finish()
    }

    fn array_of_structs_update() -> u64 {
        let mut d = Digest::new();
        let mut ps: [Piece; 12] = core::array::from_fn(|i| Piece {
            kind: i as u8 % 4,
            x: i as i16 * 3 - 10,
            y: 20 - i as i16 * 5,
            score: i as u32 * 100,
            alive: i % 3 != 0,
        });
        let moves = black_box([(1i16, 0i16), (0, -1), (-2, 2), (3, 3)]);
        for step in 0..10 {
            for p in ps.iter_mut().filter(|p| p.alive) {
                let (dx, dy) = moves[(step + p.kind as usize) % 4];
                p.x += dx;
                p.y += dy;
                p.score = p.score.wrapping_add((p.x * p.y) as u32);
                if p.x.abs() > 15 || p.y.abs() > 25 { p.alive = false; }
            }
        }
        for p in &ps {
            d.byte(p.kind);
            d.u32(p.x as u32);
            d.u32(p.y as u32);
            d.u32(p.score);
            d.bool(p.alive);
        }
        d.finish()
    }

    fn struct_copy_and_compare() -> u64 {
        let mut d = Digest::new();
        let base = black_box(Piece { kind: 3, x: -7, y: 9, score: 0xdead_beef, alive: true });
        let mut arr = [base; 8];
        for (i, p) in arr.iter_mut().enumerate() {
            if i % 2 == 0 { p.score ^= i as u32; }
            if i % 3 == 0 { p.x = -p.x; }
        }
        for a in &arr {
            for b in &arr {
                d.bool(a == b);
            }
        }
        arr.swap(1, 6);
        arr[2] = arr[7];
        for p in &arr { d.u32(p.score); d.u32(p.x as u32); }
        d.finish()
    }

    fn array_of_enums_weights() -> u64 {
        let mut d = Digest::new();
        let cells: [Cell; 10] = black_box([
            Cell::Empty, Cell::Wall, Cell::Box(3), Cell::Player { facing: 2, moves: 513 },
            Cell::Goal(-77), Cell::Box(255), Cell::Goal(i32::MIN), Cell::Empty,
            Cell::Player { facing: 0, moves: 0xffff }, Cell::Wall,
        ]);
        let mut total = 0u32;
        for c in cells {
            let w = c.weight();
            total = total.wrapping_add(w);
            d.u32(w);
            d.bool(matches!(c, Cell::Box(_) | Cell::Goal(_)));
        }
        d.u32(total);
        let players = cells.iter().filter(|c| matches!(c, Cell::Player { .. })).count();
        d.u32(players as u32);
        d.finish()
    }

    fn enum_state_transitions() -> u64 {
        let mut d = Digest::new();
        let mut grid = [Cell::Empty; 16];
        let ops = black_box([3usize, 7, 1, 15, 3, 8, 0, 7, 12, 3]);
        for (t, &i) in ops.iter().enumerate() {
            grid[i] = match grid[i] {
                Cell::Empty => Cell::Box(t as u8),
                Cell::Box(n) if n < 5 => Cell::Player { facing: n, moves: t as u16 * 100 },
                Cell::Box(_) => Cell::Wall,
                Cell::Player { facing, moves } => Cell::Goal(facing as i32 - moves as i32),
                Cell::Goal(_) | Cell::Wall => Cell::Empty,
            };
        }
        for c in grid { d.u32(c.weight()); }
        d.finish()
    }

    fn option_array_compaction() -> u64 {
        let mut d = Digest::new();
        let mut slots: [Option<u16>; 20] = [None; 20];
        let seed = black_box(0x1234u16);
        for i in 0..20u16 {
            if (seed >> (i % 16)) & 1 == 1 { slots[i as usize] = Some(i * 1000 + seed); }
        }
        let mut out = [0u16; 20];
        let mut n = 0;
        for s in slots.iter().flatten() { out[n] = *s; n += 1; }
        d.u32(n as u32);
        for v in &out[..n] { d.u32(*v as u32); }
        for s in slots { d.bool(s.is_some()); }
        d.finish()
    }

    fn nested_arrays_in_structs() -> u64 {
        #[derive(Clone, Copy)]
        struct Board { cells: [[u8; 5]; 5], owner: [u16; 2], turn: u8 }
        let mut d = Digest::new();
        let mut b = Board { cells: [[0; 5]; 5], owner: [0, 0], turn: 0 };
        let moves = black_box([(2usize, 2usize), (0, 0), (4, 4), (1, 3), (3, 1), (2, 0), (0, 2)]);
        let mut history = [b; 8];
        for (i, &(r, c)) in moves.iter().enumerate() {
            b.cells[r][c] = b.turn + 1;
            b.owner[b.turn as usize] += (r * 5 + c) as u16;
            b.turn ^= 1;
            history[i + 1] = b;
        }
        for h in &history {
            for row in &h.cells { d.bytes(row); }
            d.u32(h.owner[0] as u32 | (h.owner[1] as u32) << 16);
            d.byte(h.turn);
        }
        d.finish()
    }
}

#[cfg(test)]
mod tests;
