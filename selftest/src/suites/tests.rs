//! The suite list is written by hand: a module whose `test_cases!` are missing here would
//! never run on the 68030. Checked for falcon-gem's modules (host only: it reads the files).

use std::string::String;
use std::vec::Vec;

use super::SUITES;

/// The module paths (`falcon_gem::aes::wind::tests`) of every `tests.rs` under `dir` that
/// declares test cases.
fn declared(dir: &std::path::Path, module: &str, out: &mut Vec<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            declared(&path, &std::format!("{module}::{name}"), out);
        } else if name == "tests" && std::fs::read_to_string(&path).unwrap().contains("test_cases!") {
            out.push(std::format!("{module}::tests"));
        }
    }
}

#[test]
fn every_gem_test_module_is_listed() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../gem/src");
    let mut modules = Vec::new();
    declared(&root, "falcon_gem", &mut modules);
    assert!(modules.len() >= 20, "{modules:?}");
    for m in &modules {
        let prefix = std::format!("{m}::");
        assert!(
            SUITES.iter().flat_map(|s| s.iter()).any(|c| c.name.starts_with(&prefix)),
            "{m} declares test cases that selftest/src/suites.rs does not list"
        );
    }
}
