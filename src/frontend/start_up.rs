//! The program's start, written once for both hosts (`src/bin/falcon.rs` chooses the GEM
//! window or full screen): the options read from the command line or `FALCON.INF`, with
//! TETRHEX's (`TETRHEX.CFG`, `TETRHEX.LNG`) when it is the program ([`Options::read`]); the
//! lines TETRHEX writes on the console (`-h`, `-e`); its internal speaker (`-i`); the app
//! made, seeded, with its rule disk and picture folder.
//!
//! What the two paths do differently is theirs: the window path is taken only when the
//! options read without error (full screen reports them) and do not ask for full screen;
//! full screen checks the machine (VIDEL, colour monitor, `-vr`'s mode) and chooses the
//! clock's timer.

use alloc::string::String;

use super::options::Options;
use super::{picture_folder, rule_disk};
use crate::app::App;
use crate::app::tetrhex::exit_code::Failure;
use crate::app::tetrhex::program::InternalSpeaker;
use crate::app::tetrhex::rule_disk::SharedRuleDisk;
use crate::machine::psg;
use crate::machine::system::Os;
use crate::runtime::{Start, gemdos};

/// The options file read when the command line is empty.
const OPTIONS_FILE: &core::ffi::CStr = c"FALCON.INF";

/// What the program was asked to do, and where its files are.
pub struct StartUp {
    pub os: Os,
    /// TETRHEX's files (its options, help and rules; best scores): the current folder under
    /// a TOS, none without one.
    pub disk: Option<SharedRuleDisk>,
    pub options: Options,
}

impl StartUp {
    /// Reads the options of the program `start` under `os` (`system_language`: the `_AKP`
    /// cookie's, for TETRHEX's `-l`). The error carries the exit code to end with.
    pub fn read(start: &Start, os: Os, system_language: Option<u8>) -> Result<StartUp, Failure> {
        let disk = rule_disk::for_os(os);
        let options = Options::read(&options_text(start), disk.as_ref(), system_language)?;
        Ok(StartUp { os, disk, options })
    }

    /// Writes TETRHEX's `-h` and `-e` lines on the console (with a console: MiNT's, a
    /// shell's redirection; else the emulator's debug channel).
    pub fn write_console_lines(&self) {
        for line in self.options.console_lines() {
            crate::println!("{line}");
        }
    }

    /// Switches the internal speaker as TETRHEX's `-i on|off` asks, left so at the end.
    pub fn switch_speaker(&self) {
        if let Some(speaker) = self.options.internal_speaker() {
            psg::set_internal_speaker(self.os, speaker == InternalSpeaker::On);
        }
    }

    /// The app asked for, its random games seeded with the options' seed or `frames` (the
    /// frames counted since the machine started, under a TOS), with the disk and Slide's
    /// picture folder. The error: a refused game ID (10), TETRHEX's rule file (7, 8, -1).
    pub fn app(&self, frames: Option<u32>) -> Result<App, Failure> {
        let seed = self.options.seed_or(frames);
        let mut app = self.options.start(seed.as_bytes(), self.disk.clone())?;
        picture_folder::give_to(&mut app, self.os);
        Ok(app)
    }
}

/// The program's options: its command line, or the options file when that is empty.
pub fn options_text(start: &Start) -> String {
    let line = start.command_line();
    if !line.is_empty() {
        return String::from_utf8_lossy(line).into_owned();
    }
    let mut buf = [0u8; 256];
    let handle = gemdos::fopen_read(OPTIONS_FILE);
    if handle < 0 {
        return String::new();
    }
    let n = gemdos::fread(handle as u16, &mut buf).max(0) as usize;
    gemdos::fclose(handle as u16);
    String::from_utf8_lossy(&buf[..n.min(buf.len())]).into_owned()
}
