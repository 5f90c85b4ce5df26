//! `cargo xtask bench`: the benchmarks (`bench_cases!` of the core, listed in
//! `falcon_selftest::suites::BENCH_SUITES`) on the emulated 68030. The on-target test program
//! runs them instead of the tests when its plan (`TESTS.TXT`) says `benchmarks`; this reads
//! what it prints and writes one line `68030 bench <name>: <N> cycles ...` per figure.

use super::tally::Counts;
use crate::build::pipeline;
use crate::emulator::hatari;

/// `cargo xtask bench [<part>]`: the benchmarks on the emulated 68030 (the test program), or
/// only those whose name holds `<part>`. Prints one line `68030 bench <name>: <N> cycles ...`
/// per figure, with its goal when it has one; fails if a benchmark fails (a wrong answer), not
/// when a goal is missed (that is reported).
pub fn cmd_bench(args: &[String]) -> Result<(), String> {
    let counts = bench_checks(args, crate::args::positional(args).into_iter().next().as_deref());
    if counts.failed > 0 {
        return Err(format!("{} of the benchmarks failed (above)", counts.failed));
    }
    Ok(())
}

/// The benchmarks as checks of the test command: every benchmark run once (its figures
/// printed), each one a check that passes when it computed the right answer, finished and
/// gave its heap back; a run that did not reach its end is one more failed check.
pub fn bench_checks(args: &[String], part: Option<&str>) -> Counts {
    let run = (|| {
        let opt_level = pipeline::opt_level(args)?;
        let report = run_benchmarks(&opt_level, part)?;
        Ok::<_, String>((opt_level, report))
    })();
    let (opt_level, (report, result)) = match run {
        Ok(r) => r,
        Err(e) => {
            println!("68030 benchmarks ... FAILED: {e}");
            return Counts { passed: 0, failed: 1 };
        }
    };
    for line in &report.lines {
        println!("{line}");
    }
    println!(
        "68030 benchmarks (opt-level {opt_level}): {} passed, {} failed; goals: {} met, {} missed",
        report.passed, report.failed, report.met, report.missed
    );
    let mut counts = Counts { passed: report.passed, failed: report.failed };
    if result.timed_out || !report.complete {
        println!(
            "68030 benchmark run ... FAILED: {} (exit code {}); the end of its output:\n{}",
            if result.timed_out { "timed out" } else { "it did not reach its end" },
            result.exit_code,
            hatari::tail(&result.output, 20)
        );
        counts.failed += 1;
    }
    counts
}

/// Builds the test program and runs its benchmarks (those whose name holds `part`) in Hatari.
fn run_benchmarks(opt_level: &str, part: Option<&str>) -> Result<(BenchReport, hatari::RunResult), String> {
    let opts = pipeline::BuildOptions {
        program: pipeline::program("target-tests")?,
        opt_level: opt_level.to_string(),
        symbols: true,
        tosless: true,
    };
    let built = pipeline::build_and_report(&opts)?;
    // The program's plan, copied beside it: the benchmarks, with `cargo xtask bench <part>`
    // only those whose name holds <part>.
    let mut plan = String::from("benchmarks\n");
    if let Some(part) = part {
        plan.push_str(&format!("filter {part}\n"));
    }
    let dir = hatari::tempdir("bench")?;
    let file = dir.join("TESTS.TXT");
    std::fs::write(&file, plan).map_err(|e| format!("{}: {e}", file.display()))?;
    let run = hatari::run(&hatari::RunOptions {
        program: built.prg.clone(),
        quit_on_pterm: true,
        extra_files: vec![file],
        tos: None,
        max_vbls: 200_000,
        screenshot_on_timeout: None,
        wall_seconds: 3000,
        ..Default::default()
    });
    let _ = std::fs::remove_dir_all(&dir);
    let result = run?;
    Ok((bench_report(&result.output), result))
}

/// What the benchmark run printed.
pub struct BenchReport {
    pub lines: Vec<String>,
    pub passed: usize,
    pub failed: usize,
    pub met: usize,
    pub missed: usize,
    pub complete: bool,
}

/// Reads the benchmark protocol (selftest/src/bin/target_tests.rs).
pub fn bench_report(output: &str) -> BenchReport {
    let mut r = BenchReport { lines: Vec::new(), passed: 0, failed: 0, met: 0, missed: 0, complete: false };
    let mut pending_message: Vec<String> = Vec::new();
    for line in output.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["measure", name, cycles, goal, figures @ ..] => {
                let c = cycles.parse::<u64>().unwrap_or(0);
                let ms = c as f64 / 16_000.0;
                // `incomplete=1`: the figure is a bound of what the goal is about, not the
                // figure itself (a mean over searches some of which gave up): never met.
                let incomplete = figures.contains(&"incomplete=1");
                let goal = match goal.parse::<u64>() {
                    Ok(g) if c <= g && !incomplete => {
                        r.met += 1;
                        format!(" (goal ≤ {g}: met)")
                    }
                    Ok(g) => {
                        r.missed += 1;
                        let why = if incomplete { ", incomplete" } else { "" };
                        format!(" (goal ≤ {g}: MISSED{why})")
                    }
                    Err(_) => String::new(),
                };
                let figures = if figures.is_empty() { String::new() } else { format!(" {}", figures.join(" ")) };
                r.lines.push(format!("68030 bench {name}: {c} cycles = {ms:.1} ms at 16 MHz{goal}{figures}"));
            }
            ["ok", name, cycles] => {
                r.passed += 1;
                r.lines.push(format!("68030 benchmark {name} ... ok ({cycles} cycles)"));
                pending_message.clear();
            }
            ["FAILED", name, cycles] => {
                r.failed += 1;
                r.lines.push(format!(
                    "68030 benchmark {name} ... FAILED ({cycles} cycles): {}",
                    pending_message.join(" | ")
                ));
                pending_message.clear();
            }
            ["falcon-bench", "end", ..] => r.complete = true,
            ["run", ..] | ["falcon-bench", ..] => {}
            _ => pending_message.push(line.to_string()),
        }
    }
    r
}

#[cfg(test)]
mod tests;
