//! Fitting a picture to a puzzle: the largest centred square of it, scaled to the puzzle's
//! side by an area (box) filter.
//!
//! The square is square *on the screen the picture was made for*: a DEGAS medium-resolution
//! picture (640×200, pixels twice as tall as wide) gives a 400×200-pixel crop. Pictures
//! whose pixels claim to be more than four times as wide as tall, or the other way round,
//! are taken to have square pixels.
//!
//! Area filter: each output pixel is the average of the source area it covers, every source
//! pixel weighted by how much of it lies inside (so a 3.33 : 1 reduction mixes four or five
//! source pixels, a 1 : 1.9 enlargement one or two). The two directions are done one after
//! the other, with weights in 1/256 that add up to exactly 256 for every output pixel.
//! Red and blue travel together in one 32-bit word (`0x00RR00BB` times a weight of at most
//! 256 cannot carry from blue into red), so a source pixel costs two multiplications, not
//! three. Transparent pixels are laid on `background` first.

use alloc::vec::Vec;

use super::{Argb, ErrorKind, Image, PictureError};

/// A rectangle of a picture, in its pixels.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Crop {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
}

/// The largest centred square of `image` as it appears with its pixel aspect.
pub fn square_crop(image: &Image) -> Crop {
    let (mut aw, mut ah) = (image.pixel_aspect.0.max(1) as u64, image.pixel_aspect.1.max(1) as u64);
    if aw > 4 * ah || ah > 4 * aw {
        (aw, ah) = (1, 1);
    }
    let (w, h) = (image.width as u64, image.height as u64);
    // On the screen the picture is w·aw wide and h·ah high.
    let (cw, ch) = if w * aw >= h * ah {
        (((h * ah + aw / 2) / aw).clamp(1, w), h)
    } else {
        (w, ((w * aw + ah / 2) / ah).clamp(1, h))
    };
    Crop { x: ((w - cw) / 2) as u32, y: ((h - ch) / 2) as u32, w: cw as u32, h: ch as u32 }
}

/// The source pixels behind each output pixel along one direction: output pixel `d` is the
/// sum of `weights[k]` × source pixel `first[d] + k - start[d]`... stored flat: `spans[d]`
/// = (first source pixel, number of weights, index of the first weight in `weights`).
struct Axis {
    spans: Vec<(u32, u32, u32)>,
    weights: Vec<u16>,
}

impl Axis {
    /// `src` source pixels onto `dst` output pixels. In units of 1/`dst` source pixel,
    /// output pixel d covers [d·src, (d+1)·src) and source pixel s covers [s·dst, (s+1)·dst);
    /// each weight is the overlap, scaled so that the running total rounds to 256·k/src.
    fn new(src: u32, dst: u32) -> Result<Axis, PictureError> {
        let per = (src / dst + 2) as usize;
        let mut spans = Vec::new();
        let mut weights = Vec::new();
        spans.try_reserve_exact(dst as usize).map_err(|_| oom())?;
        weights.try_reserve_exact(dst as usize * per).map_err(|_| oom())?;
        let (src64, dst64) = (src as u64, dst as u64);
        for d in 0..dst as u64 {
            let (lo, hi) = (d * src64, (d + 1) * src64);
            let (s0, s1) = (lo / dst64, (hi - 1) / dst64);
            let at = weights.len() as u32;
            let mut covered = 0u64;
            let mut given = 0u32;
            for s in s0..=s1 {
                let overlap = hi.min((s + 1) * dst64) - lo.max(s * dst64);
                covered += overlap;
                let total = ((covered * 256 + src64 / 2) / src64) as u32;
                weights.push((total - given) as u16);
                given = total;
            }
            spans.push((s0 as u32, (s1 - s0 + 1) as u32, at));
        }
        Ok(Axis { spans, weights })
    }
}

fn oom() -> PictureError {
    PictureError { kind: ErrorKind::OutOfMemory, format: None, detail: "for scaling the picture", size: None }
}

/// `n` zero words, or an out-of-memory error.
fn zeros(n: usize) -> Result<Vec<u32>, PictureError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| oom())?;
    v.resize(n, 0);
    Ok(v)
}

/// Lays a colour with alpha on an opaque background (both `0xAARRGGBB`); the result is
/// `0x00RRGGBB`.
fn over(c: Argb, background: Argb) -> u32 {
    let a = c >> 24;
    if a == 255 {
        return c & 0x00FF_FFFF;
    }
    let mix = |s: u32| (((c >> s & 255) * a + (background >> s & 255) * (255 - a) + 127) / 255) << s;
    mix(16) | mix(8) | mix(0)
}

/// Scales `crop` of `image` to `side`×`side` pixels of `0x00RRGGBB`, row by row, transparent
/// parts on `background`.
pub fn scale(image: &Image, crop: Crop, side: u32, background: Argb) -> Result<Vec<u32>, PictureError> {
    let side = side.max(1);
    let across = Axis::new(crop.w, side)?;
    let down = Axis::new(crop.h, side)?;
    let n = side as usize;
    let mut out = zeros(n * n)?;
    let mut source = zeros(image.width as usize)?;
    // The last two source lines scaled across, by source line number: consecutive output
    // lines share at most one source line when reducing, and use at most two when enlarging.
    let mut cache: [(u32, Vec<u32>); 2] = [(u32::MAX, zeros(n)?), (u32::MAX, zeros(n)?)];
    let mut oldest = 0usize;
    let mut acc_rb = zeros(n)?;
    let mut acc_g = zeros(n)?;
    for (e, &(s0, count, at)) in down.spans.iter().enumerate() {
        acc_rb.fill(0x0080_0080);
        acc_g.fill(0x80);
        for k in 0..count {
            let weight = down.weights[(at + k) as usize] as u32;
            if weight == 0 {
                continue;
            }
            let s = s0 + k;
            let slot = match cache.iter().position(|c| c.0 == s) {
                Some(i) => i,
                None => {
                    let i = oldest;
                    oldest ^= 1;
                    image.row_argb(crop.y + s, &mut source);
                    scale_line(
                        &source[crop.x as usize..(crop.x + crop.w) as usize],
                        &across,
                        background,
                        &mut cache[i].1,
                    );
                    cache[i].0 = s;
                    i
                }
            };
            let line = &cache[slot].1;
            for ((rb, g), &p) in acc_rb.iter_mut().zip(acc_g.iter_mut()).zip(line.iter()) {
                *rb += (p & 0x00FF_00FF) * weight;
                *g += (p >> 8 & 255) * weight;
            }
        }
        let row = &mut out[e * n..(e + 1) * n];
        for ((o, &rb), &g) in row.iter_mut().zip(acc_rb.iter()).zip(acc_g.iter()) {
            *o = (rb >> 8 & 0x00FF_00FF) | (g >> 8) << 8;
        }
    }
    Ok(out)
}

/// One source line (colours with alpha) scaled across into `out` (`0x00RRGGBB`).
fn scale_line(source: &[Argb], axis: &Axis, background: Argb, out: &mut [u32]) {
    for (o, &(s0, count, at)) in out.iter_mut().zip(axis.spans.iter()) {
        let (mut rb, mut g) = (0x0080_0080u32, 0x80u32);
        let px = &source[s0 as usize..(s0 + count) as usize];
        let ws = &axis.weights[at as usize..(at + count) as usize];
        for (&c, &w) in px.iter().zip(ws) {
            let c = if c >> 24 == 255 { c } else { over(c, background) };
            rb += (c & 0x00FF_00FF) * w as u32;
            g += (c >> 8 & 255) * w as u32;
        }
        *o = (rb >> 8 & 0x00FF_00FF) | (g >> 8) << 8;
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
