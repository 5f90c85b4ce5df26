//! Sorting and searching: `sort` (stable driftsort), `sort_unstable` (ipnsort), `sort_by`,
//! `sort_by_key`, `sort_by_cached_key`, `binary_search*`, `partition_point`,
//! `select_nth_unstable`. On the 68030, `sort()` of 100 u32 values panicked in core's
//! small-sort ("comparison function does not correctly implement a total order") at
//! opt-level 2 and 3 (docs/toolchain.md): the first case is exactly that.
//!
//! Only results that are fully determined are digested: the sorted order under a total order
//! (or a stable sort's order), and the nth element of a selection (core's pattern breaking
//! uses a usize-sized random source, so the rest of a selection's arrangement may differ
//! between a 32-bit and a 64-bit machine).

use alloc::string::String;
use alloc::vec::Vec;
use core::hint::black_box;
use falcon_puzzles::digest::Digest;

/// `n` pseudo-random u32 values (xorshift32).
fn randoms(n: usize, seed: u32) -> Vec<u32> {
    let mut s = black_box(seed);
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            s
        })
        .collect()
}

fn put_u32s(d: &mut Digest, xs: &[u32]) {
    for &x in xs {
        d.u32(x);
    }
}

fn is_sorted_by<T, F: Fn(&T, &T) -> bool>(xs: &[T], le: F) -> bool {
    xs.windows(2).all(|w| le(&w[0], &w[1]))
}

falcon_puzzles::value_cases! {
    /// The failing program's shape: sort() of 100 u32 values.
    fn sort_100_u32() -> u64 {
        let mut d = Digest::new();
        let mut v = randoms(100, 2463534242);
        v.sort();
        d.bool(is_sorted_by(&v, |a, b| a <= b));
        put_u32s(&mut d, &v);
        d.finish()
    }

    fn sort_unstable_u32_sizes() -> u64 {
        let mut d = Digest::new();
        // Sizes around the small-sort thresholds and a larger one.
        for (k, n) in [0usize, 1, 2, 3, 7, 16, 17, 20, 32, 33, 64, 300].into_iter().enumerate() {
            let mut v = randoms(n, 99 + k as u32);
            v.sort_unstable();
            d.bool(is_sorted_by(&v, |a, b| a <= b));
            put_u32s(&mut d, &v);
        }
        d.finish()
    }

    fn sort_signed_and_small_types() -> u64 {
        let mut d = Digest::new();
        let r = randoms(120, 7);
        let mut a: Vec<i32> = r.iter().map(|&x| x as i32).collect();
        let mut b: Vec<i16> = r.iter().map(|&x| (x >> 7) as i16).collect();
        let mut c: Vec<u8> = r.iter().map(|&x| x as u8).collect();
        let mut e: Vec<i64> = r.iter().map(|&x| (x as i64) << 20 ^ -(x as i64 >> 3)).collect();
        a.sort();
        b.sort_unstable();
        c.sort();
        e.sort_unstable();
        for x in &a { d.u32(*x as u32); }
        for x in &b { d.u32(*x as u32); }
        d.bytes(&c);
        for x in &e { d.i64(*x); }
        d.bool(is_sorted_by(&e, |x, y| x <= y));
        d.finish()
    }

    fn sort_patterns() -> u64 {
        let mut d = Digest::new();
        let n = black_box(200u32);
        let ascending: Vec<u32> = (0..n).collect();
        let descending: Vec<u32> = (0..n).rev().collect();
        let sawtooth: Vec<u32> = (0..n).map(|i| i % 17).collect();
        let organ: Vec<u32> = (0..n).map(|i| if i < n / 2 { i } else { n - i }).collect();
        let constant: Vec<u32> = (0..n).map(|_| 5).collect();
        for mut v in [ascending, descending, sawtooth, organ, constant] {
            let mut w = v.clone();
            v.sort();
            w.sort_unstable();
            d.bool(v == w);
            put_u32s(&mut d, &v[..20]);
            put_u32s(&mut d, &v[180..]);
        }
        d.finish()
    }

    fn sort_by_key_is_stable() -> u64 {
        let mut d = Digest::new();
        let r = randoms(150, 31337);
        // (key, original index): a stable sort keeps equal keys in index order.
        let mut v: Vec<(u8, u16)> = r.iter().enumerate().map(|(i, &x)| ((x % 10) as u8, i as u16)).collect();
        v.sort_by_key(|p| p.0);
        d.bool(v.windows(2).all(|w| w[0].0 < w[1].0 || (w[0].0 == w[1].0 && w[0].1 < w[1].1)));
        for (k, i) in &v { d.byte(*k); d.u32(*i as u32); }
        let mut w: Vec<(u8, u16)> = v.clone();
        w.sort_by_key(|p| core::cmp::Reverse(p.1 % 7));
        for (k, i) in &w { d.byte(*k); d.u32(*i as u32); }
        d.finish()
    }

    fn sort_by_comparators() -> u64 {
        let mut d = Digest::new();
        let r = randoms(90, 4242);
        let mut v: Vec<(i16, u32)> = r.iter().map(|&x| ((x >> 16) as i16 % 50, x)).collect();
        v.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (a, b) in &v { d.u32(*a as u32); d.u32(*b); }
        v.sort_unstable_by(|a, b| (a.1 % 1000).cmp(&(b.1 % 1000)).then(a.cmp(b)));
        for (a, b) in &v { d.u32(*a as u32); d.u32(*b); }
        v.sort_by_cached_key(|p| (p.0.unsigned_abs(), p.1));
        for (a, b) in &v { d.u32(*a as u32); d.u32(*b); }
        d.finish()
    }

    fn sort_strings_and_structs() -> u64 {
        #[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
        struct Score { moves: u16, pushes: u16, name: String }
        let mut d = Digest::new();
        let r = randoms(40, 555);
        let mut scores: Vec<Score> = r.iter().map(|&x| {
            let mut name = String::new();
            for k in 0..(x % 5 + 1) { name.push((b'a' + ((x >> (k * 5)) % 26) as u8) as char); }
            Score { moves: (x % 30) as u16, pushes: (x >> 8) as u16 % 4, name }
        }).collect();
        scores.sort();
        for s in &scores { d.u32(s.moves as u32); d.u32(s.pushes as u32); d.bytes(s.name.as_bytes()); }
        scores.sort_by(|a, b| a.name.cmp(&b.name));
        for s in &scores { d.bytes(s.name.as_bytes()); d.u32(s.moves as u32); }
        d.finish()
    }

    fn binary_search_family() -> u64 {
        let mut d = Digest::new();
        let mut v = randoms(128, 8080);
        for x in v.iter_mut() { *x %= 1000; }
        v.sort_unstable();
        v.dedup();
        d.u32(v.len() as u32);
        for probe in (0..black_box(1000u32)).step_by(13) {
            match v.binary_search(&probe) {
                Ok(i) => { d.byte(1); d.u32(i as u32); }
                Err(i) => { d.byte(0); d.u32(i as u32); }
            }
            d.u32(v.partition_point(|&x| x < probe) as u32);
        }
        let pairs: Vec<(u32, u32)> = v.iter().map(|&x| (x, x * 3)).collect();
        for probe in [0u32, 3, 300, 2997, 5000] {
            match pairs.binary_search_by_key(&probe, |p| p.1) { Ok(i) => d.u32(i as u32), Err(i) => d.u32(i as u32 | 0x8000) }
            match pairs.binary_search_by(|p| p.0.cmp(&(probe / 3))) { Ok(i) => d.u32(i as u32), Err(i) => d.u32(i as u32 | 0x4000) }
        }
        d.finish()
    }

    fn select_nth_and_median() -> u64 {
        let mut d = Digest::new();
        for (k, n) in [5usize, 31, 100, 257].into_iter().enumerate() {
            let mut v = randoms(n, 1000 + k as u32);
            let mut sorted = v.clone();
            sorted.sort_unstable();
            let mid = n / 2;
            let (lo, m, hi) = v.select_nth_unstable(mid);
            let m = *m;
            d.u32(m);
            d.bool(m == sorted[mid]);
            d.bool(lo.iter().all(|&x| x <= m) && hi.iter().all(|&x| x >= m));
            d.u32(lo.iter().fold(0u32, |a, &x| a.wrapping_add(x)));
        }
        d.finish()
    }

    fn handwritten_insertion_sort() -> u64 {
        // The simplest sort: every comparison feeds a branch inside a shifting loop.
        let mut d = Digest::new();
        let mut v = randoms(120, 77777);
        for i in 1..v.len() {
            let x = v[i];
            let mut j = i;
            while j > 0 && v[j - 1] > x { v[j] = v[j - 1]; j -= 1; }
            v[j] = x;
        }
        put_u32s(&mut d, &v);
        let mut w = randoms(120, 77777);
        w.sort();
        d.bool(v == w);
        d.finish()
    }
}
