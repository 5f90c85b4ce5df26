//! Runs a Falcon program in Hatari, headless and unattended (docs/hatari.md: the facts this
//! module relies on). One runner for every test that needs the emulator:
//!
//! - `run`: start, wait for the end, exit code and output (the on-target tests, the machine
//!   test's exit paths, `cargo xtask run`);
//! - `Session` (session.rs): a program that talks with the host while it runs: its output
//!   line by line, keys and debugger commands through the command FIFO, screenshots
//!   compared with reference images (screen.rs), the end (`finish`) or an end forced by the
//!   host (`quit`, for a program under a TOS whose desktop is checked after it);
//! - `Xvfb` (xvfb.rs): a virtual X display with a real Hatari window and its pointer, for
//!   mouse moves and clicks (Hatari's FIFO has no mouse-move or left-button event).
//!
//! The machine:
//!
//! - Falcon, 68030 at 16 MHz, VGA, 14 MiB ST-RAM, NatFeats on, no dialogs, no sound; more
//!   options (`--machine tt`, TT-RAM) through `RunOptions::extra_args`.
//! - `--tos none` by default (Hatari's TOS-less test mode: GEMDOS basics only); a TOS image
//!   (FALCON_TOS or `--tos`) boots it instead and auto-starts the program from the desktop.
//!   Either way drive C: is a fresh folder holding exactly the program and `extra_files`.
//! - Reaching the VBL limit is a failure: a debugger breakpoint at VBL = limit saves a
//!   screenshot and quits with exit code 124 (plain `--run-vbls` would exit 0 and make a
//!   hang look like success); `timeout` kills the whole process after `wall_seconds`.
//! - The program's NatFeats output (host stderr), its GEMDOS console output (host stdout in
//!   TOS-less mode) and the debugger's messages are captured; the exit code is the
//!   program's (NF_EXIT or Pterm; under a TOS its `falcon-exit N` line).

mod screen;
mod session;
mod xvfb;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub use session::Session;
pub use xvfb::Xvfb;

/// Exit code Hatari returns when the watchdog fires.
pub const TIMEOUT_EXIT: i32 = 124;

#[derive(Default)]
pub struct RunOptions {
    pub program: PathBuf,
    /// Under a TOS: end the emulation when a program calls Pterm. Off when the host checks
    /// the desktop after the program (then `Session::quit` ends it).
    pub quit_on_pterm: bool,
    /// Other files for drive C: (with a TOS: accessories are loaded from there at boot).
    pub extra_files: Vec<PathBuf>,
    pub tos: Option<PathBuf>,
    /// Emulated frames before the watchdog fails the run.
    pub max_vbls: u32,
    pub screenshot_on_timeout: Option<PathBuf>,
    /// Host seconds before the whole process is killed (a second safety net).
    pub wall_seconds: u32,
    /// More Hatari options (`--machine tt`, `--ttram 64 --addr24 off`), placed before the
    /// program.
    pub extra_args: Vec<String>,
    /// Open Hatari's command FIFO (`Session::send`, keys, screenshots).
    pub fifo: bool,
    /// Show Hatari's window on this X display (`Xvfb::display`) instead of running without
    /// one.
    pub display: Option<String>,
    /// A person plays: real speed instead of fast-forward.
    pub interactive: bool,
    /// The Falcon video mode the TOS boots in (the VIDEL mode word of XBIOS `VsetMode`,
    /// kept in the NVRAM): `None` for Hatari's default (VGA, 640×480 in 16 colours under
    /// EmuTOS). See [`nvram`].
    pub boot_video_mode: Option<u16>,
}

/// The Falcon mode words the tests boot in (XBIOS `VsetMode`: bits 0–2 the planes' code,
/// 3 = 80 columns, 4 = VGA).
pub const VGA_640X480_256_COLOURS: u16 = 0x0003 | 0x0008 | 0x0010;
/// VGA 640×480 in two colours (planes' code 0: one plane).
pub const VGA_640X480_MONOCHROME: u16 = 0x0008 | 0x0010;

/// Hatari's NVRAM file (`hatari.nvram` in its home folder, read at start-up): the 50 bytes
/// of the MC146818's RAM from register 14 on, all zero except the video mode, registers 28
/// (high byte) and 29 (low byte). Hatari works the checksum (registers 62, 63) out itself
/// when it loads the file, and a TOS 4 or EmuTOS reads the mode from there at boot.
pub fn nvram(video_mode: u16) -> [u8; 50] {
    const FIRST_REGISTER: usize = 14;
    const VIDEO_MODE_REGISTER: usize = 28;
    let mut bytes = [0u8; 50];
    bytes[VIDEO_MODE_REGISTER - FIRST_REGISTER..VIDEO_MODE_REGISTER - FIRST_REGISTER + 2]
        .copy_from_slice(&video_mode.to_be_bytes());
    bytes
}

pub struct RunResult {
    pub exit_code: i32,
    /// NatFeats and console output, in that order.
    pub output: String,
    pub timed_out: bool,
}

/// The TOS image from the environment, if any and if it exists.
pub fn tos_from_env() -> Option<PathBuf> {
    let p = PathBuf::from(std::env::var_os("FALCON_TOS")?);
    p.is_file().then_some(p)
}

/// Runs the program to its end.
pub fn run(opts: &RunOptions) -> Result<RunResult, String> {
    Session::start(opts)?.finish()
}

/// The Hatari command line for `opts`, set up in the fresh work folder `work`: the
/// watchdog's debugger scripts, an empty home, drive C:, the FIFO's path (`work/fifo`).
fn command(opts: &RunOptions, work: &Path) -> Result<Command, String> {
    let program = std::fs::canonicalize(&opts.program).map_err(|e| format!("{}: {e}", opts.program.display()))?;
    let shot = opts.screenshot_on_timeout.clone().unwrap_or_else(|| work.join("timeout.png"));
    let to_ini = work.join("timeout.ini");
    std::fs::write(&to_ini, format!("screenshot {}\nquit {TIMEOUT_EXIT}\n", shot.display()))
        .map_err(|e| e.to_string())?;
    let wd_ini = work.join("watchdog.ini");
    let mut watch = format!("b VBL = {} :trace :once :quiet :file {}\n", opts.max_vbls, to_ini.display());
    if opts.tos.is_some() && opts.quit_on_pterm {
        // Under a TOS, Pterm returns to the desktop: end the emulation there instead. The
        // program's exit code comes from its `falcon-exit N` line (runtime::report_exit).
        let quit_ini = work.join("pterm.ini");
        std::fs::write(&quit_ini, "quit 0\n").map_err(|e| e.to_string())?;
        watch.push_str(&format!("b GemdosOpcode = 0x4C :trace :once :quiet :file {}\n", quit_ini.display()));
    }
    std::fs::write(&wd_ini, watch).map_err(|e| e.to_string())?;
    let home = work.join("home");
    std::fs::create_dir_all(&home).map_err(|e| e.to_string())?;
    if let Some(mode) = opts.boot_video_mode {
        // Hatari's home folder in $HOME (the XDG place; ~/.hatari only when that exists).
        let config = home.join(".config/hatari");
        std::fs::create_dir_all(&config)
            .and_then(|()| std::fs::write(config.join("hatari.nvram"), nvram(mode)))
            .map_err(|e| format!("hatari.nvram: {e}"))?;
    }
    // Drive C: holds exactly the program and the files asked for (EmuTOS would load any
    // .ACC lying next to the program; without a TOS the program's folder is C:).
    let drive = work.join("c");
    std::fs::create_dir_all(&drive).map_err(|e| e.to_string())?;
    let name = program.file_name().ok_or("program has no name")?.to_string_lossy().to_string();
    for f in std::iter::once(&program).chain(opts.extra_files.iter()) {
        let n = f.file_name().ok_or("file has no name")?;
        std::fs::copy(f, drive.join(n)).map_err(|e| format!("{}: {e}", f.display()))?;
    }

    let mut cmd = Command::new("timeout");
    // stdbuf: the debugger's messages (stdout) line by line, as they happen.
    cmd.args(["-k", "5", &opts.wall_seconds.to_string(), "stdbuf", "-oL", crate::build::toolchain::HATARI])
        .args(["--confirm-quit", "off", "--sound", "off", "--mic", "off", "--fast-forward"])
        .arg(if opts.interactive { "off" } else { "on" })
        .args(["--natfeats", "on", "--machine", "falcon", "--monitor", "vga", "--cpuclock", "16"])
        .args(["--dsp", "emu", "--memsize", "14", "--log-level", "error", "--borders", "off"])
        .args(["--crop", "on", "--statusbar", "off", "--drive-led", "off", "--parse"])
        .arg(&wd_ini)
        .args(&opts.extra_args)
        .env("SDL_AUDIODRIVER", "dummy")
        .env("HOME", &home)
        .env_remove("TERM")
        .stdin(Stdio::null());
    match &opts.display {
        Some(d) => {
            cmd.env("DISPLAY", d).env_remove("SDL_VIDEODRIVER");
        }
        None => {
            cmd.env("SDL_VIDEODRIVER", "dummy");
        }
    }
    if opts.fifo {
        // Hatari creates the FIFO itself (docs/hatari.md).
        cmd.arg("--cmd-fifo").arg(work.join("fifo"));
    }
    match &opts.tos {
        None => {
            cmd.args(["--tos", "none"]).arg(drive.join(&name));
        }
        Some(image) => {
            cmd.arg("--tos").arg(image).arg("-d").arg(&drive).arg("--auto").arg(format!("C:\\{name}"));
        }
    }
    Ok(cmd)
}

/// The last `n` lines of `text`, without the machine test's state dumps.
pub fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("state ")).collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// A fresh folder under the system's temporary folder (the caller removes it).
pub fn tempdir(what: &str) -> Result<PathBuf, String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let base = std::env::temp_dir().join(format!("falcon-{what}-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&base).map_err(|e| format!("{}: {e}", base.display()))?;
    Ok(base)
}

#[cfg(test)]
mod tests;
