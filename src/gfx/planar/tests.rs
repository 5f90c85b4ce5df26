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

/// One pen per pixel: the obvious model the blitters are checked against.
struct Model {
    w: i32,
    h: i32,
    px: Vec<u8>,
}

impl Model {
    fn of(s: &Planar<Vec<u16>>) -> Model {
        Model { w: s.width(), h: s.height(), px: s.to_indexed() }
    }
    fn fill(&mut self, r: Rect, pen: u8) {
        for y in r.y.max(0)..r.bottom().min(self.h) {
            for x in r.x.max(0)..r.right().min(self.w) {
                self.px[(y * self.w + x) as usize] = pen;
            }
        }
    }
    /// A copy within the model: every source pixel read before any is written.
    fn copy(&mut self, src: &Model, r: Rect, dx: i32, dy: i32) {
        let before = src.px.clone();
        for y in r.y..r.bottom() {
            for x in r.x..r.right() {
                let (tx, ty) = (x - r.x + dx, y - r.y + dy);
                let on_src = x >= 0 && y >= 0 && x < src.w && y < src.h;
                if on_src && tx >= 0 && ty >= 0 && tx < self.w && ty < self.h {
                    self.px[(ty * self.w + tx) as usize] = before[(y * src.w + x) as usize];
                }
            }
        }
    }
}

/// The left edges, widths and positions the tests try: every position in a group, spans of
/// one group, across two, across several, and off either edge.
const XS: &[i32] = &[-20, -3, 0, 1, 7, 15, 16, 17, 30, 33];
const WIDTHS: &[i32] = &[1, 2, 9, 15, 16, 17, 31, 32, 47, 80];

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

    fn fills_match_the_pixel_model() {
        let mut s = patterned(96, 6);
        let mut m = Model::of(&s);
        let mut pen = 0u8;
        for &x in XS {
            for &w in WIDTHS {
                pen = pen.wrapping_mul(37).wrapping_add(11);
                let r = Rect::new(x, (x + w).rem_euclid(5) - 1, w, 1 + w % 4);
                s.fill_rect(r, pen);
                m.fill(r, pen);
            }
        }
        assert!(s.to_indexed() == m.px, "fills differ from the model");
        // Whole lines (one long row for the blitter), spans, columns.
        s.fill_rect(Rect::new(0, 1, 96, 3), 0x3c);
        m.fill(Rect::new(0, 1, 96, 3), 0x3c);
        s.fill_span(5, 90, 200, 0x81);
        m.fill(Rect::new(90, 5, 6, 1), 0x81);
        s.vline(17, -4, 3, 0x7e);
        m.fill(Rect::new(17, 0, 1, 4), 0x7e);
        s.vline(95, 5, 2, 0x11);
        s.vline(96, 0, 5, 0x11);
        assert!(s.to_indexed() == m.px, "lines differ from the model");
    }

    fn copies_at_every_shift_match_the_pixel_model() {
        let src = patterned(80, 5);
        let sm = Model::of(&src);
        for dx in [-19, -16, -1, 0, 1, 5, 15, 16, 17, 33] {
            for &w in &[1, 3, 16, 18, 45] {
                for sx in [-2, 0, 7, 16] {
                    let mut d = Planar::alloc(64, 6).unwrap();
                    d.clear(0xa5);
                    let mut m = Model::of(&d);
                    let r = Rect::new(sx, 1, w, 3);
                    d.copy_from(&src, r, dx, 2);
                    m.copy(&sm, r, dx, 2);
                    assert!(d.to_indexed() == m.px, "copy of {:?} to x {}", r, dx);
                }
            }
        }
    }

    fn overlapping_copies_at_every_shift_match_the_pixel_model() {
        let base = patterned(80, 6);
        for (dx, dy) in [(1, 0), (-1, 0), (16, 0), (-16, 0), (19, 0), (-33, 0), (7, 1), (-7, -1), (0, 2), (16, -1)] {
            for &(x, w) in &[(0, 80), (3, 40), (17, 13), (30, 1)] {
                let mut s = Planar::new(base.words().to_vec(), 80, 6).unwrap();
                let mut m = Model::of(&s);
                let r = Rect::new(x, 1, w, 4);
                s.copy_rect(r, x + dx, 1 + dy);
                let src = Model::of(&base);
                m.copy(&src, r, x + dx, 1 + dy);
                assert!(s.to_indexed() == m.px, "move of {:?} by {},{}", r, dx, dy);
            }
        }
    }

    fn stencils_paint_only_their_bits() {
        let mut s = patterned(64, 4);
        let mut want = s.to_indexed();
        let masks = [0x8001u16, 0, 0xFFFF, 0x0F0F];
        // Groups -1..3 (group -1 is off the surface), lines 2..5 (4 and 5 off it).
        s.fill_stencil(2, 4, -1, &masks, 0x42);
        for y in 2..4 {
            for g in 0..3 {
                let m = masks[g + 1];
                for bit in 0..16 {
                    if m & (0x8000 >> bit) != 0 {
                        want[y * 64 + g * 16 + bit] = 0x42;
                    }
                }
            }
        }
        assert!(s.to_indexed() == want);
    }

    fn a_mask_sets_its_pixels_of_one_group() {
        let mut s = patterned(48, 3);
        let mut want = s.to_indexed();
        s.fill_mask(1, 1, 0xA001, 0x99);
        for bit in [0, 2, 15] {
            want[48 + 16 + bit] = 0x99;
        }
        assert!(s.to_indexed() == want);
        // Off the surface (a group or a line outside it) or an empty mask: nothing changes.
        for (y, g, m) in [(-1, 0, 0xFFFF), (3, 0, 0xFFFF), (0, -1, 0xFFFF), (0, 3, 0xFFFF), (0, 0, 0)] {
            s.fill_mask(y, g, m, 0x11);
        }
        assert!(s.to_indexed() == want);
    }
}

#[cfg(test)]
#[test]
#[should_panic(expected = "blitter job outside its surface")]
fn a_job_past_the_surface_is_refused() {
    let mut s = Planar::alloc(32, 2).unwrap();
    let job = FillJob { first: 16, stride: 16, rows: 2, mid: 1, ..FillJob::default() };
    blit::fill(s.words_mut(), &job);
}
