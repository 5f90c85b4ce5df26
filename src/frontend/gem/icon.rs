//! The iconified window's icon when TETRHEX's `-ci n` gives its colour (manual section 4:
//! "Index de la couleur de l'icone (à partir de l'AES 4.1), entre 0 et 15"): a hexagon, flat
//! at top and bottom like the game's cells, in system colour `n` on white, as large as the
//! icon's work area allows. Without `-ci` the icon shows the middle of the picture
//! (`Host::origin`).
//!
//! Drawn with the VDI's solid fills (`vr_recfl`, one per row of the hexagon), clipped to each
//! rectangle of the window's list, with the screen locked and the pointer hidden, as
//! `redraw` copies the picture.

use falcon_gem::aes::Aes;
use falcon_gem::aes::wind::{Update, WindowHandle};
use falcon_gem::rect::Rect;
use falcon_gem::trap::Trap;
use falcon_gem::vdi::Vdi;
use falcon_gem::vdi::attributes::{Interior, WritingMode};

/// VDI colour index 0: white in every palette the system sets up.
const WHITE: i16 = 0;

/// The hexagon's rows in `area`: centred, its height at most `area`'s less a margin of an
/// eighth, its width 8/7 of its height (a regular hexagon's 2/√3), flat at top and bottom;
/// each row a rectangle one pixel high, inset at both ends by a quarter of the width times
/// its distance from the middle row (0 there, 1 at the top and bottom).
pub fn hexagon_rows(area: Rect) -> impl Iterator<Item = Rect> {
    let (aw, ah) = (i32::from(area.w), i32::from(area.h));
    let h = (ah - ah / 4).min((aw - aw / 4) * 7 / 8).max(0);
    let w = h * 8 / 7;
    let (x, y) = (i32::from(area.x) + (aw - w) / 2, i32::from(area.y) + (ah - h) / 2);
    (0..h).map(move |r| {
        // Twice the row's distance from the middle, against the whole height.
        let off = (2 * r + 1 - h).abs();
        let inset = w * off / (4 * h);
        Rect::new((x + inset) as i16, (y + r) as i16, (w - 2 * inset) as i16, 1)
    })
}

/// Draws the icon in the window's work area `work` (the icon's), the hexagon in colour
/// `pen`, in every visible rectangle of `window` that meets `area`.
pub fn draw<A: Trap, V: Trap>(
    aes: &mut Aes<A>,
    vdi: &mut Vdi<V>,
    window: WindowHandle,
    area: Rect,
    work: Rect,
    pen: u8,
) {
    let Some(wanted) = area.intersect(&work) else { return };
    aes.wind_update(Update::Begin);
    vdi.v_hide_c();
    vdi.vswr_mode(WritingMode::Replace);
    vdi.vsf_interior(Interior::Solid);
    vdi.vsf_perimeter(false);
    for visible in aes.rectangles(window) {
        let Some(clip) = visible.intersect(&wanted) else { continue };
        vdi.vs_clip(Some(clip));
        vdi.vsf_color(WHITE);
        vdi.vr_recfl(clip);
        vdi.vsf_color(i16::from(pen));
        for row in hexagon_rows(work) {
            vdi.vr_recfl(row);
        }
    }
    vdi.vs_clip(None);
    vdi.v_show_c(false);
    aes.wind_update(Update::End);
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
