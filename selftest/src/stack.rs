//! How much of a painted machine stack was used, and whether it overflowed.
//!
//! The Falcon program's stack is a fixed block in the bss with a guard block below it
//! (src/runtime/start.s); both are filled with [`PAINT`] at start-up and again before each
//! on-target test. The stack grows down, so the words still painted at the low end were never
//! written: the first word that differs marks the deepest point reached. If that point lies in
//! the guard, the stack overflowed, and without the guard it would have overwritten the end of
//! .data (what happened to the benchmark names, see docs/toolchain.md).
//!
//! The judgement is a pure function of the words, so it is tested on both machines;
//! `runtime::stack` feeds it the real memory.

/// The word the stack and its guard are painted with (`STACK_PAINT` in start.s).
pub const PAINT: u32 = 0x5354_AC4B;

/// Peak use of a stack measured from its paint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StackUse {
    /// Bytes of the stack proper written since the last paint (guard not included).
    pub used: usize,
    /// Size of the stack proper in bytes.
    pub size: usize,
    /// Bytes of the guard written: non-zero means the stack overflowed.
    pub guard_used: usize,
}

impl StackUse {
    pub fn overflowed(&self) -> bool {
        self.guard_used > 0
    }
}

/// Judges a painted region given as its words in ascending address order: the first
/// `guard_words` are the guard, the rest the stack proper (whose last word is the top).
/// Reads only up to the first written word.
pub fn measure<I>(words: I, guard_words: usize) -> StackUse
where
    I: IntoIterator<Item = u32>,
    I::IntoIter: ExactSizeIterator,
{
    let mut words = words.into_iter();
    let total = words.len();
    let untouched = words.position(|w| w != PAINT).unwrap_or(total);
    let guard_words = guard_words.min(total);
    let stack_words = total - guard_words;
    let used_words = total - untouched;
    StackUse {
        used: used_words.min(stack_words) * 4,
        size: stack_words * 4,
        guard_used: used_words.saturating_sub(stack_words) * 4,
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests {
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

    crate::test_cases! {
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
}
