//! Drawing: filled rectangles and text.

use super::Vdi;
use crate::rect::Rect;
use crate::trap::{Trap, VDI_INTIN_LEN};

/// vr_recfl: opcode 114, 2 ptsin points (corners).
const VR_RECFL: i16 = 114;
/// v_gtext: opcode 8, 1 ptsin point (x, y), n intin (one character per word).
const V_GTEXT: i16 = 8;

impl<T: Trap> Vdi<T> {
    /// `vr_recfl` (opcode 114): fills `rect` with the fill attributes (`vsf_*`), no
    /// border.
    pub fn vr_recfl(&mut self, rect: Rect) {
        self.arrays().ptsin[..4].copy_from_slice(&rect.to_corners());
        self.call(VR_RECFL, 2, 0, 0);
    }

    /// `v_gtext` (opcode 8): writes `text` (Atari characters, cut at a NUL or at 256) at
    /// (`x`, `y`), aligned as `vst_alignment` says (default: `y` is the base line).
    pub fn v_gtext(&mut self, x: i16, y: i16, text: &[u8]) {
        let a = self.arrays();
        let mut n = 0;
        for &c in text.iter().take(VDI_INTIN_LEN) {
            if c == 0 {
                break;
            }
            a.intin[n] = c as i16;
            n += 1;
        }
        a.ptsin[0] = x;
        a.ptsin[1] = y;
        self.call(V_GTEXT, 1, n as i16, 0);
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
