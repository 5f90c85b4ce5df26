//! The 68030 half of the test command: every suite of `falcon_selftest::suites` (each
//! module's shared cases, each game's conformance cases), compiled once by the pipeline and
//! run in Hatari on shards side by side (`shards`), each shard with its own watchdog sized
//! from its suites' budgets (`budgets`). The differential cases' digests are compared with
//! those the same functions compute here, natively, while the shards run.
//!
//! Printed: one line per case, one per suite (`68030 suite <name>: <N> cycles, budget <B>`),
//! one per shard and one for the whole run
//! (`68030 (opt-level 2): N passed, N failed; N emulated cycles in all`).

use std::collections::BTreeMap;
use std::time::Instant;

use falcon_puzzles::testcase::Suite;
use falcon_selftest::suites::suites;

use super::budgets;
use super::tally::Counts;
use crate::build::pipeline;
use crate::emulator::hatari;

/// Emulated cycles a VBL lasts (16 MHz, 60 Hz).
const CYCLES_PER_VBL: u64 = 16_000_000 / 60;

/// What a shard costs beyond its suites: start-up, the stack paint, the memory benchmarks.
const SHARD_OVERHEAD_CYCLES: u64 = 400_000_000;

/// What the 68030 run gave.
#[derive(Default)]
pub struct TargetRun {
    pub counts: Counts,
    /// Every suite that ran in full: its name and emulated cycles, in the list's order.
    pub suite_cycles: Vec<(&'static str, u64)>,
    /// Cycles of every case that ran.
    pub total_cycles: u64,
    /// What kept the run from being complete (a shard that timed out or stopped early).
    pub errors: Vec<String>,
}

/// The options of `cargo xtask test` and `target-test`: `--opt LEVEL`, `--shards N`,
/// `--write-budgets`.
pub fn shard_count(args: &[String]) -> Result<usize, String> {
    match crate::args::option(args, "--shards") {
        None => Ok(std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 4)),
        Some(n) => match n.parse::<usize>() {
            Ok(n) if (1..=16).contains(&n) => Ok(n),
            _ => Err(format!("--shards {n}: a number from 1 to 16")),
        },
    }
}

/// Builds the 68030's test program at `opt_level` (once per process: a second call gives
/// the first's program, or waits for the build under way).
pub fn build_program(opt_level: &str) -> Result<pipeline::BuildOutput, String> {
    pipeline::build_and_report(&pipeline::BuildOptions {
        program: pipeline::program("target-tests")?,
        opt_level: opt_level.to_string(),
        symbols: true,
        tosless: true,
    })
}

/// Builds the test program and runs the suites on the emulated 68030.
///
/// With a `filter`, only the cases whose name holds it run, and only they are expected; the
/// budgets are then not checked (a suite that runs in part is not comparable).
pub fn run(args: &[String], filter: Option<&str>) -> Result<TargetRun, String> {
    let opt_level = pipeline::opt_level(args)?;
    let shards = shard_count(args)?;
    let filter = filter.unwrap_or("");
    let all: Vec<&'static Suite> = suites().collect();
    let wanted = |name: &str| name.contains(filter);
    let selected: Vec<usize> = (0..all.len())
        .filter(|&i| all[i].tests.iter().any(|c| wanted(c.name)) || all[i].values.iter().any(|c| wanted(c.name)))
        .collect();
    if selected.is_empty() {
        return Err(format!("no test case's name holds `{filter}`"));
    }
    let budgets = budgets::load()?;
    let shipped = opt_level == pipeline::DEFAULT_OPT_LEVEL;
    let factor = if shipped { 1 } else { budgets::OTHER_LEVEL_FACTOR };
    let costs: Vec<u64> =
        selected.iter().map(|&i| budgets.get(all[i].name).copied().unwrap_or(budgets::UNBUDGETED) * factor).collect();
    let plan: Vec<Vec<usize>> =
        super::shards::plan(&costs, shards).into_iter().map(|s| s.into_iter().map(|k| selected[k]).collect()).collect();

    let built = build_program(&opt_level)?;

    let started = Instant::now();
    let outcomes: Vec<Result<(hatari::RunResult, f64), String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = plan
            .iter()
            .enumerate()
            .map(|(n, indices)| {
                let watchdog: u64 = indices
                    .iter()
                    .map(|&i| budgets.get(all[i].name).copied().unwrap_or(budgets::UNBUDGETED) * factor)
                    .sum::<u64>()
                    + SHARD_OVERHEAD_CYCLES * factor;
                let prg = built.prg.clone();
                scope.spawn(move || run_shard(&prg, filter, indices, n == 0, watchdog))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("the shard's thread panicked".into()))).collect()
    });
    // The digests the 68030's must equal: the same functions, run here.
    let expected: BTreeMap<&str, u64> = selected
        .iter()
        .flat_map(|&i| all[i].values.iter())
        .filter(|c| wanted(c.name))
        .map(|c| (c.name, (c.run)()))
        .collect();

    let mut run = TargetRun::default();
    let mut case_cycles: BTreeMap<String, u64> = BTreeMap::new();
    for (n, (indices, outcome)) in plan.iter().zip(outcomes).enumerate() {
        let label = format!("68030 shard {}/{}", n + 1, plan.len());
        let tests = indices.iter().flat_map(|&i| all[i].tests.iter()).filter(|c| wanted(c.name)).count();
        let values: BTreeMap<&str, u64> = indices
            .iter()
            .flat_map(|&i| all[i].values.iter())
            .filter(|c| wanted(c.name))
            .map(|c| (c.name, expected[c.name]))
            .collect();
        let (result, seconds) = match outcome {
            Ok(r) => r,
            Err(e) => {
                run.counts.failed += tests + values.len();
                run.errors.push(format!("{label}: {e}"));
                println!("{label}: FAILED: {e}");
                continue;
            }
        };
        let report = compare(&result.output, &values, tests);
        for line in &report.lines {
            println!("{line}");
        }
        let missing = (tests + values.len()).saturating_sub(report.counts.passed + report.counts.failed);
        println!(
            "{label} (opt-level {opt_level}): {} passed, {} failed; {} emulated cycles, {} suites, {seconds:.0} s",
            report.counts.passed,
            report.counts.failed + missing,
            report.total_cycles,
            indices.len()
        );
        run.counts.add(Counts { passed: report.counts.passed, failed: report.counts.failed + missing });
        run.total_cycles += report.total_cycles;
        case_cycles.extend(report.case_cycles);
        if result.timed_out || !report.complete {
            let why = if result.timed_out { "timed out (its watchdog)" } else { "stopped before its end" };
            let e = format!(
                "{label} {why}: exit code {}, last started: {}; {missing} cases did not report\n{}",
                result.exit_code,
                report.last_started.unwrap_or_default(),
                hatari::tail(&result.output, 10)
            );
            println!("{e}");
            run.errors.push(e);
        }
    }

    // Every suite's cycles, against its budget.
    let budgeted = filter.is_empty() && shipped && run.errors.is_empty();
    for &i in &selected {
        let suite = all[i];
        let cycles: u64 = suite
            .tests
            .iter()
            .map(|c| c.name)
            .chain(suite.values.iter().map(|c| c.name))
            .filter_map(|n| case_cycles.get(n))
            .sum();
        let budget = budgets.get(suite.name).copied();
        let shown = budget.map_or("none".to_string(), |b| format!("{b} ({}%)", cycles * 100 / b.max(1)));
        match budgeted.then(|| budgets::verdict(cycles, budget)).flatten() {
            Some(why) => {
                run.counts.failed += 1;
                println!("68030 suite {}: {cycles} cycles, budget {shown} ... FAILED: {why}", suite.name);
            }
            None => println!("68030 suite {}: {cycles} cycles, budget {shown}", suite.name),
        }
        if filter.is_empty() {
            run.suite_cycles.push((suite.name, cycles));
        }
    }
    if budgeted {
        let stale: Vec<&String> = budgets.keys().filter(|name| !all.iter().any(|s| s.name == *name)).collect();
        for name in stale {
            run.counts.failed += 1;
            println!("68030 budget {name} ... FAILED: names no suite (remove its line from selftest/budgets.txt)");
        }
    }
    println!(
        "68030 (opt-level {opt_level}): {} passed, {} failed; {} emulated cycles in all ({} shards, {:.0} s)",
        run.counts.passed,
        run.counts.failed,
        run.total_cycles,
        plan.len(),
        started.elapsed().as_secs_f64()
    );
    if args.iter().any(|a| a == "--write-budgets") {
        if run.errors.is_empty() && filter.is_empty() {
            std::fs::write(budgets::path(), budgets::render(&run.suite_cycles)).map_err(|e| e.to_string())?;
            println!("68030 budgets written to {}", budgets::path().display());
        } else {
            println!("68030 budgets not written: the run was filtered or incomplete");
        }
    }
    Ok(run)
}

/// Runs one shard: the suites `indices` (the memory benchmarks too if `memory_bench`),
/// with a watchdog of `watchdog` emulated cycles. The output and the host seconds it took.
fn run_shard(
    prg: &std::path::Path,
    filter: &str,
    indices: &[usize],
    memory_bench: bool,
    watchdog: u64,
) -> Result<(hatari::RunResult, f64), String> {
    let dir = hatari::tempdir("shard")?;
    let plan = dir.join("TESTS.TXT");
    let mut text = String::new();
    if !filter.is_empty() {
        text.push_str(&format!("filter {filter}\n"));
    }
    let list: Vec<String> = indices.iter().map(usize::to_string).collect();
    text.push_str(&format!("suites {}\n", list.join(" ")));
    if memory_bench {
        text.push_str("memory-bench\n");
    }
    std::fs::write(&plan, text).map_err(|e| format!("{}: {e}", plan.display()))?;
    let started = Instant::now();
    let result = hatari::run(&hatari::RunOptions {
        program: prg.to_path_buf(),
        quit_on_pterm: true,
        extra_files: vec![plan],
        tos: None,
        max_vbls: watchdog.div_ceil(CYCLES_PER_VBL).min(u32::MAX as u64) as u32,
        screenshot_on_timeout: None,
        wall_seconds: 3600,
        ..Default::default()
    });
    let _ = std::fs::remove_dir_all(&dir);
    Ok((result?, started.elapsed().as_secs_f64()))
}

/// What the target printed, checked.
pub struct Report {
    pub counts: Counts,
    pub lines: Vec<String>,
    pub complete: bool,
    pub last_started: Option<String>,
    pub total_cycles: u64,
    /// The cycles of each case that reported.
    pub case_cycles: BTreeMap<String, u64>,
}

/// Reads the target's protocol (see selftest/src/bin/target_tests.rs) and judges each case.
pub fn compare(output: &str, expected: &BTreeMap<&str, u64>, test_count: usize) -> Report {
    let mut r = Report {
        counts: Counts::default(),
        lines: Vec::new(),
        complete: false,
        last_started: None,
        total_cycles: 0,
        case_cycles: BTreeMap::new(),
    };
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
                let c = cycles.parse::<u64>().unwrap_or(0);
                r.total_cycles += c;
                r.case_cycles.insert(name.to_string(), c);
                r.lines.push(format!("68030 test {name} ... ok ({cycles} cycles)"));
            }
            ["FAILED", name, cycles] => {
                if expected.contains_key(name) {
                    seen_values += 1;
                } else {
                    seen_tests += 1;
                }
                r.counts.failed += 1;
                let c = cycles.parse::<u64>().unwrap_or(0);
                r.total_cycles += c;
                r.case_cycles.insert(name.to_string(), c);
                r.lines
                    .push(format!("68030 test {name} ... FAILED ({cycles} cycles): {}", pending_message.join(" / ")));
            }
            ["value", name, hex, cycles] => {
                seen_values += 1;
                let c = cycles.parse::<u64>().unwrap_or(0);
                r.total_cycles += c;
                r.case_cycles.insert(name.to_string(), c);
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

#[cfg(test)]
mod tests;
