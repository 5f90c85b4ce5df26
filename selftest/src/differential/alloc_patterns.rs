//! Allocation patterns of a game: many small allocations and frees in interleaved order (the
//! free list of linked_list_allocator fragments and coalesces), reuse of freed blocks,
//! growth by reallocation, `Box<dyn Trait>` entity lists, `Rc`/`Weak` scene graphs and
//! `Rc<RefCell>` shared state, object pools with free lists.
//!
//! Only values are digested, never addresses or capacities chosen by the allocator.

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::rc::{Rc, Weak};
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::cell::{Cell, RefCell};
use core::hint::black_box;
use falcon_puzzles::digest::Digest;

/// A game object with behaviour, as a trait object.
trait Entity {
    fn update(&mut self, tick: u32) -> Option<u32>;
    fn score(&self) -> u32;
    fn kind(&self) -> u8;
}

struct Mover {
    x: i32,
    dx: i32,
}

struct Blinker {
    phase: u8,
    on: bool,
    name: String,
}

struct Spawner {
    every: u32,
    made: u32,
}

impl Entity for Mover {
    fn update(&mut self, _tick: u32) -> Option<u32> {
        self.x += self.dx;
        if self.x.abs() > 50 {
            self.dx = -self.dx;
        }
        None
    }
    fn score(&self) -> u32 {
        self.x.unsigned_abs()
    }
    fn kind(&self) -> u8 {
        1
    }
}

impl Entity for Blinker {
    fn update(&mut self, tick: u32) -> Option<u32> {
        self.phase = self.phase.wrapping_add(1);
        if tick % 3 == 0 {
            self.on = !self.on;
            self.name.push(if self.on { '+' } else { '-' });
        }
        None
    }
    fn score(&self) -> u32 {
        self.name.len() as u32 * 10 + self.phase as u32
    }
    fn kind(&self) -> u8 {
        2
    }
}

impl Entity for Spawner {
    fn update(&mut self, tick: u32) -> Option<u32> {
        if tick % self.every == 0 {
            self.made += 1;
            Some(self.made)
        } else {
            None
        }
    }
    fn score(&self) -> u32 {
        self.made * 100
    }
    fn kind(&self) -> u8 {
        3
    }
}

falcon_puzzles::value_cases! {
    fn many_small_boxes_interleaved_frees() -> u64 {
        let mut d = Digest::new();
        let n = black_box(400u32);
        let mut live: Vec<Option<Box<[u32; 3]>>> = Vec::new();
        for i in 0..n {
            live.push(Some(Box::new([i, i * 3, !i])));
            // Free every third older allocation: holes of one size, then reused.
            if i % 3 == 2 { live[(i / 2) as usize] = None; }
        }
        let mut sum = 0u32;
        for b in live.iter().flatten() { sum = sum.wrapping_add(b[0] ^ b[1] ^ b[2]); }
        d.u32(sum);
        // Refill the holes with different sizes.
        for (i, slot) in live.iter_mut().enumerate() {
            if slot.is_none() && i % 2 == 0 { *slot = Some(Box::new([i as u32; 3])); }
        }
        d.u32(live.iter().filter(|s| s.is_some()).count() as u32);
        d.u32(live.iter().flatten().map(|b| b[2]).fold(0, u32::wrapping_add));
        d.finish()
    }

    fn mixed_size_churn() -> u64 {
        let mut d = Digest::new();
        let mut s = black_box(0xdead_beefu32);
        let mut pool: Vec<Vec<u8>> = Vec::new();
        for round in 0..300u32 {
            s ^= s << 13; s ^= s >> 17; s ^= s << 5;
            let size = (s % 200) as usize + 1;
            if pool.len() > 20 || (s >> 8) % 4 == 0 && !pool.is_empty() {
                let idx = (s >> 12) as usize % pool.len();
                let v = pool.swap_remove(idx);
                d.u32(v.len() as u32);
                d.byte(v[v.len() / 2]);
            } else {
                pool.push(vec![(round & 0xff) as u8; size]);
            }
        }
        d.u32(pool.len() as u32);
        for v in &pool { d.u32(v.iter().map(|&b| b as u32).sum()); }
        d.finish()
    }

    fn vec_growth_and_shrink() -> u64 {
        let mut d = Digest::new();
        let mut vs: Vec<Vec<u16>> = (0..8).map(|_| Vec::new()).collect();
        let n = black_box(500u16);
        for i in 0..n {
            // Growing several vectors in turn interleaves their reallocations.
            vs[(i % 8) as usize].push(i.wrapping_mul(i));
            if i % 50 == 49 { let k = (i / 50 % 8) as usize; vs[k].truncate(3); vs[k].shrink_to_fit(); }
        }
        for v in &vs { d.u32(v.len() as u32); d.u32(v.iter().map(|&x| x as u32).sum()); }
        let joined: Vec<u16> = vs.into_iter().flatten().collect();
        d.u32(joined.len() as u32);
        d.u32(joined.iter().fold(0u32, |a, &x| a.rotate_left(1) ^ x as u32));
        d.finish()
    }

    fn dyn_trait_entity_list() -> u64 {
        let mut d = Digest::new();
        let mut ents: Vec<Box<dyn Entity>> = Vec::new();
        let k = black_box(3i32);
        for i in 0..6 {
            ents.push(Box::new(Mover { x: i * 7, dx: k - i }));
            ents.push(Box::new(Blinker { phase: i as u8, on: false, name: String::from("b") }));
        }
        ents.push(Box::new(Spawner { every: 7, made: 0 }));
        for tick in 1..60u32 {
            let mut spawned = Vec::new();
            for e in ents.iter_mut() { if let Some(n) = e.update(tick) { spawned.push(n); } }
            for n in spawned { ents.push(Box::new(Mover { x: n as i32, dx: 1 })); }
            // Despawn movers that reached the edge, every ten ticks.
            if tick % 10 == 0 { ents.retain(|e| !(e.kind() == 1 && e.score() > 45)); }
            d.u32(ents.len() as u32);
        }
        for e in &ents { d.byte(e.kind()); d.u32(e.score()); }
        d.finish()
    }

    fn rc_shared_and_weak() -> u64 {
        struct Node { id: u32, children: RefCell<Vec<Rc<Node>>>, parent: RefCell<Weak<Node>>, visits: Cell<u32> }
        let mut d = Digest::new();
        let root = Rc::new(Node { id: 0, children: RefCell::new(Vec::new()), parent: RefCell::new(Weak::new()), visits: Cell::new(0) });
        let n = black_box(30u32);
        let mut all = vec![root.clone()];
        for i in 1..n {
            let parent = all[(i as usize * 7) % all.len()].clone();
            let child = Rc::new(Node { id: i, children: RefCell::new(Vec::new()), parent: RefCell::new(Rc::downgrade(&parent)), visits: Cell::new(0) });
            parent.children.borrow_mut().push(child.clone());
            all.push(child);
        }
        // Walk up from every node to the root through the weak links.
        for node in &all {
            let mut cur = node.clone();
            let mut depth = 0u32;
            loop {
                cur.visits.set(cur.visits.get() + 1);
                let up = cur.parent.borrow().upgrade();
                match up { Some(p) => { cur = p; depth += 1; } None => break }
            }
            d.u32(depth);
        }
        for node in &all { d.u32(node.id); d.u32(node.visits.get()); d.u32(Rc::strong_count(node) as u32); }
        let weak_child = Rc::downgrade(&all[n as usize - 1]);
        all.clear();
        d.bool(weak_child.upgrade().is_some());
        drop(root);
        d.bool(weak_child.upgrade().is_none());
        d.finish()
    }

    fn rc_refcell_shared_state() -> u64 {
        let mut d = Digest::new();
        let score = Rc::new(RefCell::new(BTreeMap::<u8, u32>::new()));
        let handles: Vec<Rc<RefCell<BTreeMap<u8, u32>>>> = (0..5).map(|_| Rc::clone(&score)).collect();
        d.u32(Rc::strong_count(&score) as u32);
        let m = black_box(97u32);
        for i in 0..100u32 {
            let h = &handles[(i % 5) as usize];
            *h.borrow_mut().entry((i * m % 13) as u8).or_insert(0) += i;
            if let Ok(r) = score.try_borrow() { d.u32(r.len() as u32); }
        }
        {
            let _guard = score.borrow_mut();
            d.bool(handles[0].try_borrow().is_err());
        }
        for (k, v) in score.borrow().iter() { d.byte(*k); d.u32(*v); }
        drop(handles);
        d.u32(Rc::strong_count(&score) as u32);
        let inner = Rc::try_unwrap(score).ok().map(RefCell::into_inner);
        d.u32(inner.map_or(0, |m| m.values().sum()));
        d.finish()
    }

    fn object_pool_free_list() -> u64 {
        /// A pool of particles with an index free list: no allocation after start-up.
        struct Pool { items: Vec<(i16, i16, u8)>, free: Vec<u16>, alive: Vec<bool> }
        impl Pool {
            fn alloc(&mut self, p: (i16, i16, u8)) -> Option<u16> {
                let i = self.free.pop()?;
                self.items[i as usize] = p;
                self.alive[i as usize] = true;
                Some(i)
            }
            fn release(&mut self, i: u16) {
                if self.alive[i as usize] { self.alive[i as usize] = false; self.free.push(i); }
            }
        }
        let mut d = Digest::new();
        let cap = black_box(32u16);
        let mut pool = Pool { items: vec![(0, 0, 0); cap as usize], free: (0..cap).rev().collect(), alive: vec![false; cap as usize] };
        let mut s = black_box(7u32);
        for t in 0..200u32 {
            s = s.wrapping_mul(1_103_515_245).wrapping_add(12345);
            if (s >> 16) % 3 != 0 {
                match pool.alloc(((s >> 8) as i16 % 100, t as i16, (s >> 24) as u8)) {
                    Some(i) => d.u32(i as u32),
                    None => d.byte(0xff),
                }
            } else {
                pool.release(((s >> 20) % cap as u32) as u16);
            }
            for i in 0..cap as usize {
                if pool.alive[i] { let p = &mut pool.items[i]; p.1 -= 1; if p.1 < t as i16 - 20 { pool.release(i as u16); } }
            }
        }
        d.u32(pool.free.len() as u32);
        for (i, it) in pool.items.iter().enumerate() { if pool.alive[i] { d.u32(it.0 as u32); d.byte(it.2); } }
        d.finish()
    }

    fn strings_allocated_per_frame() -> u64 {
        // A HUD rebuilt every frame: allocate, format, drop.
        let mut d = Digest::new();
        let mut history: Vec<String> = Vec::new();
        let base = black_box(1000u32);
        for frame in 0..80u32 {
            let mut line = String::new();
            line.push_str("Moves:");
            let mut n = base + frame * 37;
            let mut digits = Vec::new();
            while n > 0 { digits.push(b'0' + (n % 10) as u8); n /= 10; }
            for c in digits.iter().rev() { line.push(*c as char); }
            if frame % 4 == 0 { history.push(line.clone()); }
            if history.len() > 6 { history.remove(0); }
            d.u32(line.len() as u32);
        }
        for h in &history { d.bytes(h.as_bytes()); }
        d.finish()
    }

    fn btreemap_of_boxed_values() -> u64 {
        let mut d = Digest::new();
        let mut m: BTreeMap<u32, Box<[u16]>> = BTreeMap::new();
        let n = black_box(150u32);
        for i in 0..n {
            let len = (i % 9) as usize + 1;
            let b: Box<[u16]> = (0..len).map(|j| (i as u16).wrapping_mul(j as u16 + 1)).collect();
            m.insert(i * 7919 % 211, b);
            if i % 4 == 3 { m.remove(&((i * 31) % 211)); }
        }
        d.u32(m.len() as u32);
        for (k, v) in &m { d.u32(*k); d.u32(v.len() as u32); d.u32(v.iter().map(|&x| x as u32).sum()); }
        d.finish()
    }

    fn undo_stack_of_snapshots() -> u64 {
        // Each move pushes a cloned board; undo pops. Large-ish allocations freed in LIFO order.
        let mut d = Digest::new();
        let mut board: Vec<u8> = vec![b'.'; 20 * 16];
        let mut undo: Vec<Vec<u8>> = Vec::new();
        let moves = black_box(*b"RRDDLURRRDDDUULLLUUUR");
        let mut pos = 5 * 20 + 5;
        for (i, m) in moves.iter().enumerate() {
            undo.push(board.clone());
            pos = match m { b'R' => pos + 1, b'L' => pos - 1, b'D' => pos + 20, _ => pos - 20 };
            board[pos] = b'a' + (i % 26) as u8;
            if i % 5 == 4 {
                for _ in 0..2 { if let Some(b) = undo.pop() { board = b; } }
            }
        }
        d.u32(undo.len() as u32);
        d.bytes(&board);
        for u in undo.iter().step_by(3) { d.u32(u.iter().filter(|&&c| c != b'.').count() as u32); }
        d.finish()
    }
}
