//! Reference-image checks for host rendering tests: a [`PlanarScreen`] compared pixel by pixel
//! (as RGB) with a committed PNG under `hatari-tests/reference/`.
//!
//! Run the tests with `UPDATE_REFERENCE=1` to (re)write the references after an intended
//! change, then look at them before committing.

use std::format;
use std::vec::Vec;

use super::planar::PlanarScreen;
use super::png::{decode, encode_indexed};

/// The screen's palette as RGB triples.
pub fn palette_rgb(screen: &PlanarScreen) -> Vec<[u8; 3]> {
    screen.palette.iter().map(|c| [c.r, c.g, c.b]).collect()
}

/// The screen as a PNG file.
pub fn screen_png(screen: &PlanarScreen) -> Vec<u8> {
    encode_indexed(screen.width() as usize, screen.height() as usize, &screen.to_indexed(), &palette_rgb(screen))
}

/// The screen as RGB triples.
pub fn screen_rgb(screen: &PlanarScreen) -> Vec<[u8; 3]> {
    screen
        .to_indexed()
        .iter()
        .map(|&p| {
            let c = screen.palette[p as usize];
            [c.r, c.g, c.b]
        })
        .collect()
}

/// Compares `screen` with `hatari-tests/reference/<name>.png`. With `UPDATE_REFERENCE=1` in
/// the environment the reference is written instead. On a mismatch the actual image is written
/// to the temporary directory and the test fails with the number of differing pixels.
pub fn check_reference(name: &str, screen: &PlanarScreen) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("hatari-tests/reference");
    let path = dir.join(format!("{}.png", name));
    if std::env::var("UPDATE_REFERENCE").as_deref() == Ok("1") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&path, screen_png(screen)).unwrap();
        return;
    }
    let data = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("reference {} missing ({}); run with UPDATE_REFERENCE=1", path.display(), e));
    let reference = decode(&data).unwrap();
    assert_eq!(
        (reference.width, reference.height),
        (screen.width() as usize, screen.height() as usize),
        "{}: size",
        name
    );
    let actual = screen_rgb(screen);
    let diff = actual.iter().zip(reference.rgb.iter()).filter(|(a, b)| a != b).count();
    if diff != 0 {
        let out = std::env::temp_dir().join(format!("{}-actual.png", name));
        std::fs::write(&out, screen_png(screen)).unwrap();
        panic!("{}: {} pixels differ from the reference; actual image written to {}", name, diff, out.display());
    }
}
