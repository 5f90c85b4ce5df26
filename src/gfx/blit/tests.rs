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
}
