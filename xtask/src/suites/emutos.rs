//! The tests under a real TOS (EmuTOS, `FALCON_TOS`): the desk accessory, TETRHEX's rule
//! files through GEMDOS on C: and on floppies, the GEM host (`gemhost`), the GEM bindings
//! (`gemtest`).

use std::path::{Path, PathBuf};

use super::side_by_side::Job;
use super::tally::{Counts, Tally};
use crate::build::pipeline;
use crate::emulator::{floppy, hatari};

/// Under a real TOS (FALCON_TOS): FALCON.PRG started from the desktop must open its window, show the collection, start a game, move a tile at a key and quit
/// with `q` back to the desktop (`gemhost`); as FALCON.ACC it must register in the Desk menu and answer two
/// open/close rounds sent by a driver program (the AES adds one more AC_CLOSE when the
/// driver ends, as the running application changes); the GEM bindings must give plausible
/// answers from the real AES and VDI (`gemtest`). `None` when no image is given (said on
/// stderr).
pub fn gem_tests(args: &[String]) -> Option<Counts> {
    let (tos, opt_level) = match setting(args)? {
        Ok(setting) => setting,
        Err(failed) => return Some(failed),
    };
    // `cargo xtask gem-test GROUP`: only the groups whose name holds GROUP.
    let filter = crate::args::positional(args).into_iter().next();
    let mut counts = Counts::default();
    for group in GROUPS.iter().filter(|g| filter.as_deref().is_none_or(|f| g.contains(f))) {
        counts.add(group_tests(group, &tos, &opt_level));
    }
    Some(counts)
}

/// The groups of tests under EmuTOS, each independent of the others (its own emulator
/// runs): what `cargo xtask test` runs side by side (`jobs`).
pub const GROUPS: &[&str] = &["accessory", "rule_disk", "gem_host", "gem_host_256", "gem_host_mono", "gem_bindings"];

/// Each group as a job of the test command, with its cost in seconds (the 2-core CI
/// machine's wall time); `None` when no TOS image is given (said on stderr).
pub fn jobs(args: &[String]) -> Option<Vec<Job<'static>>> {
    let (tos, opt_level) = match setting(args)? {
        Ok(setting) => setting,
        Err(failed) => return Some(vec![Job::new("EmuTOS set-up", 0, move || failed)]),
    };
    let seconds = |group: &str| match group {
        "accessory" => 90,
        "rule_disk" => 90,
        "gem_host" => 150,
        "gem_host_256" => 60,
        "gem_host_mono" => 60,
        _ => 60,
    };
    Some(
        GROUPS
            .iter()
            .map(|&group| {
                let (tos, opt_level) = (tos.clone(), opt_level.clone());
                Job::new(format!("EmuTOS {group}"), seconds(group), move || group_tests(group, &tos, &opt_level))
            })
            .collect(),
    )
}

/// The TOS image and the opt-level; `None` when no image is given (said on stderr), a
/// failed check when the opt-level is wrong.
fn setting(args: &[String]) -> Option<Result<(PathBuf, String), Counts>> {
    let Some(tos) = crate::args::option(args, "--tos").map(std::path::PathBuf::from).or_else(hatari::tos_from_env)
    else {
        eprintln!("EmuTOS tests skipped: no TOS image given (set FALCON_TOS=path/to/etos1024k.img)");
        return None;
    };
    Some(match pipeline::opt_level(args) {
        Ok(level) => Ok((tos, level)),
        Err(e) => {
            println!("EmuTOS tests ... FAILED: {e}");
            Err(Counts { passed: 0, failed: 1 })
        }
    })
}

/// One group of `GROUPS` under the TOS image `tos`.
fn group_tests(group: &str, tos: &Path, opt_level: &str) -> Counts {
    let build = |bin: &str| {
        pipeline::build_and_report(&pipeline::BuildOptions {
            program: pipeline::program(bin)?,
            opt_level: opt_level.to_string(),
            symbols: true,
            tosless: false,
        })
    };
    let mut tally = Tally::new("EmuTOS test ");
    match group {
        "accessory" => tally.judge(
            "accessory_opens_and_closes_without_losing_memory",
            (|| {
                let acc = build("falcon")?.acc;
                // The driver names itself as the next program (shel_write): an 8.3 name.
                let dir = hatari::tempdir("acc")?;
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
                    tos: Some(tos.to_path_buf()),
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
        ),
        "rule_disk" => {
            // TETRHEX's disk through GEMDOS on C: (selftest/src/bin/disk_test.rs): one test
            // per check the program reports, and its clean end; then the same program with a
            // floppy in drive A:, write-protected, then too full for the new rule file: the
            // floppy's checks alone.
            let program = build("disk-test").map(|b| b.prg);
            let runs: [(&str, Option<Floppy>); 3] = [
                ("rule_disk", None),
                ("rule_disk_floppy", Some(Floppy::Protected)),
                ("rule_disk_floppy", Some(Floppy::Full)),
            ];
            for (group, floppy) in runs {
                let run = program.clone().and_then(|prg| disk_test_run(prg, tos, floppy));
                let r = match run {
                    Err(e) => {
                        tally.judge(group, Err(e));
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
                    tally.judge(
                        &format!("{group}_program_ends_cleanly"),
                        Err(format!("exit code {}, timed out {}; output:\n{}", r.exit_code, r.timed_out, r.output)),
                    );
                }
                for (name, failure) in checks {
                    tally.judge(&format!("{group}::{name}"), failure.map_or(Ok(()), Err));
                }
            }
        }
        "gem_host" => tally.add(super::gemhost::gem_host(tos, opt_level)),
        "gem_host_256" => tally.add(super::gemhost::gem_host_256(tos, opt_level)),
        "gem_host_mono" => tally.add(super::gemhost::gem_host_mono(tos, opt_level)),
        "gem_bindings" => tally.add(super::gemtest::gem_bindings(tos, opt_level)),
        other => tally.judge(other, Err(format!("no EmuTOS test group {other:?}"))),
    }
    tally.counts
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
        let used = floppy::clusters_for(rule.len()) + 1;
        let filler = vec![0u8; floppy::CLUSTERS.saturating_sub(used + 1) * floppy::CLUSTER];
        if let Floppy::Full = kind {
            files.push(("FILLER.DAT", &filler));
        }
        let dir = hatari::tempdir("floppy")?;
        let image = dir.join("A.ST");
        std::fs::write(&image, floppy::image(&files)?).map_err(|e| e.to_string())?;
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
