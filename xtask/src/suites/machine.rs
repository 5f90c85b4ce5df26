//! `cargo xtask test`, the machine layer's part: the test program selftest/src/bin/machine_test.rs
//! runs in Hatari without a TOS and, with FALCON_TOS, under EmuTOS. The host
//!
//! - compares Hatari's screenshots of the two screen buffers with the reference images
//!   `hatari-tests/reference/machine-pattern-{a,b}.png` pixel for pixel (the references are
//!   themselves checked against the pattern rendered here by a host test,
//!   `reference_images_match_the_pattern`, which writes them with `UPDATE_REFERENCE=1`);
//! - presses keys through Hatari's command FIFO and checks what the program reports
//!   (scancode, ASCII, shift state, auto-repeat), and with Xvfb and xdotool moves and clicks
//!   the mouse in a real Hatari window;
//! - compares the machine state the program dumps before changing anything and after every
//!   undo action ran (VIDEL, palettes, MFP, vectors, TOS's video and keyboard state) on
//!   normal exit, error exit, panic, and under TOS a bare Pterm and Ctrl-C;
//! - prints the program's measurements as `68030 bench ...` lines.

use std::path::PathBuf;

use super::machine_state::compare_states;
use super::side_by_side::Job;
use super::tally::{Counts, Tally};
use crate::build::pipeline;
use crate::emulator::hatari::{self, RunOptions, Session, Xvfb};

/// Runs every machine test: the TOS-less part always, the EmuTOS part when a TOS image is
/// given (said on stderr when not).
pub fn machine_tests(args: &[String]) -> Counts {
    let mut counts = machine_tests_without_tos(args);
    counts.add(machine_tests_under_tos(args).unwrap_or_default());
    counts
}

/// The two parts as jobs of the test command (their costs in seconds on the 2-core CI
/// machine), the EmuTOS part only when a TOS image is given (said on stderr when not).
pub fn jobs(args: &[String]) -> Vec<Job<'_>> {
    let mut jobs = vec![Job::new("machine layer (TOS-less)", 60, || machine_tests_without_tos(args))];
    if tos(args).is_some() {
        jobs.push(Job::new("machine layer (EmuTOS)", 80, || machine_tests_under_tos(args).unwrap_or_default()));
    } else {
        machine_tests_under_tos(args);
    }
    jobs
}

fn tos(args: &[String]) -> Option<PathBuf> {
    crate::args::option(args, "--tos").map(PathBuf::from).or_else(hatari::tos_from_env)
}

fn build(args: &[String], tosless: bool) -> Result<PathBuf, String> {
    pipeline::build_and_report(&pipeline::BuildOptions {
        program: pipeline::program("machine-test")?,
        opt_level: pipeline::opt_level(args)?,
        symbols: true,
        tosless,
    })
    .map(|b| b.prg)
}

/// The machine tests without a TOS.
fn machine_tests_without_tos(args: &[String]) -> Counts {
    let mut tally = Tally::new("machine test ");
    match build(args, true) {
        Err(e) => tally.judge("build (TOS-less)", Err(e)),
        Ok(prg) => {
            let t = Target { program: prg, tos: None };
            tally.judge("tosless::full_screen_pattern_swap_keys_and_restore", t.show(&[]));
            tally.judge("tosless::error_exit_restores_the_machine", t.exit_path("error a", 3));
            tally.judge("tosless::panic_restores_the_machine", t.exit_path("panic", 9));
            tally.judge("tosless::refuses_a_machine_without_videl", t.not_falcon());
            match Xvfb::missing() {
                Some(why) => println!("machine test tosless::mouse_moves_and_clicks_in_a_window ... skipped: {why}"),
                None => tally.judge("tosless::mouse_moves_and_clicks_in_a_window", t.mouse()),
            }
        }
    }
    tally.counts
}

/// The machine tests under EmuTOS; `None` when no TOS image is given (said on stderr).
fn machine_tests_under_tos(args: &[String]) -> Option<Counts> {
    let Some(tos) = tos(args) else {
        eprintln!("machine tests under EmuTOS skipped: no TOS image given (set FALCON_TOS=path/to/etos1024k.img)");
        return None;
    };
    let mut tally = Tally::new("machine test ");
    match build(args, false) {
        Err(e) => tally.judge("build (TOS)", Err(e)),
        Ok(prg) => {
            let t = Target { program: prg, tos: Some(tos) };
            tally.judge("emutos::full_screen_pattern_swap_keys_and_restore", t.show(&[]));
            tally.judge(
                "emutos::screens_in_st_ram_with_tt_ram_present",
                t.show(&["--ttram".into(), "64".into(), "--addr24".into(), "off".into()]),
            );
            tally.judge("emutos::error_exit_restores_the_machine", t.exit_path("error a", 3));
            tally.judge("emutos::panic_restores_the_machine", t.exit_path("panic", 9));
            tally.judge("emutos::bare_pterm_restores_through_etv_term", t.exit_path("pterm", 4));
            tally.judge("emutos::ctrl_c_restores_through_etv_term", t.ctrl_c());
        }
    }
    Some(tally.counts)
}

/// The program built for one OS.
struct Target {
    program: PathBuf,
    tos: Option<PathBuf>,
}

/// A key the host presses and the lines the program must report for it
/// (`scancode ascii shift kind`).
struct KeyStep {
    commands: &'static [&'static str],
    expect: &'static [&'static str],
}

/// Keys pressed in the `show` scenario, and what the program reports (US layout; EmuTOS's
/// default tables agree on these keys).
const KEY_STEPS: &[KeyStep] = &[
    KeyStep { commands: &["keypress a"], expect: &["30 97 0 down", "30 97 0 up"] },
    KeyStep {
        commands: &["keydown 42", "keypress a", "keyup 42"],
        expect: &["42 0 2 down", "30 65 2 down", "30 65 2 up", "42 0 0 up"],
    },
    KeyStep {
        commands: &["keydown 29", "keypress 46", "keyup 29"],
        expect: &["29 0 4 down", "46 3 4 down", "46 3 4 up", "29 0 0 up"],
    },
    KeyStep {
        commands: &["keypress 72", "keypress 28"],
        expect: &["72 0 0 down", "72 0 0 up", "28 13 0 down", "28 13 0 up"],
    },
];

impl Target {
    fn label(&self) -> &'static str {
        if self.tos.is_some() { "EmuTOS" } else { "TOS-less" }
    }

    fn options(&self, scenario: &str, extra_args: &[String]) -> Result<(RunOptions, PathBuf), String> {
        let dir = hatari::tempdir("machine")?;
        let inf = dir.join("MACHTEST.INF");
        std::fs::write(&inf, format!("{scenario}\r\n")).map_err(|e| e.to_string())?;
        Ok((
            RunOptions {
                program: self.program.clone(),
                quit_on_pterm: true,
                extra_files: vec![inf],
                tos: self.tos.clone(),
                max_vbls: 60_000,
                wall_seconds: 600,
                extra_args: extra_args.to_vec(),
                fifo: true,
                ..Default::default()
            },
            dir,
        ))
    }

    /// Full screen, both pictures by screenshot, the keys, the measurements, a normal exit.
    fn show(&self, extra_args: &[String]) -> Result<(), String> {
        let (opts, dir) = self.options("show", extra_args)?;
        let mut s = Session::start(&opts)?;
        let result = self.show_steps(&mut s);
        if result.is_err() {
            // The whole conversation, for whoever reads the failure.
            let log = pipeline::root().join("build/machine-test-output.txt");
            let _ = std::fs::write(&log, &s.output);
            return result.map_err(|e| format!("{e}\n(whole output in {})", log.display()));
        }
        let r = s.finish()?;
        let _ = std::fs::remove_dir_all(&dir);
        if r.exit_code != 0 {
            return Err(format!("exit code {}:\n{}", r.exit_code, tail(&r.output)));
        }
        compare_states(&r.output)?;
        report_measurements(self.label(), &r.output);
        Ok(())
    }

    fn show_steps(&self, s: &mut Session) -> Result<(), String> {
        s.wait_for("machine-test screen A", 240)?;
        let mode = s.output.lines().find(|l| l.starts_with("machine-test mode")).unwrap_or("").to_string();
        check_st_ram(&mode)?;
        let speaker = s.output.lines().find(|l| l.starts_with("machine-test speaker")).unwrap_or("").to_string();
        check_speaker(&speaker)?;
        compare_screen(s, false)?;
        s.press(57)?;
        s.wait_for("machine-test screen B", 60)?;
        compare_screen(s, true)?;
        // The Space that showed screen B: its release comes next.
        expect_keys(s, &[], &["57 32 0 up"])?;
        for step in KEY_STEPS {
            expect_keys(s, step.commands, step.expect)?;
        }
        // Auto-repeat: hold Left until the program reports two repeats, then let go.
        s.event("keydown 75")?;
        expect_keys(s, &[], &["75 0 0 down", "75 0 0 repeat", "75 0 0 repeat"])?;
        s.event("keyup 75")?;
        wait_key(s, "75 0 0 up")?;
        s.press(1)?;
        wait_key(s, "1 27 0 down")?;
        s.wait_for("machine-test clock", 120).map(|_| ())
    }

    /// A scenario that ends by itself with `code`; the machine must be as before.
    fn exit_path(&self, scenario: &str, code: i32) -> Result<(), String> {
        let (mut opts, dir) = self.options(scenario, &[])?;
        opts.fifo = false;
        // A bare Pterm must reach GEMDOS (and our etv_term hook) before the emulator stops:
        // the program ends the emulation itself after the restore.
        opts.quit_on_pterm = scenario != "pterm";
        let r = hatari::run(&opts)?;
        let _ = std::fs::remove_dir_all(&dir);
        if r.timed_out || r.exit_code != code {
            return Err(format!("exit code {} (want {code}), output:\n{}", r.exit_code, tail(&r.output)));
        }
        if !r.output.contains("machine-test mode 0000001b") {
            return Err(format!("the program never switched to 640x480x256:\n{}", tail(&r.output)));
        }
        compare_states(&r.output)
    }

    /// Under TOS: the program waits in a GEMDOS console read; Ctrl-C (pressed through the
    /// FIFO, passed on to the OS by our keyboard hook) ends it, through etv_term.
    fn ctrl_c(&self) -> Result<(), String> {
        let (mut opts, dir) = self.options("ctrlc", &[])?;
        opts.quit_on_pterm = false;
        let mut s = Session::start(&opts)?;
        s.wait_for("machine-test waiting in Cconin", 240)?;
        s.event("keydown 29")?;
        s.event("keypress 46")?;
        // Ctrl-C ends the program and with it the emulation, often before Ctrl's release
        // can be sent: that release matters only to an emulator still running.
        if let Err(e) = s.event("keyup 29")
            && s.running()
        {
            return Err(e);
        }
        let r = s.finish()?;
        let _ = std::fs::remove_dir_all(&dir);
        if r.exit_code != 32 {
            return Err(format!("exit code {} (want 32), output:\n{}", r.exit_code, tail(&r.output)));
        }
        compare_states(&r.output)
    }

    /// On a TT (no VIDEL) the program refuses with a message and exit code 20, changing
    /// nothing.
    fn not_falcon(&self) -> Result<(), String> {
        let (mut opts, dir) = self.options("show", &["--machine".into(), "tt".into()])?;
        opts.fifo = false;
        let r = hatari::run(&opts)?;
        let _ = std::fs::remove_dir_all(&dir);
        if r.exit_code != 20 || !r.output.contains("needs an Atari Falcon030") {
            return Err(format!("exit code {} (want 20), output:\n{}", r.exit_code, tail(&r.output)));
        }
        Ok(())
    }

    /// Mouse moves and clicks in a real Hatari window under Xvfb, driven by xdotool.
    fn mouse(&self) -> Result<(), String> {
        let x = Xvfb::start()?;
        let (mut opts, dir) = self.options("show", &[])?;
        opts.display = Some(x.display().to_string());
        let mut s = Session::start(&opts)?;
        s.wait_for("machine-test screen A", 240)?;
        s.press(57)?;
        s.wait_for("machine-test screen B", 60)?;
        let window = x.hatari_window()?;
        x.move_to(&window, 320, 240)?;
        x.move_to(&window, 420, 300)?;
        x.click(1)?;
        x.move_to(&window, 300, 200)?;
        x.click(3)?;
        s.press(1)?;
        wait_key(&mut s, "1 27 0 down")?;
        let r = s.finish()?;
        let _ = std::fs::remove_dir_all(&dir);
        let moves: Vec<(i32, i32, u8, u8)> = r
            .output
            .lines()
            .filter_map(|l| l.strip_prefix("machine-test mouse "))
            .filter_map(|l| {
                let v: Vec<i32> = l.split_whitespace().filter_map(|w| w.parse().ok()).collect();
                (v.len() == 4).then(|| (v[0], v[1], v[2] as u8, v[3] as u8))
            })
            .collect();
        let left = moves.iter().any(|m| m.2 & 1 != 0 && m.3 & 1 != 0);
        let right = moves.iter().any(|m| m.2 & 2 != 0 && m.3 & 2 != 0);
        let moved_right = moves.iter().any(|m| m.0 > 320);
        let moved_left = moves.iter().any(|m| m.0 < 320);
        if !(left && right && moved_right && moved_left) || r.exit_code != 0 {
            return Err(format!(
                "left click {left}, right click {right}, moved right {moved_right}, moved left {moved_left}, \
                 exit code {}; mouse lines: {moves:?}",
                r.exit_code
            ));
        }
        compare_states(&r.output)
    }
}

/// Both screen buffers are below TT-RAM (the VIDEL shows only ST-RAM).
fn check_st_ram(mode_line: &str) -> Result<(), String> {
    let words: Vec<&str> = mode_line.split_whitespace().collect();
    if words.len() != 5 || words[2] != "0000001b" {
        return Err(format!("unexpected mode line `{mode_line}`"));
    }
    for w in &words[3..] {
        let a = u32::from_str_radix(w, 16).map_err(|e| e.to_string())?;
        if a % 256 != 0 || a + 307_200 > 0x00E0_0000 {
            return Err(format!("screen buffer at {a:#x}: not 256-aligned ST-RAM"));
        }
    }
    Ok(())
}

/// The speaker line (`machine-test speaker <before> <after -i off> <after -i on>`, port A
/// of the sound chip in hex): `-i off` sets bit 6 (the Falcon's internal speaker off),
/// `-i on` clears it, and no other bit of the port changes.
pub fn check_speaker(line: &str) -> Result<(), String> {
    let values: Vec<u32> = line
        .strip_prefix("machine-test speaker")
        .unwrap_or("")
        .split_whitespace()
        .filter_map(|w| u32::from_str_radix(w, 16).ok())
        .collect();
    let [before, off, on] = values[..] else {
        return Err(format!("no speaker line with three values: {line:?}"));
    };
    if off != before | 0x40 || on != before & !0x40 {
        return Err(format!(
            "port A {before:02x}: after -i off {off:02x} (want {:02x}), after -i on {on:02x} (want {:02x})",
            before | 0x40,
            before & !0x40
        ));
    }
    Ok(())
}

fn wait_key(s: &mut Session, want: &str) -> Result<(), String> {
    s.wait_for(&format!("machine-test key {want}"), 60).map(|_| ())
}

/// Sends `commands` and checks that the next key lines are exactly `expect`.
fn expect_keys(s: &mut Session, commands: &[&str], expect: &[&str]) -> Result<(), String> {
    for c in commands {
        s.event(c)?;
    }
    for want in expect {
        let line = s.wait_for("machine-test key ", 60)?;
        let got = line.trim_start_matches("machine-test key ").trim();
        if got != *want {
            return Err(format!("after {commands:?}: got key `{got}`, want `{want}`"));
        }
    }
    Ok(())
}

/// The reference image of picture A or B.
fn reference_path(b: bool) -> PathBuf {
    pipeline::root().join("hatari-tests/reference").join(if b {
        "machine-pattern-b.png"
    } else {
        "machine-pattern-a.png"
    })
}

/// Compares the screen with the reference picture A or B (screenshots taken again while
/// the emulator may still show an older frame; the comparison is exact).
fn compare_screen(s: &mut Session, b: bool) -> Result<(), String> {
    let keep = pipeline::root().join("build").join(format!("machine-test-{}.png", if b { "b" } else { "a" }));
    s.screen_matches(&reference_path(b), 5, &keep).map_err(|e| format!("screen {}: {e}", if b { 'B' } else { 'A' }))
}

/// `machine-test bench` and `machine-test clock` lines, in the project's bench format.
fn report_measurements(label: &str, output: &str) {
    for line in output.lines() {
        if let Some(rest) = line.strip_prefix("machine-test bench ") {
            let w: Vec<&str> = rest.split_whitespace().collect();
            if let [name, cycles] = w.as_slice() {
                println!("68030 bench machine_{name} ({label}): {cycles} cycles");
            }
        } else if let Some(rest) = line.strip_prefix("machine-test clock ") {
            println!("68030 clock ({label}): {rest}");
        }
    }
}

fn tail(text: &str) -> String {
    hatari::tail(text, 20)
}

#[cfg(test)]
mod tests;
