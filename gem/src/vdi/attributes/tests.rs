use super::*;
use crate::trap::recorder::{Recorder, VdiReply};
use crate::vdi::tests::open_replies;

crate::test_cases! {
    /// One-word attribute calls: opcode, 0 ptsin, 1 intin; the value chosen in
    /// intout[0]. vswr_mode 32, vsf_interior 23, vsf_style 24, vsf_color 25,
    /// vsf_perimeter 104, vst_color 22, vst_font 21, vst_effects 106.
    fn one_word_attributes_encoding() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        rec.reply_vdi(VdiReply::ints(&[1]));
        rec.reply_vdi(VdiReply::ints(&[2]));
        let (mut vdi, _) = Vdi::open(&mut rec, 1).unwrap();
        assert_eq!(vdi.vswr_mode(WritingMode::Replace), 1);
        assert_eq!(vdi.vsf_interior(Interior::Pattern), 2);
        vdi.vsf_style(4);
        vdi.vsf_color(13);
        vdi.vsf_perimeter(false);
        vdi.vst_color(1);
        vdi.vst_font(1);
        vdi.vst_effects(TextEffects::THICKENED | TextEffects::UNDERLINED);
        vdi.vswr_mode(WritingMode::Transparent);
        vdi.vswr_mode(WritingMode::Xor);
        vdi.vswr_mode(WritingMode::ReverseTransparent);
        vdi.vsf_interior(Interior::Solid);
        drop(vdi);
        let calls: alloc::vec::Vec<(i16, i16, i16, i16)> =
            rec.vdi_calls[2..14].iter().map(|c| (c.contrl[0], c.contrl[1], c.contrl[3], c.intin[0])).collect();
        assert_eq!(
            calls,
            [
                (32, 0, 1, 1),
                (23, 0, 1, 2),
                (24, 0, 1, 4),
                (25, 0, 1, 13),
                (104, 0, 1, 0),
                (22, 0, 1, 1),
                (21, 0, 1, 1),
                (106, 0, 1, 9),
                (32, 0, 1, 2),
                (32, 0, 1, 3),
                (32, 0, 1, 4),
                (23, 0, 1, 1),
            ]
        );
    }

    /// vst_height {12, 1 ptsin point (0, height), 0 intin}: sizes in ptsout.
    /// vst_point {107, 0, 1 intin}: points chosen in intout[0], sizes in ptsout.
    /// vst_alignment {39, 0, 2 intin}: horizontal, vertical; chosen in intout[0..2].
    fn text_size_and_alignment_encoding() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        rec.reply_vdi(VdiReply { ptsout: alloc::vec![7, 13, 8, 16], ..Default::default() });
        rec.reply_vdi(VdiReply { intout: alloc::vec![9], ptsout: alloc::vec![6, 6, 8, 8], ..Default::default() });
        rec.reply_vdi(VdiReply::ints(&[1, 5]));
        let (mut vdi, _) = Vdi::open(&mut rec, 1).unwrap();
        assert_eq!(vdi.vst_height(13), TextSize { char_w: 7, char_h: 13, cell_w: 8, cell_h: 16 });
        assert_eq!(vdi.vst_point(10), (9, TextSize { char_w: 6, char_h: 6, cell_w: 8, cell_h: 8 }));
        assert_eq!(vdi.vst_alignment(1, 5), (1, 5));
        drop(vdi);
        let c = &rec.vdi_calls;
        assert_eq!((&c[2].contrl[..4], c[2].ptsin.as_slice()), (&[12, 1, 0, 0][..], &[0, 13][..]));
        assert_eq!((&c[3].contrl[..4], c[3].intin.as_slice()), (&[107, 0, 0, 1][..], &[10][..]));
        assert_eq!((&c[4].contrl[..4], c[4].intin.as_slice()), (&[39, 0, 0, 2][..], &[1, 5][..]));
    }

    /// vs_clip {129, 2 ptsin points, 1 intin}: flag, then the corners.
    fn vs_clip_encoding() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        let (mut vdi, _) = Vdi::open(&mut rec, 1).unwrap();
        vdi.vs_clip(Some(Rect::new(40, 60, 320, 200)));
        vdi.vs_clip(None);
        drop(vdi);
        let c = &rec.vdi_calls;
        assert_eq!(&c[2].contrl[..7], &[129, 2, 0, 1, 0, 0, 3]);
        assert_eq!((c[2].intin.as_slice(), c[2].ptsin.as_slice()), (&[1][..], &[40, 60, 359, 259][..]));
        assert_eq!(c[3].intin, [0]);
    }
}
