//! The memory routines every copy, fill and comparison goes through (`memcpy`, `memmove`,
//! `memset`, `memcmp`; on the 68030 the core's hand-written src/runtime/memory.s), checked against
//! byte-by-byte reference loops for every alignment of source and destination and every
//! length around the routines' thresholds (16-byte minimum, 32-byte blocks).

use alloc::vec;
use alloc::vec::Vec;
use core::hint::black_box;

/// Lengths around the thresholds of memory.s, and a few large ones.
const LENGTHS: &[usize] = &[0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33, 35, 63, 64, 65, 100, 255, 256, 1000];

fn pattern(n: usize, seed: u8) -> Vec<u8> {
    (0..n).map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed)).collect()
}

falcon_puzzles::test_cases! {
    fn copy_every_alignment_and_length() {
        let src = pattern(1100, 7);
        for &len in LENGTHS {
            for s_off in 0..4 {
                for d_off in 0..4 {
                    let mut dst = vec![0xAAu8; len + 8];
                    // SAFETY: both ranges are inside their buffers and do not overlap.
                    unsafe {
                        core::ptr::copy_nonoverlapping(
                            black_box(src.as_ptr().add(s_off)),
                            black_box(dst.as_mut_ptr().add(d_off)),
                            black_box(len),
                        )
                    };
                    for i in 0..len + 8 {
                        let want = if i >= d_off && i < d_off + len { src[s_off + i - d_off] } else { 0xAA };
                        assert_eq!(dst[i], want, "len {} src+{} dst+{} byte {}", len, s_off, d_off, i);
                    }
                }
            }
        }
    }

    fn move_overlapping_both_ways() {
        for &len in LENGTHS {
            for shift in [1usize, 2, 3, 4, 5, 31, 33] {
                let base = pattern(len + 40, 3);
                // Forward (dst < src) and backward (dst > src) overlaps.
                for backward in [false, true] {
                    let mut buf = base.clone();
                    let (from, to) = if backward { (2, 2 + shift) } else { (2 + shift, 2) };
                    // SAFETY: both ranges lie inside buf.
                    unsafe {
                        core::ptr::copy(black_box(buf.as_ptr().add(from)), black_box(buf.as_mut_ptr().add(to)), black_box(len))
                    };
                    let mut want = base.clone();
                    let moved: Vec<u8> = base[from..from + len].to_vec();
                    want[to..to + len].copy_from_slice(&moved);
                    assert_eq!(buf, want, "len {} shift {} backward {}", len, shift, backward);
                }
            }
        }
    }

    fn fill_every_alignment_and_length() {
        for &len in LENGTHS {
            for off in 0..4 {
                let mut buf = vec![0x55u8; len + 8];
                // SAFETY: inside buf.
                unsafe { core::ptr::write_bytes(black_box(buf.as_mut_ptr().add(off)), black_box(0xC3), black_box(len)) };
                for (i, &b) in buf.iter().enumerate() {
                    let want = if i >= off && i < off + len { 0xC3 } else { 0x55 };
                    assert_eq!(b, want, "len {} off {} byte {}", len, off, i);
                }
            }
        }
    }

    fn compare_orders_by_first_difference() {
        let a = pattern(300, 9);
        for &len in LENGTHS.iter().filter(|&&l| l > 0 && l <= 300) {
            let mut b = a.clone();
            assert!(black_box(&a[..len]) == black_box(&b[..len]));
            let at = len / 2;
            b[at] = b[at].wrapping_add(1);
            // Slices of u8 compare with memcmp; the byte at `at` decides.
            let expected = a[at].cmp(&b[at]);
            assert_eq!(black_box(&a[..len]).cmp(black_box(&b[..len])), expected, "len {}", len);
            assert!(black_box(&a[..len]) != black_box(&b[..len]));
            b[at] = 0xFF;
            assert_eq!(black_box(&a[..len]).cmp(black_box(&b[..len])), a[at].cmp(&0xFF), "unsigned, len {}", len);
        }
    }
}
