use super::*;
use crate::trap::recorder::Recorder;
use crate::vdi::tests::open_replies;

crate::test_cases! {
    /// vr_recfl {114, 2 ptsin points, 0 intin}: the corners, inclusive.
    fn vr_recfl_encoding() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        let (mut vdi, _) = Vdi::open(&mut rec, 1).unwrap();
        vdi.vr_recfl(Rect::new(10, 20, 100, 50));
        drop(vdi);
        let c = &rec.vdi_calls[2];
        assert_eq!(&c.contrl[..7], &[114, 2, 0, 0, 0, 0, 3]);
        assert_eq!(c.ptsin, [10, 20, 109, 69]);
    }

    /// v_gtext {8, 1 ptsin point, n intin}: x, y; one word per character, cut at a NUL.
    fn v_gtext_encoding() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        let (mut vdi, _) = Vdi::open(&mut rec, 1).unwrap();
        vdi.v_gtext(32, 100, b"Net 5x5\0hidden");
        vdi.v_gtext(0, 0, &[b'x'; 300]);
        drop(vdi);
        let c = &rec.vdi_calls[2];
        assert_eq!(&c.contrl[..7], &[8, 1, 0, 7, 0, 0, 3]);
        assert_eq!(c.ptsin, [32, 100]);
        assert_eq!(c.intin, [78, 101, 116, 32, 53, 120, 53]);
        assert_eq!(rec.vdi_calls[3].contrl[3], 256, "cut to the intin array");
    }
}
