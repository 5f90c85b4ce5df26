//! Damaged input, as a fuzzer makes it: parameters, game IDs and move strings with a few
//! characters replaced, inserted or removed (characters outside ASCII among them: an Atari
//! accented letter reaches a command line as U+FFFD, a dialog as a two-byte UTF-8 letter),
//! and save files damaged in their structure or their bytes. Every copy must be refused with
//! a reason, or accepted and then work like any good input: never a panic, never a hang.

use alloc::string::String;
use alloc::vec::Vec;

use crate::gfx::test_screen::TestScreen;
use crate::gfx::{Colour, NullDrawing};
use crate::puzzle::backend::{ErrorKind, Game};
use crate::puzzle::midend::Midend;
use crate::puzzle::random::RandomState;

/// Characters outside ASCII that damage puts in: two, three and four bytes of UTF-8, and
/// what a lossy decoding of an Atari byte above 127 gives.
const BEYOND_ASCII: &[char] = &['é', 'ß', '€', '\u{FFFD}', '\u{80}', '\u{1F600}'];

/// ASCII characters that damage puts in: digits, letters and the separators of parameters,
/// descriptions and moves.
const ASCII: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ,:;#x_-.+/ ";

/// A copy of `text` with one to three edits: a character replaced, inserted or removed, or
/// the text cut short.
pub fn damage(text: &str, rs: &mut RandomState) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rs.upto(3) {
        let pick = |rs: &mut RandomState| {
            if rs.upto(4) == 0 {
                BEYOND_ASCII[rs.upto(BEYOND_ASCII.len() as u32) as usize]
            } else {
                ASCII[rs.upto(ASCII.len() as u32) as usize] as char
            }
        };
        let at = rs.upto(chars.len() as u32 + 1) as usize;
        match rs.upto(4) {
            0 if at < chars.len() => chars[at] = pick(rs),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 => chars.truncate(at),
            _ => chars.insert(at, pick(rs)),
        }
    }
    chars.into_iter().collect()
}

/// `rounds` damaged copies of the encoded parameters `params`: each is refused with a
/// parameter error, or gives parameters that, if valid for a new game, encode to a string
/// that decodes to them again.
pub fn check_params<G: Game>(params: &str, rs: &mut RandomState, rounds: usize) {
    for _ in 0..rounds {
        let text = damage(params, rs);
        let mut p = G::default_params();
        match G::decode_params(&mut p, &text) {
            Err(e) => {
                assert_eq!(e.kind, ErrorKind::Params, "{} params {text:?}: {e}", G::NAME);
                assert!(!e.reason.is_empty(), "{} params {text:?}: no reason", G::NAME);
            }
            Ok(()) => {
                let _ = G::validate_params(&p, false);
                if G::validate_params(&p, true).is_ok() {
                    let encoded = G::encode_params(&p, true);
                    let mut q = G::default_params();
                    G::decode_params(&mut q, &encoded)
                        .unwrap_or_else(|e| panic!("{} params {text:?} encode as {encoded:?}: {e}", G::NAME));
                    assert_eq!(q, p, "{} params {text:?} encode as {encoded:?}", G::NAME);
                }
            }
        }
    }
}

/// `rounds` damaged copies of the game ID `id` (`params:desc`): each is refused with a
/// reason, or accepted; an accepted ID that still gives a description starts a game that
/// draws, reports its status and text, and whose own game ID starts the same game again.
/// (An ID that lost its description would generate a game of whatever size the damage made:
/// it is only read.)
pub fn check_game_ids<G: Game>(id: &str, rs: &mut RandomState, rounds: usize) {
    let mut scr = TestScreen::new(160, 120);
    scr.set_colours(&G::colours(Colour::DEFAULT_BACKGROUND));
    for _ in 0..rounds {
        let text = damage(id, rs);
        let mut me = Midend::<G>::new(b"damaged");
        match me.set_game_id(&text) {
            Err(e) => assert!(!e.reason.is_empty(), "{} game ID {text:?}: no reason", G::NAME),
            Ok(()) if text.contains(':') => {
                me.new_game(&mut NullDrawing::default());
                me.size(&mut scr.canvas(), 160, 120, false);
                me.force_redraw(&mut scr.canvas());
                let _ = (me.status(), me.text_format());
                let again = me.game_id().unwrap();
                let mut other = Midend::<G>::new(b"again");
                other
                    .set_game_id(&again)
                    .unwrap_or_else(|e| panic!("{} game ID {text:?} became {again:?}, refused: {e}", G::NAME));
                other.new_game(&mut NullDrawing::default());
                assert_eq!(other.state(), me.state(), "{} game ID {text:?} became {again:?}", G::NAME);
            }
            Ok(()) => {}
        }
    }
}

/// `rounds` damaged copies of each move string of `moves`, tried on `state`: each is refused
/// with a move error, or gives a state whose status can be asked.
pub fn check_moves<G: Game>(state: &G::State, moves: &[String], rs: &mut RandomState, rounds: usize) {
    if moves.is_empty() {
        return;
    }
    for _ in 0..rounds {
        let mv = &moves[rs.upto(moves.len() as u32) as usize];
        let text = damage(mv, rs);
        match G::execute_move(state, &text) {
            Err(e) => assert!(!e.reason.is_empty(), "{} move {text:?}: no reason", G::NAME),
            Ok(s) => {
                let _ = G::status(&s);
            }
        }
    }
}

/// One structured mutation of a save file: a record's value changed (a byte replaced,
/// removed, duplicated or a digit bumped) with its length field rewritten, a record removed or
/// duplicated. Structured mutations pass the framing checks and so reach the game's own
/// validation (descriptions, move strings), which raw byte damage mostly does not.
pub fn mutate_records(file: &str, rs: &mut RandomState) -> String {
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
            match rs.upto(5) {
                0 if !v.is_empty() => v[at] = pick[rs.upto(pick.len() as u32) as usize],
                1 if !v.is_empty() => {
                    v.remove(at);
                }
                2 => v.insert(at, pick[rs.upto(pick.len() as u32) as usize]),
                3 => {
                    let mut utf8 = [0u8; 4];
                    let c = BEYOND_ASCII[rs.upto(BEYOND_ASCII.len() as u32) as usize];
                    for (k, &b) in c.encode_utf8(&mut utf8).as_bytes().iter().enumerate() {
                        v.insert(at + k, b);
                    }
                }
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
/// numbers loaded and refused.
pub fn fuzz_save_files<G: Game>(good: &str, rounds: usize) -> (usize, usize) {
    let mut rs = RandomState::new(good.as_bytes());
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
        match me.deserialise(&mut NullDrawing::default(), &text) {
            Ok(()) => {
                ok += 1;
                me.size(&mut scr.canvas(), 320, 240, false);
                me.force_redraw(&mut scr.canvas());
                let _ = me.status();
                let _ = me.text_format();
                let again = me.serialise();
                let mut third = Midend::<G>::new(b"third");
                third
                    .deserialise(&mut NullDrawing::default(), &again)
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
