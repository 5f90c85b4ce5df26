//! The Falcon build pipeline (docs/toolchain.md, "The pipeline"):
//!
//!   cargo rustc --emit=llvm-bc (whole program after fat LTO, one codegen unit)
//!   → our code generation with rustc's LLVM and the barriers (llvm) → repair (asm::repair)
//!   → GNU as -m68030 (refuses what a 68030 lacks) → GNU ld -q with our script + libgcc
//!   → verifier (verify) → TOS writer (tos) → the same program as .PRG, .GTP and .ACC.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::programs::RUNTIME_ASM;
pub use super::programs::{Program, program};
use super::toolchain::{self, AS, LD, LIBGCC};
use super::{asm, llvm, tos, verify};

/// The opt-levels a program can be built at (`--opt`). 0 is not offered: rustc crashes in
/// LLVM building it (docs/toolchain.md, "Results by opt-level").
pub const OPT_LEVELS: &[&str] = &["1", "2", "3", "s", "z"];
/// The level we ship: the one at which every test case passes on the 68030.
pub const DEFAULT_OPT_LEVEL: &str = "2";

/// The opt-level of `--opt LEVEL` in `args`, or the default.
pub fn opt_level(args: &[String]) -> Result<String, String> {
    let level = crate::args::option(args, "--opt").unwrap_or_else(|| DEFAULT_OPT_LEVEL.into());
    if OPT_LEVELS.contains(&level.as_str()) {
        Ok(level)
    } else {
        Err(format!("--opt {level}: the opt-level is one of {}", OPT_LEVELS.join(", ")))
    }
}

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    pub program: &'static Program,
    /// LLVM opt-level: "1", "2", "3", "s", "z".
    pub opt_level: String,
    /// Write the DRI symbol table.
    pub symbols: bool,
    /// Leave a hole for Hatari's TOS-less loader (see src/runtime/start.s).
    pub tosless: bool,
}

/// What a build produced.
#[derive(Clone)]
pub struct BuildOutput {
    /// The program as .PRG (the same bytes are written as .GTP beside it).
    pub prg: PathBuf,
    pub acc: PathBuf,
    pub report: asm::repair::Report,
    pub text_len: usize,
    pub data_len: usize,
    pub bss_len: u32,
    pub fixups: usize,
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Runs a tool; its output is shown only if it fails. Returns what it wrote on stderr.
fn run(cmd: &mut Command) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        return Err(format!("{:?} failed ({}):\n{}{}", cmd, out.status, String::from_utf8_lossy(&out.stdout), stderr));
    }
    Ok(stderr)
}

/// The compiler's warnings in `stderr` of a cargo run: shown; under CI (`CI` set in the
/// environment) an error, as in the host build's `-D warnings`.
fn check_warnings(stderr: &str) -> Result<(), String> {
    if !stderr.lines().any(|l| l.starts_with("warning")) {
        return Ok(());
    }
    eprint!("{stderr}");
    if std::env::var_os("CI").is_some() {
        return Err("the target build has warnings (above); the project builds without any".into());
    }
    Ok(())
}

/// Compiles one binary of the package for the target to LLVM bitcode (whole program after
/// fat LTO), then to one assembly file through our own code generation step (`llvm`).
pub fn compile_to_asm(opts: &BuildOptions, out_dir: &Path) -> Result<PathBuf, String> {
    let root = root();
    let target_dir = root.join("target").join(cargo_dir(opts));
    let mut cmd = Command::new("cargo");
    cmd.current_dir(&root)
        .env("RUSTUP_TOOLCHAIN", toolchain::rust())
        .env_remove("RUSTFLAGS")
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", &opts.opt_level)
        // One bitcode file holding the whole program, `core` and `alloc` included (the
        // host's release profile compiles in parallel pieces instead).
        .env("CARGO_PROFILE_RELEASE_LTO", "fat")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "1")
        .args(["rustc", "--quiet", "--release", "--package", opts.program.package, "--bin", opts.program.bin])
        .args(["--target", "m68k-atari-tos.json", "-Zbuild-std=core,alloc", "-Zjson-target-spec"])
        .arg("--target-dir")
        .arg(&target_dir);
    if !opts.program.features.is_empty() {
        cmd.args(["--features", &opts.program.features.join(",")]);
    }
    // rustc also links the binary with the target's linker; that program is thrown away (the
    // real link is ours, below, with the start-up code), so its complaints (no `_start`)
    // are not ours to see.
    cmd.args(["--", "--emit=llvm-bc", "-Alinker-messages"]);
    check_warnings(&run(&mut cmd)?)?;
    // rustc writes <bin>.s (or <bin>-<hash>.s) somewhere under the profile folder,
    // depending on cargo's build-dir layout: take the newest.
    let release = target_dir.join("m68k-atari-tos/release");
    let stem = opts.program.bin.replace('-', "_");
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = Vec::new();
    find_output(&release, &stem, "bc", &mut found);
    let newest =
        found.into_iter().max().map(|(_, p)| p).ok_or_else(|| format!("no {stem}.bc under {}", release.display()))?;
    let bitcode = out_dir.join(format!("{}.bc", opts.program.bin));
    std::fs::copy(&newest, &bitcode).map_err(|e| e.to_string())?;
    let dest = out_dir.join(format!("{}.s", opts.program.bin));
    // Code generation is most of a build once cargo has nothing to do: the assembly of the
    // last build of the binary at this opt-level (TOS-less or not: the flavour only changes
    // how the start-up code is assembled) is kept when the same bitcode went through the
    // same code generation (this program), as when `cargo xtask bench` and `cargo xtask
    // test` build the test program one after the other.
    let kept_dir = root.join("build").join(format!("codegen-O{}", opts.opt_level));
    std::fs::create_dir_all(&kept_dir).map_err(|e| format!("{}: {e}", kept_dir.display()))?;
    let kept = kept_dir.join(format!("{}.s", opts.program.bin));
    let stamp_path = kept_dir.join(format!("{}.s.stamp", opts.program.bin));
    let stamp = codegen_stamp(&bitcode, &opts.opt_level)?;
    if kept.exists() && std::fs::read_to_string(&stamp_path).is_ok_and(|s| s == stamp) {
        std::fs::copy(&kept, &dest).map_err(|e| format!("{}: {e}", dest.display()))?;
        eprintln!("code generation: the bitcode and the code generation are the last build's: {} kept", kept.display());
        return Ok(dest);
    }
    let _ = std::fs::remove_file(&stamp_path);
    let barriers = llvm::codegen(&bitcode, &dest, &opts.opt_level)?;
    eprintln!("code generation: {barriers} stack objects behind the frame-index barrier");
    std::fs::copy(&dest, &kept).map_err(|e| format!("{}: {e}", kept.display()))?;
    std::fs::write(&stamp_path, stamp).map_err(|e| format!("{}: {e}", stamp_path.display()))?;
    Ok(dest)
}

/// What an assembly file was generated from: digests of the bitcode and of this program's
/// own executable (its barriers and fixes), and the opt-level.
fn codegen_stamp(bitcode: &Path, opt_level: &str) -> Result<String, String> {
    use std::hash::Hasher;
    let digest = |p: &Path| -> Result<String, String> {
        let bytes = std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))?;
        let mut h = std::hash::DefaultHasher::new();
        h.write(&bytes);
        Ok(format!("{:016x} {}", h.finish(), bytes.len()))
    };
    let exe = std::env::current_exe().map_err(|e| format!("this program's path: {e}"))?;
    Ok(format!("bitcode {}\ncode generation {}\nopt-level {opt_level}\n", digest(bitcode)?, digest(&exe)?))
}

/// Cargo's target folder for a build: one per opt-level and per set of features beyond
/// `target`. The bitcode is found as the newest file of the binary's name, so two builds of
/// one binary with other features must not share a folder: the one built last would be taken for the other
/// whenever cargo had nothing to rebuild.
fn cargo_dir(opts: &BuildOptions) -> String {
    let extra: Vec<&str> = opts.program.features.iter().copied().filter(|f| *f != "target").collect();
    if extra.is_empty() {
        format!("m68k-O{}", opts.opt_level)
    } else {
        format!("m68k-O{}-{}", opts.opt_level, extra.join("-"))
    }
}

fn find_output(dir: &Path, stem: &str, ext: &str, found: &mut Vec<(std::time::SystemTime, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            find_output(&path, stem, ext, found);
        } else if let Some(name) = path.file_name().and_then(|n| n.to_str()) {
            let matches = name == format!("{stem}.{ext}")
                || (name.starts_with(&format!("{stem}-")) && name.ends_with(&format!(".{ext}")));
            if matches {
                if let Ok(t) = e.metadata().and_then(|m| m.modified()) {
                    found.push((t, path));
                }
            }
        }
    }
}

/// `cargo xtask build [--bin NAME] [--opt LEVEL] [--symbols] [--tosless]`.
pub fn build_from_args(args: &[String]) -> Result<BuildOutput, String> {
    let opts = BuildOptions {
        program: program(&crate::args::option(args, "--bin").unwrap_or_else(|| "falcon".into()))?,
        opt_level: opt_level(args)?,
        symbols: args.iter().any(|a| a == "--symbols"),
        tosless: args.iter().any(|a| a == "--tosless"),
    };
    build_and_report(&opts)
}

/// Builds and says what was built, with its sizes and repairs.
///
/// One build at a time, and each program once per run of this tool: the test command runs
/// emulators side by side (`suites::side_by_side`), and two of its runners may ask for the
/// same program. A build writes shared files (the flavour's folder holds the start-up
/// objects and the linker script of every program), so builds wait for one another; a
/// program already built by this process is the same files, which a running emulator may
/// be reading, so it is not written again.
pub fn build_and_report(opts: &BuildOptions) -> Result<BuildOutput, String> {
    use std::collections::HashMap;
    use std::sync::Mutex;
    type Key = (&'static str, String, bool, bool);
    static BUILT: Mutex<Option<HashMap<Key, BuildOutput>>> = Mutex::new(None);
    let key: Key = (opts.program.bin, opts.opt_level.clone(), opts.symbols, opts.tosless);
    // A build that panicked leaves nothing half-registered: the map is only written after
    // a build succeeded, so a poisoned lock's contents are still right.
    let mut built = BUILT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(out) = built.get_or_insert_with(HashMap::new).get(&key) {
        return Ok(out.clone());
    }
    let out = build(opts)?;
    built.get_or_insert_with(HashMap::new).insert(key, out.clone());
    eprintln!(
        "built {} (text {} B, data {} B, bss {} B, {} fixups; repaired: {} illegal forms, {} MOVEM rewrites, {} CCR saves, {} X fixes, {} word immediates widened, {} symbols renamed)",
        out.prg.display(),
        out.text_len,
        out.data_len,
        out.bss_len,
        out.fixups,
        out.report.illegal_rewritten,
        out.report.movem_rewrites,
        out.report.ccr_wraps,
        out.report.x_fixes,
        out.report.word_immediates_widened,
        out.report.symbols_renamed
    );
    Ok(out)
}

/// The linker script: text at 0 with the start-up code first, data right after text, bss
/// right after data — the layout GEMDOS loads. Read-only data goes with the data so the
/// text holds nothing but instructions (the verifier disassembles all of it).
const LINKER_SCRIPT: &str = "\
ENTRY(_start)
SECTIONS
{
  . = 0;
  .text : {
    KEEP(*start.o(.text))
    *(.text .text.*)
    . = ALIGN(16);
  }
  .data : {
    *(.rodata .rodata.*)
    *(.data .data.*)
    . = ALIGN(16);
  }
  .bss : {
    *(.bss .bss.* COMMON)
    . = ALIGN(16);
    __falcon_bss_end = .;
  }
  /DISCARD/ : { *(.comment) *(.note*) *(.eh_frame*) *(.debug*) }
}
";

/// Runs the whole pipeline for one binary.
fn build(opts: &BuildOptions) -> Result<BuildOutput, String> {
    let root = root();
    let flavour = if opts.tosless { "-tosless" } else { "" };
    let out_dir = root.join("build").join(format!("O{}{flavour}", opts.opt_level));
    std::fs::create_dir_all(&out_dir).map_err(|e| e.to_string())?;
    let asm_path = compile_to_asm(opts, &out_dir)?;
    let text = std::fs::read_to_string(&asm_path).map_err(|e| e.to_string())?;
    let (repaired, report) =
        asm::repair::repair(&text).map_err(|e| format!("repair of {}: {e}", asm_path.display()))?;
    let repaired_path = out_dir.join(format!("{}.repaired.s", opts.program.bin));
    std::fs::write(&repaired_path, repaired).map_err(|e| e.to_string())?;

    let mut objects = Vec::new();
    let prog_obj = out_dir.join(format!("{}.o", opts.program.bin));
    run(Command::new(AS).args(["-m68030", "--keep-locals", "-o"]).arg(&prog_obj).arg(&repaired_path))?;
    for src in RUNTIME_ASM.iter().chain(opts.program.asm) {
        let name = Path::new(src).file_stem().unwrap().to_string_lossy().to_string();
        let obj = out_dir.join(format!("{name}.o"));
        let mut cmd = Command::new(AS);
        cmd.args(["-m68030", "-o"]).arg(&obj).arg(root.join(src));
        if opts.tosless {
            cmd.args(["--defsym", "TOSLESS=1"]);
        }
        run(&mut cmd)?;
        objects.push(obj);
    }
    objects.push(prog_obj);
    let script = out_dir.join("falcon.ld");
    std::fs::write(&script, LINKER_SCRIPT).map_err(|e| e.to_string())?;
    let elf = out_dir.join(format!("{}.elf", opts.program.bin));
    run(Command::new(LD)
        .args(["-q", "--gc-sections", "-z", "noexecstack", "--no-warn-rwx-segments", "-e", "_start", "-T"])
        .arg(&script)
        .arg("-o")
        .arg(&elf)
        .args(&objects)
        .arg(LIBGCC))?;

    verify::verify_elf(&elf)?;

    let bytes = std::fs::read(&elf).map_err(|e| e.to_string())?;
    let image = tos::image_from_elf(&bytes)?;
    let exe = tos::write_executable(&image, opts.symbols);
    let stem = out_dir.join(opts.program.bin.to_uppercase().replace('-', "_"));
    let prg = stem.with_extension("PRG");
    let gtp = stem.with_extension("GTP");
    let acc = stem.with_extension("ACC");
    for p in [&prg, &gtp, &acc] {
        std::fs::write(p, &exe).map_err(|e| e.to_string())?;
    }
    Ok(BuildOutput {
        prg,
        acc,
        report,
        text_len: image.text.len(),
        data_len: image.data.len(),
        bss_len: image.bss_len,
        fixups: image.fixups.len(),
    })
}

#[cfg(test)]
mod tests;
