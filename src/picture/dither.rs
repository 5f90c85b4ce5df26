//! A fixed palette with error diffusion, for 16-colour desktops: there the pens are the
//! system's (a GEM program must not change them), so a picture is made of the 16 colours the
//! desktop already has, and Floyd–Steinberg error diffusion (7/16 right, 3/16 down left, 5/16
//! down, 1/16 down right) turns the difference into a fine pattern.
//!
//! The nearest pen of a colour is looked up in a table of 4096 cells (4 bits a component)
//! made once per palette; the error carried on is the exact difference from that pen.

use alloc::vec::Vec;

use super::{ErrorKind, PictureError};

/// The VDI's default 16 colours in pen order (white, black, red, green, blue, cyan, yellow,
/// magenta, light grey, dark grey, then the dark versions of red to magenta), as `0x00RRGGBB`
/// at the levels of the ST's default palette ($555 light grey, $333 dark grey, $500 dark
/// red...).
pub const VDI16: [u32; 16] = [
    0xFFFFFF, 0x000000, 0xFF0000, 0x00FF00, 0x0000FF, 0x00FFFF, 0xFFFF00, 0xFF00FF, 0xB6B6B6, 0x6D6D6D, 0xB60000,
    0x00B600, 0x0000B6, 0x00B6B6, 0xB6B600, 0xB600B6,
];

fn distance(a: [i32; 3], b: u32) -> i32 {
    let d = |x: i32, s: u32| {
        let v = x - (b >> s & 255) as i32;
        v * v
    };
    // Weighted as the eye sees (green counts most, blue least), in small integers.
    3 * d(a[0], 16) + 4 * d(a[1], 8) + 2 * d(a[2], 0)
}

fn nearest(c: [i32; 3], palette: &[u32]) -> u8 {
    let mut best = 0usize;
    let mut best_d = i32::MAX;
    for (i, &p) in palette.iter().enumerate() {
        let d = distance(c, p);
        if d < best_d {
            best_d = d;
            best = i;
        }
    }
    best as u8
}

/// Makes `pixels` (`width` a line, `0x00RRGGBB`) into pens of `palette` (at most 256
/// colours) with Floyd–Steinberg error diffusion.
pub fn floyd_steinberg(pixels: &[u32], width: usize, palette: &[u32]) -> Result<Vec<u8>, PictureError> {
    let oom = || PictureError { kind: ErrorKind::OutOfMemory, format: None, detail: "for dithering", size: None };
    let mut table = Vec::new();
    table.try_reserve_exact(4096).map_err(|_| oom())?;
    for k in 0..4096u32 {
        let level = |v: u32| (v * 17) as i32;
        table.push(nearest([level(k >> 8), level(k >> 4 & 15), level(k & 15)], palette));
    }
    let mut out = Vec::new();
    out.try_reserve_exact(pixels.len()).map_err(|_| oom())?;
    // The errors carried to this line and the next, one [r, g, b] a pixel plus a pixel either side.
    let mut here: Vec<[i32; 3]> = alloc::vec![[0; 3]; width + 2];
    let mut next: Vec<[i32; 3]> = alloc::vec![[0; 3]; width + 2];
    for line in pixels.chunks(width.max(1)) {
        for (x, &p) in line.iter().enumerate() {
            let e = here[x + 1];
            let want = [
                ((p >> 16 & 255) as i32 + e[0] / 16).clamp(0, 255),
                ((p >> 8 & 255) as i32 + e[1] / 16).clamp(0, 255),
                ((p & 255) as i32 + e[2] / 16).clamp(0, 255),
            ];
            let key = ((want[0] >> 4) << 8 | (want[1] >> 4) << 4 | want[2] >> 4) as usize;
            let pen = table[key];
            out.push(pen);
            let got = palette[pen as usize];
            let err =
                [want[0] - (got >> 16 & 255) as i32, want[1] - (got >> 8 & 255) as i32, want[2] - (got & 255) as i32];
            for ch in 0..3 {
                here[x + 2][ch] += 7 * err[ch];
                next[x][ch] += 3 * err[ch];
                next[x + 1][ch] += 5 * err[ch];
                next[x + 2][ch] += err[ch];
            }
        }
        core::mem::swap(&mut here, &mut next);
        next.iter_mut().for_each(|e| *e = [0; 3]);
    }
    Ok(out)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
