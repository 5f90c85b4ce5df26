//! A running emulator driven by the host: its output line by line as it comes, keys and
//! debugger commands through the command FIFO, and its end (docs/hatari.md, "Input from
//! the host" and "Screenshots").

use std::collections::VecDeque;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use super::{RunOptions, RunResult, TIMEOUT_EXIT, tail};

/// `open(2)`'s flag for a non-blocking open (Linux's value; the std library has no name
/// for it).
const O_NONBLOCK: i32 = 0o4000;

pub struct Session {
    child: Child,
    lines: Receiver<String>,
    /// Every line so far.
    pub output: String,
    /// Lines read while waiting for another one, that no wait has taken yet.
    unclaimed: VecDeque<String>,
    /// The session's work folder: drive C:, the FIFO, debugger scripts, screenshots.
    pub(super) work: PathBuf,
    tos: bool,
    /// When the emulator must have ended (`timeout` kills it a little before).
    deadline: Instant,
}

impl Session {
    /// Starts Hatari (with its command FIFO if `opts.fifo`).
    pub fn start(opts: &RunOptions) -> Result<Session, String> {
        let work = super::tempdir("hatari")?;
        let mut cmd = super::command(opts, &work)?;
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        // Its own process group: Drop ends `timeout` and the emulator under it together.
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
        Ok(Session {
            child,
            lines,
            output: String::new(),
            unclaimed: VecDeque::new(),
            work,
            tos: opts.tos.is_some(),
            deadline: Instant::now() + Duration::from_secs(opts.wall_seconds as u64 + 10),
        })
    }

    /// Sends one command through the FIFO (`hatari-event keypress a`, `hatari-debug ...`).
    /// The writer is opened for each message and closed again: Hatari polls the FIFO
    /// without blocking and, while a writer stays connected with nothing to say, logs a read
    /// error on every frame and slows to a crawl.
    pub fn send(&mut self, command: &str) -> Result<(), String> {
        self.send_then_wait(command, Duration::from_millis(100))
    }

    /// Like [`Session::send`], but waits only 20 ms after it (more than a frame takes while
    /// fast-forwarding): for keys that must follow one another within a fraction of the
    /// emulated second (a game given up as it starts: 100 ms a key let an unloaded host
    /// run a whole emulated second of play between them, and the game's 1 Hz clock ticked).
    pub fn send_soon(&mut self, command: &str) -> Result<(), String> {
        self.send_then_wait(command, Duration::from_millis(20))
    }

    fn send_then_wait(&mut self, command: &str, wait: Duration) -> Result<(), String> {
        use std::io::Write;
        let fifo = self.work.join("fifo");
        let until = Instant::now() + Duration::from_secs(120);
        while !fifo.exists() {
            if !self.running() {
                // Hatari removes its FIFO when it ends: say so, with the reason in its output.
                return Err(format!(
                    "cannot send `{command}`: the emulator has ended; output:\n{}",
                    self.drain_output_tail()
                ));
            }
            if Instant::now() > until {
                return Err("Hatari did not create its command FIFO (RunOptions::fifo)".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        // Without a reader (an emulator killed before it could remove its FIFO) a plain open
        // would wait forever; non-blocking, it fails at once (ENXIO).
        use std::os::unix::fs::OpenOptionsExt;
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(O_NONBLOCK)
            .open(&fifo)
            .map_err(|e| format!("cannot send `{command}` through {}: {e}", fifo.display()))?;
        f.write_all(format!("{command}\n").as_bytes()).map_err(|e| format!("FIFO: {e}"))?;
        drop(f);
        // One command per frame: Hatari reads whatever is in the FIFO once a frame.
        std::thread::sleep(wait);
        Ok(())
    }

    /// Whether the emulator is still running (it ends by itself when the program's
    /// `quit`, a NatFeats exit or the watchdog ends it).
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Takes every line printed so far and returns the last ones (for an error message).
    fn drain_output_tail(&mut self) -> String {
        while let Ok(line) = self.lines.try_recv() {
            self.output.push_str(&line);
            self.output.push('\n');
        }
        tail(&self.output, 15)
    }

    /// An input event: `keypress 28` (Return, as an ST scancode), `keypress a`,
    /// `keydown 42`, `keyup 42`, `doubleclick`, `rightdown`, `rightup`.
    pub fn event(&mut self, event: &str) -> Result<(), String> {
        self.send(&format!("hatari-event {event}"))
    }

    /// A key pressed and released, by ST scancode. Always written with two digits or
    /// more: Hatari reads a single character as that ASCII key (`1` is the key 1, `01` Esc).
    pub fn press(&mut self, scancode: u8) -> Result<(), String> {
        self.event(&format!("keypress {scancode:02}"))
    }

    /// The next output line, waiting at most `seconds`; `None` when the emulator ended or
    /// the time is up.
    pub fn next_line(&mut self, seconds: u64) -> Option<String> {
        let line = self.lines.recv_timeout(Duration::from_secs(seconds)).ok()?;
        self.output.push_str(&line);
        self.output.push('\n');
        Some(line)
    }

    /// Waits for the first line containing `needle` that no earlier wait took, and takes
    /// it (lines that other waits skipped stay available, in order).
    pub fn wait_for(&mut self, needle: &str, seconds: u64) -> Result<String, String> {
        self.wait_for_any(&[needle], seconds)
    }

    /// Like `wait_for`, for the first line containing any of `needles`.
    pub fn wait_for_any(&mut self, needles: &[&str], seconds: u64) -> Result<String, String> {
        let wanted = |l: &str| needles.iter().any(|n| l.contains(n));
        if let Some(i) = self.unclaimed.iter().position(|l| wanted(l)) {
            return Ok(self.unclaimed.remove(i).unwrap_or_default());
        }
        let until = Instant::now() + Duration::from_secs(seconds);
        loop {
            let left = until.saturating_duration_since(Instant::now()).as_secs().max(1);
            match self.next_line(left) {
                Some(l) if wanted(&l) => return Ok(l),
                Some(l) => self.unclaimed.push_back(l),
                None => {
                    return Err(format!(
                        "no line with {needles:?} within {seconds} s; output so far:\n{}",
                        tail(&self.output, 15)
                    ));
                }
            }
            if Instant::now() > until {
                return Err(format!("no line with {needles:?} within {seconds} s:\n{}", tail(&self.output, 15)));
            }
        }
    }

    /// Saves the emulated screen as a PNG (Hatari's debugger `screenshot` command) and
    /// returns once the file is complete (the debugger says so).
    pub fn screenshot(&mut self, path: &std::path::Path) -> Result<(), String> {
        let _ = std::fs::remove_file(path);
        self.send(&format!("hatari-debug screenshot {}", path.display()))?;
        let line = self.wait_for("Screen dump to", 30)?;
        if !line.contains("succeeded") {
            return Err(line);
        }
        Ok(())
    }

    /// Waits for the emulator to end by itself; its exit code and all output.
    pub fn finish(self) -> Result<RunResult, String> {
        let deadline = self.deadline;
        self.end(deadline)
    }

    /// Ends the emulation now (the debugger's `quit 0`, for a program whose desktop the
    /// host checked after it ended); exit code (under a TOS the program's `falcon-exit N`)
    /// and all output. An emulator that already ended (no FIFO left: the program ended it,
    /// e.g. by a panic's NatFeats exit) is not an error here: its output tells why.
    pub fn quit(mut self) -> Result<RunResult, String> {
        let _ = self.send("hatari-debug quit 0");
        let until = (Instant::now() + Duration::from_secs(20)).min(self.deadline);
        self.end(until)
    }

    /// Reads the output until the emulator ends or `until`; then ends it if need be.
    fn end(mut self, until: Instant) -> Result<RunResult, String> {
        loop {
            let left = until.saturating_duration_since(Instant::now()).as_secs();
            if left == 0 || self.next_line(left).is_none() {
                break;
            }
        }
        // Output closed is not yet ended: `timeout` closes its output in its exit handlers,
        // before it can be waited for; a kill in that moment would turn the program's exit
        // code into "killed by signal 9" (seen on a loaded machine). Give it time to end.
        // (When the time is up instead, `stop` has passed: the kill comes at once.)
        let stop = until.min(Instant::now() + Duration::from_secs(10));
        while self.running() && Instant::now() < stop {
            std::thread::sleep(Duration::from_millis(20));
        }
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
        let status = self.child.wait().map_err(|e| e.to_string())?;
        while let Ok(line) = self.lines.try_recv() {
            self.output.push_str(&line);
            self.output.push('\n');
        }
        if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
            // `timeout` dies by the signal that killed the emulator (it re-raises it).
            self.output.push_str(&format!("(the emulator ended by signal {signal})\n"));
        }
        let mut code = status.code().unwrap_or(-1);
        if self.tos
            && code == 0
            && let Some(reported) = self.output.lines().rev().find_map(|l| l.strip_prefix("falcon-exit "))
        {
            // Under a TOS the emulation ends after Pterm: the program's own code.
            code = reported.trim().parse().unwrap_or(-1);
        }
        Ok(RunResult {
            exit_code: code,
            output: std::mem::take(&mut self.output),
            timed_out: code == TIMEOUT_EXIT || code == TIMEOUT_EXIT + 128,
        })
    }

    /// Ends the process group (`timeout` and the emulator under it), not only `timeout`.
    fn kill(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            // `--`: a negative process id after it is a process group, not a signal option.
            let _ = Command::new("kill").args(["-s", "KILL", "--"]).arg(format!("-{}", self.child.id())).status();
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
