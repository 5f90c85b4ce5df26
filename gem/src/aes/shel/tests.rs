use super::*;
use crate::aes::AppId;
use crate::aes::capabilities::MessageSupport;
use crate::message::Message;
use crate::trap::recorder::{AesReply, Recorder};

fn multitos() -> Capabilities {
    Capabilities { getinfo: true, messages: MessageSupport::AP_TERM, shel_write_max_mode: 10, ..Default::default() }
}

crate::test_cases! {
    /// shel_write {121, 3, 1, 2, 0}: mode 9 with bit 0 (AP_TERM understood), addrin 0, 0.
    fn announce_ap_term_encoding() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1]));
        let mut aes = Aes::with_trap(&mut rec);
        assert!(aes.shel_announce_ap_term(&multitos()));
        let c = aes.trap().single_aes();
        assert_eq!(c.control, [121, 3, 1, 2, 0]);
        assert_eq!(c.intin, [9, 1, 0]);
        assert_eq!(c.addrin, [0, 0]);
    }

    /// Mode 1: isgr 1, addrin the program's name and the command line, length byte first.
    fn run_next_encoding() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1]));
        let mut aes = Aes::with_trap(&mut rec);
        let program = c"C:\\ACCDRV.PRG";
        assert!(aes.shel_run_next(program, b"2"));
        let c = aes.trap().single_aes();
        assert_eq!(c.control, [121, 3, 1, 2, 0]);
        assert_eq!(c.intin, [1, 1, 0]);
        assert_eq!(c.addrin[0], program.as_ptr() as usize);
        assert_ne!(c.addrin[1], 0);
        // A line longer than a basepage holds is refused without calling.
        let mut rec = Recorder::new();
        let mut aes = Aes::with_trap(&mut rec);
        assert!(!aes.shel_run_next(program, &[b'x'; TAIL_MAX + 1]));
        assert!(aes.trap().aes_calls.is_empty());
    }

    /// Nothing is called on an AES without mode 9 (TOS 4, EmuTOS).
    fn no_announcement_on_aes_340() {
        let mut rec = Recorder::new();
        let mut aes = Aes::with_trap(&mut rec);
        let c = Capabilities { version: 0x0340, max_applications: 1, ..Default::default() };
        assert!(!aes.shel_announce_ap_term(&c));
        assert!(!aes.shel_message_to_aes(&c, &Message::TermFailed { error: -1 }.encode(AppId(0))));
        assert!(!aes.shel_broadcast(&c, &Message::ClipboardChanged { format: 2 }.encode(AppId(0))));
        assert!(aes.trap().aes_calls.is_empty());
    }

    /// Mode 10 (AP_TFAIL to the AES) and mode 7 (broadcast): addrin[0] = the message.
    fn message_modes_encoding() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1]));
        rec.reply_aes(AesReply::ints(&[1]));
        let mut aes = Aes::with_trap(&mut rec);
        assert!(aes.shel_message_to_aes(&multitos(), &Message::TermFailed { error: -39 }.encode(AppId(4))));
        assert!(aes.shel_broadcast(&multitos(), &Message::ClipboardChanged { format: 2 }.encode(AppId(4))));
        let c = &aes.trap().aes_calls;
        assert_eq!(c[0].control, [121, 3, 1, 2, 0]);
        assert_eq!(c[0].intin, [10, 0, 0]);
        assert!(c[0].addrin0_is_message_buffer && c[0].addrin[1] == 0);
        assert_eq!(c[0].message, [51, -39, 0, 0, 0, 0, 0, 0]);
        assert_eq!(c[1].intin, [7, 0, 0]);
        assert_eq!(c[1].message[0], 80);
    }
}
