use alloc::collections::VecDeque;
use alloc::rc::Rc;
use alloc::vec;
use core::cell::RefCell;

use falcon_gem::trap::recorder::{AesReply, Recorder, VdiReply};
use falcon_gem::trap::{AesArrays, VdiArrays};

use super::*;
use crate::app::ActivityReply;
use crate::app::input::{Buttons, KeyPress};
use crate::app::tetrhex::exit_code::ExitCode;
use crate::frontend::options::BAD_OPTIONS_EXIT;
use crate::keyboard::{Shift, scancode};
use crate::testcase::allocations;

crate::test_cases! {
    fn an_alert_has_icon_lines_and_ok() {
        let t = alert_text(1, "About", "Fifteen from Simon Tatham's Portable Puzzle Collection");
        assert_eq!(t, b"[1][About|Fifteen from Simon Tatham's|Portable Puzzle Collection][ OK ]\0".to_vec());
    }

    fn an_alert_keeps_its_format_and_five_lines() {
        let t = alert_text(3, "", "bad [id] | a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq rr ss tt uu vv ww xx yy zz 11 22 33 44 55 66 77 88 99 00 12 34 56 78");
        let s = core::str::from_utf8(&t).unwrap();
        assert!(s.starts_with("[3][bad (id) / a b"), "{s}");
        assert_eq!(s.matches('|').count(), 4, "{s}");
        assert!(s.ends_with("][ OK ]\0"));
        assert!(s.split(['[', ']', '|']).all(|l| l.len() <= 30), "{s}");
    }

    fn the_file_selectors_answer_is_a_path() {
        let pick = |path: &[u8], name: &[u8]| chosen_path(path, name);
        assert_eq!(pick(b"C:\\PICS\\*.PI1\0junk", b"SUNSET.PI1\0"), Some("C:\\PICS\\SUNSET.PI1".into()));
        assert_eq!(pick(b"\\*.*\0", b"A.TGA\0"), Some("\\A.TGA".into()));
        assert_eq!(pick(b"*.*\0", b"A.TGA\0"), Some("A.TGA".into()));
        assert_eq!(pick(b"C:\\*.*\0", b"\0"), None);
    }

    fn an_app_that_cannot_be_made_is_an_alert_and_the_bad_options_exit_code() {
        let mut aes_rec = Recorder::new();
        let mut vdi_rec = Recorder::new();
        let code = run_on(Aes::with_trap(&mut aes_rec), &mut vdi_rec, WindowPlacement::Default, || {
            Err(Failure::bad_options("Fifteen game ID 3x3:1,1,1: bad".into()))
        });
        assert_eq!(code, BAD_OPTIONS_EXIT);
        // form_alert, then appl_exit; no workstation, no window.
        assert_eq!(aes_rec.aes_opcodes(), [52, 19]);
        assert!(vdi_rec.vdi_calls.is_empty());
        // TETRHEX's rule file missing: its own code (7, section 8.2).
        let mut aes_rec = Recorder::new();
        let code = run_on(Aes::with_trap(&mut aes_rec), &mut Recorder::new(), WindowPlacement::Default, || {
            Err(Failure::new(ExitCode::RuleFileNotFound, "The rule file X.RUL was not found.".into()))
        });
        assert_eq!((code, aes_rec.aes_opcodes()), (7, vec![52, 19]));
    }

    fn the_window_opens_and_everything_is_given_back_when_it_is_closed() {
        let mut desk = Desk::new([message(WM_CLOSED_WORDS)]);
        let mut vdi = Screen::new(4);
        let code = run_on(Aes::with_trap(&mut desk), &mut vdi, WindowPlacement::Default, || Ok(App::new(b"test")));
        assert_eq!(code, 0);
        let ops = desk.rec.aes_opcodes();
        // The window is created, named and opened under the app's menu bar.
        let at = |op: i16| ops.iter().position(|&o| o == op).unwrap_or_else(|| panic!("no AES call {op}: {ops:?}"));
        assert!(at(100) < at(101), "wind_create before wind_open: {ops:?}");
        let bar = &desk.rec.aes_calls[at(30)];
        assert_eq!(bar.intin, [1], "menu_bar shows the bar");
        // One wait, for messages, keys and a press, without a timer (the start screen does
        // not animate); WM_CLOSED ends the loop.
        let waits: Vec<&AesCall> = desk.rec.aes_calls.iter().filter(|c| c.control[0] == 25).collect();
        assert_eq!(waits.len(), 1);
        let mask = waits[0].intin[0];
        assert_eq!(mask & 0x13, 0x13, "MU_MESAG | MU_BUTTON | MU_KEYBD: {mask:#x}");
        assert_eq!(mask & 0x20, 0, "no MU_TIMER");
        // The end: window closed and deleted, bar removed, appl_exit; the workstation closed.
        assert_eq!(ops[ops.len() - 4..], [102, 103, 30, 19], "{ops:?}");
        assert_eq!(desk.rec.aes_calls[ops.len() - 4].intin, [WINDOW]);
        assert_eq!(desk.rec.aes_calls[ops.len() - 2].intin, [0], "menu_bar removes the bar");
        let vops = vdi.rec.vdi_opcodes();
        assert_eq!(vops[..2], [100, 102], "v_opnvwk, vq_extnd: {vops:?}");
        assert_eq!(vops.last(), Some(&101), "v_clsvwk at the end: {vops:?}");
        // At 16 colours the desktop's palette is only read (vq_color), never set (vs_color),
        // and the picture reached the window (vro_cpyfm).
        assert!(vops.contains(&26) && !vops.contains(&14), "{vops:?}");
        assert!(vops.contains(&109), "{vops:?}");
    }

    fn the_window_opens_where_wp_and_wpc_put_it() {
        // The outer rectangle wind_open is given (the fake's borders have no width), on the
        // fake's desk of 640x461 under a menu bar of 19 pixels.
        let opened_at = |placement: WindowPlacement| {
            let mut desk = Desk::new([message(WM_CLOSED_WORDS)]);
            let mut vdi = Screen::new(4);
            assert_eq!(run_on(Aes::with_trap(&mut desk), &mut vdi, placement, || Ok(App::new(b"test"))), 0);
            let open = desk.rec.aes_calls.iter().find(|c| c.control[0] == 101).expect("wind_open");
            open.intin[1..5].to_vec()
        };
        assert_eq!(opened_at(WindowPlacement::Default), [16, 35, 320, 240], "the host's place");
        assert_eq!(opened_at(WindowPlacement::Centred), [160, 129, 320, 240], "-wpc");
        assert_eq!(opened_at(WindowPlacement::At { x: 300, y: 200 }), [300, 200, 320, 240], "-wp 300 200");
        assert_eq!(opened_at(WindowPlacement::At { x: 400, y: 200 }), [16, 35, 320, 240], "-wp off the desk");
    }

    fn a_key_reaches_the_app_and_its_quit_ends_the_program() {
        // `q` on the start screen: the app's Quit.
        let q = AesReply { intout: vec![0x01, 0, 0, 0, 0, 0x1071, 0], ..Default::default() };
        let mut desk = Desk::new([q]);
        let mut vdi = Screen::new(4);
        let code = run_on(Aes::with_trap(&mut desk), &mut vdi, WindowPlacement::Default, || Ok(App::new(b"test")));
        assert_eq!(code, 0);
        let ops = desk.rec.aes_opcodes();
        assert_eq!(ops.iter().filter(|&&o| o == 25).count(), 1, "one wait: {ops:?}");
        assert_eq!(ops[ops.len() - 4..], [102, 103, 30, 19], "{ops:?}");
    }

    fn at_256_colours_the_pens_are_set_while_on_top_and_given_back() {
        let mut desk = Desk::new([message(WM_CLOSED_WORDS)]);
        let mut vdi = Screen::new(8);
        let code = run_on(Aes::with_trap(&mut desk), &mut vdi, WindowPlacement::Default, || Ok(App::new(b"test")));
        assert_eq!(code, 0);
        let sets: Vec<&VdiCall> = vdi.rec.vdi_calls.iter().filter(|c| c.contrl[0] == 14).collect();
        // The app's pens loaded at the start (while on top), then all of ours given back.
        assert!(sets.len() > 239, "{} vs_color calls", sets.len());
        assert!(sets.iter().all(|c| (16..=254).contains(&c.intin[0])), "only pens 16-254 are ours");
        // At the end every pen of ours gets the desktop's colour back (vq_color answered 500s).
        let back: Vec<&&VdiCall> = sets.iter().rev().take(239).collect();
        assert!(back.iter().all(|c| c.intin[1..] == [500, 500, 500]), "the desktop's colours back");
        let pens: Vec<i16> = back.iter().map(|c| c.intin[0]).collect();
        assert_eq!(pens, (16..=254).rev().collect::<Vec<i16>>());
    }

    fn at_256_colours_a_redraw_on_top_loads_the_pens_again() {
        // WM_REDRAW of part of our window, on top all along: whatever covered it (an
        // accessory's window, under EmuTOS without a message to us) may have given the
        // desktop's pens back; then WM_CLOSED.
        let redraw = [20, 0, 0, WINDOW, 20, 40, 100, 100];
        let mut desk = Desk::new([message(redraw), message(WM_CLOSED_WORDS)]);
        let mut vdi = Screen::new(8);
        let code = run_on(Aes::with_trap(&mut desk), &mut vdi, WindowPlacement::Default, || Ok(App::new(b"test")));
        assert_eq!(code, 0);
        let sets: Vec<(i16, Vec<i16>)> =
            vdi.rec.vdi_calls.iter().filter(|c| c.contrl[0] == 14).map(|c| (c.intin[0], c.intin[1..4].to_vec())).collect();
        // Loaded at the start (and the pens the first picture changed), loaded again after
        // the redraw, given back at the end.
        assert!(sets.len() >= 3 * 239, "{} vs_color calls", sets.len());
        let (before, rest) = sets.split_at(sets.len() - 2 * 239);
        let (again, back) = rest.split_at(239);
        let last_set = |pen: i16| before.iter().rev().find(|(p, _)| *p == pen).map(|(_, rgb)| rgb.clone());
        assert_eq!(again.iter().map(|(p, _)| *p).collect::<Vec<i16>>(), (16..=254).collect::<Vec<i16>>());
        assert!(again.iter().all(|(p, rgb)| last_set(*p).as_ref() == Some(rgb)), "each pen as the app last set it");
        assert!(again.iter().any(|(_, rgb)| rgb != &[500, 500, 500]), "the app's colours, not the desktop's");
        assert!(back.iter().all(|(_, rgb)| rgb == &[500, 500, 500]), "the desktop's colours back");
    }

    fn at_256_colours_a_window_found_on_top_late_is_asked_to_redraw() {
        // Another window (7) on top from the first WF_TOP question on: we learn it at our
        // next event (a redraw here), after its owner may have loaded its pens; ours go
        // back to the desktop's and the AES is asked to redraw that window (form_dial
        // FMD_FINISH over its rectangle, the fake's answer for any window: the desk).
        let redraw = [20, 0, 0, WINDOW, 20, 40, 100, 100];
        let mut desk = Desk::new([message(redraw), message(WM_CLOSED_WORDS)]);
        desk.other_on_top_after = Some((0, 7));
        let mut vdi = Screen::new(8);
        let code = run_on(Aes::with_trap(&mut desk), &mut vdi, WindowPlacement::Default, || Ok(App::new(b"test")));
        assert_eq!(code, 0);
        let dials: Vec<Vec<i16>> =
            desk.rec.aes_calls.iter().filter(|c| c.control[0] == 51).map(|c| c.intin[..9].to_vec()).collect();
        assert_eq!(dials, [vec![3, 0, 19, 640, 461, 0, 19, 640, 461]], "one FMD_FINISH over the other window");
        let asked = desk.rec.aes_calls.iter().filter(|c| c.control[0] == 104 && c.intin[1] == 5).any(|c| c.intin[0] == 7);
        assert!(asked, "the other window's rectangle asked for");
        // At 16 colours nothing of the palette is ours: no redraw is asked for.
        let mut desk = Desk::new([message(redraw), message(WM_CLOSED_WORDS)]);
        desk.other_on_top_after = Some((0, 7));
        let mut vdi = Screen::new(4);
        run_on(Aes::with_trap(&mut desk), &mut vdi, WindowPlacement::Default, || Ok(App::new(b"test")));
        assert!(!desk.rec.aes_calls.iter().any(|c| c.control[0] == 51));
    }

    fn a_redraw_at_16_colours_sets_no_pen() {
        let redraw = [20, 0, 0, WINDOW, 20, 40, 100, 100];
        let mut desk = Desk::new([message(redraw), message(WM_CLOSED_WORDS)]);
        let mut vdi = Screen::new(4);
        let code = run_on(Aes::with_trap(&mut desk), &mut vdi, WindowPlacement::Default, || Ok(App::new(b"test")));
        assert_eq!(code, 0);
        assert!(!vdi.rec.vdi_calls.iter().any(|c| c.contrl[0] == 14), "the desktop's 16 pens are never changed");
    }

    fn the_accessory_allocates_at_start_up_and_opens_its_window_on_ac_open() {
        let mut desk = Desk::new([message(AC_OPEN_WORDS), message(WM_CLOSED_WORDS), message(AC_OPEN_WORDS)]);
        let mut vdi = Screen::new(4);
        let mut acc = Accessory::start(Aes::with_trap(&mut desk), &mut vdi, || Ok(App::new(b"test")));
        assert!(!acc.is_open());
        // Started: the workstation is open, the picture drawn into the surface; no menu
        // bar (the running program's is on the screen), no window, no wait yet.
        let started = opcodes_of(&acc);
        assert!(!started.iter().any(|o| [30, 100, 101, 25].contains(o)), "{started:?}");
        // AC_OPEN: the window is created and opened. The wait before it was for messages
        // alone (MU_MESAG): the window was closed.
        acc.step();
        assert!(acc.is_open());
        let (mask, after_open) = last_wait_and_after(&acc);
        assert_eq!(mask, 0x10, "only messages while closed");
        let at = |op: i16| after_open.iter().position(|&o| o == op).unwrap_or_else(|| panic!("no {op}: {after_open:?}"));
        assert!(at(100) < at(101), "wind_create, then wind_open: {after_open:?}");
        // WM_CLOSED closes and deletes the window, and the accessory waits again.
        acc.step();
        assert!(!acc.is_open());
        let (mask, after_close) = last_wait_and_after(&acc);
        assert_eq!(mask & 0x13, 0x13, "messages, keys and buttons while open: {mask:#x}");
        assert_eq!(after_close.iter().filter(|&&o| o == 102 || o == 103).count(), 2, "{after_close:?}");
        assert!(!after_close.contains(&19), "an accessory never calls appl_exit");
        // AC_OPEN again: a new window.
        acc.step();
        assert!(acc.is_open());
        let Served::Window(host) = &acc.0 else { unreachable!() };
        assert!(!host.vdi.trap().rec.vdi_opcodes().contains(&101), "the workstation stays open");
        drop(acc);
        assert_eq!(desk.rec.aes_opcodes().iter().filter(|&&o| o == 100).count(), 2);
    }

    fn on_ac_close_the_accessory_forgets_its_window_and_gives_back_the_pens() {
        let mut desk = Desk::new([message(AC_OPEN_WORDS), message(AC_CLOSE_WORDS), message(AC_OPEN_WORDS)]);
        let mut vdi = Screen::new(8);
        let sets = |vdi: &Screen| -> Vec<VdiCall> { vdi.rec.vdi_calls.iter().filter(|c| c.contrl[0] == 14).cloned().collect() };
        let mut acc = Accessory::start(Aes::with_trap(&mut desk), &mut vdi, || Ok(App::new(b"test")));
        let Served::Window(host) = &acc.0 else { panic!("the accessory did not start") };
        assert_eq!(sets(host.vdi.trap()).len(), 0, "no pen set before the window opens");
        acc.step();
        let Served::Window(host) = &acc.0 else { unreachable!() };
        let loaded = sets(host.vdi.trap());
        let pens: Vec<i16> = loaded.iter().take(239).map(|c| c.intin[0]).collect();
        assert_eq!(pens, (16..=254).collect::<Vec<i16>>(), "the app's pens loaded when the window opens");
        let loaded = loaded.len();
        // AC_CLOSE: the AES closed the window; the desktop's colours come back.
        acc.step();
        assert!(!acc.is_open());
        let (_, after) = last_wait_and_after(&acc);
        assert!(!after.contains(&102) && !after.contains(&103), "the AES closed it already: {after:?}");
        let Served::Window(host) = &acc.0 else { unreachable!() };
        let all = sets(host.vdi.trap());
        assert_eq!(all.len(), loaded + 239);
        assert!(all[loaded..].iter().all(|c| c.intin[1..] == [500, 500, 500]), "the desktop's colours back");
        // AC_OPEN: a new window, the app's pens again.
        acc.step();
        assert!(acc.is_open());
        let Served::Window(host) = &acc.0 else { unreachable!() };
        assert!(sets(host.vdi.trap()).len() >= loaded + 2 * 239);
        assert_eq!(host.aes.trap().rec.aes_opcodes().iter().filter(|&&o| o == 100).count(), 2);
    }

    fn the_sizer_and_the_fuller_lay_the_app_out_again_inside_the_surface() {
        let mut vdi = Screen::new(4);
        let mut host = program_host(&mut vdi);
        // The surface holds the desk's work area (640x461, whole groups of 16 pixels); the
        // window opened at its first size.
        assert_eq!((host.surface.width(), host.surface.height()), (640, 461));
        assert_eq!(host.size, (320, 240));
        let w = WindowHandle(WINDOW);
        let sized = |host: &mut ProgramHost<'_>, rect: GemRect| {
            host.aes.trap_mut().rec.clear();
            assert!(host.message(Message::Sized { window: w, rect }, AppId(0)));
            let set = host.aes.trap().rec.aes_calls.iter().find(|c| c.control[0] == 105).map(|c| c.intin.clone());
            (host.size, set)
        };
        // Smaller: wind_set(WF_CURRXYWH) with the rectangle asked for, and the app laid out
        // in it (drawn and copied: the AES sends no redraw for a smaller window).
        let copies_before = host.vdi.trap().rec.vdi_opcodes().iter().filter(|&&o| o == 109).count();
        assert_eq!(sized(&mut host, GemRect::new(16, 35, 200, 150)), ((200, 150), Some(vec![WINDOW, 5, 16, 35, 200, 150])));
        assert!(host.vdi.trap().rec.vdi_opcodes().iter().filter(|&&o| o == 109).count() > copies_before);
        // Too large: cut to the surface; too small: the smallest work area.
        assert_eq!(sized(&mut host, GemRect::new(0, 19, 2000, 2000)), ((640, 461), Some(vec![WINDOW, 5, 0, 19, 640, 461])));
        assert_eq!(sized(&mut host, GemRect::new(8, 30, 20, 10)), ((160, 120), Some(vec![WINDOW, 5, 8, 30, 160, 120])));
        // The fuller: the desk (WF_FULLXYWH), then the size before (WF_PREVXYWH).
        assert!(host.message(Message::Fulled { window: w }, AppId(0)));
        assert_eq!(host.size, (640, 461));
        assert!(host.message(Message::Fulled { window: w }, AppId(0)));
        assert_eq!(host.size, (PREVIOUS.w as i32, PREVIOUS.h as i32));
        assert_eq!(host.work, PREVIOUS);
        // Moving keeps the size: no new layout.
        host.aes.trap_mut().rec.clear();
        host.vdi.trap_mut().rec.clear();
        assert!(host.message(Message::Moved { window: w, rect: GemRect::new(100, 100, 300, 200) }, AppId(0)));
        assert_eq!(host.size, (300, 200));
        assert!(!host.vdi.trap().rec.vdi_opcodes().contains(&109), "nothing laid out or drawn again");
    }

    fn every_game_lays_itself_out_in_the_smallest_window_and_an_odd_one() {
        let mut vdi = Screen::new(4);
        let mut host = program_host(&mut vdi);
        let w = WindowHandle(WINDOW);
        for n in 0..crate::app::entries::count() {
            host.call(|app, t| app.command(t, Command::ChooseGame(n)));
            // The smallest and an odd size (the largest, the desk's, costs the 68030 a
            // second a game: the sizer's test takes the window there).
            let sizes = [(GemRect::new(0, 19, 1, 1), (160, 120)), (GemRect::new(10, 30, 333, 177), (333, 177))];
            for (rect, size) in sizes {
                host.vdi.trap_mut().rec.clear();
                    assert!(host.message(Message::Sized { window: w, rect }, AppId(0)));
                assert_eq!(host.size, size, "game {n}");
                // Laid out again and drawn: the picture copied to the window.
                assert!(host.vdi.trap().rec.vdi_opcodes().contains(&109), "game {n} at {size:?}: nothing copied");
            }
            host.aes.trap_mut().rec.clear();
            host.vdi.trap_mut().rec.clear();
        }
    }

    fn the_window_is_titled_after_the_game_played() {
        let mut vdi = Screen::new(4);
        let mut host = program_host(&mut vdi);
        assert_eq!(host.title, c" Falcon Puzzles ");
        let names = |host: &ProgramHost<'_>| {
            host.aes.trap().rec.aes_calls.iter().filter(|c| c.control[0] == 105 && c.intin[1] == 2).count()
        };
        // Another game: WF_NAME set once, to that game's title.
        host.aes.trap_mut().rec.clear();
        let n = crate::games::ALL.iter().position(|g| g.name == "Fifteen").unwrap();
        host.call(|app, t| app.command(t, Command::ChooseGame(n)));
        assert_eq!(names(&host), 1);
        assert_eq!(host.title, c" Falcon Puzzles - Fifteen ");
        // A move in the same game: the title stays, nothing is set.
        host.aes.trap_mut().rec.clear();
        let down = Input::KeyDown(crate::app::input::KeyPress::special(crate::keyboard::scancode::DOWN, crate::keyboard::Shift::empty()));
        host.call(|app, t| app.input(t, &down));
        assert_eq!(names(&host), 0);
        // Every entry of the collection has its own title, kept for ever.
        let titles = Titles::new();
        for n in 0..crate::app::entries::count() {
            let name = crate::app::entries::name(n);
            assert_eq!(titles.of(name).to_str().unwrap(), alloc::format!(" Falcon Puzzles - {name} "));
        }
        assert_eq!(titles.of("A rule from disk"), c" Falcon Puzzles ");
    }

    fn ap_term_ends_the_program_and_gives_everything_back() {
        // AP_TERM (50), reason AP_TERM: a multitasking AES shutting down.
        let mut desk = Desk::new([message([50, 0, 0, 0, 0, 50, 0, 0])]);
        let mut vdi = Screen::new(4);
        let code = run_on(Aes::with_trap(&mut desk), &mut vdi, WindowPlacement::Default, || Ok(App::new(b"test")));
        assert_eq!(code, 0);
        let ops = desk.rec.aes_opcodes();
        assert_eq!(ops.iter().filter(|&&o| o == 25).count(), 1, "ended at the first wait: {ops:?}");
        assert_eq!(ops[ops.len() - 4..], [102, 103, 30, 19], "{ops:?}");
    }

    fn where_the_aes_iconifies_the_window_shows_the_middle_of_the_picture_and_waits() {
        let mut vdi = Screen::new(4);
        let mut host = program_host(&mut vdi);
        let w = WindowHandle(WINDOW);
        // EmuTOS (AES 3.40): no iconifier, WM_ICONIFY is never acted on.
        assert_eq!(host.aes.trap().rec.aes_calls.iter().find(|c| c.control[0] == 100).map(|c| c.intin[0] & 0x4000), Some(0));
        host.aes.trap_mut().rec.clear();
        assert!(host.message(Message::Iconify { window: w, rect: GemRect::new(0, 400, 72, 72) }, AppId(0)));
        assert!(!host.iconified);
        assert!(!host.aes.trap().rec.aes_calls.iter().any(|c| c.control[0] == 105 && c.intin[1] == 26));
        // An AES 4.1 that has it: the window opens with the iconifier.
        host.caps = Capabilities {
            version: 0x0410,
            getinfo: true,
            windows: falcon_gem::aes::capabilities::WindowFeatures::ICONIFY | falcon_gem::aes::capabilities::WindowFeatures::UNICONIFY,
            messages: falcon_gem::aes::capabilities::MessageSupport::ICONIFY | falcon_gem::aes::capabilities::MessageSupport::UNICONIFY,
            ..Default::default()
        };
        host.close_window();
        host.aes.trap_mut().rec.clear();
        assert!(host.open_window());
        let create = host.aes.trap().rec.aes_calls.iter().find(|c| c.control[0] == 100).map(|c| c.intin[0]);
        assert_eq!(create.map(|p| p & 0x4000), Some(0x4000), "SMALLER among the parts");
        // WM_ICONIFY: WF_ICONIFY set; the game loses the focus; no timer while an icon.
        host.aes.trap_mut().rec.clear();
        assert!(host.message(Message::Iconify { window: w, rect: GemRect::new(0, 400, 72, 72) }, AppId(0)));
        assert!(host.iconified && !host.on_top);
        assert!(host.aes.trap().rec.aes_calls.iter().any(|c| c.control[0] == 105 && c.intin[1] == 26));
        // Its redraw copies the middle of the 320x240 picture into the 72x72 icon.
        host.vdi.trap_mut().rec.clear();
        assert!(host.message(Message::Redraw { window: w, area: GemRect::new(0, 400, 72, 72) }, AppId(0)));
        let copy = host.vdi.trap().rec.vdi_calls.iter().find(|c| c.contrl[0] == 109).expect("a copy").ptsin.clone();
        assert_eq!(copy, [124, 84, 195, 155, 0, 400, 71, 471], "from the middle, to the icon");
        // TETRHEX's -ci 5: the icon is a hexagon in colour 5 on white, nothing copied.
        host.icon_colour = Some(5);
        host.vdi.trap_mut().rec.clear();
        assert!(host.message(Message::Redraw { window: w, area: GemRect::new(0, 400, 72, 72) }, AppId(0)));
        let calls = &host.vdi.trap().rec.vdi_calls;
        assert!(!calls.iter().any(|c| c.contrl[0] == 109), "no copy of the picture");
        let colours: Vec<i16> = calls.iter().filter(|c| c.contrl[0] == 25).map(|c| c.intin[0]).collect();
        assert_eq!(colours, [0, 5], "white, then the icon's colour");
        let fills: Vec<Vec<i16>> = calls.iter().filter(|c| c.contrl[0] == 114).map(|c| c.ptsin[..4].to_vec()).collect();
        let rows = icon::hexagon_rows(GemRect::new(0, 400, 72, 72)).count();
        assert_eq!(fills.len(), 1 + rows, "the background, then each of the hexagon's rows");
        assert_eq!(fills[0], [0, 400, 71, 471]);
        let clips: Vec<i16> = calls.iter().filter(|c| c.contrl[0] == 129).map(|c| c.intin[0]).collect();
        assert_eq!(clips, [1, 0], "clipped to the rectangle, then clipping off");
        host.icon_colour = None;
        // WM_UNICONIFY: the window back where it was, on top.
        host.aes.trap_mut().rec.clear();
        let back = GemRect::new(16, 35, 320, 240);
        assert!(host.message(Message::Uniconify { window: w, rect: back }, AppId(0)));
        assert!(!host.iconified);
        assert_eq!(host.work, back);
        assert!(host.aes.trap().rec.aes_calls.iter().any(|c| c.control[0] == 105 && c.intin[1] == 27));
        assert!(host.aes.trap().rec.aes_calls.iter().any(|c| c.control[0] == 105 && c.intin[1] == 10), "topped");
    }

    fn ctrl_tab_in_tetrhexs_menu_sends_the_window_back_where_the_aes_can() {
        let mut vdi = Screen::new(4);
        let mut host = program_host(&mut vdi);
        let w = WindowHandle(WINDOW);
        let bottomed = |host: &ProgramHost<'_>| {
            let calls = host.aes.trap().rec.aes_calls.iter();
            calls.filter(|c| c.control[0] == 105 && c.intin[1] == 25).map(|c| c.intin[0]).collect::<Vec<i16>>()
        };
        // TETRHEX's first rule, past its presentation: its main menu.
        host.call(|app, t| app.command(t, Command::ChooseGame(crate::games::ALL.len())));
        let space = Input::KeyDown(KeyPress::new(scancode::SPACE, b' ', Shift::empty()));
        host.call(|app, t| app.input(t, &space));
        // Ctrl-Tab as evnt_multi reports it: Control in the shift state, Tab's scancode and
        // ASCII code.
        let ctrl_tab = AesReply::ints(&[0x01, 0, 0, 0, 4, (scancode::TAB as i16) << 8 | 0x09, 0]);
        // EmuTOS (AES 3.40): no WF_BOTTOM. Neither Ctrl-Tab nor WM_BOTTOMED sends the window
        // back.
        assert!(!host.caps.bottom());
        host.aes.trap_mut().events.push_back(ctrl_tab.clone());
        assert!(host.step());
        assert!(host.message(Message::Bottomed { window: w }, AppId(0)));
        assert_eq!(bottomed(&host), []);
        // An AES 4 that has it: the app is told, Ctrl-Tab in the menu and WM_BOTTOMED each
        // send our window to the bottom.
        host.caps = Capabilities {
            version: 0x0410,
            getinfo: true,
            windows: falcon_gem::aes::capabilities::WindowFeatures::BOTTOM,
            ..Default::default()
        };
        host.app.set_host_features(features(&host.caps));
        host.aes.trap_mut().events.push_back(ctrl_tab);
        assert!(host.step());
        assert_eq!(bottomed(&host), [WINDOW], "Ctrl-Tab");
        assert!(host.message(Message::Bottomed { window: w }, AppId(0)));
        assert_eq!(bottomed(&host), [WINDOW, WINDOW], "WM_BOTTOMED");
        // Another window's WM_BOTTOMED is not ours to act on.
        assert!(host.message(Message::Bottomed { window: WindowHandle(WINDOW + 1) }, AppId(0)));
        assert_eq!(bottomed(&host).len(), 2);
    }

    fn a_game_played_in_the_window_allocates_nothing() {
        let mut vdi = Screen::new(4);
        let mut host = program_host(&mut vdi);
        // TETRHEX's first rule, past its presentation and menu: the game starts (and
        // allocates) before anything is counted.
        host.call(|app, t| app.command(t, Command::ChooseGame(crate::games::ALL.len())));
        for (code, ascii) in [(scancode::SPACE, b' '), (scancode::RETURN, b'\r')] {
            let k = Input::KeyDown(KeyPress::new(code, ascii, Shift::empty()));
            host.call(|app, t| app.input(t, &k));
        }
        assert!(host.app.wants_ticks(), "TETRHEX is playing");
        // What the window gets while the piece falls: ticks, keys (left, right, turn), the
        // pointer pressed, dragged and released in the work area, a redraw, a tick and a key
        // at once.
        let events = |x: i16| {
            let tick = AesReply::ints(&[0x20, x, 100, 0, 0, 0, 0]);
            let key = |scancode: u8| AesReply::ints(&[0x01, x, 100, 0, 0, (scancode as i16) << 8, 0]);
            let mut round = vec![tick.clone(), key(scancode::LEFT), tick.clone(), key(scancode::RIGHT)];
            round.push(key(scancode::UP));
            round.push(AesReply::ints(&[0x02, x, 100, 1, 0, 0, 1]));
            round.push(AesReply::ints(&[0x04, x + 1, 101, 1, 0, 0, 0]));
            round.push(AesReply::ints(&[0x02, x + 1, 101, 0, 0, 0, 1]));
            round.push(message([20, 0, 0, WINDOW, 16, 35, 100, 50]));
            round.push(AesReply::ints(&[0x21, x, 100, 0, 0, (scancode::LEFT as i16) << 8, 0]));
            round.extend((0..10).map(|_| tick.clone()));
            round
        };
        // A first round: whatever the loop keeps is made by its end.
        let play = |host: &mut ProgramHost<'_>, x: i16| {
            let round = events(x);
            let n = round.len();
            host.aes.trap_mut().events.extend(round);
            let (desk0, screen0) = (host.aes.trap().own_allocations, host.vdi.trap().own_allocations);
            let (total, ()) = allocations::during(|| {
                for _ in 0..n {
                    assert!(host.step(), "the game goes on");
                }
            });
            let fakes = host.aes.trap().own_allocations - desk0 + host.vdi.trap().own_allocations - screen0;
            total - fakes
        };
        play(&mut host, 100);
        assert!(host.app.wants_ticks(), "still playing");
        let counted = play(&mut host, 120);
        assert!(host.app.wants_ticks(), "still playing");
        assert_eq!(counted, 0, "the host allocated {counted} times in a round of 20 events");
    }

    fn a_double_click_the_aes_counted_reaches_the_app_as_two_clicks() {
        let seen = Rc::new(RefCell::new(Vec::new()));
        let app = App::with_activity(Box::new(RecordsPointer(seen.clone())), b"test");
        // One answer first (nothing happened): the host learns it is on top. Then a
        // double click over at (100, 100): count 2, the buttons up again.
        let desk: &mut Desk = Box::leak(Box::new(Desk::new([
            AesReply::ints(&[0, 0, 0, 0, 0, 0, 0]),
            AesReply::ints(&[0x02, 100, 100, 0, 0, 0, 2]),
        ])));
        let mut vdi = Screen::new(4);
        let Ok(mut host) = Host::start(Aes::with_trap(desk), &mut vdi, app, Role::Program) else {
            panic!("the host did not start")
        };
        assert!(host.open_window());
        assert!(host.step() && host.step());
        let (x, y) = ((100 - host.work.x) as i32, (100 - host.work.y) as i32);
        let click = |buttons| Input::Mouse { x, y, buttons, shift: Shift::empty() };
        let (down, up) = (click(Buttons::LEFT), click(Buttons::empty()));
        assert_eq!(*seen.borrow(), [down, up, down, up]);
        // And the next wait is for a press again, answered at once (one click).
        let calls = &host.aes.trap().rec.aes_calls;
        let wait = calls.iter().rev().find(|c| c.control[0] == 25).expect("a wait");
        assert_eq!(wait.intin[1..4], [0x101, 3, 0]);
    }

    fn a_quit_answering_a_new_size_ends_the_program_or_closes_the_accessorys_window() {
        let sized = || message([27, 0, 0, WINDOW, 16, 35, 200, 150]);
        let app = || App::with_activity(Box::new(QuitsOnResize), b"test");
        // The program: WM_SIZED, the app's Quit, the end (no second wait).
        let mut desk = Desk::new([sized()]);
        let mut vdi = Screen::new(4);
        assert_eq!(run_on(Aes::with_trap(&mut desk), &mut vdi, WindowPlacement::Default, || Ok(app())), 0);
        let ops = desk.rec.aes_opcodes();
        assert_eq!(ops.iter().filter(|&&o| o == 25).count(), 1, "ended at the first wait: {ops:?}");
        assert_eq!(ops[ops.len() - 4..], [102, 103, 30, 19], "{ops:?}");
        // The accessory: its window closes, and it waits again.
        let mut desk = Desk::new([message(AC_OPEN_WORDS), sized()]);
        let mut vdi = Screen::new(4);
        let mut acc = Accessory::start(Aes::with_trap(&mut desk), &mut vdi, || Ok(app()));
        acc.step();
        assert!(acc.is_open());
        acc.step();
        assert!(!acc.is_open(), "the Quit closed the window");
    }

    fn the_menu_is_brought_up_to_date_only_when_its_state_changes() {
        let mut vdi = Screen::new(4);
        let mut host = program_host(&mut vdi);
        let menu_calls = |host: &ProgramHost<'_>| -> Vec<i16> {
            host.aes.trap().rec.aes_opcodes().into_iter().filter(|o| (30..=32).contains(o)).collect()
        };
        let fifteen = crate::games::ALL.iter().position(|g| g.name == "Fifteen").unwrap();
        let flip = crate::games::ALL.iter().position(|g| g.name == "Flip").unwrap();
        // Another game: its own bar put up (menu_bar), its labels its own.
        host.aes.trap_mut().rec.clear();
        host.call(|app, t| app.command(t, Command::ChooseGame(fifteen)));
        assert_eq!(menu_calls(&host).first(), Some(&30), "{:?}", menu_calls(&host));
        let fifteen_tree = host.menu.map(|m| m as *const GemMenu);
        // The first move: Undo is enabled (menu_ienable), on the same tree; a second move
        // changes nothing the menu shows: no call.
        host.aes.trap_mut().rec.clear();
        let down = Input::KeyDown(KeyPress::special(scancode::DOWN, Shift::empty()));
        host.call(|app, t| app.input(t, &down));
        assert_eq!(menu_calls(&host), [32], "the first move enables Undo");
        assert_eq!(host.menu.map(|m| m as *const GemMenu), fifteen_tree);
        host.aes.trap_mut().rec.clear();
        let up = Input::KeyDown(KeyPress::special(scancode::UP, Shift::empty()));
        host.call(|app, t| app.input(t, &up));
        assert_eq!(menu_calls(&host), [], "another move leaves the menu alone");
        // Another preset: the ticks move (menu_icheck), on the same tree.
        host.aes.trap_mut().rec.clear();
        host.call(|app, t| app.command(t, Command::Preset(0)));
        let calls = menu_calls(&host);
        assert!(calls.contains(&31) && !calls.contains(&30), "{calls:?}");
        // Flip, then Fifteen again: Fifteen's tree back, none built for it again.
        host.call(|app, t| app.command(t, Command::ChooseGame(flip)));
        assert_ne!(host.menu.map(|m| m as *const GemMenu), fifteen_tree);
        let trees = host.trees.len();
        host.call(|app, t| app.command(t, Command::ChooseGame(fifteen)));
        assert_eq!(host.menu.map(|m| m as *const GemMenu), fifteen_tree);
        assert_eq!(host.trees.len(), trees);
        // Every state the host saw is the app's.
        assert_eq!(host.menu_state, host.app.menu_state());
    }

    fn the_accessorys_app_that_cannot_be_made_says_why_on_ac_open() {
        let mut desk = Desk::new([message(AC_OPEN_WORDS)]);
        let mut vdi = Screen::new(4);
        let mut acc = Accessory::start(Aes::with_trap(&mut desk), &mut vdi, || Err("no memory for the games".into()));
        acc.step();
        assert!(!acc.is_open());
        drop(acc);
        let ops = desk.rec.aes_opcodes();
        // evnt_mesag, then the alert; no workstation, no window.
        assert_eq!(ops, [23, 52], "{ops:?}");
        assert!(vdi.rec.vdi_calls.is_empty());
    }
}

/// An activity that quits when it is given another size (none of the collection's does:
/// the host must carry it out all the same).
struct QuitsOnResize;

impl Activity for QuitsOnResize {
    type Reply = ActivityReply;

    fn title(&self) -> &str {
        "Quits on resize"
    }
    fn draw_all(&mut self, _: &mut Target<'_>) {}
    fn input(&mut self, _: &mut Target<'_>, input: &Input) -> ActivityReply {
        if *input == Input::Resize { ActivityReply::Host(HostRequest::Quit) } else { ActivityReply::None }
    }
    fn command(&mut self, _: &mut Target<'_>, _: Command) -> ActivityReply {
        ActivityReply::None
    }
    fn wants_ticks(&self) -> bool {
        false
    }
    fn menu_bar(&self) -> crate::app::menu::MenuBar {
        crate::app::menu::MenuBar::default()
    }
    fn menu_state(&self) -> MenuState {
        MenuState::default()
    }
}

/// An activity that keeps the pointer's inputs it is given.
struct RecordsPointer(Rc<RefCell<Vec<Input>>>);

impl Activity for RecordsPointer {
    type Reply = ActivityReply;

    fn title(&self) -> &str {
        "Records the pointer"
    }
    fn draw_all(&mut self, _: &mut Target<'_>) {}
    fn input(&mut self, _: &mut Target<'_>, input: &Input) -> ActivityReply {
        if matches!(input, Input::Mouse { .. }) {
            self.0.borrow_mut().push(*input);
        }
        ActivityReply::None
    }
    fn command(&mut self, _: &mut Target<'_>, _: Command) -> ActivityReply {
        ActivityReply::None
    }
    fn wants_ticks(&self) -> bool {
        false
    }
    fn menu_bar(&self) -> crate::app::menu::MenuBar {
        crate::app::menu::MenuBar::default()
    }
    fn menu_state(&self) -> MenuState {
        MenuState::default()
    }
}

type ProgramHost<'a> = Host<&'a mut Desk, &'a mut Screen>;

/// The program's host on a fake desk, its window open.
fn program_host<'a>(vdi: &'a mut Screen) -> ProgramHost<'a> {
    // The fake is leaked: it must outlive the host the test keeps.
    let desk: &'a mut Desk = Box::leak(Box::new(Desk::new([])));
    let Ok(mut host) = Host::start(Aes::with_trap(desk), vdi, App::new(b"test"), Role::Program) else {
        panic!("the host did not start")
    };
    assert!(host.open_window());
    host
}

/// The AES opcodes the accessory's fake has recorded so far.
fn opcodes_of(acc: &Accessory<&mut Desk, &mut Screen>) -> Vec<i16> {
    let Served::Window(host) = &acc.0 else { panic!("the accessory did not start") };
    host.aes.trap().rec.aes_opcodes()
}

/// The mask of the last `evnt_multi` and the AES opcodes after it.
fn last_wait_and_after(acc: &Accessory<&mut Desk, &mut Screen>) -> (i16, Vec<i16>) {
    let Served::Window(host) = &acc.0 else { panic!("the accessory did not start") };
    let calls = &host.aes.trap().rec.aes_calls;
    let at = calls.iter().rposition(|c| c.control[0] == 25).expect("a wait");
    (calls[at].intin[0], calls[at + 1..].iter().map(|c| c.control[0]).collect())
}

use falcon_gem::aes::AppId;
use falcon_gem::aes::capabilities::Capabilities;
use falcon_gem::trap::recorder::{AesCall, VdiCall};

/// Our window's handle, as the fake AES gives it.
pub(super) const WINDOW: i16 = 1;
/// WM_CLOSED for our window.
pub(super) const WM_CLOSED_WORDS: [i16; 8] = [22, 0, 0, WINDOW, 0, 0, 0, 0];

/// What the fake AES answers for WF_PREVXYWH.
const PREVIOUS: GemRect = GemRect { x: 40, y: 60, w: 300, h: 200 };

/// AC_OPEN and AC_CLOSE from the AES (menu id 0).
const AC_OPEN_WORDS: [i16; 8] = [40, 0, 0, 0, 0, 0, 0, 0];
const AC_CLOSE_WORDS: [i16; 8] = [41, 0, 0, 0, 0, 0, 0, 0];

/// `evnt_multi`'s answer of a message.
pub(super) fn message(words: [i16; 8]) -> AesReply {
    AesReply { intout: vec![0x10, 0, 0, 0, 0, 0, 0], message: Some(words), ..Default::default() }
}

/// A fake AES of a 640x480 desktop (desk below a 19-pixel bar), answering by opcode; its
/// `evnt_multi` plays the events given, then WM_CLOSED (so that a test always ends). Every
/// call is kept in `rec`.
pub(super) struct Desk {
    pub(super) rec: Recorder,
    events: VecDeque<AesReply>,
    /// Our window's rectangle, as last opened or set (its borders have no width).
    window_rect: Option<[i16; 4]>,
    /// The window `wind_get(WF_TOP)` answers after this many calls of it: ours before.
    other_on_top_after: Option<(usize, i16)>,
    top_asked: usize,
    /// The allocations the fake made itself (its answers, its record of the calls): not the
    /// host's, which `a_game_played_in_the_window_allocates_nothing` counts.
    own_allocations: u64,
}

impl Desk {
    pub(super) fn new<const N: usize>(events: [AesReply; N]) -> Self {
        Desk {
            rec: Recorder::new(),
            events: events.into_iter().collect(),
            window_rect: None,
            other_on_top_after: None,
            top_asked: 0,
            own_allocations: 0,
        }
    }
}

impl falcon_gem::trap::Trap for Desk {
    fn aes(&mut self, block: &mut AesArrays) {
        let (n, ()) = allocations::during(|| self.answer_aes(block));
        self.own_allocations += n;
    }

    fn vdi(&mut self, block: &mut VdiArrays) {
        self.rec.vdi(block);
    }
}

impl Desk {
    /// The fake's answer to an AES call, recorded.
    fn answer_aes(&mut self, block: &mut AesArrays) {
        // A host that never stops calling is a failure, not a machine out of memory.
        assert!(self.rec.aes_calls.len() < 20_000, "the host does not stop calling the AES");
        let mut reply = match block.control[0] {
            // graf_handle: physical handle 1, an 8x16 cell.
            77 => AesReply::ints(&[1, 8, 16, 8, 16]),
            // wind_get: our window on top (WF_TOP); its rectangle list one rectangle, the
            // whole desk (WF_FIRSTXYWH, then an empty WF_NEXTXYWH); any other rectangle asked
            // for, the desk's work area.
            104 if block.intin[1] == 10 => {
                self.top_asked += 1;
                match self.other_on_top_after {
                    Some((n, other)) if self.top_asked > n => AesReply::ints(&[1, other, 0, 0, 0]),
                    _ => AesReply::ints(&[1, WINDOW, 0, 0, 0]),
                }
            }
            104 if block.intin[1] == 12 => AesReply::ints(&[1, 0, 0, 0, 0]),
            // WF_WORKXYWH, WF_CURRXYWH of our window: where it was put.
            104 if block.intin[0] == WINDOW
                && (block.intin[1] == 4 || block.intin[1] == 5)
                && self.window_rect.is_some() =>
            {
                let [x, y, w, h] = self.window_rect.unwrap_or_default();
                AesReply::ints(&[1, x, y, w, h])
            }
            // wind_open, wind_set(WF_CURRXYWH, WF_ICONIFY, WF_UNICONIFY): the window's new
            // place.
            101 | 105
                if block.intin[0] == WINDOW && (block.control[0] == 101 || [5, 26, 27].contains(&block.intin[1])) =>
            {
                let at = if block.control[0] == 101 { 1 } else { 2 };
                self.window_rect =
                    Some([block.intin[at], block.intin[at + 1], block.intin[at + 2], block.intin[at + 3]]);
                AesReply::ints(&[1])
            }
            // WF_PREVXYWH: the window before the fuller made it full.
            104 if block.intin[1] == 6 => AesReply::ints(&[1, PREVIOUS.x, PREVIOUS.y, PREVIOUS.w, PREVIOUS.h]),
            104 => AesReply::ints(&[1, 0, 19, 640, 461]),
            // wind_calc: the rectangle given (borders of no width).
            108 => AesReply::ints(&[1, block.intin[2], block.intin[3], block.intin[4], block.intin[5]]),
            100 => AesReply::ints(&[WINDOW]),
            25 => self.events.pop_front().unwrap_or_else(|| message(WM_CLOSED_WORDS)),
            // evnt_mesag: the next event's message.
            23 => {
                let mut next = self.events.pop_front().unwrap_or_else(|| message(WM_CLOSED_WORDS));
                next.intout = vec![1];
                next
            }
            _ => AesReply::ints(&[1]),
        };
        reply.intout.truncate(block.control[2].max(0) as usize);
        self.rec.reply_aes(reply);
        self.rec.aes(block);
    }
}

/// A fake VDI of a 640x480 screen with `planes` planes; `vq_color` answers 500 for each gun.
pub(super) struct Screen {
    pub(super) planes: i16,
    pub(super) rec: Recorder,
    /// The allocations the fake made itself (as [`Desk`]'s).
    own_allocations: u64,
}

impl Screen {
    pub(super) fn new(planes: i16) -> Self {
        Screen { planes, rec: Recorder::new(), own_allocations: 0 }
    }
}

impl falcon_gem::trap::Trap for Screen {
    fn vdi(&mut self, block: &mut VdiArrays) {
        let (n, ()) = allocations::during(|| self.answer_vdi(block));
        self.own_allocations += n;
    }

    fn aes(&mut self, block: &mut AesArrays) {
        self.rec.aes(block);
    }
}

impl Screen {
    /// The fake's answer to a VDI call, recorded.
    fn answer_vdi(&mut self, block: &mut VdiArrays) {
        assert!(self.rec.vdi_calls.len() < 20_000, "the host does not stop calling the VDI");
        let reply = match block.contrl[0] {
            100 => {
                let mut intout = vec![0i16; 45];
                intout[0] = 639;
                intout[1] = 479;
                intout[13] = 1 << self.planes.min(8);
                VdiReply { intout, ptsout: vec![0; 12], contrl: vec![(6, 3), (2, 6), (4, 45)] }
            }
            102 => {
                let mut ext = vec![0i16; 45];
                ext[4] = self.planes;
                VdiReply { intout: ext, ptsout: vec![0; 12], contrl: vec![(2, 6), (4, 45)] }
            }
            26 => VdiReply::ints(&[block.intin[0], 500, 500, 500]),
            _ => VdiReply::default(),
        };
        self.rec.reply_vdi(reply);
        self.rec.vdi(block);
    }
}
