use super::recorder::{AesReply, Recorder, VdiReply};
use super::*;

crate::test_cases! {
    /// The VDI reads an MFDB address from two words, high word first.
    fn addresses_split_high_word_first() {
        assert_eq!(address_words(0x0012_3456), [0x0012, 0x3456]);
        assert_eq!(address_words(0x00ff_8000), [0x00ff, -0x8000]);
        assert_eq!(address_words(0), [0, 0]);
    }

    /// The recorder keeps exactly the entries `control` declares and plays back replies
    /// in order.
    fn recorder_keeps_declared_entries() {
        let mut rec = Recorder::new();
        let mut block = AesArrays::new();
        block.control = [13, 0, 1, 1, 0];
        block.intin = [9; 16];
        block.addrin = [0x1000, 0x2000, 0x3000];
        rec.reply_aes(AesReply::ints(&[5]));
        rec.aes(&mut block);
        let call = rec.single_aes();
        assert_eq!(call.control, [13, 0, 1, 1, 0]);
        assert!(call.intin.is_empty());
        assert_eq!(call.addrin, [0x1000]);
        assert_eq!(block.intout[0], 5);
        // No reply queued: zeros.
        block.intout = [7; 16];
        rec.aes(&mut block);
        assert_eq!(block.intout, [0; 16]);
        assert_eq!(rec.aes_opcodes(), [13, 13]);
    }

    fn recorder_vdi_replies_set_counts_and_handle() {
        let mut rec = Recorder::new();
        let mut block = VdiArrays::new();
        block.contrl[..7].copy_from_slice(&[100, 0, 0, 11, 0, 0, 1]);
        rec.reply_vdi(VdiReply { intout: alloc::vec![639, 479], ptsout: alloc::vec![1, 2], contrl: alloc::vec![(6, 3), (4, 45), (2, 6)] });
        rec.vdi(&mut block);
        assert_eq!(rec.single_vdi().intin.len(), 11);
        assert_eq!(&block.contrl[..7], &[100, 0, 6, 11, 45, 0, 3]);
        assert_eq!(&block.intout[..2], &[639, 479]);
        assert_eq!(&block.ptsout[..2], &[1, 2]);
    }

    /// A string sent by address is copied up to its NUL, or up to the room given.
    fn foreign_strings_are_copied_to_the_nul() {
        let text = *b"C:\\GAMES\\NET.SAV\0garbage";
        let mut out = [0u8; 64];
        // SAFETY: the address is our own NUL-terminated buffer.
        let n = unsafe { copy_foreign_string(text.as_ptr() as usize, &mut out) };
        assert_eq!(&out[..n], b"C:\\GAMES\\NET.SAV");
        let mut small = [0u8; 4];
        // SAFETY: as above; at most 4 bytes are read.
        let n = unsafe { copy_foreign_string(text.as_ptr() as usize, &mut small) };
        assert_eq!(&small[..n], b"C:\\G");
    }
}
