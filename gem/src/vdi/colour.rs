//! The palette through the VDI: setting and reading a pen's colour in thousandths.
//!
//! In a shared GEM screen with a palette, pens 0–15 belong to the AES and the desktop:
//! change only the others, while your window is on top, and put back what `vq_color`
//! read before (realised values). In true-colour modes `vs_color` changes only this
//! workstation's pens, for what is drawn afterwards.

use super::Vdi;
use crate::trap::Trap;

/// vs_color: opcode 14, 4 intin (pen, red, green, blue).
const VS_COLOR: i16 = 14;
/// vq_color: opcode 26, 2 intin (pen, realised?), 4 intout (pen or -1, red, green, blue).
const VQ_COLOR: i16 = 26;

/// Red, green and blue, 0–1000 each.
pub type Rgb = [i16; 3];

impl<T: Trap> Vdi<T> {
    /// `vs_color` (opcode 14): sets `pen` to `rgb` (thousandths, clamped by the VDI).
    pub fn vs_color(&mut self, pen: i16, rgb: Rgb) {
        self.arrays().intin[..4].copy_from_slice(&[pen, rgb[0], rgb[1], rgb[2]]);
        self.call(VS_COLOR, 0, 4, 0);
    }

    /// `vq_color` (opcode 26): the colour of `pen`, as last set (`realised` false) or as
    /// the hardware shows it (`realised` true: what to restore later); `None` for a pen
    /// the workstation does not have.
    pub fn vq_color(&mut self, pen: i16, realised: bool) -> Option<Rgb> {
        self.arrays().intin[..2].copy_from_slice(&[pen, realised as i16]);
        self.call(VQ_COLOR, 0, 2, 0);
        let o = &self.arrays_ref().intout;
        (o[0] >= 0).then(|| [o[1], o[2], o[3]])
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
