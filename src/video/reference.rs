//! Reference-image checks for host rendering tests: an image (width, height, one pen per
//! pixel, the palette) compared pixel by pixel (as RGB) with a committed PNG under
//! `hatari-tests/reference/`.
//!
//! Run the tests with `UPDATE_REFERENCE=1` to (re)write the references after an intended
//! change, then look at them before committing.

use std::format;
use std::vec::Vec;

use super::png::{decode, encode_indexed};

/// Compares the image with `hatari-tests/reference/<name>.png`. With `UPDATE_REFERENCE=1` in
/// the environment the reference is written instead. On a mismatch the actual image is written
/// to the temporary directory and the test fails with the number of differing pixels.
pub fn check_reference(name: &str, width: usize, height: usize, pens: &[u8], palette: &[[u8; 3]]) {
    let png = || encode_indexed(width, height, pens, palette);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("hatari-tests/reference");
    let path = dir.join(format!("{}.png", name));
    if std::env::var("UPDATE_REFERENCE").as_deref() == Ok("1") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&path, png()).unwrap();
        return;
    }
    let data = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("reference {} missing ({}); run with UPDATE_REFERENCE=1", path.display(), e));
    let reference = decode(&data).unwrap();
    assert_eq!((reference.width, reference.height), (width, height), "{}: size", name);
    let actual: Vec<[u8; 3]> = pens.iter().map(|&p| palette[p as usize]).collect();
    let diff = actual.iter().zip(reference.rgb.iter()).filter(|(a, b)| a != b).count();
    if diff != 0 {
        let out = std::env::temp_dir().join(format!("{}-actual.png", name));
        std::fs::write(&out, png()).unwrap();
        panic!("{}: {} pixels differ from the reference; actual image written to {}", name, diff, out.display());
    }
}
