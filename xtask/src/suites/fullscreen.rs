//! `cargo xtask test`, the full-screen front end's part, and the attract mode of `cargo xtask
//! run`.
//!
//! - The scenario: selftest/src/bin/fullscreen_test.rs (FALCON.PRG's own host code between two
//!   dumps of the machine state) starts a 3x3 Fifteen at 640×480; the host clicks the mouse
//!   and presses keys through Hatari's command FIFO, and after each step compares Hatari's
//!   screenshot pixel for pixel with the reference image the app draws on the PC for the same
//!   inputs (`hatari-tests/reference/fullscreen-*.png`, checked and, with
//!   `UPDATE_REFERENCE=1`, written by the host test `reference_images_match_the_app` in
//!   fullscreen/tests.rs, which renders them); `q`
//!   ends it, and the machine state must be as before. Without a TOS always; under EmuTOS
//!   when FALCON_TOS is set. Both again on an RGB monitor (Hatari's `--monitor rgb`): the
//!   interlaced mode must show the same 640×480 picture.
//! - FALCON.PRG itself: refuses a machine without a VIDEL (exit code 20) and bad options
//!   (exit code 10) with a message, and under EmuTOS a bad TETRHEX.LNG (11) or the missing
//!   help file it names (12) with an alert; plays every game in the attract mode (TETRHEX's rules in
//!   play too, on the script's time), without a TOS and under EmuTOS, each screen compared
//!   with the app's picture on the PC
//!   (`hatari-tests/reference/attract-*.png`, written with `UPDATE_REFERENCE=1` by the host
//!   test `attract_references_match_the_app`), and reports the dearest frame of each.

use std::path::{Path, PathBuf};

use falcon_host::{RgbImage, png, reference};
use falcon_puzzles::app::input::{Buttons, Input, KeyPress};
use falcon_puzzles::keyboard::Shift;

use super::machine_state::compare_states;
use super::side_by_side::Job;
use super::tally::{Counts, Tally};
use crate::build::pipeline;
use crate::emulator::hatari::{self, RunOptions, Session};

/// A scenario: what `FALCON.INF` asks for, the steps, and the keys that end the program.
pub struct Scenario {
    /// The first part of its reference images' names (`hatari-tests/reference/NAME-SHOT.png`).
    pub name: &'static str,
    pub options: &'static str,
    pub steps: &'static [Step],
    /// Sent through the FIFO after the last step: the program must then end.
    pub quit: &'static [&'static str],
    /// Some of its screens differ under a TOS, which gives the program a disk (TETRHEX's main
    /// menu then offers to load a rule): those have references of their own,
    /// `NAME-tos-SHOT.png`.
    pub tos_variant: bool,
}

/// One step of a scenario: what the host sends through the FIFO, the inputs the program
/// gets for it (what the machine layer makes of those IKBD bytes), and the screenshot then.
pub struct Step {
    pub fifo: &'static [&'static str],
    pub inputs: &'static [Input],
    /// The inputs follow one another at once: on the PC no time passes between them (a game
    /// in play would fall), on the Falcon the few frames the keys take. Otherwise the PC lets
    /// every animation run out after each input, as the Falcon does while the host waits for
    /// the program to be idle. (Read by the PC's rendering of the references, a test, and
    /// by the runner, which then sends the keys as soon as the emulator can take them.)
    pub at_once: bool,
    pub shot: &'static str,
}

impl Step {
    const fn keys(fifo: &'static [&'static str], inputs: &'static [Input], shot: &'static str) -> Step {
        Step { fifo, inputs, at_once: false, shot }
    }
}

/// Where the mouse is: it starts in the middle of the screen and nothing moves it.
const MIDDLE: (i32, i32) = (320, 240);

const fn mouse(buttons: Buttons) -> Input {
    Input::Mouse { x: MIDDLE.0, y: MIDDLE.1, buttons, shift: Shift::empty() }
}

const RIGHT: KeyPress = KeyPress::special(0x4D, Shift::empty());
const U: KeyPress = KeyPress::new(0x16, b'u', Shift::empty());
const F10: KeyPress = KeyPress::special(0x44, Shift::empty());
const RETURN: KeyPress = KeyPress::new(0x1C, b'\r', Shift::empty());

/// A key pressed and released.
macro_rules! press {
    ($k:expr) => {
        [Input::KeyDown($k), Input::KeyUp($k)]
    };
}

/// A 3x3 Fifteen whose middle tile is above the gap, full screen (FALCON.PRG started from a
/// desktop would otherwise open a window): the mouse and the keys of the collection.
pub const FIFTEEN: Scenario = Scenario {
    name: "fullscreen",
    options: "fullscreen game Fifteen id 3x3:1,2,3,4,5,6,7,0,8 seed test",
    steps: &[
        Step::keys(&[], &[], "start"),
        // A double click in the middle: the tile there slides into the gap below it; the second
        // click lands on the gap and does nothing.
        Step::keys(
            &["doubleclick"],
            &[mouse(Buttons::LEFT), mouse(Buttons::empty()), mouse(Buttons::LEFT), mouse(Buttons::empty())],
            "clicked",
        ),
        // Right: the tile left of the gap slides right.
        Step::keys(&["keypress 77"], &press!(RIGHT), "key"),
        // `u`: undo.
        Step::keys(&["keypress u"], &press!(U), "undone"),
        // F10 opens the on-screen menu bar's first menu (Desk), Return chooses its first item
        // (About), Return closes the message: the game as it was.
        Step::keys(&["keypress 68"], &press!(F10), "menu"),
        Step::keys(&["keypress 28"], &press!(RETURN), "about"),
        Step::keys(&["keypress 28"], &press!(RETURN), "closed"),
    ],
    quit: &["keypress q"],
    tos_variant: false,
};

const SPACE: KeyPress = KeyPress::new(0x39, b' ', Shift::empty());
const HELP: KeyPress = KeyPress::special(0x62, Shift::empty());
const SHIFT_HELP: KeyPress = KeyPress::special(0x62, Shift::RIGHT_SHIFT);
const DOWN: KeyPress = KeyPress::special(0x50, Shift::empty());
const ESC: KeyPress = KeyPress::new(0x01, 0x1B, Shift::empty());
const N: KeyPress = KeyPress::new(0x31, b'n', Shift::empty());
const A: KeyPress = KeyPress::new(0x1E, b'a', Shift::empty());
const D: KeyPress = KeyPress::new(0x20, b'd', Shift::empty());
const CONTROL_ESC: KeyPress = KeyPress::new(0x01, 0x1B, Shift::CONTROL);
const CONTROL_C: KeyPress = KeyPress::new(0x2E, 0x03, Shift::CONTROL);
const F1: KeyPress = KeyPress::special(0x3B, Shift::empty());

/// N (the name box), then "ada".
const NAME_ADA: [Input; 8] = {
    let ([n, n_up], [a, a_up], [d, d_up]) = (press!(N), press!(A), press!(D));
    [n, n_up, a, a_up, d, d_up, a, a_up]
};
/// Return (play), then Control-Esc (give up).
const PLAY_THEN_GIVE_UP: [Input; 4] = {
    let ([r, r_up], [e, e_up]) = (press!(RETURN), press!(CONTROL_ESC));
    [r, r_up, e, e_up]
};

/// TETRHEX as the program (its rule Tetrhex, full screen, the date and time not shown): its screens, from the presentation to the best scores, by real keys.
pub const TETRHEX: Scenario = Scenario {
    name: "tetrhex",
    options: "seed test -dn TETRHEX.RUL",
    steps: &[
        Step::keys(&[], &[], "presentation"),
        // A key: the main menu.
        Step::keys(&["keypress 57"], &press!(SPACE), "menu"),
        // Shift-Help: the rule's help (the Shift key as the keyboard reports it); Esc: the
        // menu again. Help: the help on TETRHEX; Down: a line further; Esc.
        Step::keys(&["keydown 54", "keypress 98", "keyup 54"], &press!(SHIFT_HELP), "rule-help"),
        Step::keys(&["keypress 01"], &press!(ESC), "menu"),
        Step::keys(&["keypress 98"], &press!(HELP), "help"),
        Step::keys(&["keypress 80"], &press!(DOWN), "help-down"),
        Step::keys(&["keypress 01"], &press!(ESC), "menu"),
        // N: the name box; "ada" typed; Control-C: the entry aborted, no player's name (so no
        // score is kept, and no file written).
        Step::keys(&["keypress 49", "keypress a", "keypress d", "keypress a"], &NAME_ADA, "name"),
        Step::keys(&["keydown 29", "keypress 46", "keyup 29"], &press!(CONTROL_C), "menu"),
        // Return: the game; Control-Esc at once gives it up before the piece has fallen a
        // row: game over.
        Step {
            fifo: &["keypress 28", "keydown 29", "keypress 01", "keyup 29"],
            inputs: &PLAY_THEN_GIVE_UP,
            at_once: true,
            shot: "over",
        },
        // Return: the main menu, as before the game (no name, no score kept); F1: the best
        // scores; Esc: the menu.
        Step::keys(&["keypress 28"], &press!(RETURN), "menu"),
        Step::keys(&["keypress 59"], &press!(F1), "scores"),
        Step::keys(&["keypress 01"], &press!(ESC), "menu"),
    ],
    // Control-Q: quit. (Control is not released: the emulator ends with the program.)
    quit: &["keydown 29", "keypress 16"],
    tos_variant: true,
};

/// The scenarios (their references are checked by the tests).
#[cfg(test)]
pub const SCENARIOS: [&Scenario; 2] = [&FIFTEEN, &TETRHEX];

/// The reference image of a step, without a TOS or under one (its own, where the screen
/// differs there, else the same).
pub fn reference_path(scenario: &Scenario, shot: &str, tos: bool) -> PathBuf {
    let own = tos_reference_path(scenario, shot);
    if tos && scenario.tos_variant && own.is_file() { own } else { plain_reference_path(scenario, shot) }
}

pub fn plain_reference_path(scenario: &Scenario, shot: &str) -> PathBuf {
    pipeline::root().join("hatari-tests/reference").join(format!("{}-{shot}.png", scenario.name))
}

/// Where a step's screen under a TOS has its own reference, if it differs.
pub fn tos_reference_path(scenario: &Scenario, shot: &str) -> PathBuf {
    pipeline::root().join("hatari-tests/reference").join(format!("{}-tos-{shot}.png", scenario.name))
}

/// Runs every full-screen test (those whose name contains the first positional argument, if
/// one is given: `cargo xtask fullscreen-test emutos::`).
pub fn fullscreen_tests(args: &[String]) -> Counts {
    let filter = crate::args::positional(args).into_iter().next().unwrap_or_default();
    let wanted = |group: &str| group.contains(filter.as_str()) || filter.contains(group);
    let mut tally = Tally::new("fullscreen test ");
    let opt_level = match pipeline::opt_level(args) {
        Ok(level) => level,
        Err(e) => {
            tally.judge("build", Err(e));
            return tally.counts;
        }
    };
    let build = |bin: &str, tosless: bool| {
        pipeline::build_and_report(&pipeline::BuildOptions {
            program: pipeline::program(bin)?,
            opt_level: opt_level.clone(),
            symbols: true,
            tosless,
        })
        .map(|b| b.prg)
    };
    if wanted("tosless::fifteen") || wanted("tosless::tetrhex") {
        match build("fullscreen-test", true) {
            Err(e) => tally.judge("build (TOS-less)", Err(e)),
            Ok(prg) => {
                for (name, which, monitor) in [
                    (TOSLESS_TESTS[0], &FIFTEEN, "vga"),
                    (TOSLESS_TESTS[1], &FIFTEEN, "rgb"),
                    (TOSLESS_TESTS[2], &TETRHEX, "vga"),
                ] {
                    if wanted(name) {
                        tally.judge(name, scenario(which, &prg, None, monitor));
                    }
                }
            }
        }
    }
    if wanted("tosless::falcon_prg") {
        match build("falcon", true) {
            Err(e) => tally.judge("build FALCON.PRG (TOS-less)", Err(e)),
            Ok(prg) => {
                if wanted(TOSLESS_TESTS[3]) {
                    tally.judge(TOSLESS_TESTS[3], not_falcon(&prg));
                }
                if wanted(TOSLESS_TESTS[4]) {
                    tally.judge(TOSLESS_TESTS[4], bad_options(&prg));
                }
                if wanted(TOSLESS_TESTS[5]) {
                    tally.judge(TOSLESS_TESTS[5], attract_test(&prg, None, "TOS-less"));
                }
            }
        }
    }
    let Some(tos) = crate::args::option(args, "--tos").map(PathBuf::from).or_else(hatari::tos_from_env) else {
        for name in EMUTOS_TESTS {
            if wanted(name) {
                println!("fullscreen test {name} ... skipped: no TOS image (set FALCON_TOS=path/to/etos1024k.img)");
            }
        }
        return tally.counts;
    };
    if wanted("emutos::fifteen") || wanted("emutos::tetrhex") {
        match build("fullscreen-test", false) {
            Err(e) => tally.judge("build (TOS)", Err(e)),
            Ok(prg) => {
                for (name, which, monitor) in [
                    (EMUTOS_TESTS[0], &FIFTEEN, "vga"),
                    (EMUTOS_TESTS[3], &FIFTEEN, "rgb"),
                    (EMUTOS_TESTS[4], &TETRHEX, "vga"),
                ] {
                    if wanted(name) {
                        tally.judge(name, scenario(which, &prg, Some(&tos), monitor));
                    }
                }
            }
        }
    }
    let desktop = wanted("emutos::the_desktop");
    let attract = wanted(EMUTOS_TESTS[2]);
    let language = wanted(EMUTOS_TESTS[5]);
    if desktop || attract || language {
        match build("falcon", false) {
            Err(e) => tally.judge("build FALCON.PRG (TOS)", Err(e)),
            Ok(prg) => {
                if desktop {
                    tally.judge(EMUTOS_TESTS[1], desktop_comes_back(&prg, &tos));
                }
                if attract {
                    tally.judge(EMUTOS_TESTS[2], attract_test(&prg, Some(&tos), "EmuTOS"));
                }
                if language {
                    tally.judge(EMUTOS_TESTS[5], language_file_errors(&prg, &tos));
                }
            }
        }
    }
    tally.counts
}

/// The full-screen tests that need a TOS image, each named as it reports (so that a run
/// without one says which were skipped).
/// Each test as a job of the test command, run alone (`cargo xtask fullscreen-test NAME`
/// would run the same), with its cost in seconds on the 2-core CI machine; the EmuTOS ones
/// only when a TOS image is given (said when not).
pub fn jobs(args: &[String]) -> Vec<Job<'_>> {
    let has_tos = crate::args::option(args, "--tos").is_some() || hatari::tos_from_env().is_some();
    let mut names: Vec<&'static str> = TOSLESS_TESTS.to_vec();
    if has_tos {
        names.extend(EMUTOS_TESTS);
    } else {
        for name in EMUTOS_TESTS {
            println!("fullscreen test {name} ... skipped: no TOS image (set FALCON_TOS=path/to/etos1024k.img)");
        }
    }
    names
        .into_iter()
        .map(|name| {
            let seconds = if name.contains("attract_mode") { 120 } else { 15 };
            Job::new(format!("full screen {name}"), seconds, move || {
                let mut one: Vec<String> = args.to_vec();
                one.push(name.to_string());
                fullscreen_tests(&one)
            })
        })
        .collect()
}

/// The tests without a TOS.
const TOSLESS_TESTS: [&str; 6] = [
    "tosless::fifteen_by_real_keys_and_clicks_as_on_the_pc",
    "tosless::fifteen_on_an_rgb_monitor",
    "tosless::tetrhex_screens_by_real_keys",
    "tosless::falcon_prg_refuses_a_machine_without_videl",
    "tosless::falcon_prg_refuses_bad_options",
    "tosless::falcon_prg_attract_mode_plays_every_game",
];

/// The tests under EmuTOS.
const EMUTOS_TESTS: [&str; 6] = [
    "emutos::fifteen_by_real_keys_and_clicks_as_on_the_pc",
    "emutos::the_desktop_comes_back_as_it_was",
    "emutos::falcon_prg_attract_mode_plays_every_game",
    "emutos::fifteen_on_an_rgb_monitor",
    "emutos::tetrhex_screens_by_real_keys",
    "emutos::falcon_prg_ends_with_tetrhex_lng_s_exit_codes",
];

/// A folder of its own for the files a run puts on drive C:.
fn work_dir(what: &str) -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("falcon-fullscreen-{what}-{}-{}", std::process::id(), unique()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    Ok(dir)
}

fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::Relaxed)
}

/// Run options for `program` with `options` as its FALCON.INF.
fn run_options(program: &Path, tos: Option<&Path>, options: &str, dir: &Path) -> Result<RunOptions, String> {
    let inf = dir.join("FALCON.INF");
    std::fs::write(&inf, format!("{options}\r\n")).map_err(|e| e.to_string())?;
    Ok(RunOptions {
        program: program.to_path_buf(),
        quit_on_pterm: true,
        extra_files: vec![inf],
        tos: tos.map(Path::to_path_buf),
        max_vbls: 60_000,
        wall_seconds: 900,
        fifo: true,
        ..Default::default()
    })
}

/// The scenario through Hatari: screenshots after each step, `q`, the machine state.
fn scenario(scenario: &Scenario, program: &Path, tos: Option<&Path>, monitor: &str) -> Result<(), String> {
    let dir = work_dir("scenario")?;
    let mut opts = run_options(program, tos, scenario.options, &dir)?;
    // The last `--monitor` Hatari reads wins.
    opts.extra_args = vec!["--monitor".to_string(), monitor.to_string()];
    let mut s = Session::start(&opts)?;
    let result = scenario_steps(scenario, &mut s, &dir, tos.is_some());
    if let Err(e) = result {
        let log = pipeline::root().join("build/fullscreen-test-output.txt");
        let _ = std::fs::write(&log, &s.output);
        return Err(format!("{e}\n(whole output in {})", log.display()));
    }
    let r = s.finish()?;
    let _ = std::fs::remove_dir_all(&dir);
    if r.exit_code != 0 {
        let log = pipeline::root().join("build/fullscreen-test-output.txt");
        let _ = std::fs::write(&log, &r.output);
        return Err(format!("exit code {}:\n{}\n(whole output in {})", r.exit_code, tail(&r.output), log.display()));
    }
    compare_states(&r.output)
}

fn scenario_steps(scenario: &Scenario, s: &mut Session, dir: &Path, tos: bool) -> Result<(), String> {
    let mut inputs = 0;
    for step in scenario.steps {
        for c in step.fifo {
            let command = format!("hatari-event {c}");
            if step.at_once { s.send_soon(&command) } else { s.send(&command) }?;
        }
        inputs += step.inputs.len();
        wait_idle(s, inputs)?;
        compare_screen(s, dir, &reference_path(scenario, step.shot, tos))?;
    }
    for c in scenario.quit {
        s.send(&format!("hatari-event {c}"))?;
    }
    Ok(())
}

/// Waits until the program reports it has finished with at least `inputs` inputs.
fn wait_idle(s: &mut Session, inputs: usize) -> Result<(), String> {
    loop {
        let line = s.wait_for("fullscreen idle ", 600)?;
        let n: usize = line.trim().rsplit(' ').next().and_then(|w| w.parse().ok()).unwrap_or(0);
        if n >= inputs {
            return Ok(());
        }
    }
}

/// A PNG file, decoded.
fn read_png(path: &Path) -> Result<RgbImage, String> {
    let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    png::decode(&data).map_err(|e| format!("{}: {e}", path.display()))
}

/// Takes a screenshot and compares it with the step's reference (taken again, at most 5
/// times, while the emulator may still show an older frame).
fn compare_screen(s: &mut Session, dir: &Path, reference: &Path) -> Result<(), String> {
    let want = read_png(reference)?;
    let shot = reference.file_stem().map_or(String::new(), |n| n.to_string_lossy().to_string());
    let file = dir.join(format!("{shot}.png"));
    let mut last = String::new();
    for _ in 0..5 {
        s.screenshot(&file)?;
        match reference::compare_rgb(&want, &read_png(&file)?) {
            Ok(()) => return Ok(()),
            Err(mismatch) => last = mismatch.to_string(),
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    let keep = pipeline::root().join("build").join(format!("fullscreen-test-{shot}.png"));
    let _ = std::fs::copy(&file, &keep);
    Err(format!("screen `{shot}` differs from its reference ({last}); screenshot kept as {}", keep.display()))
}

/// FALCON.PRG on a TT (no VIDEL): its message and exit code 20.
fn not_falcon(program: &Path) -> Result<(), String> {
    let dir = work_dir("tt")?;
    let mut opts = run_options(program, None, "", &dir)?;
    opts.fifo = false;
    opts.extra_args = vec!["--machine".into(), "tt".into()];
    let r = hatari::run(&opts)?;
    let _ = std::fs::remove_dir_all(&dir);
    if r.exit_code != 20 || !r.output.contains("needs an Atari Falcon030") {
        return Err(format!("exit code {} (want 20), output:\n{}", r.exit_code, tail(&r.output)));
    }
    Ok(())
}

/// FALCON.PRG with options it does not understand: its message and exit code 10, the
/// machine untouched (it never reports having started).
fn bad_options(program: &Path) -> Result<(), String> {
    for (options, message) in
        [("game Chess", "no game called `Chess`"), ("game Fifteen id 3x3:1,1,1", "Fifteen game ID 3x3:1,1,1: ")]
    {
        let dir = work_dir("options")?;
        let mut opts = run_options(program, None, options, &dir)?;
        opts.fifo = false;
        let r = hatari::run(&opts)?;
        let _ = std::fs::remove_dir_all(&dir);
        if r.exit_code != 10 || !r.output.contains(message) || r.output.contains("fullscreen started") {
            return Err(format!("`{options}`: exit code {} (want 10), output:\n{}", r.exit_code, tail(&r.output)));
        }
    }
    Ok(())
}

/// Under EmuTOS, started from the desktop: after FALCON.PRG took the screen, played and
/// quit, the desktop looks exactly as after a run that never took it (bad options: an alert
/// on the desktop, dismissed with Return).
fn desktop_comes_back(program: &Path, tos: &Path) -> Result<(), String> {
    let dir = work_dir("desktop")?;
    let baseline = dir.join("baseline.png");
    let after = dir.join("after.png");
    // The desktop after a run that only showed an alert.
    {
        let mut opts = run_options(program, Some(tos), "fullscreen game Chess", &dir)?;
        opts.quit_on_pterm = false;
        let mut s = Session::start(&opts)?;
        s.wait_for("no game called", 600)?;
        // Return (the alert's default button) until the program has ended.
        let mut ended = false;
        for _ in 0..20 {
            s.send("hatari-event keypress 28")?;
            if s.wait_for("falcon-exit 10", 3).is_ok() {
                ended = true;
                break;
            }
        }
        if !ended {
            return Err(format!("the alert was never dismissed:\n{}", tail(&s.output)));
        }
        desktop_settled(&mut s, &baseline)?;
    }
    // The desktop after full screen.
    let mut opts = run_options(program, Some(tos), FIFTEEN.options, &dir)?;
    opts.quit_on_pterm = false;
    let mut s = Session::start(&opts)?;
    s.wait_for("fullscreen idle ", 600)?;
    s.send("hatari-event keypress q")?;
    s.wait_for("falcon-exit 0", 120)?;
    let want = read_png(&baseline)?;
    let mut last = String::new();
    for _ in 0..5 {
        desktop_settled(&mut s, &after)?;
        match reference::compare_rgb(&want, &read_png(&after)?) {
            Ok(()) => {
                let _ = std::fs::remove_dir_all(&dir);
                return Ok(());
            }
            Err(m) => last = m.to_string(),
        }
    }
    let keep = pipeline::root().join("build");
    let _ = std::fs::copy(&baseline, keep.join("fullscreen-desktop-baseline.png"));
    let _ = std::fs::copy(&after, keep.join("fullscreen-desktop-after.png"));
    Err(format!(
        "the desktop after full screen differs from the desktop after an alert ({last}); both kept in {}",
        keep.display()
    ))
}

/// TETRHEX as the program, under EmuTOS, with a TETRHEX.LNG beside it that is wrong (exit
/// code 11, the line named) or that names a help file that is not there (12): the message in
/// an alert, dismissed with Return, and the exit code of the manual's section 8.2.
fn language_file_errors(program: &Path, tos: &Path) -> Result<(), String> {
    let cases: [(&[u8], i32, &str); 2] = [
        (
            b"LANGUAGE 0\r\nHELP EN.TXT\r\n",
            11,
            "TETRHEX.LNG line 2: `HELP EN.TXT`: neither a LANGUAGE line nor a NAME: line",
        ),
        (
            b"LANGUAGE 0\r\nHELP: HELP\\EN.TXT\r\n",
            12,
            "HELP\\EN.TXT: help file not found (named by TETRHEX.LNG for language 0)",
        ),
    ];
    for (lng, code, message) in cases {
        let dir = work_dir("language")?;
        let file = dir.join("TETRHEX.LNG");
        std::fs::write(&file, lng).map_err(|e| e.to_string())?;
        // `-l 0`: English whatever EmuTOS's country.
        let mut opts = run_options(program, Some(tos), "-ws -l 0", &dir)?;
        opts.extra_files.push(file);
        opts.quit_on_pterm = false;
        let mut s = Session::start(&opts)?;
        s.wait_for(message, 600).map_err(|e| format!("code {code}: {e}"))?;
        // Return (the alert's default button) until the program has ended.
        let exit = format!("falcon-exit {code}");
        let ended = (0..20).any(|_| s.send("hatari-event keypress 28").is_ok() && s.wait_for(&exit, 3).is_ok());
        if !ended || s.output.contains("fullscreen started") {
            return Err(format!("want `{exit}` after the alert, without a start:\n{}", tail(&s.output)));
        }
        // The desktop is back: the emulator is stopped with the session.
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }
    Ok(())
}

/// A screenshot of the desktop once it has redrawn itself (a few seconds after the program
/// ended).
fn desktop_settled(s: &mut Session, file: &Path) -> Result<(), String> {
    std::thread::sleep(std::time::Duration::from_secs(3));
    s.screenshot(file)
}

/// The options `cargo xtask run` and the attract tests give FALCON.PRG: `fullscreen` (started
/// from a desktop, a TOS given, it would open a window), the attract mode with each game held
/// for its screenshot, the frames measured, a fixed seed (the same games every run).
pub const ATTRACT_OPTIONS: &str = "fullscreen attract hold measure seed attract";

/// The reference image of a screen the attract mode shows ("Fifteen moved", "collection"):
/// the app's own picture on the PC (written by the host test
/// `attract_references_match_the_app`).
pub fn attract_reference_path(screen: &str) -> PathBuf {
    pipeline::root().join("hatari-tests/reference").join(format!("attract-{}.png", file_name(screen)))
}

/// The names of the screens the attract mode shows, in order: each TETRHEX rule in play and
/// in its pause, each puzzle after its moves, after Undo and after Solve, then the
/// collection.
pub fn attract_screens() -> Vec<String> {
    falcon_puzzles::frontend::fullscreen::attract::Attract::screens().map(|s| s.to_string()).collect()
}

/// A game's name as a file name: "Same Game" → `same-game`, "Tet'light" → `tetlight`.
fn file_name(game: &str) -> String {
    game.to_lowercase().replace(' ', "-").replace('\'', "")
}

/// What an attract-mode run showed.
pub struct Attract {
    /// Each screen shown, with its screenshot when one was asked for.
    pub shown: Vec<(String, Option<PathBuf>)>,
    /// The screens that differed from their reference (when they were compared).
    pub mismatches: Vec<String>,
    pub output: String,
    pub exit_code: i32,
}

/// Runs FALCON.PRG in the attract mode (with the frames measured), headless; takes a
/// screenshot of each screen it shows into `shots` if given, and with `compare` checks each
/// against its reference (taken again, at most 5 times, while the emulator may still show an
/// older frame). Under `hold` each screen waits for the key sent after its screenshot: the
/// picture is of the screen named, however slow the host.
pub fn attract(program: &Path, tos: Option<&Path>, shots: Option<&Path>, compare: bool) -> Result<Attract, String> {
    let dir = work_dir("attract")?;
    let opts = run_options(program, tos, ATTRACT_OPTIONS, &dir)?;
    let mut s = Session::start(&opts)?;
    let mut shown = Vec::new();
    let mut mismatches = Vec::new();
    for _ in attract_screens() {
        let line = s.wait_for("fullscreen attract ", 900)?;
        // The whole rest of the line: a game's name may have spaces ("Same Game moved").
        let name = line.trim().split_once("fullscreen attract ").map_or("", |(_, n)| n).trim().to_string();
        let folder = shots.unwrap_or(&dir);
        let shot = if shots.is_some() || compare {
            std::fs::create_dir_all(folder).map_err(|e| e.to_string())?;
            // A moment for the emulator to draw the frame it shows (it skips frames
            // while fast-forwarding).
            std::thread::sleep(std::time::Duration::from_millis(500));
            let file = folder.join(format!("{}.png", file_name(&name)));
            s.screenshot(&file)?;
            if compare && let Err(e) = compare_attract(&mut s, &file, &name) {
                mismatches.push(e);
            }
            shots.map(|_| file)
        } else {
            None
        };
        shown.push((name, shot));
        // Any key ends the wait.
        s.send("hatari-event keypress 57")?;
    }
    let r = s.finish()?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(Attract { shown, mismatches, output: r.output, exit_code: r.exit_code })
}

/// Compares the screenshot `file` of `screen` with its reference, taking it again (at most 4
/// more times) while it differs; a lasting difference keeps the screenshot under build/.
fn compare_attract(s: &mut Session, file: &Path, screen: &str) -> Result<(), String> {
    let want = read_png(&attract_reference_path(screen))?;
    let mut last = String::new();
    for attempt in 0..5 {
        if attempt > 0 {
            std::thread::sleep(std::time::Duration::from_millis(300));
            s.screenshot(file)?;
        }
        match reference::compare_rgb(&want, &read_png(file)?) {
            Ok(()) => return Ok(()),
            Err(mismatch) => last = mismatch.to_string(),
        }
    }
    let keep = pipeline::root().join("build").join(format!("attract-{}.png", file_name(screen)));
    let _ = std::fs::copy(file, &keep);
    Err(format!("{screen}: the screen differs from its reference ({last}); screenshot kept as {}", keep.display()))
}

/// The `fullscreen cost GAME start N frame N` lines as bench lines, against one 60 Hz frame.
pub fn report_costs(label: &str, output: &str) {
    for line in cost_lines(label, output) {
        println!("{line}");
    }
}

/// The bench lines `report_costs` prints.
pub fn cost_lines(label: &str, output: &str) -> Vec<String> {
    let mut lines = Vec::new();
    const VBL: f64 = 266_667.0;
    for line in output.lines() {
        if let Some(rest) = line.strip_prefix("fullscreen memory ") {
            lines.push(format!("68030 memory of FALCON.PRG ({label}): {rest} bytes"));
        }
        // The game's name may have spaces ("Same Game"): it is everything before " start ".
        let Some(rest) = line.strip_prefix("fullscreen cost ") else { continue };
        let Some((game, figures)) = rest.rsplit_once(" start ") else { continue };
        let w: Vec<&str> = figures.split_whitespace().collect();
        if let [start, "frame", frame] = w.as_slice() {
            for (what, value) in [("start", start), ("frame", frame)] {
                let cycles: f64 = value.parse().unwrap_or(0.0);
                lines.push(format!(
                    "68030 bench fullscreen_{}_{what} ({label}): {value} cycles ({:.1} VBLs of 266,667)",
                    game.to_lowercase().replace(' ', "_"),
                    cycles / VBL
                ));
            }
        }
    }
    lines
}

/// The attract mode plays every TETRHEX rule (in play, paused) and every game (moves, Undo,
/// Solve, back to the collection), each screen as the app draws it on the PC, and ends with exit code 0; the dearest frames become
/// bench lines under `label`.
fn attract_test(program: &Path, tos: Option<&Path>, label: &str) -> Result<(), String> {
    let a = attract(program, tos, None, true)?;
    let names: Vec<&str> = a.shown.iter().map(|(n, _)| n.as_str()).collect();
    let want = attract_screens();
    if a.exit_code != 0 || names != want {
        return Err(format!(
            "exit code {}, screens shown {names:?} (want {want:?}):\n{}",
            a.exit_code,
            tail(&a.output)
        ));
    }
    if !a.mismatches.is_empty() {
        return Err(a.mismatches.join("\n"));
    }
    report_costs(label, &a.output);
    Ok(())
}

fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("state ")).collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}

#[cfg(test)]
mod tests;
