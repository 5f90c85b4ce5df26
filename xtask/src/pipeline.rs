//! The Falcon build pipeline:
//!
//!   cargo rustc --emit=asm (whole program after fat LTO, one codegen unit)
//!   → repair (asm::repair)            → GNU as -m68030 (refuses what a 68030 lacks)
//!   → GNU ld -q with our script + libgcc → TOS writer (tos) → verifier (verify)
//!   → the same program as .PRG, .GTP and .ACC.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{asm, llvm, tos, verify};

/// Where the runtime's assembly sources live.
const RUNTIME_ASM: &[&str] = &[
    "src/runtime/start.s",
    "src/runtime/traps.s",
    "src/runtime/memory.s",
    "src/mfp/timer_a.s",
    "src/machine/handlers.s",
    "gem/src/trap.s",
];
/// GCC's integer helpers for the 68k (`__mulsi3`, `__udivdi3`, ...), from Debian's
/// libgcc-12-dev-m68k-cross.
pub const LIBGCC: &str = "/usr/lib/gcc-cross/m68k-linux-gnu/12/libgcc.a";
pub const TOOLCHAIN: &str = "nightly-2026-10-29";

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The binary in src/bin/ (falcon, target-tests).
    pub bin: String,
    pub features: Vec<String>,
    /// LLVM opt-level: "1", "2", "3", "s", "z".
    pub opt_level: String,
    /// Write the DRI symbol table.
    pub symbols: bool,
    /// Leave a hole for Hatari's TOS-less loader (see src/runtime/start.s).
    pub tosless: bool,
}

/// What a build produced.
pub struct BuildOutput {
    pub prg: PathBuf,
    pub gtp: PathBuf,
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

fn run(cmd: &mut Command) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{:?} failed ({}):\n{}{}",
            cmd,
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

/// Compiles one binary of the package for the target to LLVM bitcode (whole program after
/// fat LTO), then to one assembly file through our own code generation step (`llvm`).
pub fn compile_to_asm(opts: &BuildOptions, out_dir: &Path) -> Result<PathBuf, String> {
    let root = root();
    let target_dir = root.join("target");
    let mut cmd = Command::new("cargo");
    cmd.current_dir(&root)
        .env("RUSTUP_TOOLCHAIN", TOOLCHAIN)
        .env_remove("RUSTFLAGS")
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", profile_opt_level(&opts.opt_level))
        .args(["rustc", "--quiet", "--release", "--bin", &opts.bin])
        .args(["--target", "m68k-atari-tos.json", "-Zbuild-std=core,alloc", "-Zjson-target-spec"])
        .arg("--target-dir")
        .arg(target_dir.join(format!("m68k-O{}", opts.opt_level)));
    if !opts.features.is_empty() {
        cmd.args(["--features", &opts.features.join(",")]);
    }
    cmd.args(["--", "--emit=llvm-bc"]);
    run(&mut cmd)?;
    // rustc writes <bin>.s (or <bin>-<hash>.s) somewhere under the profile folder,
    // depending on cargo's build-dir layout: take the newest.
    let release = target_dir.join(format!("m68k-O{}", opts.opt_level)).join("m68k-atari-tos/release");
    let stem = opts.bin.replace('-', "_");
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = Vec::new();
    find_output(&release, &stem, "bc", &mut found);
    let newest =
        found.into_iter().max().map(|(_, p)| p).ok_or_else(|| format!("no {stem}.bc under {}", release.display()))?;
    let bitcode = out_dir.join(format!("{}.bc", opts.bin));
    std::fs::copy(&newest, &bitcode).map_err(|e| e.to_string())?;
    let dest = out_dir.join(format!("{}.s", opts.bin));
    let barriers = llvm::codegen(&bitcode, &dest, &opts.opt_level)?;
    eprintln!("code generation: {barriers} stack objects behind the frame-index barrier");
    Ok(dest)
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

fn profile_opt_level(level: &str) -> String {
    match level {
        "s" | "z" => level.to_string(),
        n => n.to_string(),
    }
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
pub fn build(opts: &BuildOptions) -> Result<BuildOutput, String> {
    let root = root();
    let flavour = if opts.tosless { "-tosless" } else { "" };
    let out_dir = root.join("build").join(format!("O{}{flavour}", opts.opt_level));
    std::fs::create_dir_all(&out_dir).map_err(|e| e.to_string())?;
    let asm_path = compile_to_asm(opts, &out_dir)?;
    let text = std::fs::read_to_string(&asm_path).map_err(|e| e.to_string())?;
    let (repaired, report) =
        asm::repair::repair(&text).map_err(|e| format!("repair of {}: {e}", asm_path.display()))?;
    let repaired_path = out_dir.join(format!("{}.repaired.s", opts.bin));
    std::fs::write(&repaired_path, repaired).map_err(|e| e.to_string())?;

    let mut objects = Vec::new();
    let prog_obj = out_dir.join(format!("{}.o", opts.bin));
    run(Command::new("m68k-linux-gnu-as").args(["-m68030", "--keep-locals", "-o"]).arg(&prog_obj).arg(&repaired_path))?;
    for src in RUNTIME_ASM {
        let name = Path::new(src).file_stem().unwrap().to_string_lossy().to_string();
        let obj = out_dir.join(format!("{name}.o"));
        let mut cmd = Command::new("m68k-linux-gnu-as");
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
    let elf = out_dir.join(format!("{}.elf", opts.bin));
    run(Command::new("m68k-linux-gnu-ld")
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
    let stem = out_dir.join(opts.bin.to_uppercase().replace('-', "_"));
    let prg = stem.with_extension("PRG");
    let gtp = stem.with_extension("GTP");
    let acc = stem.with_extension("ACC");
    for p in [&prg, &gtp, &acc] {
        std::fs::write(p, &exe).map_err(|e| e.to_string())?;
    }
    Ok(BuildOutput {
        prg,
        gtp,
        acc,
        report,
        text_len: image.text.len(),
        data_len: image.data.len(),
        bss_len: image.bss_len,
        fixups: image.fixups.len(),
    })
}
