//! `cargo xtask <command>`: the project's host tool. See README.md.

mod asm;
mod hatari;
mod llvm;
mod machinetest;
mod pipeline;
mod setup;
mod targettest;
mod tos;
mod verify;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command>
  setup                 install what the build needs (Debian packages, pinned nightly)
  build [--opt LEVEL] [--bin NAME] [--symbols] [--tosless]
                        build .PRG/.GTP/.ACC into build/O<LEVEL>/ (default: falcon, O2);
                        --tosless leaves the hole Hatari's TOS-less mode needs
  run [--tos IMAGE] [--vbls N] [--screenshot F] [PROGRAM]
                        build (unless PROGRAM is given) and run it in Hatari, headless
  test [--opt LEVEL]    every test: host cargo test, then the core's tests on the 68030
  target-test [--opt LEVEL]
                        only the 68030 half
  gem-test [--tos IMAGE] only the tests under a real TOS (FALCON_TOS)
  machine-test [--tos IMAGE]
                        only the machine layer's tests (full screen, input, exit paths)
  machine-references    write the machine test's reference images from its pattern
  verify ELF            disassemble a linked program and check it
  codegen BC OUT.s [LEVEL] [--no-barrier]
                        LLVM bitcode to assembly with rustc's LLVM (frame-index barrier on),
                        then repaired into OUT.repaired.s (for reproducers)
environment: FALCON_TOS=path/to/etos1024k.img runs GEM tests under EmuTOS";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("setup") => setup::setup(),
        Some("build") => cmd_build(&args[1..]).map(|_| ()),
        Some("run") => hatari::cmd_run(&args[1..]),
        Some("test") => targettest::cmd_test(&args[1..]),
        Some("gem-test") => match targettest::gem_tests(&args[1..]) {
            Some(c) if c.failed == 0 => Ok(()),
            Some(c) => Err(format!("{} EmuTOS tests failed", c.failed)),
            None => Ok(()),
        },
        Some("machine-test") => {
            let c = machinetest::machine_tests(&args[1..]);
            println!("{} passed, {} failed", c.passed, c.failed);
            if c.failed == 0 { Ok(()) } else { Err(format!("{} machine tests failed", c.failed)) }
        }
        Some("machine-references") => machinetest::write_references(),
        Some("target-test") => targettest::cmd_target_test(&args[1..]).map(|_| ()),
        Some("verify") => match args.get(1) {
            Some(p) => verify::verify_elf(std::path::Path::new(p)),
            None => Err(USAGE.into()),
        },
        Some("codegen") if args.len() >= 3 => cmd_codegen(&args[1..]),
        _ => Err(USAGE.into()),
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
        bin: option(args, "--bin").unwrap_or_else(|| "falcon".into()),
        features: vec!["target".into()],
        opt_level: option(args, "--opt").unwrap_or_else(|| "2".into()),
        symbols: args.iter().any(|a| a == "--symbols"),
        tosless: args.iter().any(|a| a == "--tosless"),
    };
    build_and_report(&opts)
}

fn cmd_codegen(args: &[String]) -> Result<(), String> {
    let (bc, out) = (std::path::Path::new(&args[0]), std::path::Path::new(&args[1]));
    let level = args.get(2).filter(|a| !a.starts_with("--")).map_or("2", String::as_str);
    let barriers = llvm::codegen_with(bc, out, level, !args.iter().any(|a| a == "--no-barrier"))?;
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
