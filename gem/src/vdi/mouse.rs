//! The mouse pointer: hidden while drawing into a window, shown again after.

use super::Vdi;
use crate::trap::Trap;

/// v_show_c: opcode 122, 1 intin (reset).
const V_SHOW_C: i16 = 122;
/// v_hide_c: opcode 123, no arguments.
const V_HIDE_C: i16 = 123;

impl<T: Trap> Vdi<T> {
    /// `v_show_c` (opcode 122): undoes one `v_hide_c` (the calls nest); with `reset`, shows
    /// the pointer whatever the count. Prefer `graf_mouse(Show)` inside the AES.
    pub fn v_show_c(&mut self, reset: bool) {
        // intin[0] = 0 forces the pointer on; non-zero undoes one hide.
        self.arrays().intin[0] = if reset { 0 } else { 1 };
        self.call(V_SHOW_C, 0, 1, 0);
    }

    /// `v_hide_c` (opcode 123): hides the pointer (nesting).
    pub fn v_hide_c(&mut self) {
        self.call(V_HIDE_C, 0, 0, 0);
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
