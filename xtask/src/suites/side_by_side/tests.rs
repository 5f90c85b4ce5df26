use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use super::*;

#[test]
fn every_job_runs_once_and_the_counts_add_up() {
    let ran = Mutex::new(Vec::new());
    let jobs: Vec<Job> = (0..7)
        .map(|i| {
            let ran = &ran;
            Job::new(format!("j{i}"), i, move || {
                ran.lock().unwrap().push(i);
                Counts { passed: i as usize, failed: (i % 2) as usize }
            })
        })
        .collect();
    let total = run(jobs, 3);
    let mut ran = ran.into_inner().unwrap();
    ran.sort_unstable();
    assert_eq!(ran, (0..7).collect::<Vec<_>>());
    assert_eq!(total, Counts { passed: 21, failed: 3 });
}

#[test]
fn one_worker_takes_the_dearest_job_first() {
    let order = Mutex::new(Vec::new());
    let jobs: Vec<Job> = [(5, "b"), (20, "a"), (1, "c")]
        .into_iter()
        .map(|(s, n)| {
            let order = &order;
            Job::new(n, s, move || {
                order.lock().unwrap().push(n);
                Counts::default()
            })
        })
        .collect();
    run(jobs, 1);
    assert_eq!(order.into_inner().unwrap(), ["a", "b", "c"]);
}

#[test]
fn two_workers_run_two_jobs_at_once() {
    // Each job waits until two are running (or gives up after 10 s): with one worker the
    // most seen at once would be 1.
    let running = AtomicUsize::new(0);
    let most = AtomicUsize::new(0);
    let jobs: Vec<Job> = (0..2)
        .map(|_| {
            let (running, most) = (&running, &most);
            Job::new("wait", 1, move || {
                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                for _ in 0..1000 {
                    if running.load(Ordering::SeqCst) == 2 {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
                most.fetch_max(running.load(Ordering::SeqCst), Ordering::SeqCst);
                Counts { passed: 1, failed: 0 }
            })
        })
        .collect();
    assert_eq!(run(jobs, 2), Counts { passed: 2, failed: 0 });
    assert_eq!(most.load(Ordering::SeqCst), 2);
}

#[test]
fn a_job_that_panics_is_one_failure_and_the_others_still_run() {
    let jobs: Vec<Job> =
        vec![Job::new("panics", 2, || panic!("on purpose")), Job::new("passes", 1, || Counts { passed: 3, failed: 0 })];
    assert_eq!(run(jobs, 1), Counts { passed: 3, failed: 1 });
}
