use super::*;
use crate::trap::recorder::{Recorder, VdiReply};
use crate::vdi::tests::open_replies;

crate::test_cases! {
    /// vq_extnd {102, 0 ptsin, 1 intin}: intin[0] = 0 normal, 1 extended; work_out from
    /// intout[0..45] and ptsout[0..12].
    fn vq_extnd_encoding() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        let mut normal = alloc::vec![0i16; 45];
        normal[0] = 319;
        normal[1] = 199;
        normal[13] = 16;
        rec.reply_vdi(VdiReply { intout: normal, ptsout: alloc::vec![7; 12], contrl: alloc::vec![(4, 45)] });
        let mut ext = alloc::vec![0i16; 45];
        ext[4] = 4;
        ext[5] = 1;
        rec.reply_vdi(VdiReply { intout: ext, ptsout: alloc::vec![0; 12], contrl: alloc::vec![(4, 45)] });
        let (mut vdi, _) = Vdi::open(&mut rec, 1).unwrap();
        let w = vdi.vq_extnd();
        assert_eq!((w.width(), w.height(), w.pens()), (320, 200, 16));
        assert_eq!(w.0[45..], [7; 12]);
        let e = vdi.vq_extnd_extended();
        assert_eq!((e.planes(), e.has_palette()), (4, true));
        drop(vdi);
        let c = &rec.vdi_calls;
        assert_eq!(&c[2].contrl[..7], &[102, 0, 0, 1, 0, 0, 3]);
        assert_eq!(c[2].intin, [0]);
        assert_eq!(c[3].intin, [1]);
    }

    /// vq_scrninfo {102, sub-opcode 1, intin[0] = 2}: 272 words with EdDI; a VDI without
    /// EdDI answers as vq_extnd with 45 words: None.
    fn vq_scrninfo_where_present() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        let mut info = alloc::vec![0i16; 272];
        info[0] = 0; // interleaved planes
        info[1] = 1; // hardware palette
        info[2] = 8;
        info[4] = 256;
        info[5] = 640;
        info[16] = 0;
        info[17] = 255; // pen 1 (black) is pixel 255
        rec.reply_vdi(VdiReply::ints(&info));
        rec.reply_vdi(VdiReply::ints(&[0; 45]));
        let (mut vdi, _) = Vdi::open(&mut rec, 1).unwrap();
        let s = vdi.vq_scrninfo().unwrap();
        assert_eq!((s.format(), s.clut(), s.planes(), s.colours(), s.line_bytes()), (0, 1, 8, 256, 640));
        assert_eq!((s.pixel_of_pen(0), s.pixel_of_pen(1)), (Some(0), Some(255)));
        assert_eq!(vdi.vq_scrninfo(), None, "45 words: no EdDI");
        drop(vdi);
        let c = &rec.vdi_calls[2];
        assert_eq!(&c.contrl[..7], &[102, 0, 0, 1, 0, 1, 3]);
        assert_eq!(c.intin, [2]);
    }
}
