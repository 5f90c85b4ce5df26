use super::*;
use crate::message::Message;
use crate::trap::recorder::{AesReply, Recorder};

crate::test_cases! {
    /// appl_init: opcode 10, control {10, 0, 1, 0, 0}; the id from intout[0], and the
    /// version and application count from the global array the AES fills.
    fn appl_init_encoding_and_global() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply { intout: alloc::vec![2], global: alloc::vec![0x0340, 1, 2], ..Default::default() });
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.appl_init(), Some(AppId(2)));
        assert_eq!(aes.version(), 0x0340);
        assert_eq!(aes.max_applications(), 1);
        let call = aes.trap().single_aes();
        assert_eq!(call.control, [10, 0, 1, 0, 0]);
        assert!(call.intin.is_empty() && call.addrin.is_empty());
    }

    fn appl_init_failure_is_none() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[-1]));
        assert_eq!(Aes::with_trap(&mut rec).appl_init(), None);
    }

    /// appl_exit: opcode 19, control {19, 0, 1, 0, 0}.
    fn appl_exit_encoding() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1]));
        assert!(Aes::with_trap(&mut rec).appl_exit());
        assert_eq!(rec.single_aes().control, [19, 0, 1, 0, 0]);
    }

    /// appl_find: opcode 13, control {13, 0, 1, 1, 0}; addrin[0] the name, padded to 8
    /// characters with spaces and NUL-terminated.
    fn appl_find_pads_the_name() {
        assert_eq!(&padded_name("FALCON"), b"FALCON  \0");
        assert_eq!(&padded_name("LONGERNAME"), b"LONGERNA\0");
        assert_eq!(&padded_name(""), b"        \0");
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[3]));
        let mut aes = Aes::with_trap(&mut rec);
        // The AES reads the name during the call only; the recorder checks its address
        // was given, and the answer is decoded.
        assert_eq!(aes.appl_find("FALCON"), Some(AppId(3)));
        let call = aes.trap().single_aes();
        assert_eq!(call.control, [13, 0, 1, 1, 0]);
        assert_eq!(call.addrin.len(), 1);
        assert_ne!(call.addrin[0], 0);
        aes.trap_mut().reply_aes(AesReply::ints(&[-1]));
        assert_eq!(aes.appl_find("NOBODY"), None);
    }

    /// appl_write: opcode 12, control {12, 2, 1, 1, 0}; intin = {to, 16}; addrin[0] the
    /// 16-byte buffer holding the message.
    fn appl_write_sends_the_message_buffer() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1]));
        let mut aes = Aes::with_trap(&mut rec);
        let m = Message::AccOpen { menu_id: 0 }.encode(AppId(1));
        assert!(aes.appl_write(AppId(4), &m));
        let call = aes.trap().single_aes();
        assert_eq!(call.control, [12, 2, 1, 1, 0]);
        assert_eq!(call.intin, [4, 16]);
        assert!(call.addrin0_is_message_buffer);
        assert_eq!(call.message, [40, 1, 0, 0, 0, 0, 0, 0]);
    }

    /// appl_getinfo: opcode 130, control {130, 1, 5, 0, 0}, intin = {type}; never called
    /// where the capabilities say the AES lacks it.
    fn appl_getinfo_only_where_present() {
        let mut rec = Recorder::new();
        let absent = Capabilities::default();
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.appl_getinfo(&absent, 12), None);
        assert!(aes.trap().aes_calls.is_empty(), "no call on an AES without appl_getinfo");
        let present = Capabilities { getinfo: true, ..Default::default() };
        aes.trap_mut().reply_aes(AesReply::ints(&[1, 0x01ff, 0, 1, 0]));
        assert_eq!(aes.appl_getinfo(&present, 12), Some([0x01ff, 0, 1, 0]));
        let call = aes.trap().single_aes();
        assert_eq!(call.control, [130, 1, 5, 0, 0]);
        assert_eq!(call.intin, [12]);
        // Return value 0: the AES does not know that question.
        aes.trap_mut().reply_aes(AesReply::ints(&[0, 9, 9, 9, 9]));
        assert_eq!(aes.appl_getinfo(&present, 99), None);
    }
}
