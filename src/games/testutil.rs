//! Test support shared by the games' tests and the conformance suite: the screen the
//! reference images are drawn on, a digest of it for the 68030 comparison, the
//! incremental-versus-full redraw check.
//! Compiled only for tests and the on-target test program.

use alloc::string::String;
use alloc::vec::Vec;

use crate::digest::Digest;
use crate::gfx::test_screen::TestScreen;
use crate::gfx::{Colour, Rect};
use crate::puzzle::backend::Game;
use crate::puzzle::midend::Midend;

/// Height of the status line under the puzzle.
pub const STATUS_HEIGHT: i32 = 16;

/// A `w`×`h` screen with the puzzle centred above a status line, as the full-screen front end
/// shows it (640×480 for reference images): the game's palette from pen 0, every pixel pen 0
/// (every game's background; a new screen is all zeros), the status line in pens
/// `status_bg`/`status_fg`.
pub fn screen_for<G: Game>(me: &mut Midend<G>, w: i32, h: i32, status_bg: usize, status_fg: usize) -> TestScreen {
    let mut scr = TestScreen::new(w, h);
    scr.set_colours(&G::colours(Colour::DEFAULT_BACKGROUND));
    let (pw, ph) = me.size(&mut scr.canvas(), w, h - STATUS_HEIGHT, false);
    scr.place(Rect::new((w - pw) / 2, (h - STATUS_HEIGHT - ph) / 2, pw, ph));
    scr.set_status_bar(Rect::new(0, h - STATUS_HEIGHT, w, STATUS_HEIGHT), status_bg as u8, status_fg as u8);
    scr
}

/// A digest of everything visible: the planar words and the status text. Equal digests on the
/// host and the 68030 mean the 68030 drew the very image the host compares with its reference
/// PNG. The words go through 32-bit FNV-1a (a 68030 multiplies 32 bits in one instruction; the
/// 64-bit [`Digest`] would call a library routine 300,000 times for a 640×480 screen).
pub fn screen_digest(scr: &mut TestScreen) -> u64 {
    scr.show_status();
    let words = scr.surface.words();
    let mut h: u32 = 0x811c_9dc5;
    for &w in words {
        h = (h ^ w as u32).wrapping_mul(0x0100_0193);
    }
    let mut d = Digest::new();
    d.u32(h);
    d.u32(words.len() as u32);
    d.bytes(scr.status().as_bytes());
    d.finish()
}

/// Draws the game afresh on a new screen laid out like `scr` and asserts that it equals `scr`
/// bit for bit (the planar words themselves: no conversion, cheap on the 68030): whatever
/// sequence of incremental redraws produced `scr` left nothing stale behind.
pub fn assert_incremental_equals_full<G: Game>(
    me: &mut Midend<G>,
    scr: &TestScreen,
    status_bg: usize,
    status_fg: usize,
) {
    if let Some(why) = incremental_difference(me, scr, status_bg, status_fg) {
        panic!("{why}");
    }
}

/// What [`assert_incremental_equals_full`] checks: `None` when the screens are equal, else
/// how many words differ and where.
pub fn incremental_difference<G: Game>(
    me: &mut Midend<G>,
    scr: &TestScreen,
    status_bg: usize,
    status_fg: usize,
) -> Option<String> {
    let mut fresh = screen_for(me, scr.surface.width(), scr.surface.height(), status_bg, status_fg);
    me.force_redraw(&mut fresh.canvas());
    let words = scr.surface.words().iter().zip(fresh.surface.words().iter());
    let differ: Vec<usize> = words.enumerate().filter(|(_, (x, y))| x != y).map(|(i, _)| i).collect();
    let (&first, &last) = (differ.first()?, differ.last()?);
    // 8 interleaved planes: a word of each per 16 pixels.
    let groups = scr.surface.width() as usize / 16;
    let at = |i: usize| ((i / 8) % groups * 16, (i / 8) / groups);
    Some(alloc::format!(
        "{} planar words differ between incremental and full redraw, from the 16 pixels at {:?} to those at {:?}",
        differ.len(),
        at(first),
        at(last)
    ))
}

/// Generates preset number `index` of `G` from the seed "bench" and checks the description
/// (the body of the per-preset cost measurements).
pub fn generate_preset<G: Game>(index: usize) -> String {
    let preset = &G::presets()[index];
    let mut rs = crate::puzzle::random::RandomState::new(b"bench");
    let (desc, _) = G::new_desc(&preset.params, &mut rs, true);
    G::validate_desc(&preset.params, &desc).unwrap();
    desc
}
