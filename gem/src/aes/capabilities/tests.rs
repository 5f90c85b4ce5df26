use super::*;
use crate::trap::recorder::{AesCall, AesReply, Recorder};

/// An AES after appl_init with this version and application count.
fn aes_of(rec: &mut Recorder, version: i16, apps: i16) -> Aes<&mut Recorder> {
    rec.reply_aes(AesReply { intout: alloc::vec![0], global: alloc::vec![version, apps, 0], ..Default::default() });
    let mut aes = Aes::with_trap(rec);
    aes.appl_init();
    aes
}

fn queries(calls: &[AesCall]) -> alloc::vec::Vec<i16> {
    calls.iter().filter(|c| c.control[0] == 130).map(|c| c.intin[0]).collect()
}

crate::test_cases! {
    /// TOS 4 and EmuTOS: AES 3.40, `?AGI` unknown. Exactly one probe (appl_find), no
    /// appl_getinfo, and every answer "no".
    fn aes_340_has_nothing_newer() {
        let mut rec = Recorder::new();
        let mut aes = aes_of(&mut rec, 0x0340, 1);
        aes.trap_mut().reply_aes(AesReply::ints(&[-1]));
        let c = aes.capabilities(false);
        assert_eq!(c.version, 0x0340);
        assert!(!c.getinfo && c.found_by.is_none());
        assert!(!c.iconify() && !c.ap_term() && !c.bottom() && !c.multitasking());
        assert!(!c.shel_write_mode(9) && c.shel_write_mode(0) && c.shel_write_mode(1));
        let calls = &aes.trap().aes_calls;
        assert_eq!(calls.len(), 2, "appl_init, then appl_find(?AGI) only");
        assert_eq!(calls[1].control, [13, 0, 1, 1, 0]);
        assert!(queries(calls).is_empty());
    }

    /// MultiTOS/XaAES (4.10): the version decides, no `?AGI` query; the window, message,
    /// shell, process, mouse and menu answers are read into the capabilities.
    fn aes_410_reads_its_answers() {
        let mut rec = Recorder::new();
        let mut aes = aes_of(&mut rec, 0x0410, -1);
        let t = aes.trap_mut();
        t.reply_aes(AesReply::ints(&[1, 1, 0, 0, 0])); // 4: pre-emptive
        t.reply_aes(AesReply::ints(&[1, 1, 1, 0, 0])); // 8: M_SAVE/M_RESTORE
        t.reply_aes(AesReply::ints(&[1, 1, 1, 1, 1])); // 9: extended MN_SELECTED
        t.reply_aes(AesReply::ints(&[1, 0x0e0a, 0, 1, 1])); // 10: shel_write up to 10
        t.reply_aes(AesReply::ints(&[1, 0x01ff, 0, 1, 1])); // 11: window features, check-and-set
        t.reply_aes(AesReply::ints(&[1, 0x03cf, 0, 1, 0])); // 12: messages
        let c = aes.capabilities(false);
        assert_eq!(c.found_by, Some(GetinfoEvidence::Version));
        assert!(c.preemptive && c.mouse_save_restore && c.extended_menu_selected && c.update_check_and_set);
        assert_eq!(c.shel_write_max_mode, 10);
        assert!(c.iconify() && c.ap_term() && c.bottom() && c.multitasking());
        assert!(c.messages.contains(MessageSupport::UNTOPPED | MessageSupport::ONTOP | MessageSupport::BOTTOMED));
        assert!(c.shel_write_mode(9) && c.shel_write_mode(10) && !c.shel_write_mode(11));
        assert_eq!(queries(&aes.trap().aes_calls), [4, 8, 9, 10, 11, 12]);
        assert!(!aes.trap().aes_opcodes().contains(&13), "no ?AGI query when the version decides");
    }

    /// Iconify needs both wind_set modes and both messages.
    fn iconify_needs_modes_and_messages() {
        let mut c = Capabilities { getinfo: true, ..Default::default() };
        c.windows = WindowFeatures::ICONIFY | WindowFeatures::UNICONIFY;
        assert!(!c.iconify());
        c.messages = MessageSupport::ICONIFY;
        assert!(!c.iconify());
        c.messages |= MessageSupport::UNICONIFY;
        assert!(c.iconify());
    }

    /// MagiC reports 3.99: its cookie decides, else the `?AGI` answer does.
    fn magic_and_agi() {
        let mut rec = Recorder::new();
        let mut aes = aes_of(&mut rec, 0x0399, -1);
        let c = aes.capabilities(true);
        assert_eq!(c.found_by, Some(GetinfoEvidence::MagiC));
        assert!(!aes.trap().aes_opcodes().contains(&13));

        let mut rec = Recorder::new();
        let mut aes = aes_of(&mut rec, 0x0399, -1);
        aes.trap_mut().reply_aes(AesReply::ints(&[0])); // appl_find("?AGI") = 0
        let c = aes.capabilities(false);
        assert_eq!(c.found_by, Some(GetinfoEvidence::AgiQuery));
        assert_eq!(aes.trap().aes_opcodes()[1], 13);
        assert_eq!(queries(&aes.trap().aes_calls), [4, 8, 9, 10, 11, 12]);
    }
}
