use super::*;

/// A surface whose every pixel has a different pattern of pens (for copy tests).
fn patterned(w: i32, h: i32) -> Planar<Vec<u16>> {
    let mut s = Planar::alloc(w, h).unwrap();
    for y in 0..h {
        for x in 0..w {
            s.plot(x, y, ((x * 7 + y * 13) % 251) as u8 + 1);
        }
    }
    s
}

crate::test_cases! {
    fn layout_is_interleaved_bitplanes() {
        let mut s = Planar::alloc(32, 2).unwrap();
        // Pixel 0 of line 0 gets pen 0b1000_0101: planes 0, 2 and 7, bit 15 of their words.
        s.plot(0, 0, 0x85);
        assert_eq!(&s.words()[0..8], &[0x8000, 0, 0x8000, 0, 0, 0, 0, 0x8000]);
        // Pixel 17 of line 1: second group of line 1 (words 24..32), bit 14.
        s.fill_rect(Rect::new(17, 1, 1, 1), 0x02);
        assert_eq!(s.words()[24 + 1], 0x4000);
        assert_eq!(s.pixel(17, 1), 2);
        assert_eq!(s.pixel(0, 0), 0x85);
        assert_eq!(s.pixel(1, 0), 0);
        assert_eq!(s.pixel(-1, 0), 0);
        assert_eq!(s.words().len(), 32 / 16 * 8 * 2);
    }

    fn sizes_are_checked() {
        assert_eq!(Planar::alloc(24, 2).err(), Some(PlanarError::Width(24)));
        assert_eq!(Planar::alloc(16, -1).err(), Some(PlanarError::Height(-1)));
        let mut words = [0u16; 40];
        assert_eq!(
            Planar::new(&mut words[..], 32, 3).err(),
            Some(PlanarError::StorageTooSmall { needed: 48, available: 40 })
        );
        // Storage longer than needed: the rest is left alone.
        {
            let mut s = Planar::new(&mut words[..], 16, 2).unwrap();
            s.clear(0xff);
            assert_eq!(s.words().len(), 16);
        }
        assert!(words[..16].iter().all(|&w| w == 0xffff) && words[16..].iter().all(|&w| w == 0));
        let empty = Planar::alloc(0, 0).unwrap();
        assert!(empty.to_indexed().is_empty());
    }

    fn spans_cross_groups_and_stop_at_the_edges() {
        let mut s = Planar::alloc(64, 4).unwrap();
        s.fill_span(0, 5, 44, 3);
        s.fill_span(1, -10, 3, 4);
        s.fill_span(2, 60, 100, 5);
        s.fill_span(3, 9, 8, 6);
        s.fill_span(4, 0, 63, 7);
        s.fill_span(-1, 0, 63, 7);
        let px = s.to_indexed();
        for x in 0..64usize {
            assert_eq!(px[x], if (5..45).contains(&x) { 3 } else { 0 }, "x={}", x);
            assert_eq!(px[64 + x], if x <= 3 { 4 } else { 0 }, "x={}", x);
            assert_eq!(px[128 + x], if x >= 60 { 5 } else { 0 }, "x={}", x);
            assert_eq!(px[192 + x], 0, "an empty span draws nothing");
        }
        // Overwriting with pen 0 clears every plane.
        s.fill_rect(Rect::new(-5, -5, 100, 100), 0);
        assert!(s.words().iter().all(|&w| w == 0));
        s.clear(0x5a);
        assert!(s.to_indexed().iter().all(|&p| p == 0x5a));
    }

    fn view_draws_into_the_same_words() {
        let mut s = Planar::alloc(16, 1).unwrap();
        s.view().plot(3, 0, 9);
        assert_eq!(s.pixel(3, 0), 9);
        let words = s.into_storage();
        assert_eq!(words.len(), 8);
    }

    fn copy_between_surfaces_at_any_alignment() {
        let src = patterned(48, 6);
        let pens = src.to_indexed();
        for dx in [-3, 0, 5, 16, 21] {
            let mut dst = Planar::alloc(64, 8).unwrap();
            dst.clear(0xee);
            dst.copy_from(&src, Rect::new(3, 1, 30, 4), dx, 2);
            let got = dst.to_indexed();
            for y in 0..8 {
                for x in 0..64 {
                    let (sx, sy) = (x - dx + 3, y - 2 + 1);
                    let inside = (3..33).contains(&sx) && (1..5).contains(&sy);
                    let want = if inside { pens[(sy * 48 + sx) as usize] } else { 0xee };
                    assert_eq!(got[(y * 64 + x) as usize], want, "dx {} at {},{}", dx, x, y);
                }
            }
        }
        // Parts off either surface are not copied.
        let mut dst = Planar::alloc(16, 4).unwrap();
        dst.copy_from(&src, Rect::new(-4, -1, 10, 10), 8, 1);
        assert_eq!(dst.pixel(12, 2), src.pixel(0, 0));
        assert_eq!(dst.pixel(11, 2), 0);
        assert_eq!(dst.pixel(8, 1), 0);
    }

    fn copy_within_a_surface_handles_overlap() {
        // Every direction, including moves by less than a group on the same line.
        let (w, h) = (64, 8);
        let base = patterned(w, h);
        let before = base.to_indexed();
        for (dx, dy) in [(1, 0), (-1, 0), (17, 0), (-17, 0), (0, 1), (0, -1), (5, 3), (-5, -3), (3, -2)] {
            let mut s = Planar::new(base.words().to_vec(), w, h).unwrap();
            let r = Rect::new(10, 2, 40, 4);
            s.copy_rect(r, r.x + dx, r.y + dy);
            let got = s.to_indexed();
            let moved = r.offset(dx, dy);
            for y in 0..h {
                for x in 0..w {
                    let from = if moved.contains(x, y) { (x - dx, y - dy) } else { (x, y) };
                    let want = before[(from.1 * w + from.0) as usize];
                    assert_eq!(got[(y * w + x) as usize], want, "move {},{} at {},{}", dx, dy, x, y);
                }
            }
        }
    }
}
