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

/// The bucket of a colour `0x00RRGGBB`: 5 bits of red, green, blue (`BUCKET` in
/// `picture68k.s` on the 68030).
#[cfg_attr(all(target_arch = "m68k", feature = "target"), allow(dead_code))]
fn bucket(c: u32) -> usize {
    ((c >> 9 & 0x7C00) | (c >> 6 & 0x03E0) | (c >> 3 & 0x001F)) as usize
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

/// A used bucket and its pixel count. The list of used buckets is cut into boxes; the
/// order of the buckets inside a box does not matter to anything.
#[repr(C)]
#[derive(Clone, Copy)]
struct Entry {
    bucket: u32,
    count: u32,
}

/// A box: entries `start..end` of the bucket list, their pixel count, the component with
/// the widest range, and how much it is worth cutting (`pixels` × `range`,
/// 0 when the range is 0).
#[derive(Clone, Copy)]
struct Cut {
    start: usize,
    end: usize,
    pixels: u32,
    axis: usize,
    worth: u32,
}

/// Which values of each component (red, green, blue) a set of buckets has, one bit a value
/// (bit v for value v), and their pixel count.
#[derive(Clone, Copy)]
struct Seen {
    masks: [u32; 3],
    pixels: u32,
}

impl Seen {
    /// The box of entries `start..end` these are the values of: ranges from the lowest and
    /// highest bit of each mask.
    fn boxed(&self, start: usize, end: usize) -> Cut {
        let range = |m: u32| (31 - m.leading_zeros()).wrapping_sub(m.trailing_zeros());
        let ranges = [range(self.masks[0]), range(self.masks[1]), range(self.masks[2])];
        let mut axis = 0;
        for ch in 1..3 {
            if ranges[ch] > ranges[axis] {
                axis = ch;
            }
        }
        let range = ranges[axis];
        let worth = if range > 0 { self.pixels.saturating_mul(range) } else { 0 };
        Cut { start, end, pixels: self.pixels, axis, worth }
    }
}

/// Component `A` (0 red, 1 green, 2 blue) of a bucket, 0–31.
#[inline(always)]
fn comp<const A: usize>(b: u32) -> u32 {
    b >> (10 - 5 * A) & 31
}

/// The values each component takes in `entries`, and their pixels.
#[inline(never)]
fn measure(entries: &[Entry]) -> Seen {
    let (mut r, mut g, mut b, mut pixels) = (0u32, 0u32, 0u32, 0u32);
    for e in entries {
        r |= 1 << comp::<0>(e.bucket);
        g |= 1 << comp::<1>(e.bucket);
        b |= 1 << comp::<2>(e.bucket);
        pixels += e.count;
    }
    Seen { masks: [r, g, b], pixels }
}

/// What a box's entries hold, by their value `v` of the component being cut: `pixels[v]`,
/// and the values of the other two components (`other[0][v]`, `other[1][v]`: bit masks).
#[repr(C)]
struct Bins {
    pixels: [u32; 32],
    other: [[u32; 32]; 2],
}

/// Fills `bins` from `entries` for a cut across component `A` (`B`, `C` the other two).
#[inline(never)]
fn bin<const A: usize, const B: usize, const C: usize>(entries: &[Entry], bins: &mut Bins) {
    *bins = Bins { pixels: [0; 32], other: [[0; 32]; 2] };
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    // SAFETY: reads the entries, writes inside `bins` (every value is masked to 0–31).
    unsafe {
        let shift = |c: usize| (10 - 5 * c) as u32;
        pic_bin(entries.as_ptr(), entries.len() as u32, bins, shift(A), shift(B), shift(C));
    }
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    for e in entries {
        let v = comp::<A>(e.bucket) as usize;
        bins.pixels[v] += e.count;
        bins.other[0][v] |= 1 << comp::<B>(e.bucket);
        bins.other[1][v] |= 1 << comp::<C>(e.bucket);
    }
}

#[cfg(all(target_arch = "m68k", feature = "target"))]
unsafe extern "C" {
    fn pic_bin(entries: *const Entry, n: u32, bins: *mut Bins, sa: u32, sb: u32, sc: u32);
    fn pic_partition(entries: *mut Entry, n: u32, shift: u32, split: u32) -> u32;
    fn pic_histogram(pixels: *const u32, n: u32, counts: *mut u32, used: *mut u16, keys: *mut u16) -> u32;
    fn pic_map(pixels: *const u32, keys: *const u16, n: u32, pen_of: *const u8, index: *mut u8, sums: *mut [u32; 4]);
    fn pic_best(worths: *const u32, n: u32) -> u32;
}

/// Puts the entries whose component `A` is at most `split` first; returns how many.
#[inline(never)]
fn partition<const A: usize>(entries: &mut [Entry], split: u32) -> usize {
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    {
        // SAFETY: reorders the entries of the slice, nothing else.
        unsafe { pic_partition(entries.as_mut_ptr(), entries.len() as u32, (10 - 5 * A) as u32, split) as usize }
    }
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    {
        // Hoare's way: from the left the first entry above `split`, from the right the
        // first at most `split`, swapped.
        let (mut l, mut r) = (0usize, entries.len());
        loop {
            while l < r && comp::<A>(entries[l].bucket) <= split {
                l += 1;
            }
            while l < r && comp::<A>(entries[r - 1].bucket) > split {
                r -= 1;
            }
            if l >= r {
                break;
            }
            entries.swap(l, r - 1);
            l += 1;
            r -= 1;
        }
        l
    }
}

/// Cuts box `b` (its entries `entries[b.start..b.end]`) across its axis at the median of its
/// pixels: reorders the entries so that those at or below the cut come first; returns the
/// two boxes, both of at least one bucket (the box's range on its axis is not 0).
#[inline(never)]
fn cut(entries: &mut [Entry], b: &Cut, bins: &mut Bins) -> (Cut, Cut) {
    let part = &mut entries[b.start..b.end];
    match b.axis {
        0 => bin::<0, 1, 2>(part, bins),
        1 => bin::<1, 0, 2>(part, bins),
        _ => bin::<2, 0, 1>(part, bins),
    }
    let axis_mask = bins.pixels.iter().enumerate().fold(0u32, |m, (v, &p)| if p > 0 { m | 1 << v } else { m });
    let lo = axis_mask.trailing_zeros() as usize;
    let hi = 31 - axis_mask.leading_zeros() as usize;
    // The last value of the lower part: where half the pixels are reached, but below `hi`.
    let mut split = lo;
    let mut total = 0u32;
    for v in lo..hi {
        total += bins.pixels[v];
        split = v;
        if total * 2 >= b.pixels {
            break;
        }
    }
    // The values of the two parts: on the axis, the occupied bins on each side of the split
    // (split < hi ≤ 31); on the other two components, the bins' masks ORed together.
    let below = (2u32 << split) - 1;
    let or = |masks: &[u32]| masks.iter().fold(0u32, |m, &x| m | x);
    let low_other = [or(&bins.other[0][..=split]), or(&bins.other[1][..=split])];
    let high_other = [or(&bins.other[0][split + 1..]), or(&bins.other[1][split + 1..])];
    let masks = |on_axis: u32, o: [u32; 2]| match b.axis {
        0 => [on_axis, o[0], o[1]],
        1 => [o[0], on_axis, o[1]],
        _ => [o[0], o[1], on_axis],
    };
    let low = Seen { masks: masks(axis_mask & below, low_other), pixels: total };
    let high = Seen { masks: masks(axis_mask & !below, high_other), pixels: b.pixels - total };
    let split = split as u32;
    let l = match b.axis {
        0 => partition::<0>(part, split),
        1 => partition::<1>(part, split),
        _ => partition::<2>(part, split),
    };
    (low.boxed(b.start, b.start + l), high.boxed(b.start + l, b.end))
}

/// The histogram: pixels per bucket, the list of used buckets (in the order they are first
/// seen), and each pixel's bucket (`keys`, as long as `pixels`).
#[inline(never)]
fn histogram(pixels: &[u32], counts: &mut [u32; 32768], used: &mut Vec<u16>, keys: &mut [u16]) {
    assert_eq!(keys.len(), pixels.len());
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    {
        // At most one entry a bucket and a pixel is appended.
        assert!(used.capacity() - used.len() >= 32768.min(pixels.len()));
        // SAFETY: every bucket is below 32768; one key written a pixel (the lengths are
        // equal); the appended entries fit the capacity (checked above) and are initialised
        // when the length takes them in.
        unsafe {
            let end = used.as_mut_ptr().add(used.len());
            let added =
                pic_histogram(pixels.as_ptr(), pixels.len() as u32, counts.as_mut_ptr(), end, keys.as_mut_ptr());
            used.set_len(used.len() + added as usize);
        }
    }
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    for (k, &p) in keys.iter_mut().zip(pixels) {
        let b = bucket(p) & 0x7FFF;
        *k = b as u16;
        let c = counts[b];
        if c == 0 {
            used.push(b as u16);
        }
        counts[b] = c + 1;
    }
}

/// The index of the box most worth cutting (the last of the best, as `max_by_key` gives),
/// if any can be cut: `worths[i]` is box i's.
#[inline(never)]
fn best(worths: &[u32]) -> Option<usize> {
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    {
        // SAFETY: reads the slice.
        let i = unsafe { pic_best(worths.as_ptr(), worths.len() as u32) } as usize;
        (i < worths.len()).then_some(i)
    }
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    {
        let (mut at, mut most) = (0usize, 0u32);
        for (i, &w) in worths.iter().enumerate() {
            if w >= most {
                (at, most) = (i, w);
            }
        }
        if most > 0 { Some(at) } else { None }
    }
}

/// Each pixel's pen (`pen_of` its bucket, `keys`) into `index`, and the sums of each pen's
/// pixels' red, green and blue (`sums[pen][0..3]`, arrays of 256 indexed by a byte: no
/// bounds checks).
#[inline(never)]
fn map_pixels(pixels: &[u32], keys: &[u16], pen_of: &[u8; 32768], index: &mut [u8], sums: &mut [[u32; 4]; 256]) {
    let n = pixels.len().min(keys.len()).min(index.len());
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    // SAFETY: `n` pixels and keys read and pens written, within the three slices; every key
    // is below 32768, every pen below 256.
    unsafe {
        pic_map(pixels.as_ptr(), keys.as_ptr(), n as u32, pen_of.as_ptr(), index.as_mut_ptr(), sums.as_mut_ptr());
    }
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    for ((o, &p), &k) in index[..n].iter_mut().zip(pixels).zip(keys) {
        let pen = pen_of[k as usize & 0x7FFF];
        *o = pen;
        let s = &mut sums[pen as usize];
        s[0] += p >> 16 & 255;
        s[1] += p >> 8 & 255;
        s[2] += p & 255;
    }
}

/// Reduces `pixels` (`0x00RRGGBB`) to at most `pens` colours (1–256).
pub fn median_cut(pixels: &[u32], pens: usize) -> Result<Quantised, PictureError> {
    let pens = pens.clamp(1, 256);
    let mut counts: Vec<u32> = try_zeroed(32768)?;
    let counts: &mut [u32; 32768] = counts.as_mut_slice().try_into().map_err(|_| oom())?;
    let mut used: Vec<u16> = Vec::new();
    used.try_reserve_exact(32768.min(pixels.len())).map_err(|_| oom())?;
    let mut keys: Vec<u16> = try_zeroed(pixels.len())?;
    histogram(pixels, counts, &mut used, &mut keys);
    let mut entries: Vec<Entry> = Vec::new();
    entries.try_reserve_exact(used.len()).map_err(|_| oom())?;
    entries.extend(used.iter().map(|&b| Entry { bucket: b as u32, count: counts[b as usize & 0x7FFF] }));
    drop(used);
    let mut boxes: Vec<Cut> = Vec::new();
    boxes.try_reserve_exact(pens).map_err(|_| oom())?;
    // Each box's worth, side by side for `best`.
    let mut worths: Vec<u32> = Vec::new();
    worths.try_reserve_exact(pens).map_err(|_| oom())?;
    if !entries.is_empty() {
        boxes.push(measure(&entries).boxed(0, entries.len()));
        worths.push(boxes[0].worth);
    }
    let mut bins = Bins { pixels: [0; 32], other: [[0; 32]; 2] };
    while boxes.len() < pens {
        // The box most worth cutting: most pixels times widest range (at most 2^20 pixels
        // times 31: 32-bit arithmetic, no 64-bit multiplication on the 68030).
        let Some(i) = best(&worths) else {
            break;
        };
        let (low, high) = cut(&mut entries, &boxes[i], &mut bins);
        (boxes[i], worths[i]) = (low, low.worth);
        boxes.push(high);
        worths.push(high.worth);
    }
    // Bucket -> pen, then the mean of each pen's pixels.
    let mut pen_of: Vec<u8> = try_zeroed(32768)?;
    let pen_of: &mut [u8; 32768] = pen_of.as_mut_slice().try_into().map_err(|_| oom())?;
    for (pen, b) in boxes.iter().enumerate() {
        for e in &entries[b.start..b.end] {
            pen_of[e.bucket as usize & 0x7FFF] = pen as u8;
        }
    }
    let mut sums = [[0u32; 4]; 256];
    drop(entries);
    let mut index: Vec<u8> = try_zeroed(pixels.len())?;
    map_pixels(pixels, &keys, pen_of, &mut index, &mut sums);
    // A pen's pixels are its box's.
    let palette = sums
        .iter()
        .zip(&boxes)
        .map(|(s, b)| {
            let n = b.pixels.max(1);
            let mean = |v: u32| (v + n / 2) / n;
            mean(s[0]) << 16 | mean(s[1]) << 8 | mean(s[2])
        })
        .collect();
    Ok(Quantised { palette, index })
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
