//! The reversible scrambling Tatham's mid end applies to a game's `aux` data (its private
//! solution hints) before writing it into a save file, so that looking at a save file does not
//! spoil the puzzle. Implemented from the specification in the reference's `misc.c` comment:
//!
//! - split the bytes in two, the first half rounded down;
//! - XOR over the first half a mask made from the second half, then XOR over the second half
//!   a mask made from the (now scrambled) first half; decoding does the two steps in reverse;
//! - the mask from a seed is SHA-1(seed ++ "0") ++ SHA-1(seed ++ "1") ++ … (decimal counters).
//!
//! [`obfuscate`] handles whole bytes (aux data is text). [`obfuscate_bits`] handles a bit
//! string of any length, padded to whole bytes with zero bits that are cleared again after each
//! of the two steps (the same comment's rule): Mines scrambles its mine bitmap this way.

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

/// Scrambles or unscrambles the first `bits` bits of `bmp` (most significant bit of each byte
/// first, `bmp` holding at least `(bits + 7) / 8` bytes), as the reference's `obfuscate_bitmap`
/// specifies: the byte string is split in two halves as in [`obfuscate`], and after each step
/// the padding bits of the last byte are cleared, so the seed of the second step never sees them.
pub fn obfuscate_bits(bmp: &mut [u8], bits: usize, decode: bool) {
    let bytes = bits.div_ceil(8);
    let bmp = &mut bmp[..bytes];
    let first = bytes / 2;
    let clear_pad = |b: &mut [u8]| {
        if bits % 8 != 0 {
            b[bits / 8] &= (0xff00u16 >> (bits % 8)) as u8;
        }
    };
    for step in 0..2 {
        let (a, b) = bmp.split_at_mut(first);
        // Encoding masks the first half from the second, then the second from the first;
        // decoding the other way round.
        if (step == 0) != decode {
            mask_with(b, a);
        } else {
            mask_with(a, b);
        }
        clear_pad(bmp);
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
