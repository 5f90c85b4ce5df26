//! What the pipeline builds: every Falcon program (a binary of a workspace package, its
//! features and its own assembly sources) and the hand-written assembly linked into all of
//! them.

/// The assembly sources of the core (runtime, machine layer, the RUL engine's 68030
/// executor, the blitters, the Slide table builders' inner loops) and of the GEM bindings,
/// linked into every program (`--gc-sections` drops what a program does not use).
pub const RUNTIME_ASM: &[&str] = &[
    "src/runtime/start.s",
    "src/runtime/traps.s",
    "src/runtime/memory.s",
    "src/machine/cpu.s",
    "src/machine/clock.s",
    "src/machine/keyboard.s",
    "src/machine/system.s",
    "src/machine/vbl.s",
    "src/machine/mfp/timer_a.s",
    "src/rul/exec68k.s",
    "src/gfx/blit.s",
    "src/picture/picture68k.s",
    "src/games/slide/level4.s",
    "gem/src/trap.s",
];

/// A program for the Falcon: a binary of one package of the workspace.
#[derive(Debug)]
pub struct Program {
    /// The binary's name (`--bin`).
    pub bin: &'static str,
    /// The package it belongs to (`-p`).
    pub package: &'static str,
    /// Features of that package to build with.
    pub features: &'static [&'static str],
    /// Assembly sources of its own, besides the runtime's.
    pub asm: &'static [&'static str],
}

/// Every program the pipeline builds.
pub const PROGRAMS: &[Program] = &[
    // The Falcon program.
    Program { bin: "falcon", package: "falcon-puzzles", features: &["target"], asm: &[] },
    // The on-target test program: every test case of the core and of falcon-selftest.
    // With `benchmarks` in its plan it runs the benchmarks instead (`cargo xtask bench`),
    // against the baselines of the blitter benchmarks (selftest/src/gfx_bench.rs).
    Program {
        bin: "target-tests",
        package: "falcon-selftest",
        features: &["target"],
        asm: &["selftest/src/runner.s", "selftest/src/gfx_bench/baseline.s"],
    },
    // The desk-accessory driver of the EmuTOS tests.
    Program { bin: "acc-driver", package: "falcon-selftest", features: &["target"], asm: &[] },
    // The GEM bindings against EmuTOS's AES and VDI.
    Program { bin: "gem-test", package: "falcon-selftest", features: &["target"], asm: &[] },
    // TETRHEX's rule files through GEMDOS on EmuTOS's drive C:.
    Program { bin: "disk-test", package: "falcon-selftest", features: &["target"], asm: &[] },
    // The machine layer's test program (full screen, input, exit paths).
    Program {
        bin: "machine-test",
        package: "falcon-selftest",
        features: &["target"],
        asm: &["selftest/src/machine_test/bench.s"],
    },
    // The full-screen front end between two dumps of the machine state.
    Program { bin: "fullscreen-test", package: "falcon-selftest", features: &["target"], asm: &[] },
];

/// The program called `bin`.
pub fn program(bin: &str) -> Result<&'static Program, String> {
    PROGRAMS.iter().find(|p| p.bin == bin).ok_or_else(|| {
        let names: Vec<&str> = PROGRAMS.iter().map(|p| p.bin).collect();
        format!("no program {bin} (there are: {})", names.join(", "))
    })
}

/// Every file of hand-written assembly: the runtime's and each program's own. The verifier
/// trusts their MOVE flags (docs/toolchain.md, "hand-written assembly").
pub fn hand_written_asm() -> impl Iterator<Item = &'static str> {
    RUNTIME_ASM.iter().chain(PROGRAMS.iter().flat_map(|p| p.asm.iter())).copied()
}
