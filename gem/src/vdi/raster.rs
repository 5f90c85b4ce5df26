//! Raster operations: copying rectangles between memory bitmaps and the screen.
//!
//! A bitmap is described to the VDI by an MFDB (memory form definition block: address,
//! width and height in pixels, width in words, standard or device format, planes). The
//! address 0 means the screen. [`Mfdb`] borrows the bitmap's words for as long as it
//! exists, and every call checks that the rectangles lie inside both bitmaps and that
//! the planes match, so the VDI never reads or writes outside them. Device format is the
//! screen's own layout (interleaved planes on the Falcon); standard format is plane after
//! plane, the portable one: draw in standard format, `vr_trnfm` to device format, then
//! `vro_cpyfm` to the screen.
//!
//! Keep memory bitmaps in ST-RAM (`Mxalloc` mode 0) when the VDI may use the BLiTTER,
//! which cannot reach TT-RAM.

use super::Vdi;
use crate::rect::Rect;
use crate::trap::{Trap, address_words};

/// vro_cpyfm: opcode 109, 4 ptsin points, 1 intin (logic operation), MFDBs in contrl 7–10.
const VRO_CPYFM: i16 = 109;
/// vr_trnfm: opcode 110, MFDBs in contrl 7–10.
const VR_TRNFM: i16 = 110;
/// vrt_cpyfm: opcode 121, 4 ptsin points, 3 intin (writing mode, two pens), MFDBs.
const VRT_CPYFM: i16 = 121;

/// The MFDB as the VDI reads it (20 bytes on the 68030).
#[repr(C)]
struct RawMfdb {
    addr: usize,
    width: i16,
    height: i16,
    words_per_line: i16,
    standard: i16,
    planes: i16,
    reserved: [i16; 3],
}

#[cfg(target_arch = "m68k")]
const _: () = assert!(core::mem::size_of::<RawMfdb>() == 20);

/// Bitmap layouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The screen's layout (0).
    Device,
    /// Plane after plane (1).
    Standard,
}

/// Why a raster call was refused (nothing was drawn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RasterError {
    /// The words given do not hold `width` × `height` × `planes`.
    BufferTooSmall { needed: usize, given: usize },
    /// Width or height not positive, or planes not 1, 2, 4, 8, 16, 24 or 32.
    BadShape,
    /// A rectangle reaches outside its bitmap (or the screen), or is empty.
    OutOfBounds,
    /// Source and destination rectangles differ in size.
    SizeMismatch,
    /// The bitmaps have different numbers of planes.
    PlaneMismatch,
    /// `vro_cpyfm` needs device format; `vr_trnfm` needs a standard/device pair.
    WrongFormat,
    /// `vrt_cpyfm` needs a one-plane source.
    NotMonochrome,
}

/// A bitmap for the raster calls: the screen, or words borrowed for `'a`.
pub struct Mfdb<'a> {
    words: Option<&'a mut [u16]>,
    width: i16,
    height: i16,
    planes: i16,
    format: Format,
}

impl Mfdb<'static> {
    /// The screen (address 0): its size and planes are the workstation's.
    pub const fn screen() -> Mfdb<'static> {
        Mfdb { words: None, width: 0, height: 0, planes: 0, format: Format::Device }
    }
}

impl<'a> Mfdb<'a> {
    /// A bitmap of `width` × `height` pixels and `planes` planes in `words` (each line
    /// rounded up to whole words of 16 pixels).
    pub fn new(
        words: &'a mut [u16],
        width: i16,
        height: i16,
        planes: i16,
        format: Format,
    ) -> Result<Self, RasterError> {
        if width <= 0 || height <= 0 || ![1, 2, 4, 8, 16, 24, 32].contains(&planes) {
            return Err(RasterError::BadShape);
        }
        let needed = Self::words_needed(width, height, planes);
        if words.len() < needed {
            return Err(RasterError::BufferTooSmall { needed, given: words.len() });
        }
        Ok(Mfdb { words: Some(words), width, height, planes, format })
    }

    /// Words a bitmap of this shape takes.
    pub fn words_needed(width: i16, height: i16, planes: i16) -> usize {
        (width as usize).div_ceil(16) * height as usize * planes as usize
    }

    pub fn is_screen(&self) -> bool {
        self.words.is_none()
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// The bitmap's words (empty for the screen).
    pub fn words(&self) -> &[u16] {
        self.words.as_deref().unwrap_or(&[])
    }

    pub fn words_mut(&mut self) -> &mut [u16] {
        self.words.as_deref_mut().unwrap_or(&mut [])
    }

    /// The whole bitmap, or the workstation's screen.
    fn bounds(&self, screen: Rect) -> Rect {
        if self.is_screen() { screen } else { Rect::new(0, 0, self.width, self.height) }
    }

    fn planes_on(&self, screen_planes: i16) -> i16 {
        if self.is_screen() { screen_planes } else { self.planes }
    }

    /// The MFDB, its address taken now (for a source: read only).
    fn raw(&self) -> RawMfdb {
        let addr = self.words.as_deref().map_or(0, |w| w.as_ptr() as usize);
        self.raw_at(addr)
    }

    /// The MFDB of a destination: the address from a mutable borrow.
    fn raw_mut(&mut self) -> RawMfdb {
        let addr = self.words.as_deref_mut().map_or(0, |w| w.as_mut_ptr() as usize);
        self.raw_at(addr)
    }

    fn raw_at(&self, addr: usize) -> RawMfdb {
        RawMfdb {
            addr,
            width: self.width,
            height: self.height,
            words_per_line: (self.width as i32 + 15) as i16 / 16,
            standard: (self.format == Format::Standard) as i16,
            planes: self.planes,
            reserved: [0; 3],
        }
    }
}

/// The 16 logic operations of `vro_cpyfm` (S source, D destination).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogicOp {
    /// ALL_WHITE (0): D = 0
    AllWhite = 0,
    /// S_AND_D (1)
    SAndD = 1,
    /// S_AND_NOTD (2)
    SAndNotD = 2,
    /// S_ONLY (3): D = S, the plain copy.
    SOnly = 3,
    /// NOTS_AND_D (4): D = !S & D
    NotSAndD = 4,
    /// D_ONLY (5)
    DOnly = 5,
    /// S_XOR_D (6)
    SXorD = 6,
    /// S_OR_D (7)
    SOrD = 7,
    /// NOT_SORD (8): D = !(S | D)
    Nor = 8,
    /// NOT_SXORD (9): D = !(S ^ D)
    Xnor = 9,
    /// D_INVERT (10)
    DInvert = 10,
    /// S_OR_NOTD (11)
    SOrNotD = 11,
    /// NOTS (12)
    NotS = 12,
    /// NOTS_OR_D (13): D = !S | D
    NotSOrD = 13,
    /// NOT_SANDD (14): D = !(S & D)
    Nand = 14,
    /// ALL_BLACK (15): D = 1
    AllBlack = 15,
}

impl<T: Trap> Vdi<T> {
    /// Puts the two MFDB addresses and two rectangles into contrl and ptsin.
    /// Puts the two MFDB addresses into contrl 7–10 (the VDI may write the
    /// destination's: `vr_trnfm` sets its format).
    fn mfdb_addresses(&mut self, src: &RawMfdb, dst: &mut RawMfdb) {
        let s = address_words(core::ptr::from_ref(src) as usize);
        let d = address_words(core::ptr::from_mut(dst) as usize);
        self.arrays().contrl[7..11].copy_from_slice(&[s[0], s[1], d[0], d[1]]);
    }

    /// The MFDB addresses, and the two rectangles as corners in ptsin.
    fn raster_arrays(&mut self, src: &RawMfdb, from: Rect, dst: &mut RawMfdb, to: Rect) {
        self.mfdb_addresses(src, dst);
        let a = self.arrays();
        a.ptsin[..4].copy_from_slice(&from.to_corners());
        a.ptsin[4..8].copy_from_slice(&to.to_corners());
    }

    /// Both rectangles inside their bitmaps, the same size.
    fn check_copy(&self, src: &Mfdb, from: Rect, dst: &Mfdb, to: Rect) -> Result<(), RasterError> {
        if from.w != to.w || from.h != to.h {
            return Err(RasterError::SizeMismatch);
        }
        if from.is_empty() || !src.bounds(self.screen()).covers(&from) || !dst.bounds(self.screen()).covers(&to) {
            return Err(RasterError::OutOfBounds);
        }
        Ok(())
    }

    /// `vro_cpyfm` (opcode 109): copies `from` of `src` to `to` of `dst` (same size)
    /// combining source and destination with `op` (`LogicOp::SOnly`: a plain copy). Both
    /// in device format with the same planes (the screen's, for the screen).
    pub fn vro_cpyfm(
        &mut self,
        op: LogicOp,
        src: &Mfdb,
        from: Rect,
        dst: &mut Mfdb,
        to: Rect,
    ) -> Result<(), RasterError> {
        self.check_copy(src, from, dst, to)?;
        if src.format != Format::Device || dst.format != Format::Device {
            return Err(RasterError::WrongFormat);
        }
        if src.planes_on(self.planes()) != dst.planes_on(self.planes()) {
            return Err(RasterError::PlaneMismatch);
        }
        let s = src.raw();
        let mut d = dst.raw_mut();
        self.raster_arrays(&s, from, &mut d, to);
        self.arrays().intin[0] = op as i16;
        self.call(VRO_CPYFM, 4, 1, 0);
        Ok(())
    }

    /// `vrt_cpyfm` (opcode 121): copies a one-plane `src` into `dst`, set pixels in pen
    /// `pens[0]` and clear ones in `pens[1]` (writing mode 1–4 as `vswr_mode`).
    pub fn vrt_cpyfm(
        &mut self,
        mode: super::attributes::WritingMode,
        src: &Mfdb,
        from: Rect,
        dst: &mut Mfdb,
        to: Rect,
        pens: [i16; 2],
    ) -> Result<(), RasterError> {
        self.check_copy(src, from, dst, to)?;
        if src.planes_on(self.planes()) != 1 {
            return Err(RasterError::NotMonochrome);
        }
        if dst.format != Format::Device {
            return Err(RasterError::WrongFormat);
        }
        let s = src.raw();
        let mut d = dst.raw_mut();
        self.raster_arrays(&s, from, &mut d, to);
        self.arrays().intin[..3].copy_from_slice(&[mode as i16, pens[0], pens[1]]);
        self.call(VRT_CPYFM, 4, 3, 0);
        Ok(())
    }

    /// `vr_trnfm` (opcode 110): converts `src` into the other format in `dst` (same
    /// shape; never the same words, which the borrow rules already forbid: an in-place
    /// transform can take minutes). `dst` then has the other format.
    pub fn vr_trnfm(&mut self, src: &Mfdb, dst: &mut Mfdb) -> Result<(), RasterError> {
        if src.is_screen() || dst.is_screen() {
            return Err(RasterError::WrongFormat);
        }
        if (src.width, src.height) != (dst.width, dst.height) {
            return Err(RasterError::SizeMismatch);
        }
        if src.planes != dst.planes {
            return Err(RasterError::PlaneMismatch);
        }
        let s = src.raw();
        let mut d = dst.raw_mut();
        self.mfdb_addresses(&s, &mut d);
        self.call(VR_TRNFM, 0, 0, 0);
        dst.format = match src.format {
            Format::Standard => Format::Device,
            Format::Device => Format::Standard,
        };
        Ok(())
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
