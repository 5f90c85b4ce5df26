//! `cargo xtask setup`: installs what the Falcon build and the emulator need, idempotently.
//! `build`, `run` and `test` run it first, so the README's commands work on a fresh machine.
//!
//! - Debian packages: the emulator, GNU binutils for m68k, GCC's libgcc for m68k (with
//!   `sudo` unless root).
//! - The pinned Rust toolchain's components (rust-toolchain.toml): `rustup toolchain install`
//!   without an argument, run in the project folder, installs exactly what that file names.
//!   A rust-toolchain.toml alone installs nothing on machines with `RUSTUP_AUTO_INSTALL=0`,
//!   so this is also what the README runs before the first `cargo`.

use std::path::Path;
use std::process::Command;

use crate::build::toolchain;

/// Debian packages and a file each installs (present = installed): the emulator, GNU
/// binutils for m68k, GCC's libgcc for m68k; a virtual X display and xdotool for the machine
/// test that moves and clicks the mouse in a real Hatari window.
const PACKAGES: &[(&str, &str)] = &[
    ("hatari", "/usr/bin/hatari"),
    ("binutils-m68k-linux-gnu", "/usr/bin/m68k-linux-gnu-as"),
    ("libgcc-12-dev-m68k-cross", toolchain::LIBGCC),
    ("xvfb", "/usr/bin/Xvfb"),
    ("xdotool", "/usr/bin/xdotool"),
];

pub fn setup() -> Result<(), String> {
    install_packages()?;
    install_rust_components()
}

fn install_packages() -> Result<(), String> {
    let missing: Vec<&str> = PACKAGES.iter().filter(|(_, file)| !Path::new(file).exists()).map(|(p, _)| *p).collect();
    if missing.is_empty() {
        return Ok(());
    }
    eprintln!("installing {}", missing.join(" "));
    let apt = |args: &[&str]| -> Result<(), String> {
        let mut c = if is_root() {
            Command::new("apt-get")
        } else {
            let mut c = Command::new("sudo");
            c.arg("apt-get");
            c
        };
        let st = c.args(args).env("DEBIAN_FRONTEND", "noninteractive").status().map_err(|e| e.to_string())?;
        if st.success() { Ok(()) } else { Err(format!("apt-get {args:?} failed")) }
    };
    apt(&["update", "-qq"])?;
    let mut args = vec!["install", "-y", "-qq", "--no-install-recommends"];
    args.extend(&missing);
    apt(&args)
}

/// Installs the pinned toolchain with the components rust-toolchain.toml lists, unless they
/// are all there already.
fn install_rust_components() -> Result<(), String> {
    let rust = toolchain::rust();
    let installed = Command::new("rustup")
        .args(["component", "list", "--installed", "--toolchain", rust])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let missing: Vec<&str> = match &installed {
        None => toolchain::rust_components(),
        // Installed components are listed with their host triple (`clippy-x86_64-...`),
        // except target-independent ones (`rust-src`).
        Some(list) => toolchain::rust_components()
            .into_iter()
            .filter(|c| !list.lines().any(|l| l == *c || l.starts_with(&format!("{c}-"))))
            .collect(),
    };
    if installed.is_some() && missing.is_empty() {
        return Ok(());
    }
    eprintln!(
        "installing Rust {rust} and its components {} (rust-toolchain.toml)",
        toolchain::rust_components().join(", ")
    );
    let st = Command::new("rustup")
        .current_dir(crate::build::pipeline::root())
        .args(["toolchain", "install"])
        .status()
        .map_err(|e| format!("rustup: {e}"))?;
    if !st.success() {
        return Err("rustup toolchain install failed".into());
    }
    Ok(())
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0")).unwrap_or(false)
}
