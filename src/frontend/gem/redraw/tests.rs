use alloc::vec;
use alloc::vec::Vec;

use falcon_gem::trap::recorder::{AesReply, Recorder, VdiReply};

use super::*;

/// The replies of `v_opnvwk` (handle 3, a 640x480 screen) and `vq_extnd(1)` (`planes`).
fn open_replies(rec: &mut Recorder, planes: i16) {
    let mut intout = vec![0i16; 45];
    intout[0] = 639;
    intout[1] = 479;
    intout[13] = 256;
    rec.reply_vdi(VdiReply { intout, ptsout: vec![0; 12], contrl: vec![(6, 3), (2, 6), (4, 45)] });
    let mut ext = vec![0i16; 45];
    ext[4] = planes;
    rec.reply_vdi(VdiReply { intout: ext, ptsout: vec![0; 12], contrl: vec![(2, 6), (4, 45)] });
}

/// `wind_get`'s answer of one rectangle (the end of the list: an empty one).
fn rect_reply(r: Rect) -> AesReply {
    AesReply::ints(&[1, r.x, r.y, r.w, r.h])
}

const WORK: Rect = Rect { x: 100, y: 50, w: 200, h: 100 };

crate::test_cases! {
    fn each_visible_part_of_the_area_is_copied_from_the_surface() {
        let mut surface = Planar::alloc(208, 100).unwrap();
        let mut vrec = Recorder::new();
        open_replies(&mut vrec, 8);
        let (mut vdi, _) = Vdi::open(&mut vrec, 1).unwrap();
        let mut arec = Recorder::new();
        arec.reply_aes(AesReply::ints(&[1])); // wind_update
        arec.reply_aes(rect_reply(Rect::new(100, 50, 50, 100))); // the left half is visible,
        arec.reply_aes(rect_reply(Rect::new(150, 50, 150, 30))); // and a strip at the top,
        arec.reply_aes(rect_reply(Rect::new(0, 0, 0, 0))); // no more
        let mut aes = Aes::with_trap(&mut arec);
        let picture = source(&mut surface, vdi.planes()).unwrap();
        // The AES asks for a rectangle reaching over the window's top left edge.
        let copied = redraw(&mut aes, &mut vdi, WindowHandle(2), Rect::new(80, 40, 100, 100), WORK, &picture, (208, 100));
        assert_eq!(copied, Walked { copied: 2, refused: None });
        drop(vdi);
        assert_eq!(arec.aes_opcodes(), [107, 104, 104, 104, 107]);
        assert_eq!(arec.aes_calls[0].intin, [1], "BEG_UPDATE");
        assert_eq!(arec.aes_calls[1].intin, [2, 11], "WF_FIRSTXYWH of window 2");
        assert_eq!(arec.aes_calls[2].intin, [2, 12], "WF_NEXTXYWH");
        assert_eq!(arec.aes_calls[4].intin, [0], "END_UPDATE");
        // Opened (100, 102), pointer hidden, two copies, pointer shown, closed.
        assert_eq!(vrec.vdi_opcodes(), [100, 102, 123, 109, 109, 122, 101]);
        let copies: Vec<(Vec<i16>, Vec<i16>)> =
            vrec.vdi_calls.iter().filter(|c| c.contrl[0] == 109).map(|c| (c.intin.clone(), c.ptsin.clone())).collect();
        // S_ONLY; source corners on the surface, then screen corners: the area cut to the
        // work area (100,50)-(179,139), then to each visible rectangle.
        assert_eq!(copies[0], (vec![3], vec![0, 0, 49, 89, 100, 50, 149, 139]));
        assert_eq!(copies[1], (vec![3], vec![50, 0, 79, 29, 150, 50, 179, 79]));
    }

    fn a_window_past_the_screen_edge_is_copied_where_it_shows() {
        // A window dragged right: its work area (500,50)-(699,149) runs 60 pixels past the
        // 640-pixel screen. The AES's list names rectangles of the window, not of the
        // screen: the first reaches past the edge, the second lies wholly beyond it, the
        // third is on the screen.
        let mut surface = Planar::alloc(208, 100).unwrap();
        let mut vrec = Recorder::new();
        open_replies(&mut vrec, 8);
        let (mut vdi, _) = Vdi::open(&mut vrec, 1).unwrap();
        let mut arec = Recorder::new();
        arec.reply_aes(AesReply::ints(&[1])); // wind_update
        arec.reply_aes(rect_reply(Rect::new(560, 50, 140, 30)));
        arec.reply_aes(rect_reply(Rect::new(650, 80, 50, 70)));
        arec.reply_aes(rect_reply(Rect::new(500, 80, 100, 70)));
        arec.reply_aes(rect_reply(Rect::new(0, 0, 0, 0)));
        let mut aes = Aes::with_trap(&mut arec);
        let picture = source(&mut surface, vdi.planes()).unwrap();
        let work = Rect::new(500, 50, 200, 100);
        let walked = redraw(&mut aes, &mut vdi, WindowHandle(2), work, work, &picture, (200, 100));
        assert_eq!(walked, Walked { copied: 2, refused: None });
        drop(vdi);
        assert_eq!(arec.aes_opcodes(), [107, 104, 104, 104, 104, 107], "the whole list walked");
        let copies: Vec<Vec<i16>> = vrec.vdi_calls.iter().filter(|c| c.contrl[0] == 109).map(|c| c.ptsin.clone()).collect();
        // The first cut at the screen's last column, 639; the second skipped; the third whole.
        assert_eq!(copies, [vec![60, 0, 139, 29, 560, 50, 639, 79], vec![0, 30, 99, 99, 500, 80, 599, 149]]);
    }

    fn a_refused_copy_does_not_end_the_walk() {
        // The picture is narrower (160) than the size the host claims (208): the copy of
        // the first rectangle reaches past the picture and is refused; the second is copied.
        let mut surface = Planar::alloc(160, 100).unwrap();
        let mut vrec = Recorder::new();
        open_replies(&mut vrec, 8);
        let (mut vdi, _) = Vdi::open(&mut vrec, 1).unwrap();
        let mut arec = Recorder::new();
        arec.reply_aes(AesReply::ints(&[1])); // wind_update
        arec.reply_aes(rect_reply(Rect::new(200, 50, 100, 50)));
        arec.reply_aes(rect_reply(Rect::new(100, 100, 50, 50)));
        arec.reply_aes(rect_reply(Rect::new(0, 0, 0, 0)));
        let mut aes = Aes::with_trap(&mut arec);
        let picture = source(&mut surface, vdi.planes()).unwrap();
        let walked = redraw(&mut aes, &mut vdi, WindowHandle(2), WORK, WORK, &picture, (208, 100));
        assert_eq!(walked, Walked { copied: 1, refused: Some(RasterError::OutOfBounds) });
        drop(vdi);
        assert_eq!(arec.aes_opcodes(), [107, 104, 104, 104, 107]);
        assert_eq!(arec.aes_calls[4].intin, [0], "END_UPDATE");
        assert_eq!(vrec.vdi_opcodes(), [100, 102, 123, 109, 122, 101], "one copy, the pointer shown again");
    }

    fn an_area_outside_the_picture_asks_nothing() {
        let mut surface = Planar::alloc(208, 100).unwrap();
        let mut vrec = Recorder::new();
        open_replies(&mut vrec, 8);
        let (mut vdi, _) = Vdi::open(&mut vrec, 1).unwrap();
        let mut arec = Recorder::new();
        let mut aes = Aes::with_trap(&mut arec);
        let picture = source(&mut surface, 8).unwrap();
        // Over the window's title bar only.
        let copied = redraw(&mut aes, &mut vdi, WindowHandle(2), Rect::new(100, 30, 50, 20), WORK, &picture, (208, 100));
        assert_eq!(copied, Walked { copied: 0, refused: None });
        drop(vdi);
        assert!(arec.aes_opcodes().is_empty());
        assert_eq!(vrec.vdi_opcodes(), [100, 102, 101]);
    }

    fn the_surface_is_the_source_only_at_256_colours() {
        let mut surface = Planar::alloc(32, 4).unwrap();
        surface.plot(17, 1, 0xA5);
        let words: Vec<u16> = surface.words().to_vec();
        {
            let picture = source(&mut surface, 8).unwrap();
            assert!(!picture.is_screen());
            assert_eq!(picture.format(), Format::Device);
            assert_eq!(picture.words(), &words[..], "the surface's own words, interleaved planes");
        }
        assert_eq!(source(&mut surface, 4).err(), Some(RasterError::PlaneMismatch));
        assert_eq!(source(&mut surface, 1).err(), Some(RasterError::PlaneMismatch));
    }
}
