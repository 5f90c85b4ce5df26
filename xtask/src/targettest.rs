//! `cargo xtask test`: every test, on both machines.
//!
//! 1. The host: `cargo test --workspace` (the core's shared test cases, host-only tests, and
//!    this tool's own unit tests).
//! 2. The 68030: the same shared test cases compiled for the target by the pipeline and run
//!    in Hatari (selftest/src/bin/target_tests.rs); the differential cases' digests are
//!    compared with the digests the same functions compute here, natively.
//! 3. With FALCON_TOS set, the Falcon program also runs under that TOS; without it, the
//!    run says it was skipped.
//!
//! It fails if either half fails or the target run is missing or incomplete, and ends with
//! one line `N passed, N failed` over both halves.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use falcon_selftest::suites::{SUITES, VALUE_SUITES};

use crate::{hatari, pipeline};

/// Counts of one half.
#[derive(Default, Debug, Clone, Copy)]
pub struct Counts {
    pub passed: usize,
    pub failed: usize,
}

pub fn cmd_test(args: &[String]) -> Result<(), String> {
    pipeline::opt_level(args)?;
    crate::setup::setup()?;
    let host = host_tests()?;
    eprintln!("host: {} passed, {} failed", host.passed, host.failed);
    let target = match cmd_target_test(args, None) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("68030: {e}");
            Counts { passed: 0, failed: expected_case_count().max(1) }
        }
    };
    let gem = gem_tests(args).unwrap_or_default();
    let machine = crate::machinetest::machine_tests(args);
    eprintln!("machine layer: {} passed, {} failed", machine.passed, machine.failed);
    let fullscreen = crate::fullscreen::fullscreen_tests(args);
    eprintln!("full screen: {} passed, {} failed", fullscreen.passed, fullscreen.failed);
    let passed = host.passed + target.passed + gem.passed + machine.passed + fullscreen.passed;
    let failed = host.failed + target.failed + gem.failed + machine.failed + fullscreen.failed;
    // The closing line, last on the output (CI reads it).
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
    Ok(())
}

fn expected_case_count() -> usize {
    SUITES.iter().map(|s| s.len()).sum::<usize>() + VALUE_SUITES.iter().map(|s| s.len()).sum::<usize>()
}

/// Runs `cargo test --workspace` and sums its result lines.
fn host_tests() -> Result<Counts, String> {
    let out = Command::new("cargo")
        .current_dir(pipeline::root())
        .args(["test", "--workspace", "--release"])
        .output()
        .map_err(|e| format!("cargo test: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    print!("{stdout}");
    let mut counts = Counts::default();
    let mut saw = false;
    for line in stdout.lines() {
        if let Some(rest) = line.strip_prefix("test result: ") {
            saw = true;
            let num = |key: &str| -> usize {
                rest.split(';')
                    .find_map(|p| {
                        p.trim().strip_suffix(key).map(|n| {
                            n.trim().trim_start_matches("ok.").trim_start_matches("FAILED.").trim().parse().unwrap_or(0)
                        })
                    })
                    .unwrap_or(0)
            };
            counts.passed += num("passed");
            counts.failed += num("failed");
        }
    }
    if !out.status.success() {
        eprint!("{stderr}");
        counts.failed = counts.failed.max(1);
    }
    if !saw {
        return Err(format!("cargo test printed no result:\n{stderr}"));
    }
    Ok(counts)
}

/// Builds and runs the shared test cases on the emulated 68030.
///
/// With a `filter`, only the cases whose name holds it run (told to the program by the file
/// `TESTS.TXT` beside it), and only they are expected.
pub fn cmd_target_test(args: &[String], filter: Option<&str>) -> Result<Counts, String> {
    let opt_level = pipeline::opt_level(args)?;
    let opts = pipeline::BuildOptions {
        program: pipeline::program("target-tests")?,
        opt_level: opt_level.clone(),
        symbols: true,
        tosless: true,
    };
    let filter = filter.unwrap_or("");
    let any_test = SUITES.iter().flat_map(|s| s.iter()).any(|c| c.name.contains(filter));
    let any_value = VALUE_SUITES.iter().flat_map(|s| s.iter()).any(|c| c.name.contains(filter));
    if !any_test && !any_value {
        return Err(format!("no test case's name holds `{filter}`"));
    }
    let built = pipeline::build_and_report(&opts)?;
    let mut extra_files = Vec::new();
    let filter_file = built.prg.with_file_name("TESTS.TXT");
    let _ = std::fs::remove_file(&filter_file);
    if !filter.is_empty() {
        std::fs::write(&filter_file, format!("{filter}\n")).map_err(|e| format!("{}: {e}", filter_file.display()))?;
        extra_files.push(filter_file.clone());
    }
    let result = hatari::run(&hatari::RunOptions {
        program: built.prg.clone(),
        quit_on_pterm: true,
        extra_files,
        tos: None,
        // The watchdog: 54,000 VBLs are 900 emulated seconds, 14.4 G cycles at 16 MHz (all
        // the tests took 10.6 G at stop 23; the GEM host's tests draw whole windows).
        max_vbls: 54_000,
        screenshot_on_timeout: None,
        wall_seconds: 3000,
        ..Default::default()
    });
    let _ = std::fs::remove_file(&filter_file);
    let result = result?;
    let expected: BTreeMap<&str, u64> = VALUE_SUITES
        .iter()
        .flat_map(|s| s.iter())
        .filter(|c| c.name.contains(filter))
        .map(|c| (c.name, (c.run)()))
        .collect();
    let tests = SUITES.iter().flat_map(|s| s.iter()).filter(|c| c.name.contains(filter)).count();
    let report = compare(&result.output, &expected, tests);
    for line in &report.lines {
        println!("{line}");
    }
    println!(
        "68030 (opt-level {opt_level}): {} passed, {} failed; {} emulated cycles in all",
        report.counts.passed, report.counts.failed, report.total_cycles
    );
    if result.timed_out {
        return Err(format!("timed out (last started: {})", report.last_started.unwrap_or_default()));
    }
    if !report.complete {
        return Err(format!(
            "incomplete target run (exit code {}, last started: {}):\n{}",
            result.exit_code,
            report.last_started.unwrap_or_default(),
            result.output.lines().rev().take(10).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join("\n")
        ));
    }
    Ok(report.counts)
}

/// What the target printed, checked.
pub struct Report {
    pub counts: Counts,
    pub lines: Vec<String>,
    pub complete: bool,
    pub last_started: Option<String>,
    pub total_cycles: u64,
}

/// Reads the target's protocol (see selftest/src/bin/target_tests.rs) and judges each case.
pub fn compare(output: &str, expected: &BTreeMap<&str, u64>, test_count: usize) -> Report {
    let mut r =
        Report { counts: Counts::default(), lines: Vec::new(), complete: false, last_started: None, total_cycles: 0 };
    let mut seen_values = 0usize;
    let mut seen_tests = 0usize;
    let mut pending_message: Vec<String> = Vec::new();
    for line in output.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["run", name] => {
                r.last_started = Some(name.to_string());
                pending_message.clear();
            }
            ["ok", name, cycles] => {
                seen_tests += 1;
                r.counts.passed += 1;
                r.total_cycles += cycles.parse::<u64>().unwrap_or(0);
                r.lines.push(format!("68030 test {name} ... ok ({cycles} cycles)"));
            }
            ["FAILED", name, cycles] => {
                if expected.contains_key(name) {
                    seen_values += 1;
                } else {
                    seen_tests += 1;
                }
                r.counts.failed += 1;
                r.lines
                    .push(format!("68030 test {name} ... FAILED ({cycles} cycles): {}", pending_message.join(" / ")));
            }
            ["value", name, hex, cycles] => {
                seen_values += 1;
                r.total_cycles += cycles.parse::<u64>().unwrap_or(0);
                let got = u64::from_str_radix(hex, 16).ok();
                match expected.get(name) {
                    Some(&want) if got == Some(want) => {
                        r.counts.passed += 1;
                        r.lines.push(format!("68030 diff {name} ... ok ({cycles} cycles)"));
                    }
                    Some(&want) => {
                        r.counts.failed += 1;
                        r.lines.push(format!(
                            "68030 diff {name} ... FAILED: 68030 {hex}, host {want:016x} ({cycles} cycles)"
                        ));
                    }
                    None => {
                        r.counts.failed += 1;
                        r.lines.push(format!("68030 diff {name} ... FAILED: unknown to the host"));
                    }
                }
            }
            ["bench", name, bytes, cycles] => {
                let (b, c) = (bytes.parse::<u64>().unwrap_or(0), cycles.parse::<u64>().unwrap_or(0));
                let kib_s = (b * 16_000_000).checked_div(c).map_or(0, |v| v / 1024);
                r.lines.push(format!("68030 bench {name}: {b} bytes in {c} cycles = {kib_s} KiB/s at 16 MHz"));
            }
            ["falcon-tests", "stack", used, size, name] => {
                r.lines.push(format!("68030 stack: deepest use {used} of {size} bytes, by {name}"));
            }
            ["falcon-tests", "end", ..] => {
                r.complete = seen_values == expected.len() && seen_tests == test_count;
            }
            _ => {
                if !line.starts_with("falcon-tests") {
                    pending_message.push(line.to_string());
                }
            }
        }
    }
    r
}

/// Under a real TOS (FALCON_TOS): FALCON.PRG started from the desktop must open its window, show the collection, start a game, move a tile at a key and quit
/// with `q` back to the desktop (`gemhost`); as FALCON.ACC it must register in the Desk menu and answer two
/// open/close rounds sent by a driver program (the AES adds one more AC_CLOSE when the
/// driver ends, as the running application changes); the GEM bindings must give plausible
/// answers from the real AES and VDI (`gemtest`). `None` when no image is given (said on
/// stderr).
pub fn gem_tests(args: &[String]) -> Option<Counts> {
    let Some(tos) = crate::args::option(args, "--tos").map(std::path::PathBuf::from).or_else(hatari::tos_from_env)
    else {
        eprintln!("EmuTOS tests skipped: no TOS image given (set FALCON_TOS=path/to/etos1024k.img)");
        return None;
    };
    let opt_level = match pipeline::opt_level(args) {
        Ok(level) => level,
        Err(e) => {
            println!("EmuTOS tests ... FAILED: {e}");
            return Some(Counts { passed: 0, failed: 1 });
        }
    };
    let build = |bin: &str| {
        pipeline::build_and_report(&pipeline::BuildOptions {
            program: pipeline::program(bin)?,
            opt_level: opt_level.clone(),
            symbols: true,
            tosless: false,
        })
    };
    let mut counts = Counts::default();
    let mut judge = |name: &str, result: Result<(), String>| match result {
        Ok(()) => {
            counts.passed += 1;
            println!("EmuTOS test {name} ... ok");
        }
        Err(e) => {
            counts.failed += 1;
            println!("EmuTOS test {name} ... FAILED: {e}");
        }
    };
    // `cargo xtask gem-test GROUP`: only that group.
    let filter = crate::args::positional(args).into_iter().next();
    let wanted = |group: &str| filter.as_deref().is_none_or(|f| group.contains(f));
    if wanted("accessory") {
        judge(
            "accessory_opens_and_closes_without_losing_memory",
            (|| {
                let acc = build("falcon")?.acc;
                // The driver names itself as the next program (shel_write): an 8.3 name.
                let dir = std::env::temp_dir().join(format!("falcon-acc-{}", std::process::id()));
                std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
                let driver = dir.join("ACCDRV.PRG");
                std::fs::copy(build("acc-driver")?.prg, &driver).map_err(|e| e.to_string())?;
                // Tetrhex's rule file with one best score for side 7, at the root of C: (the
                // boot drive) where the accessory's disk reads it.
                let rule = dir.join("TETRHEX.RUL");
                std::fs::write(&rule, accessory_rule_file()?).map_err(|e| e.to_string())?;
                let r = hatari::run(&hatari::RunOptions {
                    program: driver,
                    // Stage 1 ends with Pterm and the emulation goes on to stage 2.
                    quit_on_pterm: false,
                    extra_files: vec![acc, rule],
                    tos: Some(tos.clone()),
                    max_vbls: 30_000,
                    screenshot_on_timeout: None,
                    wall_seconds: 600,
                    ..Default::default()
                });
                let _ = std::fs::remove_dir_all(&dir);
                let r = r?;
                let figures = accessory_figures(&r.output, r.exit_code, r.timed_out)?;
                println!("{figures}");
                Ok(())
            })(),
        );
    }
    if wanted("rule_disk") {
        // TETRHEX's disk through GEMDOS on C: (selftest/src/bin/disk_test.rs): one test per
        // check the program reports, and its clean end; then the same program with a floppy
        // in drive A:, write-protected, then too full for the new rule file: the floppy's
        // checks alone.
        let program = build("disk-test").map(|b| b.prg);
        let runs: [(&str, Option<Floppy>); 3] = [
            ("rule_disk", None),
            ("rule_disk_floppy", Some(Floppy::Protected)),
            ("rule_disk_floppy", Some(Floppy::Full)),
        ];
        for (group, floppy) in runs {
            let run = program.clone().and_then(|prg| disk_test_run(prg, &tos, floppy));
            let r = match run {
                Err(e) => {
                    judge(group, Err(e));
                    continue;
                }
                Ok(r) => r,
            };
            let checks: Vec<_> = disk_checks(&r.output)
                .into_iter()
                .filter(|(name, _)| floppy.is_none() || name.starts_with("floppy_"))
                .collect();
            let done = r.output.contains("disktest: done 0");
            // The floppy runs: its five checks, all reported.
            let want = floppy.map_or(1, |_| 5);
            if checks.len() < want || !done || r.timed_out {
                judge(
                    &format!("{group}_program_ends_cleanly"),
                    Err(format!("exit code {}, timed out {}; output:\n{}", r.exit_code, r.timed_out, r.output)),
                );
            }
            for (name, failure) in checks {
                judge(&format!("{group}::{name}"), failure.map_or(Ok(()), Err));
            }
        }
    }
    let mut add = |c: Counts| {
        counts.passed += c.passed;
        counts.failed += c.failed;
    };
    if wanted("gem_host") {
        add(crate::gemhost::gem_host(&tos, &opt_level));
    }
    if wanted("gem_host_256") {
        add(crate::gemhost::gem_host_256(&tos, &opt_level));
    }
    if wanted("gem_host_mono") {
        add(crate::gemhost::gem_host_mono(&tos, &opt_level));
    }
    if wanted("gem_bindings") {
        add(crate::gemtest::gem_bindings(&tos, &opt_level));
    }
    Some(counts)
}

/// The floppy the disk test finds in drive A: (`floppy.rs`).
#[derive(Clone, Copy)]
enum Floppy {
    /// TETRHEX's rule file on a write-protected disk.
    Protected,
    /// TETRHEX's rule file on a disk with one cluster (1 KiB) free: the new file does not fit.
    Full,
}

/// One run of the disk test under EmuTOS, with `floppy` in drive A: (an image beside the
/// run's files, deleted after it).
fn disk_test_run(program: PathBuf, tos: &Path, floppy: Option<Floppy>) -> Result<hatari::RunResult, String> {
    let mut extra_args = Vec::new();
    let mut image_dir = None;
    if let Some(kind) = floppy {
        let rule = falcon_puzzles::app::tetrhex::rules::ALL[0].file;
        let (mode, protect): (&[u8], &str) = match kind {
            Floppy::Protected => (b"protected", "on"),
            Floppy::Full => (b"full", "off"),
        };
        let mut files: Vec<(&str, &[u8])> = vec![("TETRHEX.RUL", rule), ("MODE.TXT", mode)];
        let used = crate::floppy::clusters_for(rule.len()) + 1;
        let filler = vec![0u8; crate::floppy::CLUSTERS.saturating_sub(used + 1) * crate::floppy::CLUSTER];
        if let Floppy::Full = kind {
            files.push(("FILLER.DAT", &filler));
        }
        let dir = std::env::temp_dir().join(format!("falcon-floppy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let image = dir.join("A.ST");
        std::fs::write(&image, crate::floppy::image(&files)?).map_err(|e| e.to_string())?;
        extra_args = vec!["--disk-a".into(), image.display().to_string(), "--protect-floppy".into(), protect.into()];
        image_dir = Some(dir);
    }
    let r = hatari::run(&hatari::RunOptions {
        program,
        quit_on_pterm: true,
        tos: Some(tos.to_path_buf()),
        max_vbls: 20_000,
        screenshot_on_timeout: None,
        wall_seconds: 600,
        extra_args,
        ..Default::default()
    });
    if let Some(dir) = image_dir {
        let _ = std::fs::remove_dir_all(dir);
    }
    r
}

/// The disk test's check lines (`disktest: ok NAME`, `disktest: FAILED NAME: why`): (name,
/// failure message if any).
pub fn disk_checks(output: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for line in output.lines() {
        if let Some(name) = line.strip_prefix("disktest: ok ") {
            out.push((name.trim().to_string(), None));
        } else if let Some(rest) = line.strip_prefix("disktest: FAILED ") {
            let (name, why) = rest.split_once(':').unwrap_or((rest, ""));
            out.push((name.trim().to_string(), Some(why.trim().to_string())));
        }
    }
    out
}

/// Tetrhex's built-in rule file with one best score (side 7), what the accessory test puts
/// at the root of C:.
fn accessory_rule_file() -> Result<Vec<u8>, String> {
    use falcon_puzzles::rul::model::ScoreEntry;
    let scores = [Vec::new(), vec![ScoreEntry::new(b"Acc", 4242, 0)], Vec::new(), Vec::new()];
    falcon_puzzles::rul::scores::with_scores(falcon_puzzles::app::tetrhex::rules::ALL[0].file, &scores)
        .map_err(|e| e.message())
}

/// What the accessory says when it read `accessory_rule_file` through its disk, at the root
/// of the boot drive.
const ACCESSORY_RULE_READ: &str = "acc: C:\\TETRHEX.RUL read, best scores by side 0 1 0 0";

/// Open/close cycles the accessory's driver runs before the program change.
const ACCESSORY_CYCLES: usize = 100;

/// Checks what the accessory and its driver said (`selftest/src/bin/acc_driver.rs`): the
/// accessory registered, read Tetrhex's rule file (with its one score) at the root of C:
/// through its disk, and ready; opened `ACCESSORY_CYCLES` + 2 times (the last of stage
/// 1 left open for the program change); after every close the same heap use; the program
/// change's AC_CLOSE made it forget its window; the largest free block of the system the
/// same before and after the cycles, and before and after stage 2; the driver's exit code
/// 0. The figures as one line, or what was wrong.
pub fn accessory_figures(output: &str, exit_code: i32, timed_out: bool) -> Result<String, String> {
    let fail = |why: &str| Err(format!("{why}; exit code {exit_code}, output:\n{output}"));
    if timed_out || exit_code != 0 {
        return fail("the driver did not end well");
    }
    for line in [
        "acc: registered in the Desk menu",
        ACCESSORY_RULE_READ,
        "acc: ready",
        "driver: stage 2 done",
        "gem host: window forgotten",
    ] {
        if !output.contains(line) {
            return fail(&format!("no line {line:?}"));
        }
    }
    let number_after = |key: &str| -> Vec<u64> {
        output
            .lines()
            .filter_map(|l| l.split_once(key))
            .filter_map(|(_, rest)| rest.split_whitespace().next()?.parse().ok())
            .collect()
    };
    let opened = output.matches("acc: opened").count();
    if opened != ACCESSORY_CYCLES + 2 {
        return fail(&format!("opened {opened} times, not {}", ACCESSORY_CYCLES + 2));
    }
    let heap = number_after("acc: closed, heap used ");
    if heap.len() != ACCESSORY_CYCLES + 2 || heap.iter().any(|&h| h != heap[0]) {
        return fail(&format!("heap used after each close: {heap:?}"));
    }
    let (before, after) = (number_after("driver: free before "), number_after("driver: free after "));
    let (stage2, stage2_done) = (number_after("driver: stage 2, free "), number_after("driver: stage 2 done, free "));
    if before.len() != 1 || before != after || stage2.len() != 1 || stage2 != stage2_done {
        return fail(&format!("free memory before/after {before:?}/{after:?}, in stage 2 {stage2:?}/{stage2_done:?}"));
    }
    let ready = output.lines().find(|l| l.contains("acc: ready")).unwrap_or("");
    Ok(format!(
        "accessory: {opened} opens, heap used {} after each close ({}); largest free block {} before and after {ACCESSORY_CYCLES} cycles, {} before and after the program change's cycle",
        heap[0],
        ready.trim(),
        before[0],
        stage2[0]
    ))
}

#[cfg(test)]
mod tests;
