//! The tools the build uses, and where they are: a leaf module (it imports nothing of xtask),
//! so the pipeline, the set-up, the verifier and the LLVM step all take their names from here.

/// The project's rust-toolchain.toml, the single place the compiler is pinned.
const RUST_TOOLCHAIN_TOML: &str = include_str!("../../../rust-toolchain.toml");

/// The pinned Rust toolchain (`channel` of rust-toolchain.toml), e.g. `nightly-2026-10-29`.
pub fn rust() -> &'static str {
    channel(RUST_TOOLCHAIN_TOML).expect("rust-toolchain.toml names a channel")
}

/// The components rust-toolchain.toml asks for.
pub fn rust_components() -> Vec<&'static str> {
    value(RUST_TOOLCHAIN_TOML, "components")
        .map(|list| {
            list.trim_matches(['[', ']'])
                .split(',')
                .map(|c| c.trim().trim_matches('"'))
                .filter(|c| !c.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

/// The `channel = "..."` value of a rust-toolchain.toml.
fn channel(toml: &str) -> Option<&str> {
    value(toml, "channel").map(|v| v.trim_matches('"'))
}

/// The raw value of `key = value` (one line, comments and other tables ignored).
fn value<'a>(toml: &'a str, key: &str) -> Option<&'a str> {
    toml.lines().map(str::trim).filter(|l| !l.starts_with('#')).find_map(|l| {
        let (k, v) = l.split_once('=')?;
        (k.trim() == key).then(|| v.trim())
    })
}

/// GNU binutils for m68k (Debian's binutils-m68k-linux-gnu): assembler, linker, symbol lister.
pub const AS: &str = "m68k-linux-gnu-as";
pub const LD: &str = "m68k-linux-gnu-ld";
pub const NM: &str = "m68k-linux-gnu-nm";
/// The disassembler of the same binutils (the verifier reads its output).
pub const OBJDUMP: &str = "m68k-linux-gnu-objdump";

/// GCC's integer helpers for the 68k (`__mulsi3`, `__udivdi3`, ...), from Debian's
/// libgcc-12-dev-m68k-cross.
pub const LIBGCC: &str = "/usr/lib/gcc-cross/m68k-linux-gnu/12/libgcc.a";

/// The emulator (Debian's hatari).
pub const HATARI: &str = "hatari";

#[cfg(test)]
mod tests;
