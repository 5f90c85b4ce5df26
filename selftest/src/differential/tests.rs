use crate::suites::suites;
use std::collections::BTreeSet;

#[test]
fn case_names_are_unique_and_numerous() {
    let mut names = BTreeSet::new();
    let mut count = 0;
    for suite in suites() {
        for case in suite.values {
            count += 1;
            assert!(names.insert(case.name), "duplicate case name {}", case.name);
        }
    }
    assert!(count >= 150, "only {count} differential cases");
}

#[test]
fn every_differential_module_is_listed() {
    // The suite list is made from the sources (build.rs): every topic file's table must be
    // in it under its module path.
    let mut modules = BTreeSet::new();
    for suite in suites() {
        for case in suite.values {
            let path = case.name.rsplit_once("::").unwrap().0;
            modules.insert(path);
        }
    }
    for m in [
        "aggregates",
        "alloc_patterns",
        "bitflags_types",
        "bytes_packing",
        "collections",
        "compare_branch",
        "formatting",
        "heapless_types",
        "int_arith",
        "iter_closure",
        "loops_indexing",
        "match_control",
        "option_result",
        "prng",
        "recursion",
        "sha1",
        "sorting",
        "strings",
    ] {
        assert!(
            modules.iter().any(|p| p.ends_with(&std::format!("differential::{m}"))),
            "differential::{m} is not in the suite list"
        );
    }
}

#[test]
fn digests_differ_between_cases() {
    // Two cases returning the same digest usually means one computes nothing.
    let mut seen = std::collections::BTreeMap::new();
    for suite in suites() {
        for case in suite.values {
            if let Some(other) = seen.insert((case.run)(), case.name) {
                panic!("{} and {} return the same digest", other, case.name);
            }
        }
    }
}
