use falcon_host::IndexedImage;
use falcon_puzzles::app::onscreen::OnScreen;
use falcon_puzzles::app::script::Screen;
use falcon_puzzles::app::tetrhex::rule_disk::{MemoryDisk, SharedRuleDisk};
use falcon_puzzles::app::{Activity, App};
use falcon_puzzles::frontend::options::Options;
use std::cell::RefCell;
use std::rc::Rc;

use super::*;

/// A colour as Hatari shows it: the VIDEL's 6 bits per gun, widened to 8 by repeating the
/// top two bits at the bottom.
fn as_shown(c: u8) -> u8 {
    (c & 0xFC) | (c >> 6)
}

/// Runs a scenario on the PC (the app on an owned 640×480 surface, animations run out
/// after each input, or only after the step's last under `at_once`) and hands each
/// screenshot to `shot` as pens and the palette as shown.
/// Under `tos` the app has a disk, as FALCON.PRG has under a TOS (an empty one in memory:
/// the emulated drive C: holds no TETRHEX file either).
fn render(scenario: &Scenario, tos: bool, mut shot: impl FnMut(&str, IndexedImage<'_>)) -> Result<(), String> {
    let disk: Option<SharedRuleDisk> = tos.then(|| Rc::new(RefCell::new(MemoryDisk::default())) as SharedRuleDisk);
    let mut options = Options::parse(scenario.options)?;
    // As FALCON.PRG does: TETRHEX's own options, read after the disk's TETRHEX.CFG.
    options.resolve_tetrhex(disk.as_ref())?;
    let mut app = OnScreen::new(options.app(options.seed.as_deref().unwrap_or("").as_bytes(), disk)?);
    let mut screen = Screen::new(640, 480)?;
    app.draw_all(&mut screen.target());
    for step in scenario.steps {
        for (i, input) in step.inputs.iter().enumerate() {
            app.input(&mut screen.target(), input);
            if !step.at_once || i + 1 == step.inputs.len() {
                settle(&mut app, &mut screen);
            }
        }
        let pens = screen.surface.to_indexed();
        let palette: Vec<[u8; 3]> =
            screen.palette.colours().iter().map(|c| [as_shown(c.r), as_shown(c.g), as_shown(c.b)]).collect();
        shot(step.shot, IndexedImage { width: 640, height: 480, pixels: &pens, palette: &palette });
    }
    Ok(())
}

/// Runs FALCON.PRG's attract script on the PC (the options `cargo xtask run` gives it) as
/// the host does: each tick and action when its `Pacer` says, on a clock of the test's own
/// (the script's ticks are the same whatever the clock: `pacing`), and hands each screen it
/// shows to `shot` with its name ("Fifteen moved", "Tetrhex played", "collection") and the
/// pens of the screen before the action that led to it (the game as it was before its first
/// key for its moves, the moves for Undo, Undo for Solve, the last game's Solve for the
/// collection). With `moves` false a TETRHEX game gets none of the script's keys but Undo
/// and Esc once it is started: only its time.
fn render_attract(moves: bool, mut shot: impl FnMut(&str, &[u8], IndexedImage<'_>)) -> Result<(), String> {
    use falcon_puzzles::app::Command;
    use falcon_puzzles::frontend::fullscreen::attract::{self, Action};
    use falcon_puzzles::frontend::fullscreen::pacing::{Next, Pacer, TICK_MS};
    let options = Options::parse(ATTRACT_OPTIONS)?;
    let mut app = OnScreen::new(options.app(options.seed.as_deref().unwrap_or("").as_bytes(), None)?);
    let mut screen = Screen::new(640, 480)?;
    app.draw_all(&mut screen.target());
    // Not under `hold`: nobody presses a key here (the app sees the same either way).
    let mut now = 0u32;
    let mut pacer = Pacer::new(false, now);
    let mut before = Vec::new();
    let mut chosen = false;
    // A TETRHEX rule chosen, and its game started (Return in its main menu).
    let (mut rule, mut rule_in_play) = (false, false);
    // Ticks since the last action: an app that never settles would stop the script.
    let mut ticks = 0;
    loop {
        let action = match pacer.next(now, app.wants_ticks()) {
            Next::Wait => {
                now += TICK_MS;
                continue;
            }
            Next::Tick => {
                ticks += 1;
                if ticks > 1000 {
                    return Err(format!("{}: still busy after 20 s of ticks", app.title()));
                }
                app.input(&mut screen.target(), &Input::Tick { ms: TICK_MS });
                continue;
            }
            Next::Act(action) => action,
        };
        ticks = 0;
        if chosen {
            // The game as its first key finds it.
            before = screen.surface.to_indexed();
            chosen = false;
        }
        match action {
            Action::Choose(n) => {
                app.command(&mut screen.target(), Command::ChooseGame(n));
                chosen = true;
                rule = n >= falcon_puzzles::games::ALL.len();
                rule_in_play = false;
            }
            Action::Key(k) => {
                let kept = [attract::UNDO, attract::BACK].contains(&k);
                if moves || !rule_in_play || kept {
                    app.input(&mut screen.target(), &Input::KeyDown(k));
                }
                rule_in_play |= rule && k.scancode == falcon_puzzles::keyboard::scancode::RETURN;
            }
            Action::Show(shown) => {
                let pens = screen.surface.to_indexed();
                let palette: Vec<[u8; 3]> =
                    screen.palette.colours().iter().map(|c| [as_shown(c.r), as_shown(c.g), as_shown(c.b)]).collect();
                shot(
                    &shown.to_string(),
                    &before,
                    IndexedImage { width: 640, height: 480, pixels: &pens, palette: &palette },
                );
                before = pens;
            }
            Action::Quit => return Ok(()),
        }
    }
}

#[test]
fn attract_references_match_the_app() {
    // With UPDATE_REFERENCE=1 this writes them instead: look at each before committing.
    let mut shown = Vec::new();
    render_attract(true, |name, _, image| {
        reference::check(&attract_reference_path(name), &image);
        shown.push(name.to_string());
    })
    .unwrap();
    assert_eq!(shown, attract_screens());
}

#[test]
fn the_attract_mode_moves_undoes_and_solves_something_in_every_game() {
    // Each screen differs from the one before it (the keys did something), except where the
    // game cannot do it: a reference of an unchanged screen would prove little.
    let mut unchanged = Vec::new();
    let mut shots: Vec<Vec<u8>> = Vec::new();
    render_attract(true, |name, before, image| {
        if before == image.pixels {
            unchanged.push(name.to_string());
        }
        shots.push(image.pixels.to_vec());
    })
    .unwrap();
    assert_eq!(shots.len(), attract_screens().len());
    assert_eq!(unchanged, Vec::<String>::new());
}

#[test]
fn the_attract_mode_moves_and_drops_the_pieces_of_every_tetrhex_rule() {
    // A rule's game played by the script's keys ends elsewhere than the same time without
    // them (the piece only falling): the keys moved, turned and dropped it.
    let mut with = Vec::new();
    render_attract(true, |name, _, image| with.push((name.to_string(), image.pixels.to_vec()))).unwrap();
    let mut without = Vec::new();
    render_attract(false, |name, _, image| without.push((name.to_string(), image.pixels.to_vec()))).unwrap();
    assert_eq!(with.len(), without.len());
    let mut rules = 0;
    for ((name, a), (_, b)) in with.iter().zip(&without) {
        if name.ends_with(" played") || name.ends_with(" paused") {
            assert_ne!(a, b, "{name}: the same without the keys");
            rules += 1;
        } else {
            assert_eq!(a, b, "{name}: not a rule's screen, nothing left out");
        }
    }
    assert_eq!(rules, 2 * falcon_puzzles::app::tetrhex::rules::ALL.len());
}

/// Ticks of 20 ms while the app wants them (at most 1000); false when it still wants more.
fn settle(app: &mut OnScreen<App>, screen: &mut Screen) -> bool {
    for _ in 0..1000 {
        if !app.wants_ticks() {
            return true;
        }
        app.input(&mut screen.target(), &Input::Tick { ms: 20 });
    }
    !app.wants_ticks()
}

#[test]
fn reference_images_match_the_app() {
    // With UPDATE_REFERENCE=1 this writes them instead: look at each before committing.
    for scenario in SCENARIOS {
        let want: Vec<&str> = scenario.steps.iter().map(|s| s.shot).collect();
        let mut plain = Vec::new();
        render(scenario, false, |name, image| {
            reference::check(&plain_reference_path(scenario, name), &image);
            plain.push((name.to_string(), image.pixels.to_vec()));
        })
        .unwrap();
        assert_eq!(plain.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), want);
        if !scenario.tos_variant {
            continue;
        }
        // Under a TOS: a screen that differs has its own reference, one that does not has none.
        let mut i = 0;
        render(scenario, true, |name, image| {
            let own = tos_reference_path(scenario, name);
            if image.pixels == plain[i].1 {
                assert!(!own.is_file(), "{} is the same as without a TOS: remove it", own.display());
            } else {
                reference::check(&own, &image);
            }
            i += 1;
        })
        .unwrap();
        assert_eq!(i, want.len());
    }
}

#[test]
fn every_step_changes_the_screen_or_brings_an_earlier_one_back() {
    let mut images: Vec<Vec<u8>> = Vec::new();
    render(&FIFTEEN, false, |_, image| images.push(image.pixels.to_vec())).unwrap();
    // The click moved a tile, the key another, the undo put the second back.
    assert_ne!(images[0], images[1]);
    assert_ne!(images[1], images[2]);
    assert_eq!(images[3], images[1]);
    // The menu and the message opened over the game, and went away without a trace.
    assert_ne!(images[4], images[3]);
    assert_ne!(images[5], images[4]);
    assert_eq!(images[6], images[3]);
}

#[test]
fn tetrhex_screens_differ_where_the_keys_change_something() {
    for tos in [false, true] {
        let mut shots: Vec<(String, Vec<u8>)> = Vec::new();
        render(&TETRHEX, tos, |name, image| shots.push((name.to_string(), image.pixels.to_vec()))).unwrap();
        // A shot taken twice under one name is the same screen (a reference is one picture);
        // any two names are different screens: every key did what it should.
        for (i, (a, pa)) in shots.iter().enumerate() {
            for (b, pb) in &shots[i + 1..] {
                assert_eq!(a == b, pa == pb, "{a} and {b}, tos {tos}");
            }
        }
    }
}

#[test]
fn colours_are_widened_as_hatari_shows_them() {
    assert_eq!(as_shown(0xFF), 0xFF);
    assert_eq!(as_shown(0xC0), 0xC3);
    assert_eq!(as_shown(0x99), 0x9A);
    assert_eq!(as_shown(0x03), 0x00);
}

#[test]
fn cost_lines_become_bench_lines() {
    let output = "fullscreen cost Fifteen start 100 frame 20\nfullscreen idle 3\nnoise\n\
                  fullscreen cost Same Game start 533334 frame 266667\n\
                  fullscreen memory heap peak 10 of 20 (in use at exit 5)\nfullscreen cost Broken start x";
    assert_eq!(
        cost_lines("test", output),
        [
            "68030 bench fullscreen_fifteen_start (test): 100 cycles (0.0 VBLs of 266,667)",
            "68030 bench fullscreen_fifteen_frame (test): 20 cycles (0.0 VBLs of 266,667)",
            "68030 bench fullscreen_same_game_start (test): 533334 cycles (2.0 VBLs of 266,667)",
            "68030 bench fullscreen_same_game_frame (test): 266667 cycles (1.0 VBLs of 266,667)",
            "68030 memory of FALCON.PRG (test): heap peak 10 of 20 (in use at exit 5) bytes",
        ]
    );
}
