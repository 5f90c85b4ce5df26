//! Where the GEM window first opens: the host's default place, or where TETRHEX's options
//! put it (manual section 4: `-wp x0 y0` the window's top left corner, `-wpc` centred on the
//! desk). A `-wp` place where the window does not fit on the desk is "incorrect": the window
//! goes to the default place, as the manual says (it may not leave the screen, even in part:
//! section 5, and 8.3 for the reason).

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;

use falcon_gem::rect::Rect as GemRect;

pub use crate::app::tetrhex::options::WindowPlacement;

/// The window's outer rectangle at its first opening: `default` (the host's place, its size
/// already chosen) moved as `placement` says within `desk` (the desk's work area).
pub fn first_outer(placement: WindowPlacement, default: GemRect, desk: GemRect) -> GemRect {
    let at = |x: i32, y: i32| GemRect::new(x as i16, y as i16, default.w, default.h);
    let (dx, dy, dw, dh) = (i32::from(desk.x), i32::from(desk.y), i32::from(desk.w), i32::from(desk.h));
    let (w, h) = (i32::from(default.w), i32::from(default.h));
    match placement {
        WindowPlacement::Default => default,
        // A window larger than the desk starts at its top left corner.
        WindowPlacement::Centred => at(dx + ((dw - w) / 2).max(0), dy + ((dh - h) / 2).max(0)),
        WindowPlacement::At { x, y } => {
            let (Ok(x), Ok(y)) = (i32::try_from(x), i32::try_from(y)) else { return default };
            let fits = x >= dx && y >= dy && x + w <= dx + dw && y + h <= dy + dh;
            if fits { at(x, y) } else { default }
        }
    }
}
