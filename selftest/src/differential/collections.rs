//! Slices, Vec, VecDeque, BTreeMap and BTreeSet: the containers the puzzles use for boards,
//! move lists, undo stacks, BFS queues and score tables. These go through the allocator and
//! through large, branchy library code (B-tree node splits and merges, ring-buffer wrap).

use alloc::collections::{BTreeMap, BTreeSet, VecDeque};
use alloc::vec;
use alloc::vec::Vec;
use core::hint::black_box;
use falcon_puzzles::digest::Digest;

fn put_slice(d: &mut Digest, xs: &[u32]) {
    d.u32(xs.len() as u32);
    for &x in xs {
        d.u32(x);
    }
}

falcon_puzzles::value_cases! {
    fn slice_methods() -> u64 {
        let mut d = Digest::new();
        let mut a: [u32; 24] = black_box(core::array::from_fn(|i| (i as u32 * 17 + 5) % 29));
        let (l, r) = a.split_at(10);
        put_slice(&mut d, l);
        put_slice(&mut d, r);
        d.bool(a.contains(&black_box(13)));
        d.bool(a.starts_with(&[5, 22]));
        d.bool(a.ends_with(&[1]));
        for part in a.split(|&x| x % 7 == 0) { put_slice(&mut d, part); }
        a[3..9].copy_from_slice(&[100, 200, 300, 400, 500, 600]);
        a.copy_within(0..6, 15);
        put_slice(&mut d, &a);
        a[..12].fill(9);
        put_slice(&mut d, &a);
        let (x, y) = a.split_at_mut(12);
        x.swap_with_slice(&mut y[..12]);
        put_slice(&mut d, &a);
        d.u32(a.iter().rev().skip(2).copied().sum());
        d.bool(a[..4] == a[4..8]);
        d.finish()
    }

    fn vec_push_pop_insert_remove() -> u64 {
        let mut d = Digest::new();
        let mut v: Vec<u32> = Vec::new();
        let n = black_box(300u32);
        for i in 0..n { v.push(i * i % 1009); }
        d.u32(v.len() as u32);
        for _ in 0..50 { let x = v.pop().unwrap(); d.u32(x); }
        for i in 0..20u32 { v.insert((i * 13) as usize % v.len(), i + 5000); }
        for i in 0..20u32 { let x = v.remove((i * 7) as usize % v.len()); d.u32(x); }
        let s = v.swap_remove(3);
        d.u32(s);
        put_slice(&mut d, &v[..40]);
        d.u32(v.iter().sum());
        d.finish()
    }

    fn vec_retain_dedup_drain_split() -> u64 {
        let mut d = Digest::new();
        let mut v: Vec<u16> = (0..black_box(200u16)).map(|i| i / 3 * 7 % 50).collect();
        v.dedup();
        d.u32(v.len() as u32);
        v.retain(|&x| x % 4 != 1);
        d.u32(v.len() as u32);
        let drained: Vec<u16> = v.drain(5..25).collect();
        for x in &drained { d.u32(*x as u32); }
        let tail = v.split_off(v.len() / 2);
        d.u32(tail.iter().map(|&x| x as u32).sum());
        v.truncate(10);
        v.extend_from_slice(&tail[..5]);
        v.resize(30, 0xbeef);
        for x in &v { d.u32(*x as u32); }
        v.reverse();
        v.dedup_by_key(|x| *x / 10);
        for x in &v { d.u32(*x as u32); }
        d.finish()
    }

    fn vec_of_vecs_grid() -> u64 {
        let mut d = Digest::new();
        let (w, h) = black_box((9usize, 7usize));
        let mut g: Vec<Vec<i16>> = vec![vec![0; w]; h];
        for y in 0..h { for x in 0..w { g[y][x] = (x as i16 - 4) * (y as i16 - 3); } }
        g.rotate_left(2);
        for row in g.iter_mut() { row.sort_unstable(); }
        let flat: Vec<i16> = g.concat();
        for x in &flat { d.u32(*x as u32); }
        let joined = [[1u8, 2].as_slice(), &[3], &[], &[4, 5, 6]].join(&0xff);
        d.bytes(&joined);
        d.finish()
    }

    fn vecdeque_queue_and_wrap() -> u64 {
        let mut d = Digest::new();
        let mut q: VecDeque<u32> = VecDeque::with_capacity(8);
        let mut next = black_box(1u32);
        // Push and pop at both ends so the ring buffer wraps and grows.
        for round in 0..200u32 {
            match round % 5 {
                0 | 1 => { q.push_back(next); next += 1; }
                2 => { q.push_front(next * 10); next += 1; }
                3 => { if let Some(x) = q.pop_front() { d.u32(x); } }
                _ => { if round % 3 == 0 { if let Some(x) = q.pop_back() { d.u32(x); } } else { q.push_back(round); } }
            }
        }
        d.u32(q.len() as u32);
        q.rotate_left(3);
        for x in q.iter() { d.u32(*x); }
        d.u32(q[q.len() / 2]);
        let s = q.make_contiguous();
        s.sort_unstable();
        for x in q.iter().rev().take(10) { d.u32(*x); }
        q.retain(|x| x % 3 != 0);
        d.u32(q.iter().sum());
        d.finish()
    }

    fn vecdeque_bfs_on_grid() -> u64 {
        let mut d = Digest::new();
        const W: usize = 16;
        const H: usize = 12;
        let wall_seed = black_box(0x9e37_79b9u32);
        let mut wall = [false; W * H];
        let mut s = wall_seed;
        for c in wall.iter_mut() { s ^= s << 13; s ^= s >> 17; s ^= s << 5; *c = s % 4 == 0; }
        wall[0] = false;
        let mut dist = [u16::MAX; W * H];
        let mut q = VecDeque::new();
        dist[0] = 0;
        q.push_back(0usize);
        while let Some(p) = q.pop_front() {
            let (x, y) = (p % W, p / W);
            let mut try_go = |nx: usize, ny: usize| {
                let n = ny * W + nx;
                if !wall[n] && dist[n] == u16::MAX { dist[n] = dist[p] + 1; q.push_back(n); }
            };
            if x > 0 { try_go(x - 1, y); }
            if x + 1 < W { try_go(x + 1, y); }
            if y > 0 { try_go(x, y - 1); }
            if y + 1 < H { try_go(x, y + 1); }
        }
        for v in dist { d.u32(v as u32); }
        d.finish()
    }

    fn btreemap_insert_remove_iterate() -> u64 {
        let mut d = Digest::new();
        let mut m: BTreeMap<u32, u32> = BTreeMap::new();
        let mut x = black_box(12345u32);
        for i in 0..300u32 {
            x ^= x << 13; x ^= x >> 17; x ^= x << 5;
            if let Some(old) = m.insert(x % 500, i) { d.u32(old); }
        }
        d.u32(m.len() as u32);
        for k in (0..500).step_by(3) { if let Some(v) = m.remove(&k) { d.u32(v); } }
        d.u32(m.len() as u32);
        for (k, v) in &m { d.u32(*k); d.u32(*v); }
        d.u32(*m.first_key_value().unwrap().0);
        d.u32(*m.last_key_value().unwrap().0);
        d.finish()
    }

    fn btreemap_range_and_entry() -> u64 {
        let mut d = Digest::new();
        let mut counts: BTreeMap<i16, u16> = BTreeMap::new();
        let words = black_box([5i16, -3, 5, 7, 100, -3, 5, 0, 0, 7, -300, 42, 5]);
        for w in words { *counts.entry(w).or_insert(0) += 1; }
        for (k, v) in &counts { d.u32(*k as u32); d.u32(*v as u32); }
        for (k, v) in counts.range(-3..=7) { d.u32(*k as u32 ^ (*v as u32) << 16); }
        for (k, _) in counts.range(..0).rev() { d.u32(*k as u32); }
        counts.entry(5).and_modify(|v| *v *= 10);
        counts.retain(|k, _| k % 2 != 0);
        for (k, v) in &counts { d.u32(*k as u32); d.u32(*v as u32); }
        let mut other = BTreeMap::new();
        other.insert(1000i16, 1u16);
        counts.append(&mut other);
        let hi = counts.split_off(&6);
        d.u32(counts.len() as u32);
        d.u32(hi.len() as u32);
        d.finish()
    }

    fn btreeset_operations() -> u64 {
        let mut d = Digest::new();
        let n = black_box(120u32);
        let a: BTreeSet<u32> = (0..n).map(|i| i * 7 % 101).collect();
        let b: BTreeSet<u32> = (0..n).map(|i| i * 11 % 97).filter(|x| x % 2 == 0).collect();
        for x in a.intersection(&b) { d.u32(*x); }
        d.u32(a.union(&b).count() as u32);
        for x in a.difference(&b).take(10) { d.u32(*x); }
        d.u32(a.symmetric_difference(&b).sum());
        d.bool(a.is_subset(&b));
        d.bool(a.contains(&50));
        d.u32(*b.range(30..).next().unwrap());
        d.finish()
    }

    fn btreemap_string_keys() -> u64 {
        use alloc::string::String;
        let mut d = Digest::new();
        let mut m: BTreeMap<String, u32> = BTreeMap::new();
        let names = black_box(["sokoban", "atomix", "lights", "fifteen", "peg", "atomix", "mines", "sokoban", "Atomix"]);
        for (i, n) in names.iter().enumerate() { *m.entry(String::from(*n)).or_default() += i as u32; }
        for (k, v) in &m { d.bytes(k.as_bytes()); d.u32(*v); }
        d.u32(m.get("peg").copied().unwrap_or(0));
        d.bool(m.contains_key("Sokoban"));
        d.finish()
    }
}
