//! The differential suite: ordinary Rust whose results must be identical on the host and on
//! the 68030. Each case returns a digest; `cargo xtask test` computes the expected digests on
//! the host and compares them with the target's (see docs/toolchain.md).

use crate::testcase::Digest;

crate::value_cases! {
    fn u32_add_sub() -> u64 {
        let mut d = Digest::new();
        let mut x: u32 = 0x1234_5678;
        for i in 0..64u32 {
            x = x.wrapping_add(i.wrapping_mul(0x9e37_79b9)).rotate_left(5) ^ i;
            d.u32(x);
        }
        d.finish()
    }
}
