//! Benchmarks of the blitters (`falcon_puzzles::gfx::blit`) and of what they are for, on a
//! 640×480 screen of 256 colours: a full-screen fill and copy measured against the plainest
//! fast `movem.l` loops (`gfx_bench/baseline.s`, linked into the benchmark program) in the
//! same run (goal: within 1.25× of them), a 32×32 masked sprite, a 16-character line of the
//! 8×16 font, one move of Fifteen, Slide and Maze drawn by the app (the key press and every
//! animation frame), and an on-screen menu of the collection opened and closed.
//!
//! `bench_cases!`, listed by `selftest/build.rs` in `suites::BENCH_SUITES`: `cargo xtask bench` runs them on the
//! 68030; on the host each runs as a test with a clock that says 0, where the bodies check
//! that the work is right (the same as the baseline's, pixels where they belong).

use alloc::boxed::Box;
use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use falcon_puzzles::app::script::{Screen, screenshot_digest};
use falcon_puzzles::app::{Activity, App, Command, Input, KeyPress, OnScreen, PuzzleActivity};
use falcon_puzzles::gfx::{NullDrawing, Planar, Sprite, font8x16, text};
use falcon_puzzles::keyboard::{Shift, scancode};
use falcon_puzzles::testcase::Bench;

const W: i32 = 640;
const H: i32 = 480;
/// Words of a 640×480 screen of 8 planes.
const SCREEN_WORDS: usize = (W * H / 2) as usize;

#[cfg(all(target_arch = "m68k", feature = "target"))]
unsafe extern "C" {
    fn bench_fill_longs(dst: *mut u32, pattern: *const u32, bytes: u32);
    fn bench_copy_longs(src: *const u32, dst: *mut u32, bytes: u32);
}

/// The baseline fill: `words` (a multiple of 24) set to the 4 longs of `pattern` repeated.
fn baseline_fill(words: &mut [u16], pattern: &[u32; 4]) {
    assert!(words.len().is_multiple_of(24) && (words.as_ptr() as usize).is_multiple_of(2));
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    // SAFETY: writes exactly `words.len() * 2` bytes from its start (a multiple of 48); the
    // 68030 stores longs at even addresses.
    unsafe {
        bench_fill_longs(words.as_mut_ptr().cast(), pattern.as_ptr(), (words.len() * 2) as u32)
    };
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    for (i, w) in words.iter_mut().enumerate() {
        let l = pattern[i / 2 % 4];
        *w = if i % 2 == 0 { (l >> 16) as u16 } else { l as u16 };
    }
}

/// The baseline copy of `src` to `dst` (same length, a multiple of 24 words).
fn baseline_copy(src: &[u16], dst: &mut [u16]) {
    assert!(src.len() == dst.len() && src.len().is_multiple_of(24));
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    // SAFETY: reads and writes exactly `src.len() * 2` bytes of the two buffers.
    unsafe {
        bench_copy_longs(src.as_ptr().cast(), dst.as_mut_ptr().cast(), (src.len() * 2) as u32)
    };
    #[cfg(not(all(target_arch = "m68k", feature = "target")))]
    dst.copy_from_slice(src);
}

/// The 4 longs a group of `pen` holds (planes 2k and 2k+1 in long k).
fn pattern(pen: u8) -> [u32; 4] {
    let word = |p: u32| if pen as u32 >> p & 1 != 0 { 0xFFFFu32 } else { 0 };
    [0, 1, 2, 3].map(|k| word(2 * k) << 16 | word(2 * k + 1))
}

/// A goal of 1.25 times the baseline (none on the host, whose clock says nothing).
fn goal_from(b: &Bench, baseline: u64) -> Option<u64> {
    (!b.on_host()).then_some(baseline * 5 / 4)
}

/// A screen of pens that vary in every plane, for copies.
fn patterned() -> Planar<Vec<u16>> {
    let words: Vec<u16> = (0..SCREEN_WORDS as u32).map(|i| (i.wrapping_mul(0x9E37_79B9) >> 13) as u16).collect();
    Planar::new(words, W, H).expect("640x480")
}

/// One move of `game` (its ID `id`) on the 640×480 screen by the key `key`: the cycles of
/// the key press and of every animation frame until the app wants no more ticks (20 ms each,
/// as the front ends tick), the largest frame, and drawing the whole screen before.
fn move_redraw(b: &mut Bench, name: &str, game: &str, id: &str, key: u8) {
    let entry = falcon_puzzles::games::find(game).expect("game");
    let mut puzzle = (entry.new)(name.as_bytes());
    puzzle.set_game_id(id).expect("game ID");
    puzzle.new_game(&mut NullDrawing::default());
    let mut app = App::with_activity(Box::new(PuzzleActivity::new(puzzle)), name.as_bytes());
    let mut screen = Screen::new(W, H).expect("screen");
    let (full, ()) = b.time(|| app.draw_all(&mut screen.target()));
    screen.damage.clear();
    let before = screen_digest(&screen);
    let (input, _) =
        b.time(|| app.input(&mut screen.target(), &Input::KeyDown(KeyPress::special(key, Shift::empty()))));
    let (mut frames, mut total, mut largest) = (0u64, input, 0u64);
    while app.wants_ticks() && frames < 500 {
        let (c, ()) = b.time(|| {
            app.input(&mut screen.target(), &Input::Tick { ms: 20 });
        });
        frames += 1;
        total += c;
        largest = largest.max(c);
    }
    screen.damage.clear();
    assert!(screen_digest(&screen) != before, "{}: the move changed nothing on the screen", name);
    b.report(
        name,
        total,
        None,
        &[("input", input), ("frames", frames), ("largest_frame", largest), ("full_draw", full)],
    );
    // One animation frame on its own line, against one 60 Hz VBL at 16 MHz (a move that does
    // not animate has no such frame).
    if frames > 0 {
        let vbl = (!b.on_host()).then_some(266_667);
        b.report(&format!("{name}_animation_frame"), largest, vbl, &[("frames", frames)]);
    }
}

fn screen_digest(screen: &Screen) -> u64 {
    screenshot_digest(&screen.surface, &screen.palette)
}

falcon_puzzles::bench_cases! {
    /// The GEM window's picture at 16 colours (`frontend::gem::depth::convert`): the
    /// collection's start screen in the 320×240 surface of the window, converted whole into
    /// 4 planes for `vro_cpyfm`, as every WM_REDRAW of the whole window does.
    fn gem_window_converted_to_16_colours(b: &mut Bench) {
        use falcon_puzzles::frontend::gem::depth::{PenMap, convert, pixel_of_vdi_pen};
        let mut screen = Screen::new(320, 240).expect("surface");
        let mut app = App::new(b"gfx_bench");
        app.draw_all(&mut screen.target());
        // The desktop's 16 colours (EmuTOS's), each with its pixel value.
        let vdi = [[1000, 1000, 1000], [0, 0, 0], [1000, 0, 0], [0, 1000, 0], [0, 0, 1000], [0, 1000, 1000],
            [1000, 1000, 0], [1000, 0, 1000], [800, 800, 800], [533, 533, 533], [666, 0, 0], [0, 666, 0],
            [0, 0, 666], [0, 666, 666], [666, 666, 0], [666, 0, 666]];
        let desktop = vdi.iter().enumerate().map(|(pen, c)| (pixel_of_vdi_pen(pen as u8, 4), *c)).collect();
        let mut map = PenMap::new(desktop);
        map.update(&screen.palette, 0, 255);
        let mut out = vec![0u16; 320 * 240 * 4 / 16];
        let all = falcon_puzzles::gfx::Rect { x: 0, y: 0, w: 320, h: 240 };
        let (cycles, ()) = b.time(|| convert(&screen.surface, all, &map, 4, &mut out));
        assert!(out.iter().any(|&w| w != 0) && out.iter().any(|&w| w != 0xffff), "a picture, not one colour");
        b.report("gfx_gem_window_converted_to_16_colours", cycles, None, &[("pixels", 320 * 240)]);
    }

    /// Fills the whole screen with one pen (`Planar::clear`: one fill job of a single long row),
    /// and the same with the baseline loop.
    fn fill_full_screen(b: &mut Bench) {
        let pen = 0xA5;
        let mut words = vec![0u16; SCREEN_WORDS];
        let (baseline, ()) = b.time(|| baseline_fill(&mut words, &pattern(pen)));
        let mut screen = Planar::new(vec![0x1234u16; SCREEN_WORDS], W, H).expect("640x480");
        let (cycles, ()) = b.time(|| screen.clear(pen));
        assert!(screen.words() == &words[..], "the blitter's fill differs from the baseline's");
        b.report("gfx_fill_full_screen_baseline", baseline, None, &[("bytes", SCREEN_WORDS as u64 * 2)]);
        let ratio = (cycles * 100).checked_div(baseline).unwrap_or(0);
        b.report("gfx_fill_full_screen", cycles, goal_from(b, baseline), &[("percent_of_baseline", ratio)]);
    }

    /// Copies a whole screen to another (`Planar::copy_from`, aligned: whole groups), and the
    /// same with the baseline loop.
    fn copy_full_screen(b: &mut Bench) {
        let src = patterned();
        let mut words = vec![0u16; SCREEN_WORDS];
        let (baseline, ()) = b.time(|| baseline_copy(src.words(), &mut words));
        assert!(words[..] == src.words()[..]);
        let mut dst = Planar::new(vec![0u16; SCREEN_WORDS], W, H).expect("640x480");
        let (cycles, ()) = b.time(|| dst.copy_from(&src, src.bounds(), 0, 0));
        assert!(dst.words() == src.words(), "the blitter's copy differs from the source");
        b.report("gfx_copy_full_screen_baseline", baseline, None, &[("bytes", SCREEN_WORDS as u64 * 2)]);
        let ratio = (cycles * 100).checked_div(baseline).unwrap_or(0);
        b.report("gfx_copy_full_screen", cycles, goal_from(b, baseline), &[("percent_of_baseline", ratio)]);
    }

    /// A 32×32 masked sprite (a disc of 4 pens on a transparent square) drawn 16 times, once at
    /// each position in a group: the cycles of one drawing, on average.
    fn sprite_32x32(b: &mut Bench) {
        let pens: Vec<u8> = (0..32 * 32)
            .map(|i| {
                let (x, y) = (i % 32 - 16, i / 32 - 16);
                if x * x + y * y < 15 * 15 { 0x40 + ((x + 16) / 8 + (y + 16) / 8 * 4) as u8 } else { 0 }
            })
            .collect();
        let sprite = Sprite::from_pens(32, 32, &pens, 0);
        let mut screen = patterned();
        let before = screen.to_indexed();
        let clip = screen.bounds();
        let (cycles, ()) = b.time(|| {
            for k in 0..16 {
                screen.draw_sprite(&sprite, 100 + 33 * k, 200, clip);
            }
        });
        // Opaque pixels are the sprite's, the others what was there.
        let after = screen.to_indexed();
        for k in 0..16i32 {
            let x0 = 100 + 33 * k;
            for y in 0..32 {
                for x in 0..32 {
                    let at = ((200 + y) * W + x0 + x) as usize;
                    let p = pens[(y * 32 + x) as usize];
                    assert_eq!(after[at], if p != 0 { p } else { before[at] }, "sprite {} pixel {},{}", k, x, y);
                }
            }
        }
        b.report("gfx_sprite_32x32", cycles / 16, None, &[("drawn", 16)]);
    }

    /// A line of 16 characters of the 8×16 font (accented, at a position that is not a multiple
    /// of 16), through the stencil blitter.
    fn text_line_16(b: &mut Bench) {
        let line = "Ça été très dur!";
        assert_eq!(line.chars().count(), 16);
        let mut screen = Planar::new(vec![0u16; SCREEN_WORDS], W, H).expect("640x480");
        let clip = screen.bounds();
        let (cycles, ()) = b.time(|| text::draw(&font8x16::FONT, &mut screen, clip, 37, 100, 1, line, 0x0F));
        // Every glyph row lands where the font says.
        for (i, c) in line.chars().enumerate() {
            for (row, &bits) in font8x16::glyph(c).iter().enumerate() {
                for col in 0..8 {
                    let want = if bits & (0x80 >> col) != 0 { 0x0F } else { 0 };
                    assert_eq!(screen.pixel(37 + 8 * i as i32 + col, 100 + row as i32), want, "{:?}", c);
                }
            }
        }
        b.report("gfx_text_line_16", cycles, None, &[("characters", 16)]);
    }

    /// Fifteen, 4×4: a tile slid into the gap by a cursor key, a move that does not solve the
    /// puzzle (so no completion flash is counted).
    fn move_fifteen(b: &mut Bench) {
        move_redraw(b, "gfx_move_fifteen", "Fifteen", "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", scancode::RIGHT);
    }

    /// Slide, 3×3: one tile moved by a cursor key (Slide animates the move; it does not solve
    /// the puzzle).
    fn move_slide(b: &mut Bench) {
        move_redraw(b, "gfx_move_slide", "Slide", "3:1,2,3,4,0,5,7,8,6", scancode::RIGHT);
    }

    /// The collection on the 640×480 screen as the full-screen host shows it (`OnScreen`
    /// around `App`, Fifteen chosen): the first menu opened by F10 (the pixels under it saved
    /// by the aligned copy blitter, the menu drawn) and closed by Esc (the pixels put back).
    fn menu_open_close(b: &mut Bench) {
        let mut ui = OnScreen::new(App::new(b"gfx_bench"));
        let mut screen = Screen::new(W, H).expect("screen");
        let (start, ()) = b.time(|| ui.draw_all(&mut screen.target()));
        let fifteen = falcon_puzzles::games::ALL.iter().position(|g| g.name == "Fifteen").expect("Fifteen");
        assert_eq!(ui.command(&mut screen.target(), Command::ChooseGame(fifteen)), None);
        screen.damage.clear();
        let before = screen.surface.words().to_vec();
        let key = |code| Input::KeyDown(KeyPress::special(code, Shift::empty()));
        let (open, _) = b.time(|| ui.input(&mut screen.target(), &key(scancode::F10)));
        assert!(ui.is_open() && screen.surface.words() != &before[..], "F10 opened no menu");
        let (close, _) = b.time(|| ui.input(&mut screen.target(), &key(scancode::ESC)));
        assert!(!ui.is_open() && screen.surface.words() == &before[..], "closing the menu left pixels changed");
        b.report("gfx_menu_open_close", open + close, None, &[("open", open), ("close", close), ("start_screen", start)]);
    }

    /// Maze: one step of the penguin (Maze draws all of itself after every step).
    fn move_maze(b: &mut Bench) {
        move_redraw(b, "gfx_move_maze", "Maze", "7x5b#2024", scancode::LEFT);
    }
}

#[cfg(test)]
mod tests;
