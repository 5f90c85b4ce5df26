//! The GEM bindings under a real TOS (EmuTOS): runs `gem-test` (selftest/src/bin/gem_test.rs)
//! from the desktop and plays the host's part of its protocol:
//!
//! - at `gemtest: waiting screenshot` the screen (window with the rectangle-list drawing,
//!   object tree, raster copy and text; our menu bar) is compared with
//!   `hatari-tests/reference/gem-bindings.png`, then a key lets the program go on;
//! - at `gemtest: waiting dialog|alert|fsel` Return is pressed through Hatari's command
//!   FIFO (again if the program did not answer: `form_do` empties the keyboard buffer when
//!   it starts, so a key sent too early is lost);
//! - after the program ends, the screen must come back to the bare desktop
//!   (`hatari-tests/reference/gem-desktop.png`).
//!
//! Every `gemtest: ok|FAILED <check>` line of the program tally as one test. With
//! `UPDATE_REFERENCE=1` the two references are written instead of compared (look at them
//! before committing).

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::tally::{Counts, Tally};
use crate::build::pipeline;
use crate::emulator::hatari::{RunOptions, RunResult, Session};

/// Hatari's keys (ST scancodes): Return and Space.
const RETURN: u8 = 28;
const SPACE: u8 = 57;

/// Compares the screen with the reference `name` (written instead with
/// `UPDATE_REFERENCE=1`); `attempts` screenshots at most, as the desktop takes a moment
/// to redraw.
fn screen_matches(session: &mut Session, name: &str, attempts: u32) -> Result<(), String> {
    let reference = pipeline::root().join("hatari-tests/reference").join(name);
    if std::env::var("UPDATE_REFERENCE").as_deref() == Ok("1") {
        return session.write_reference(&reference, 3);
    }
    session.screen_matches(&reference, attempts, &kept(&format!("gemtest-{name}")))
}

/// Where a screenshot that differs is kept for a look.
fn kept(name: &str) -> PathBuf {
    pipeline::root().join("build").join(name)
}

/// Presses Return until the program says it got past `step`.
fn answer_with_return(session: &mut Session, step: &str) -> Result<(), String> {
    let answered = format!("gemtest: answered {step}");
    for _ in 0..4 {
        std::thread::sleep(Duration::from_millis(1500));
        session.press(RETURN)?;
        if session.wait_for(&answered, 8).is_ok() {
            return Ok(());
        }
    }
    Err(format!("the {step} did not end after four Returns"))
}

/// The program's check lines: (name, failure message if any).
pub fn checks(output: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for line in output.lines() {
        if let Some(name) = line.strip_prefix("gemtest: ok ") {
            out.push((name.trim().to_string(), None));
        } else if let Some(rest) = line.strip_prefix("gemtest: FAILED ") {
            let (name, why) = rest.split_once(':').unwrap_or((rest, ""));
            out.push((name.trim().to_string(), Some(why.trim().to_string())));
        }
    }
    out
}

/// Runs the program under `tos` and judges every check; prints one line per test.
pub fn gem_bindings(tos: &Path, opt_level: &str) -> Counts {
    let mut tally = Tally::new("EmuTOS test gem_bindings::");
    let built = pipeline::program("gem-test").and_then(|program| {
        pipeline::build_and_report(&pipeline::BuildOptions {
            program,
            opt_level: opt_level.to_string(),
            symbols: true,
            tosless: false,
        })
    });
    let built = match built {
        Ok(b) => b,
        Err(e) => {
            tally.judge("build", Err(e));
            return tally.counts;
        }
    };
    let opts = RunOptions {
        program: built.prg,
        // The desktop's return is part of the test: the emulation goes on after Pterm.
        quit_on_pterm: false,
        extra_files: Vec::new(),
        tos: Some(tos.to_path_buf()),
        max_vbls: 60_000,
        screenshot_on_timeout: Some(kept("gemtest-timeout.png")),
        wall_seconds: 600,
        fifo: true,
        ..Default::default()
    };
    let mut session = match Session::start(&opts) {
        Ok(s) => s,
        Err(e) => {
            tally.judge("start", Err(e));
            return tally.counts;
        }
    };
    let mut screenshot = Err("the program never asked for its screenshot".to_string());
    let mut dialogs = Ok(());
    let ended = loop {
        let line = match session.wait_for_any(&["gemtest: waiting ", "falcon-exit"], 180) {
            Ok(l) => l,
            Err(e) => break Err(e),
        };
        if line.contains("falcon-exit") {
            break Ok(());
        }
        let step = line.trim().trim_start_matches("gemtest: waiting ").to_string();
        if step == "screenshot" {
            screenshot = screen_matches(&mut session, "gem-bindings.png", 5);
            if let Err(e) = session.press(SPACE) {
                screenshot = Err(e);
            }
        } else if let Err(e) = answer_with_return(&mut session, &step) {
            dialogs = Err(e);
        }
    };
    let desktop = match &ended {
        Ok(()) => screen_matches(&mut session, "gem-desktop.png", 20),
        Err(_) => Err("the program did not end".into()),
    };
    let result = match session.quit() {
        Ok(r) => r,
        Err(e) => RunResult { exit_code: -1, output: e, timed_out: false },
    };
    tally.judge("screenshot_matches_reference", screenshot);
    tally.judge("dialogs_answered_by_keys", dialogs);
    let clean = match ended {
        Ok(()) if result.exit_code == 0 && result.output.contains("gemtest: done 0") => Ok(()),
        Ok(()) => Err(format!("exit code {}", result.exit_code)),
        Err(e) => Err(e),
    };
    tally.judge("program_ends_cleanly", clean);
    tally.judge("desktop_intact_after_exit", desktop);
    let checks = checks(&result.output);
    if checks.is_empty() {
        tally.judge("checks", Err(format!("no check reported; output:\n{}", result.output)));
    }
    for (name, failure) in checks {
        tally.judge(&name, failure.map_or(Ok(()), Err));
    }
    tally.counts
}

#[cfg(test)]
mod tests;
