//! Loops with variable indexing: prefix sums, strided and reversed walks, 2-D grids addressed
//! by computed indices, sieves, cellular automata, in-place permutations. Index arithmetic
//! and bounds checks are the bread and butter of puzzle code (boards are arrays).

use core::hint::black_box;
use falcon_puzzles::digest::Digest;

const W: usize = 12;
const H: usize = 10;

/// One step of Conway's life on a torus of W x H cells.
fn life_step(grid: &[u8; W * H]) -> [u8; W * H] {
    let mut next = [0u8; W * H];
    for y in 0..H {
        for x in 0..W {
            let mut n = 0;
            for dy in [H - 1, 0, 1] {
                for dx in [W - 1, 0, 1] {
                    if dx == 0 && dy == 0 {
                        continue;
                    }
                    n += grid[((y + dy) % H) * W + (x + dx) % W];
                }
            }
            let alive = grid[y * W + x] == 1;
            next[y * W + x] = (n == 3 || (alive && n == 2)) as u8;
        }
    }
    next
}

falcon_puzzles::value_cases! {
    fn prefix_sums_and_ranges() -> u64 {
        let mut d = Digest::new();
        let n = black_box(100usize);
        let mut a = [0u32; 100];
        for i in 0..n { a[i] = (i as u32 * 7919) % 1009; }
        let mut p = [0u32; 101];
        for i in 0..n { p[i + 1] = p[i] + a[i]; }
        for lo in (0..n).step_by(7) {
            for hi in (lo..=n).step_by(11) {
                d.u32(p[hi] - p[lo]);
            }
        }
        d.finish()
    }

    fn strided_and_reversed_walks() -> u64 {
        let mut d = Digest::new();
        let a: [u16; 64] = black_box(core::array::from_fn(|i| (i as u16).wrapping_mul(40503)));
        for stride in 1..black_box(9usize) {
            let mut s = 0u32;
            let mut i = stride - 1;
            while i < a.len() { s = s.wrapping_mul(31).wrapping_add(a[i] as u32); i += stride; }
            d.u32(s);
            let mut t = 0u32;
            let mut j = a.len();
            while j >= stride { j -= stride; t = t.rotate_left(3) ^ a[j] as u32; }
            d.u32(t);
        }
        d.finish()
    }

    fn grid_neighbours() -> u64 {
        let mut d = Digest::new();
        let mut g = [0i32; W * H];
        let seed = black_box(77i32);
        for (i, c) in g.iter_mut().enumerate() { *c = (i as i32 * seed) % 23 - 11; }
        let dirs: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
        for y in 0..H as i32 {
            for x in 0..W as i32 {
                let mut s = 0i32;
                for (dx, dy) in dirs {
                    let (nx, ny) = (x + dx, y + dy);
                    if nx >= 0 && ny >= 0 && (nx as usize) < W && (ny as usize) < H {
                        s += g[ny as usize * W + nx as usize];
                    }
                }
                d.i64(s as i64);
            }
        }
        d.finish()
    }

    fn sieve_of_eratosthenes() -> u64 {
        let mut d = Digest::new();
        let n = black_box(2000usize);
        let mut composite = [false; 2001];
        let mut count = 0u32;
        let mut i = 2;
        while i <= n {
            if !composite[i] {
                count += 1;
                d.u32(i as u32);
                let mut j = i * i;
                while j <= n { composite[j] = true; j += i; }
            }
            i += 1;
        }
        d.u32(count);
        d.finish()
    }

    fn game_of_life_generations() -> u64 {
        let mut d = Digest::new();
        let mut g = [0u8; W * H];
        // A glider and a blinker.
        for &(x, y) in black_box(&[(1usize, 0usize), (2, 1), (0, 2), (1, 2), (2, 2), (8, 5), (8, 6), (8, 7)]) {
            g[y * W + x] = 1;
        }
        for _ in 0..6 {
            g = life_step(&g);
            d.bytes(&g);
        }
        d.finish()
    }

    fn in_place_permutations() -> u64 {
        let mut d = Digest::new();
        let mut a: [u8; 32] = core::array::from_fn(|i| i as u8);
        let k = black_box(5usize);
        a.rotate_left(k);
        d.bytes(&a);
        a.rotate_right(k * 2);
        d.bytes(&a);
        a.reverse();
        d.bytes(&a);
        for i in 0..a.len() / 2 { a.swap(i, (i * 7 + 3) % 32); }
        d.bytes(&a);
        // Apply the permutation to itself (indexing through data).
        let b: [u8; 32] = core::array::from_fn(|i| a[a[i] as usize]);
        d.bytes(&b);
        d.finish()
    }

    fn matrix_multiply_i32() -> u64 {
        let mut d = Digest::new();
        let n = black_box(8usize);
        let a: [[i32; 8]; 8] = core::array::from_fn(|i| core::array::from_fn(|j| (i as i32 - j as i32) * 3 + 1));
        let b: [[i32; 8]; 8] = core::array::from_fn(|i| core::array::from_fn(|j| ((i * j) as i32 % 5) - 2));
        let mut c = [[0i32; 8]; 8];
        for i in 0..n { for j in 0..n { for k in 0..n { c[i][j] += a[i][k] * b[k][j]; } } }
        for row in &c { for &v in row { d.i64(v as i64); } }
        d.finish()
    }

    fn histogram_counting() -> u64 {
        let mut d = Digest::new();
        let mut hist = [0u16; 16];
        let mut x: u32 = black_box(0xace1);
        for _ in 0..1000 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            hist[(x >> 28) as usize] += 1;
        }
        for h in hist { d.u32(h as u32); }
        d.finish()
    }

    fn two_pointer_search() -> u64 {
        let mut d = Digest::new();
        let a: [i32; 50] = core::array::from_fn(|i| (i as i32 * i as i32) - 600);
        let targets = black_box([-1200i32, -600, 0, 13, 100, 1000, 4000, 5000]);
        for t in targets {
            let (mut lo, mut hi) = (0usize, a.len() - 1);
            let mut found = None;
            while lo < hi {
                let s = a[lo] + a[hi];
                if s == t { found = Some((lo, hi)); break; }
                if s < t { lo += 1; } else { hi -= 1; }
            }
            match found {
                Some((i, j)) => { d.u32(i as u32); d.u32(j as u32); }
                None => d.byte(0xff),
            }
        }
        d.finish()
    }

    fn nested_break_continue() -> u64 {
        let mut d = Digest::new();
        let limit = black_box(40u32);
        let mut total = 0u32;
        'outer: for i in 0..limit {
            if i % 3 == 0 { continue; }
            for j in 0..i {
                if (i * j) % 7 == 6 { continue 'outer; }
                if i + j > 60 { break 'outer; }
                total = total.wrapping_mul(3).wrapping_add(i ^ j);
            }
            d.u32(total);
        }
        d.u32(total);
        d.finish()
    }

    fn bounds_checked_get() -> u64 {
        let mut d = Digest::new();
        let a: [u32; 10] = black_box([3, 1, 4, 1, 5, 9, 2, 6, 5, 3]);
        for i in 0..black_box(16usize) {
            match a.get(i) { Some(&v) => d.u32(v), None => d.byte(0xee) }
            match a.get(i..i + 3) { Some(s) => d.u32(s.iter().sum()), None => d.byte(0xdd) }
            d.u32(*a.get(i.wrapping_sub(2)).unwrap_or(&99));
        }
        d.finish()
    }
}
