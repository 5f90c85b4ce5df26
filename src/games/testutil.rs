//! Test support shared by the games' tests: the screen the reference images are drawn on, a
//! digest of it for the 68030 comparison, the incremental-versus-full redraw check, the
//! save-file fuzzer (a few rounds on the 68030) and (host only) the game-ID fuzzer.
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

/// One structured mutation of a save file: a record's value changed (a byte replaced,
/// removed, duplicated or a digit bumped) with its length field rewritten, a record removed or
/// duplicated. Structured mutations pass the framing checks and so reach the game's own
/// validation (descriptions, move strings), which raw byte damage mostly does not.
pub fn mutate_records(file: &str, rs: &mut crate::puzzle::random::RandomState) -> String {
    let mut records: Vec<(String, Vec<u8>)> = Vec::new();
    for line in file.lines() {
        let (Some(key), Some(rest)) = (line.get(..8), line.get(9..)) else { continue };
        let Some(colon) = rest.find(':') else { continue };
        records.push((String::from(key.trim_end()), rest.as_bytes()[colon + 1..].to_vec()));
    }
    if records.is_empty() {
        return String::from(file);
    }
    let i = rs.upto(records.len() as u32) as usize;
    match rs.upto(6) {
        0 => {
            records.remove(i);
        }
        1 => {
            let r = records[i].clone();
            records.insert(i, r);
        }
        _ => {
            let v = &mut records[i].1;
            let pick = b"0123456789abcdefhv,;:-.#xmnrcsSMRCALFJPuUD ";
            let at = if v.is_empty() { 0 } else { rs.upto(v.len() as u32) as usize };
            match rs.upto(4) {
                0 if !v.is_empty() => v[at] = pick[rs.upto(pick.len() as u32) as usize],
                1 if !v.is_empty() => {
                    v.remove(at);
                }
                2 => v.insert(at, pick[rs.upto(pick.len() as u32) as usize]),
                _ => {
                    if let Some(b) = v.iter_mut().skip(at).find(|b| b.is_ascii_digit()) {
                        *b = b'0' + (*b - b'0' + 1 + rs.upto(9) as u8) % 10;
                    }
                }
            }
        }
    }
    let mut out = String::new();
    for (k, v) in records {
        out.push_str(&alloc::format!("{:<8}:{}:", k, v.len()));
        out.push_str(&String::from_utf8_lossy(&v));
        out.push('\n');
    }
    out
}

/// Loads `rounds` damaged copies of the save file `good` (structured and raw byte damage, in
/// equal parts). Each must be refused with a save-file error naming a record, or load into a
/// game that redraws on a real screen, saves again, and reloads to the same file. Returns the
/// numbers loaded and refused. Never panics unless the game does.
pub fn fuzz_save_files<G: Game>(good: &str, rounds: usize) -> (usize, usize) {
    use crate::puzzle::backend::ErrorKind;
    let mut rs = crate::puzzle::random::RandomState::new(good.as_bytes());
    let (mut ok, mut rejected) = (0, 0);
    let mut scr = TestScreen::new(320, 240);
    scr.set_colours(&G::colours(Colour::DEFAULT_BACKGROUND));
    for round in 0..rounds {
        let text = if round % 2 == 0 {
            let mut t = mutate_records(good, &mut rs);
            if rs.upto(4) == 0 {
                t = mutate_records(&t, &mut rs);
            }
            t
        } else {
            let mut f = good.as_bytes().to_vec();
            for _ in 0..1 + rs.upto(3) {
                if f.is_empty() {
                    break;
                }
                let i = rs.upto(f.len() as u32) as usize;
                match rs.upto(3) {
                    0 => f[i] = rs.bits(8) as u8,
                    1 => {
                        f.remove(i);
                    }
                    _ => f.truncate(i),
                }
            }
            String::from_utf8_lossy(&f).into_owned()
        };
        let mut me = Midend::<G>::new(b"fuzz");
        match me.deserialise(&mut crate::gfx::NullDrawing::default(), &text) {
            Ok(()) => {
                ok += 1;
                me.size(&mut scr.canvas(), 320, 240, false);
                me.force_redraw(&mut scr.canvas());
                let _ = me.status();
                let _ = me.text_format();
                let again = me.serialise();
                let mut third = Midend::<G>::new(b"third");
                third
                    .deserialise(&mut crate::gfx::NullDrawing::default(), &again)
                    .unwrap_or_else(|e| panic!("{}\nreloading\n{}", e, again));
                assert_eq!(third.serialise(), again);
            }
            Err(e) => {
                rejected += 1;
                assert_eq!(e.kind, ErrorKind::SaveFile, "{}", e);
                assert!(e.position.is_some(), "{}", e);
            }
        }
    }
    (ok, rejected)
}

/// Random game IDs over `alphabet`: each is refused or starts a game whose printed ID starts
/// the same game again, on which random move strings over the same alphabet are refused or
/// played. Returns how many IDs were accepted.
#[cfg(test)]
pub fn fuzz_game_ids<G: Game>(alphabet: &[u8], rounds: usize, max_len: u32) -> usize {
    let mut rs = crate::puzzle::random::RandomState::new(alphabet);
    let mut accepted = 0;
    let pick = |rs: &mut crate::puzzle::random::RandomState| alphabet[rs.upto(alphabet.len() as u32) as usize] as char;
    for _ in 0..rounds {
        let len = rs.upto(max_len);
        let id: String = (0..len).map(|_| pick(&mut rs)).collect();
        let mut me = Midend::<G>::new(b"m");
        if me.set_game_id(&id).is_ok() {
            me.new_game(&mut crate::gfx::NullDrawing::default());
            accepted += 1;
            let gid = me.game_id().unwrap();
            let mut again = Midend::<G>::new(b"a");
            again.set_game_id(&gid).unwrap_or_else(|e| panic!("{} from {}: {}", gid, id, e));
            again.new_game(&mut crate::gfx::NullDrawing::default());
            assert_eq!(again.game_id().unwrap(), gid);
            for _ in 0..4 {
                let mv: String = (0..rs.upto(10)).map(|_| pick(&mut rs)).collect();
                if let Ok(s) = G::execute_move(me.state(), &mv) {
                    let _ = G::status(&s);
                }
            }
        }
    }
    accepted
}
