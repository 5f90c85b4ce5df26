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

use super::{Argb, ErrorKind, Image, MAX_SIDE, PictureError, Pixels};

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
    /// The number of source pixels.
    src: u32,
    spans: Vec<(u32, u32, u32)>,
    weights: Vec<u16>,
    /// When every output pixel is made of one or two source pixels (any enlargement, and
    /// reductions by less than 2) and there are at least two source pixels: output pixel d
    /// is `mix_two` of source pixels `pairs[d].a` and `pairs[d].a + 1` with the first's
    /// weight `pairs[d].w`. One source pixel s is (s, s + 1) with weight 256, or, for the
    /// last source pixel, (s − 1, s) with weight 0: both give source pixel s exactly.
    /// Every `a + 1` is below `src`.
    pairs: Option<Vec<Pair>>,
}

/// Output pixel `mix_two(source[a], source[a + 1], w)` ([`Axis::pairs`]; two words, as
/// `picture68k.s` reads them).
#[repr(C)]
#[derive(Clone, Copy)]
struct Pair {
    a: u16,
    w: u16,
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
        // Positions are below src·dst ≤ 4096² and coverage times 256 below 2^21: 32-bit
        // arithmetic (64-bit division is a library call on the 68030).
        for d in 0..dst {
            let (lo, hi) = (d * src, (d + 1) * src);
            let (s0, s1) = (lo / dst, (hi - 1) / dst);
            let at = weights.len() as u32;
            let mut covered = 0u32;
            let mut given = 0u32;
            for s in s0..=s1 {
                let overlap = hi.min((s + 1) * dst) - lo.max(s * dst);
                covered += overlap;
                let total = (covered * 256 + src / 2) / src;
                weights.push((total - given) as u16);
                given = total;
            }
            spans.push((s0, s1 - s0 + 1, at));
        }
        let pairs = if src >= 2 && spans.iter().all(|&(_, count, _)| count <= 2) {
            let mut pairs = Vec::new();
            pairs.try_reserve_exact(dst as usize).map_err(|_| oom())?;
            pairs.extend(spans.iter().map(|&(s0, count, at)| match count {
                // One source pixel's weight is always 256 (it covers the whole output pixel):
                // mix_two(p, q, 256) is p and mix_two(q, p, 0) is p, whatever q.
                1 if s0 + 1 < src => Pair { a: s0 as u16, w: 256 },
                1 => Pair { a: (s0 - 1) as u16, w: 0 },
                _ => Pair { a: s0 as u16, w: weights[at as usize] },
            }));
            // Every pixel read is inside the source line (s0 + 1 < src ≤ MAX_SIDE < 2^16).
            assert!(pairs.iter().all(|p| (p.a as u32) + 1 < src));
            Some(pairs)
        } else {
            None
        };
        Ok(Axis { src, spans, weights, pairs })
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
/// parts on `background`. A side over [`MAX_SIDE`] is refused.
pub fn scale(image: &Image, crop: Crop, side: u32, background: Argb) -> Result<Vec<u32>, PictureError> {
    let side = side.max(1);
    if side > MAX_SIDE {
        return Err(PictureError {
            kind: ErrorKind::TooLarge,
            format: None,
            detail: "a fitted picture is at most 4096 pixels a side",
            size: Some((side, side)),
        });
    }
    let across = Axis::new(crop.w, side)?;
    // A square crop (square pixels) has the same axis both ways: made once.
    let down_axis;
    let down = if crop.h == crop.w {
        &across
    } else {
        down_axis = Axis::new(crop.h, side)?;
        &down_axis
    };
    let n = side as usize;
    // The output lines are appended as they are made (not zeroed first).
    let mut out = Vec::new();
    out.try_reserve_exact(n * n).map_err(|_| oom())?;
    let mut source = zeros(crop.w as usize)?;
    // The pens of a palette picture laid on the background once (not each pixel); an index
    // past the palette is black, as in `Image::row_argb`. Without their alpha byte (which
    // the scaler ignores), so that a pen is also an output pixel as it is.
    let mut lut = [0u32; 256];
    if let Pixels::Indexed { palette, .. } = &image.pixels {
        for (l, &c) in lut.iter_mut().zip(palette.iter()) {
            *l = if c < 0xFF00_0000 { over(c, background) } else { c & 0x00FF_FFFF };
        }
    }
    // The last two source lines scaled across, by source line number: consecutive output
    // lines share at most one source line when reducing, and use at most two when enlarging.
    // Both in one buffer, the second `n + pad` pixels after the first so that the two never
    // share a line of the 68030's data cache (256 bytes, 16 lines of 16 bytes, a line chosen
    // by address bits 4-7): `mix_rows` reads them side by side, and two lines 768 bytes
    // apart (two allocations of 192 pixels, one after the other) evicted each other's cache
    // line at every pixel (no data cache hit at all). With the second line's start 128 bytes
    // (half the cache) away modulo 256, the two streams use different cache lines.
    let pad = (32 + 64 - n % 64) % 64;
    let mut lines = zeros(2 * n + pad)?;
    let line_at = [0, n + pad];
    let mut cache_of = [u32::MAX; 2];
    let mut oldest = 0usize;
    let mut acc_rb = zeros(n)?;
    let mut acc_g = zeros(n)?;
    for &(s0, count, at) in down.spans.iter() {
        // The source lines of this output line (scaled across) and their weights.
        let mut used = [(0usize, 0u32); 2];
        let mut n_used = 0;
        let mut many = false;
        for k in 0..count {
            let weight = down.weights[(at + k) as usize] as u32;
            if weight == 0 {
                continue;
            }
            if n_used == 2 && !many {
                // Three or more lines (a reduction by more than 2): added up as they come,
                // before the next line may take the cache slot of one of the first two.
                many = true;
                acc_rb.fill(0x0080_0080);
                acc_g.fill(0x80);
                for &(slot, weight) in &used {
                    accumulate(&lines[line_at[slot]..line_at[slot] + n], weight, &mut acc_rb, &mut acc_g);
                }
            }
            let s = s0 + k;
            let slot = if cache_of[0] == s {
                0
            } else if cache_of[1] == s {
                1
            } else {
                let i = oldest;
                oldest ^= 1;
                let start = (crop.y + s) as usize * image.width as usize + crop.x as usize;
                let end = start + crop.w as usize;
                let line = &mut lines[line_at[i]..line_at[i] + n];
                match (&image.pixels, &across.pairs) {
                    // A palette picture's line mixed straight from its pens.
                    (Pixels::Indexed { index, .. }, Some(pairs)) => {
                        scale_line_pairs_indexed(&index[start..end], &lut, &across, pairs, line)
                    }
                    (Pixels::Indexed { index, .. }, None) => {
                        lookup(&index[start..end], &lut, &mut source);
                        scale_line(&source, &across, line);
                    }
                    (Pixels::Argb(p), pairs) => {
                        composite(&p[start..end], background, &mut source);
                        match pairs {
                            Some(pairs) => scale_line_pairs(&source, &across, pairs, line),
                            None => scale_line(&source, &across, line),
                        }
                    }
                }
                cache_of[i] = s;
                i
            };
            if many {
                accumulate(&lines[line_at[slot]..line_at[slot] + n], weight, &mut acc_rb, &mut acc_g);
            } else {
                used[n_used] = (slot, weight);
                n_used += 1;
            }
        }
        // The output line, appended to `out` (each line of the cache and the sums are `n`
        // pixels long).
        if many {
            out.extend(acc_rb.iter().zip(acc_g.iter()).map(|(&rb, &g)| (rb >> 8 & 0x00FF_00FF) | (g >> 8) << 8));
        } else if n_used == 2 {
            let line = |slot: usize| &lines[line_at[slot]..line_at[slot] + n];
            let ((a, wa), (b, wb)) = ((line(used[0].0), used[0].1), (line(used[1].0), used[1].1));
            debug_assert_eq!(wa + wb, 256);
            mix_rows(a, b, wa, &mut out);
        } else if n_used == 1 && used[0].1 == 256 {
            // One source line of full weight: itself.
            out.extend_from_slice(&lines[line_at[used[0].0]..line_at[used[0].0] + n]);
        } else {
            let (a, wa) = (&lines[line_at[used[0].0]..line_at[used[0].0] + n], used[0].1);
            out.extend(a.iter().map(|&p| {
                let rb = (p & 0x00FF_00FF) * wa + 0x0080_0080;
                let g = (p >> 8 & 255) * wa + 0x80;
                (rb >> 8 & 0x00FF_00FF) | (g >> 8) << 8
            }));
        }
    }
    Ok(out)
}

/// `p` × `w` + `q` × (256 − `w`), rounded, in 1/256 (an output pixel made of two source
/// pixels or lines: its weights add up to 256). Written as `q` × 256 + (`p` − `q`) × `w`:
/// one multiplication for red and blue together and one for green instead of two each. The
/// difference may borrow across the red and blue halves, but the identity holds for the
/// whole 32-bit words modulo 2^32, and the true result fits (each half below 2^16), so the
/// wrapping arithmetic gives it exactly.
fn mix_two(p: u32, q: u32, w: u32) -> u32 {
    let (p_rb, q_rb) = (p & 0x00FF_00FF, q & 0x00FF_00FF);
    let (p_g, q_g) = (p >> 8 & 255, q >> 8 & 255);
    let rb = (q_rb << 8).wrapping_add(p_rb.wrapping_sub(q_rb).wrapping_mul(w)).wrapping_add(0x0080_0080);
    let g = (q_g << 8).wrapping_add(p_g.wrapping_sub(q_g).wrapping_mul(w)).wrapping_add(0x80);
    (rb >> 8 & 0x00FF_00FF) | (g >> 8) << 8
}

/// Adds `line` times `weight` to the sums of red and blue (`0x0RRR0BBB`) and green.
fn accumulate(line: &[u32], weight: u32, acc_rb: &mut [u32], acc_g: &mut [u32]) {
    for ((rb, g), &p) in acc_rb.iter_mut().zip(acc_g.iter_mut()).zip(line.iter()) {
        *rb += (p & 0x00FF_00FF) * weight;
        *g += (p >> 8 & 255) * weight;
    }
}

/// `line` into `out` with its transparent pixels laid on `background` (opaque ones keep
/// their alpha byte, which the scaler ignores).
fn composite(line: &[Argb], background: Argb, out: &mut [u32]) {
    for (o, &c) in out.iter_mut().zip(line) {
        *o = if c < 0xFF00_0000 { over(c, background) } else { c };
    }
}

/// `out[i] = lut[index[i]]`.
fn lookup(index: &[u8], lut: &[u32; 256], out: &mut [u32]) {
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    {
        let n = index.len().min(out.len());
        // SAFETY: `n` bytes read and `n` pixels written, within both; every index is a byte.
        unsafe { pic_lookup(index.as_ptr(), out.as_mut_ptr(), n as u32, lut.as_ptr()) }
    }
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    for (o, &k) in out.iter_mut().zip(index) {
        *o = lut[k as usize];
    }
}

#[cfg(all(target_arch = "m68k", feature = "target"))]
unsafe extern "C" {
    fn pic_lookup(index: *const u8, out: *mut u32, n: u32, lut: *const u32);
    fn pic_mix_pairs(source: *const u32, pairs: *const Pair, out: *mut u32, n: u32);
    fn pic_mix_pairs_indexed(index: *const u8, lut: *const u32, pairs: *const Pair, out: *mut u32, n: u32);
    fn pic_mix_rows(p: *const u32, q: *const u32, out: *mut u32, n: u32, w: u32);
}

/// One source line scaled across by a table of pairs (`pairs`, [`Axis::pairs`] of `axis`).
#[inline(never)]
fn scale_line_pairs(source: &[u32], axis: &Axis, pairs: &[Pair], out: &mut [u32]) {
    let n = out.len().min(pairs.len());
    // Every pair reads below `axis.src` (checked when the pairs were made).
    assert!(source.len() >= axis.src as usize);
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    // SAFETY: `n` pairs are read and `n` pixels written, within both slices; every pixel
    // read from `source` is inside it (checked above).
    unsafe {
        pic_mix_pairs(source.as_ptr(), pairs.as_ptr(), out.as_mut_ptr(), n as u32)
    }
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    for (o, p) in out[..n].iter_mut().zip(pairs) {
        *o = mix_two(source[p.a as usize], source[p.a as usize + 1], p.w as u32);
    }
}

/// [`scale_line_pairs`] of a palette picture's line: `index` its pens, `lut` their colours
/// (alpha 0).
#[inline(never)]
fn scale_line_pairs_indexed(index: &[u8], lut: &[u32; 256], axis: &Axis, pairs: &[Pair], out: &mut [u32]) {
    let n = out.len().min(pairs.len());
    // Every pair reads below `axis.src` (checked when the pairs were made).
    assert!(index.len() >= axis.src as usize);
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    // SAFETY: `n` pairs are read and `n` pixels written, within both slices; every pen read
    // from `index` is inside it (checked above), and every pen is a byte (below 256).
    unsafe {
        pic_mix_pairs_indexed(index.as_ptr(), lut.as_ptr(), pairs.as_ptr(), out.as_mut_ptr(), n as u32)
    }
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    for (o, p) in out[..n].iter_mut().zip(pairs) {
        let a = p.a as usize;
        *o = mix_two(lut[index[a] as usize], lut[index[a + 1] as usize], p.w as u32);
    }
}

/// Appends `mix_two(p[i], q[i], w)` for each pixel to `out`, `w` at most 256.
#[inline(never)]
fn mix_rows(p: &[u32], q: &[u32], w: u32, out: &mut Vec<u32>) {
    let n = p.len().min(q.len());
    assert!(out.capacity() - out.len() >= n);
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    // SAFETY: `n` pixels read from `p` and `q` and written after the end of `out`, within its
    // capacity (reserved above), which then takes them in.
    unsafe {
        pic_mix_rows(p.as_ptr(), q.as_ptr(), out.as_mut_ptr().add(out.len()), n as u32, w);
        out.set_len(out.len() + n);
    }
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    out.extend(p[..n].iter().zip(q).map(|(&a, &b)| mix_two(a, b, w)));
}

/// One source line (colours laid on the background) scaled across into `out`
/// (`0x00RRGGBB`). Output pixels made of one or two source pixels (any enlargement, and
/// reductions by less than 2) have their own loops.
fn scale_line(source: &[Argb], axis: &Axis, out: &mut [u32]) {
    for (o, &(s0, count, at)) in out.iter_mut().zip(axis.spans.iter()) {
        let (s0, at) = (s0 as usize, at as usize);
        let (rb, g) = match count {
            1 => {
                let c = source[s0];
                let w = axis.weights[at] as u32;
                ((c & 0x00FF_00FF) * w + 0x0080_0080, (c >> 8 & 255) * w + 0x80)
            }
            2 => {
                *o = mix_two(source[s0], source[s0 + 1], axis.weights[at] as u32);
                continue;
            }
            _ => {
                let (mut rb, mut g) = (0x0080_0080u32, 0x80u32);
                let px = &source[s0..s0 + count as usize];
                let ws = &axis.weights[at..at + count as usize];
                for (&c, &w) in px.iter().zip(ws) {
                    rb += (c & 0x00FF_00FF) * w as u32;
                    g += (c >> 8 & 255) * w as u32;
                }
                (rb, g)
            }
        };
        *o = (rb >> 8 & 0x00FF_00FF) | (g >> 8) << 8;
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
