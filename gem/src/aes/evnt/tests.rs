use super::*;
use crate::aes::AppId;
use crate::aes::wind::WindowHandle;
use crate::trap::recorder::{AesReply, Recorder};

crate::test_cases! {
    /// evnt_multi: opcode 25, control {25, 16, 7, 1, 0}; intin = flags, clicks, mask,
    /// state, m1 (flag, x, y, w, h), m2 (flag, x, y, w, h), timer low, timer high;
    /// addrin[0] the message buffer.
    fn evnt_multi_encoding() {
        let mut rec = Recorder::new();
        let mut aes = Aes::with_trap(&mut rec);
        let request = EventRequest {
            message: true,
            keyboard: true,
            button: Some(ButtonWait::EITHER_PRESSED),
            mouse1: Some(MouseRect { leave: true, rect: Rect::new(100, 50, 1, 1) }),
            mouse2: Some(MouseRect { leave: false, rect: Rect::new(0, 0, 640, 19) }),
            timer_ms: Some(0x0001_0014),
        };
        aes.evnt_multi(&request);
        let call = aes.trap().single_aes();
        assert_eq!(call.control, [25, 16, 7, 1, 0]);
        assert_eq!(call.intin, [0x3f, 0x102, 3, 0, 1, 100, 50, 1, 1, 0, 0, 0, 640, 19, 0x14, 1]);
        assert!(call.addrin0_is_message_buffer);
    }

    /// A press answered at once: clicks 0x101 (one click, the condition inverted: any of
    /// mask left|right differing from state 0), so the AES does not wait for a second.
    fn a_press_waited_for_once_asks_for_one_click() {
        let mut rec = Recorder::new();
        let mut aes = Aes::with_trap(&mut rec);
        aes.evnt_multi(&EventRequest { button: Some(ButtonWait::EITHER_PRESSED_ONCE), ..Default::default() });
        assert_eq!(aes.trap().single_aes().intin[..4], [0x02, 0x101, 3, 0]);
    }

    /// MU_* values: keyboard 1, button 2, M1 4, M2 8, message 16, timer 32.
    fn mask_values() {
        assert_eq!(EventRequest { keyboard: true, ..Default::default() }.mask().bits(), 0x01);
        assert_eq!(EventRequest { button: Some(ButtonWait::EITHER_PRESSED), ..Default::default() }.mask().bits(), 0x02);
        assert_eq!(EventRequest { message: true, timer_ms: Some(20), ..Default::default() }.mask().bits(), 0x30);
        assert_eq!(EventRequest::default().mask(), EventMask::empty());
    }

    /// intout: which, mouse x, y, buttons, shift, key, clicks; the message from the
    /// buffer, decoded.
    fn evnt_multi_decodes_what_happened() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply {
            intout: alloc::vec![0x13, 320, 240, 1, 0x04, 0x1c0d, 2],
            message: Some([21, 0, 0, 5, 0, 0, 0, 0]),
            ..Default::default()
        });
        let mut aes = Aes::with_trap(&mut rec);
        let e = aes.evnt_multi(&EventRequest { message: true, keyboard: true, ..Default::default() });
        assert_eq!(e.happened, EventMask::KEYBOARD | EventMask::BUTTON | EventMask::MESSAGE);
        assert_eq!((e.mouse_x, e.mouse_y), (320, 240));
        assert_eq!(e.buttons, MouseButtons::LEFT);
        assert_eq!(e.shift, KeyShift::CONTROL);
        assert_eq!(e.key, Some(Key { scancode: 0x1c, ascii: 0x0d }));
        assert_eq!(e.clicks, 2);
        assert_eq!(e.message(), Some(Message::Topped { window: WindowHandle(5) }));
        assert_eq!(e.raw_message.map(|m| m.sender()), Some(AppId(0)));
    }

    /// Only the events that happened carry their data.
    fn timer_only_carries_no_key_or_message() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[0x20, 1, 2, 0, 0, 0x1c0d, 1]));
        let e = Aes::with_trap(&mut rec).evnt_multi(&EventRequest { timer_ms: Some(20), ..Default::default() });
        assert_eq!(e.happened, EventMask::TIMER);
        assert_eq!((e.key, e.clicks, e.raw_message), (None, 0, None));
    }

    /// evnt_mesag: opcode 23, control {23, 0, 1, 1, 0}; evnt_timer: opcode 24, control
    /// {24, 2, 1, 0, 0}, intin = low word, high word.
    fn evnt_mesag_and_timer_encoding() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply { intout: alloc::vec![1], message: Some([41, 0, 0, 3, 0, 0, 0, 0]), ..Default::default() });
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.evnt_mesag().decode(), Message::AccClose { menu_id: 3 });
        aes.evnt_timer(100_000);
        let calls = &aes.trap().aes_calls;
        assert_eq!(calls[0].control, [23, 0, 1, 1, 0]);
        assert!(calls[0].addrin0_is_message_buffer);
        assert_eq!(calls[1].control, [24, 2, 1, 0, 0]);
        assert_eq!(calls[1].intin, [(100_000u32 & 0xffff) as u16 as i16, 1]);
    }

    fn key_words() {
        let k = Key::from_word(0x4800u16 as i16);
        assert_eq!(k, Key { scancode: 0x48, ascii: 0 });
        assert_eq!(Key { scancode: 0x61, ascii: 0 }.to_word(), 0x6100);
        assert_eq!(Key::from_word(-1), Key { scancode: 0xff, ascii: 0xff });
    }
}
