//! The machine stack of the Falcon program (src/runtime/start.s): its peak use and overflow,
//! read from the paint left in the stack and the guard below it (see `crate::stack_usage`).

use crate::stack_usage::{self, StackUse};

unsafe extern "C" {
    static __falcon_stack_guard: u32;
    static __falcon_stack_bottom: u32;
    static __falcon_stack_top: u32;
    /// Paints the guard and the stack below the caller's stack pointer.
    fn falcon_stack_repaint();
}

/// Forgets earlier use: afterwards [`usage`] shows only what runs after this call (and
/// what is live above the caller).
pub fn repaint() {
    // SAFETY: the routine writes only below the stack pointer, in our own guard and stack.
    unsafe { falcon_stack_repaint() }
}

/// Peak use of the stack since start-up or the last [`repaint`].
pub fn usage() -> StackUse {
    let guard = (&raw const __falcon_stack_guard) as usize;
    let bottom = (&raw const __falcon_stack_bottom) as usize;
    let top = (&raw const __falcon_stack_top) as usize;
    let words = (guard..top).step_by(4).map(|a| {
        // SAFETY: [guard, top) is our bss block; other frames' words are only read.
        unsafe { core::ptr::read_volatile(a as *const u32) }
    });
    stack_usage::measure(words, (bottom - guard) / 4)
}
