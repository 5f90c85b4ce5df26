//! Colour quantisation by median cut (Heckbert, 1982): a picture's colours reduced to the
//! pens a 256-colour screen has free (the app gives a puzzle's picture up to 240; pens 0–15
//! stay the system's).
//!
//! 1. A histogram of the colours at 5 bits a component (32,768 cells; the "buckets").
//! 2. Boxes of buckets: one box holding every used bucket, then the box with the most
//!    pixels × widest component range is cut in two across that component, at the median of
//!    its pixels, until there are as many boxes as pens (or every box is a single bucket).
//!    Cutting counts the box's buckets into 32 bins of that component and splits between two
//!    bins: no sorting.
//! 3. Each pen is the exact mean of the pixels in its box (a second pass adds them up), and
//!    each pixel becomes the pen of its bucket's box: one table look-up a pixel.
//!
//! A picture with no more used buckets than pens keeps every bucket as its own pen, so a
//! 16-colour DEGAS picture shown at its own size comes out with its own 16 colours.

use alloc::vec::Vec;

use super::{ErrorKind, PictureError};

/// A picture as pens: `index` (one byte a pixel) into `palette` (`0x00RRGGBB`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Quantised {
    pub palette: Vec<u32>,
    pub index: Vec<u8>,
}

/// The bucket of a colour `0x00RRGGBB`: 5 bits of red, green, blue.
fn bucket(c: u32) -> usize {
    ((c >> 9 & 0x7C00) | (c >> 6 & 0x03E0) | (c >> 3 & 0x001F)) as usize
}

/// Component `ch` (0 red, 1 green, 2 blue) of a bucket, 0–31.
fn component(b: u16, ch: usize) -> usize {
    (b >> (10 - 5 * ch) & 31) as usize
}

fn oom() -> PictureError {
    PictureError { kind: ErrorKind::OutOfMemory, format: None, detail: "for the picture's colours", size: None }
}

fn try_zeroed<T: Clone + Default>(n: usize) -> Result<Vec<T>, PictureError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| oom())?;
    v.resize(n, T::default());
    Ok(v)
}

/// A box: buckets `start..end` of the bucket list, their pixel count, and the component with
/// the widest range and that range.
#[derive(Clone, Copy)]
struct Cut {
    start: usize,
    end: usize,
    pixels: u32,
    axis: usize,
    range: usize,
}

fn measure(buckets: &[u16], counts: &[u32], start: usize, end: usize) -> Cut {
    let mut lo = [31usize; 3];
    let mut hi = [0usize; 3];
    let mut pixels = 0u32;
    for &b in &buckets[start..end] {
        pixels += counts[b as usize];
        for ch in 0..3 {
            let v = component(b, ch);
            lo[ch] = lo[ch].min(v);
            hi[ch] = hi[ch].max(v);
        }
    }
    let mut axis = 0;
    for ch in 1..3 {
        if hi[ch] - lo[ch] > hi[axis] - lo[axis] {
            axis = ch;
        }
    }
    Cut { start, end, pixels, axis, range: hi[axis] - lo[axis] }
}

/// Reduces `pixels` (`0x00RRGGBB`) to at most `pens` colours (1–256).
pub fn median_cut(pixels: &[u32], pens: usize) -> Result<Quantised, PictureError> {
    let pens = pens.clamp(1, 256);
    let mut counts: Vec<u32> = try_zeroed(32768)?;
    for &p in pixels {
        counts[bucket(p)] += 1;
    }
    let mut buckets: Vec<u16> = Vec::new();
    buckets.try_reserve_exact(32768).map_err(|_| oom())?;
    buckets.extend((0..32768u16).filter(|&b| counts[b as usize] > 0));
    let mut scratch: Vec<u16> = try_zeroed(buckets.len())?;
    let mut boxes: Vec<Cut> = Vec::with_capacity(pens);
    if !buckets.is_empty() {
        boxes.push(measure(&buckets, &counts, 0, buckets.len()));
    }
    while boxes.len() < pens {
        // The box most worth cutting: most pixels times widest range.
        let Some(i) = (0..boxes.len())
            .filter(|&i| boxes[i].range > 0)
            .max_by_key(|&i| boxes[i].pixels as u64 * boxes[i].range as u64)
        else {
            break;
        };
        let b = boxes[i];
        let (left, right) = cut(&mut buckets[b.start..b.end], &mut scratch, &counts, b.axis, b.pixels);
        let middle = b.start + left;
        boxes[i] = measure(&buckets, &counts, b.start, middle);
        boxes.push(measure(&buckets, &counts, middle, middle + right));
    }
    // Bucket -> pen, then the mean of each pen's pixels.
    let mut pen_of: Vec<u8> = try_zeroed(32768)?;
    for (pen, b) in boxes.iter().enumerate() {
        for &k in &buckets[b.start..b.end] {
            pen_of[k as usize] = pen as u8;
        }
    }
    let mut sums = alloc::vec![[0u32; 4]; boxes.len()];
    let mut index: Vec<u8> = try_zeroed(pixels.len())?;
    for (o, &p) in index.iter_mut().zip(pixels) {
        let pen = pen_of[bucket(p)];
        *o = pen;
        let s = &mut sums[pen as usize];
        s[0] += p >> 16 & 255;
        s[1] += p >> 8 & 255;
        s[2] += p & 255;
        s[3] += 1;
    }
    let palette = sums
        .iter()
        .map(|s| {
            let n = s[3].max(1);
            let mean = |v: u32| (v + n / 2) / n;
            mean(s[0]) << 16 | mean(s[1]) << 8 | mean(s[2])
        })
        .collect();
    Ok(Quantised { palette, index })
}

/// Cuts a box's buckets across component `axis` at the median of their pixels: reorders
/// `buckets` so that those at or below the cut come first; returns the sizes of the two
/// parts, both at least 1 (the box's range on `axis` is not 0).
fn cut(buckets: &mut [u16], scratch: &mut [u16], counts: &[u32], axis: usize, pixels: u32) -> (usize, usize) {
    let mut bins = [0u32; 32];
    let mut sizes = [0usize; 32];
    for &b in buckets.iter() {
        let v = component(b, axis);
        bins[v] += counts[b as usize];
        sizes[v] += 1;
    }
    let lo = (0..32).find(|&v| sizes[v] > 0).unwrap_or(0);
    let hi = (0..32).rev().find(|&v| sizes[v] > 0).unwrap_or(31);
    // The last value of the lower part: where half the pixels are reached, but below `hi`.
    let mut split = lo;
    let mut total = 0u32;
    for v in lo..hi {
        total += bins[v];
        split = v;
        if total * 2 >= pixels {
            break;
        }
    }
    // Stable partition through the scratch space.
    let (mut l, mut r) = (0usize, 0usize);
    let n = buckets.len();
    for &b in buckets.iter() {
        if component(b, axis) <= split {
            scratch[l] = b;
            l += 1;
        } else {
            scratch[n - 1 - r] = b;
            r += 1;
        }
    }
    buckets[..l].copy_from_slice(&scratch[..l]);
    for k in 0..r {
        buckets[l + k] = scratch[n - 1 - k];
    }
    (l, r)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
