//! Reference-image checks for rendering tests: an image compared pixel by pixel, as RGB, with
//! a committed PNG.
//!
//! With `UPDATE_REFERENCE=1` in the environment the reference is (re)written instead of
//! compared: do that after an intended change of the drawing, then look at the new image
//! before committing it.

use std::path::{Path, PathBuf};

use crate::image::{IndexedImage, RgbImage};
use crate::png::{decode, encode_indexed};

/// How an image differs from its reference.
#[derive(Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// The reference file cannot be read or decoded.
    Unreadable(String),
    /// The reference has another size: (width, height) of the reference, of the image.
    Size((usize, usize), (usize, usize)),
    /// This many pixels have another colour.
    Pixels(usize),
}

impl core::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut core::fmt::Formatter) -> core::fmt::Result {
        match self {
            Mismatch::Unreadable(e) => write!(f, "{e} (run with UPDATE_REFERENCE=1 to write it)"),
            Mismatch::Size(r, i) => write!(f, "reference is {}x{}, image is {}x{}", r.0, r.1, i.0, i.1),
            Mismatch::Pixels(n) => write!(f, "{n} pixels differ from the reference"),
        }
    }
}

/// Compares `image` with the PNG file at `reference`.
pub fn compare(reference: &Path, image: &IndexedImage) -> Result<(), Mismatch> {
    let data = std::fs::read(reference).map_err(|e| Mismatch::Unreadable(format!("{}: {e}", reference.display())))?;
    let want = decode(&data).map_err(|e| Mismatch::Unreadable(format!("{}: {e}", reference.display())))?;
    compare_rgb(&want, &image.to_rgb())
}

/// Compares two RGB images.
pub fn compare_rgb(want: &RgbImage, got: &RgbImage) -> Result<(), Mismatch> {
    if (want.width, want.height) != (got.width, got.height) {
        return Err(Mismatch::Size((want.width, want.height), (got.width, got.height)));
    }
    match want.rgb.iter().zip(&got.rgb).filter(|(a, b)| a != b).count() {
        0 => Ok(()),
        n => Err(Mismatch::Pixels(n)),
    }
}

/// The test assertion: `image` must equal the PNG at `reference` (or, with
/// `UPDATE_REFERENCE=1`, becomes it). On a mismatch the image is written next to the
/// system's temporary files as `<name>-actual.png` and the test panics saying where.
pub fn check(reference: &Path, image: &IndexedImage) {
    check_or_update(reference, image, std::env::var("UPDATE_REFERENCE").as_deref() == Ok("1"))
}

/// [`check`] with the choice made by the caller: `update` writes the reference.
pub fn check_or_update(reference: &Path, image: &IndexedImage, update: bool) {
    if update {
        if let Some(dir) = reference.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        }
        std::fs::write(reference, encode_indexed(image)).unwrap_or_else(|e| panic!("{}: {e}", reference.display()));
        return;
    }
    if let Err(mismatch) = compare(reference, image) {
        let actual = actual_path(reference);
        std::fs::write(&actual, encode_indexed(image)).unwrap_or_else(|e| panic!("{}: {e}", actual.display()));
        panic!("{}: {mismatch}; the image is in {}", reference.display(), actual.display());
    }
}

/// Where [`check`] writes an image that differs from `reference`.
pub fn actual_path(reference: &Path) -> PathBuf {
    let stem = reference.file_stem().map_or("image".into(), |s| s.to_string_lossy());
    std::env::temp_dir().join(format!("{stem}-actual.png"))
}

#[cfg(test)]
mod tests;
