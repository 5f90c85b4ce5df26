//! The cycle budget of every 68030 suite, checked into `selftest/budgets.txt`: one line
//! `<cycles> <suite>` each (`#` starts a comment). A run reports each suite's cycles against
//! its budget; a suite over its budget, or without one, fails with its figure. The budgets
//! also size each shard's watchdog. They hold at the shipped opt-level; at another level the
//! figures are reported, and the watchdog is `OTHER_LEVEL_FACTOR` times larger.
//!
//! `cargo xtask target-test --write-budgets` writes the file afresh from a run: each
//! suite's cycles with `HEADROOM_PERCENT` more (and at least `HEADROOM_MIN` more, so that
//! a small suite does not fail on a move of the code), rounded up to two significant
//! digits.

use std::collections::BTreeMap;
use std::path::PathBuf;

/// The budgets file.
pub fn path() -> PathBuf {
    crate::build::pipeline::root().join("selftest/budgets.txt")
}

/// What a written budget allows beyond the cycles measured. A suite's cycles move with the
/// placement of the code (a 256-byte instruction cache) and with the heap the suites before
/// it in its shard leave: two runs of the same tests in other shards measured allocation
/// patterns 34 % and the memory routines 47 % apart.
pub const HEADROOM_PERCENT: u64 = 50;

/// The least headroom of a written budget: a quarter of a VBL's cycles (small suites
/// moved by 80 %).
pub const HEADROOM_MIN: u64 = 4_000_000;

/// How much larger the watchdog is at an opt-level other than the shipped one, whose
/// figures the budgets are.
pub const OTHER_LEVEL_FACTOR: u64 = 3;

/// The budget a suite is planned with when it has none (it fails then, but it still runs).
pub const UNBUDGETED: u64 = 200_000_000;

/// Reads a budgets file: suite name → cycles. A line that is not `<cycles> <suite>` is an
/// error naming it.
pub fn parse(text: &str) -> Result<BTreeMap<String, u64>, String> {
    let mut out = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(cycles), Some(name), None) = (words.next(), words.next(), words.next()) else {
            return Err(format!("{}:{}: not `<cycles> <suite>`: {line}", path().display(), n + 1));
        };
        let cycles: u64 = cycles
            .replace('_', "")
            .parse()
            .map_err(|_| format!("{}:{}: {cycles} is not a number of cycles", path().display(), n + 1))?;
        if out.insert(name.to_string(), cycles).is_some() {
            return Err(format!("{}:{}: {name} has two budgets", path().display(), n + 1));
        }
    }
    Ok(out)
}

/// The budgets of the repository's file (none if it is missing).
pub fn load() -> Result<BTreeMap<String, u64>, String> {
    match std::fs::read_to_string(path()) {
        Ok(text) => parse(&text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(BTreeMap::new()),
        Err(e) => Err(format!("{}: {e}", path().display())),
    }
}

/// `cycles` with the headroom, rounded up to two significant digits (12,345,678 →
/// 16,000,000; 123,456 → 2,200,000).
pub fn budget_for(cycles: u64) -> u64 {
    let want = cycles + (cycles * HEADROOM_PERCENT / 100).max(HEADROOM_MIN);
    let mut unit = 1u64;
    while want / unit >= 100 {
        unit *= 10;
    }
    want.div_ceil(unit).max(1) * unit
}

/// The file's text for the measured cycles of every suite, in the suites' order.
pub fn render(measured: &[(&str, u64)]) -> String {
    let mut out = String::from(
        "# The cycle budget of every 68030 suite at the shipped opt-level: `<cycles> <suite>`.\n\
         # `cargo xtask test` fails a suite that takes more, or that has no line here; the\n\
         # budgets also size each shard's watchdog (xtask/src/suites/budgets.rs).\n\
         # Written by `cargo xtask target-test --write-budgets`: what a run measured, with 50 %\n\
         # more (4,000,000 at least), rounded up to two significant digits. Review the\n\
         # difference before committing.\n",
    );
    for (name, cycles) in measured {
        out.push_str(&format!("{} {name}\n", budget_for(*cycles)));
    }
    out
}

/// One suite's verdict: `None` if within its budget, else why not.
pub fn verdict(cycles: u64, budget: Option<u64>) -> Option<String> {
    match budget {
        None => Some(format!(
            "no budget: it took {cycles} cycles; add `{} <suite>` to selftest/budgets.txt \
             (cargo xtask target-test --write-budgets)",
            budget_for(cycles)
        )),
        Some(b) if cycles > b => Some(format!("{cycles} cycles, over its budget of {b}")),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests;
