//! The VDI (Virtual Device Interface): a virtual screen workstation of our own, opened on
//! the AES's physical one (`graf_handle`), for drawing into windows at the desktop's depth.
//!
//! Calls grouped by kind, one file each: [`raster`] (MFDBs, `vro_cpyfm`, `vrt_cpyfm`,
//! `vr_trnfm`), [`attributes`] (write mode, fill, text, clipping), [`output`] (`vr_recfl`,
//! `v_gtext`), [`colour`] (`vs_color`, `vq_color`), [`inquire`] (`vq_extnd`,
//! `vq_scrninfo`), [`mouse`] (`v_show_c`, `v_hide_c`). Coordinates in the VDI's arrays are
//! corners (see [`crate::rect::Rect::to_corners`]).

use crate::rect::Rect;
use crate::trap::{Trap, VdiArrays};

pub mod attributes;
pub mod colour;
pub mod inquire;
pub mod mouse;
pub mod output;
pub mod raster;

pub use inquire::{ExtendedWorkOut, ScreenInfo, WorkOut};
pub use raster::{Format, LogicOp, Mfdb, RasterError};

/// v_opnvwk: opcode 100, 0 ptsin, 11 intin.
const V_OPNVWK: i16 = 100;
/// v_clsvwk: opcode 101, no arguments.
const V_CLSVWK: i16 = 101;

/// `work_in` of `v_opnvwk`: device 1 (the screen the AES runs on), every default
/// attribute 1, raster coordinates (2).
const WORK_IN: [i16; 11] = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2];

/// An open virtual workstation. Closed by [`Vdi::close`] or when dropped.
pub struct Vdi<T: Trap> {
    arrays: VdiArrays,
    handle: i16,
    screen: Rect,
    planes: i16,
    trap: T,
}

impl<T: Trap> Vdi<T> {
    /// `v_opnvwk` (opcode 100): opens a virtual workstation on the AES's `physical`
    /// handle, then asks `vq_extnd(1)` for its planes; the workstation and its
    /// `work_out` (screen size, pens), or `None` when the VDI has no workstation left.
    pub fn open(trap: T, physical: i16) -> Option<(Vdi<T>, WorkOut)> {
        let mut vdi = Vdi { arrays: VdiArrays::new(), handle: physical, screen: Rect::default(), planes: 0, trap };
        vdi.arrays.intin[..11].copy_from_slice(&WORK_IN);
        vdi.call(V_OPNVWK, 0, 11, 0);
        let handle = vdi.arrays.contrl[6];
        if handle <= 0 {
            vdi.handle = 0;
            return None;
        }
        vdi.handle = handle;
        let work = WorkOut::from_arrays(&vdi.arrays);
        vdi.screen = Rect::new(0, 0, work.width(), work.height());
        vdi.planes = vdi.vq_extnd_extended().planes();
        Some((vdi, work))
    }

    /// `v_clsvwk` (opcode 101): closes the workstation.
    pub fn close(mut self) {
        self.close_now();
    }

    fn close_now(&mut self) {
        if self.handle > 0 {
            self.call(V_CLSVWK, 0, 0, 0);
            self.handle = 0;
        }
    }

    /// The workstation's handle.
    pub fn handle(&self) -> i16 {
        self.handle
    }

    /// The whole screen (from `v_opnvwk`): raster calls to the screen must stay inside.
    pub fn screen(&self) -> Rect {
        self.screen
    }

    /// The screen's bit planes (from `vq_extnd(1)` at opening).
    pub fn planes(&self) -> i16 {
        self.planes
    }

    pub fn trap(&self) -> &T {
        &self.trap
    }

    pub fn trap_mut(&mut self) -> &mut T {
        &mut self.trap
    }

    /// Fills `contrl` (opcode, points in ptsin, words in intin, sub-opcode, handle; the
    /// output counts cleared) and executes the call.
    pub(crate) fn call(&mut self, opcode: i16, n_ptsin: i16, n_intin: i16, sub_opcode: i16) {
        let c = &mut self.arrays.contrl;
        c[0] = opcode;
        c[1] = n_ptsin;
        c[2] = 0;
        c[3] = n_intin;
        c[4] = 0;
        c[5] = sub_opcode;
        c[6] = self.handle;
        self.trap.vdi(&mut self.arrays);
    }

    pub(crate) fn arrays(&mut self) -> &mut VdiArrays {
        &mut self.arrays
    }

    pub(crate) fn arrays_ref(&self) -> &VdiArrays {
        &self.arrays
    }
}

impl<T: Trap> Drop for Vdi<T> {
    fn drop(&mut self) {
        self.close_now();
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
