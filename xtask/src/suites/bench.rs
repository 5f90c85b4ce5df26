//! `cargo xtask bench`: the benchmarks (`bench_cases!` of the core, listed in
//! `falcon_selftest::suites::BENCH_SUITES`) on the emulated 68030. The on-target test program
//! runs them instead of the tests when its plan (`TESTS.TXT`) says `benchmarks`; this reads
//! what it prints and writes one line `68030 bench <name>: <N> cycles ...` per figure.

use crate::build::pipeline;
use crate::emulator::hatari;

/// `cargo xtask bench [<part>]`: the benchmarks on the emulated 68030 (the test program), or
/// only those whose name holds `<part>`. Prints one line `68030 bench <name>: <N> cycles ...`
/// per figure, with its goal when it has one; fails if a benchmark fails (a wrong answer), not
/// when a goal is missed (that is reported).
pub fn cmd_bench(args: &[String]) -> Result<(), String> {
    let opt_level = pipeline::opt_level(args)?;
    let opts = pipeline::BuildOptions {
        program: pipeline::program("target-tests")?,
        opt_level: opt_level.clone(),
        symbols: true,
        tosless: true,
    };
    let built = pipeline::build_and_report(&opts)?;
    // The program's plan, copied beside it: the benchmarks, with `cargo xtask bench <part>`
    // only those whose name holds <part>.
    let mut plan = String::from("benchmarks\n");
    if let Some(part) = crate::args::positional(args).into_iter().next() {
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
