//! The reversible scrambling Tatham's mid end applies to a game's `aux` data (its private
//! solution hints) before writing it into a save file, so that looking at a save file does not
//! spoil the puzzle. Implemented from the specification in the reference's `misc.c` comment:
//!
//! - split the bytes in two, the first half rounded down;
//! - XOR over the first half a mask made from the second half, then XOR over the second half
//!   a mask made from the (now scrambled) first half; decoding does the two steps in reverse;
//! - the mask from a seed is SHA-1(seed ++ "0") ++ SHA-1(seed ++ "1") ++ … (decimal counters).
//!
//! Only whole bytes are handled (aux data is text), so no padding bits arise.

use super::random::Sha1;

fn mask_with(seed: &[u8], target: &mut [u8]) {
    let mut base = Sha1::new();
    base.update(seed);
    for (counter, chunk) in (0u32..).zip(target.chunks_mut(20)) {
        let mut s = base.clone();
        let mut digits = [0u8; 10];
        let mut n = counter;
        let mut len = 0;
        loop {
            digits[len] = b'0' + (n % 10) as u8;
            len += 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        digits[..len].reverse();
        s.update(&digits[..len]);
        let digest = s.finish();
        for (t, d) in chunk.iter_mut().zip(digest.iter()) {
            *t ^= d;
        }
    }
}

/// Scrambles (`decode == false`) or unscrambles (`decode == true`) `bytes` in place.
pub fn obfuscate(bytes: &mut [u8], decode: bool) {
    let first = bytes.len() / 2;
    let (a, b) = bytes.split_at_mut(first);
    if decode {
        mask_with(a, b);
        mask_with(b, a);
    } else {
        mask_with(b, a);
        mask_with(a, b);
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
