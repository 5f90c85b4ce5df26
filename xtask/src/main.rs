//! `cargo xtask <command>`: the project's host tool. See README.md.

mod asm;
mod hatari;
mod llvm;
mod pipeline;
mod setup;
mod targettest;
mod toolchain;
mod tos;
mod verify;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command>
  setup                 install what the build needs (Debian packages, the pinned Rust
                        toolchain's components); build, run and test do this first
  build [--opt LEVEL] [--bin NAME] [--symbols] [--tosless]
                        build .PRG/.GTP/.ACC into build/O<LEVEL>/ (default: falcon, O2;
                        programs: falcon, target-tests, acc-driver; levels 1 2 3 s z);
                        --tosless leaves the hole Hatari's TOS-less mode needs
  run [--tos IMAGE] [--vbls N] [--screenshot F] [PROGRAM]
                        build (unless PROGRAM is given) and run it in Hatari, headless
  test [--opt LEVEL]    every test: host cargo test, then the core's tests on the 68030
  target-test [--opt LEVEL]
                        only the 68030 half
  gem-test [--tos IMAGE] only the tests under a real TOS (FALCON_TOS)
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
            println!("{USAGE}");
            Ok(())
        }
        Some("setup") => setup::setup(),
        Some("build") => setup::setup().and_then(|()| cmd_build(&args[1..])).map(|_| ()),
        Some("run") => setup::setup().and_then(|()| hatari::cmd_run(&args[1..])),
        Some("test") => targettest::cmd_test(&args[1..]),
        Some("gem-test") => setup::setup().and_then(|()| match targettest::gem_tests(&args[1..]) {
            Some(c) if c.failed == 0 => Ok(()),
            Some(c) => Err(format!("{} EmuTOS tests failed", c.failed)),
            None => Ok(()),
        }),
        Some("target-test") => setup::setup().and_then(|()| targettest::cmd_target_test(&args[1..])).map(|_| ()),
        Some("verify") if args.len() == 2 => verify::verify_elf(std::path::Path::new(&args[1])),
        Some("codegen") if args.len() >= 3 => cmd_codegen(&args[1..]),
        Some(command) => {
            let known = ["setup", "build", "run", "test", "gem-test", "target-test", "verify", "codegen"];
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

/// Value of `--name VALUE` in args.
pub fn option(args: &[String], name: &str) -> Option<String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned()
}

/// Options that take a value.
const VALUE_OPTIONS: &[&str] = &["--tos", "--vbls", "--screenshot", "--opt", "--bin"];

/// Arguments that are neither options nor option values.
pub fn positional(args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
        } else if VALUE_OPTIONS.contains(&a.as_str()) {
            skip = true;
        } else if !a.starts_with("--") {
            out.push(a.clone());
        }
    }
    out
}

fn cmd_build(args: &[String]) -> Result<pipeline::BuildOutput, String> {
    let opts = pipeline::BuildOptions {
        program: pipeline::program(&option(args, "--bin").unwrap_or_else(|| "falcon".into()))?,
        opt_level: pipeline::opt_level(args)?,
        symbols: args.iter().any(|a| a == "--symbols"),
        tosless: args.iter().any(|a| a == "--tosless"),
    };
    build_and_report(&opts)
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

pub fn build_and_report(opts: &pipeline::BuildOptions) -> Result<pipeline::BuildOutput, String> {
    let out = pipeline::build(opts)?;
    eprintln!(
        "built {} (text {} B, data {} B, bss {} B, {} fixups; repaired: {} illegal forms, {} MOVEM rewrites, {} CCR saves, {} X fixes, {} word immediates widened)",
        out.prg.display(),
        out.text_len,
        out.data_len,
        out.bss_len,
        out.fixups,
        out.report.illegal_rewritten,
        out.report.movem_rewrites,
        out.report.ccr_wraps,
        out.report.x_fixes,
        out.report.word_immediates_widened
    );
    Ok(out)
}
