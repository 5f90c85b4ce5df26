//! `cargo xtask <command>`: the project's host tool. See README.md.

//!
//! Its modules, by idea: `build` (the toolchain, the pipeline from Rust to a TOS program),
//! `emulator` (Hatari as a test bench), `suites` (the test command and every runner of it,
//! the benchmarks), `tools` (`run`, `picture`; the `puzzle` and `rul` binaries).

mod args;
mod build;
mod emulator;
mod suites;
mod tools;

use std::io::Write as _;
use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command>
  setup                 install what the build needs (Debian packages, the pinned Rust
                        toolchain's components); build, run and test do this first
  build [--opt LEVEL] [--bin NAME] [--symbols] [--tosless]
                        build .PRG/.GTP/.ACC into build/O<LEVEL>/ (default: falcon, O2;
                        programs: falcon, target-tests, acc-driver, gem-test,
                        machine-test, fullscreen-test, disk-test; levels 1 2 3 s z);
                        --tosless leaves the hole Hatari's TOS-less mode needs
  run [--tos IMAGE] [--vbls N] [--screenshot F] [PROGRAM]
                        build the collection (FALCON.PRG) and play it in Hatari's window, or
                        without a display (DISPLAY unset) run its attract mode, screenshots
                        in build/attract/; a PROGRAM given (or --bin NAME) runs headless
  test [--opt LEVEL] [--shards N] [--full]
                        every test: host cargo test, then the core's tests and the games'
                        conformance suites on the 68030 (N shards side by side, default:
                        the host's cores), then EmuTOS, machine layer, full screen; --full
                        adds the full tier (the host's big sweeps)
  target-test [--opt LEVEL] [--shards N] [--write-budgets] [PART]
                        only the 68030 half, or only its cases whose name holds PART;
                        --write-budgets writes selftest/budgets.txt from the run
  bench [--opt LEVEL]   the benchmarks on the 68030: one line `68030 bench <name>: <N> cycles`
                        per figure, with its goal
  gem-test [--tos IMAGE] [GROUP]
                        only the tests under a real TOS (FALCON_TOS); GROUP (accessory,
                        gem_bindings, gem_host, rule_disk) runs only that group
  machine-test [--tos IMAGE]
                        only the machine layer's tests (full screen, input, exit paths)
  fullscreen-test [--tos IMAGE]
                        only the full-screen front end's tests (real keys and clicks, screens
                        compared with the PC's, exit state, FALCON.PRG's refusals, attract mode)
  picture IN OUT.png [--side N] [--pens N | --desktop16]
                        a picture file through the Falcon's decoder and fitting, written as
                        a palette PNG (bad files: the decoder's reason, exit code 1)
  picture-fuzz [--count N] [--seed S] [NAME...]
                        the picture decoders' fuzz run (default 10^6 mutated files a sample)
  verify ELF            disassemble a linked program and check it
  codegen IN.bc|IN.ll OUT.s [LEVEL] [--no-barrier]
                        LLVM bitcode or IR text to assembly with rustc's LLVM (barriers on),
                        then repaired into OUT.repaired.s (for reproducers)
  help                  this text
environment: FALCON_TOS=path/to/etos1024k.img runs GEM tests under EmuTOS";

/// Exit code of a command line that is not understood (usage printed on stderr).
const USAGE_EXIT: u8 = 2;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("help" | "-h" | "--help") => {
            // A closed pipe (`| head`) is not an error of ours.
            let _ = writeln!(std::io::stdout(), "{USAGE}");
            Ok(())
        }
        Some("setup") => build::setup::setup(),
        Some("build") => build::setup::setup().and_then(|()| build::pipeline::build_from_args(&args[1..])).map(|_| ()),
        Some("run") => build::setup::setup().and_then(|()| tools::run::cmd_run(&args[1..])),
        Some("test") => suites::cmd_test(&args[1..]),
        Some("gem-test") => build::setup::setup().and_then(|()| match suites::emutos::gem_tests(&args[1..]) {
            Some(c) if c.failed == 0 => Ok(()),
            Some(c) => Err(format!("{} EmuTOS tests failed", c.failed)),
            None => Ok(()),
        }),
        Some("machine-test") => build::setup::setup().and_then(|()| {
            let c = suites::machine::machine_tests(&args[1..]);
            println!("{} passed, {} failed", c.passed, c.failed);
            if c.failed == 0 { Ok(()) } else { Err(format!("{} machine tests failed", c.failed)) }
        }),
        Some("fullscreen-test") => build::setup::setup().and_then(|()| {
            let c = suites::fullscreen::fullscreen_tests(&args[1..]);
            println!("{} passed, {} failed", c.passed, c.failed);
            if c.failed == 0 { Ok(()) } else { Err(format!("{} full-screen tests failed", c.failed)) }
        }),
        Some("target-test") => build::setup::setup().and_then(|()| suites::cmd_target_test(&args[1..])),
        Some("bench") => build::setup::setup().and_then(|()| suites::bench::cmd_bench(&args[1..])),
        Some("picture") => tools::picture::cmd_picture(&args[1..]),
        Some("picture-fuzz") => tools::picture::cmd_picture_fuzz(&args[1..]),
        Some("verify") if args.len() == 2 => build::verify::verify_elf(std::path::Path::new(&args[1])),
        Some("codegen") if args.len() >= 3 => cmd_codegen(&args[1..]),
        // One part of the listing class L reads, in a process of its own (build/llvm/listing.rs).
        Some("movem-listing") => build::llvm::listing::cmd_part(&args[1..]),
        Some(command) => {
            let known = [
                "setup",
                "build",
                "run",
                "test",
                "gem-test",
                "machine-test",
                "fullscreen-test",
                "target-test",
                "bench",
                "picture",
                "picture-fuzz",
                "verify",
                "codegen",
            ];
            if known.contains(&command) {
                eprintln!("{command}: wrong arguments\n{USAGE}");
            } else {
                eprintln!("unknown command {command}\n{USAGE}");
            }
            return ExitCode::from(USAGE_EXIT);
        }
        None => {
            eprintln!("{USAGE}");
            return ExitCode::from(USAGE_EXIT);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn cmd_codegen(args: &[String]) -> Result<(), String> {
    let (bc, out) = (std::path::Path::new(&args[0]), std::path::Path::new(&args[1]));
    let level = args.get(2).filter(|a| !a.starts_with("--")).map_or("2", String::as_str);
    let barrier = !args.iter().any(|a| a == "--no-barrier");
    let barriers = if bc.extension().is_some_and(|e| e == "ll") {
        let ir = std::fs::read_to_string(bc).map_err(|e| format!("{}: {e}", bc.display()))?;
        build::llvm::codegen_ir(&ir, out, level, barrier)?
    } else {
        build::llvm::codegen_with(bc, out, level, barrier)?
    };
    let text = std::fs::read_to_string(out).map_err(|e| e.to_string())?;
    let (repaired, report) = build::asm::repair::repair(&text).map_err(|e| e.to_string())?;
    std::fs::write(out.with_extension("repaired.s"), repaired).map_err(|e| e.to_string())?;
    eprintln!("{barriers} barriers; {report:?}");
    Ok(())
}
