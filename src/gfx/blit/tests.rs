use core::mem::{offset_of, size_of};

use super::*;

crate::test_cases! {
    /// blit.s reads the jobs at fixed offsets: these are they.
    fn job_layouts_are_those_the_assembly_reads() {
        assert_eq!(
            [offset_of!(FillJob, rows), offset_of!(FillJob, left_keep), offset_of!(FillJob, left_set)],
            [8, 24, 32]
        );
        assert_eq!([offset_of!(FillJob, right_set), offset_of!(FillJob, pattern), size_of::<FillJob>()], [48, 64, 80]);
        assert_eq!([offset_of!(CopyJob, rows), offset_of!(CopyJob, backward), size_of::<CopyJob>()], [16, 32, 36]);
        assert_eq!(
            [offset_of!(ShiftJob, shift), offset_of!(ShiftJob, read_first), offset_of!(ShiftJob, backward)],
            [24, 36, 44]
        );
        assert_eq!([offset_of!(SpriteJob, shift), offset_of!(SpriteJob, right_mask)], [24, 32]);
        assert_eq!([offset_of!(StencilJob, mask_stride), offset_of!(StencilJob, pattern)], [16, 20]);
        assert_eq!([offset_of!(NarrowJob, shift), offset_of!(NarrowJob, groups), size_of::<NarrowJob>()], [12, 16, 20]);
        assert_eq!(
            [offset_of!(SpanJob, groups), offset_of!(SpanJob, left_mask), offset_of!(SpanJob, pen), size_of::<SpanJob>()],
            [12, 16, 24, 28]
        );
        assert_eq!(
            [offset_of!(LineJob, count), offset_of!(LineJob, row_step), offset_of!(LineJob, pen), size_of::<LineJob>()],
            [12, 24, 40, 44]
        );
    }

    /// A line job sets its pixels (and only them) in the pen, crossing group and row
    /// boundaries either way; a job that would leave its row or the buffer is refused.
    fn line_jobs_walk_their_pixels() {
        // Two rows of two groups (32 pixels), all ones. From pixel 14 of row 0, rightwards,
        // a row down when t (1, +1 per step) reaches 2: pixels (14,0) (15,1) (16,1).
        let mut w = [0xFFFFu16; 32];
        let job = LineJob {
            row: 0,
            group: 0,
            mask: 0x0002,
            count: 3,
            steep: 0,
            x_step: 1,
            row_step: 16,
            t: 1,
            inc: 1,
            limit: 2,
            pen: 0x81,
        };
        assert!(job.fits(0, w.len()));
        line(&mut w, &job);
        // (14,0): group 0, pen 0x81 -> planes 0 and 7 keep the bit, 1..6 lose it.
        assert_eq!(&w[0..8], &[0xFFFF, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFF]);
        // (15,1) in group 0 of row 1, then (16,1) in group 1 of row 1.
        assert_eq!(&w[16..24], &[0xFFFF, 0xFFFE, 0xFFFE, 0xFFFE, 0xFFFE, 0xFFFE, 0xFFFE, 0xFFFF]);
        assert_eq!(&w[24..32], &[0xFFFF, 0x7FFF, 0x7FFF, 0x7FFF, 0x7FFF, 0x7FFF, 0x7FFF, 0xFFFF]);
        assert_eq!(&w[8..16], &[0xFFFF; 8], "row 0's second group untouched");
        // Steep, leftwards, up: from (16,1) a row up each step and a pixel left at the first.
        let mut w = [0u16; 32];
        let job = LineJob { group: 8, row: 16, mask: 0x8000, count: 2, steep: 1, x_step: -1, row_step: -16, t: 1, inc: 1, limit: 2, pen: 1 };
        line(&mut w, &job);
        assert_eq!((w[24], w[0]), (0x8000, 0x0001), "(16,1) then (15,0)");
        assert_eq!(w.iter().filter(|&&x| x != 0).count(), 2);
        // Refused: past the end of a row, a mask of two bits, a third row.
        assert!(!LineJob { row: 16, group: 8, mask: 1, steep: 0, x_step: 1, row_step: 0, count: 2, ..job }.fits(0, 32));
        assert!(!LineJob { mask: 0x8001, ..job }.fits(0, 32));
        assert!(!LineJob { row_step: 16, count: 3, ..job }.fits(0, 32), "a third row would be row 3 of 2");
    }

    /// A span job does what the fill job it stands for does (on the 68030: gfx_span, which
    /// builds the fill job itself, against gfx_fill running the one Rust built), for one to
    /// four groups, every kind of end, several pens, one and three rows; the words around
    /// are left alone.
    fn span_jobs_fill_as_their_fill_jobs() {
        let masks = [0xFFFFu32, 0x8000, 0x0001, 0x7FFE, 0x00FF, 0xFF00, 0x0F0F];
        let mut checked = 0;
        for groups in 1..=4u32 {
            for &left_mask in &masks {
                for &right_mask in &masks {
                    for (pen, rows) in [(0u32, 1u32), (0xFF, 3), (0x85, 1), (0x5A, 3)] {
                        let job = SpanJob { first: 8, stride: 48, rows, groups, left_mask, right_mask, pen };
                        let mut a = [0x6C93u16; 8 + 48 * 3 + 8];
                        let mut b = a;
                        span(&mut a, &job);
                        fill(&mut b, &job.fill_job());
                        assert!(a == b, "{job:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 4 * 7 * 7 * 4);
        // The fill job itself: a whole first group is no partial group; one group has no right end.
        let j = SpanJob { first: 0, stride: 8, rows: 1, groups: 1, left_mask: 0x0FF0, right_mask: 0x00FF, pen: 1 };
        let f = j.fill_job();
        assert_eq!([f.left, f.mid, f.right], [1, 0, 0]);
        assert_eq!(f.left_keep, !0x0FF0_0FF0);
        assert_eq!(f.left_set, [0x0FF0_0000, 0, 0, 0]);
        let j = SpanJob { groups: 3, left_mask: 0xFFFF, right_mask: 0xC000, ..j };
        let f = j.fill_job();
        assert_eq!([f.left, f.mid, f.right], [0, 2, 1]);
        assert_eq!(f.right_set, [0xC000_0000, 0, 0, 0]);
    }

    /// One line in one or two groups (on the 68030: gfx_pixels) does what the one-row span
    /// job over the same pixels does, for every kind of mask and several pens; the words
    /// around are left alone.
    fn pixels_fill_as_one_row_span_jobs() {
        let masks = [0xFFFFu32, 0x8000, 0x0001, 0x7FFE, 0x00FF, 0xFF00, 0x0F0F];
        let mut checked = 0;
        for &first in &masks {
            for second in core::iter::once(0).chain(masks.iter().copied()) {
                for pen in [0u8, 0xFF, 0x85, 0x5A, 0x01, 0x80] {
                    let groups = if second == 0 { 1 } else { 2 };
                    let right_mask = if second == 0 { first } else { second };
                    let job = SpanJob { first: 8, stride: 32, rows: 1, groups, left_mask: first, right_mask, pen: pen as u32 };
                    let mut a = [0x6C93u16; 8 + 32 + 8];
                    let mut b = a;
                    pixels(&mut a[8..], first << 16 | second, pen);
                    span(&mut b, &job);
                    assert!(a == b, "{first:04x} {second:04x} {pen:02x}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 7 * 8 * 6);
        assert_eq!([pixels_words(0x8000_0000), pixels_words(0x8000_0001)], [8, 16]);
    }

    fn patterns_and_masks() {
        assert_eq!(pattern(0), [0; 4]);
        assert_eq!(pattern(0xFF), [!0; 4]);
        // Pen 0b1000_0101: planes 0, 2 and 7.
        assert_eq!(pattern(0x85), [0xFFFF_0000, 0xFFFF_0000, 0, 0x0000_FFFF]);
        assert_eq!(long_mask(0x0FF0), 0x0FF0_0FF0);
        assert_eq!(span_mask(0, 15), 0xFFFF);
        assert_eq!(span_mask(3, 3), 0x1000);
        assert_eq!(span_mask(4, 11), 0x0FF0);
    }

    /// The executors themselves, on jobs made by hand: one word of each plane changes where
    /// the definition says.
    fn executors_follow_the_definitions() {
        // Two rows of three groups; fill row 1 with a partial left, one whole, a partial right.
        let mut w = [0x1234u16; 48];
        let p = pattern(0x0F);
        let m = |x: u16| long_mask(x);
        let job = FillJob {
            first: 24,
            stride: 24,
            rows: 1,
            left: 1,
            mid: 1,
            right: 1,
            left_keep: !m(0x00FF),
            right_keep: !m(0xFF00),
            left_set: p.map(|v| v & m(0x00FF)),
            right_set: p.map(|v| v & m(0xFF00)),
            pattern: p,
        };
        fill(&mut w, &job);
        assert!(w[..24].iter().all(|&x| x == 0x1234));
        assert_eq!(&w[24..32], &[0x12FF, 0x12FF, 0x12FF, 0x12FF, 0x1200, 0x1200, 0x1200, 0x1200]);
        assert_eq!(&w[32..40], &[0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0, 0, 0, 0]);
        assert_eq!(&w[40..48], &[0xFF34, 0xFF34, 0xFF34, 0xFF34, 0x0034, 0x0034, 0x0034, 0x0034]);
        // A stencil on the same words: the pen where the mask is set, nothing where it is 0.
        let masks = [0xF000u16, 0];
        let job = StencilJob { dst: 0, dst_stride: 24, rows: 2, groups: 2, mask_stride: 0, pattern: pattern(0x80) };
        stencil(&masks, &mut w, &job);
        assert_eq!(&w[0..8], &[0x0234, 0x0234, 0x0234, 0x0234, 0x0234, 0x0234, 0x0234, 0xF234]);
        assert_eq!(&w[8..16], &[0x1234; 8]);
        assert_eq!(&w[24..32], &[0x02FF, 0x02FF, 0x02FF, 0x02FF, 0x0200, 0x0200, 0x0200, 0xF200]);
        // A shifted copy of row 1's first two groups, 4 pixels to the right, into row 0.
        let job = ShiftJob {
            src: 24 - 8,
            dst: 0,
            src_stride: 24,
            dst_stride: 24,
            rows: 1,
            groups: 2,
            shift: 12,
            left_mask: 0x0FFF,
            right_mask: 0xFFFF,
            read_first: 0,
            read_last: 1,
            backward: 0,
        };
        let before = w;
        copy_shifted(None, &mut w, &job);
        for p in 0..8 {
            let pair = (before[24 + p] as u32) << 16 | before[32 + p] as u32;
            assert_eq!(w[p], (before[p] & 0xF000) | (before[24 + p] >> 4), "plane {}", p);
            assert_eq!(w[8 + p], (pair >> 4) as u16, "plane {}", p);
        }
    }

    /// A narrow sprite job writes, in each group it may write, exactly the sprite's pixels
    /// under its mask, at every shift 0–15 and for every set of groups (the first one lying
    /// before the buffer when it is not written); on the 68030 the assembly gives the same
    /// words as the portable Rust.
    fn narrow_jobs_write_their_groups_at_every_shift() {
        // Three rows: the hexagon's widest line (18 pixels), a narrow one in the middle, and
        // all 32 pixels; planes that differ from pixel to pixel, only under the mask.
        let masks = [0xFFFF_C000u32, 0x03F0_0000, 0xFFFF_FFFF];
        let mut src = [0u32; 3 * NARROW_LINE];
        for (r, &m) in masks.iter().enumerate() {
            for p in 0..GROUP {
                src[r * NARROW_LINE + p] = (0x9E37_79B9u32.rotate_left((5 * p + 3 * r) as u32) ^ (0x1111_1111 << p)) & m;
            }
            src[r * NARROW_LINE + GROUP] = m;
        }
        // Rows of 4 groups; the sprite's group 0 is the buffer's group 1, or its group 0
        // (then `dst` is one group before the buffer and group 0 is never written).
        let stride = 4 * GROUP;
        for shift in 0..16u32 {
            for groups in 0..8u32 {
                for before in [false, true] {
                    if before && groups & 1 != 0 {
                        continue;
                    }
                    let first = if before { -(GROUP as i32) } else { GROUP as i32 };
                    let job = NarrowJob { dst: first, dst_stride: stride as u32, rows: 3, shift, groups };
                    let fill: [u16; 3 * 4 * GROUP] = core::array::from_fn(|i| (i as u16).wrapping_mul(0x3A7D) ^ 0x5A5A);
                    let (mut asm, mut rust) = (fill, fill);
                    narrow(&src, &mut asm, &job);
                    narrow_portable(&src, &mut rust, &job);
                    assert_eq!(asm, rust, "shift {} groups {} before {}", shift, groups, before);
                    // Pixel by pixel: buffer pixel px of row r is sprite pixel px - origin.
                    let origin = first / GROUP as i32 * 16 + shift as i32;
                    for r in 0..3 {
                        for px in 0..64i32 {
                            let (g, bit) = (px / 16, 0x8000u16 >> (px % 16));
                            let k = px - origin;
                            let written = (g - first / GROUP as i32) as u32;
                            let drawn = written < 3
                                && groups >> written & 1 != 0
                                && (0..32).contains(&k)
                                && masks[r] & (0x8000_0000 >> k) != 0;
                            for p in 0..GROUP {
                                let at = r * stride + g as usize * GROUP + p;
                                let want = if drawn {
                                    src[r * NARROW_LINE + p] & (0x8000_0000 >> k) != 0
                                } else {
                                    fill[at] & bit != 0
                                };
                                assert_eq!(
                                    rust[at] & bit != 0,
                                    want,
                                    "shift {} groups {} before {}: row {} pixel {} plane {}",
                                    shift,
                                    groups,
                                    before,
                                    r,
                                    px,
                                    p
                                );
                            }
                        }
                    }
                }
            }
        }
        // A job that would write outside its buffer is refused.
        let job = NarrowJob { dst: -(GROUP as i32), dst_stride: stride as u32, rows: 3, shift: 0, groups: 1 };
        assert!(!job.fits(src.len(), 3 * stride));
        let job = NarrowJob { dst: 2 * GROUP as i32, dst_stride: stride as u32, rows: 3, shift: 0, groups: 4 };
        assert!(!job.fits(src.len(), 3 * stride));
        let job = NarrowJob { dst: GROUP as i32, ..job };
        assert!(!job.fits(src.len(), 3 * stride - 1));
        assert!(job.fits(src.len(), 3 * stride));
        assert!(!NarrowJob { rows: 4, ..job }.fits(src.len(), 4 * stride), "a row past the sprite's");
        assert!(!NarrowJob { shift: 16, ..job }.fits(src.len(), 3 * stride));
    }
}
