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
//!
//! TETRHEX's own options, files and exit codes are its program's
//! ([`TetrhexProgram`]: `app::tetrhex::program`); here is what the program's options make of
//! it, and what only the machine can say (`-vr`'s screen modes). Both hosts read the
//! options the same way at the start (`Options::read`; on the Falcon `frontend::start_up`).

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::app::entries::{self, Entry};
use crate::app::tetrhex::exit_code::{ExitCode, Failure};
use crate::app::tetrhex::options::{Timer, WindowPlacement};
use crate::app::tetrhex::program::{InternalSpeaker, TetrhexProgram};
use crate::app::tetrhex::rule_disk::SharedRuleDisk;
use crate::app::tetrhex::rules::RuleEntry;
use crate::app::{App, PuzzleActivity};
use crate::gfx::NullDrawing;
use crate::machine::video_mode::{Monitor, VideoMode, full_screen_mode};
use crate::puzzle::erased::GameEntry;

/// The options, parsed.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Options {
    /// Entry of the collection (`app::entries`) to start with.
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
    pub tetrhex_command_line: Option<String>,
    /// TETRHEX as the program, its options read (`resolve_tetrhex`), when it is the program.
    pub tetrhex: Option<TetrhexProgram>,
}

/// Exit code of options that are not understood: TETRHEX's (section 8.2, code 10).
pub const BAD_OPTIONS_EXIT: i32 = ExitCode::BadOptions.value() as i32;

/// Exit code of TETRHEX's `-vr` when the resolution would have to change (section 8.2,
/// "impossible de changer de résolution").
pub const RESOLUTION_EXIT: i32 = ExitCode::ResolutionChange.value() as i32;

/// The bits of a mode word that make the picture (all but PAL, which the full screen keeps
/// as it finds it).
const MODE_BITS: u16 = 0x01FF & !VideoMode::PAL;

impl Options {
    /// What the program is asked to do, as both hosts read it at the start: `text` parsed,
    /// TETRHEX's options read from `disk` when TETRHEX is the program
    /// ([`Options::resolve_tetrhex`]), the system's language `system_language` (the `_AKP`
    /// cookie's) given to it and its help on TETRHEX read (TETRHEX.LNG). The error carries
    /// the exit code the program ends with: 10 for options that are not understood,
    /// TETRHEX.LNG's 11, 12, 13 or -1.
    pub fn read(text: &str, disk: Option<&SharedRuleDisk>, system_language: Option<u8>) -> Result<Options, Failure> {
        let mut o = Options::parse(text).map_err(Failure::bad_options)?;
        o.resolve_tetrhex(disk).map_err(Failure::bad_options)?;
        if let Some(t) = &mut o.tetrhex {
            t.system_language = system_language;
            t.load_help(disk)?;
        }
        Ok(o)
    }

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
                o.tetrhex_command_line = Some(text[at..].to_string());
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
        if o.tetrhex_command_line.is_some() && o.first_game().is_some() {
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
        match entries::get(self.game?) {
            Some(Entry::Puzzle(g)) => Some(g),
            _ => None,
        }
    }

    /// The rule of TETRHEX asked for by `game NAME`, if any.
    fn first_rule(&self) -> Option<&'static RuleEntry> {
        match entries::get(self.game?) {
            Some(Entry::Rule(r)) => Some(r),
            _ => None,
        }
    }

    /// Whether TETRHEX is the program: its options, or one of its rules by name.
    pub fn starts_tetrhex(&self) -> bool {
        self.tetrhex_command_line.is_some() || self.first_rule().is_some()
    }

    /// Reads TETRHEX's options when TETRHEX is the program ([`TetrhexProgram::read`]:
    /// `TETRHEX.CFG` and the `-o` files from `disk`, then its command line). Its `-ws` (or no
    /// `-ww`) asks for full screen, as TETRHEX without MiNT. The error is the manual's
    /// message for a bad option string.
    pub fn resolve_tetrhex(&mut self, disk: Option<&SharedRuleDisk>) -> Result<(), String> {
        if !self.starts_tetrhex() {
            return Ok(());
        }
        let line = self.tetrhex_command_line.clone().unwrap_or_default();
        let program = TetrhexProgram::read(&line, disk)?;
        if self.measure && program.options.timer == Some(Timer::A) {
            // The measurements count cycles on Timer A: the clock cannot take it too.
            return Err("-ta: `measure` counts cycles with MFP Timer A; the clock cannot use it too".to_string());
        }
        if program.wants_full_screen() {
            self.fullscreen = true;
        }
        self.tetrhex = Some(program);
        Ok(())
    }

    /// What the program writes on standard output at the start, line by line: TETRHEX's
    /// (`-h`, `-e`: [`TetrhexProgram::console_lines`]), none when TETRHEX is not the program.
    pub fn console_lines(&self) -> Vec<String> {
        self.tetrhex.as_ref().map_or_else(Vec::new, TetrhexProgram::console_lines)
    }

    /// The MFP timer of the full screen's clock: TETRHEX's choice
    /// ([`TetrhexProgram::clock_timer`]: `-ta`/`-td`, else left Shift held at the start).
    /// Timer D when TETRHEX is not the program, and with `measure` (which counts cycles on
    /// Timer A; `-ta` with it is refused by [`Options::resolve_tetrhex`]).
    pub fn clock_timer(&self, left_shift_held: bool) -> Timer {
        match &self.tetrhex {
            Some(t) if !self.measure => t.clock_timer(left_shift_held),
            _ => Timer::D,
        }
    }

    /// TETRHEX's `-vr` (manual section 4: never change the resolution; a wrong one is an
    /// error): `Ok` without it, or when the screen is already in the mode the full screen
    /// sets on `monitor`; else why not (for [`RESOLUTION_EXIT`]). `current` is the mode TOS
    /// shows (`VsetMode(-1)`); `None` without a TOS, where the program always programs the
    /// VIDEL itself, so that `-vr` cannot be honoured there.
    pub fn check_fixed_resolution(&self, monitor: Monitor, current: Option<VideoMode>) -> Result<(), String> {
        if !self.tetrhex.as_ref().is_some_and(TetrhexProgram::fixed_resolution) {
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

    /// TETRHEX's `-i on|off` ([`TetrhexProgram::internal_speaker`]); `None` when TETRHEX is
    /// not the program: the speaker is left alone.
    pub fn internal_speaker(&self) -> Option<InternalSpeaker> {
        self.tetrhex.as_ref()?.internal_speaker()
    }

    /// Where the GEM window first opens: TETRHEX's `-wp`/`-wpc` when TETRHEX is the program,
    /// else the host's default place.
    pub fn window_placement(&self) -> WindowPlacement {
        self.tetrhex.as_ref().map_or(WindowPlacement::Default, TetrhexProgram::window_placement)
    }

    /// The colour of the iconified window's icon: TETRHEX's `-ci n` when TETRHEX is the
    /// program, else `None` (the icon shows the middle of the picture).
    pub fn icon_colour(&self) -> Option<u8> {
        self.tetrhex.as_ref().and_then(TetrhexProgram::icon_colour)
    }

    /// The seed of the random games: the option's, else the frames counted since the machine
    /// started (`frames`, under a TOS: another seed every run), else a fixed one.
    pub fn seed_or(&self, frames: Option<u32>) -> String {
        self.seed.clone().unwrap_or_else(|| match frames {
            Some(frames) => format!("{}", frames),
            None => "falcon".to_string(),
        })
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
        let with_disk = |mut app: App| {
            if let Some(d) = disk.clone() {
                app.set_rule_disk(d);
            }
            app
        };
        if self.starts_tetrhex() {
            let program = self.tetrhex.clone().unwrap_or_default();
            let activity = program.activity(self.first_rule(), seed, disk.as_ref())?;
            return Ok(with_disk(App::with_activity(Box::new(activity), seed)));
        }
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
