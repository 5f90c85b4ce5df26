use super::*;
use crate::trap::recorder::{AesReply, Recorder};

crate::test_cases! {
    /// scrp_read {80, 0, 1, 1, 0}: addrin = the path buffer, emptied first; intout[0] 0 is
    /// an error.
    fn scrp_read_encoding() {
        let mut path = [b'x'; PATH_LEN];
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1]));
        rec.reply_aes(AesReply::ints(&[0]));
        let mut aes = Aes::with_trap(&mut rec);
        assert!(aes.scrp_read(&mut path));
        let c = &aes.trap().aes_calls[0];
        assert_eq!(c.control, [80, 0, 1, 1, 0]);
        assert_eq!(c.addrin, [path.as_ptr() as usize]);
        assert_eq!((path[0], path[PATH_LEN - 1]), (0, 0), "an empty path unless the AES writes one");
        assert!(!aes.scrp_read(&mut path), "error");
    }

    /// scrp_write {81, 0, 1, 1, 0}: addrin = the path.
    fn scrp_write_encoding() {
        static PATH: &CStr = c"C:\\CLIPBRD\\";
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1]));
        let mut aes = Aes::with_trap(&mut rec);
        assert!(aes.scrp_write(PATH));
        let c = aes.trap().single_aes();
        assert_eq!(c.control, [81, 0, 1, 1, 0]);
        assert!(c.intin.is_empty());
        assert_eq!(c.addrin, [PATH.as_ptr() as usize]);
    }
}
