use super::*;

fn opts(program: &'static Program) -> BuildOptions {
    BuildOptions { program, opt_level: "2".into(), symbols: false, tosless: true }
}

/// A program of other features than `target` (none today).
static WITH_A_FEATURE: Program =
    Program { bin: "target-tests", package: "falcon-selftest", features: &["target", "extra"], asm: &[] };

#[test]
fn a_build_of_other_features_has_a_cargo_folder_of_its_own() {
    let tests = program("target-tests").unwrap();
    assert_eq!(cargo_dir(&opts(tests)), "m68k-O2");
    assert_eq!(cargo_dir(&opts(program("falcon").unwrap())), "m68k-O2");
    assert_eq!(cargo_dir(&opts(&WITH_A_FEATURE)), "m68k-O2-extra");
}
