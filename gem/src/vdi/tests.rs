use super::*;
use crate::trap::recorder::{Recorder, VdiReply};

/// The replies of a successful `v_opnvwk` (handle 3, a 640x480 screen of 256 pens) and
/// of the `vq_extnd(1)` that follows (8 planes).
pub(crate) fn open_replies(rec: &mut Recorder) {
    let mut intout = alloc::vec![0i16; 45];
    intout[0] = 639;
    intout[1] = 479;
    intout[13] = 256;
    intout[39] = 262_144i32 as i16;
    rec.reply_vdi(VdiReply { intout, ptsout: alloc::vec![0; 12], contrl: alloc::vec![(6, 3), (2, 6), (4, 45)] });
    let mut ext = alloc::vec![0i16; 45];
    ext[4] = 8;
    ext[5] = 1;
    rec.reply_vdi(VdiReply { intout: ext, ptsout: alloc::vec![0; 12], contrl: alloc::vec![(2, 6), (4, 45)] });
}

crate::test_cases! {
    /// v_opnvwk {100, 0 ptsin, 11 intin}, contrl[6] = the AES's handle; work_in 1 x 10
    /// then 2 (raster coordinates); the new handle comes back in contrl[6]. Then
    /// vq_extnd(1) on the new handle for the planes. v_clsvwk {101, 0, 0} on close.
    fn open_and_close_encoding() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        let (vdi, work) = Vdi::open(&mut rec, 1).unwrap();
        assert_eq!(vdi.handle(), 3);
        assert_eq!((work.width(), work.height(), work.pens()), (640, 480, 256));
        assert_eq!(vdi.screen(), Rect::new(0, 0, 640, 480));
        assert_eq!(vdi.planes(), 8);
        vdi.close();
        let c = &rec.vdi_calls;
        assert_eq!(c.len(), 3);
        assert_eq!(&c[0].contrl[..7], &[100, 0, 0, 11, 0, 0, 1]);
        assert_eq!(c[0].intin, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]);
        assert_eq!(&c[1].contrl[..7], &[102, 0, 0, 1, 0, 0, 3]);
        assert_eq!(c[1].intin, [1]);
        assert_eq!(&c[2].contrl[..7], &[101, 0, 0, 0, 0, 0, 3]);
    }

    /// Handle 0: no workstation left; nothing to close.
    fn failed_open_is_none() {
        let mut rec = Recorder::new();
        rec.reply_vdi(VdiReply { contrl: alloc::vec![(6, 0)], ..Default::default() });
        assert!(Vdi::open(&mut rec, 1).is_none());
        assert_eq!(rec.vdi_opcodes(), [100], "no v_clsvwk for a workstation never opened");
    }

    /// Dropping an open workstation closes it (every exit path).
    fn drop_closes() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        {
            let _vdi = Vdi::open(&mut rec, 1).unwrap();
        }
        assert_eq!(rec.vdi_opcodes(), [100, 102, 101]);
    }
}
