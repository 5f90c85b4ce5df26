//! Reproducers for differences between the host and the 68030 build found by other tests,
//! kept as regression tests on both machines.
//!
//! Class D (docs/toolchain.md), the X flag taken from a compare, repaired by the pipeline.
//! Found 2026-11-22 at opt-level 2 (branch `puzzle`, on main 2d5a8ab..af65346's pipeline):
//! `parse_uint_overflow_in_a_loop` fails on the 68030 with `[1, 2, 2, 0]` instead of
//! `[1, 2, 4294967295, 0]`: when `checked_mul` overflows inside the loop, the `None` path yields
//! the *previous iteration's* value. The same call outside a loop is correct
//! (`parse_uint_overflow_alone`). Fifteen's `validate_desc` hits this with an over-long number
//! ("1,2,99999999999,0" reports "Number used twice" instead of "Number out of range").
//!
//! Class L, spills merged into one MOVEM out of register order, split back by the pipeline (xtask/src/asm/movem.rs).
//! Found 2026-11-23 at opt-level 2 (after the merge of `crates` and `midend`):
//! `puzzle::midend::save::tests::timed_save_files_move_both_ways` freed a `String` with the
//! size of another spilled value ("Freed node aliases existing hole!"). `spill_slots` is a
//! smaller function of the same shape, found by generating such functions: before its loop
//! LLVM spills `d2→12(sp)`, `d6→16(sp)`, `d3→8(sp)` (in the test program at opt-level 2),
//! which its MOVEM collapser makes `movem.l %d2-%d3/%d6,(8,%sp)` (d2 and d3 in each other's
//! slot), and the loop reloads those slots one at a time: without the split,
//! `spills_keep_their_slots` gives another digest on the 68030. Its shape is what triggers the
//! defect: rewritten more neatly (the final hash as a `fold`), LLVM allocates it differently
//! and it no longer does.

use alloc::vec;
use alloc::vec::Vec;
use core::hint::black_box;
use falcon_puzzles::digest::Digest;
use falcon_puzzles::puzzle::backend::parse_uint;

falcon_puzzles::test_cases! {
    fn parse_uint_overflow_alone() {
        let n = parse_uint(core::hint::black_box("99999999999")).map(|(v, _)| v as usize).unwrap_or(usize::MAX);
        assert_eq!(n, usize::MAX);
    }

    fn parse_uint_overflow_in_a_loop() {
        let s = core::hint::black_box("1,2,99999999999,0");
        let b = s.as_bytes();
        let mut pos = 0;
        let mut ns = Vec::new();
        for _ in 0..4 {
            let start = pos;
            while b.get(pos).is_some_and(u8::is_ascii_digit) {
                pos += 1;
            }
            ns.push(parse_uint(&s[start..pos]).map(|(v, _)| v as usize).unwrap_or(usize::MAX));
            pos += 1;
        }
        assert_eq!(ns, vec![1, 2, usize::MAX, 0]);
    }
}

/// An opaque function of one value (a call the optimiser cannot see through).
#[inline(never)]
fn opaque(i: u32) -> u32 {
    black_box(i.wrapping_mul(0x9E37_79B9) ^ (i >> 11))
}

/// An opaque function of one value with three results (returned in memory).
#[inline(never)]
fn opaque3(i: u32) -> [u32; 3] {
    black_box([i ^ 0x5555, i.rotate_left(9), i.wrapping_add(0x1234_5678)])
}

/// Class L: enough values live across six calls that three are spilled before the loop into
/// adjacent slots, in the order LLVM's MOVEM collapser gets wrong (see the module's text).
#[inline(never)]
fn spill_slots(p: &[u32; 9], n: u32) -> u32 {
    let (mut s1, mut s2, mut s3, s5) = (p[1], p[2], p[3], p[5]);
    let (mut s6, mut s7, s8) = (p[6], p[7], p[8]);
    for i in 0..n {
        let [t0, t1, t2] = opaque3(s5.wrapping_sub(s2));
        let [_, _, t5] = opaque3(t0.rotate_left(t0 & 7));
        let t6 = opaque(t0 & s2);
        s1 = if s8 > s5 { t5 | s2 } else { opaque(i & s5) };
        opaque3(i & s2);
        s3 = if s6 > s8 { s3 ^ s6 } else { opaque(s5 | t5) };
        let [_, t11, _] = opaque3(t2.wrapping_sub(t1));
        s2 = t6 ^ t5;
        s6 = t2.wrapping_mul(i);
        s7 = t11.rotate_left(i & 7);
    }
    (((((s1.wrapping_mul(31).wrapping_add(s2)).wrapping_mul(31).wrapping_add(s3)).wrapping_mul(31).wrapping_add(s5))
        .wrapping_mul(31)
        .wrapping_add(s6))
    .wrapping_mul(31)
    .wrapping_add(s7))
    .wrapping_mul(31)
    .wrapping_add(s8)
}

falcon_puzzles::value_cases! {
    /// Class L: `spill_slots` on inputs whose spilled values all differ, so that two of them
    /// in each other's slot change the result.
    fn spills_keep_their_slots() -> u64 {
        let mut d = Digest::new();
        for n in 0..5 {
            let mut p = [0u32; 9];
            for (k, v) in p.iter_mut().enumerate() {
                *v = black_box(0x0101_0101u32.wrapping_mul(k as u32 + 1).rotate_left(n * 3 + k as u32));
            }
            d.u32(spill_slots(&p, black_box(n)));
            // With the comparisons `s8 > s5` and `s6 > s8` the other way round.
            p.reverse();
            d.u32(spill_slots(&p, black_box(n)));
        }
        d.finish()
    }
}
