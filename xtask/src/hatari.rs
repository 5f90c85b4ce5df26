//! Runs a Falcon program in Hatari, headless and unattended (docs/hatari.md: the facts this
//! file relies on).
//!
//! - Falcon, 68030 at 16 MHz, VGA, 14 MiB ST-RAM, NatFeats on, no dialogs, no sound.
//! - `--tos none` by default (Hatari's TOS-less test mode: GEMDOS basics only); a TOS image
//!   (FALCON_TOS or `--tos`) boots it instead, maps the program's folder as C: and
//!   auto-starts the program from the desktop.
//! - Reaching the VBL limit is a failure: a debugger breakpoint at VBL = limit quits with
//!   exit code 124 (plain `--run-vbls` would exit 0 and make a hang look like success).
//! - The program's NatFeats output (host stderr) and GEMDOS console output (host stdout in
//!   TOS-less mode) are captured; the exit code is the program's (NF_EXIT or Pterm).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Exit code Hatari returns when the watchdog fires.
pub const TIMEOUT_EXIT: i32 = 124;

pub struct RunOptions {
    pub program: PathBuf,
    /// Under a TOS: end the emulation when a program calls Pterm.
    pub quit_on_pterm: bool,
    /// Other files for drive C: (with a TOS: accessories are loaded from there at boot).
    pub extra_files: Vec<PathBuf>,
    pub tos: Option<PathBuf>,
    /// Emulated frames before the watchdog fails the run.
    pub max_vbls: u32,
    pub screenshot_on_timeout: Option<PathBuf>,
    /// Host seconds before the whole process is killed (a second safety net).
    pub wall_seconds: u32,
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

pub fn run(opts: &RunOptions) -> Result<RunResult, String> {
    let (mut cmd, work) = command(opts, false)?;
    let out = cmd.output().map_err(|e| format!("hatari: {e} (run `cargo xtask setup`)"))?;
    let mut output = String::from_utf8_lossy(&out.stderr).to_string();
    output.push_str(&String::from_utf8_lossy(&out.stdout));
    let _ = std::fs::remove_dir_all(&work);
    Ok(result(out.status.code().unwrap_or(-1), output, opts.tos.is_some()))
}

/// The exit code, with the program's own `falcon-exit N` under a TOS (whose Pterm returns
/// to the desktop instead of ending the emulation).
fn result(mut code: i32, output: String, tos: bool) -> RunResult {
    if tos && code == 0 {
        if let Some(reported) = output.lines().rev().find_map(|l| l.strip_prefix("falcon-exit ")) {
            code = reported.trim().parse().unwrap_or(-1);
        }
    }
    RunResult { exit_code: code, output, timed_out: code == TIMEOUT_EXIT || code == 124 + 128 }
}

/// The Hatari command line for `opts` in a fresh work folder (returned: the caller removes
/// it), with the command FIFO `fifo` in that folder if asked for.
fn command(opts: &RunOptions, fifo: bool) -> Result<(Command, PathBuf), String> {
    let work = tempdir()?;
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

    let mut cmd = Command::new("timeout");
    cmd.args(["-k", "5", &opts.wall_seconds.to_string(), crate::toolchain::HATARI])
        .args(["--confirm-quit", "off", "--sound", "off", "--mic", "off", "--fast-forward", "on"])
        .args(["--natfeats", "on", "--machine", "falcon", "--monitor", "vga", "--cpuclock", "16"])
        .args(["--dsp", "emu", "--memsize", "14", "--log-level", "error", "--borders", "off"])
        .args(["--crop", "on", "--statusbar", "off", "--drive-led", "off", "--parse"])
        .arg(&wd_ini)
        .env("SDL_VIDEODRIVER", "dummy")
        .env("SDL_AUDIODRIVER", "dummy")
        .env("HOME", &home)
        .env_remove("TERM")
        .stdin(Stdio::null());
    if fifo {
        // Hatari creates the FIFO itself (docs/hatari.md).
        cmd.arg("--cmd-fifo").arg(work.join("fifo"));
    }
    match &opts.tos {
        None => {
            cmd.args(["--tos", "none"]).arg(&program);
        }
        Some(image) => {
            // Drive C: holds exactly the program and the files asked for (EmuTOS would load
            // any .ACC lying next to the program).
            let drive = work.join("c");
            std::fs::create_dir_all(&drive).map_err(|e| e.to_string())?;
            let name = program.file_name().ok_or("program has no name")?.to_string_lossy().to_string();
            for f in std::iter::once(&program).chain(opts.extra_files.iter()) {
                let n = f.file_name().ok_or("file has no name")?;
                std::fs::copy(f, drive.join(n)).map_err(|e| format!("{}: {e}", f.display()))?;
            }
            cmd.arg("--tos").arg(image).arg("-d").arg(&drive).arg("--auto").arg(format!("C:\\{name}"));
        }
    }
    Ok((cmd, work))
}

/// A running emulator driven from the host: its output line by line as it comes, keys and
/// debugger commands through the command FIFO, screenshots. (The `machine` branch has a
/// fuller one; this is what the GEM tests need.)
pub struct Session {
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
    /// Every line so far.
    pub output: String,
    fifo: PathBuf,
    work: PathBuf,
    tos: bool,
}

impl Session {
    /// Starts Hatari with a command FIFO.
    pub fn start(opts: &RunOptions) -> Result<Session, String> {
        let (mut cmd, work) = command(opts, true)?;
        let fifo = work.join("fifo");
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn().map_err(|e| format!("hatari: {e} (run `cargo xtask setup`)"))?;
        let (tx, lines) = std::sync::mpsc::channel();
        let streams: [Option<Box<dyn std::io::Read + Send>>; 2] = [
            child.stderr.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
            child.stdout.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
        ];
        for stream in streams.into_iter().flatten() {
            let tx = tx.clone();
            std::thread::spawn(move || {
                use std::io::BufRead;
                for line in std::io::BufReader::new(stream).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        Ok(Session { child, lines, output: String::new(), fifo, work, tos: opts.tos.is_some() })
    }

    /// Sends one command through the FIFO (`hatari-event keypress 28`, `hatari-debug ...`),
    /// opening it for this message only: a writer left open makes Hatari log a read error
    /// every frame.
    pub fn send(&mut self, command: &str) -> Result<(), String> {
        use std::io::Write;
        let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while !self.fifo.exists() {
            if std::time::Instant::now() > until {
                return Err("Hatari did not create its command FIFO".into());
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let mut f = std::fs::OpenOptions::new().write(true).open(&self.fifo).map_err(|e| e.to_string())?;
        f.write_all(format!("{command}\n").as_bytes()).map_err(|e| format!("FIFO: {e}"))?;
        drop(f);
        // Hatari reads the FIFO once a frame: one command per frame.
        std::thread::sleep(std::time::Duration::from_millis(100));
        Ok(())
    }

    /// The next line with `needle`, waiting at most `seconds`.
    pub fn wait_for(&mut self, needle: &str, seconds: u64) -> Result<String, String> {
        self.wait_for_any(&[needle], seconds)
    }

    /// The next line with any of `needles`, waiting at most `seconds`.
    pub fn wait_for_any(&mut self, needles: &[&str], seconds: u64) -> Result<String, String> {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
        loop {
            let left = until.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.output.push_str(&line);
                    self.output.push('\n');
                    if needles.iter().any(|n| line.contains(n)) {
                        return Ok(line);
                    }
                }
                Err(_) => {
                    let tail: Vec<&str> = self.output.lines().rev().take(15).collect();
                    let tail: Vec<&str> = tail.into_iter().rev().collect();
                    return Err(format!(
                        "no line with {needles:?} within {seconds} s; last output:\n{}",
                        tail.join("\n")
                    ));
                }
            }
        }
    }

    /// Saves the emulated screen as a PNG (the debugger's `screenshot`), complete on return.
    pub fn screenshot(&mut self, path: &Path) -> Result<(), String> {
        let _ = std::fs::remove_file(path);
        self.send(&format!("hatari-debug screenshot {}", path.display()))?;
        let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
        // The file appears when Hatari has written it; wait until its size settles.
        let mut last = 0;
        loop {
            let len = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
            if len > 0 && len == last {
                return Ok(());
            }
            last = len;
            if std::time::Instant::now() > until {
                return Err(format!("no screenshot {} after 30 s", path.display()));
            }
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
    }

    /// Ends the emulation (the debugger's `quit`) and returns everything it printed.
    pub fn quit(mut self) -> RunResult {
        let _ = self.send("hatari-debug quit 0");
        let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
        let code = loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                break status.code().unwrap_or(-1);
            }
            if std::time::Instant::now() > until {
                self.kill();
                break -1;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        };
        // The reader threads end with the process; take what they still hold.
        while let Ok(line) = self.lines.recv_timeout(std::time::Duration::from_millis(500)) {
            self.output.push_str(&line);
            self.output.push('\n');
        }
        result(code, std::mem::take(&mut self.output), self.tos)
    }

    /// Ends the process group (`timeout` and the emulator under it).
    fn kill(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = Command::new("kill").arg("-KILL").arg(format!("-{}", self.child.id())).status();
            let _ = self.child.wait();
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // An abandoned session (a failed check) must not leave an emulator running.
        self.kill();
        let _ = std::fs::remove_dir_all(&self.work);
    }
}

fn tempdir() -> Result<PathBuf, String> {
    let base = std::env::temp_dir().join(format!("falcon-hatari-{}-{}", std::process::id(), unique()));
    std::fs::create_dir_all(&base).map_err(|e| e.to_string())?;
    Ok(base)
}

fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::Relaxed)
}

/// `cargo xtask run`: builds the Falcon program (unless one is named) and runs it.
pub fn cmd_run(args: &[String]) -> Result<(), String> {
    let tos = crate::args::option(args, "--tos").map(PathBuf::from).or_else(tos_from_env);
    let program = match crate::args::positional(args).into_iter().find(|a| Path::new(a).is_file()) {
        Some(p) => PathBuf::from(p),
        None => {
            let mut build_args = args.to_vec();
            if tos.is_none() {
                build_args.push("--tosless".into());
            }
            crate::pipeline::build_from_args(&build_args)?.prg
        }
    };
    let max_vbls = crate::args::option(args, "--vbls").and_then(|v| v.parse().ok()).unwrap_or(if tos.is_some() {
        6000
    } else {
        3000
    });
    eprintln!(
        "running {} in Hatari (Falcon 68030, {}), at most {max_vbls} VBLs",
        program.display(),
        tos.as_ref().map_or("TOS-less".to_string(), |t| format!("TOS {}", t.display()))
    );
    let result = run(&RunOptions {
        program,
        quit_on_pterm: true,
        extra_files: Vec::new(),
        tos,
        max_vbls,
        screenshot_on_timeout: crate::args::option(args, "--screenshot").map(PathBuf::from),
        wall_seconds: 300,
    })?;
    print!("{}", result.output);
    if result.timed_out {
        return Err(format!("timed out after {max_vbls} VBLs"));
    }
    if result.exit_code != 0 {
        return Err(format!("program exited with code {}", result.exit_code));
    }
    eprintln!("exit code 0");
    Ok(())
}
