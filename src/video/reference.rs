//! The core's rendering tests against reference images: a [`PlanarScreen`] handed to the
//! PC-side check (`falcon_host::reference`) as palette indices and RGB palette, compared with
//! `hatari-tests/reference/<name>.png`. Host tests only (falcon-host is a dev-dependency).
//!
//! Run the tests with `UPDATE_REFERENCE=1` to (re)write the references after an intended
//! change, then look at them before committing.

use std::format;
use std::vec::Vec;

use falcon_host::IndexedImage;

use super::planar::PlanarScreen;

/// Compares `screen` with `hatari-tests/reference/<name>.png` (see `falcon_host::reference::check`).
pub fn check_reference(name: &str, screen: &PlanarScreen) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("hatari-tests/reference/{name}.png"));
    let palette: Vec<[u8; 3]> = screen.palette.iter().map(|c| [c.r, c.g, c.b]).collect();
    let pixels = screen.to_indexed();
    let image = IndexedImage {
        width: screen.width() as usize,
        height: screen.height() as usize,
        pixels: &pixels,
        palette: &palette,
    };
    falcon_host::reference::check(&path, &image);
}
