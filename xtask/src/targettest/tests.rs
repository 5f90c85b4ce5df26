use super::*;

#[test]
fn compares_values_and_detects_incomplete_runs() {
    let expected: BTreeMap<&str, u64> = [("a", 1u64), ("b", 2)].into_iter().collect();
    let out = "falcon-tests start 3\nrun t\nok t 100\nrun a\nvalue a 0000000000000001 5\nrun b\nvalue b 0000000000000003 5\nfalcon-tests end 1 passed, 0 failed\n";
    let r = compare(out, &expected, 1);
    assert!(r.complete);
    assert_eq!((r.counts.passed, r.counts.failed), (2, 1));
    let cut = "falcon-tests start 3\nrun t\nok t 100\nrun a\n";
    let r = compare(cut, &expected, 1);
    assert!(!r.complete);
    assert_eq!(r.last_started.as_deref(), Some("a"));
}

#[test]
fn benchmark_figures_become_bench_lines() {
    let expected: BTreeMap<&str, u64> = BTreeMap::new();
    let out = "falcon-tests start 1\nrun t\nok t 100\nrun fill\nmeasure fill 1600 2000 percent_of_baseline=110\nmeasure base 16000 -\nmeasure slow 3200 3000\nfalcon-tests end 1 passed, 0 failed\n";
    let r = compare(out, &expected, 1);
    assert!(r.complete);
    assert_eq!((r.counts.passed, r.counts.failed), (1, 0));
    let bench: Vec<&String> = r.lines.iter().filter(|l| l.starts_with("68030 bench")).collect();
    assert_eq!(bench[0], "68030 bench fill: 1600 cycles = 0.1 ms at 16 MHz (goal ≤ 2000: met) percent_of_baseline=110");
    assert_eq!(bench[1], "68030 bench base: 16000 cycles = 1.0 ms at 16 MHz");
    assert_eq!(bench[2], "68030 bench slow: 3200 cycles = 0.2 ms at 16 MHz (goal ≤ 3000: MISSED)");
}
