use alloc::string::String;
use alloc::vec::Vec;

use super::*;
use crate::app::input::{Buttons, KeyPress};
use crate::app::menu::MenuEntry;
use crate::app::script::Screen;
use crate::games;
use crate::keyboard::{Shift, scancode};
use crate::puzzle::backend::Status;

/// Fifteen 3x3, one move (tile 8 left) from solved: the gap is at column 1 of the last row.
const ONE_MOVE: &str = "3x3:1,2,3,4,5,6,7,0,8";

fn fifteen(id: &str) -> PuzzleActivity {
    let mut p = (games::find("fifteen").unwrap().new)(b"activity");
    p.set_game_id(id).unwrap();
    p.new_game(&mut crate::gfx::NullDrawing::default());
    PuzzleActivity::new(p)
}

/// A 96x80 screen: the 3x3 puzzle gets tiles of 16 (64x64) above a 16-pixel status bar.
fn started(id: &str) -> (PuzzleActivity, Screen) {
    let mut a = fifteen(id);
    let mut s = Screen::new(96, 80).unwrap();
    a.draw_all(&mut s.target());
    (a, s)
}

fn moves(a: &PuzzleActivity) -> usize {
    a.puzzle().moves().0.len()
}

fn arrow(code: u8) -> Input {
    Input::KeyDown(KeyPress::special(code, Shift::empty()))
}

crate::test_cases! {
    fn lays_out_the_puzzle_above_its_status_bar() {
        let (a, mut s) = started(ONE_MOVE);
        let l = a.layout();
        assert_eq!(l.region, Rect::new(0, 0, 96, 80));
        assert_eq!(l.puzzle, Rect::new(16, 0, 64, 64));
        assert_eq!(l.status, Some(Rect::new(0, 64, 96, 16)));
        assert_eq!(s.damage.bounding_box(), l.region, "everything drawn is reported");
        // The puzzle's colours from pen 16, then the status bar's two pens (the text's black
        // is what pen 21 already was: no change).
        assert_eq!(s.palette.take_changes(), Some((16, 20)));
        assert_eq!(s.palette.get(16), Colour::DEFAULT_BACKGROUND);
        assert_eq!((s.palette.get(20), s.palette.get(21)), (STATUS_BACKGROUND, STATUS_TEXT));
        let px = s.surface.to_indexed();
        // Left of the puzzle: background; the status bar: its pens only, with text.
        assert_eq!(px[40 * 96 + 3], 16);
        let bar = &px[64 * 96..];
        assert!(bar.iter().all(|&p| p == 20 || p == 21) && bar.contains(&21));
        assert_eq!(a.status_text(), "Moves: 0");
        assert!(px.iter().all(|&p| (16..=21).contains(&p)), "pens 0-15 are never drawn with");
    }

    fn keys_move_through_the_key_map_and_report_damage() {
        let (mut a, mut s) = started(ONE_MOVE);
        s.damage.clear();
        assert_eq!(a.input(&mut s.target(), &arrow(scancode::LEFT)), ActivityReply::None);
        assert_eq!(moves(&a), 1);
        assert!(a.wants_ticks(), "the slide animates");
        let l = a.layout();
        assert!(s.damage.rects().contains(&l.status.unwrap()), "the move count changed");
        let puzzle_part: Vec<&Rect> = s.damage.rects().iter().filter(|r| **r != l.status.unwrap()).collect();
        assert!(!puzzle_part.is_empty() && puzzle_part.iter().all(|r| l.puzzle.union(r) == l.puzzle), "{:?}", s.damage);
        while a.wants_ticks() {
            a.input(&mut s.target(), &Input::Tick { ms: 20 });
        }
        assert_eq!(a.puzzle().status(), Status::Won);
        assert!(a.status_text().starts_with("COMPLETED"));
        // The status bar was redrawn and reported.
        assert!(s.damage.rects().contains(&a.layout().status.unwrap()));
    }

    fn common_keys_act_when_the_puzzle_passes() {
        // Fifteen uses no letters: every common key reaches its command.
        let (mut a, mut s) = started("3x3:8,7,6,5,4,3,2,1,0");
        let mut key = |a: &mut PuzzleActivity, k: KeyPress| a.input(&mut s.target(), &Input::KeyDown(k));
        key(&mut a, KeyPress::special(scancode::DOWN, Shift::empty()));
        assert_eq!(a.puzzle().moves().1, 2);
        assert_eq!(key(&mut a, KeyPress::char(b'u')), ActivityReply::None);
        assert_eq!(a.puzzle().moves().1, 1, "u undid the move");
        key(&mut a, KeyPress::char(b'#'));
        assert_eq!(a.puzzle().moves().1, 2, "# redid it");
        key(&mut a, KeyPress::ctrl(b'z'));
        assert_eq!(a.puzzle().moves().1, 1, "Ctrl-Z undid it");
        assert_eq!(key(&mut a, KeyPress::char(b's')), ActivityReply::None, "plain s means nothing");
        assert!(matches!(key(&mut a, KeyPress::ctrl(b's')), ActivityReply::Host(HostRequest::SaveFile { .. })), "Ctrl-S saves");
        key(&mut a, KeyPress::ctrl(b's').with(Shift::LEFT_SHIFT));
        assert_eq!(a.puzzle().status(), Status::Won, "Shift-Ctrl-S solves");
        assert_eq!(key(&mut a, KeyPress::char(b'q')), ActivityReply::Host(HostRequest::Quit));
        assert_eq!(key(&mut a, KeyPress::char(0x1b)), ActivityReply::Back);
        assert_eq!(key(&mut a, KeyPress::special(scancode::HELP, Shift::empty())), ActivityReply::Host(HostRequest::Help { game: "Fifteen" }));
        let id = a.puzzle().game_id();
        key(&mut a, KeyPress::char(b'n'));
        assert_ne!(a.puzzle().game_id(), id, "n started a new game");
        // Without one-key shortcuts the bare letters pass, the Control forms still work.
        let ActivityReply::Host(HostRequest::Dialog(mut d)) = a.command(&mut s.target(), Command::Preferences) else { panic!() };
        assert!(d.set_bool("Keyboard shortcuts without Ctrl", false));
        a.command(&mut s.target(), Command::ApplyDialog(d));
        assert!(!a.keys().one_key_shortcuts);
        let mut key = |a: &mut PuzzleActivity, k: KeyPress| a.input(&mut s.target(), &Input::KeyDown(k));
        assert_eq!(key(&mut a, KeyPress::char(b'q')), ActivityReply::None);
        assert_eq!(key(&mut a, KeyPress::ctrl(b'q')), ActivityReply::Host(HostRequest::Quit));
    }

    fn mouse_coordinates_are_mapped_to_the_puzzle() {
        let (mut a, mut s) = started(ONE_MOVE);
        // Tile 8 is at column 2, row 2: puzzle pixels 40..56 (border 8, tile 16).
        let click = |a: &mut PuzzleActivity, s: &mut Screen, x, y| {
            for buttons in [Buttons::LEFT, Buttons::empty()] {
                a.input(&mut s.target(), &Input::Mouse { x, y, buttons, shift: Shift::empty() });
            }
        };
        click(&mut a, &mut s, 5, 45);
        assert_eq!(moves(&a), 0, "left of the puzzle");
        click(&mut a, &mut s, 16 + 45, 45);
        assert_eq!(moves(&a), 1);
    }

    fn undo_redo_restart_solve_and_new_game() {
        let (mut a, mut s) = started("3x3:8,7,6,5,4,3,2,1,0");
        assert_eq!(a.command(&mut s.target(), Command::Undo), ActivityReply::None, "nothing to undo is silent");
        a.input(&mut s.target(), &arrow(scancode::DOWN));
        assert_eq!(moves(&a), 1);
        assert_eq!(a.command(&mut s.target(), Command::Undo), ActivityReply::None);
        assert_eq!(a.puzzle().moves().1, 1);
        a.command(&mut s.target(), Command::Redo);
        assert_eq!(a.puzzle().moves().1, 2);
        a.command(&mut s.target(), Command::Restart);
        assert_eq!(a.puzzle().moves().1, 3);
        assert_eq!(a.command(&mut s.target(), Command::Solve), ActivityReply::None);
        assert_eq!(a.puzzle().status(), Status::Won);
        let id = a.puzzle().game_id();
        assert_eq!(a.command(&mut s.target(), Command::NewGame), ActivityReply::None);
        assert_eq!(moves(&a), 0);
        assert_ne!(a.puzzle().game_id(), id);
        let why = a.command(&mut s.target(), Command::ShowSolution);
        assert_eq!(why, ActivityReply::Host(HostRequest::Error("This puzzle cannot show its solution step by step".into())));
    }

    fn presets_and_custom_dialog_change_the_game() {
        let (mut a, mut s) = started(ONE_MOVE);
        a.command(&mut s.target(), Command::Preset(0));
        assert_eq!(a.puzzle().params_string(), "3x3");
        assert!(matches!(a.command(&mut s.target(), Command::Preset(9)), ActivityReply::Host(HostRequest::Error(_))));
        let ActivityReply::Host(HostRequest::Dialog(mut d)) = a.command(&mut s.target(), Command::Custom) else { panic!("no dialog") };
        assert_eq!((d.kind, d.title.as_str()), (DialogKind::Custom, "Fifteen configuration"));
        assert!(d.set_text("Width", "5") && d.set_text("Height", "2"));
        s.damage.clear();
        assert_eq!(a.command(&mut s.target(), Command::ApplyDialog(d.clone())), ActivityReply::None);
        assert_eq!(a.puzzle().params_string(), "5x2");
        assert_eq!(s.damage.bounding_box(), Rect::new(0, 0, 96, 80), "a new size is laid out again");
        // A refused dialog changes nothing and says why.
        assert!(d.set_text("Width", "0"));
        let ActivityReply::Host(HostRequest::Error(why)) = a.command(&mut s.target(), Command::ApplyDialog(d)) else { panic!("accepted") };
        assert!(!why.is_empty());
        assert_eq!(a.puzzle().params_string(), "5x2");
    }

    fn game_id_and_seed_dialogs() {
        let (mut a, mut s) = started(ONE_MOVE);
        let ActivityReply::Host(HostRequest::Dialog(mut d)) = a.command(&mut s.target(), Command::GameId) else { panic!() };
        assert_eq!(d.text(), Some(ONE_MOVE));
        assert!(d.set_text("Game ID", "2x2:1,2,0,3"));
        a.command(&mut s.target(), Command::ApplyDialog(d.clone()));
        assert_eq!(a.puzzle().game_id().as_deref(), Some("2x2:1,2,0,3"));
        d.set_text("Game ID", "2x2:1,1,0,3");
        assert_eq!(a.command(&mut s.target(), Command::ApplyDialog(d)), ActivityReply::Host(HostRequest::Error("Number used twice".into())));
        let ActivityReply::Host(HostRequest::Dialog(mut d)) = a.command(&mut s.target(), Command::RandomSeed) else { panic!() };
        assert_eq!((d.kind, d.text()), (DialogKind::RandomSeed, Some("2x2#")), "a game from a description has no seed");
        d.set_text("Game random seed", "3x2#42");
        a.command(&mut s.target(), Command::ApplyDialog(d));
        assert_eq!(a.puzzle().random_seed_id().as_deref(), Some("3x2#42"));
    }

    fn save_load_copy_and_messages() {
        let (mut a, mut s) = started(ONE_MOVE);
        a.input(&mut s.target(), &arrow(scancode::LEFT));
        let ActivityReply::Host(HostRequest::SaveFile { data }) = a.command(&mut s.target(), Command::Save) else { panic!() };
        assert!(data.starts_with("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection"));
        let (mut b, mut t) = started("2x2:1,2,0,3");
        assert_eq!(b.command(&mut t.target(), Command::Load), ActivityReply::Host(HostRequest::PickFileToLoad));
        assert_eq!(b.command(&mut t.target(), Command::LoadData(data.clone().into_bytes())), ActivityReply::None);
        assert_eq!((b.puzzle().game_id(), moves(&b)), (Some(ONE_MOVE.into()), 1));
        let bad = b.command(&mut t.target(), Command::LoadData(Vec::from(&b"SAVEFILE:3:abc\n"[..])));
        assert!(matches!(bad, ActivityReply::Host(HostRequest::Error(_))), "{:?}", bad);
        assert!(matches!(b.command(&mut t.target(), Command::LoadData(alloc::vec![0xff, 0xfe])), ActivityReply::Host(HostRequest::Error(_))));
        assert_eq!(moves(&b), 1, "a bad file leaves the game alone");
        let ActivityReply::Host(HostRequest::Clipboard(text)) = a.command(&mut s.target(), Command::CopyText) else { panic!() };
        assert!(text.contains('8') && text.ends_with('\n'), "{}", text);
        assert_eq!(a.command(&mut s.target(), Command::Help), ActivityReply::Host(HostRequest::Help { game: "Fifteen" }));
        let ActivityReply::Host(HostRequest::Message { title, text }) = a.command(&mut s.target(), Command::About) else { panic!() };
        assert_eq!(title, "About Fifteen");
        assert!(text.contains("Simon Tatham's Portable Puzzle Collection"));
        assert_eq!(a.command(&mut s.target(), Command::Quit), ActivityReply::Host(HostRequest::Quit));
        assert_eq!(a.command(&mut s.target(), Command::BackToCollection), ActivityReply::Back);
    }

    fn preferences_dialog_sets_the_one_key_shortcuts() {
        let (mut a, mut s) = started(ONE_MOVE);
        assert!(a.keys().one_key_shortcuts);
        let ActivityReply::Host(HostRequest::Dialog(mut d)) = a.command(&mut s.target(), Command::Preferences) else { panic!() };
        assert!(d.set_bool("Keyboard shortcuts without Ctrl", false));
        a.command(&mut s.target(), Command::ApplyDialog(d));
        assert!(!a.keys().one_key_shortcuts);
    }

    fn focus_stops_ticks_and_reloads_pens() {
        let (mut a, mut s) = started(ONE_MOVE);
        a.input(&mut s.target(), &arrow(scancode::LEFT));
        assert!(a.wants_ticks());
        a.input(&mut s.target(), &Input::FocusLost);
        assert!(!a.wants_ticks(), "no ticks while the window is not on top");
        s.palette.take_changes();
        a.input(&mut s.target(), &Input::FocusGained);
        assert!(a.wants_ticks());
        assert_eq!(s.palette.take_changes(), Some((16, 21)));
        // A drag in progress ends when focus goes.
        a.input(&mut s.target(), &Input::Mouse { x: 61, y: 45, buttons: Buttons::LEFT, shift: Shift::empty() });
        a.input(&mut s.target(), &Input::FocusLost);
        a.input(&mut s.target(), &Input::Mouse { x: 61, y: 45, buttons: Buttons::empty(), shift: Shift::empty() });
    }

    fn resize_lays_out_again() {
        let (mut a, _) = started(ONE_MOVE);
        let mut big = Screen::new(160, 120).unwrap();
        let mut t = big.target();
        t.region = Rect::new(16, 8, 128, 96);
        a.input(&mut t, &Input::Resize);
        let l = a.layout();
        assert_eq!((l.region, l.status), (Rect::new(16, 8, 128, 96), Some(Rect::new(16, 88, 128, 16))));
        assert_eq!(l.puzzle, Rect::new(40, 8, 80, 80), "tile 20 fits 80 high");
        assert_eq!(big.surface.pixel(15, 50), 0, "nothing outside the region");
    }

    fn undo_and_redo_are_greyed_when_there_is_nothing_to_undo_or_redo() {
        let (mut a, mut s) = started(ONE_MOVE);
        let enabled = |a: &PuzzleActivity, c: Command| a.menu_bar().find(&c).unwrap().enabled;
        assert!(!enabled(&a, Command::Undo) && !enabled(&a, Command::Redo));
        let fresh = a.menu_state();
        // A move by key: Undo now; the menu's state says the bar changed.
        a.input(&mut s.target(), &arrow(scancode::LEFT));
        assert_eq!(moves(&a), 1);
        assert!(enabled(&a, Command::Undo) && !enabled(&a, Command::Redo));
        let moved = a.menu_state();
        assert_ne!(moved, fresh);
        // Undo (its key, `u`): Redo now, nothing left to undo.
        a.input(&mut s.target(), &Input::KeyDown(KeyPress::char(b'u')));
        assert!(!enabled(&a, Command::Undo) && enabled(&a, Command::Redo));
        assert!(a.menu_state() != moved && a.menu_state() != fresh);
        // Redo from the menu; then Undo, and a move by the pointer: Undo only.
        a.command(&mut s.target(), Command::Redo);
        assert!(enabled(&a, Command::Undo) && !enabled(&a, Command::Redo));
        a.command(&mut s.target(), Command::Undo);
        assert!(enabled(&a, Command::Redo));
        // A click on the bottom-right tile, next to the gap.
        let l = a.layout();
        let (x, y) = (l.puzzle.x + l.puzzle.w - 16, l.puzzle.y + l.puzzle.h - 16);
        a.input(&mut s.target(), &Input::Mouse { x, y, buttons: Buttons::LEFT, shift: Shift::empty() });
        a.input(&mut s.target(), &Input::Mouse { x, y, buttons: Buttons::empty(), shift: Shift::empty() });
        // The click moved the tile: a new move, so nothing to redo.
        assert!(enabled(&a, Command::Undo) && !enabled(&a, Command::Redo));
        assert_eq!(a.menu_state(), moved);
    }

    fn menu_bar_follows_gem_and_the_game() {
        let (a, _) = started("4x4#1");
        let bar = a.menu_bar();
        let titles: Vec<&str> = bar.menus.iter().map(|m| m.title.as_str()).collect();
        assert_eq!(titles, ["Desk", "File", "Edit", "Type", "Games", "Help"]);
        let file = bar.menu("File").unwrap();
        assert!(matches!(file.entries.last(), Some(MenuEntry::Item(i)) if i.command == Command::Quit), "Quit is last");
        let item = |c: &Command| bar.find(c).unwrap();
        assert_eq!(item(&Command::Save).shortcut, Some(crate::app::Shortcut::Ctrl(b'S')));
        assert!(item(&Command::Solve).enabled && item(&Command::CopyText).enabled);
        assert!(item(&Command::Preset(1)).checked && !item(&Command::Preset(0)).checked);
        assert!(!item(&Command::Custom).checked);
        assert!(item(&Command::ChooseGame(0)).checked && !item(&Command::ChooseGame(1)).checked);
        assert_eq!(item(&Command::Help).label, "Help on Fifteen");
        // Parameters no preset has: Custom is ticked.
        let (b, _) = started("5x2#1");
        assert!(b.menu_bar().find(&Command::Custom).unwrap().checked);
        let labels: Vec<String> = b.menu_bar().menu("Type").unwrap().items().map(|i| i.label.clone()).collect();
        assert_eq!(labels, ["3x3", "4x4", "5x5", "6x6", "Custom..."]);
    }

    fn every_games_animation_frames_allocate_nothing() {
        // The project's rule: nothing allocates in a frame. Every game of the collection is
        // played with the cursor keys and select at the size of a small window; the ticks
        // that run each move's animation or flash, and a timed game's clock (the frames
        // drawn between two inputs), must not allocate.
        use crate::testcase::allocations;
        let select = Input::KeyDown(KeyPress::new(scancode::RETURN, b'\r', Shift::empty()));
        let keys = [arrow(scancode::LEFT), arrow(scancode::UP), select, arrow(scancode::RIGHT), arrow(scancode::DOWN), select];
        for entry in games::ALL {
            let mut p = (entry.new)(b"frames");
            p.new_game(&mut crate::gfx::NullDrawing::default());
            let mut a = PuzzleActivity::new(p);
            let mut s = Screen::new(192, 144).unwrap();
            a.draw_all(&mut s.target());
            let (mut frames, mut allocated) = (0, 0);
            for key in &keys {
                a.input(&mut s.target(), key);
                for _ in 0..200 {
                    if !a.wants_ticks() {
                        break;
                    }
                    let (n, _) = allocations::during(|| a.input(&mut s.target(), &Input::Tick { ms: 20 }));
                    allocated += n;
                    frames += 1;
                }
            }
            assert_eq!(allocated, 0, "{}: {allocated} allocations in {frames} frames", entry.name);
        }
    }
}
