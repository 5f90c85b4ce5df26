//! `cargo xtask setup`: installs what the Falcon build and the emulator need, idempotently.
//! (A rust-toolchain.toml alone installs nothing on machines with RUSTUP_AUTO_INSTALL=0.)

use std::process::Command;

use crate::pipeline::TOOLCHAIN;

/// Debian packages: the emulator, GNU binutils for m68k, GCC's libgcc for m68k; a virtual X
/// display and xdotool for the machine test that moves and clicks the mouse in a real
/// Hatari window.
const PACKAGES: &[(&str, &str)] = &[
    ("hatari", "/usr/bin/hatari"),
    ("binutils-m68k-linux-gnu", "/usr/bin/m68k-linux-gnu-as"),
    ("libgcc-12-dev-m68k-cross", crate::pipeline::LIBGCC),
    ("xvfb", "/usr/bin/Xvfb"),
    ("xdotool", "/usr/bin/xdotool"),
];

pub fn setup() -> Result<(), String> {
    let missing: Vec<&str> =
        PACKAGES.iter().filter(|(_, file)| !std::path::Path::new(file).exists()).map(|(p, _)| *p).collect();
    if !missing.is_empty() {
        eprintln!("installing {}", missing.join(" "));
        let sudo = if is_root() { vec![] } else { vec!["sudo"] };
        let apt = |args: &[&str]| -> Result<(), String> {
            let mut c = Command::new(if sudo.is_empty() { "apt-get" } else { "sudo" });
            if !sudo.is_empty() {
                c.arg("apt-get");
            }
            let st = c.args(args).env("DEBIAN_FRONTEND", "noninteractive").status().map_err(|e| e.to_string())?;
            if st.success() { Ok(()) } else { Err(format!("apt-get {args:?} failed")) }
        };
        apt(&["update", "-qq"])?;
        let mut args = vec!["install", "-y", "-qq", "--no-install-recommends"];
        args.extend(&missing);
        apt(&args)?;
    }
    let have = Command::new("rustup")
        .args(["run", TOOLCHAIN, "rustc", "--print", "sysroot"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    let has_src = have.as_ref().is_some_and(|s| std::path::Path::new(s).join("lib/rustlib/src/rust/library").is_dir());
    if !has_src {
        eprintln!("installing Rust {TOOLCHAIN} with rust-src");
        let st = Command::new("rustup")
            .args(["toolchain", "install", TOOLCHAIN, "--profile", "minimal", "--component", "rust-src"])
            .status()
            .map_err(|e| e.to_string())?;
        if !st.success() {
            return Err("rustup toolchain install failed".into());
        }
    }
    Ok(())
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0")).unwrap_or(false)
}
