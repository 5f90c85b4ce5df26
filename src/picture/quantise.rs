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

/// The pixel count and component ranges of a set of buckets, gathered one bucket at a
/// time; each component is kept at its own place in the bucket number (no shifts).
#[derive(Clone, Copy)]
struct Ranges {
    lo: [u16; 3],
    hi: [u16; 3],
    pixels: u32,
}

impl Ranges {
    const EMPTY: Ranges = Ranges { lo: [0x7C00, 0x03E0, 0x001F], hi: [0; 3], pixels: 0 };

    fn add(&mut self, b: u16, count: u32) {
        self.pixels += count;
        let (r, g, bl) = (b & 0x7C00, b & 0x03E0, b & 0x001F);
        self.lo[0] = self.lo[0].min(r);
        self.hi[0] = self.hi[0].max(r);
        self.lo[1] = self.lo[1].min(g);
        self.hi[1] = self.hi[1].max(g);
        self.lo[2] = self.lo[2].min(bl);
        self.hi[2] = self.hi[2].max(bl);
    }

    /// The box of buckets `start..end` these are the ranges of.
    fn boxed(&self, start: usize, end: usize) -> Cut {
        let lo = [(self.lo[0] >> 10) as usize, (self.lo[1] >> 5) as usize, self.lo[2] as usize];
        let hi = [(self.hi[0] >> 10) as usize, (self.hi[1] >> 5) as usize, self.hi[2] as usize];
        let mut axis = 0;
        for ch in 1..3 {
            if hi[ch] - lo[ch] > hi[axis] - lo[axis] {
                axis = ch;
            }
        }
        Cut { start, end, pixels: self.pixels, axis, range: hi[axis] - lo[axis] }
    }
}

fn measure(buckets: &[u16], counts: &[u32], start: usize, end: usize) -> Cut {
    let mut ranges = Ranges::EMPTY;
    for &b in &buckets[start..end] {
        ranges.add(b, counts[b as usize]);
    }
    ranges.boxed(start, end)
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
    let mut boxes: Vec<Cut> = Vec::with_capacity(pens);
    if !buckets.is_empty() {
        boxes.push(measure(&buckets, &counts, 0, buckets.len()));
    }
    while boxes.len() < pens {
        // The box most worth cutting: most pixels times widest range (at most 2^20 pixels
        // times 31: 32-bit arithmetic, no 64-bit multiplication on the 68030).
        let Some(i) = (0..boxes.len())
            .filter(|&i| boxes[i].range > 0)
            .max_by_key(|&i| boxes[i].pixels.saturating_mul(boxes[i].range as u32))
        else {
            break;
        };
        let b = boxes[i];
        let (low, high) = cut(&mut buckets[b.start..b.end], b.start, &counts, b.axis, b.pixels);
        boxes[i] = low;
        boxes.push(high);
    }
    // Bucket -> pen, then the mean of each pen's pixels.
    let mut pen_of: Vec<u8> = try_zeroed(32768)?;
    for (pen, b) in boxes.iter().enumerate() {
        for &k in &buckets[b.start..b.end] {
            pen_of[k as usize] = pen as u8;
        }
    }
    // The sums of each pen's pixels, in arrays of 256 indexed by a byte: no bounds checks
    // (red and blue together, `0x0RRR0BBB`-style, would carry past 2^16 pixels).
    let mut sum_r = [0u32; 256];
    let mut sum_g = [0u32; 256];
    let mut sum_b = [0u32; 256];
    let mut number = [0u32; 256];
    let mut index: Vec<u8> = try_zeroed(pixels.len())?;
    for (o, &p) in index.iter_mut().zip(pixels) {
        let pen = pen_of[bucket(p)];
        *o = pen;
        let k = pen as usize;
        sum_r[k] += p >> 16 & 255;
        sum_g[k] += p >> 8 & 255;
        sum_b[k] += p & 255;
        number[k] += 1;
    }
    let palette = (0..boxes.len())
        .map(|k| {
            let n = number[k].max(1);
            let mean = |v: u32| (v + n / 2) / n;
            mean(sum_r[k]) << 16 | mean(sum_g[k]) << 8 | mean(sum_b[k])
        })
        .collect();
    Ok(Quantised { palette, index })
}

/// Cuts a box's buckets (`buckets`, the box's part of the list, which starts at `start`)
/// across component `axis` at the median of their pixels: reorders them so that those at or
/// below the cut come first; returns the two boxes, both of at least one bucket (the box's
/// range on `axis` is not 0).
fn cut(buckets: &mut [u16], start: usize, counts: &[u32], axis: usize, pixels: u32) -> (Cut, Cut) {
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
    // Partition in place, measuring each part as its buckets are placed (the order of the
    // buckets inside a box does not matter to anything after).
    let (mut l, mut r) = (0usize, buckets.len());
    let (mut low, mut high) = (Ranges::EMPTY, Ranges::EMPTY);
    while l < r {
        let b = buckets[l];
        if component(b, axis) <= split {
            low.add(b, counts[b as usize]);
            l += 1;
        } else {
            high.add(b, counts[b as usize]);
            r -= 1;
            buckets.swap(l, r);
        }
    }
    (low.boxed(start, start + l), high.boxed(start + l, start + buckets.len()))
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
