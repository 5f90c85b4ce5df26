//! The blitters: the five inner loops every drawing primitive of [`Planar`](super::Planar)
//! ends in.
//!
//! Each loop is described by a *job*: plain numbers (word offsets into the surface, row
//! strides, group counts, plane masks) that the shared Rust code of `planar`, `sprite` and
//! the fonts computes after clipping. An *executor* then carries the job out: on the 68030
//! the hand-written assembly of `blit.s`, elsewhere the portable Rust below. Both follow the
//! definitions written here word for word, so the same tests check both (on the host and in
//! Hatari), and the clipping, which decides every offset, is the same code on both machines.
//!
//! Surfaces are interleaved bitplanes (see `planar`): a *group* is 16 pixels, stored as 8
//! big-endian words, plane 0 first, bit 15 the leftmost pixel. The executors handle a
//! group's words as 4 longs (planes 0–1, 2–3, 4–5, 6–7), so a plane mask `m` becomes the
//! long `m:m` and a pen the 4 longs of its [`pattern`].
//!
//! Before handing a job to the assembly, [`Job::check`] makes sure that every word it
//! touches lies in its buffers: a wrong offset is then a panic on both machines, never a
//! write outside the surface.

/// The 4 longs a group gets where it is filled with `pen`: plane `p`'s word is all ones if
/// the pen has bit `p`, long `k` holds planes `2k` (high word) and `2k + 1`.
pub(crate) fn pattern(pen: u8) -> [u32; 4] {
    let word = |p: u32| if pen as u32 >> p & 1 != 0 { 0xFFFFu32 } else { 0 };
    [word(0) << 16 | word(1), word(2) << 16 | word(3), word(4) << 16 | word(5), word(6) << 16 | word(7)]
}

/// A word mask as the long `m:m` the executors apply to two planes at once.
pub(crate) const fn long_mask(m: u16) -> u32 {
    (m as u32) << 16 | m as u32
}

/// The mask of pixels `first..=last` of a 16-pixel group (bit 15 = pixel 0).
pub(crate) fn span_mask(first: i32, last: i32) -> u16 {
    (0xFFFFu32 >> first) as u16 & !((0xFFFFu32 >> (last + 1)) as u16)
}

/// Words of one group.
pub(crate) const GROUP: usize = 8;

/// Fills rows of groups with a pen: per row an optional partial group (`left`), `mid`
/// whole groups, an optional partial group (`right`). A partial group keeps the bits of
/// `*_keep` and gets the bits of `*_set` (the pen's pattern under the group's mask). Rectangle
/// fills, spans, vertical lines and pixels are all this job.
// In the Falcon program only the assembly builds fill jobs (gfx_span); the Rust definition is
// its layout and the tests' executor.
#[cfg_attr(not(any(test, feature = "target-tests")), allow(dead_code))]
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FillJob {
    /// Word offset of the first group of the first row.
    pub first: u32,
    /// Words from a row to the next.
    pub stride: u32,
    /// Rows, at least 1.
    pub rows: u32,
    /// 1 if each row starts with a partial group.
    pub left: u32,
    /// Whole groups after it.
    pub mid: u32,
    /// 1 if each row ends with a partial group.
    pub right: u32,
    pub left_keep: u32,
    pub right_keep: u32,
    pub left_set: [u32; 4],
    pub right_set: [u32; 4],
    /// The pen's pattern, for whole groups.
    pub pattern: [u32; 4],
}

/// A fill described as the drawing code knows it, for the blitter to expand into a
/// [`FillJob`]: `groups` groups per row from word `first`, the first under `left_mask`, the
/// last under `right_mask` (one group: `left_mask` alone, already both ends), in `pen`.
/// Spans of polygons and lines are mostly one row: making the 80-byte [`FillJob`] in Rust cost
/// the 68030 about twice the fill itself, so the assembly builds it from these 28 bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SpanJob {
    /// Word offset of the first group of the first row.
    pub first: u32,
    /// Words from a row to the next.
    pub stride: u32,
    /// Rows, at least 1.
    pub rows: u32,
    /// Groups per row, at least 1.
    pub groups: u32,
    /// Pixels of the first group (bit 15 = pixel 0); 0xFFFF: all of it.
    pub left_mask: u32,
    /// Pixels of the last group when `groups` > 1.
    pub right_mask: u32,
    /// The pen (bit p goes to plane p).
    pub pen: u32,
}

impl SpanJob {
    /// The fill this span is (what the assembly's `gfx_span` builds on its stack).
    #[cfg_attr(not(any(test, feature = "target-tests")), allow(dead_code))]
    pub(crate) fn fill_job(&self) -> FillJob {
        let pattern = pattern(self.pen as u8);
        let partial = |m: u32| -> (u32, [u32; 4]) {
            let m = long_mask(m as u16);
            (!m, [pattern[0] & m, pattern[1] & m, pattern[2] & m, pattern[3] & m])
        };
        let (left, (left_keep, left_set)) =
            if self.left_mask & 0xFFFF == 0xFFFF { (0, (0, [0; 4])) } else { (1, partial(self.left_mask)) };
        let (right, (right_keep, right_set)) = if self.groups > 1 && self.right_mask & 0xFFFF != 0xFFFF {
            (1, partial(self.right_mask))
        } else {
            (0, (0, [0; 4]))
        };
        FillJob {
            first: self.first,
            stride: self.stride,
            rows: self.rows,
            left,
            mid: self.groups - left - right,
            right,
            left_keep,
            right_keep,
            left_set,
            right_set,
            pattern,
        }
    }
}

/// Copies rows of groups whose source and destination have the same position in their
/// groups (a copy by a multiple of 16 pixels): per row `groups` groups, the first under
/// `left_mask`, the last under `right_mask` (one group: both masks are that group's), whole groups
/// between them. A masked group becomes `(dst & !m) | (src & m)`. `backward` walks each row's
/// groups from the last to the first (an overlapping move to the right within one surface);
/// rows are walked in the order of the strides (negative: bottom-up).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CopyJob {
    /// Word offset of the first group of the first row walked, in the source.
    pub src: u32,
    /// The same in the destination.
    pub dst: u32,
    pub src_stride: i32,
    pub dst_stride: i32,
    pub rows: u32,
    /// Groups per row, at least 1.
    pub groups: u32,
    pub left_mask: u32,
    pub right_mask: u32,
    pub backward: u32,
}

/// Copies rows of pixels whose source lies `16 q + shift` pixels right of the destination,
/// `shift` in 1..=15 (every copy [`CopyJob`] cannot do). Per row and plane, destination group
/// `i` (of `groups`) gets the 16 bits starting `shift` bits into the pair of source words
/// `S[i], S[i + 1]`, where `S[0]` is the source group `q` groups right of the first
/// destination group. `S[0]` is read only if `read_first`, `S[groups]` only if `read_last`
/// (else they count as 0: they lie outside the copied source, and their bits land outside
/// the masks). Masks and direction as for [`CopyJob`].
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ShiftJob {
    /// Word offset of `S[0]` of the first row walked (may lie before the buffer when it is
    /// not read).
    pub src: i32,
    pub dst: u32,
    pub src_stride: i32,
    pub dst_stride: i32,
    pub rows: u32,
    pub groups: u32,
    /// 1..=15.
    pub shift: u32,
    /// Word masks (high half 0).
    pub left_mask: u32,
    pub right_mask: u32,
    pub read_first: u32,
    pub read_last: u32,
    pub backward: u32,
}

/// Draws a masked sprite (see `sprite`): its rows hold groups of 9 words (8 planes, then the
/// mask), with one empty group before and after each row, and plane bits only under the
/// mask. Destination group `i` of a row takes its bits from sprite groups `k + i` and
/// `k + i + 1` (`k` counted from the padding group), `shift` bits into the pair (0..=15);
/// the mask so found, cut by `left_mask` in the first group and by `right_mask` in the last,
/// decides which pixels change. Groups whose mask is empty are not touched.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SpriteJob {
    /// Word offset of sprite group `k` of the first row.
    pub src: u32,
    pub dst: u32,
    /// Words from a sprite row to the next.
    pub src_stride: u32,
    pub dst_stride: u32,
    pub rows: u32,
    pub groups: u32,
    pub shift: u32,
    pub left_mask: u32,
    pub right_mask: u32,
}

/// Words of one sprite group: 8 planes and the mask.
pub(crate) const SPRITE_GROUP: usize = 9;

/// Draws a narrow masked sprite (TETRHEX's hexagons): each row is [`NARROW_LINE`] longs, the 8
/// planes then the mask, at most 32 pixels left-aligned (bit 31 is the row's first pixel),
/// plane bits only under the mask. Shifted right by `shift` (0..=15), a row covers three
/// destination groups: group 0 gets bits 31..16 of `long >> shift`, group 1 bits 15..0 of it,
/// group 2 bits 15..0 of `long << (16 - shift)`. Only the groups whose bit is set in `groups`
/// (bit `i`: group `i`) are written, and in them only the pixels under the mask; a group is
/// either written whole or not at all (its words must then lie in the surface), so `dst`
/// (group 0's offset) may lie before the surface when group 0 is not written.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct NarrowJob {
    /// Word offset of group 0 of the first row.
    pub dst: i32,
    /// Words from a destination row to the next.
    pub dst_stride: u32,
    pub rows: u32,
    /// 0..=15.
    pub shift: u32,
    /// Bits 0–2: which of the three groups are written.
    pub groups: u32,
}

/// Longs of one row of a narrow sprite: 8 planes and the mask.
pub(crate) const NARROW_LINE: usize = 9;

/// The 16 bits a narrow sprite's row long gives destination group `i` (0–2) at `shift`: the
/// definition [`NarrowJob`] states, which `gfx_narrow` follows.
pub(crate) fn narrow_bits(long: u32, shift: u32, i: u32) -> u16 {
    match i {
        0 => (long >> shift >> 16) as u16,
        1 => (long >> shift) as u16,
        _ => (long << (16 - shift)) as u16,
    }
}

/// [`NarrowJob`] in portable Rust: the host's executor, and on the 68030 the reference the
/// assembly is tested against.
#[cfg_attr(all(target_arch = "m68k", feature = "target", not(feature = "target-tests")), allow(dead_code))]
pub(crate) fn narrow_portable(src: &[u32], dst: &mut [u16], j: &NarrowJob) {
    j.check(src.len(), dst.len());
    for r in 0..j.rows as usize {
        let line = &src[r * NARROW_LINE..(r + 1) * NARROW_LINE];
        for i in 0..3u32 {
            let m = narrow_bits(line[GROUP], j.shift, i);
            if j.groups >> i & 1 == 0 || m == 0 {
                continue;
            }
            let at = (j.dst as i64 + (r * j.dst_stride as usize + i as usize * GROUP) as i64) as usize;
            for (p, w) in dst[at..at + GROUP].iter_mut().enumerate() {
                *w = (*w & !m) | narrow_bits(line[p], j.shift, i);
            }
        }
    }
}

/// Paints a pen through stencils (text): row `r` of the destination gets the pen where the
/// mask words `masks[r * mask_stride ..][.. groups]` have bits set, one word per group
/// (`mask_stride` 0 uses the same stencil for every row). Groups whose mask is 0 are not
/// touched.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct StencilJob {
    pub dst: u32,
    pub dst_stride: u32,
    pub rows: u32,
    pub groups: u32,
    pub mask_stride: u32,
    pub pattern: [u32; 4],
}

/// The pixels of a line, one per step along its major axis, as Bresenham's loop walks it:
/// `count` pixels from the one under `mask` (one bit, bit 15 the group's first pixel) in the
/// group at word `row + group`. Each step moves one pixel along the major axis (x by
/// `x_step`, ±1, unless `steep`; else a row, `row_step` words); `t` grows by `inc`, and when it
/// reaches `limit` it loses `limit` and the pixel also moves one along the minor axis. Every
/// pixel gets `pen`. `raster::line::draw` starts the walk at the line's first pixel inside
/// the clip, with the `t` it has there.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LineJob {
    /// Word offset of the first pixel's row, and of its group within the row.
    pub row: u32,
    pub group: u32,
    pub mask: u32,
    /// Pixels, at least 1, below 2^15.
    pub count: u32,
    /// 0: one pixel along x per step; 1: one row per step.
    pub steep: u32,
    pub x_step: i32,
    pub row_step: i32,
    /// The walk's remainder, below `limit`; `inc` at most `limit`; both below 2^15.
    pub t: u32,
    pub inc: u32,
    pub limit: u32,
    pub pen: u32,
}

impl LineJob {
    /// Moves along the minor axis in the walk: `t` passes `limit` this many times.
    fn minor_moves(&self) -> u32 {
        (self.t + (self.count - 1) * self.inc) / self.limit
    }
}

/// What every job answers: the words it reads and writes, for the bounds check.
pub(crate) trait Job {
    /// Whether every destination word lies below `dst_len` and every source word read below
    /// `src_len` (and at or above 0).
    fn fits(&self, src_len: usize, dst_len: usize) -> bool;

    /// Panics if the job would touch a word outside its buffers (a bug in the code that
    /// made it: the clipping guarantees it never happens).
    fn check(&self, src_len: usize, dst_len: usize) {
        assert!(self.fits(src_len, dst_len), "blitter job outside its surface");
    }
}

/// Whether rows `0..rows` of `words` words each, from `first` with `stride` (signed) between
/// rows, lie in `0..len`. `words` 0 touches nothing.
fn rows_fit(first: i64, stride: i64, rows: u32, words: i64, len: usize) -> bool {
    if rows == 0 || words == 0 {
        return true;
    }
    let last = first + stride * (rows as i64 - 1);
    let (lo, hi) = (first.min(last), first.max(last));
    lo >= 0 && hi + words <= len as i64
}

impl Job for FillJob {
    fn fits(&self, _src_len: usize, dst_len: usize) -> bool {
        // In 32 bits (the stride is never negative): the 64-bit form of the copy jobs costs a
        // __muldi3 call per span on the 68030.
        let words = (self.left + self.mid + self.right) * GROUP as u32;
        if self.rows == 0 || words == 0 {
            return true;
        }
        let last = (self.rows - 1).checked_mul(self.stride).and_then(|d| d.checked_add(self.first));
        last.and_then(|l| l.checked_add(words)).is_some_and(|end| end as usize <= dst_len)
    }
}

impl Job for SpanJob {
    fn fits(&self, _src_len: usize, dst_len: usize) -> bool {
        let words = self.groups.checked_mul(GROUP as u32);
        if self.rows == 0 || words == Some(0) {
            return true;
        }
        let last = (self.rows - 1).checked_mul(self.stride).and_then(|d| d.checked_add(self.first));
        let end = last.zip(words).and_then(|(l, w)| l.checked_add(w));
        end.is_some_and(|end| end as usize <= dst_len)
    }
}

impl Job for CopyJob {
    fn fits(&self, src_len: usize, dst_len: usize) -> bool {
        let words = self.groups as i64 * GROUP as i64;
        rows_fit(self.src as i64, self.src_stride as i64, self.rows, words, src_len)
            && rows_fit(self.dst as i64, self.dst_stride as i64, self.rows, words, dst_len)
    }
}

impl Job for ShiftJob {
    fn fits(&self, src_len: usize, dst_len: usize) -> bool {
        // Source groups read: S[0] if read_first, S[1..groups], S[groups] if read_last.
        let g = GROUP as i64;
        let first = self.src as i64 + if self.read_first != 0 { 0 } else { g };
        let last = self.groups as i64 - if self.read_last != 0 { 0 } else { 1 };
        let read = (last + 1) * g - (first - self.src as i64);
        rows_fit(first, self.src_stride as i64, self.rows, read, src_len)
            && rows_fit(self.dst as i64, self.dst_stride as i64, self.rows, self.groups as i64 * g, dst_len)
    }
}

impl Job for SpriteJob {
    fn fits(&self, src_len: usize, dst_len: usize) -> bool {
        let read = (self.groups as i64 + 1) * SPRITE_GROUP as i64;
        rows_fit(self.src as i64, self.src_stride as i64, self.rows, read, src_len)
            && rows_fit(self.dst as i64, self.dst_stride as i64, self.rows, self.groups as i64 * GROUP as i64, dst_len)
    }
}

impl Job for NarrowJob {
    /// `src_len` in longs. In 32 bits (a 64-bit product is a library call on the 68030).
    fn fits(&self, src_len: usize, dst_len: usize) -> bool {
        let groups = self.groups & 7;
        if self.rows == 0 || groups == 0 {
            return true;
        }
        if self.shift > 15 || self.groups > 7 {
            return false;
        }
        let (lo, hi) = (groups.trailing_zeros() as i32, 31 - groups.leading_zeros() as i32);
        let src_ok = (self.rows as usize).checked_mul(NARROW_LINE).is_some_and(|n| n <= src_len);
        let last_row = (self.rows - 1).checked_mul(self.dst_stride).and_then(|d| i32::try_from(d).ok());
        let end = last_row.and_then(|d| d.checked_add(self.dst)).and_then(|d| d.checked_add((hi + 1) * GROUP as i32));
        src_ok
            && self.dst.checked_add(lo * GROUP as i32).is_some_and(|first| first >= 0)
            && end.is_some_and(|end| end as usize <= dst_len)
    }
}

impl Job for StencilJob {
    /// `src_len` is the number of mask words.
    fn fits(&self, src_len: usize, dst_len: usize) -> bool {
        rows_fit(0, self.mask_stride as i64, self.rows, self.groups as i64, src_len)
            && rows_fit(self.dst as i64, self.dst_stride as i64, self.rows, self.groups as i64 * GROUP as i64, dst_len)
    }
}

impl Job for LineJob {
    /// Every pixel of the walk lies between its first and last pixel in x and in rows, so
    /// the groups it writes lie in the box of those two, within one row's words. All in 32
    /// bits (a 64-bit product is a library call on the 68030): the limits on `count`, `inc`,
    /// `limit`, the row stride and the first row keep every sum below 2^31.
    fn fits(&self, _src_len: usize, dst_len: usize) -> bool {
        let bit_ok = self.mask != 0 && self.mask < 0x1_0000 && self.mask.is_power_of_two();
        let sizes_ok = self.count >= 1
            && self.count < 1 << 15
            && self.limit >= 1
            && self.limit < 1 << 15
            && self.inc <= self.limit
            && self.t < self.limit;
        let stride = self.row_step.unsigned_abs();
        let place_ok = self.group.is_multiple_of(GROUP as u32) && self.group < stride && self.row < 1 << 29;
        if !bit_ok || !sizes_ok || !place_ok || !matches!(self.x_step, -1 | 1) || self.steep > 1 || stride >= 1 << 14 {
            return false;
        }
        let minor = self.minor_moves() as i32;
        let major = self.count as i32 - 1;
        let (x_moves, row_moves) = if self.steep == 0 { (major, minor) } else { (minor, major) };
        let x0 = (self.group / GROUP as u32 * 16 + self.mask.leading_zeros() - 16) as i32;
        let x1 = x0 + self.x_step * x_moves;
        let (r0, r1) = (self.row as i32, self.row as i32 + self.row_step * row_moves);
        let (g_lo, g_hi) = ((x0.min(x1) >> 4) * GROUP as i32, (x0.max(x1) >> 4) * GROUP as i32);
        let end = r0.max(r1) + g_hi + GROUP as i32;
        x0.min(x1) >= 0
            && g_hi + GROUP as i32 <= stride as i32
            && r0.min(r1) + g_lo >= 0
            && end as u32 as usize <= dst_len
    }
}

/// The executors: the assembly of blit.s on the 68030.
#[cfg(all(target_arch = "m68k", feature = "target"))]
mod exec {
    use super::*;

    unsafe extern "C" {
        fn gfx_fill(job: *const FillJob, dst: *mut u16);
        fn gfx_span(job: *const SpanJob, dst: *mut u16);
        fn gfx_copy(job: *const CopyJob, src: *const u16, dst: *mut u16);
        fn gfx_copy_shifted(job: *const ShiftJob, src: *const u16, dst: *mut u16);
        fn gfx_sprite(job: *const SpriteJob, src: *const u16, dst: *mut u16);
        fn gfx_stencil(job: *const StencilJob, masks: *const u16, dst: *mut u16);
        fn gfx_narrow(job: *const NarrowJob, src: *const u32, dst: *mut u16);
        fn gfx_pixels(group: *mut u16, masks: u32, pen: u32);
        fn gfx_line(job: *const LineJob, dst: *mut u16);
    }

    pub(crate) fn line(dst: &mut [u16], j: &LineJob) {
        j.check(0, dst.len());
        // SAFETY: every group the walk writes lies in `dst` (checked above).
        unsafe { gfx_line(j, dst.as_mut_ptr()) }
    }

    pub(crate) fn pixels(groups: &mut [u16], masks: u32, pen: u8) {
        assert!(groups.len() >= pixels_words(masks));
        // SAFETY: gfx_pixels writes the first `pixels_words(masks)` words, checked above.
        unsafe { gfx_pixels(groups.as_mut_ptr(), masks, pen as u32) }
    }

    #[cfg_attr(not(any(test, feature = "target-tests")), allow(dead_code))]
    pub(crate) fn fill(dst: &mut [u16], j: &FillJob) {
        j.check(0, dst.len());
        // SAFETY: every word the job writes lies in `dst` (checked above); gfx_fill follows
        // the C calling convention and writes nothing else.
        unsafe { gfx_fill(j, dst.as_mut_ptr()) }
    }

    pub(crate) fn span(dst: &mut [u16], j: &SpanJob) {
        j.check(0, dst.len());
        // SAFETY: as for `fill`: the FillJob gfx_span builds writes the words checked above.
        unsafe { gfx_span(j, dst.as_mut_ptr()) }
    }

    pub(crate) fn copy(src: Option<&[u16]>, dst: &mut [u16], j: &CopyJob) {
        let src_len = src.map_or(dst.len(), |s| s.len());
        j.check(src_len, dst.len());
        let d = dst.as_mut_ptr();
        let s = src.map_or(d as *const u16, |s| s.as_ptr());
        // SAFETY: checked above; the same buffer as source and destination is walked in the
        // order the job says, which reads every word before overwriting it.
        unsafe { gfx_copy(j, s, d) }
    }

    pub(crate) fn copy_shifted(src: Option<&[u16]>, dst: &mut [u16], j: &ShiftJob) {
        let src_len = src.map_or(dst.len(), |s| s.len());
        j.check(src_len, dst.len());
        let d = dst.as_mut_ptr();
        let s = src.map_or(d as *const u16, |s| s.as_ptr());
        // SAFETY: as for `copy`; words before the buffer (a negative `src`) are never read.
        unsafe { gfx_copy_shifted(j, s, d) }
    }

    pub(crate) fn sprite(src: &[u16], dst: &mut [u16], j: &SpriteJob) {
        j.check(src.len(), dst.len());
        // SAFETY: checked above.
        unsafe { gfx_sprite(j, src.as_ptr(), dst.as_mut_ptr()) }
    }

    pub(crate) fn stencil(masks: &[u16], dst: &mut [u16], j: &StencilJob) {
        j.check(masks.len(), dst.len());
        // SAFETY: checked above.
        unsafe { gfx_stencil(j, masks.as_ptr(), dst.as_mut_ptr()) }
    }

    pub(crate) fn narrow(src: &[u32], dst: &mut [u16], j: &NarrowJob) {
        j.check(src.len(), dst.len());
        // SAFETY: checked above: the rows read lie in `src`, the groups written in `dst`.
        unsafe { gfx_narrow(j, src.as_ptr(), dst.as_mut_ptr()) }
    }
}

/// The executors: portable Rust, the definition the assembly follows.
#[cfg(not(all(target_arch = "m68k", feature = "target")))]
mod exec {
    use super::*;

    pub(crate) fn pixels(groups: &mut [u16], masks: u32, pen: u8) {
        let n = pixels_words(masks);
        for (i, w) in groups[..n].iter_mut().enumerate() {
            let (plane, mask) = (i % GROUP, if i < GROUP { (masks >> 16) as u16 } else { masks as u16 });
            if pen & (1 << plane) != 0 {
                *w |= mask;
            } else {
                *w &= !mask;
            }
        }
    }

    pub(crate) fn line(dst: &mut [u16], j: &LineJob) {
        j.check(0, dst.len());
        let mut at = (j.row + j.group) as i64;
        let mut mask = j.mask as u16;
        let mut t = j.t;
        // One pixel along x: the mask moves one bit, into the next (or previous) group.
        let step_x = |at: &mut i64, mask: &mut u16| {
            if j.x_step > 0 {
                *mask = mask.rotate_right(1);
                if *mask == 0x8000 {
                    *at += GROUP as i64;
                }
            } else {
                *mask = mask.rotate_left(1);
                if *mask == 1 {
                    *at -= GROUP as i64;
                }
            }
        };
        for i in 0..j.count {
            if i > 0 {
                if j.steep == 0 {
                    step_x(&mut at, &mut mask);
                } else {
                    at += j.row_step as i64;
                }
                t += j.inc;
                if t >= j.limit {
                    t -= j.limit;
                    if j.steep == 0 {
                        at += j.row_step as i64;
                    } else {
                        step_x(&mut at, &mut mask);
                    }
                }
            }
            for plane in 0..GROUP {
                let w = &mut dst[at as usize + plane];
                if j.pen & (1 << plane) != 0 {
                    *w |= mask;
                } else {
                    *w &= !mask;
                }
            }
        }
    }

    /// Long `k` (planes 2k, 2k+1) of the group at `at`.
    fn get(w: &[u16], at: usize, k: usize) -> u32 {
        (w[at + 2 * k] as u32) << 16 | w[at + 2 * k + 1] as u32
    }

    fn put(w: &mut [u16], at: usize, k: usize, v: u32) {
        w[at + 2 * k] = (v >> 16) as u16;
        w[at + 2 * k + 1] = v as u16;
    }

    fn step(at: usize, by: i32) -> usize {
        (at as i64 + by as i64) as usize
    }

    pub(crate) fn fill(dst: &mut [u16], j: &FillJob) {
        j.check(0, dst.len());
        let mut row = j.first as usize;
        for _ in 0..j.rows {
            let mut at = row;
            if j.left != 0 {
                for k in 0..4 {
                    put(dst, at, k, (get(dst, at, k) & j.left_keep) | j.left_set[k]);
                }
                at += GROUP;
            }
            for _ in 0..j.mid {
                for k in 0..4 {
                    put(dst, at, k, j.pattern[k]);
                }
                at += GROUP;
            }
            if j.right != 0 {
                for k in 0..4 {
                    put(dst, at, k, (get(dst, at, k) & j.right_keep) | j.right_set[k]);
                }
            }
            row += j.stride as usize;
        }
    }

    /// Group `i` of `n` in a row: its mask.
    fn edge_mask(i: u32, n: u32, left: u32, right: u32) -> u32 {
        if i == 0 {
            left
        } else if i == n - 1 {
            right
        } else {
            !0
        }
    }

    pub(crate) fn span(dst: &mut [u16], j: &SpanJob) {
        j.check(0, dst.len());
        fill(dst, &j.fill_job());
    }

    pub(crate) fn copy(src: Option<&[u16]>, dst: &mut [u16], j: &CopyJob) {
        let src_len = src.map_or(dst.len(), |s| s.len());
        j.check(src_len, dst.len());
        let (mut srow, mut drow) = (j.src as usize, j.dst as usize);
        for _ in 0..j.rows {
            for n in 0..j.groups {
                let i = if j.backward != 0 { j.groups - 1 - n } else { n };
                let (s, d) = (srow + i as usize * GROUP, drow + i as usize * GROUP);
                let m = edge_mask(i, j.groups, j.left_mask, j.right_mask);
                for k in 0..4 {
                    let v = match src {
                        Some(src) => get(src, s, k),
                        None => get(dst, s, k),
                    };
                    put(dst, d, k, (get(dst, d, k) & !m) | (v & m));
                }
            }
            srow = step(srow, j.src_stride);
            drow = step(drow, j.dst_stride);
        }
    }

    pub(crate) fn copy_shifted(src: Option<&[u16]>, dst: &mut [u16], j: &ShiftJob) {
        let src_len = src.map_or(dst.len(), |s| s.len());
        j.check(src_len, dst.len());
        let n = j.groups;
        let (mut srow, mut drow) = (j.src as i64, j.dst as usize);
        for _ in 0..j.rows {
            for p in 0..GROUP {
                // S[k] of this plane; S[0] and S[n] only when the job says they exist.
                let read = |dst: &[u16], k: u32| -> u32 {
                    if (k == 0 && j.read_first == 0) || (k == n && j.read_last == 0) {
                        return 0;
                    }
                    let at = (srow + k as i64 * GROUP as i64) as usize + p;
                    match src {
                        Some(src) => src[at] as u32,
                        None => dst[at] as u32,
                    }
                };
                let put_word = |dst: &mut [u16], i: u32, pair: u32| {
                    let w = (pair << j.shift >> 16) as u16;
                    let m = edge_mask(i, n, j.left_mask, j.right_mask) as u16;
                    let at = drow + i as usize * GROUP + p;
                    dst[at] = (dst[at] & !m) | (w & m);
                };
                if j.backward == 0 {
                    let mut prev = read(dst, 0);
                    for i in 0..n {
                        let next = read(dst, i + 1);
                        put_word(dst, i, prev << 16 | next);
                        prev = next;
                    }
                } else {
                    let mut right = read(dst, n);
                    for i in (0..n).rev() {
                        let left = read(dst, i);
                        put_word(dst, i, left << 16 | right);
                        right = left;
                    }
                }
            }
            srow += j.src_stride as i64;
            drow = step(drow, j.dst_stride);
        }
    }

    pub(crate) fn sprite(src: &[u16], dst: &mut [u16], j: &SpriteJob) {
        j.check(src.len(), dst.len());
        let (mut srow, mut drow) = (j.src as usize, j.dst as usize);
        let pair =
            |at: usize| -> u16 { (((src[at] as u32) << 16 | src[at + SPRITE_GROUP] as u32) << j.shift >> 16) as u16 };
        for _ in 0..j.rows {
            for i in 0..j.groups {
                let s = srow + i as usize * SPRITE_GROUP;
                let m = pair(s + GROUP) & edge_mask(i, j.groups, j.left_mask, j.right_mask) as u16;
                if m == 0 {
                    continue;
                }
                let d = drow + i as usize * GROUP;
                for p in 0..GROUP {
                    dst[d + p] = (dst[d + p] & !m) | (pair(s + p) & m);
                }
            }
            srow += j.src_stride as usize;
            drow += j.dst_stride as usize;
        }
    }

    pub(crate) fn stencil(masks: &[u16], dst: &mut [u16], j: &StencilJob) {
        j.check(masks.len(), dst.len());
        let (mut mrow, mut drow) = (0usize, j.dst as usize);
        for _ in 0..j.rows {
            for i in 0..j.groups as usize {
                let m = masks[mrow + i];
                if m == 0 {
                    continue;
                }
                let (at, m) = (drow + i * GROUP, long_mask(m));
                for k in 0..4 {
                    put(dst, at, k, (get(dst, at, k) & !m) | (j.pattern[k] & m));
                }
            }
            mrow += j.mask_stride as usize;
            drow += j.dst_stride as usize;
        }
    }

    pub(crate) fn narrow(src: &[u32], dst: &mut [u16], j: &NarrowJob) {
        narrow_portable(src, dst, j);
    }
}

#[cfg_attr(not(any(test, feature = "target-tests")), allow(unused_imports))]
pub(crate) use exec::fill;
pub(crate) use exec::{copy, copy_shifted, line, narrow, pixels, span, sprite, stencil};

/// The words `pixels(groups, masks, pen)` writes: the pixels of one line in one group (the
/// mask in the high word of `masks`) or two neighbouring ones (the second's in the low word,
/// 0 for none). The primitive of one-line spans and single pixels (`Planar::fill_clipped`,
/// `Planar::plot`).
pub(crate) fn pixels_words(masks: u32) -> usize {
    if masks as u16 == 0 { GROUP } else { 2 * GROUP }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
