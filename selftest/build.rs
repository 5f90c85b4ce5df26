//! Writes the list of every test suite (`$OUT_DIR/suites.rs`, included by `src/suites.rs`),
//! so that the list is complete by construction: every module of the core, of falcon-gem
//! and of this crate that declares `test_cases!`, `value_cases!` or `bench_cases!` is in it.
//!
//! A module is found by reading the sources as text. A declaration is a line that begins
//! (after indentation) with the macro's name, optionally behind `crate::` or
//! `falcon_puzzles::`, and `! {`; its module path is the file's path (`foo/mod.rs` and
//! `lib.rs` being their folder), followed by the inline `mod name {` blocks that enclose the
//! line (rustfmt's indentation tells which). A declaration that this reading cannot place
//! (inside a block that is not a module, or a `mod` that is not `pub`) stops the build with
//! its file and line: write it at the top of a file, or inside `pub mod name { ... }`.
//! Declarations inside a `macro_rules!` are templates and are not listed (the conformance
//! suites, which `src/suites.rs` names).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The crates whose sources are read: (how `src/suites.rs` names the crate, how
/// `module_path!` names it, the source folder relative to this crate).
const CRATES: &[(&str, &str, &str)] = &[
    ("falcon_puzzles", "falcon_puzzles", "../src"),
    ("falcon_gem", "falcon_gem", "../gem/src"),
    ("crate", "falcon_selftest", "src"),
];

/// The macros and the table each declares.
const MACROS: &[(&str, Table)] =
    &[("test_cases", Table::Tests), ("value_cases", Table::Values), ("bench_cases", Table::Benches)];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Table {
    Tests,
    Values,
    Benches,
}

/// One module that declares tables.
#[derive(Default)]
struct Module {
    /// How `src/suites.rs` reaches it (`falcon_puzzles::games::flip::tests`).
    path: String,
    /// Its `module_path!()` (`falcon_puzzles::games::flip::tests`), the prefix of its cases' names.
    name: String,
    /// Its path inside its crate (`aes::wind::tests`), for falcon-gem's conversion.
    inner: String,
    tests: bool,
    values: bool,
    benches: bool,
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let mut modules: Vec<Module> = Vec::new();
    for &(crate_path, crate_name, dir) in CRATES {
        let root = manifest.join(dir);
        println!("cargo:rerun-if-changed={}", root.display());
        let mut files = Vec::new();
        rust_files(&root, &mut files);
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            let rel = file.strip_prefix(&root).unwrap();
            if rel.starts_with("bin") {
                continue;
            }
            let mut segments: Vec<String> =
                rel.iter().map(|s| s.to_string_lossy().trim_end_matches(".rs").to_string()).collect();
            if matches!(segments.last().map(String::as_str), Some("mod" | "lib")) {
                segments.pop();
            }
            for (inline, table) in declarations(&text, &file) {
                let inner: Vec<String> = segments.iter().cloned().chain(inline).collect();
                let inner = inner.join("::");
                let join = |krate: &str| if inner.is_empty() { krate.to_string() } else { format!("{krate}::{inner}") };
                let (path, name) = (join(crate_path), join(crate_name));
                let m = match modules.iter_mut().position(|m| m.path == path) {
                    Some(i) => &mut modules[i],
                    None => {
                        modules.push(Module { path, name, inner: inner.clone(), ..Default::default() });
                        modules.last_mut().unwrap()
                    }
                };
                match table {
                    Table::Tests => m.tests = true,
                    Table::Values => m.values = true,
                    Table::Benches => m.benches = true,
                }
            }
        }
    }

    let mut out =
        String::from("// Written by selftest/build.rs from the sources: every module declaring test tables.\n\n");
    out.push_str("/// Every module's shared test cases, in the order of their files' paths.\n");
    out.push_str("pub const DECLARED: &[Suite] = &[\n");
    for m in modules.iter().filter(|m| m.tests || m.values) {
        let tests = if !m.tests {
            "&[]".to_string()
        } else if m.path.starts_with("falcon_gem") {
            format!("gem_suite!({})", m.inner)
        } else {
            format!("{}::TESTS", m.path)
        };
        let values = if m.values { format!("{}::VALUE_CASES", m.path) } else { "&[]".to_string() };
        writeln!(out, "    Suite {{ name: {:?}, tests: {tests}, values: {values} }},", m.name).unwrap();
    }
    out.push_str("];\n\n/// Every module's benchmarks (`cargo xtask bench`).\n");
    out.push_str("pub const DECLARED_BENCHES: &[&[BenchCase]] = &[\n");
    for m in modules.iter().filter(|m| m.benches) {
        writeln!(out, "    {}::BENCHES,", m.path).unwrap();
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("suites.rs");
    std::fs::write(dest, out).unwrap();
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// What an open block of a file is, for [`declarations`].
#[derive(PartialEq, Eq)]
enum Block {
    /// `pub mod name {`: declarations inside it belong to `name`.
    Module(String),
    /// `macro_rules! name {`: declarations inside it are a template, made into tables where
    /// the macro is used (the conformance suite: listed in `src/suites.rs` by hand).
    MacroRules,
    /// Any other block.
    Other,
}

/// The declarations in one file: for each, the inline modules enclosing it (outermost first)
/// and the table it declares.
fn declarations(text: &str, file: &Path) -> Vec<(Vec<String>, Table)> {
    // Open blocks that began with a line ending in `{` whose closing `}` has not yet been
    // seen: (indentation, what the block is).
    let mut open: Vec<(usize, Block)> = Vec::new();
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let body = line.trim_start();
        let indent = line.len() - body.len();
        if body.is_empty() || body.starts_with("//") {
            continue;
        }
        // A `}` at the indentation of an open block closes it (and any deeper one left
        // open). Only such a line closes: a string continued at a smaller indentation does not.
        if body.starts_with('}') {
            while open.last().is_some_and(|&(i, _)| i > indent) {
                open.pop();
            }
            if open.last().is_some_and(|&(i, _)| i == indent) {
                open.pop();
            }
        }
        let called = body.trim_start_matches("crate::").trim_start_matches("falcon_puzzles::");
        let template = open.iter().any(|(_, b)| *b == Block::MacroRules);
        if let Some(&(_, table)) = MACROS.iter().find(|(name, _)| called.starts_with(&format!("{name}! {{")))
            && !template
        {
            let mut inline = Vec::new();
            for (_, block) in &open {
                match block {
                    Block::Module(name) => inline.push(name.clone()),
                    _ => panic!(
                        "{}:{}: a test table declared inside a block that is not a `pub mod`: \
                         the suite list cannot name it (selftest/build.rs)",
                        file.display(),
                        number + 1
                    ),
                }
            }
            found.push((inline, table));
        }
        if body.ends_with('{') {
            let module = body
                .strip_prefix("pub mod ")
                .and_then(|rest| rest.strip_suffix(" {"))
                .filter(|name| name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
            let block = match module {
                Some(name) => Block::Module(name.to_string()),
                None if body.starts_with("macro_rules!") => Block::MacroRules,
                None => Block::Other,
            };
            open.push((indent, block));
        }
    }
    found
}
