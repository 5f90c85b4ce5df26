use super::*;
use crate::trap::recorder::{AesReply, Recorder};

fn aes_version(rec: &mut Recorder, version: i16) -> Aes<&mut Recorder> {
    rec.reply_aes(AesReply { intout: alloc::vec![0], global: alloc::vec![version], ..Default::default() });
    let mut aes = Aes::with_trap(rec);
    aes.appl_init();
    aes
}

crate::test_cases! {
    /// fsel_exinput {91, 0, 2, 3, 0}: addrin = path, name, title; OK is intout[1] = 1.
    fn fsel_exinput_on_aes_140_and_later() {
        static TITLE: &CStr = c"Load a saved game";
        let mut path = [0u8; PATH_LEN];
        path[..7].copy_from_slice(b"C:\\*.*\0");
        let mut name = [0xffu8; NAME_LEN];
        let mut rec = Recorder::new();
        let mut aes = aes_version(&mut rec, 0x0340);
        aes.trap_mut().reply_aes(AesReply::ints(&[1, 1]));
        assert_eq!(aes.fsel(&mut path, &mut name, TITLE), Some(true));
        let c = &aes.trap().aes_calls[1];
        assert_eq!(c.control, [91, 0, 2, 3, 0]);
        assert_eq!(c.addrin, [path.as_ptr() as usize, name.as_ptr() as usize, TITLE.as_ptr() as usize]);
        assert_eq!((path[PATH_LEN - 1], name[NAME_LEN - 1]), (0, 0), "buffers end in a NUL");
        aes.trap_mut().reply_aes(AesReply::ints(&[1, 0]));
        assert_eq!(aes.fsel(&mut path, &mut name, TITLE), Some(false), "Cancel");
        aes.trap_mut().reply_aes(AesReply::ints(&[0, 0]));
        assert_eq!(aes.fsel(&mut path, &mut name, TITLE), None, "error");
    }

    /// Before AES 1.40: fsel_input {90, 0, 2, 2, 0}, path and name only.
    fn fsel_input_on_older_aes() {
        let mut path = [0u8; PATH_LEN];
        let mut name = [0u8; NAME_LEN];
        let mut rec = Recorder::new();
        let mut aes = aes_version(&mut rec, 0x0120);
        aes.trap_mut().reply_aes(AesReply::ints(&[1, 1]));
        assert_eq!(aes.fsel(&mut path, &mut name, c"ignored"), Some(true));
        let c = &aes.trap().aes_calls[1];
        assert_eq!(c.control, [90, 0, 2, 2, 0]);
        assert_eq!(c.addrin, [path.as_ptr() as usize, name.as_ptr() as usize]);
    }
}
