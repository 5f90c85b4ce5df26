//! heapless containers (fixed capacity, no allocator): Vec, String, Deque, BinaryHeap,
//! LinearMap and HistoryBuffer. The games use them where allocation would be wasteful
//! (move buffers, undo rings, text lines); their capacity checks are comparisons feeding
//! branches, and the full/empty paths must behave identically on both machines.

use core::fmt::Write;
use core::hint::black_box;
use falcon_puzzles::digest::Digest;
use heapless::binary_heap::{Max, Min};
use heapless::{BinaryHeap, Deque, HistoryBuffer, LinearMap, String, Vec};

falcon_puzzles::value_cases! {
    fn heapless_vec_capacity_and_ops() -> u64 {
        let mut d = Digest::new();
        let mut v: Vec<u32, 24> = Vec::new();
        let n = black_box(30u32);
        for i in 0..n {
            match v.push(i * i ^ 0x55) { Ok(()) => d.byte(1), Err(x) => { d.byte(0); d.u32(x); } }
        }
        d.bool(v.is_full());
        v.sort_unstable();
        for x in &v { d.u32(*x); }
        v.retain(|x| x % 3 != 0);
        d.u32(v.len() as u32);
        v.truncate(10);
        d.u32(v.insert(2, 999).map_or(1, |_| 0));
        d.u32(v.swap_remove(0));
        d.u32(v.pop().unwrap_or(0));
        d.bool(v.extend_from_slice(&[1; 20]).is_err());
        d.bool(v.resize(15, 7).is_ok());
        for x in &v { d.u32(*x); }
        d.finish()
    }

    fn heapless_string_and_write() -> u64 {
        let mut d = Digest::new();
        let mut s: String<32> = String::new();
        let words = black_box(["Atomix", " level ", "12", " done", " - overflow beyond capacity"]);
        for w in words { d.bool(s.push_str(w).is_ok()); d.u32(s.len() as u32); }
        d.bytes(s.as_bytes());
        s.clear();
        let r = write!(s, "{:>5}|{:#06x}|{}", black_box(42u16), black_box(0xbeefu32), black_box(-7i8));
        d.bool(r.is_ok());
        d.bytes(s.as_bytes());
        let mut t: String<8> = String::new();
        d.bool(write!(t, "{}", black_box(123_456_789u32)).is_err());
        d.bytes(t.as_bytes());
        d.bool(t.push('é').is_ok());
        d.u32(t.pop().map_or(0, |c| c as u32));
        d.finish()
    }

    fn heapless_deque_ring() -> u64 {
        let mut d = Digest::new();
        let mut q: Deque<u16, 8> = Deque::new();
        let mut next = black_box(100u16);
        for round in 0..60u16 {
            match round % 4 {
                0 | 1 => { if let Err(x) = q.push_back(next) { d.u32(x as u32 | 0x10000); } next += 3; }
                2 => { if let Err(x) = q.push_front(next) { d.u32(x as u32 | 0x20000); } next += 5; }
                _ => { d.u32(q.pop_front().map_or(0xffff, |x| x as u32)); }
            }
            d.u32(q.len() as u32);
        }
        let (a, b) = q.as_slices();
        d.u32(a.len() as u32);
        d.u32(b.len() as u32);
        for x in q.iter() { d.u32(*x as u32); }
        d.u32(q.back().copied().unwrap_or(0) as u32);
        d.finish()
    }

    fn heapless_binary_heaps() -> u64 {
        let mut d = Digest::new();
        let mut max: BinaryHeap<i32, Max, 32> = BinaryHeap::new();
        let mut min: BinaryHeap<(u8, u16), Min, 16> = BinaryHeap::new();
        let mut s = black_box(0x1234_5678u32);
        for i in 0..40u16 {
            s ^= s << 13; s ^= s >> 17; s ^= s << 5;
            d.bool(max.push((s as i32) >> 12).is_ok());
            let _ = min.push(((s >> 24) as u8, i));
        }
        d.u32(*max.peek().unwrap() as u32);
        while let Some(x) = max.pop() { d.u32(x as u32); }
        while let Some((k, i)) = min.pop() { d.byte(k); d.u32(i as u32); }
        d.finish()
    }

    fn heapless_linear_map() -> u64 {
        let mut d = Digest::new();
        let mut m: LinearMap<u8, i32, 12> = LinearMap::new();
        let keys = black_box([5u8, 9, 5, 200, 0, 9, 13, 77, 5, 1, 2, 3, 4, 6, 7, 8]);
        for (i, k) in keys.iter().enumerate() {
            match m.insert(*k, i as i32 * -11) {
                Ok(Some(old)) => d.u32(old as u32),
                Ok(None) => d.byte(0),
                Err((k, v)) => { d.byte(k); d.u32(v as u32); }
            }
        }
        d.u32(m.len() as u32);
        d.u32(m.remove(&9).map_or(0, |v| v as u32));
        if let Some(v) = m.get_mut(&200) { *v += 1000; }
        // LinearMap keeps insertion order with swap-removal: digest in that order.
        for (k, v) in m.iter() { d.byte(*k); d.u32(*v as u32); }
        d.bool(m.contains_key(&13));
        d.finish()
    }

    fn heapless_history_buffer_undo() -> u64 {
        let mut d = Digest::new();
        let mut h: HistoryBuffer<(u8, u8), 10> = HistoryBuffer::new();
        let n = black_box(27u8);
        for i in 0..n { h.write((i, i.wrapping_mul(7))); }
        d.u32(h.len() as u32);
        d.u32(h.recent().map_or(0, |p| (p.0 as u32) << 8 | p.1 as u32));
        for (a, b) in h.oldest_ordered() { d.byte(*a); d.byte(*b); }
        for (a, b) in h.as_slice() { d.byte(a ^ b); }
        d.finish()
    }
}
