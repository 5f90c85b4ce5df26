use super::*;

/// Every decodable kind, with distinct payloads.
fn samples() -> [Message; 29] {
    let w = WindowHandle(3);
    let r = Rect::new(10, 20, 300, 200);
    [
        Message::MenuSelected { title: ObjectId(4), item: ObjectId(17), tree: 0x0012_3456, parent: ObjectId(15) },
        Message::Redraw { window: w, area: r },
        Message::Topped { window: w },
        Message::Closed { window: w },
        Message::Fulled { window: w },
        Message::Arrowed { window: w, arrow: Arrow::DownLine },
        Message::HSlid { window: w, position: 500 },
        Message::VSlid { window: w, position: 1000 },
        Message::Sized { window: w, rect: r },
        Message::Moved { window: w, rect: r },
        Message::NewTop { window: w },
        Message::Untopped { window: w },
        Message::OnTop { window: w },
        Message::Bottomed { window: w },
        Message::Iconify { window: w, rect: Rect::new(0, 400, 72, 72) },
        Message::Uniconify { window: w, rect: r },
        Message::AllIconify { window: w, rect: r },
        Message::AccOpen { menu_id: 2 },
        Message::AccClose { menu_id: 2 },
        Message::Terminate { reason: TermReason::ResolutionChange },
        Message::TermFailed { error: -39 },
        Message::ShutCompleted { ok: false, refused_by: AppId(5), error: -1 },
        Message::ReschCompleted { ok: true },
        Message::DragDrop { window: WindowHandle(-1), x: 100, y: 120, shift: 4, pipe: *b"AA" },
        Message::ShellRedraw { drive: 2 },
        Message::ClipboardChanged { format: 2 },
        Message::VaStart { command: 0x00ab_cdef },
        Message::AvStarted { command: 0x00ab_cdef },
        Message::Unknown(RawMessage([1234, 1, 0, 1, 2, 3, 4, 5])),
    ]
}

crate::test_cases! {
    /// Words as the Compendium lays them out: kind, sender, 0, then the data.
    fn layouts_follow_the_compendium() {
        let me = AppId(7);
        let r = Rect::new(10, 20, 300, 200);
        let w = WindowHandle(3);
        assert_eq!(Message::Redraw { window: w, area: r }.encode(me).0, [20, 7, 0, 3, 10, 20, 300, 200]);
        assert_eq!(Message::Topped { window: w }.encode(me).0, [21, 7, 0, 3, 0, 0, 0, 0]);
        assert_eq!(Message::Closed { window: w }.encode(me).0[0], 22);
        assert_eq!(Message::Fulled { window: w }.encode(me).0[0], 23);
        assert_eq!(Message::Arrowed { window: w, arrow: Arrow::LeftLine }.encode(me).0, [24, 7, 0, 3, 6, 0, 0, 0]);
        assert_eq!(Message::HSlid { window: w, position: 250 }.encode(me).0, [25, 7, 0, 3, 250, 0, 0, 0]);
        assert_eq!(Message::VSlid { window: w, position: 750 }.encode(me).0, [26, 7, 0, 3, 750, 0, 0, 0]);
        assert_eq!(Message::Sized { window: w, rect: r }.encode(me).0[0], 27);
        assert_eq!(Message::Moved { window: w, rect: r }.encode(me).0[0], 28);
        assert_eq!(Message::NewTop { window: w }.encode(me).0[0], 29);
        assert_eq!(Message::Untopped { window: w }.encode(me).0[0], 30);
        assert_eq!(Message::OnTop { window: w }.encode(me).0[0], 31);
        assert_eq!(Message::Bottomed { window: w }.encode(me).0[0], 33);
        assert_eq!(Message::Iconify { window: w, rect: r }.encode(me).0, [34, 7, 0, 3, 10, 20, 300, 200]);
        assert_eq!(Message::Uniconify { window: w, rect: r }.encode(me).0[0], 35);
        assert_eq!(Message::AllIconify { window: w, rect: r }.encode(me).0[0], 36);
        // AC_OPEN carries the menu id in word 4, AC_CLOSE in word 3.
        assert_eq!(Message::AccOpen { menu_id: 2 }.encode(me).0, [40, 7, 0, 0, 2, 0, 0, 0]);
        assert_eq!(Message::AccClose { menu_id: 2 }.encode(me).0, [41, 7, 0, 2, 0, 0, 0, 0]);
        // AP_TERM: the reason in word 5 (AP_TERM itself or AP_RESCHG 57).
        assert_eq!(Message::Terminate { reason: TermReason::Shutdown }.encode(me).0, [50, 7, 0, 0, 0, 50, 0, 0]);
        assert_eq!(Message::Terminate { reason: TermReason::ResolutionChange }.encode(me).0[5], 57);
        // AP_TFAIL: the error code where the sender would be.
        assert_eq!(Message::TermFailed { error: -39 }.encode(me).0, [51, -39, 0, 0, 0, 0, 0, 0]);
        assert_eq!(Message::ShutCompleted { ok: false, refused_by: AppId(5), error: -1 }.encode(me).0, [60, 7, 0, 0, 5, -1, 0, 0]);
        assert_eq!(Message::ReschCompleted { ok: true }.encode(me).0, [61, 7, 0, 1, 0, 0, 0, 0]);
        assert_eq!(
            Message::DragDrop { window: WindowHandle(-1), x: 100, y: 120, shift: 4, pipe: *b"AB" }.encode(me).0,
            [63, 7, 0, -1, 100, 120, 4, 0x4142]
        );
        assert_eq!(Message::ShellRedraw { drive: 2 }.encode(me).0, [72, 7, 0, 2, 0, 0, 0, 0]);
        assert_eq!(Message::ClipboardChanged { format: 2 }.encode(me).0, [80, 7, 0, 2, 0, 0, 0, 0]);
        // VA_START and AV_STARTED: an address in words 3-4, high word first.
        assert_eq!(Message::VaStart { command: 0x0012_3456 }.encode(me).0, [0x4711, 7, 0, 0x12, 0x3456, 0, 0, 0]);
        assert_eq!(Message::AvStarted { command: 0x0012_3456 }.encode(me).0[0], 0x4738);
        // MN_SELECTED: title, item, tree address (high, low), parent.
        assert_eq!(
            Message::MenuSelected { title: ObjectId(4), item: ObjectId(17), tree: 0x00c0_8000, parent: ObjectId(15) }
                .encode(me)
                .0,
            [10, 7, 0, 4, 17, 0xc0, -0x8000, 15]
        );
    }

    fn every_kind_survives_encode_then_decode() {
        for m in samples() {
            assert_eq!(m.encode(AppId(1)).decode(), m);
        }
    }

    /// A kind this crate does not know is kept whole, and the numbers of the AES's old
    /// messages are not mistaken for one another.
    fn unknown_kinds_stay_raw() {
        for kind in [0i16, 11, 32, 37, 42, 52, 100, 1024, 22360] {
            let raw = RawMessage([kind, 3, 0, 9, 8, 7, 6, 5]);
            assert_eq!(raw.decode(), Message::Unknown(raw), "kind {kind}");
        }
        let odd = RawMessage([24, 3, 0, 9, 8, 0, 0, 0]);
        assert_eq!(odd.decode(), Message::Arrowed { window: WindowHandle(9), arrow: Arrow::Other(8) });
        let term = RawMessage([50, -1, 0, -1, 0, 0, 0, 0]);
        assert_eq!(term.decode(), Message::Terminate { reason: TermReason::Other(0) });
    }

    fn sender_and_bytes() {
        let raw = Message::AccOpen { menu_id: 7 }.encode(AppId(3));
        assert_eq!(raw.kind(), 40);
        assert_eq!(raw.sender(), AppId(3));
        assert_eq!(raw.to_bytes(), [0, 40, 0, 3, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0]);
    }
}
