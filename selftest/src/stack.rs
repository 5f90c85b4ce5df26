//! How much of a painted machine stack was used, and whether it overflowed.
//!
//! The Falcon program's stack is a fixed block in the bss with a guard block below it
//! (src/runtime/start.s, symbols `__falcon_stack_guard`, `__falcon_stack_bottom`,
//! `__falcon_stack_top`); start.s fills both with [`PAINT`] at start-up, and the on-target
//! test program paints them again before each test ([`repaint`], in runner.s). The stack
//! grows down, so the words still painted at the low end were never written: the first word
//! that differs marks the deepest point reached. If that point lies in the guard, the stack
//! overflowed, and without the guard it would have overwritten the end of .data (what happened
//! to the benchmark names, see docs/toolchain.md).
//!
//! The judgement ([`measure`]) is a pure function of the words, so it is tested on both
//! machines; on the 68030 [`usage`] feeds it the real memory. Only the test program uses
//! this: the shipped program keeps the guard but never measures.

/// The word the stack and its guard are painted with (`STACK_PAINT` in start.s and runner.s).
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

#[cfg(target_arch = "m68k")]
unsafe extern "C" {
    static __falcon_stack_guard: u32;
    static __falcon_stack_bottom: u32;
    static __falcon_stack_top: u32;
    /// Paints the guard and the stack below the caller's stack pointer (runner.s).
    fn falcon_stack_repaint();
}

/// Forgets earlier use: afterwards [`usage`] shows only what runs after this call (and
/// what is live above the caller).
#[cfg(target_arch = "m68k")]
pub fn repaint() {
    // SAFETY: the routine writes only below the stack pointer, in our own guard and stack.
    unsafe { falcon_stack_repaint() }
}

/// Peak use of the program's stack since start-up or the last [`repaint`].
#[cfg(target_arch = "m68k")]
pub fn usage() -> StackUse {
    let guard = (&raw const __falcon_stack_guard) as usize;
    let bottom = (&raw const __falcon_stack_bottom) as usize;
    let top = (&raw const __falcon_stack_top) as usize;
    let words = (guard..top).step_by(4).map(|a| {
        // SAFETY: [guard, top) is the runtime's stack block in the bss; words of live frames
        // are only read.
        unsafe { core::ptr::read_volatile(a as *const u32) }
    });
    measure(words, (bottom - guard) / 4)
}

/// The tests of [`measure`] (this crate is test code: always compiled).
pub mod tests;
