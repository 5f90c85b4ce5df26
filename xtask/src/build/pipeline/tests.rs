use super::*;

fn opts(program: &'static Program) -> BuildOptions {
    BuildOptions { program, opt_level: "2".into(), symbols: false, tosless: true }
}

#[test]
fn the_benchmark_build_has_a_cargo_folder_of_its_own() {
    let tests = program("target-tests").unwrap();
    assert_eq!(cargo_dir(&opts(tests)), "m68k-O2");
    assert_eq!(cargo_dir(&opts(program("falcon").unwrap())), "m68k-O2");
    assert_eq!(cargo_dir(&opts(&TARGET_BENCH)), "m68k-O2-benchmarks");
}
