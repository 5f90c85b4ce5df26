//! Inquiries: the workstation's description (`v_opnvwk`'s and `vq_extnd`'s `work_out`)
//! and, where the VDI has EdDI, the exact pixel layout (`vq_scrninfo`).

use super::Vdi;
use crate::trap::{Trap, VdiArrays};

/// vq_extnd: opcode 102, 1 intin (0 normal, 1 extended); 45 intout, 6 ptsout points.
const VQ_EXTND: i16 = 102;
/// vq_scrninfo: opcode 102 with sub-opcode 1 and intin[0] = 2; 272 intout.
const VQ_SCRNINFO_SUB: i16 = 1;

/// The 57 words of `work_out`: `intout[0..45]` then `ptsout[0..12]`, from `v_opnvwk` or
/// `vq_extnd(0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkOut(pub [i16; 57]);

impl WorkOut {
    pub(crate) fn from_arrays(a: &VdiArrays) -> WorkOut {
        let mut w = [0i16; 57];
        w[..45].copy_from_slice(&a.intout[..45]);
        w[45..].copy_from_slice(&a.ptsout[..12]);
        WorkOut(w)
    }

    /// Screen width in pixels (`work_out[0]` + 1).
    pub fn width(&self) -> i16 {
        self.0[0] + 1
    }

    /// Screen height in pixels (`work_out[1]` + 1).
    pub fn height(&self) -> i16 {
        self.0[1] + 1
    }

    /// Pens available at once (`work_out[13]`): 2, 16, 256.
    pub fn pens(&self) -> i16 {
        self.0[13]
    }

    /// Colours the palette can produce (`work_out[39]`; 0: more than 32767, a true-colour
    /// mode).
    pub fn palette_size(&self) -> i16 {
        self.0[39]
    }
}

/// The 57 words of `vq_extnd(1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtendedWorkOut(pub [i16; 57]);

impl ExtendedWorkOut {
    /// Bit planes (`work_out[4]`): 1, 2, 4, 8, 16.
    pub fn planes(&self) -> i16 {
        self.0[4]
    }

    /// Whether pens are looked up in a palette (`work_out[5]` = 1), not true colour.
    pub fn has_palette(&self) -> bool {
        self.0[5] == 1
    }
}

/// `vq_scrninfo`'s 272 words (EdDI).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScreenInfo(pub [i16; 272]);

impl ScreenInfo {
    /// `work_out[0]`: 0 interleaved planes (Atari), 1 whole planes, 2 packed pixels, -1
    /// unknown.
    pub fn format(&self) -> i16 {
        self.0[0]
    }

    /// `work_out[1]`: 0 no palette, 1 hardware palette, 2 software (true colour).
    pub fn clut(&self) -> i16 {
        self.0[1]
    }

    /// Bits per pixel.
    pub fn planes(&self) -> i16 {
        self.0[2]
    }

    /// Colours (`work_out[3..5]`, a long; 0: more than 2³¹).
    pub fn colours(&self) -> u32 {
        ((self.0[3] as u16 as u32) << 16) | self.0[4] as u16 as u32
    }

    /// Bytes per screen line (EdDI 1.1).
    pub fn line_bytes(&self) -> i16 {
        self.0[5]
    }

    /// The pixel value the VDI writes for `pen` (with a hardware palette; pens are not
    /// pixel values: pen 1, black, is pixel 255 at 256 colours).
    pub fn pixel_of_pen(&self, pen: u8) -> Option<i16> {
        (self.clut() == 1).then(|| self.0[16 + pen as usize])
    }
}

impl<T: Trap> Vdi<T> {
    /// `vq_extnd(0)` (opcode 102): `v_opnvwk`'s description again.
    pub fn vq_extnd(&mut self) -> WorkOut {
        self.arrays().intin[0] = 0;
        self.call(VQ_EXTND, 0, 1, 0);
        WorkOut::from_arrays(self.arrays_ref())
    }

    /// `vq_extnd(1)` (opcode 102): the extended description (planes, palette).
    pub fn vq_extnd_extended(&mut self) -> ExtendedWorkOut {
        self.arrays().intin[0] = 1;
        self.call(VQ_EXTND, 0, 1, 0);
        ExtendedWorkOut(WorkOut::from_arrays(self.arrays_ref()).0)
    }

    /// `vq_scrninfo` (opcode 102, sub-opcode 1, intin[0] = 2): the pixel layout, where the
    /// VDI has EdDI (NVDI, fVDI; not TOS 4 or EmuTOS). Without EdDI the VDI takes the call
    /// for `vq_extnd` and answers 45 words: then `None`.
    pub fn vq_scrninfo(&mut self) -> Option<ScreenInfo> {
        self.arrays().intin[0] = 2;
        self.call(VQ_EXTND, 0, 1, VQ_SCRNINFO_SUB);
        let a = self.arrays_ref();
        if a.contrl[4] < 272 {
            return None;
        }
        let mut w = [0i16; 272];
        w.copy_from_slice(&a.intout[..272]);
        Some(ScreenInfo(w))
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
