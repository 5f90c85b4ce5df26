//! `cargo xtask test`: every test, on both machines, in phases whose wall time is printed
//! (`phase <name>: <N> s`):
//!
//! 1. host: `cargo test --workspace --release` (`host`);
//! 2. 68030: the shared cases and the games' conformance suites on shards of the emulated
//!    68030, each suite against its cycle budget (`target`, `shards`, `budgets`); their
//!    program is built beside phase 1, on the core the host's build and tests leave free;
//! 3. the emulator runs, as jobs side by side, one per core (`side_by_side`), each printing
//!    `job <name>: N passed, N failed, N s` at its end:
//!    - the benchmarks, each a check of its answer, their figures printed (`bench`);
//!    - EmuTOS: the programs under a real TOS when `FALCON_TOS` names one (`emutos`,
//!      `gemhost`, `gemtest`); said to be skipped otherwise;
//!    - the machine layer and the full-screen front end: their test programs in Hatari
//!      (`machine`, `fullscreen`).
//!
//! It ends with one line `N passed, N failed` over all of them and fails if anything failed.
//! `--full` is the full tier: the host's tests marked `#[ignore = "full tier: …"]` (the big
//! sweeps) run too. `cargo xtask bench` runs the benchmarks alone.

pub mod bench;
pub mod budgets;
pub mod emutos;
pub mod fullscreen;
pub mod gemhost;
pub mod gemtest;
pub mod host;
pub mod machine;
pub mod machine_state;
pub mod shards;
pub mod side_by_side;
pub mod tally;
pub mod target;

use std::time::Instant;

use tally::Counts;

/// Runs `f` and prints `phase <name>: <seconds> s` after it.
pub fn phase<T>(name: &str, f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let out = f();
    println!("phase {name}: {:.0} s", started.elapsed().as_secs_f64());
    out
}

pub fn cmd_test(args: &[String]) -> Result<(), String> {
    let opt_level = crate::build::pipeline::opt_level(args)?;
    target::shard_count(args)?;
    crate::build::setup::setup()?;
    let full = args.iter().any(|a| a == "--full");
    let mut total = Counts::default();
    // The 68030's test program is built while the host's tests build and run: its code
    // generation is one thread's work (one bitcode file), and the host's build and tests
    // leave a core free for much of theirs. The 68030 phase takes the program built (or
    // waits for it); a build that failed here is tried again there, which reports it.
    let prebuild = std::thread::spawn(move || {
        if let Err(e) = target::build_program(&opt_level) {
            eprintln!(
                "68030: the test program's build beside the host's tests failed ({e}); the 68030 phase tries again"
            );
        }
    });
    let host = phase("host tests", || host::host_tests(full));
    let host = match host {
        Ok(h) => h,
        Err(e) => {
            eprintln!("host: {e}");
            host::HostRun { counts: Counts { passed: 0, failed: 1 }, ..Default::default() }
        }
    };
    eprintln!("host: {} passed, {} failed, {} in the full tier", host.counts.passed, host.counts.failed, host.ignored);
    total.add(host.counts);
    let target = phase("68030", || {
        let _ = prebuild.join();
        target::run(args, None)
    });
    let target = match target {
        Ok(t) => t,
        Err(e) => {
            eprintln!("68030: {e}");
            target::TargetRun { counts: Counts { passed: 0, failed: 1 }, ..Default::default() }
        }
    };
    total.add(target.counts);
    // The rest, each a job of one emulator or a few, side by side.
    let mut jobs = vec![side_by_side::Job::new("benchmarks", 420, || bench::bench_checks(args, None))];
    jobs.extend(emutos::jobs(args).unwrap_or_default());
    jobs.extend(machine::jobs(args));
    jobs.extend(fullscreen::jobs(args));
    let workers = side_by_side::workers();
    let emulators = phase(&format!("benchmarks, EmuTOS, machine layer and full screen, {workers} at a time"), || {
        side_by_side::run(jobs, workers)
    });
    eprintln!(
        "benchmarks, EmuTOS, machine layer and full screen: {} passed, {} failed",
        emulators.passed, emulators.failed
    );
    total.add(emulators);
    print_cost_of_a_game(&host, &target);
    // The closing line, last on the output (CI reads it).
    println!("{} passed, {} failed", total.passed, total.failed);
    if total.failed > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// `cargo xtask target-test [PART]`: the 68030 half alone.
pub fn cmd_target_test(args: &[String]) -> Result<(), String> {
    let part = crate::args::positional(args).into_iter().next();
    let run = target::run(args, part.as_deref())?;
    if let Some(e) = run.errors.first() {
        return Err(e.clone());
    }
    if run.counts.failed > 0 {
        return Err(format!("{} of the 68030's checks failed", run.counts.failed));
    }
    Ok(())
}

/// What one game costs the test command, so that the cost of thirty more can be projected:
/// its host tests' seconds and its 68030 suites' cycles (its own module's and its
/// conformance suite), the mean over the games of `games::ALL`.
fn print_cost_of_a_game(host: &host::HostRun, target: &target::TargetRun) {
    let modules: Vec<String> = falcon_selftest::suites::suites()
        .filter_map(|s| s.name.strip_prefix("falcon_puzzles::games::conformance::"))
        .map(str::to_string)
        .collect();
    if modules.is_empty() || target.suite_cycles.is_empty() {
        return;
    }
    let of_game = |name: &str, module: &str| {
        name.contains(&format!("games::{module}::")) || name.contains(&format!("games::conformance::{module}::"))
    };
    let seconds: f64 = host.times.iter().filter(|(n, _)| modules.iter().any(|m| of_game(n, m))).map(|(_, s)| s).sum();
    let cycles: u64 = target
        .suite_cycles
        .iter()
        .filter(|(n, _)| modules.iter().any(|m| of_game(&format!("{n}::"), m)))
        .map(|(_, c)| c)
        .sum();
    let conformance: u64 =
        target.suite_cycles.iter().filter(|(n, _)| n.contains("::games::conformance::")).map(|(_, c)| c).sum();
    let games = modules.len() as u64;
    println!(
        "cost of a game: host {:.1} s of test time, 68030 {} cycles ({} of them its conformance suite), the mean over {games} games",
        seconds / games as f64,
        cycles / games,
        conformance / games
    );
    println!(
        "thirty more games at that cost: host {:.0} s of test time, 68030 {} cycles ({:.1} G now)",
        seconds / games as f64 * 30.0,
        cycles / games * 30,
        target.total_cycles as f64 / 1e9
    );
}
