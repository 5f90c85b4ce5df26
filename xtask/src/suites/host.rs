//! The host half of the test command: `cargo test --workspace --release --no-fail-fast`,
//! its result lines summed and each test's time kept (libtest's `--report-time`: the
//! toolchain is a nightly). The full tier (`--full`) also runs the tests marked
//! `#[ignore = "full tier: …"]`.

use std::process::Command;

use super::tally::Counts;
use crate::build::pipeline;

/// What the host's tests gave.
#[derive(Default)]
pub struct HostRun {
    pub counts: Counts,
    /// Tests the run left out (the full tier's, without `--full`).
    pub ignored: usize,
    /// Each test's name (as libtest prints it, without the crate) and seconds.
    pub times: Vec<(String, f64)>,
}

/// Runs `cargo test --workspace --release` (with `full`, the ignored tests too) and sums
/// its result lines.
pub fn host_tests(full: bool) -> Result<HostRun, String> {
    let mut cmd = Command::new("cargo");
    cmd.current_dir(pipeline::root()).args([
        "test",
        "--workspace",
        "--release",
        // Every test program runs even after one fails: the counts are the whole run's.
        "--no-fail-fast",
        "--",
        "-Zunstable-options",
        "--report-time",
    ]);
    if full {
        cmd.arg("--include-ignored");
    }
    let out = cmd.output().map_err(|e| format!("cargo test: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    print!("{stdout}");
    let mut run = read(&stdout);
    if !out.status.success() {
        eprint!("{stderr}");
        run.counts.failed = run.counts.failed.max(1);
    }
    if run.times.is_empty() && run.counts == Counts::default() {
        return Err(format!("cargo test printed no result:\n{stderr}"));
    }
    Ok(run)
}

/// Reads libtest's output: the `test result:` lines' counts, each `test NAME ... ok <Ts>`.
pub fn read(stdout: &str) -> HostRun {
    let mut run = HostRun::default();
    for line in stdout.lines() {
        if let Some(rest) = line.strip_prefix("test result: ") {
            let num = |key: &str| -> usize {
                rest.split(';')
                    .find_map(|p| {
                        p.trim().strip_suffix(key).map(|n| {
                            n.trim().trim_start_matches("ok.").trim_start_matches("FAILED.").trim().parse().unwrap_or(0)
                        })
                    })
                    .unwrap_or(0)
            };
            run.counts.passed += num("passed");
            run.counts.failed += num("failed");
            run.ignored += num("ignored");
        } else if let Some(rest) = line.strip_prefix("test ")
            && let Some((name, outcome)) = rest.split_once(" ... ")
            && let Some(time) = outcome.strip_prefix("ok <").and_then(|t| t.strip_suffix("s>"))
            && let Ok(seconds) = time.parse::<f64>()
        {
            run.times.push((name.to_string(), seconds));
        }
    }
    run
}

#[cfg(test)]
mod tests;
