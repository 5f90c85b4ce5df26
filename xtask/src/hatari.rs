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

#[derive(Default)]
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
    /// More Hatari options (`--machine tt`, `--ttram 64 --addr24 off`), placed before the
    /// program.
    pub extra_args: Vec<String>,
    /// Open Hatari's command FIFO (`Session::send`).
    pub fifo: bool,
    /// Show Hatari's window on this X display (Xvfb) instead of running without one.
    pub display: Option<String>,
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
    Session::start(opts)?.finish()
}

/// A running emulator: its output line by line as it comes, and its command FIFO.
pub struct Session {
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
    /// Every line so far.
    pub output: String,
    /// Lines no `wait_for` has taken yet.
    unclaimed: std::collections::VecDeque<String>,
    fifo_path: PathBuf,
    work: PathBuf,
    tos: bool,
    deadline: std::time::Instant,
}

impl Session {
    pub fn start(opts: &RunOptions) -> Result<Session, String> {
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
        // Drive C: holds exactly the program and the files asked for (EmuTOS would load any
        // .ACC lying next to the program; without a TOS the program's folder is C:).
        let drive = work.join("c");
        std::fs::create_dir_all(&drive).map_err(|e| e.to_string())?;
        let name = program.file_name().ok_or("program has no name")?.to_string_lossy().to_string();
        for f in std::iter::once(&program).chain(opts.extra_files.iter()) {
            let n = f.file_name().ok_or("file has no name")?;
            std::fs::copy(f, drive.join(n)).map_err(|e| format!("{}: {e}", f.display()))?;
        }
        let fifo_path = work.join("fifo");

        let mut cmd = Command::new("timeout");
        // stdbuf: the debugger's messages (stdout) line by line, as they happen.
        cmd.args(["-k", "5", &opts.wall_seconds.to_string(), "stdbuf", "-oL", crate::toolchain::HATARI])
            .args(["--confirm-quit", "off", "--sound", "off", "--mic", "off", "--fast-forward", "on"])
            .args(["--natfeats", "on", "--machine", "falcon", "--monitor", "vga", "--cpuclock", "16"])
            .args(["--dsp", "emu", "--memsize", "14", "--log-level", "error", "--borders", "off"])
            .args(["--crop", "on", "--statusbar", "off", "--drive-led", "off", "--parse"])
            .arg(&wd_ini)
            .args(&opts.extra_args)
            .env("SDL_AUDIODRIVER", "dummy")
            .env("HOME", &home)
            .env_remove("TERM")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        match &opts.display {
            Some(d) => {
                cmd.env("DISPLAY", d).env_remove("SDL_VIDEODRIVER");
            }
            None => {
                cmd.env("SDL_VIDEODRIVER", "dummy");
            }
        }
        if opts.fifo {
            cmd.arg("--cmd-fifo").arg(&fifo_path);
        }
        match &opts.tos {
            None => {
                cmd.args(["--tos", "none"]).arg(drive.join(&name));
            }
            Some(image) => {
                cmd.arg("--tos").arg(image).arg("-d").arg(&drive).arg("--auto").arg(format!("C:\\{name}"));
            }
        }
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn().map_err(|e| format!("hatari: {e} (run `cargo xtask setup`)"))?;
        let (tx, lines) = std::sync::mpsc::channel();
        for stream in [
            child.stderr.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
            child.stdout.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
        ]
        .into_iter()
        .flatten()
        {
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
        Ok(Session {
            child,
            lines,
            output: String::new(),
            unclaimed: Default::default(),
            fifo_path,
            work,
            tos: opts.tos.is_some(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(opts.wall_seconds as u64 + 10),
        })
    }

    /// Sends one command through the FIFO (`hatari-event keypress a`, `hatari-debug ...`).
    /// The writer is opened for each message and closed again: Hatari polls the FIFO
    /// without blocking and, while a writer stays connected with nothing to say, logs a read
    /// error on every frame and slows to a crawl.
    pub fn send(&mut self, command: &str) -> Result<(), String> {
        use std::io::Write;
        let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while !self.fifo_path.exists() {
            if std::time::Instant::now() > until {
                return Err("Hatari did not create its command FIFO".into());
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let mut f = std::fs::OpenOptions::new().write(true).open(&self.fifo_path).map_err(|e| e.to_string())?;
        f.write_all(format!("{command}\n").as_bytes()).map_err(|e| format!("FIFO: {e}"))?;
        drop(f);
        // One command per frame: Hatari reads whatever is in the FIFO once a frame.
        std::thread::sleep(std::time::Duration::from_millis(100));
        Ok(())
    }

    /// The next output line, waiting at most `seconds`; `None` when the emulator ended or
    /// the time is up.
    pub fn next_line(&mut self, seconds: u64) -> Option<String> {
        let line = self.lines.recv_timeout(std::time::Duration::from_secs(seconds)).ok()?;
        self.output.push_str(&line);
        self.output.push('\n');
        Some(line)
    }

    /// Waits for the first line containing `needle` that no earlier wait took, and takes
    /// it (lines that other waits skipped stay available, in order).
    pub fn wait_for(&mut self, needle: &str, seconds: u64) -> Result<String, String> {
        if let Some(i) = self.unclaimed.iter().position(|l| l.contains(needle)) {
            return Ok(self.unclaimed.remove(i).unwrap_or_default());
        }
        let until = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
        loop {
            let left = until.saturating_duration_since(std::time::Instant::now()).as_secs().max(1);
            match self.next_line(left) {
                Some(l) if l.contains(needle) => return Ok(l),
                Some(l) => self.unclaimed.push_back(l),
                None => {
                    return Err(format!(
                        "no line with `{needle}` within {seconds} s; output so far:\n{}",
                        tail(&self.output, 15)
                    ));
                }
            }
            if std::time::Instant::now() > until {
                return Err(format!("no line with `{needle}` within {seconds} s:\n{}", tail(&self.output, 15)));
            }
        }
    }

    /// Saves the emulated screen as a PNG (Hatari's debugger `screenshot` command) and
    /// returns once the file is complete.
    pub fn screenshot(&mut self, path: &Path) -> Result<(), String> {
        let _ = std::fs::remove_file(path);
        self.send(&format!("hatari-debug screenshot {}", path.display()))?;
        let line = self.wait_for("Screen dump to", 30)?;
        if !line.contains("succeeded") {
            return Err(line);
        }
        Ok(())
    }

    /// Waits for the emulator to end; its exit code and all output.
    pub fn finish(mut self) -> Result<RunResult, String> {
        loop {
            let left = self.deadline.saturating_duration_since(std::time::Instant::now()).as_secs();
            if left == 0 || self.next_line(left).is_none() {
                break;
            }
        }
        let status = self.child.wait().map_err(|e| e.to_string())?;
        while let Ok(line) = self.lines.try_recv() {
            self.output.push_str(&line);
            self.output.push('\n');
        }
        let mut code = status.code().unwrap_or(-1);
        let _ = std::fs::remove_dir_all(&self.work);
        if self.tos
            && code == 0
            && let Some(reported) = self.output.lines().rev().find_map(|l| l.strip_prefix("falcon-exit "))
        {
            code = reported.trim().parse().unwrap_or(-1);
        }
        Ok(RunResult {
            exit_code: code,
            output: std::mem::take(&mut self.output),
            timed_out: code == TIMEOUT_EXIT || code == 124 + 128,
        })
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // An abandoned session (a failed check) must not leave an emulator running: end the
        // process group (`timeout` and the emulator under it), not only `timeout`.
        if let Ok(None) = self.child.try_wait() {
            let _ = Command::new("kill").arg("-KILL").arg(format!("-{}", self.child.id())).status();
            let _ = self.child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.work);
    }
}

fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("state ")).collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
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
        ..Default::default()
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
