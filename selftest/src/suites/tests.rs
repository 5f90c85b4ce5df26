//! The generated list (build.rs) against the sources' own names.

use std::collections::BTreeSet;
use std::string::String;

use super::{benches, suites};

/// Every case's name is its suite's name and its own (`module_path!()` of the module the
/// list names): a module path the build script worked out wrongly would show here.
#[test]
fn every_case_belongs_to_the_suite_that_lists_it() {
    let mut names = BTreeSet::new();
    for suite in suites() {
        assert!(!suite.is_empty(), "{} lists no case", suite.name);
        let prefix = std::format!("{}::", suite.name);
        for name in suite.tests.iter().map(|c| c.name).chain(suite.values.iter().map(|c| c.name)) {
            assert!(name.starts_with(&prefix), "{name} is listed in {}", suite.name);
            assert!(names.insert(String::from(name)), "{name} is listed twice");
        }
    }
}

/// The modules of each crate are found: a few of each, by name, and as many as there are.
#[test]
fn the_list_holds_the_modules_of_every_crate() {
    let all: BTreeSet<&str> = suites().map(|s| s.name).collect();
    for name in [
        "falcon_puzzles::digest::tests",
        "falcon_puzzles::puzzle::backend::tests",
        "falcon_puzzles::rul::tests::replays",
        "falcon_gem::aes::wind::tests",
        "falcon_selftest::differential",
        "falcon_selftest::compiler_repro",
        "falcon_puzzles::games::conformance::flip",
    ] {
        assert!(all.contains(name), "{name} is missing from {all:?}");
    }
    assert!(all.len() >= 120, "{}", all.len());
    let benches: BTreeSet<&str> = benches().map(|b| b.name).collect();
    assert!(benches.iter().any(|b| b.starts_with("falcon_selftest::gfx_bench::")));
    assert!(benches.iter().any(|b| b.starts_with("falcon_puzzles::rul::bench::")));
}
