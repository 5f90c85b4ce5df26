//! [`TetrhexProgram`]: TETRHEX as the program, its command-line personality in one place
//! (manual sections 4 and 8.2): its options read from `TETRHEX.CFG`, its command line and the
//! `-o` files ([`options`](super::options)), its help on TETRHEX from `TETRHEX.LNG`
//! ([`language_file`](super::language_file)), what it writes on the console (`-h`, `-e`), what
//! it asks of the host (the clock's timer, the internal speaker, the window's place and icon,
//! a fixed resolution), and the activity it starts, each failure with its exit code
//! ([`exit_code`](super::exit_code)).
//!
//! Portable and tested on the host and the 68030: it touches no file itself but reads
//! through the host's [`RuleDisk`](super::rule_disk::RuleDisk), and knows no machine (the
//! program's own words and the screen modes of `-vr` are the front end's:
//! `frontend::options`).

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::exit_code::{ExitCode, Failure};
use super::language_file::{self, LANGUAGE_FILE, ProgramHelp};
use super::options::{self, Timer, WindowMode, WindowPlacement};
use super::rule_disk::{SharedRuleDisk, read_rule_file};
use super::rules::{self, RuleEntry};
use super::{DEFAULT_SIZE, TetrhexActivity, program_help, rule_seed};

/// TETRHEX's configuration file, read before its command line.
pub const TETRHEX_CONFIG: &str = "TETRHEX.CFG";

/// The width of the lines written on standard output (the TOS console's 80 columns, less
/// one so that a full line does not wrap by itself).
pub const CONSOLE_COLUMNS: usize = 79;

/// What TETRHEX's `-i` asks of the Falcon030's internal speaker (`machine::psg`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InternalSpeaker {
    /// `-i on`: the speaker plays.
    On,
    /// `-i off`: the speaker is silent.
    Off,
}

/// TETRHEX as the program: its options, the system's language and its help on TETRHEX.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct TetrhexProgram {
    /// Its options, read from `TETRHEX.CFG` and its command line ([`TetrhexProgram::read`]).
    pub options: options::Options,
    /// The system's language (a TOS country code: bits 8–15 of the `_AKP` cookie), read by
    /// the host at the start; `None` without the cookie or without a TOS. `-l ?` and `-l *`
    /// (and the default `* 0 3`) stand for it.
    pub system_language: Option<u8>,
    /// The help on TETRHEX (its Help key and `-h`): TETRHEX.LNG's help file for the language
    /// `-l` picks, read by [`TetrhexProgram::load_help`]; the built-in text when there is no
    /// TETRHEX.LNG.
    pub help: ProgramHelp,
}

impl TetrhexProgram {
    /// Reads TETRHEX's options: `TETRHEX.CFG` and the `-o` files from `disk` (none without a
    /// TOS), then `command_line`. The error is the manual's message for a bad option string
    /// (exit code 10).
    pub fn read(command_line: &str, disk: Option<&SharedRuleDisk>) -> Result<TetrhexProgram, String> {
        let mut read = |path: &str| -> Result<Vec<u8>, String> {
            match disk {
                Some(d) => d.borrow_mut().read(path),
                None => Err(format!("{}: no disk without a TOS", path)),
            }
        };
        let config = match disk {
            Some(d) if d.borrow_mut().exists(TETRHEX_CONFIG) => Some(read(TETRHEX_CONFIG)?),
            _ => None,
        };
        let options = options::parse(config.as_deref(), command_line.as_bytes(), &mut read).map_err(|e| e.message)?;
        if let Some(file) = &options.message_file {
            // Section 7: a message file is 68000 code from outside the program, called from
            // inside the game's loop. Run here it could write anywhere and crash the machine
            // with the screen, vectors and palette taken: refused, with the reason.
            return Err(format!(
                "-s {}: message files (section 7) are 68000 routines run inside the game; this version does not run them. Start without -s.",
                file
            ));
        }
        Ok(TetrhexProgram { options, ..TetrhexProgram::default() })
    }

    /// Whether TETRHEX asks for full screen: `-ws`, or no `-ww` (as TETRHEX without MiNT).
    pub fn wants_full_screen(&self) -> bool {
        self.options.window_mode(false) == WindowMode::FullScreen
    }

    /// Reads the help on TETRHEX: TETRHEX.LNG on `disk` (none without a disk or without the
    /// file: the built-in text), then the help file it names for the first language of
    /// `-l`'s preferences it has (with [`TetrhexProgram::system_language`], which must be set
    /// before). The error has the exit code of section 8.2: 11 for a bad TETRHEX.LNG, 12 for
    /// a help file that is not there, 13 for one that is not text, -1 when a file cannot be
    /// read.
    pub fn load_help(&mut self, disk: Option<&SharedRuleDisk>) -> Result<(), Failure> {
        let Some(disk) = disk else { return Ok(()) };
        let mut d = disk.borrow_mut();
        let system_error = |path: &str, why: String| Failure::new(ExitCode::SystemError, format!("{}: {}", path, why));
        let language_file = match d.exists(LANGUAGE_FILE) {
            true => Some(d.read(LANGUAGE_FILE).map_err(|why| system_error(LANGUAGE_FILE, why))?),
            false => None,
        };
        let pick = |available: &[u8]| self.options.pick_language(self.system_language, available);
        let mut read = |path: &str| match d.exists(path) {
            true => d.read(path).map(Some),
            false => Ok(None),
        };
        self.help = language_file::program_help(language_file.as_deref(), pick, &mut read)?;
        Ok(())
    }

    /// What TETRHEX writes on standard output at the start, line by line: the help on TETRHEX
    /// for `-h` (TETRHEX.LNG's help file, none, or the built-in text in the language `-l`
    /// picks: [`TetrhexProgram::help`]), wrapped at [`CONSOLE_COLUMNS`]; for `-e`, each option
    /// the manual says to ignore, and why (`options::Options::notes`).
    pub fn console_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let t = &self.options;
        if t.help_to_output {
            let country = t.pick_language(self.system_language, &program_help::COUNTRIES).unwrap_or(0);
            let text = match &self.help {
                ProgramHelp::BuiltIn => Some(program_help::text(country)),
                ProgramHelp::File(text) => Some(text.as_str()),
                ProgramHelp::Nothing => None,
            };
            if let Some(text) = text {
                lines.extend(crate::app::widgets::wrap(text, CONSOLE_COLUMNS));
            }
        }
        if t.error_output {
            lines.extend(t.notes.iter().cloned());
        }
        lines
    }

    /// The MFP timer of the full screen's clock: `-ta`/`-td`, else Timer A when the left
    /// Shift key is held at the start (`left_shift_held`; section 4: useful when the serial
    /// port is used during the game), else Timer D.
    pub fn clock_timer(&self, left_shift_held: bool) -> Timer {
        self.options.timer(left_shift_held)
    }

    /// `-i on|off` (the last one given): the hosts switch the internal speaker at the start
    /// and leave it so (section 4: its state is not restored); `None` without `-i`: the
    /// speaker is left alone.
    pub fn internal_speaker(&self) -> Option<InternalSpeaker> {
        let on = self.options.speaker_on?;
        Some(if on { InternalSpeaker::On } else { InternalSpeaker::Off })
    }

    /// Where the GEM window first opens: `-wp`/`-wpc`, else the host's default place.
    pub fn window_placement(&self) -> WindowPlacement {
        self.options.window_placement
    }

    /// The colour of the iconified window's icon: `-ci n` (a system colour, 0–15), else
    /// `None` (the icon shows the middle of the picture).
    pub fn icon_colour(&self) -> Option<u8> {
        self.options.icon_colour
    }

    /// `-vr`: the resolution must not change (a screen in another mode is an error, code 2;
    /// which modes fit is the front end's to say).
    pub fn fixed_resolution(&self) -> bool {
        self.options.fixed_resolution
    }

    /// The activity TETRHEX starts with: the rule of `-r` (a built-in one by its file name,
    /// else the file read from `disk`), else `rule` (the program's `game NAME`), else
    /// Tetrhex; at its presentation, with the options honoured, seeded as the collection
    /// seeds a rule it starts. A rule file that is not there ends the program with exit code
    /// 7, one that is not a rule file with 8, one that cannot be read with -1 (section 8.2).
    pub fn activity(
        &self,
        rule: Option<&RuleEntry>,
        seed: &[u8],
        disk: Option<&SharedRuleDisk>,
    ) -> Result<TetrhexActivity, Failure> {
        let entry = match &self.options.rule_file {
            Some(path) => {
                let base = path.rsplit(['\\', '/', ':']).next().unwrap_or(path);
                match rules::ALL.iter().find(|e| e.file_name.eq_ignore_ascii_case(base)) {
                    Some(e) => *e,
                    None => {
                        let d = disk.ok_or_else(|| {
                            Failure::new(ExitCode::RuleFileNotFound, format!("{}: no disk without a TOS", path))
                        })?;
                        let (bytes, _) = read_rule_file(&mut *d.borrow_mut(), path)?;
                        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
                        RuleEntry {
                            name: leak(base.to_string()),
                            file: Box::leak(bytes.into_boxed_slice()),
                            file_name: leak(path.clone()),
                        }
                    }
                }
            }
            None => *rule.unwrap_or(&rules::ALL[0]),
        };
        let seed32 = rule_seed(seed, &entry);
        let mut activity = match disk {
            Some(d) => TetrhexActivity::with_disk(&entry, DEFAULT_SIZE, seed32, d.clone())?,
            None => TetrhexActivity::new(&entry, DEFAULT_SIZE, seed32)
                .map_err(|why| Failure::new(ExitCode::BadRuleFile, why))?,
        };
        activity.apply_options(&self.options, self.system_language);
        activity.set_program_help(self.help.clone());
        Ok(activity)
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
