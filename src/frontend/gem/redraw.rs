//! The window's picture on the screen: what the AES asks to redraw (WM_REDRAW, after the
//! window was moved, uncovered, sized) and what the app changed (`Damage`) are copied from
//! the off-screen surface with `vro_cpyfm`, one copy per rectangle of the window's
//! rectangle list, with the screen locked (`wind_update`) and the pointer hidden. Nothing
//! is ever written to the screen directly.
//!
//! The surface is a `gfx::Planar`: interleaved bitplanes, 8 planes, lines of whole 16-pixel
//! groups, which is the Falcon's device format at 256 colours. So at 8 planes its words are
//! the VDI's source bitmap as they are ([`source`]); at 16 colours and in monochrome a
//! conversion to the screen's planes comes first (not written yet: [`source`] refuses).

use falcon_gem::aes::Aes;
use falcon_gem::aes::wind::{Update, WindowHandle};
use falcon_gem::rect::Rect;
use falcon_gem::trap::Trap;
use falcon_gem::vdi::Vdi;
use falcon_gem::vdi::raster::{Format, LogicOp, Mfdb, RasterError};

use crate::gfx::{PLANES, Planar};

/// The surface as the VDI's source bitmap, for a screen of `screen_planes` planes.
pub fn source<S: AsRef<[u16]> + AsMut<[u16]>>(
    surface: &mut Planar<S>,
    screen_planes: i16,
) -> Result<Mfdb<'_>, RasterError> {
    if screen_planes != PLANES as i16 {
        return Err(RasterError::PlaneMismatch);
    }
    let (w, h) = (surface.width() as i16, surface.height() as i16);
    Mfdb::new(surface.view().into_storage(), w, h, PLANES as i16, Format::Device)
}

/// What one redraw did: the rectangles copied, and the first copy the VDI binding refused
/// (the walk goes on past a refusal, so a refused rectangle costs only itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walked {
    pub copied: usize,
    pub refused: Option<RasterError>,
}

/// Copies `area` (screen coordinates) of the window `window`, whose work area is `work`,
/// from `picture` (the window's surface: its top left corner at the work area's, `size`
/// pixels) to every visible part of it on the screen, with the screen locked and the
/// pointer hidden.
pub fn redraw<A: Trap, V: Trap>(
    aes: &mut Aes<A>,
    vdi: &mut Vdi<V>,
    window: WindowHandle,
    area: Rect,
    work: Rect,
    picture: &Mfdb,
    size: (i16, i16),
) -> Walked {
    let mut walked = Walked { copied: 0, refused: None };
    // Only where the window shows its picture: the work area, as far as the surface goes.
    let Some(wanted) = area.intersect(&work).and_then(|a| a.intersect(&Rect::new(work.x, work.y, size.0, size.1)))
    else {
        return walked;
    };
    aes.wind_update(Update::Begin);
    vdi.v_hide_c();
    let mut screen = Mfdb::screen();
    let on_screen = vdi.screen();
    // The whole list, always: the AES answers each WF_NEXTXYWH from where the last left off.
    for visible in aes.rectangles(window) {
        // The list holds the window's rectangles, not the screen's: a window dragged past
        // the screen's edge has rectangles reaching beyond it, which the copy refuses.
        let Some(to) = visible.intersect(&wanted).and_then(|r| r.intersect(&on_screen)) else { continue };
        let from = Rect::new(to.x - work.x, to.y - work.y, to.w, to.h);
        match vdi.vro_cpyfm(LogicOp::SOnly, picture, from, &mut screen, to) {
            Ok(()) => walked.copied += 1,
            Err(e) => walked.refused = walked.refused.or(Some(e)),
        }
    }
    vdi.v_show_c(false);
    aes.wind_update(Update::End);
    walked
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
