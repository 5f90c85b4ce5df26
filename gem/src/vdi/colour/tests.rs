use super::*;
use crate::trap::recorder::{Recorder, VdiReply};
use crate::vdi::tests::open_replies;

crate::test_cases! {
    /// vs_color {14, 0 ptsin, 4 intin}: pen, red, green, blue.
    /// vq_color {26, 0 ptsin, 2 intin}: pen, realised flag; intout pen (or -1), r, g, b.
    fn colour_encoding() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        rec.reply_vdi(VdiReply::default());
        rec.reply_vdi(VdiReply::ints(&[200, 1000, 0, 507]));
        rec.reply_vdi(VdiReply::ints(&[-1, 0, 0, 0]));
        let (mut vdi, _) = Vdi::open(&mut rec, 1).unwrap();
        vdi.vs_color(200, [1000, 0, 500]);
        assert_eq!(vdi.vq_color(200, true), Some([1000, 0, 507]));
        assert_eq!(vdi.vq_color(300, false), None);
        drop(vdi);
        let c = &rec.vdi_calls;
        assert_eq!(&c[2].contrl[..7], &[14, 0, 0, 4, 0, 0, 3]);
        assert_eq!(c[2].intin, [200, 1000, 0, 500]);
        assert_eq!(&c[3].contrl[..7], &[26, 0, 0, 2, 0, 0, 3]);
        assert_eq!(c[3].intin, [200, 1]);
        assert_eq!(c[4].intin, [300, 0]);
    }
}
