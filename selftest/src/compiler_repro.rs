//! Reproducers for differences between the host and the 68030 build found by the puzzle
//! tests, kept as regression tests on both machines. The cause was LLVM's assumption that
//! CMP sets the X flag (docs/toolchain.md, class D), repaired by the pipeline.
//!
//! Found 2026-11-22 at opt-level 2 (branch `puzzle`, on main 2d5a8ab..af65346's pipeline):
//! `parse_uint_overflow_in_a_loop` fails on the 68030 with `[1, 2, 2, 0]` instead of
//! `[1, 2, 4294967295, 0]`: when `checked_mul` overflows inside the loop, the `None` path yields
//! the *previous iteration's* value. The same call outside a loop is correct
//! (`parse_uint_overflow_alone`). Fifteen's `validate_desc` hits this with an over-long number
//! ("1,2,99999999999,0" reports "Number used twice" instead of "Number out of range").

use alloc::vec;
use alloc::vec::Vec;
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
