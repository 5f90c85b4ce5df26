//! A virtual X display for a real Hatari window, and its pointer moved and clicked by
//! xdotool: Hatari's command FIFO has no mouse-move or left-button event (docs/hatari.md,
//! "Input from the host"). Debian packages `xvfb` and `xdotool` (`cargo xtask setup`).

use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Time for the emulated machine to see one pointer action before the next.
const SETTLE: Duration = Duration::from_millis(300);

pub struct Xvfb {
    server: Child,
    display: String,
}

impl Xvfb {
    /// `None` when Xvfb and xdotool are installed, else why not (the caller skips).
    pub fn missing() -> Option<String> {
        for tool in ["Xvfb", "xdotool"] {
            let found = std::env::var_os("PATH")
                .map(|p| std::env::split_paths(&p).any(|d| d.join(tool).is_file()))
                .unwrap_or(false);
            if !found {
                return Some(format!("{tool} is not installed (Debian packages xvfb, xdotool; `cargo xtask setup`)"));
            }
        }
        None
    }

    /// Starts an X server on a display of its own (1024×768, no network).
    pub fn start() -> Result<Xvfb, String> {
        let display = format!(":{}", 70 + std::process::id() % 20);
        let server = Command::new("Xvfb")
            .args([display.as_str(), "-screen", "0", "1024x768x24", "-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("Xvfb: {e}"))?;
        std::thread::sleep(Duration::from_secs(1));
        Ok(Xvfb { server, display })
    }

    /// For `RunOptions::display`.
    pub fn display(&self) -> &str {
        &self.display
    }

    fn xdotool(&self, args: &[&str]) -> Result<String, String> {
        let out = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .map_err(|e| format!("xdotool: {e}"))?;
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
    }

    /// Hatari's window, activated (it takes the pointer's moves from then on).
    pub fn hatari_window(&self) -> Result<String, String> {
        let found = self.xdotool(&["search", "--name", "hatari"])?;
        let window = found.lines().last().ok_or("no Hatari window found")?.to_string();
        self.xdotool(&["windowactivate", "--sync", &window])?;
        Ok(window)
    }

    /// Moves the pointer to (`x`, `y`) inside `window` (host pixels).
    pub fn move_to(&self, window: &str, x: u32, y: u32) -> Result<(), String> {
        self.xdotool(&["mousemove", "--window", window, &x.to_string(), &y.to_string()])?;
        std::thread::sleep(SETTLE);
        Ok(())
    }

    /// Clicks button 1 (left) or 3 (right) where the pointer is.
    pub fn click(&self, button: u8) -> Result<(), String> {
        self.xdotool(&["click", &button.to_string()])?;
        std::thread::sleep(SETTLE);
        Ok(())
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}
