//! Option and Result: niche-optimised layouts (Option<NonZero>, Option<&T>, Option<Box<T>>),
//! the `?` operator, combinators, collecting into Result, and error enums carrying data
//! (the shape the project's parsers use: a reason and a position).

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::hint::black_box;
use core::num::NonZeroU32;
use falcon_puzzles::digest::Digest;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ParseError {
    Empty,
    BadDigit { pos: u16, byte: u8 },
    Overflow { pos: u16 },
}

impl ParseError {
    fn code(self) -> u32 {
        match self {
            ParseError::Empty => 1,
            ParseError::BadDigit { pos, byte } => 2 << 24 | (pos as u32) << 8 | byte as u32,
            ParseError::Overflow { pos } => 3 << 24 | pos as u32,
        }
    }
}

/// Parses a decimal u16 with its own error type (no library parsing).
fn parse_u16(s: &[u8]) -> Result<u16, ParseError> {
    if s.is_empty() {
        return Err(ParseError::Empty);
    }
    let mut v: u16 = 0;
    for (i, &b) in s.iter().enumerate() {
        let digit = match b {
            b'0'..=b'9' => (b - b'0') as u16,
            _ => return Err(ParseError::BadDigit { pos: i as u16, byte: b }),
        };
        v = v.checked_mul(10).and_then(|v| v.checked_add(digit)).ok_or(ParseError::Overflow { pos: i as u16 })?;
    }
    Ok(v)
}

/// Sums comma-separated numbers, propagating the first error with `?`.
fn sum_list(s: &[u8]) -> Result<u32, ParseError> {
    let mut total = 0u32;
    for part in s.split(|&b| b == b',') {
        total += parse_u16(part)? as u32;
    }
    Ok(total)
}

fn put_result(d: &mut Digest, r: Result<u32, ParseError>) {
    match r {
        Ok(v) => {
            d.byte(0);
            d.u32(v);
        }
        Err(e) => {
            d.byte(1);
            d.u32(e.code());
        }
    }
}

falcon_puzzles::value_cases! {
    fn question_mark_parsing() -> u64 {
        let mut d = Digest::new();
        let inputs: [&[u8]; 9] = black_box([b"0", b"65535", b"65536", b"12a4", b"", b"1,2,3", b"100,,5", b"999,65535,1", b"7,x"]);
        for s in inputs {
            put_result(&mut d, parse_u16(s).map(|v| v as u32));
            put_result(&mut d, sum_list(s));
        }
        d.finish()
    }

    fn option_combinators() -> u64 {
        let mut d = Digest::new();
        let xs: [Option<u32>; 6] = black_box([None, Some(0), Some(1), Some(41), Some(u32::MAX), Some(1000)]);
        for &x in &xs {
            d.u32(x.map(|v| v.wrapping_mul(3)).unwrap_or(7));
            d.u32(x.and_then(|v| v.checked_add(1)).unwrap_or_default());
            d.u32(x.filter(|v| v % 2 == 1).map_or(5, |v| v / 2));
            d.bool(x.is_some_and(|v| v > 40));
            d.u32(x.or(Some(9)).unwrap());
            d.u32(x.xor(Some(2)).unwrap_or(3));
            for &y in &xs {
                d.u32(x.zip(y).map(|(a, b)| a ^ b).unwrap_or(0x5555));
                d.bool(x < y);
            }
        }
        d.finish()
    }

    fn result_combinators() -> u64 {
        let mut d = Digest::new();
        let rs: [Result<i32, u8>; 5] = black_box([Ok(0), Ok(-5), Err(3), Ok(i32::MAX), Err(0)]);
        for &r in &rs {
            d.u32(r.map(|v| v.wrapping_add(1)).unwrap_or(-1) as u32);
            d.u32(r.map_err(|e| e as i32 * 100).unwrap_or_else(|e| e) as u32);
            d.u32(r.and_then(|v| v.checked_mul(2).ok_or(9)).unwrap_or(77) as u32);
            d.bool(r.is_err());
            d.u32(r.ok().unwrap_or(12) as u32);
            d.u32(r.err().map_or(33, |e| e as u32));
            d.u32(r.or_else(|e| if e == 0 { Ok(1) } else { Err(e) }).unwrap_or(-9) as u32);
        }
        d.finish()
    }

    fn collect_into_result_and_option() -> u64 {
        let mut d = Digest::new();
        let good: [&[u8]; 4] = black_box([b"1", b"22", b"333", b"4444"]);
        let bad: [&[u8]; 4] = black_box([b"1", b"2x", b"", b"4"]);
        let r1: Result<Vec<u16>, ParseError> = good.iter().map(|s| parse_u16(s)).collect();
        let r2: Result<Vec<u16>, ParseError> = bad.iter().map(|s| parse_u16(s)).collect();
        put_result(&mut d, r1.map(|v| v.iter().map(|&x| x as u32).sum()));
        put_result(&mut d, r2.map(|v| v.len() as u32));
        let o: Option<Vec<u32>> = [1u32, 2, 3].iter().map(|&x| x.checked_sub(black_box(1))).collect();
        d.u32(o.map_or(0, |v| v.iter().sum()));
        let o2: Option<u32> = [5u32, 0, 3].iter().map(|&x| 60u32.checked_div(x)).sum();
        d.bool(o2.is_none());
        d.finish()
    }

    fn niche_optimised_options() -> u64 {
        let mut d = Digest::new();
        let raw = black_box([0u32, 1, 2, 0, 0x8000_0000, 7]);
        let nz: [Option<NonZeroU32>; 6] = core::array::from_fn(|i| NonZeroU32::new(raw[i]));
        for n in nz { d.u32(n.map_or(0xabcd, |v| v.get().wrapping_mul(2))); }
        let refs: [Option<&u32>; 3] = [raw.get(1), raw.get(10), raw.iter().max()];
        for r in refs { d.u32(r.copied().unwrap_or(99)); }
        let boxes: Vec<Option<Box<u32>>> = raw.iter().map(|&x| if x % 2 == 0 { Some(Box::new(x + 1)) } else { None }).collect();
        for b in &boxes { d.u32(b.as_deref().copied().unwrap_or(5)); }
        let mut taken = 0;
        let mut bs = boxes;
        for b in bs.iter_mut() { if let Some(v) = b.take() { taken += *v; } }
        d.u32(taken);
        d.bool(bs.iter().all(Option::is_none));
        d.finish()
    }

    fn checked_chains() -> u64 {
        let mut d = Digest::new();
        let xs: [u32; 8] = black_box([0, 1, 2, 1000, 65_536, 100_000, 0x7fff_ffff, u32::MAX]);
        for &a in &xs {
            for &b in &xs {
                let r = a.checked_mul(b).and_then(|p| p.checked_add(a)).and_then(|s| s.checked_div(b)).and_then(|q| q.checked_sub(1));
                match r { Some(v) => d.u32(v), None => d.byte(0xee) }
            }
        }
        d.finish()
    }
}

#[cfg(test)]
mod tests;
