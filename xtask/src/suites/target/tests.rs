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
