//! The differential suite: ordinary Rust whose results must be identical on the host and on
//! the 68030. Each case returns a digest of many intermediate values; `cargo xtask test`
//! computes the expected digests on the host and compares them with the target's (see
//! docs/toolchain.md).
//!
//! One file per topic, each with its own `value_cases!` block and `VALUE_CASES` table, all
//! found by `selftest/build.rs`, which lists every table. Rules for every case:
//! - inputs go through `core::hint::black_box`, so the compiler cannot fold the computation
//!   into a constant (folded code would test nothing on the target);
//! - nothing may depend on the pointer width (`usize` is 32 bits on the 68030, 64 on the
//!   host), on endianness except through explicit `to_be_bytes`, or on addresses;
//! - no floats; each case stays under roughly 200k operations (the 68030 runs at 16 MHz).

// The cases are ordinary Rust as people write it, chosen to exercise particular source forms
// and the library code behind them (`x.or(Some(9)).unwrap()`, `a % b == 0`, `chunks_exact`,
// unparenthesised shifts): clippy's rewrites would test other code.
#![allow(
    clippy::chunks_exact_to_as_chunks,
    clippy::precedence,
    clippy::manual_checked_ops,
    clippy::manual_is_multiple_of,
    clippy::or_then_unwrap,
    clippy::manual_isolate_lowest_one
)]

use falcon_puzzles::digest::Digest;

pub mod aggregates;
pub mod alloc_patterns;
pub mod bitflags_types;
pub mod bytes_packing;
pub mod collections;
pub mod compare_branch;
pub mod formatting;
pub mod heapless_types;
pub mod int_arith;
pub mod iter_closure;
pub mod loops_indexing;
pub mod match_control;
pub mod option_result;
pub mod prng;
pub mod recursion;
pub mod sha1;
pub mod sorting;
pub mod strings;

falcon_puzzles::value_cases! {
    fn u32_add_sub() -> u64 {
        let mut d = Digest::new();
        let mut x: u32 = core::hint::black_box(0x1234_5678);
        for i in 0..64u32 {
            x = x.wrapping_add(i.wrapping_mul(0x9e37_79b9)).rotate_left(5) ^ i;
            d.u32(x);
        }
        d.finish()
    }
}

#[cfg(test)]
mod tests;
