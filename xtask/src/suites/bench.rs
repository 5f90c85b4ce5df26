//! `cargo xtask bench`: the benchmarks (`bench_cases!` of the core, listed in
//! `falcon_selftest::suites::BENCH_SUITES`) on the emulated 68030. The on-target test program
//! built with its feature `benchmarks` runs them instead of the tests; this reads what it
//! prints and writes one line `68030 bench <name>: <N> cycles ...` per figure.

use crate::build::pipeline;
use crate::emulator::hatari;

/// `cargo xtask bench [<part>]`: the benchmarks on the emulated 68030 (the test program built
/// with the feature `benchmarks`), or only those whose name holds `<part>`. Prints one line `68030 bench <name>: <N> cycles ...` per
/// figure, with its goal when it has one; fails if a benchmark fails (a wrong answer), not
/// when a goal is missed (that is reported).
pub fn cmd_bench(args: &[String]) -> Result<(), String> {
    let opt_level = pipeline::opt_level(args)?;
    let opts = pipeline::BuildOptions {
        program: &pipeline::TARGET_BENCH,
        opt_level: opt_level.clone(),
        symbols: true,
        tosless: true,
    };
    let built = pipeline::build_and_report(&opts)?;
    // `cargo xtask bench <part>`: only the benchmarks whose name holds <part>, told to the
    // program by a file beside it.
    let mut extra_files = Vec::new();
    if let Some(part) = crate::args::positional(args).into_iter().next() {
        let file = built.prg.with_file_name("BENCH.TXT");
        std::fs::write(&file, format!("{part}\n")).map_err(|e| format!("{}: {e}", file.display()))?;
        extra_files.push(file);
    }
    let extra_files_written = extra_files.clone();
    let run = hatari::run(&hatari::RunOptions {
        program: built.prg.clone(),
        quit_on_pterm: true,
        extra_files,
        tos: None,
        max_vbls: 200_000,
        screenshot_on_timeout: None,
        wall_seconds: 3000,
        ..Default::default()
    });
    for file in &extra_files_written {
        let _ = std::fs::remove_file(file);
    }
    let result = run?;
    let report = bench_report(&result.output);
    for line in &report.lines {
        println!("{line}");
    }
    println!(
        "68030 benchmarks (opt-level {opt_level}): {} passed, {} failed; goals: {} met, {} missed",
        report.passed, report.failed, report.met, report.missed
    );
    if result.timed_out {
        return Err("benchmark run timed out".into());
    }
    if !report.complete || report.failed > 0 {
        return Err(format!("benchmark run failed (exit code {})", result.exit_code));
    }
    Ok(())
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
