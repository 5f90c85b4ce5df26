//! `cargo xtask <command>`: the project's host tool. See README.md.

mod args;
mod asm;
mod bench;
mod floppy;
mod fullscreen;
mod gemhost;
mod gemtest;
mod hatari;
mod llvm;
mod machinetest;
mod picture;
mod pipeline;
mod setup;
mod targettest;
mod toolchain;
mod tos;
mod verify;

use std::io::Write as _;
use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command>
  setup                 install what the build needs (Debian packages, the pinned Rust
                        toolchain's components); build, run and test do this first
  build [--opt LEVEL] [--bin NAME] [--symbols] [--tosless]
                        build .PRG/.GTP/.ACC into build/O<LEVEL>/ (default: falcon, O2;
                        programs: falcon, target-tests, acc-driver, gem-test,
                        machine-test, fullscreen-test; levels 1 2 3 s z);
                        --tosless leaves the hole Hatari's TOS-less mode needs
  run [--tos IMAGE] [--vbls N] [--screenshot F] [PROGRAM]
                        build the collection (FALCON.PRG) and play it in Hatari's window, or
                        without a display (DISPLAY unset) run its attract mode, screenshots
                        in build/attract/; a PROGRAM given (or --bin NAME) runs headless
  test [--opt LEVEL]    every test: host cargo test, then the core's tests on the 68030
  target-test [--opt LEVEL] [PART]
                        only the 68030 half, or only its cases whose name holds PART
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
        Some("setup") => setup::setup(),
        Some("build") => setup::setup().and_then(|()| pipeline::build_from_args(&args[1..])).map(|_| ()),
        Some("run") => setup::setup().and_then(|()| hatari::cmd_run(&args[1..])),
        Some("test") => targettest::cmd_test(&args[1..]),
        Some("gem-test") => setup::setup().and_then(|()| match targettest::gem_tests(&args[1..]) {
            Some(c) if c.failed == 0 => Ok(()),
            Some(c) => Err(format!("{} EmuTOS tests failed", c.failed)),
            None => Ok(()),
        }),
        Some("machine-test") => setup::setup().and_then(|()| {
            let c = machinetest::machine_tests(&args[1..]);
            println!("{} passed, {} failed", c.passed, c.failed);
            if c.failed == 0 { Ok(()) } else { Err(format!("{} machine tests failed", c.failed)) }
        }),
        Some("fullscreen-test") => setup::setup().and_then(|()| {
            let c = fullscreen::fullscreen_tests(&args[1..]);
            println!("{} passed, {} failed", c.passed, c.failed);
            if c.failed == 0 { Ok(()) } else { Err(format!("{} full-screen tests failed", c.failed)) }
        }),
        Some("target-test") => setup::setup()
            .and_then(|()| {
                let part = crate::args::positional(&args[1..]).into_iter().next();
                targettest::cmd_target_test(&args[1..], part.as_deref())
            })
            .map(|_| ()),
        Some("bench") => setup::setup().and_then(|()| bench::cmd_bench(&args[1..])),
        Some("picture") => picture::cmd_picture(&args[1..]),
        Some("picture-fuzz") => picture::cmd_picture_fuzz(&args[1..]),
        Some("verify") if args.len() == 2 => verify::verify_elf(std::path::Path::new(&args[1])),
        Some("codegen") if args.len() >= 3 => cmd_codegen(&args[1..]),
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
        llvm::codegen_ir(&ir, out, level, barrier)?
    } else {
        llvm::codegen_with(bc, out, level, barrier)?
    };
    let text = std::fs::read_to_string(out).map_err(|e| e.to_string())?;
    let (repaired, report) = asm::repair::repair(&text).map_err(|e| e.to_string())?;
    std::fs::write(out.with_extension("repaired.s"), repaired).map_err(|e| e.to_string())?;
    eprintln!("{barriers} barriers; {report:?}");
    Ok(())
}
