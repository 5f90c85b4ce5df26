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
    let mut counter: u32 = 0;
    for chunk in target.chunks_mut(20) {
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
        counter += 1;
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
pub mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| alloc::format!("{:02x}", x)).collect()
    }

    crate::test_cases! {
        fn matches_the_reference_implementation() {
            // Hex printed by the reference's obfuscate_bitmap + bin2hex for these strings.
            let cases: [(&str, &str); 4] = [
                ("S12,34", "aac99ff3c130"),
                ("aux!", "6c0cc62a"),
                ("a", "d7"),
                ("This is a longer aux string with more than forty bytes in it, to need two digests.",
                 "dbea823e67782b55813e0aa920b5ffcadea560c951b40f3ff0513f7ffdfcf6bdcc6881f21f2ecce7a9ad1935bc00c1cf3acd419a8ed23fb428ee083d4b937392b0163b376d2ae6cae3aa31df6aac6e327f49"),
            ];
            for (plain, scrambled) in cases {
                let mut b: Vec<u8> = plain.as_bytes().to_vec();
                obfuscate(&mut b, false);
                assert_eq!(hex(&b), scrambled, "{}", plain);
                obfuscate(&mut b, true);
                assert_eq!(b, plain.as_bytes());
            }
            let mut empty: [u8; 0] = [];
            obfuscate(&mut empty, false);
        }
    }
}
