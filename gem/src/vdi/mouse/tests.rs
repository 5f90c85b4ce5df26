use super::*;
use crate::trap::recorder::Recorder;
use crate::vdi::tests::open_replies;

crate::test_cases! {
    /// v_show_c {122, 0 ptsin, 1 intin}: reset 0 shows whatever the count, else undoes one
    /// hide. v_hide_c {123, 0, 0}.
    fn show_and_hide_encoding() {
        let mut rec = Recorder::new();
        open_replies(&mut rec);
        let (mut vdi, _) = Vdi::open(&mut rec, 1).unwrap();
        vdi.v_hide_c();
        vdi.v_show_c(false);
        vdi.v_show_c(true);
        drop(vdi);
        let c = &rec.vdi_calls;
        assert_eq!(&c[2].contrl[..7], &[123, 0, 0, 0, 0, 0, 3]);
        assert_eq!((&c[3].contrl[..4], c[3].intin.as_slice()), (&[122, 0, 0, 1][..], &[1][..]));
        assert_eq!(c[4].intin, [0]);
    }
}
