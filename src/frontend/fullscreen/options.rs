//! What `FALCON.PRG` is asked to do: words from its command line (a `.GTP` asks for one) or,
//! when that is empty, from the file `FALCON.INF` beside it (Hatari passes no command line,
//! with or without a TOS).
//!
//! | words | meaning |
//! | --- | --- |
//! | `game NAME` | start with this game of the collection (case does not matter) instead of the start screen |
//! | `id ID` | start with this game ID (`params:description` or `params#seed`) of that game |
//! | `seed TEXT` | seed the random games with `TEXT` instead of the clock |
//! | `attract` | the attract mode: each game played for a few seconds, then the program ends |
//! | `hold` | in the attract mode, each game stays on the screen until a key is pressed (for a test bench that takes a screenshot of each) |
//! | `measure` | measure every frame with MFP Timer A; report the dearest of each game |
//! | `fullscreen` | full screen even when the desktop's AES is there (without it, FALCON.PRG started from the desktop runs the collection in a window) |
//! | `-…`, `NAME.RUL` or `NAME.MSG` | TETRHEX as the program (its manual's section 4): this word and every one after it are TETRHEX's command line, read after `TETRHEX.CFG`; TETRHEX starts at its presentation, full screen unless `-ww` |
//!
//! `game NAME` takes a rule of TETRHEX too (`game Hexcolumns`): it starts at the rule's
//! presentation, with the options of `TETRHEX.CFG` when there is one. Bad options end the
//! program with exit code 10 (TETRHEX's "chaîne d'options incorrecte", section 8.2) and a
//! message that says which option and why.
//!
//! The window (`frontend::gem::host`) takes `game`, `id` and `seed`; the attract mode and
//! the measurements are full screen's alone.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};

use crate::app::entries;
use crate::app::tetrhex::exit_code::{ExitCode, Failure};
use crate::app::tetrhex::language_file::{self, LANGUAGE_FILE, ProgramHelp};
use crate::app::tetrhex::options::{self as tetrhex_options, WindowMode};
use crate::app::tetrhex::rule_disk::SharedRuleDisk;
use crate::app::tetrhex::rules::{self, RuleEntry};
use crate::app::tetrhex::{self, TetrhexActivity};
use crate::app::{App, PuzzleActivity};
use crate::games;
use crate::gfx::NullDrawing;
use crate::machine::video_mode::{Monitor, VideoMode, full_screen_mode};
use crate::puzzle::erased::GameEntry;

/// The options, parsed.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Options {
    /// Index in `games::ALL` of the game to start with.
    pub game: Option<usize>,
    pub id: Option<String>,
    pub seed: Option<String>,
    pub attract: bool,
    /// The attract mode waits for a key after showing each game, instead of a few seconds.
    pub hold: bool,
    pub measure: bool,
    /// Full screen even when an AES could give the program a window.
    pub fullscreen: bool,
    /// TETRHEX's command line (section 4), when the options hold one.
    pub tetrhex: Option<String>,
    /// TETRHEX's options read from `TETRHEX.CFG` and `tetrhex` (`resolve_tetrhex`), when
    /// TETRHEX is the program.
    pub tetrhex_options: Option<tetrhex_options::Options>,
    /// The system's language (a TOS country code: bits 8–15 of the `_AKP` cookie), read by
    /// the host at the start; `None` without the cookie or without a TOS. TETRHEX's `-l ?`
    /// and `-l *` (and the default `* 0 3`) stand for it.
    pub system_language: Option<u8>,
    /// The help on TETRHEX (its Help key and `-h`): TETRHEX.LNG's help file for the
    /// language `-l` picks, read by [`Options::load_tetrhex_help`]; the built-in text when
    /// there is no TETRHEX.LNG.
    pub tetrhex_help: ProgramHelp,
}

/// What TETRHEX's `-i` asks of the Falcon030's internal speaker (`machine::psg`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InternalSpeaker {
    /// `-i on`: the speaker plays.
    On,
    /// `-i off`: the speaker is silent.
    Off,
}

/// Exit code of options that are not understood: TETRHEX's (section 8.2, code 10).
pub const BAD_OPTIONS_EXIT: i32 = tetrhex::exit_code::ExitCode::BadOptions.value() as i32;

/// Exit code of TETRHEX's `-vr` when the resolution would have to change (section 8.2,
/// "impossible de changer de résolution").
pub const RESOLUTION_EXIT: i32 = tetrhex::exit_code::ExitCode::ResolutionChange.value() as i32;

/// The bits of a mode word that make the picture (all but PAL, which the full screen keeps
/// as it finds it).
const MODE_BITS: u16 = 0x01FF & !VideoMode::PAL;

/// The width of the lines written on standard output (the TOS console's 80 columns, less
/// one so that a full line does not wrap by itself).
pub const CONSOLE_COLUMNS: usize = 79;

/// TETRHEX's configuration file, read before its command line.
pub const TETRHEX_CONFIG: &str = "TETRHEX.CFG";

impl Options {
    /// Parses `text` (words separated by blanks, tabs or line ends); an error names what was
    /// not understood.
    pub fn parse(text: &str) -> Result<Options, String> {
        let mut o = Options::default();
        let mut words = text.split_ascii_whitespace();
        while let Some(w) = words.next() {
            let upper = w.to_ascii_uppercase();
            if w.starts_with('-') || upper.ends_with(".RUL") || upper.ends_with(".MSG") {
                // TETRHEX's command line: the rest of the text as it is (quotes and all).
                let at = w.as_ptr() as usize - text.as_ptr() as usize;
                o.tetrhex = Some(text[at..].to_string());
                break;
            }
            let mut value = || words.next().ok_or_else(|| format!("option `{}` needs a value", w));
            match w {
                "game" => {
                    let name = value()?;
                    let i = (0..entries::count())
                        .find(|&n| entries::name(n).eq_ignore_ascii_case(name))
                        .ok_or_else(|| format!("no game called `{}` in the collection", name))?;
                    o.game = Some(i);
                }
                "id" => o.id = Some(value()?.to_string()),
                "seed" => o.seed = Some(value()?.to_string()),
                "attract" => o.attract = true,
                "hold" => o.hold = true,
                "measure" => o.measure = true,
                "fullscreen" => o.fullscreen = true,
                other => {
                    return Err(format!(
                        "unknown option `{}` (options: game NAME, id ID, seed TEXT, attract, hold, measure, fullscreen)",
                        other
                    ));
                }
            }
        }
        if o.hold && !o.attract {
            return Err("option `hold` is for the attract mode: it needs `attract`".to_string());
        }
        if o.id.is_some() && o.first_game().is_none() {
            return Err("option `id` needs `game NAME` of a puzzle to say whose ID it is".to_string());
        }
        if o.tetrhex.is_some() && o.first_game().is_some() {
            return Err("TETRHEX's options start TETRHEX: `game` can only name one of its rules".to_string());
        }
        Ok(o)
    }

    /// Whether these options can be carried out in a window: the attract mode and the
    /// measurements are full screen's alone (an error says to add `fullscreen`).
    pub fn check_for_window(&self) -> Result<(), String> {
        match (self.attract, self.measure) {
            (true, _) => Err("option `attract` is full screen's: add `fullscreen`".to_string()),
            (_, true) => Err("option `measure` is full screen's: add `fullscreen`".to_string()),
            _ => Ok(()),
        }
    }

    /// The puzzle asked for, if any.
    pub fn first_game(&self) -> Option<&'static GameEntry> {
        self.game.and_then(|n| games::ALL.get(n))
    }

    /// The rule of TETRHEX asked for by `game NAME`, if any.
    fn first_rule(&self) -> Option<&'static RuleEntry> {
        self.game.and_then(|n| n.checked_sub(games::ALL.len())).and_then(|r| rules::ALL.get(r))
    }

    /// Whether TETRHEX is the program: its options, or one of its rules by name.
    pub fn starts_tetrhex(&self) -> bool {
        self.tetrhex.is_some() || self.first_rule().is_some()
    }

    /// Reads TETRHEX's options when TETRHEX is the program: `TETRHEX.CFG` and the `-o` files
    /// from `disk` (none without a TOS), then its command line. `-ws` (or no `-ww`) asks for
    /// full screen, as TETRHEX without MiNT. The error is the manual's message for a bad
    /// option string.
    pub fn resolve_tetrhex(&mut self, disk: Option<&SharedRuleDisk>) -> Result<(), String> {
        if !self.starts_tetrhex() {
            return Ok(());
        }
        let mut read = |path: &str| -> Result<alloc::vec::Vec<u8>, String> {
            match disk {
                Some(d) => d.borrow_mut().read(path),
                None => Err(format!("{}: no disk without a TOS", path)),
            }
        };
        let config = match disk {
            Some(d) if d.borrow_mut().exists(TETRHEX_CONFIG) => Some(read(TETRHEX_CONFIG)?),
            _ => None,
        };
        let line = self.tetrhex.clone().unwrap_or_default();
        let options = tetrhex_options::parse(config.as_deref(), line.as_bytes(), &mut read).map_err(|e| e.message)?;
        if let Some(file) = &options.message_file {
            // Section 7: a message file is 68000 code from outside the program, called from
            // inside the game's loop. Run here it could write anywhere and crash the machine
            // with the screen, vectors and palette taken: refused, with the reason.
            return Err(format!(
                "-s {}: message files (section 7) are 68000 routines run inside the game; this version does not run them. Start without -s.",
                file
            ));
        }
        if self.measure && options.timer == Some(tetrhex_options::Timer::A) {
            // The measurements count cycles on Timer A: the clock cannot take it too.
            return Err("-ta: `measure` counts cycles with MFP Timer A; the clock cannot use it too".to_string());
        }
        if options.window_mode(false) == WindowMode::FullScreen {
            self.fullscreen = true;
        }
        self.tetrhex_options = Some(options);
        Ok(())
    }

    /// Reads the help on TETRHEX when TETRHEX is the program: TETRHEX.LNG beside it (none
    /// without a disk or without the file: the built-in text), then the help file it names
    /// for the first language of `-l`'s preferences it has (with [`Options::system_language`],
    /// which must be set before). The error has the exit code of section 8.2: 11 for a bad
    /// TETRHEX.LNG, 12 for a help file that is not there, 13 for one that is not text, -1
    /// when a file cannot be read.
    pub fn load_tetrhex_help(&mut self, disk: Option<&SharedRuleDisk>) -> Result<(), Failure> {
        let (Some(options), Some(disk)) = (&self.tetrhex_options, disk) else { return Ok(()) };
        let mut d = disk.borrow_mut();
        let system_error = |path: &str, why: String| Failure::new(ExitCode::SystemError, format!("{}: {}", path, why));
        let language_file = match d.exists(LANGUAGE_FILE) {
            true => Some(d.read(LANGUAGE_FILE).map_err(|why| system_error(LANGUAGE_FILE, why))?),
            false => None,
        };
        let pick = |available: &[u8]| options.pick_language(self.system_language, available);
        let mut read = |path: &str| match d.exists(path) {
            true => d.read(path).map(Some),
            false => Ok(None),
        };
        self.tetrhex_help = language_file::program_help(language_file.as_deref(), pick, &mut read)?;
        Ok(())
    }

    /// What TETRHEX's options ask the host to write on standard output at the start, line by
    /// line (none when TETRHEX is not the program): the help on TETRHEX for `-h` (TETRHEX.LNG's
    /// help file, none, or the built-in text in the language `-l` picks, with the `_AKP`
    /// language of [`Options::system_language`]: [`Options::tetrhex_help`]), wrapped
    /// at [`CONSOLE_COLUMNS`]; for `-e`, each option the manual says to ignore, and why
    /// (`tetrhex_options::Options::notes`). Errors are written whatever `-e` says.
    pub fn tetrhex_console_lines(&self) -> alloc::vec::Vec<String> {
        let mut lines = alloc::vec::Vec::new();
        let Some(t) = &self.tetrhex_options else { return lines };
        if t.help_to_output {
            let country = t.pick_language(self.system_language, &tetrhex::program_help::COUNTRIES).unwrap_or(0);
            let text = match &self.tetrhex_help {
                ProgramHelp::BuiltIn => Some(tetrhex::program_help::text(country)),
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

    /// The MFP timer of the full screen's clock: TETRHEX's `-ta`/`-td`, else Timer A when
    /// the left Shift key is held at the start (`left_shift_held`; section 4: useful when the
    /// serial port is used during the game), else Timer D. Timer D when TETRHEX is not the
    /// program, and with `measure` (which counts cycles on Timer A; `-ta` with it is refused
    /// by [`Options::resolve_tetrhex`]).
    pub fn clock_timer(&self, left_shift_held: bool) -> tetrhex_options::Timer {
        match &self.tetrhex_options {
            Some(t) if !self.measure => t.timer(left_shift_held),
            _ => tetrhex_options::Timer::D,
        }
    }

    /// TETRHEX's `-vr` (manual section 4: never change the resolution; a wrong one is an
    /// error): `Ok` without it, or when the screen is already in the mode the full screen
    /// sets on `monitor`; else why not (for [`RESOLUTION_EXIT`]). `current` is the mode TOS
    /// shows (`VsetMode(-1)`); `None` without a TOS, where the program always programs the
    /// VIDEL itself, so that `-vr` cannot be honoured there.
    pub fn check_fixed_resolution(&self, monitor: Monitor, current: Option<VideoMode>) -> Result<(), String> {
        if !self.tetrhex_options.as_ref().is_some_and(|t| t.fixed_resolution) {
            return Ok(());
        }
        let Some(current) = current else {
            return Err(
                "-vr: without a TOS this program always sets the screen's mode itself; start without -vr".to_string()
            );
        };
        match full_screen_mode(monitor, current) {
            Some(needed) if needed.0 & MODE_BITS == current.0 & MODE_BITS => Ok(()),
            Some(needed) => Err(format!(
                "-vr: the screen is in mode ${:04X}; TETRHEX needs 640x480 in 256 colours (mode ${:04X}) and -vr forbids changing it",
                current.0, needed.0
            )),
            None => Err("-vr: this monitor cannot show 640x480 in 256 colours".to_string()),
        }
    }

    /// TETRHEX's `-i on|off` (the last one given), for both hosts to switch the internal
    /// speaker at the start and leave it so (section 4: its state is not restored); `None`
    /// without `-i`, or when TETRHEX is not the program: the speaker is left alone.
    pub fn internal_speaker(&self) -> Option<InternalSpeaker> {
        let on = self.tetrhex_options.as_ref()?.speaker_on?;
        Some(if on { InternalSpeaker::On } else { InternalSpeaker::Off })
    }

    /// Where the GEM window first opens: TETRHEX's `-wp`/`-wpc` when TETRHEX is the program,
    /// else the host's default place.
    pub fn window_placement(&self) -> tetrhex_options::WindowPlacement {
        self.tetrhex_options.as_ref().map_or(tetrhex_options::WindowPlacement::Default, |t| t.window_placement)
    }

    /// The colour of the iconified window's icon: TETRHEX's `-ci n` (a system colour, 0–15)
    /// when TETRHEX is the program, else `None` (the icon shows the middle of the picture).
    pub fn icon_colour(&self) -> Option<u8> {
        self.tetrhex_options.as_ref().and_then(|t| t.icon_colour)
    }

    /// TETRHEX as the program: the rule of `-r` (a built-in one by its file name, else the
    /// file read from `disk`), of `game NAME`, or Tetrhex; at its presentation, with the
    /// options honoured. A rule file that is not there ends the program with exit code 7, one
    /// that is not a rule file with 8, one that cannot be read with -1 (section 8.2).
    fn tetrhex_app(&self, seed: &[u8], disk: Option<SharedRuleDisk>) -> Result<App, Failure> {
        let options = self.tetrhex_options.clone().unwrap_or_default();
        let entry = match &options.rule_file {
            Some(path) => {
                let base = path.rsplit(['\\', '/', ':']).next().unwrap_or(path);
                match rules::ALL.iter().find(|e| e.file_name.eq_ignore_ascii_case(base)) {
                    Some(e) => *e,
                    None => {
                        let d = disk.as_ref().ok_or_else(|| {
                            Failure::new(ExitCode::RuleFileNotFound, format!("{}: no disk without a TOS", path))
                        })?;
                        let (bytes, _) = tetrhex::rule_disk::read_rule_file(&mut *d.borrow_mut(), path)?;
                        let leak = |s: String| -> &'static str { alloc::boxed::Box::leak(s.into_boxed_str()) };
                        RuleEntry {
                            name: leak(base.to_string()),
                            file: alloc::boxed::Box::leak(bytes.into_boxed_slice()),
                            file_name: leak(path.clone()),
                        }
                    }
                }
            }
            None => *self.first_rule().unwrap_or(&rules::ALL[0]),
        };
        // Seeded as the collection seeds a rule it starts.
        let mut d = crate::digest::Digest::new();
        d.bytes(seed);
        d.bytes(entry.name.as_bytes());
        let seed32 = d.finish() as u32;
        let mut activity = match &disk {
            Some(d) => TetrhexActivity::with_disk(&entry, tetrhex::DEFAULT_SIZE, seed32, d.clone())?,
            None => TetrhexActivity::new(&entry, tetrhex::DEFAULT_SIZE, seed32)
                .map_err(|why| Failure::new(ExitCode::BadRuleFile, why))?,
        };
        activity.apply_options(&options, self.system_language);
        activity.set_program_help(self.tetrhex_help.clone());
        let mut app = App::with_activity(Box::new(activity), seed);
        if let Some(d) = disk {
            app.set_rule_disk(d);
        }
        Ok(app)
    }

    /// The collection: at its start screen, or in the game (and game ID) asked for, or
    /// TETRHEX; its random games seeded with `seed`; TETRHEX's rule files and best scores on
    /// `disk`. An error says why the game ID or the rule was refused.
    pub fn app(&self, seed: &[u8], disk: Option<SharedRuleDisk>) -> Result<App, String> {
        self.start(seed, disk).map_err(String::from)
    }

    /// [`Options::app`], its error with the exit code the program ends with: TETRHEX's rule
    /// file's (7, 8, -1), else 10 (a game ID that is refused).
    pub fn start(&self, seed: &[u8], disk: Option<SharedRuleDisk>) -> Result<App, Failure> {
        if self.starts_tetrhex() {
            return self.tetrhex_app(seed, disk);
        }
        let with_disk = |mut app: App| {
            if let Some(d) = disk.clone() {
                app.set_rule_disk(d);
            }
            app
        };
        let Some(entry) = self.first_game() else { return Ok(with_disk(App::new(seed))) };
        let mut puzzle = match &self.id {
            None => (entry.new)(&[seed, entry.name.as_bytes()].concat()),
            Some(id) => {
                let mut puzzle = (entry.new)(seed);
                puzzle
                    .set_game_id(id)
                    .map_err(|e| Failure::bad_options(format!("{} game ID {}: {}", entry.name, id, e)))?;
                puzzle
            }
        };
        puzzle.new_game(&mut NullDrawing::default());
        Ok(with_disk(App::with_activity(Box::new(PuzzleActivity::new(puzzle)), seed)))
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
