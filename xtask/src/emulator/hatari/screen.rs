//! The emulated screen compared with a reference image (docs/hatari.md, "Screenshots").
//!
//! While fast-forwarding Hatari skips drawing frames, and a desktop takes a moment to
//! redraw: a screenshot that does not match yet is taken again, a few times, before the
//! mismatch counts. The comparison itself is exact (`falcon_host::reference::compare_rgb`).

use std::path::Path;
use std::time::Duration;

use falcon_host::{RgbImage, png};

use super::Session;

/// Pause between two screenshots of one comparison.
const RETRY_PAUSE: Duration = Duration::from_millis(500);

/// A PNG file, decoded.
pub fn read_png(path: &Path) -> Result<RgbImage, String> {
    let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    png::decode(&data).map_err(|e| format!("{}: {e}", path.display()))
}

impl Session {
    /// Takes screenshots until one equals `reference` (at most `attempts`); on a mismatch
    /// the last screenshot is kept as `keep_as` for a look.
    pub fn screen_matches(&mut self, reference: &Path, attempts: u32, keep_as: &Path) -> Result<(), String> {
        let want = read_png(reference).map_err(|e| format!("{e} (UPDATE_REFERENCE=1 writes it)"))?;
        let shot = self.work.join("screen.png");
        let mut last = String::new();
        for attempt in 0..attempts.max(1) {
            if attempt > 0 {
                std::thread::sleep(RETRY_PAUSE);
            }
            self.screenshot(&shot)?;
            match falcon_host::reference::compare_rgb(&want, &read_png(&shot)?) {
                Ok(()) => return Ok(()),
                Err(mismatch) => last = mismatch.to_string(),
            }
        }
        let _ = std::fs::copy(&shot, keep_as);
        Err(format!(
            "{} differs from the screen ({last}); screenshot kept as {}",
            reference.display(),
            keep_as.display()
        ))
    }

    /// Writes the screen as `reference` (`UPDATE_REFERENCE=1`), after `settle` screenshots'
    /// worth of waiting for the screen to come to rest. Look at it before committing it.
    pub fn write_reference(&mut self, reference: &Path, settle: u32) -> Result<(), String> {
        std::thread::sleep(RETRY_PAUSE * settle);
        self.screenshot(reference)?;
        eprintln!("wrote {} (look at it before committing)", reference.display());
        Ok(())
    }
}
