//! `format!` and friends: integers of every width in decimal, hex, octal and binary, with
//! padding, alignment, signs and `#` forms; `Debug` of structs, enums, tuples, collections
//! and escaped strings; `write!` into a String; custom `Display` impls. core::fmt is a large
//! body of code (64-bit decimal conversion divides by 10^4 chunks, padding logic is branchy):
//! `format!` of a u64 stopped the 68030 at opt-level s (docs/toolchain.md). The digest is
//! taken over the bytes of every formatted string.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::{self, Write};
use core::hint::black_box;
use falcon_puzzles::digest::Digest;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Move {
    Up,
    Down,
    Push { dx: i8, dy: i8 },
    Teleport(u16, u16),
}

#[derive(Debug, Clone)]
#[allow(dead_code)] // the fields are read only through Debug, which is the point
struct Level {
    name: &'static str,
    size: (u8, u8),
    moves: Vec<Move>,
    best: Option<u32>,
}

/// A board coordinate shown as chess-like "c7", honouring width/alignment via `pad`.
struct Square(u8, u8);

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 4];
        buf[0] = b'a' + self.0;
        let n = if self.1 >= 10 { 2 } else { 1 };
        if self.1 >= 10 {
            buf[1] = b'0' + self.1 / 10;
        }
        buf[n] = b'0' + self.1 % 10;
        let s = core::str::from_utf8(&buf[..n + 1]).map_err(|_| fmt::Error)?;
        if f.alternate() { write!(f, "[{s}]") } else { f.pad(s) }
    }
}

falcon_puzzles::value_cases! {
    fn format_unsigned_decimal() -> u64 {
        let mut d = Digest::new();
        let vals: [u64; 12] = black_box([0, 1, 9, 10, 99, 255, 65_535, 65_536, 4_294_967_295, 4_294_967_296,
            10_000_000_000_000_000_000, u64::MAX]);
        for v in vals {
            d.bytes(format!("{}", v).as_bytes());
            d.bytes(format!("{}", v as u32).as_bytes());
            d.bytes(format!("{}", v as u16).as_bytes());
            d.bytes(format!("{}", v as u8).as_bytes());
            d.bytes(v.to_string().as_bytes());
        }
        d.finish()
    }

    fn format_signed_decimal() -> u64 {
        let mut d = Digest::new();
        let vals: [i64; 10] = black_box([0, -1, 1, -128, 127, -32_768, i32::MIN as i64, i32::MAX as i64, i64::MIN, i64::MAX]);
        for v in vals {
            d.bytes(format!("{} {} {} {}", v, v as i32, v as i16, v as i8).as_bytes());
            d.bytes(format!("{:+}", v).as_bytes());
        }
        d.finish()
    }

    /// Many u64 values through the decimal formatter (the shape that stopped at opt-level s).
    fn format_u64_sweep() -> u64 {
        let mut d = Digest::new();
        let mut v: u64 = black_box(1);
        for i in 0..60u64 {
            d.bytes(format!("{v}").as_bytes());
            v = v.wrapping_mul(7).wrapping_add(i);
        }
        d.finish()
    }

    fn format_padding_alignment() -> u64 {
        let mut d = Digest::new();
        let v = black_box(42i32);
        let w = black_box(7usize);
        let s = black_box("ab");
        for out in [
            format!("[{:5}]", v), format!("[{:<5}]", v), format!("[{:^5}]", v), format!("[{:>5}]", v),
            format!("[{:05}]", v), format!("[{:05}]", -v), format!("[{:+05}]", v), format!("[{:*^9}]", v),
            format!("[{:w$}]", v), format!("[{:>1$}]", v, w + 2), format!("[{:.>6}]", s), format!("[{:-<6}]", s),
            format!("[{:^7}]", s), format!("[{:.1}]", s), format!("[{:>8.3}]", "abcdef"), format!("[{:3}]", 123456),
        ] {
            d.bytes(out.as_bytes());
        }
        d.finish()
    }

    fn format_hex_octal_binary() -> u64 {
        let mut d = Digest::new();
        let vals: [u64; 6] = black_box([0, 1, 0xdead_beef, 0x8000_0000_0000_0000, u64::MAX, 0x0123_4567_89ab_cdef]);
        for v in vals {
            d.bytes(format!("{:x}|{:X}|{:#x}|{:#018X}|{:o}|{:#o}", v, v, v, v, v, v).as_bytes());
            d.bytes(format!("{:b}|{:#b}|{:032b}", v as u32, v as u16, v as u32).as_bytes());
            d.bytes(format!("{:x}|{:#06x}|{:08b}", v as i32, v as i16, v as i8).as_bytes());
        }
        d.finish()
    }

    fn format_debug_derived() -> u64 {
        let mut d = Digest::new();
        let lv = black_box(Level {
            name: "Microban \"1\"",
            size: (10, 7),
            moves: vec![Move::Up, Move::Push { dx: -1, dy: 0 }, Move::Teleport(3, 65535), Move::Down],
            best: Some(97),
        });
        d.bytes(format!("{:?}", lv).as_bytes());
        d.bytes(format!("{:#?}", lv).as_bytes());
        d.bytes(format!("{:?}", (1u8, -2i64, 'x', true, ())).as_bytes());
        d.bytes(format!("{:?}", [None, Some(Move::Up)]).as_bytes());
        d.bytes(format!("{:?}", Ok::<&str, u8>("fine")).as_bytes());
        d.bytes(format!("{:x?}", [255u8, 16, 1]).as_bytes());
        d.finish()
    }

    fn format_debug_escapes() -> u64 {
        let mut d = Digest::new();
        let s = black_box("quote\" back\\ tab\t nl\n nul\0 bell\x07 é 🙂 \u{200b}");
        d.bytes(format!("{:?}", s).as_bytes());
        for c in ['\'', '"', '\n', '\u{7f}', 'é', '\u{301}'] { d.bytes(format!("{:?}", black_box(c)).as_bytes()); }
        d.bytes(format!("{:?}", b"bytes\xff\x00").as_bytes());
        d.finish()
    }

    fn write_macro_into_string() -> u64 {
        let mut d = Digest::new();
        let mut out = String::new();
        let n = black_box(12u32);
        for i in 0..n {
            let _ = write!(out, "{i:>3}:");
            for j in 0..i % 4 { let _ = write!(out, "{:02x}", i * 16 + j); }
            let _ = writeln!(out);
        }
        d.bytes(out.as_bytes());
        d.u32(out.lines().count() as u32);
        d.finish()
    }

    fn custom_display_impls() -> u64 {
        let mut d = Digest::new();
        let squares = black_box([(0u8, 1u8), (7, 8), (2, 10), (25, 99)]);
        for (c, r) in squares {
            let sq = Square(c, r);
            d.bytes(format!("{}|{:>5}|{:<5}|{:^6}|{:#}", sq, sq, sq, sq, sq).as_bytes());
        }
        d.finish()
    }

    fn format_arguments_reuse() -> u64 {
        let mut d = Digest::new();
        let (a, b, c) = black_box((3u16, "moves", -1i8));
        d.bytes(format!("{0} {1} {0} {2} {1}", a, b, c).as_bytes());
        d.bytes(format!("{a}{b}{c:?}{a:#b}").as_bytes());
        d.bytes(format!("{{literal}} {}%", a).as_bytes());
        let parts: Vec<String> = (0..black_box(5u8)).map(|i| format!("<{i:02}>")).collect();
        d.bytes(parts.concat().as_bytes());
        d.finish()
    }
}

#[cfg(test)]
mod tests;
