//! bitflags 2 types as the games use them for tile contents, input state and GEM-style
//! options: set algebra, iteration over set flags, conversions from raw bits (checked,
//! truncating, retaining) and the Debug rendering.

use alloc::format;
use core::hint::black_box;
use falcon_puzzles::digest::Digest;

bitflags::bitflags! {
    /// What occupies a board square.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
    pub struct Tile: u8 {
        const WALL = 1 << 0;
        const FLOOR = 1 << 1;
        const GOAL = 1 << 2;
        const BOX = 1 << 3;
        const PLAYER = 1 << 4;
        const BOX_ON_GOAL = Self::BOX.bits() | Self::GOAL.bits();
    }

    /// Joystick and keyboard input in one word.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Input: u16 {
        const UP = 0x0001;
        const DOWN = 0x0002;
        const LEFT = 0x0004;
        const RIGHT = 0x0008;
        const FIRE = 0x0080;
        const UNDO = 0x0100;
        const RESTART = 0x8000;
    }

    /// Wide options word, to exercise 32-bit flag operations on the 68030.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Options: u32 {
        const SOUND = 1;
        const MUSIC = 1 << 1;
        const HINTS = 1 << 15;
        const FAST = 1 << 16;
        const DEBUG = 1 << 31;
    }
}

falcon_puzzles::value_cases! {
    fn bitflags_set_algebra() -> u64 {
        let mut d = Digest::new();
        let raw = black_box([0u8, 1, 2, 6, 10, 12, 18, 31, 0x1c]);
        for &a in &raw {
            let fa = Tile::from_bits_truncate(a);
            for &b in &raw {
                let fb = Tile::from_bits_truncate(b);
                d.byte((fa | fb).bits());
                d.byte((fa & fb).bits());
                d.byte((fa - fb).bits());
                d.byte((fa ^ fb).bits());
                d.bool(fa.contains(fb));
                d.bool(fa.intersects(fb));
                d.bool(fa < fb);
            }
            d.byte((!fa).bits());
            d.byte(fa.complement().bits());
            d.bool(fa.is_empty());
            d.bool(fa.is_all());
        }
        d.finish()
    }

    fn bitflags_mutation_and_moves() -> u64 {
        let mut d = Digest::new();
        let mut board = [Tile::FLOOR; 8];
        board[0] = Tile::WALL;
        board[7] = Tile::WALL;
        board[5] |= Tile::GOAL;
        board[3].insert(Tile::BOX);
        board[2].insert(Tile::PLAYER);
        let pushes = black_box(3u8);
        let mut p = 2usize;
        for _ in 0..pushes {
            let (n, nn) = (p + 1, p + 2);
            if board[n].contains(Tile::BOX) && !board[nn].intersects(Tile::WALL | Tile::BOX) {
                board[n].remove(Tile::BOX);
                board[nn].insert(Tile::BOX);
            }
            if !board[n].intersects(Tile::WALL | Tile::BOX) {
                board[p].remove(Tile::PLAYER);
                board[n].set(Tile::PLAYER, true);
                p = n;
            }
            for t in board { d.byte(t.bits()); }
        }
        d.bool(board.iter().any(|t| t.contains(Tile::BOX_ON_GOAL)));
        let mut t = Tile::empty();
        for f in [Tile::GOAL, Tile::BOX, Tile::GOAL] { t.toggle(f); d.byte(t.bits()); }
        d.finish()
    }

    fn bitflags_from_bits_variants() -> u64 {
        let mut d = Digest::new();
        for raw in [0u16, 1, 0x000f, 0x0080, 0x0181, 0x8000, 0x4000, 0xffff, 0x0210] {
            let raw = black_box(raw);
            match Input::from_bits(raw) { Some(f) => d.u32(f.bits() as u32), None => d.byte(0xee) }
            d.u32(Input::from_bits_truncate(raw).bits() as u32);
            d.u32(Input::from_bits_retain(raw).bits() as u32);
            d.bool(Input::from_bits_retain(raw).contains(Input::UP | Input::FIRE));
        }
        for raw in [0u32, 1 << 31, 0x8001_8003, u32::MAX, 0x0001_0000] {
            let o = Options::from_bits_truncate(black_box(raw));
            d.u32(o.bits());
            d.u32(o.iter().count() as u32);
            d.bool(o.contains(Options::DEBUG));
        }
        d.u32(Options::all().bits());
        d.finish()
    }

    fn bitflags_iteration_and_names() -> u64 {
        let mut d = Digest::new();
        let f = Input::from_bits_retain(black_box(0x818du16));
        for flag in f.iter() { d.u32(flag.bits() as u32); }
        for (name, flag) in f.iter_names() { d.bytes(name.as_bytes()); d.u32(flag.bits() as u32); }
        for (name, _) in Tile::all().iter_names() { d.bytes(name.as_bytes()); }
        d.finish()
    }

    fn bitflags_debug_format() -> u64 {
        let mut d = Digest::new();
        for t in [Tile::empty(), Tile::WALL, Tile::BOX | Tile::GOAL, Tile::from_bits_retain(black_box(0xe1))] {
            d.bytes(format!("{:?}", t).as_bytes());
        }
        d.bytes(format!("{:?}", Input::UP | Input::RESTART).as_bytes());
        d.bytes(format!("{:?}", Options::from_bits_retain(black_box(0x8000_0003))).as_bytes());
        d.finish()
    }
}

#[cfg(test)]
mod tests;
