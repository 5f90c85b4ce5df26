use super::*;
use crate::aes::capabilities::{MessageSupport, WindowFeatures};
use crate::trap::recorder::{AesReply, Recorder};

const PARTS: WindowParts = WindowParts::NAME
    .union(WindowParts::CLOSER)
    .union(WindowParts::FULLER)
    .union(WindowParts::MOVER)
    .union(WindowParts::SIZER);

crate::test_cases! {
    /// Window part bits as in the Compendium (NAME 1 … HSLIDE 0x800, SMALLER 0x4000).
    fn part_bits() {
        assert_eq!(PARTS.bits(), 0x002f);
        assert_eq!(WindowParts::INFO.bits(), 0x10);
        assert_eq!((WindowParts::UPARROW | WindowParts::DNARROW | WindowParts::VSLIDE).bits(), 0x1c0);
        assert_eq!((WindowParts::LFARROW | WindowParts::RTARROW | WindowParts::HSLIDE).bits(), 0xe00);
        assert_eq!(WindowParts::SMALLER.bits(), 0x4000);
    }

    /// wind_create {100, 5, 1, 0, 0}: kind, x, y, w, h. wind_open {101, 5, 1, 0, 0}:
    /// handle, x, y, w, h. wind_close {102, 1, 1, 0, 0}, wind_delete {103, 1, 1, 0, 0}.
    fn create_open_close_delete_encoding() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[3]));
        rec.reply_aes(AesReply::ints(&[1]));
        rec.reply_aes(AesReply::ints(&[1]));
        rec.reply_aes(AesReply::ints(&[1]));
        rec.reply_aes(AesReply::ints(&[-1]));
        let mut aes = Aes::with_trap(&mut rec);
        let full = Rect::new(0, 19, 640, 461);
        let w = aes.wind_create(PARTS, full).unwrap();
        assert_eq!(w, WindowHandle(3));
        assert!(aes.wind_open(w, Rect::new(40, 60, 320, 200)));
        assert!(aes.wind_close(w));
        assert!(aes.wind_delete(w));
        assert_eq!(aes.wind_create(PARTS, full), None, "no window left");
        let c = &aes.trap().aes_calls;
        assert_eq!(c[0].control, [100, 5, 1, 0, 0]);
        assert_eq!(c[0].intin, [0x2f, 0, 19, 640, 461]);
        assert_eq!(c[1].control, [101, 5, 1, 0, 0]);
        assert_eq!(c[1].intin, [3, 40, 60, 320, 200]);
        assert_eq!((c[2].control, c[2].intin.as_slice()), ([102, 1, 1, 0, 0], &[3][..]));
        assert_eq!((c[3].control, c[3].intin.as_slice()), ([103, 1, 1, 0, 0], &[3][..]));
    }

    /// wind_get {104, 2, 5, 0, 0}: handle, field; answers in intout[1..5]. The desk's
    /// WF_WORKXYWH is field 4 of handle 0; WF_TOP is field 10.
    fn wind_get_encoding() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1, 0, 19, 640, 461]));
        rec.reply_aes(AesReply::ints(&[1, 2, 0, 0, 0]));
        rec.reply_aes(AesReply::ints(&[0, 0, 0, 0, 0]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.wind_get_rect(WindowHandle::DESK, RectField::Work), Some(Rect::new(0, 19, 640, 461)));
        assert_eq!(aes.wind_get_top(), Some(WindowHandle(2)));
        assert_eq!(aes.wind_get_rect(WindowHandle(9), RectField::Current), None, "error answer");
        let c = &aes.trap().aes_calls;
        assert_eq!(c[0].control, [104, 2, 5, 0, 0]);
        assert_eq!(c[0].intin, [0, 4]);
        assert_eq!(c[1].intin, [0, 10]);
        assert_eq!(c[2].intin, [9, 5]);
    }

    /// The rectangle list: WF_FIRSTXYWH (11), then WF_NEXTXYWH (12) until an empty one.
    fn rectangle_list_is_walked() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1, 10, 20, 100, 50]));
        rec.reply_aes(AesReply::ints(&[1, 10, 70, 30, 30]));
        rec.reply_aes(AesReply::ints(&[1, 0, 0, 0, 0]));
        let mut aes = Aes::with_trap(&mut rec);
        let mut list = [Rect::default(); 4];
        let mut n = 0;
        for r in aes.rectangles(WindowHandle(4)) {
            list[n] = r;
            n += 1;
        }
        assert_eq!(&list[..n], &[Rect::new(10, 20, 100, 50), Rect::new(10, 70, 30, 30)]);
        let fields: alloc::vec::Vec<_> = aes.trap().aes_calls.iter().map(|c| (c.intin[0], c.intin[1])).collect();
        assert_eq!(fields, [(4, 11), (4, 12), (4, 12)]);
    }

    /// An obscured window: the first rectangle is already empty; nothing is drawn.
    fn hidden_window_has_no_rectangles() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1, 0, 0, 0, 0]));
        let mut aes = Aes::with_trap(&mut rec);
        assert_eq!(aes.rectangles(WindowHandle(4)).count(), 0);
        assert_eq!(aes.trap().aes_calls.len(), 1);
    }

    /// wind_set {105, 6, 1, 0, 0}: handle, field, four values. WF_NAME (2) and WF_INFO
    /// (3) take the string's address, high word first; WF_CURRXYWH (5) a rectangle;
    /// WF_TOP (10).
    fn wind_set_encoding() {
        static TITLE: &core::ffi::CStr = c"Net";
        let mut rec = Recorder::new();
        let mut aes = Aes::with_trap(&mut rec);
        aes.wind_set_name(WindowHandle(3), TITLE);
        aes.wind_set_info(WindowHandle(3), c"3 moves");
        aes.wind_set_rect(WindowHandle(3), RectField::Current, Rect::new(8, 30, 200, 150));
        aes.wind_set_top(WindowHandle(3));
        let c = &aes.trap().aes_calls;
        assert!(c.iter().all(|c| c.control == [105, 6, 1, 0, 0]));
        let a = TITLE.as_ptr() as usize as u32;
        assert_eq!(c[0].intin, [3, 2, (a >> 16) as u16 as i16, a as u16 as i16, 0, 0]);
        assert_eq!(&c[1].intin[..2], &[3, 3]);
        assert_eq!(c[2].intin, [3, 5, 8, 30, 200, 150]);
        assert_eq!(c[3].intin, [3, 10, 0, 0, 0, 0]);
    }

    /// WF_BOTTOM (25), WF_ICONIFY (26), WF_UNICONIFY (27) only where the AES has them.
    fn newer_modes_only_where_present() {
        let mut rec = Recorder::new();
        let mut aes = Aes::with_trap(&mut rec);
        let none = Capabilities::default();
        let r = Rect::new(0, 400, 72, 72);
        assert!(!aes.wind_set_bottom(&none, WindowHandle(3)));
        assert!(!aes.wind_set_iconify(&none, WindowHandle(3), r));
        assert!(!aes.wind_set_uniconify(&none, WindowHandle(3), r));
        assert!(aes.trap().aes_calls.is_empty());
        let all = Capabilities {
            getinfo: true,
            windows: WindowFeatures::BOTTOM | WindowFeatures::ICONIFY | WindowFeatures::UNICONIFY,
            messages: MessageSupport::ICONIFY | MessageSupport::UNICONIFY,
            ..Default::default()
        };
        for _ in 0..3 {
            aes.trap_mut().reply_aes(AesReply::ints(&[1]));
        }
        assert!(aes.wind_set_bottom(&all, WindowHandle(3)));
        assert!(aes.wind_set_iconify(&all, WindowHandle(3), r));
        assert!(aes.wind_set_uniconify(&all, WindowHandle(3), Rect::new(40, 60, 320, 200)));
        let c = &aes.trap().aes_calls;
        assert_eq!(c[0].intin, [3, 25, 0, 0, 0, 0]);
        assert_eq!(c[1].intin, [3, 26, 0, 400, 72, 72]);
        assert_eq!(c[2].intin, [3, 27, 40, 60, 320, 200]);
    }

    /// wind_update {107, 1, 1, 0, 0}: END_UPDATE 0, BEG_UPDATE 1, END_MCTRL 2,
    /// BEG_MCTRL 3, check-and-set 0x100.
    fn wind_update_modes() {
        let mut rec = Recorder::new();
        let mut aes = Aes::with_trap(&mut rec);
        for m in [Update::Begin, Update::End, Update::BeginMouse, Update::EndMouse, Update::TryBegin, Update::TryBeginMouse] {
            aes.wind_update(m);
        }
        let c = &aes.trap().aes_calls;
        assert!(c.iter().all(|c| c.control == [107, 1, 1, 0, 0]));
        let modes: alloc::vec::Vec<i16> = c.iter().map(|c| c.intin[0]).collect();
        assert_eq!(modes, [1, 0, 3, 2, 0x101, 0x103]);
    }

    /// wind_calc {108, 6, 5, 0, 0}: type (0 border from work, 1 work from border), kind,
    /// x, y, w, h; answers in intout[1..5]. wind_find {106, 2, 1, 0, 0}: x, y.
    fn wind_calc_and_find_encoding() {
        let mut rec = Recorder::new();
        rec.reply_aes(AesReply::ints(&[1, 39, 79, 322, 222]));
        rec.reply_aes(AesReply::ints(&[2]));
        let mut aes = Aes::with_trap(&mut rec);
        let outer = aes.wind_calc(Calc::BorderFromWork, PARTS, Rect::new(40, 100, 320, 200));
        assert_eq!(outer, Some(Rect::new(39, 79, 322, 222)));
        assert_eq!(aes.wind_find(100, 120), WindowHandle(2));
        let c = &aes.trap().aes_calls;
        assert_eq!(c[0].control, [108, 6, 5, 0, 0]);
        assert_eq!(c[0].intin, [0, 0x2f, 40, 100, 320, 200]);
        assert_eq!(c[1].control, [106, 2, 1, 0, 0]);
        assert_eq!(c[1].intin, [100, 120]);
    }
}
