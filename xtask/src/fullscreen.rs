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
//!   (exit code 10) with a message; plays every game in the attract mode, without a TOS and
//!   under EmuTOS, each game's screen compared with the app's picture on the PC
//!   (`hatari-tests/reference/attract-*.png`, written with `UPDATE_REFERENCE=1` by the host
//!   test `attract_references_match_the_app`), and reports the dearest frame of each.

use std::path::{Path, PathBuf};

use falcon_host::{RgbImage, png, reference};
use falcon_puzzles::app::input::{Buttons, Input, KeyPress, Shift};
use falcon_puzzles::games;

use crate::hatari::{self, RunOptions, Session};
use crate::machinetest::compare_states;
use crate::pipeline;
use crate::targettest::Counts;

/// The scenario's options (`FALCON.INF`): a 3x3 Fifteen whose middle tile is above the gap,
/// full screen (FALCON.PRG started from a desktop would otherwise open a window).
pub const SCENARIO_OPTIONS: &str = "fullscreen game Fifteen id 3x3:1,2,3,4,5,6,7,0,8 seed test";

/// One step of the scenario: what the host sends through the FIFO, the inputs the program
/// gets for it (what the machine layer makes of those IKBD bytes), and the screenshot then.
pub struct Step {
    pub fifo: &'static [&'static str],
    pub inputs: &'static [Input],
    pub shot: &'static str,
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

/// The scenario, after the start screen.
pub const STEPS: &[Step] = &[
    Step { fifo: &[], inputs: &[], shot: "start" },
    // A double click in the middle: the tile there slides into the gap below it; the second
    // click lands on the gap and does nothing.
    Step {
        fifo: &["doubleclick"],
        inputs: &[mouse(Buttons::LEFT), mouse(Buttons::empty()), mouse(Buttons::LEFT), mouse(Buttons::empty())],
        shot: "clicked",
    },
    // Right: the tile left of the gap slides right.
    Step { fifo: &["keypress 77"], inputs: &[Input::KeyDown(RIGHT), Input::KeyUp(RIGHT)], shot: "key" },
    // `u`: undo.
    Step { fifo: &["keypress u"], inputs: &[Input::KeyDown(U), Input::KeyUp(U)], shot: "undone" },
    // F10 opens the on-screen menu bar's first menu (Desk), Return chooses its first item
    // (About), Return closes the message: the game as it was.
    Step { fifo: &["keypress 68"], inputs: &[Input::KeyDown(F10), Input::KeyUp(F10)], shot: "menu" },
    Step { fifo: &["keypress 28"], inputs: &[Input::KeyDown(RETURN), Input::KeyUp(RETURN)], shot: "about" },
    Step { fifo: &["keypress 28"], inputs: &[Input::KeyDown(RETURN), Input::KeyUp(RETURN)], shot: "closed" },
];

/// The reference image of a step.
pub fn reference_path(shot: &str) -> PathBuf {
    pipeline::root().join("hatari-tests/reference").join(format!("fullscreen-{shot}.png"))
}

/// Runs every full-screen test (those whose name contains the first positional argument, if
/// one is given: `cargo xtask fullscreen-test emutos::`).
pub fn fullscreen_tests(args: &[String]) -> Counts {
    let filter = crate::args::positional(args).into_iter().next().unwrap_or_default();
    let wanted = |group: &str| group.contains(filter.as_str()) || filter.contains(group);
    let mut counts = Counts::default();
    let mut judge = |name: &str, result: Result<(), String>| match result {
        Ok(()) => {
            counts.passed += 1;
            println!("fullscreen test {name} ... ok");
        }
        Err(e) => {
            counts.failed += 1;
            println!("fullscreen test {name} ... FAILED: {e}");
        }
    };
    let opt_level = match pipeline::opt_level(args) {
        Ok(level) => level,
        Err(e) => {
            judge("build", Err(e));
            return counts;
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
    if wanted("tosless::fifteen") {
        match build("fullscreen-test", true) {
            Err(e) => judge("build (TOS-less)", Err(e)),
            Ok(prg) => {
                judge("tosless::fifteen_by_real_keys_and_clicks_as_on_the_pc", scenario(&prg, None, "vga"));
                judge("tosless::fifteen_on_an_rgb_monitor", scenario(&prg, None, "rgb"));
            }
        }
    }
    if wanted("tosless::falcon_prg") {
        match build("falcon", true) {
            Err(e) => judge("build FALCON.PRG (TOS-less)", Err(e)),
            Ok(prg) => {
                judge("tosless::falcon_prg_refuses_a_machine_without_videl", not_falcon(&prg));
                judge("tosless::falcon_prg_refuses_bad_options", bad_options(&prg));
                judge("tosless::falcon_prg_attract_mode_plays_every_game", attract_test(&prg, None, "TOS-less"));
            }
        }
    }
    let Some(tos) = crate::args::option(args, "--tos").map(PathBuf::from).or_else(hatari::tos_from_env) else {
        for name in EMUTOS_TESTS {
            if wanted(name) {
                println!("fullscreen test {name} ... skipped: no TOS image (set FALCON_TOS=path/to/etos1024k.img)");
            }
        }
        return counts;
    };
    if wanted("emutos::fifteen") {
        match build("fullscreen-test", false) {
            Err(e) => judge("build (TOS)", Err(e)),
            Ok(prg) => {
                judge(EMUTOS_TESTS[0], scenario(&prg, Some(&tos), "vga"));
                judge(EMUTOS_TESTS[3], scenario(&prg, Some(&tos), "rgb"));
            }
        }
    }
    let desktop = wanted("emutos::the_desktop");
    let attract = wanted("emutos::falcon_prg");
    if desktop || attract {
        match build("falcon", false) {
            Err(e) => judge("build FALCON.PRG (TOS)", Err(e)),
            Ok(prg) => {
                if desktop {
                    judge(EMUTOS_TESTS[1], desktop_comes_back(&prg, &tos));
                }
                if attract {
                    judge(EMUTOS_TESTS[2], attract_test(&prg, Some(&tos), "EmuTOS"));
                }
            }
        }
    }
    counts
}

/// The full-screen tests that need a TOS image, each named as it reports (so that a run
/// without one says which were skipped).
const EMUTOS_TESTS: [&str; 4] = [
    "emutos::fifteen_by_real_keys_and_clicks_as_on_the_pc",
    "emutos::the_desktop_comes_back_as_it_was",
    "emutos::falcon_prg_attract_mode_plays_every_game",
    "emutos::fifteen_on_an_rgb_monitor",
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
fn scenario(program: &Path, tos: Option<&Path>, monitor: &str) -> Result<(), String> {
    let dir = work_dir("scenario")?;
    let mut opts = run_options(program, tos, SCENARIO_OPTIONS, &dir)?;
    // The last `--monitor` Hatari reads wins.
    opts.extra_args = vec!["--monitor".to_string(), monitor.to_string()];
    let mut s = Session::start(&opts)?;
    let result = scenario_steps(&mut s, &dir);
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

fn scenario_steps(s: &mut Session, dir: &Path) -> Result<(), String> {
    let mut inputs = 0;
    for step in STEPS {
        for c in step.fifo {
            s.send(&format!("hatari-event {c}"))?;
        }
        inputs += step.inputs.len();
        wait_idle(s, inputs)?;
        compare_screen(s, dir, step.shot)?;
    }
    s.send("hatari-event keypress q")
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
fn compare_screen(s: &mut Session, dir: &Path, shot: &str) -> Result<(), String> {
    let want = read_png(&reference_path(shot))?;
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
    let mut opts = run_options(program, Some(tos), SCENARIO_OPTIONS, &dir)?;
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

/// The reference image of the screen the attract mode shows for a game: the app's own
/// picture on the PC (written by the host test `attract_references_match_the_app`).
pub fn attract_reference_path(game: &str) -> PathBuf {
    pipeline::root().join("hatari-tests/reference").join(format!("attract-{}.png", file_name(game)))
}

/// A game's name as a file name: "Same Game" → `same-game`.
fn file_name(game: &str) -> String {
    game.to_lowercase().replace(' ', "-")
}

/// What an attract-mode run showed.
pub struct Attract {
    /// Each game shown, with its screenshot when one was asked for.
    pub shown: Vec<(String, Option<PathBuf>)>,
    /// The games whose screen differed from its reference (when they were compared).
    pub mismatches: Vec<String>,
    pub output: String,
    pub exit_code: i32,
}

/// Runs FALCON.PRG in the attract mode (with the frames measured), headless; takes a
/// screenshot of each game into `shots` if given, and with `compare` checks each screen
/// against its reference (taken again, at most 5 times, while the emulator may still show an
/// older frame). Under `hold` each game waits for the key sent after its screenshot: the
/// picture is of the game named, however slow the host.
pub fn attract(program: &Path, tos: Option<&Path>, shots: Option<&Path>, compare: bool) -> Result<Attract, String> {
    let dir = work_dir("attract")?;
    let opts = run_options(program, tos, ATTRACT_OPTIONS, &dir)?;
    let mut s = Session::start(&opts)?;
    let mut shown = Vec::new();
    let mut mismatches = Vec::new();
    for _ in games::ALL {
        let line = s.wait_for("fullscreen attract ", 900)?;
        // The whole rest of the line: a game's name may have spaces ("Same Game").
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

/// Compares the screenshot `file` of `game` with its reference, taking it again (at most 4
/// more times) while it differs; a lasting difference keeps the screenshot under build/.
fn compare_attract(s: &mut Session, file: &Path, game: &str) -> Result<(), String> {
    let want = read_png(&attract_reference_path(game))?;
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
    let keep = pipeline::root().join("build").join(format!("attract-{}.png", file_name(game)));
    let _ = std::fs::copy(file, &keep);
    Err(format!("{game}: the screen differs from its reference ({last}); screenshot kept as {}", keep.display()))
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

/// The attract mode plays every game, each screen as the app draws it on the PC, and ends
/// with exit code 0; the dearest frames become bench lines under `label`.
fn attract_test(program: &Path, tos: Option<&Path>, label: &str) -> Result<(), String> {
    let a = attract(program, tos, None, true)?;
    let names: Vec<&str> = a.shown.iter().map(|(n, _)| n.as_str()).collect();
    let want: Vec<&str> = games::ALL.iter().map(|g| g.name).collect();
    if a.exit_code != 0 || names != want {
        return Err(format!("exit code {}, games shown {names:?} (want {want:?}):\n{}", a.exit_code, tail(&a.output)));
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
