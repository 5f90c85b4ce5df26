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

#[cfg_attr(all(target_arch = "m68k", feature = "target"), allow(dead_code))]
fn try_zeroed<T: Clone + Default>(n: usize) -> Result<Vec<T>, PictureError> {
    try_filled(n, T::default())
}

fn try_filled<T: Clone>(n: usize, value: T) -> Result<Vec<T>, PictureError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| oom())?;
    v.resize(n, value);
    Ok(v)
}

/// A used bucket and its pixel count. The list of used buckets is cut into boxes; the
/// order of the buckets inside a box does not matter to anything. (On the 68030 an entry
/// is one long, the bucket in its upper word and its pixels − 1 in the lower, or 0xFFFF
/// when they do not fit (then read from the histogram): a partition's swap moves two longs
/// instead of four; see [`cut_boxes`].)
#[cfg(not(all(target_arch = "m68k", feature = "target")))]
#[derive(Clone, Copy)]
struct Entry {
    bucket: u32,
    count: u32,
}

/// A box: entries `start..end` of the bucket list, their pixel count, the component with
/// the widest range, and how much it is worth cutting (`pixels` × `range`,
/// 0 when the range is 0). Five longs, as `picture68k.s` (`pic_cuts`) reads and writes them.
#[repr(C)]
#[derive(Clone, Copy)]
struct Cut {
    start: usize,
    end: usize,
    pixels: u32,
    axis: usize,
    worth: u32,
}

/// Which values of each component (red, green, blue) a set of buckets has, one bit a value
/// (bit v for value v), and their pixel count (four longs, as `picture68k.s` writes them).
#[repr(C)]
#[derive(Clone, Copy)]
struct Seen {
    masks: [u32; 3],
    pixels: u32,
}

impl Seen {
    /// The box of entries `start..end` these are the values of: ranges from the lowest and
    /// highest bit of each mask.
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    fn boxed(&self, start: usize, end: usize) -> Cut {
        let mut out = [0u32; 2];
        // SAFETY: reads the four longs of `self`, writes the two of `out`.
        unsafe { pic_boxed(self, &mut out) };
        Cut { start, end, pixels: self.pixels, axis: out[0] as usize, worth: out[1] }
    }

    /// The box of entries `start..end` these are the values of: ranges from the lowest and
    /// highest bit of each mask.
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
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

/// Component `A` (0 red, 1 green, 2 blue) of a bucket, 0–31 (`picture68k.s` shifts by
/// 10 − 5·A on the 68030).
#[cfg_attr(all(target_arch = "m68k", feature = "target"), allow(dead_code))]
#[inline(always)]
fn comp<const A: usize>(b: u32) -> u32 {
    b >> (10 - 5 * A) & 31
}

/// The list of used buckets (`used`) as entries with their pixel counts (`counts[b]` is
/// bucket b's pixels − 1, see [`histogram`]), appended to `entries`; returns the values
/// each component takes and the pixels.
#[cfg(not(all(target_arch = "m68k", feature = "target")))]
fn list_entries(used: &[u16], counts: &[u32; 32768], entries: &mut Vec<Entry>) -> Seen {
    let (mut r, mut g, mut b, mut pixels) = (0u32, 0u32, 0u32, 0u32);
    for &k in used {
        let bucket = k as u32 & 0x7FFF;
        let count = counts[bucket as usize].wrapping_add(1);
        entries.push(Entry { bucket, count });
        r |= 1 << comp::<0>(bucket);
        g |= 1 << comp::<1>(bucket);
        b |= 1 << comp::<2>(bucket);
        pixels += count;
    }
    Seen { masks: [r, g, b], pixels }
}

/// What a box's entries hold, by their value `v` of the component being cut: `pixels[v]`.
#[repr(C)]
struct Bins {
    pixels: [u32; 32],
}

/// Where a box is cut, from its bins along the cut component: the values that component
/// takes (`axis_mask`), the last value of the lower part (`split`), the lower part's
/// pixels. Three longs, as `picture68k.s` writes them.
#[cfg(not(all(target_arch = "m68k", feature = "target")))]
#[derive(Default)]
struct Split {
    axis_mask: u32,
    split: u32,
    low_pixels: u32,
}

/// Bins the entries of a box of `pixels` pixels for a cut across component `A` and finds the
/// cut ([`Split`]): at the median of the pixels, below the highest value. The box's range
/// along `A` is not 0.
#[cfg(not(all(target_arch = "m68k", feature = "target")))]
fn bin_and_split<const A: usize>(entries: &[Entry], pixels: u32, bins: &mut Bins) -> Split {
    let mut s = Split::default();
    bins.pixels = [0; 32];
    for e in entries {
        bins.pixels[comp::<A>(e.bucket) as usize] += e.count;
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
        if total * 2 >= pixels {
            break;
        }
    }
    s.axis_mask = axis_mask;
    s.split = split as u32;
    s.low_pixels = total;
    s
}

#[cfg(all(target_arch = "m68k", feature = "target"))]
unsafe extern "C" {
    fn pic_boxed(seen: *const Seen, out: *mut [u32; 2]);
    fn pic_pens(entries: *const u32, n: u32, pen_of: *mut u8, pen: u32);
    fn pic_seen(used: *const u16, n: u32, counts: *const u32, entries: *mut u32, seen: *mut Seen);
    fn pic_histogram(pixels: *const u32, n: u32, counts: *mut u32, used: *mut u16, keys: *mut u16) -> u32;
    fn pic_map(pixels: *const u32, keys: *const u16, n: u32, pen_of: *const u8, index: *mut u8, sums: *mut [u32; 4]);
    fn pic_cuts(
        entries: *mut u32,
        boxes: *mut Cut,
        heap: *mut [u32; 2],
        n: u32,
        pens: u32,
        bins: *mut Bins,
        counts: *const u32,
    ) -> u32;
}

/// Puts the entries whose component `A` is at most `split` first; returns how many, and
/// the values components `B` and `C` take (bit masks) in the first part and in the rest.
#[cfg(not(all(target_arch = "m68k", feature = "target")))]
fn partition<const A: usize, const B: usize, const C: usize>(
    entries: &mut [Entry],
    split: u32,
) -> (usize, [u32; 2], [u32; 2]) {
    // Hoare's way: from the left the first entry above `split`, from the right the first
    // at most `split`, swapped.
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
    let other = |part: &[Entry]| {
        part.iter().fold([0u32; 2], |m, e| [m[0] | 1 << comp::<B>(e.bucket), m[1] | 1 << comp::<C>(e.bucket)])
    };
    (l, other(&entries[..l]), other(&entries[l..]))
}

/// Cuts box `b` (its entries `entries[b.start..b.end]`) across its axis at the median of its
/// pixels: reorders the entries so that those at or below the cut come first; returns the
/// two boxes, both of at least one bucket (the box's range on its axis is not 0).
#[cfg(not(all(target_arch = "m68k", feature = "target")))]
fn cut(entries: &mut [Entry], b: &Cut, bins: &mut Bins) -> (Cut, Cut) {
    let part = &mut entries[b.start..b.end];
    let s = match b.axis {
        0 => bin_and_split::<0>(part, b.pixels, bins),
        1 => bin_and_split::<1>(part, b.pixels, bins),
        _ => bin_and_split::<2>(part, b.pixels, bins),
    };
    // The values of the two parts: on the axis, the occupied bins on each side of the split
    // (split < hi ≤ 31); on the other two components, as the partition finds them.
    let (l, low_other, high_other) = match b.axis {
        0 => partition::<0, 1, 2>(part, s.split),
        1 => partition::<1, 0, 2>(part, s.split),
        _ => partition::<2, 0, 1>(part, s.split),
    };
    let below = (2u32 << s.split) - 1;
    let masks = |on_axis: u32, o: [u32; 2]| match b.axis {
        0 => [on_axis, o[0], o[1]],
        1 => [o[0], on_axis, o[1]],
        _ => [o[0], o[1], on_axis],
    };
    let low = Seen { masks: masks(s.axis_mask & below, low_other), pixels: s.low_pixels };
    let high = Seen { masks: masks(s.axis_mask & !below, high_other), pixels: b.pixels - s.low_pixels };
    (low.boxed(b.start, b.start + l), high.boxed(b.start + l, b.end))
}

/// The histogram: pixels per bucket, less one (`counts` starts as all u32::MAX: a bucket
/// is seen for the first time when its count becomes 0), the list of used buckets (in the
/// order they are first seen), and each pixel's bucket (`keys`, as long as `pixels`).
#[inline(never)]
fn histogram(pixels: &[u32], counts: &mut [u32; 32768], used: &mut Vec<u16>, keys: &mut Vec<u16>) {
    // `keys` is empty, with room for one key a pixel.
    assert!(keys.is_empty() && keys.capacity() >= pixels.len());
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
            // Every key was written.
            keys.set_len(pixels.len());
        }
    }
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    for &p in pixels {
        let b = bucket(p) & 0x7FFF;
        keys.push(b as u16);
        let c = counts[b].wrapping_add(1);
        if c == 0 {
            used.push(b as u16);
        }
        counts[b] = c;
    }
}

/// The index of the box most worth cutting (the last of the best, as `max_by_key` gives),
/// if any can be cut: `worths[i]` is box i's.
#[cfg(not(all(target_arch = "m68k", feature = "target")))]
fn best(worths: &[u32]) -> Option<usize> {
    let (mut at, mut most) = (0usize, 0u32);
    for (i, &w) in worths.iter().enumerate() {
        if w >= most {
            (at, most) = (i, w);
        }
    }
    if most > 0 { Some(at) } else { None }
}

/// Each pixel's pen (`pen_of` its bucket, `keys`) appended to `index` (empty, with room
/// for them), and the sums of each pen's pixels' red, green and blue (`sums[pen][0..3]`,
/// arrays of 256 indexed by a byte: no bounds checks).
#[inline(never)]
fn map_pixels(pixels: &[u32], keys: &[u16], pen_of: &[u8; 32768], index: &mut Vec<u8>, sums: &mut [[u32; 4]; 256]) {
    let n = pixels.len().min(keys.len());
    assert!(index.is_empty() && index.capacity() >= n);
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    // SAFETY: `n` pixels and keys read and `n` pens written, within the two slices and the
    // capacity of `index` (checked above), which then takes them in; every key is below
    // 32768, every pen below 256.
    unsafe {
        pic_map(pixels.as_ptr(), keys.as_ptr(), n as u32, pen_of.as_ptr(), index.as_mut_ptr(), sums.as_mut_ptr());
        index.set_len(n);
    }
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    for (&p, &k) in pixels[..n].iter().zip(keys) {
        let pen = pen_of[k as usize & 0x7FFF];
        index.push(pen);
        let s = &mut sums[pen as usize];
        s[0] += p >> 16 & 255;
        s[1] += p >> 8 & 255;
        s[2] += p & 255;
    }
}

/// The boxes of the median cut of the used buckets (`used`, their pixels − 1 in `counts`),
/// at most `pens`, and each used bucket's pen (its box's index) in `pen_of`.
#[cfg(not(all(target_arch = "m68k", feature = "target")))]
fn cut_boxes(
    used: Vec<u16>,
    counts: &[u32; 32768],
    pens: usize,
    pen_of: &mut [u8; 32768],
) -> Result<Vec<Cut>, PictureError> {
    let mut entries: Vec<Entry> = Vec::new();
    entries.try_reserve_exact(used.len()).map_err(|_| oom())?;
    let seen = list_entries(&used, counts, &mut entries);
    drop(used);
    let mut boxes: Vec<Cut> = Vec::new();
    boxes.try_reserve_exact(pens).map_err(|_| oom())?;
    // Each box's worth, side by side for `best`.
    let mut worths: Vec<u32> = Vec::new();
    worths.try_reserve_exact(pens).map_err(|_| oom())?;
    if !entries.is_empty() {
        boxes.push(seen.boxed(0, entries.len()));
        worths.push(boxes[0].worth);
    }
    let mut bins = Bins { pixels: [0; 32] };
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
    for (pen, b) in boxes.iter().enumerate() {
        for e in &entries[b.start..b.end] {
            pen_of[e.bucket as usize & 0x7FFF] = pen as u8;
        }
    }
    Ok(boxes)
}

/// [`cut_boxes`] on the 68030: each entry one long (`pic_seen`: the bucket in the upper
/// word, its pixels − 1 in the lower word, 0xFFFF when 65,536 or more, which the binning
/// then reads from `counts`); the whole loop of cuts is `pic_cuts` (LLVM's bookkeeping of a
/// cut, with the calls of `best`, `bin_and_split`, `partition` and `boxed`, cost some 3,500
/// cycles; the assembly calls the same routines, and keeps the boxes' worths in a heap).
///
/// Returns the boxes and the table of pens, which takes the place of the first 32 KiB of
/// `counts` once the cuts are done (only the used buckets' pens are ever read).
#[cfg(all(target_arch = "m68k", feature = "target"))]
fn cut_boxes(
    used: Vec<u16>,
    counts: &mut [u32; 32768],
    pens: usize,
) -> Result<(Vec<Cut>, &mut [u8; 32768]), PictureError> {
    let mut seen = Seen { masks: [0; 3], pixels: 0 };
    let mut entries: Vec<u32> = Vec::new();
    entries.try_reserve_exact(used.len()).map_err(|_| oom())?;
    // SAFETY: reads the used buckets (each below 32768, as the histogram lists them) and
    // their counts; writes one entry a used bucket, within the capacity reserved, which
    // then takes them in, and the four longs of `seen`.
    unsafe {
        pic_seen(used.as_ptr(), used.len() as u32, counts.as_ptr(), entries.as_mut_ptr(), &mut seen);
        entries.set_len(used.len());
    }
    drop(used);
    let mut boxes: Vec<Cut> = Vec::new();
    boxes.try_reserve_exact(pens).map_err(|_| oom())?;
    // The boxes' (worth, index) pairs as a heap, the box most worth cutting on top (`best`
    // scanned every worth before each cut).
    let mut heap: Vec<[u32; 2]> = Vec::new();
    heap.try_reserve_exact(pens).map_err(|_| oom())?;
    if !entries.is_empty() {
        boxes.push(seen.boxed(0, entries.len()));
        heap.push([boxes[0].worth, 0]);
    }
    let mut bins = Bins { pixels: [0; 32] };
    assert!(boxes.len() == heap.len() && boxes.len() <= 1 && boxes.capacity() >= pens && heap.capacity() >= pens);
    // SAFETY: `boxes` and `heap` have room for `pens` (checked above), and the heap of at
    // most one pair is one; every box's entries are inside `entries` and the new boxes
    // split them (as `cut` does); every bucket is below 32768 (its count inside `counts`);
    // the first `n` boxes returned are initialised.
    unsafe {
        let n = pic_cuts(
            entries.as_mut_ptr(),
            boxes.as_mut_ptr(),
            heap.as_mut_ptr(),
            boxes.len() as u32,
            pens as u32,
            &mut bins,
            counts.as_ptr(),
        ) as usize;
        boxes.set_len(n);
    }
    // SAFETY: the histogram's 128 KiB, borrowed for as long as `counts`, seen as bytes
    // (any value is a byte; a byte needs no alignment); `counts` is not used again.
    let pen_of: &mut [u8; 32768] = unsafe { &mut *(counts as *mut [u32; 32768] as *mut [u8; 32768]) };
    for (pen, b) in boxes.iter().enumerate() {
        let part = &entries[b.start..b.end];
        // SAFETY: reads the entries; every bucket is masked to 0–32767 inside `pen_of`.
        unsafe { pic_pens(part.as_ptr(), part.len() as u32, pen_of.as_mut_ptr(), pen as u32) };
    }
    Ok((boxes, pen_of))
}

/// Reduces `pixels` (`0x00RRGGBB`) to at most `pens` colours (1–256).
pub fn median_cut(pixels: &[u32], pens: usize) -> Result<Quantised, PictureError> {
    let pens = pens.clamp(1, 256);
    let mut counts: Vec<u32> = try_filled(32768, u32::MAX)?;
    let counts: &mut [u32; 32768] = counts.as_mut_slice().try_into().map_err(|_| oom())?;
    let mut used: Vec<u16> = Vec::new();
    used.try_reserve_exact(32768.min(pixels.len())).map_err(|_| oom())?;
    let mut keys: Vec<u16> = Vec::new();
    keys.try_reserve_exact(pixels.len()).map_err(|_| oom())?;
    histogram(pixels, counts, &mut used, &mut keys);
    // Bucket -> pen, then the mean of each pen's pixels.
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    let mut pen_table: Vec<u8> = try_zeroed(32768)?;
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    let pen_of: &mut [u8; 32768] = pen_table.as_mut_slice().try_into().map_err(|_| oom())?;
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    let boxes = cut_boxes(used, counts, pens, pen_of)?;
    // On the 68030 the pens are written over the histogram's first 32 KiB, no longer needed
    // (no table of 32 KiB allocated and cleared).
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    let (boxes, pen_of) = cut_boxes(used, counts, pens)?;
    let mut sums = [[0u32; 4]; 256];
    let mut index: Vec<u8> = Vec::new();
    index.try_reserve_exact(pixels.len()).map_err(|_| oom())?;
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
