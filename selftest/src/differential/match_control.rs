//! `match` in its many shapes: dense integer matches (jump tables), sparse ones (compare
//! trees), ranges, tuples, guards, nested enums, slice patterns, bindings, and a small state
//! machine. LLVM lowers these very differently, and every lowering must survive on the 68k.

use core::hint::black_box;
use falcon_puzzles::digest::Digest;

#[derive(Clone, Copy)]
enum Token {
    Num(i32),
    Plus,
    Minus,
    Times,
    Open,
    Close,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Idle,
    Walking(u8),
    Pushing { dir: u8, strength: u16 },
    Won,
}

fn dense(x: u8) -> u32 {
    match x {
        0 => 11,
        1 => 23,
        2 => 5,
        3 => 700,
        4 => 9,
        5 => 31,
        6 => 4,
        7 => 1_000_000,
        8 => 8,
        9 => 77,
        10 => 3,
        11 => 12,
        12 => 0xffff,
        13 => 1,
        14 => 42,
        15 => 99,
        _ => 0,
    }
}

fn sparse(x: u32) -> u8 {
    match x {
        0 => 1,
        7 => 2,
        100 => 3,
        1000 => 4,
        65535 => 5,
        65536 => 6,
        0x7fff_ffff => 7,
        0x8000_0000 => 8,
        u32::MAX => 9,
        _ => 0,
    }
}

fn ranges(x: i32) -> u8 {
    match x {
        i32::MIN..=-1001 => 0,
        -1000..=-1 => 1,
        0 => 2,
        1..=9 => 3,
        10..=99 => 4,
        100..=32767 => 5,
        32768..=65535 => 6,
        _ => 7,
    }
}

/// Evaluates a token stream left to right with precedence-free + - * and parentheses.
fn eval(tokens: &[Token]) -> (i32, usize) {
    let mut acc = 0i32;
    let mut op = Token::Plus;
    let mut i = 0;
    while i < tokens.len() {
        let v = match tokens[i] {
            Token::Num(n) => n,
            Token::Open => {
                let (v, used) = eval(&tokens[i + 1..]);
                i += used; // now at the matching Close; the loop steps past it
                v
            }
            Token::Close => return (acc, i + 1),
            t => {
                op = t;
                i += 1;
                continue;
            }
        };
        acc = match op {
            Token::Plus => acc.wrapping_add(v),
            Token::Minus => acc.wrapping_sub(v),
            Token::Times => acc.wrapping_mul(v),
            _ => acc,
        };
        i += 1;
    }
    (acc, i)
}

falcon_puzzles::value_cases! {
    fn dense_match_jump_table() -> u64 {
        let mut d = Digest::new();
        for x in 0..black_box(20u8) { d.u32(dense(x)); }
        let mut s = 0u32;
        for x in 0..200u32 { s = s.wrapping_add(dense(black_box((x * 7 % 17) as u8))); }
        d.u32(s);
        d.finish()
    }

    fn sparse_match_compare_tree() -> u64 {
        let mut d = Digest::new();
        let xs = black_box([0u32, 1, 7, 8, 99, 100, 1000, 65535, 65536, 65537, 0x7fff_ffff, 0x8000_0000, 0xffff_fffe, u32::MAX]);
        for x in xs { d.byte(sparse(x)); }
        d.finish()
    }

    fn range_patterns() -> u64 {
        let mut d = Digest::new();
        let xs = black_box([i32::MIN, -1001, -1000, -1, 0, 1, 9, 10, 99, 100, 32767, 32768, 65535, 65536, i32::MAX]);
        for x in xs { d.byte(ranges(x)); }
        for c in black_box(*b"aZ09 _-~\x7f\x00") {
            d.byte(match c {
                b'a'..=b'z' => 1,
                b'A'..=b'Z' => 2,
                b'0'..=b'9' => 3,
                b' ' | b'_' | b'-' => 4,
                0x7f.. => 5,
                _ => 6,
            });
        }
        d.finish()
    }

    fn tuple_and_guard_patterns() -> u64 {
        let mut d = Digest::new();
        for a in -3..black_box(4i32) {
            for b in -3..4i32 {
                let r = match (a, b) {
                    (0, 0) => 0,
                    (0, _) | (_, 0) => 1,
                    (x, y) if x == y => 2,
                    (x, y) if x == -y => 3,
                    (x, y) if x > 0 && y > 0 => 4 + (x * y) as u8,
                    (x, _) if x < 0 => 20,
                    _ => 30,
                };
                d.byte(r);
            }
        }
        d.finish()
    }

    fn nested_enum_state_machine() -> u64 {
        let mut d = Digest::new();
        let inputs = black_box(*b"wwpwppwxwwppppwx");
        let mut st = State::Idle;
        for &c in inputs.iter() {
            st = match (st, c) {
                (State::Won, _) => State::Won,
                (State::Idle, b'w') => State::Walking(1),
                (State::Walking(n), b'w') if n < 3 => State::Walking(n + 1),
                (State::Walking(n), b'w') => State::Pushing { dir: n, strength: 1 },
                (State::Walking(n), b'p') => State::Pushing { dir: n, strength: 10 },
                (State::Pushing { dir, strength }, b'p') => State::Pushing { dir, strength: strength * 3 },
                (State::Pushing { strength, .. }, b'w') if strength > 50 => State::Won,
                (State::Pushing { dir, .. }, b'w') => State::Walking(dir),
                (_, b'x') => State::Idle,
                (s, _) => s,
            };
            d.byte(match st {
                State::Idle => 0,
                State::Walking(n) => n,
                State::Pushing { dir, strength } => dir.wrapping_add(strength as u8),
                State::Won => 0xff,
            });
        }
        d.bool(st == State::Won);
        d.finish()
    }

    fn slice_patterns() -> u64 {
        let mut d = Digest::new();
        let data = black_box([5u16, 1, 4, 1, 5, 9, 2, 6]);
        for n in 0..=data.len() {
            let s = &data[..n];
            let v: u32 = match s {
                [] => 1,
                [x] => *x as u32 * 10,
                [a, b] => (*a as u32) << 8 | *b as u32,
                [first, .., last] if first == last => 777,
                [first, mid @ .., last] => *first as u32 + mid.len() as u32 * 100 + *last as u32 * 10_000,
            };
            d.u32(v);
        }
        d.finish()
    }

    fn expression_evaluator() -> u64 {
        let mut d = Digest::new();
        use Token::*;
        let e1 = black_box([Num(3), Plus, Num(4), Times, Num(5)]);
        let e2 = black_box([Num(100), Minus, Open, Num(7), Times, Num(-3), Close, Times, Num(2)]);
        let e3 = black_box([Open, Open, Num(1), Plus, Num(2), Close, Times, Open, Num(3), Plus, Num(4), Close, Close, Minus, Num(i32::MAX)]);
        for e in [&e1[..], &e2[..], &e3[..]] {
            let (v, used) = eval(e);
            d.u32(v as u32);
            d.u32(used as u32);
        }
        d.finish()
    }

    fn match_on_option_result_refs() -> u64 {
        let mut d = Digest::new();
        let xs: [Option<Result<u8, i16>>; 6] = black_box([None, Some(Ok(0)), Some(Ok(200)), Some(Err(-5)), Some(Err(300)), Some(Ok(7))]);
        for x in &xs {
            let v = match x {
                None => 0u32,
                Some(Ok(0)) => 1,
                Some(Ok(n @ 1..=9)) => 2 + *n as u32,
                Some(Ok(n)) => 100 + *n as u32,
                Some(Err(e)) if *e < 0 => 1000 + e.unsigned_abs() as u32,
                Some(Err(e)) => 2000 + *e as u32,
            };
            d.u32(v);
            if let Some(Ok(n)) = x { d.byte(*n); }
            let Some(inner) = x else { d.byte(0xaa); continue };
            d.bool(inner.is_ok());
        }
        d.finish()
    }
}

#[cfg(test)]
mod tests;
