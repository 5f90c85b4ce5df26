use super::*;
use crate::trap::recorder::Recorder;
use crate::vdi::attributes::WritingMode;
use crate::vdi::tests::open_replies;

crate::test_cases! {
    /// An MFDB needs its words: width rounded up to 16 pixels, times height and planes.
    fn bitmaps_are_checked() {
        assert_eq!(Mfdb::words_needed(17, 3, 8), 2 * 3 * 8);
        let mut words = alloc::vec![0u16; 48];
        assert!(Mfdb::new(&mut words, 17, 3, 8, Format::Device).is_ok());
        assert_eq!(
            Mfdb::new(&mut words, 17, 4, 8, Format::Device).err(),
            Some(RasterError::BufferTooSmall { needed: 64, given: 48 })
        );
        assert_eq!(Mfdb::new(&mut words, 0, 4, 8, Format::Device).err(), Some(RasterError::BadShape));
        assert_eq!(Mfdb::new(&mut words, 16, 1, 3, Format::Device).err(), Some(RasterError::BadShape));
    }

    /// vro_cpyfm {109, 4 ptsin points, 1 intin}: mode; contrl[7..9] the source MFDB's
    /// address, contrl[9..11] the destination's (high word first); ptsin the source and
    /// destination corners.
    fn vro_cpyfm_encoding() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        let mut words = alloc::vec![0u16; Mfdb::words_needed(64, 32, 8)];
        let (mut vdi, _) = Vdi::open(&mut rec, 1).unwrap();
        let src = Mfdb::new(&mut words, 64, 32, 8, Format::Device).unwrap();
        let mut screen = Mfdb::screen();
        vdi.vro_cpyfm(LogicOp::SOnly, &src, Rect::new(0, 0, 64, 32), &mut screen, Rect::new(100, 50, 64, 32)).unwrap();
        drop(vdi);
        let c = &rec.vdi_calls[2];
        assert_eq!(&c.contrl[..7], &[109, 4, 0, 1, 0, 0, 3]);
        assert_eq!(c.intin, [3]);
        assert_eq!(c.ptsin, [0, 0, 63, 31, 100, 50, 163, 81]);
        assert_ne!((c.contrl[7], c.contrl[8]), (0, 0), "the source MFDB's address");
        assert_ne!((c.contrl[9], c.contrl[10]), (0, 0), "the destination MFDB's address");
        assert_ne!((c.contrl[7], c.contrl[8]), (c.contrl[9], c.contrl[10]));
    }

    /// Nothing reaches the VDI that could touch memory outside a bitmap or the screen.
    fn vro_cpyfm_refuses_what_does_not_fit() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        let mut words = alloc::vec![0u16; Mfdb::words_needed(64, 32, 8)];
        let mut std_words = alloc::vec![0u16; Mfdb::words_needed(64, 32, 8)];
        let mut four = alloc::vec![0u16; Mfdb::words_needed(64, 32, 4)];
        let (mut vdi, _) = Vdi::open(&mut rec, 1).unwrap();
        let src = Mfdb::new(&mut words, 64, 32, 8, Format::Device).unwrap();
        let standard = Mfdb::new(&mut std_words, 64, 32, 8, Format::Standard).unwrap();
        let mut dst4 = Mfdb::new(&mut four, 64, 32, 4, Format::Device).unwrap();
        let mut screen = Mfdb::screen();
        let all = Rect::new(0, 0, 64, 32);
        let op = LogicOp::SOnly;
        assert_eq!(vdi.vro_cpyfm(op, &src, Rect::new(1, 0, 64, 32), &mut screen, all), Err(RasterError::OutOfBounds));
        assert_eq!(vdi.vro_cpyfm(op, &src, all, &mut screen, Rect::new(600, 0, 64, 32)), Err(RasterError::OutOfBounds));
        assert_eq!(vdi.vro_cpyfm(op, &src, all, &mut screen, Rect::new(0, 0, 32, 32)), Err(RasterError::SizeMismatch));
        assert_eq!(vdi.vro_cpyfm(op, &src, Rect::new(0, 0, 0, 0), &mut screen, Rect::new(0, 0, 0, 0)), Err(RasterError::OutOfBounds));
        assert_eq!(vdi.vro_cpyfm(op, &standard, all, &mut screen, all), Err(RasterError::WrongFormat));
        assert_eq!(vdi.vro_cpyfm(op, &src, all, &mut dst4, all), Err(RasterError::PlaneMismatch));
        assert_eq!(vdi.vro_cpyfm(op, &screen, all, &mut dst4, all), Err(RasterError::PlaneMismatch), "8-plane screen");
        assert_eq!(vdi.vro_cpyfm(op, &src, all, &mut screen, Rect::new(576, 448, 64, 32)), Ok(()), "the corner fits");
        drop(vdi);
        assert_eq!(rec.vdi_opcodes(), [100, 102, 109, 101], "one copy reached the VDI");
    }

    /// vrt_cpyfm {121, 4 ptsin points, 3 intin}: writing mode, the pens for set and
    /// clear pixels; the source has one plane.
    fn vrt_cpyfm_encoding() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        let mut mono = alloc::vec![0u16; Mfdb::words_needed(16, 16, 1)];
        let mut eight = alloc::vec![0u16; Mfdb::words_needed(16, 16, 8)];
        let (mut vdi, _) = Vdi::open(&mut rec, 1).unwrap();
        let src = Mfdb::new(&mut mono, 16, 16, 1, Format::Device).unwrap();
        let not_mono = Mfdb::new(&mut eight, 16, 16, 8, Format::Device).unwrap();
        let mut screen = Mfdb::screen();
        let r = Rect::new(0, 0, 16, 16);
        vdi.vrt_cpyfm(WritingMode::Transparent, &src, r, &mut screen, Rect::new(8, 8, 16, 16), [1, 0]).unwrap();
        assert_eq!(
            vdi.vrt_cpyfm(WritingMode::Replace, &not_mono, r, &mut screen, r, [1, 0]),
            Err(RasterError::NotMonochrome)
        );
        drop(vdi);
        let c = &rec.vdi_calls[2];
        assert_eq!(&c.contrl[..7], &[121, 4, 0, 3, 0, 0, 3]);
        assert_eq!(c.intin, [2, 1, 0]);
        assert_eq!(c.ptsin, [0, 0, 15, 15, 8, 8, 23, 23]);
        assert_eq!(rec.vdi_calls.len(), 4);
    }

    /// vr_trnfm {110, 0 ptsin, 0 intin}: the two MFDBs only; the destination takes the
    /// other format. Shapes must match.
    fn vr_trnfm_encoding() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        let mut a = alloc::vec![0u16; Mfdb::words_needed(32, 8, 4)];
        let mut b = alloc::vec![0u16; Mfdb::words_needed(32, 8, 4)];
        let mut c8 = alloc::vec![0u16; Mfdb::words_needed(32, 8, 8)];
        let (mut vdi, _) = Vdi::open(&mut rec, 1).unwrap();
        let src = Mfdb::new(&mut a, 32, 8, 4, Format::Standard).unwrap();
        let mut dst = Mfdb::new(&mut b, 32, 8, 4, Format::Standard).unwrap();
        let mut other = Mfdb::new(&mut c8, 32, 8, 8, Format::Standard).unwrap();
        vdi.vr_trnfm(&src, &mut dst).unwrap();
        assert_eq!(dst.format(), Format::Device);
        assert_eq!(vdi.vr_trnfm(&src, &mut other), Err(RasterError::PlaneMismatch));
        assert_eq!(vdi.vr_trnfm(&src, &mut Mfdb::screen()), Err(RasterError::WrongFormat));
        drop(vdi);
        let c = &rec.vdi_calls[2];
        assert_eq!(&c.contrl[..7], &[110, 0, 0, 0, 0, 0, 3]);
        assert!(c.intin.is_empty() && c.ptsin.is_empty());
        assert_eq!(rec.vdi_calls.len(), 4);
    }

    /// The logic operations' numbers (ALL_WHITE 0 … S_ONLY 3 … ALL_BLACK 15).
    fn logic_op_numbers() {
        let all = [
            LogicOp::AllWhite,
            LogicOp::SAndD,
            LogicOp::SAndNotD,
            LogicOp::SOnly,
            LogicOp::NotSAndD,
            LogicOp::DOnly,
            LogicOp::SXorD,
            LogicOp::SOrD,
            LogicOp::Nor,
            LogicOp::Xnor,
            LogicOp::DInvert,
            LogicOp::SOrNotD,
            LogicOp::NotS,
            LogicOp::NotSOrD,
            LogicOp::Nand,
            LogicOp::AllBlack,
        ];
        for (i, op) in all.iter().enumerate() {
            assert_eq!(*op as i16, i as i16);
        }
    }
}
