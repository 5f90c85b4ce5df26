use super::*;
use alloc::vec;
use alloc::vec::Vec;

/// A region of `guard` + `stack` words of which the top `used` were written.
fn region(guard: usize, stack: usize, used: usize) -> Vec<u32> {
    let mut w = vec![PAINT; guard + stack];
    let n = w.len();
    for (k, x) in w[n - used..].iter_mut().enumerate() {
        *x = k as u32; // any data, including words equal to 0
    }
    w
}

falcon_puzzles::test_cases! {
    fn untouched_stack_uses_nothing() {
        let u = measure(region(4, 16, 0), 4);
        assert_eq!(u, StackUse { used: 0, size: 64, guard_used: 0 });
        assert!(!u.overflowed());
    }
    fn use_is_counted_from_the_deepest_written_word() {
        let mut w = region(4, 16, 3);
        // A frame that was allocated but only partly written still counts to its
        // deepest written word; painted words above it do not shorten the use.
        w[10] = 7;
        w[12] = PAINT;
        let u = measure(w, 4);
        assert_eq!(u.used, (20 - 10) * 4);
        assert!(!u.overflowed());
    }
    fn full_stack_is_not_an_overflow() {
        let u = measure(region(4, 16, 16), 4);
        assert_eq!(u, StackUse { used: 64, size: 64, guard_used: 0 });
        assert!(!u.overflowed());
    }
    fn a_word_written_in_the_guard_is_an_overflow() {
        let u = measure(region(4, 16, 17), 4);
        assert_eq!(u, StackUse { used: 64, size: 64, guard_used: 4 });
        assert!(u.overflowed());
        let mut w = region(4, 16, 0);
        w[0] = 0; // deepest guard word only: a large frame that skipped the rest
        assert_eq!(measure(w, 4).guard_used, 16);
    }
}
