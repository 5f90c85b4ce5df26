//! Iterators and closures: adapter chains (map/filter/zip/chain/rev/step_by/windows/chunks/
//! scan/flat_map/peekable/...), closures capturing by reference, by move and mutably, closures
//! passed as generics and as `&dyn Fn`/`Box<dyn FnMut>`. Adapter chains inline into tight
//! loops with several live counters: good register-pressure tests for the 68k's 8+8 registers.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::hint::black_box;
use falcon_puzzles::digest::Digest;

fn data() -> [u32; 40] {
    black_box(core::array::from_fn(|i| (i as u32).wrapping_mul(2_654_435_761) >> 20))
}

fn apply_twice<F: Fn(u32) -> u32>(f: F, x: u32) -> u32 {
    f(f(x))
}

fn apply_dyn(f: &dyn Fn(u32) -> u32, xs: &[u32]) -> u32 {
    xs.iter().fold(0u32, |a, &x| a.wrapping_add(f(x)))
}

fn make_adder(n: u32) -> impl Fn(u32) -> u32 {
    move |x| x.wrapping_add(n)
}

falcon_puzzles::value_cases! {
    fn map_filter_fold() -> u64 {
        let mut d = Digest::new();
        let xs = data();
        let s: u32 = xs.iter().map(|x| x * 3).filter(|x| x % 2 == 1).fold(0, |a, x| a.wrapping_mul(17) ^ x);
        d.u32(s);
        let c = xs.iter().filter(|&&x| x > 2000).count();
        d.u32(c as u32);
        let total: u64 = xs.iter().map(|&x| x as u64 * x as u64).sum();
        d.u64(total);
        let prod: u32 = xs[1..8].iter().map(|&x| x | 1).fold(1u32, |a, x| a.wrapping_mul(x));
        d.u32(prod);
        d.finish()
    }

    fn zip_chain_rev_enumerate() -> u64 {
        let mut d = Digest::new();
        let xs = data();
        for (i, (a, b)) in xs.iter().zip(xs.iter().rev()).enumerate().skip(3).take(20) {
            d.u32((i as u32) << 24 ^ a.wrapping_sub(*b));
        }
        for x in xs[..5].iter().chain(xs[35..].iter()).rev() { d.u32(*x); }
        d.finish()
    }

    fn step_by_windows_chunks() -> u64 {
        let mut d = Digest::new();
        let xs = data();
        for x in xs.iter().step_by(black_box(3)) { d.u32(*x); }
        for w in xs.windows(4) { d.u32(w[0] ^ w[1].rotate_left(3) ^ w[2].rotate_left(7) ^ w[3]); }
        for c in xs.chunks(7) { d.u32(c.iter().sum::<u32>()); d.u32(c.len() as u32); }
        for c in xs.chunks_exact(6) { d.u32(c.iter().max().copied().unwrap_or(0)); }
        for c in xs.rchunks(9) { d.u32(c[0]); }
        d.finish()
    }

    fn take_skip_while_position() -> u64 {
        let mut d = Digest::new();
        let xs = data();
        let lim = black_box(3000u32);
        let a: u32 = xs.iter().take_while(|&&x| x < lim).sum();
        let b: u32 = xs.iter().skip_while(|&&x| x < lim).sum();
        d.u32(a);
        d.u32(b);
        d.u32(xs.iter().position(|&x| x > 3500).map_or(999, |p| p as u32));
        d.u32(xs.iter().rposition(|&x| x < 500).map_or(999, |p| p as u32));
        d.bool(xs.iter().any(|&x| x == xs[17]));
        d.bool(xs.iter().all(|&x| x < 4096));
        d.u32(*xs.iter().find(|&&x| x % 7 == 0).unwrap_or(&0));
        d.u32(xs.iter().min().copied().unwrap());
        d.u32(xs.iter().max().copied().unwrap());
        d.finish()
    }

    fn scan_flat_map_peekable() -> u64 {
        let mut d = Digest::new();
        let xs = data();
        for s in xs.iter().scan(0u32, |st, &x| { *st = st.wrapping_add(x); Some(*st) }) { d.u32(s); }
        for v in xs[..6].iter().flat_map(|&x| [x, x >> 1, x >> 2]) { d.u32(v); }
        let mut it = xs.iter().peekable();
        let mut runs = 0u32;
        while let Some(&x) = it.next() {
            if let Some(&&next) = it.peek() {
                if next > x { runs += 1; }
            }
        }
        d.u32(runs);
        d.finish()
    }

    fn closures_capture_modes() -> u64 {
        let mut d = Digest::new();
        let k = black_box(13u32);
        let by_ref = |x: u32| x * k;
        d.u32(apply_twice(by_ref, 7));
        let mut counter = 0u32;
        let mut bump = |n: u32| { counter = counter.wrapping_add(n); counter };
        for i in 0..10 { d.u32(bump(i * k)); }
        d.u32(counter);
        let add5 = make_adder(black_box(5));
        d.u32(apply_twice(&add5, 100));
        d.u32(apply_dyn(&|x| x ^ k, &data()));
        let v: Vec<u32> = (0..8).map(|i| i * k).collect();
        let owns = move || v.iter().sum::<u32>();
        d.u32(owns());
        d.finish()
    }

    fn boxed_closures_in_vec() -> u64 {
        let mut d = Digest::new();
        let base = black_box(1000u32);
        let mut ops: Vec<Box<dyn FnMut(u32) -> u32>> = Vec::new();
        ops.push(Box::new(|x| x + 1));
        ops.push(Box::new(move |x| x.wrapping_mul(base)));
        let mut calls = 0u32;
        ops.push(Box::new(move |x| { calls += 1; x ^ calls }));
        ops.push(Box::new(|x| x.rotate_right(5)));
        let mut x = black_box(7u32);
        for round in 0..25 {
            let op = &mut ops[round % 4];
            x = op(x);
            d.u32(x);
        }
        d.finish()
    }

    fn collect_and_extend() -> u64 {
        let mut d = Digest::new();
        let xs = data();
        let evens: Vec<u32> = xs.iter().copied().filter(|x| x % 2 == 0).collect();
        let mut all: Vec<(usize, u32)> = xs.iter().copied().enumerate().filter(|(i, _)| i % 5 == 0).collect();
        all.extend(evens.iter().map(|&e| (e as usize % 10, e)));
        for (i, v) in &all { d.u32(*i as u32); d.u32(*v); }
        let (small, big): (Vec<u32>, Vec<u32>) = xs.iter().partition(|&&x| x < 2048);
        d.u32(small.len() as u32);
        d.u32(big.iter().sum());
        let (a, b): (Vec<u32>, Vec<u32>) = xs.iter().map(|&x| (x & 0xff, x >> 8)).unzip();
        d.u32(a.iter().sum());
        d.u32(b.iter().sum());
        d.finish()
    }

    fn custom_iterator() -> u64 {
        /// Collatz sequence as an iterator.
        struct Collatz(u32);
        impl Iterator for Collatz {
            type Item = u32;
            fn next(&mut self) -> Option<u32> {
                if self.0 == 1 { return None; }
                self.0 = if self.0 % 2 == 0 { self.0 / 2 } else { 3 * self.0 + 1 };
                Some(self.0)
            }
        }
        let mut d = Digest::new();
        for start in black_box(20u32)..40 {
            let c = Collatz(start);
            let (len, max) = c.fold((0u32, 0u32), |(n, m), x| (n + 1, m.max(x)));
            d.u32(len);
            d.u32(max);
        }
        d.u32(Collatz(black_box(27)).count() as u32);
        d.u32(Collatz(black_box(97)).nth(50).unwrap_or(0));
        d.u32(Collatz(black_box(97)).last().unwrap_or(0));
        d.finish()
    }
}

#[cfg(test)]
mod tests;
