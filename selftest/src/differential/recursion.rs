//! Recursion: deep and branching call trees exercise the 68030's stack frames (link/unlk,
//! movem save/restore of callee-saved registers) and argument passing on the stack.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::hint::black_box;
use falcon_puzzles::digest::Digest;

fn fib(n: u32) -> u32 {
    if n < 2 { n } else { fib(n - 1) + fib(n - 2) }
}

fn ackermann(m: u32, n: u32) -> u32 {
    match (m, n) {
        (0, n) => n + 1,
        (m, 0) => ackermann(m - 1, 1),
        (m, n) => ackermann(m - 1, ackermann(m, n - 1)),
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn hanoi(n: u8, from: u8, to: u8, via: u8, d: &mut Digest, count: &mut u32) {
    if n == 0 {
        return;
    }
    hanoi(n - 1, from, via, to, d, count);
    d.byte(from << 4 | to);
    *count += 1;
    hanoi(n - 1, via, to, from, d, count);
}

fn is_even(n: u32) -> bool {
    if n == 0 { true } else { is_odd(n - 1) }
}

fn is_odd(n: u32) -> bool {
    if n == 0 { false } else { is_even(n - 1) }
}

/// Counts placements of n queens; `cols`, `d1`, `d2` are occupied bitmasks.
fn queens(n: u32, row: u32, cols: u32, d1: u32, d2: u32) -> u32 {
    if row == n {
        return 1;
    }
    let mut count = 0;
    let mut free = !(cols | d1 | d2) & ((1 << n) - 1);
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free &= free - 1;
        count += queens(n, row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
    }
    count
}

fn permutations(items: &mut [u8], k: usize, d: &mut Digest) {
    if k == items.len() {
        d.bytes(items);
        return;
    }
    for i in k..items.len() {
        items.swap(k, i);
        permutations(items, k + 1, d);
        items.swap(k, i);
    }
}

enum Tree {
    Leaf(i32),
    Node(Box<Tree>, i32, Box<Tree>),
}

fn build(depth: u32, seed: i32) -> Tree {
    if depth == 0 {
        Tree::Leaf(seed)
    } else {
        Tree::Node(
            Box::new(build(depth - 1, seed.wrapping_mul(3) + 1)),
            seed,
            Box::new(build(depth - 1, seed.wrapping_mul(5) - 2)),
        )
    }
}

fn tree_sum(t: &Tree) -> i64 {
    match t {
        Tree::Leaf(v) => *v as i64,
        Tree::Node(l, v, r) => tree_sum(l) + *v as i64 - tree_sum(r),
    }
}

fn tree_inorder(t: &Tree, out: &mut Vec<i32>) {
    match t {
        Tree::Leaf(v) => out.push(*v),
        Tree::Node(l, v, r) => {
            tree_inorder(l, out);
            out.push(*v);
            tree_inorder(r, out);
        }
    }
}

fn quicksort(v: &mut [i32]) {
    // Lomuto partition around the middle element: simple and always makes progress.
    if v.len() <= 1 {
        return;
    }
    let last = v.len() - 1;
    v.swap(v.len() / 2, last);
    let pivot = v[last];
    let mut store = 0;
    for i in 0..last {
        if v[i] < pivot {
            v.swap(i, store);
            store += 1;
        }
    }
    v.swap(store, last);
    let (left, right) = v.split_at_mut(store);
    quicksort(left);
    quicksort(&mut right[1..]);
}

/// Recursive flood fill on a small board; returns the region size.
fn flood(board: &mut [[u8; 10]; 8], x: usize, y: usize, from: u8, to: u8) -> u32 {
    if board[y][x] != from {
        return 0;
    }
    board[y][x] = to;
    let mut n = 1;
    if x > 0 {
        n += flood(board, x - 1, y, from, to);
    }
    if x < 9 {
        n += flood(board, x + 1, y, from, to);
    }
    if y > 0 {
        n += flood(board, x, y - 1, from, to);
    }
    if y < 7 {
        n += flood(board, x, y + 1, from, to);
    }
    n
}

/// Many arguments of mixed widths, some passed on the stack, through a recursive call.
#[allow(clippy::too_many_arguments)]
fn many_args(n: u8, a: u64, b: i16, c: u32, e: i8, f: u64, g: bool, h: u16) -> u64 {
    if n == 0 {
        return a ^ (b as u64) ^ (c as u64) << 3 ^ (e as u64) ^ f.rotate_left(7) ^ g as u64 ^ h as u64;
    }
    let r = many_args(
        n - 1,
        a.wrapping_add(f),
        b.wrapping_sub(e as i16),
        c ^ h as u32,
        e.wrapping_add(1),
        f >> 1,
        !g,
        h.rotate_left(3),
    );
    r.wrapping_mul(31).wrapping_add(n as u64)
}

falcon_puzzles::value_cases! {
    fn fibonacci_recursive() -> u64 {
        let mut d = Digest::new();
        for n in 0..black_box(17u32) { d.u32(fib(n)); }
        d.finish()
    }

    fn ackermann_small() -> u64 {
        let mut d = Digest::new();
        for m in 0..black_box(3u32) { for n in 0..5u32 { d.u32(ackermann(m, n)); } }
        d.u32(ackermann(black_box(3), 3));
        d.finish()
    }

    fn gcd_recursive() -> u64 {
        let mut d = Digest::new();
        let xs: [u64; 7] = black_box([0, 1, 12, 18, 1 << 40, 0xffff_ffff_ffff, 600_851_475_143]);
        for &a in &xs { for &b in &xs { d.u64(gcd(a, b)); } }
        d.finish()
    }

    fn towers_of_hanoi() -> u64 {
        let mut d = Digest::new();
        let mut count = 0;
        hanoi(black_box(9), 1, 3, 2, &mut d, &mut count);
        d.u32(count);
        d.finish()
    }

    fn mutual_recursion_parity() -> u64 {
        let mut d = Digest::new();
        for n in [0u32, 1, 2, 77, 150, 201] { d.bool(is_even(black_box(n))); d.bool(is_odd(n)); }
        d.finish()
    }

    fn n_queens_counts() -> u64 {
        let mut d = Digest::new();
        for n in 1..=black_box(7u32) { d.u32(queens(n, 0, 0, 0, 0)); }
        d.finish()
    }

    fn permutations_of_five() -> u64 {
        let mut d = Digest::new();
        let mut items = black_box(*b"abcde");
        permutations(&mut items, 0, &mut d);
        d.bytes(&items);
        d.finish()
    }

    fn boxed_tree_recursion() -> u64 {
        let mut d = Digest::new();
        let t = build(black_box(7), 1);
        d.i64(tree_sum(&t));
        let mut out = Vec::new();
        tree_inorder(&t, &mut out);
        d.u32(out.len() as u32);
        for v in out.iter().step_by(5) { d.u32(*v as u32); }
        d.finish()
    }

    fn recursive_quicksort() -> u64 {
        let mut d = Digest::new();
        let mut s = black_box(0x2545_f491u32);
        let mut v: Vec<i32> = (0..200).map(|_| { s ^= s << 13; s ^= s >> 17; s ^= s << 5; (s as i32) >> 8 }).collect();
        quicksort(&mut v);
        d.bool(v.windows(2).all(|w| w[0] <= w[1]));
        for x in &v { d.u32(*x as u32); }
        d.finish()
    }

    fn recursive_flood_fill() -> u64 {
        let mut d = Digest::new();
        let mut board = [[0u8; 10]; 8];
        let mut s = black_box(0xace1u16);
        for row in board.iter_mut() { for c in row.iter_mut() { s = s.rotate_left(3) ^ 0x1d; *c = (s % 3 == 0) as u8; } }
        for y in 0..8 { for x in 0..10 {
            let n = flood(&mut board, x, y, 0, 2 + (x + y * 10) as u8 % 200);
            if n > 0 { d.u32(n); }
        } }
        for row in &board { d.bytes(row); }
        d.finish()
    }

    fn many_arguments_recursive() -> u64 {
        let mut d = Digest::new();
        d.u64(many_args(black_box(30), 0x0123_4567_89ab_cdef, -300, 0xdead_beef, -7, u64::MAX, true, 0xa5a5));
        d.u64(many_args(black_box(5), 1, 2, 3, 4, 5, false, 6));
        d.finish()
    }
}

#[cfg(test)]
mod tests;
