//! The test command's emulator runs, side by side: most of them keep one core busy (one
//! Hatari, single-threaded), so with two cores two of them run at once. Each job is a group of
//! checks that needs no other job (its own Hatari work folders, its own programs, built once
//! per process by `build::pipeline::build_and_report`); a free worker takes the next job,
//! the dearest first, so the workers end close together.
//!
//! The jobs print their check lines as they go (each line says which group it belongs to),
//! so the lines of two jobs are interleaved; each job ends with one line of its own,
//! `job <name>: N passed, N failed, N s`.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::Instant;

use super::tally::Counts;

/// A group of checks run as one piece of work.
pub struct Job<'a> {
    pub name: String,
    /// What the job costs, in seconds of wall time measured on the 2-core CI machine; only
    /// the order of the jobs depends on it (dearest first).
    pub seconds: u32,
    pub run: Box<dyn FnOnce() -> Counts + Send + 'a>,
}

impl<'a> Job<'a> {
    pub fn new(name: impl Into<String>, seconds: u32, run: impl FnOnce() -> Counts + Send + 'a) -> Job<'a> {
        Job { name: name.into(), seconds, run: Box::new(run) }
    }
}

/// How many jobs run at once: one per core, at most `MAX_WORKERS`.
pub fn workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, MAX_WORKERS)
}

/// Beyond four emulators at once, a developer's machine gains little and its memory and disk
/// are shared by more than the tests.
const MAX_WORKERS: usize = 4;

/// Runs `jobs` on `workers` threads, the dearest first, and returns the sum of their counts.
/// A job that panics counts as one failed check (and says so); the others go on.
pub fn run(mut jobs: Vec<Job<'_>>, workers: usize) -> Counts {
    jobs.sort_by_key(|j| std::cmp::Reverse(j.seconds));
    let queue = Mutex::new(jobs.into_iter().collect::<VecDeque<_>>());
    let total = Mutex::new(Counts::default());
    std::thread::scope(|scope| {
        for _ in 0..workers.max(1) {
            scope.spawn(|| {
                loop {
                    let Some(job) = queue.lock().unwrap_or_else(|p| p.into_inner()).pop_front() else { break };
                    let started = Instant::now();
                    let name = job.name;
                    let counts = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job.run)).unwrap_or_else(|_| {
                        println!("job {name} ... FAILED: it panicked (above)");
                        Counts { passed: 0, failed: 1 }
                    });
                    println!(
                        "job {name}: {} passed, {} failed, {:.0} s",
                        counts.passed,
                        counts.failed,
                        started.elapsed().as_secs_f64()
                    );
                    total.lock().unwrap_or_else(|p| p.into_inner()).add(counts);
                }
            });
        }
    });
    total.into_inner().unwrap_or_else(|p| p.into_inner())
}

#[cfg(test)]
mod tests;
