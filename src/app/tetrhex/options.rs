//! TETRHEX's options (manual section 4): [`parse`] reads the file TETRHEX.CFG (if there is
//! one) then the command line into [`Options`], every option of the manual typed and at the
//! manual's default when not given.
//!
//! The string's rules, as the manual gives them:
//! - options start with `-` and are separated by blanks (bytes of code 32 or less);
//! - numbers are decimal, or hexadecimal after `$` (`$F8`);
//! - when an option is given twice, or options contradict each other (`-ta`/`-td`,
//!   `-vs+`/`-vs-`, `-ws`/`-ww`), the last one counts;
//! - `-u`, `-vl`, `-vr`, `-vs`, `-wu` and `-e` may end with `-` (off) or `+` (on, the same
//!   as nothing);
//! - `-o file` replaces the rest of the string (what follows it in the same source, and the
//!   command line when it is in TETRHEX.CFG) by the file's contents; an options file may name
//!   another, up to [`MAX_OPTIONS_FILES`] in a chain, and never one already read (a loop);
//! - a file dropped on TETRHEX's icon arrives as a bare word (not starting with `-`): a
//!   `.RUL` file is the rule (as `-r`), a `.MSG` file the message file (as `-s`), and any
//!   other file an options file (as `-o`), as the manual says of drag and drop. So a stray
//!   word is read as an options file, and the error names it when it cannot be read;
//! - any syntax error stops the program: [`OptionError`] with [`ExitCode::BadOptions`] and a
//!   message naming the option, why it is wrong and where it was.
//!
//! Our own choices where the manual says nothing: option names are matched whatever their
//! case (old TOS desktops turn a `.TTP`'s parameters into capitals); any word may be quoted,
//! not only `-p`'s name, and a quoted word is never an option; TETRHEX.CFG and the command line
//! are read one after the other but an option's parameters must be in the same one; an
//! option of `-b`, `-cd`, `-ch`, `-ct` that the manual says to ignore leaves a line in
//! [`Options::notes`] (for the `-e` error output).

pub mod language;
pub mod words;

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

pub use self::language::{DEFAULT_LANGUAGES, LanguagePreference};
use self::words::{Word, WordError, Words};
pub use super::exit_code::ExitCode;
use super::pens;

/// The longest player's name: a best score keeps 24 bytes, NUL-terminated.
pub const PLAYER_NAME_MAX: usize = 23;

/// How many options files (`-o`, or dropped on the icon) may be read one from another.
pub const MAX_OPTIONS_FILES: usize = 8;

/// A colour as three intensities of 0–255.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb {
    pub red: u8,
    pub green: u8,
    pub blue: u8,
}

impl Rgb {
    pub const WHITE: Rgb = Rgb { red: 255, green: 255, blue: 255 };
    pub const BLACK: Rgb = Rgb { red: 0, green: 0, blue: 0 };
}

/// The hexagonal board's frame (option `-b`): four planes, the front one at `front`, each
/// further back `step` darker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardColours {
    /// Red, green and blue of the front plane (default 240, 240, 240).
    pub front: [u8; 3],
    /// What each plane takes off the one in front of it (default 48, 48, 48); three times a
    /// step never exceeds its front intensity, since there are three planes behind.
    pub step: [u8; 3],
}

impl Default for BoardColours {
    fn default() -> BoardColours {
        BoardColours { front: pens::FRAME_FRONT, step: pens::FRAME_STEP }
    }
}

/// What the date shows (`-dd`, `-dy`, `-da`, `-dn`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DateDisplay {
    Hidden,
    WithoutYear,
    WithYear,
}

/// What the time shows (`-dt`, `-ds`, `-da`, `-dn`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeDisplay {
    Hidden,
    WithoutSeconds,
    WithSeconds,
}

/// A font chosen by `-fe`, `-fg`, ... : its number, and whether it is a vector font
/// (written with a `+` before the number: `-fg +5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FontChoice {
    pub number: u16,
    pub vector: bool,
}

/// The font options. They are accepted and recorded, but this program draws with its own
/// bitmap fonts and ignores them (no GDOS fonts here).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fonts {
    /// `-f+`: added to vector font numbers to get the VDI's index (default 0; 0 or 5000
    /// depending on SpeedoGDOS's version).
    pub vector_offset: u16,
    /// `-fe`: the font of the word "Menu".
    pub menu_title: Option<FontChoice>,
    /// `-fg`: the font of the game itself.
    pub game: Option<FontChoice>,
    /// `-fh`: the font of the help.
    pub help: Option<FontChoice>,
    /// `-fm`: the font of the menus.
    pub menus: Option<FontChoice>,
    /// `-fn`: the font of the rule's name.
    pub rule_name: Option<FontChoice>,
    /// `-fo`: the font of "game over".
    pub game_over: Option<FontChoice>,
    /// `-fp`: the font of "-- PAUSE --".
    pub pause: Option<FontChoice>,
    /// `-fr`: the font of the text under "Shareware".
    pub register: Option<FontChoice>,
    /// `-fs`: the font of the best scores.
    pub scores: Option<FontChoice>,
    /// `-ft`: the font of "TETRHEX x.xx".
    pub title: Option<FontChoice>,
    /// `-fw`: the font of "Shareware".
    pub shareware: Option<FontChoice>,
}

/// What becomes of the memory holding the background picture (`-ma`, `-mf`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackgroundMemory {
    /// `-ma`: never freed before the end, so the background is never computed again.
    KeepAllocated,
    /// `-mf`: freed after each display, the background computed again when it is shown again.
    FreeAfterDisplay,
}

/// The MFP timer TETRHEX counts time with (`-ta`, `-td`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timer {
    A,
    D,
}

/// Full screen or a GEM window (`-ws`, `-ww`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowMode {
    FullScreen,
    Window,
}

/// Where the GEM window goes (`-wp`, `-wpc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowPlacement {
    /// The program's default place.
    Default,
    /// `-wpc`: centred on the screen.
    Centred,
    /// `-wp x y`: the window's top left corner; a place where the window does not fit means
    /// the default place (the host checks).
    At { x: u32, y: u32 },
}

/// Every option of section 4, at the manual's defaults until given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `-b Ir Ig Ib Dr Dg Db`: the board frame's colours (ignored, with a note, when a
    /// number exceeds 255 or a step times three exceeds its front intensity).
    pub board: BoardColours,
    /// `-cd R G B`: the date's colour. A number outside 0–255 leaves its component unchanged;
    /// all three zero after every `-cd` means white. Default white.
    pub date_colour: Rgb,
    /// `-ch R G B`: the help text's colour, with `-cd`'s rules. Default white.
    pub help_colour: Rgb,
    /// `-ct R G B`: the time's colour, with `-cd`'s rules. Default white.
    pub time_colour: Rgb,
    /// `-ci n`: the icon's colour index, 0–15 (AES 4.1 and later); `None`: the AES's.
    pub icon_colour: Option<u8>,
    /// `-cp n`: the colour index of "-- PAUSE --" in the window pause, 0–15; `None`: the
    /// program's.
    pub pause_colour: Option<u8>,
    /// The date: `-dd` without the year, `-dy` with it, `-dn` hidden, `-da` with the year.
    /// The manual gives no default; ours is `-da`'s.
    pub date: DateDisplay,
    /// The time: `-dt` without seconds, `-ds` with them, `-dn` hidden, `-da` with seconds.
    /// Default `-da`'s.
    pub time: TimeDisplay,
    /// `-e[+/-]`: error messages are also written to standard output. Default off.
    pub error_output: bool,
    /// `-f+`, `-fe` ... `-fw`: fonts (recorded, ignored by this program).
    pub fonts: Fonts,
    /// `-gdos`: behave as if SpeedoGDOS were there (ignored by this program, like fonts).
    pub assume_gdos: bool,
    /// `-h` or `-help`: the help file is written to standard output.
    pub help_to_output: bool,
    /// `-i on` / `-i off`: switch the internal speaker on or off (its state is not restored
    /// at the end); `None`: leave it alone.
    pub speaker_on: Option<bool>,
    /// `-l ...`: the help languages in order of preference (any number of them, maybe
    /// none). Default `* 0 3`. See [`Options::pick_language`].
    pub languages: Vec<LanguagePreference>,
    /// `-ma` / `-mf`: the background picture's memory; `None`: the program decides.
    pub background_memory: Option<BackgroundMemory>,
    /// `-n n`: the board's side, 6–9; `None`: the rule's (or the program's default).
    pub board_side: Option<u8>,
    /// `-p "name"` or `-p 'name'`: the player's name (Atari character set, printable,
    /// at most [`PLAYER_NAME_MAX`] bytes). Empty (the default): asked for when a score
    /// enters the best scores.
    pub player: Vec<u8>,
    /// `-r file`, or a `.RUL` file dropped on the icon: the rule file loaded at the start;
    /// `None`: TETRHEX.RUL.
    pub rule_file: Option<String>,
    /// `-s file`, or a `.MSG` file dropped on the icon: the message file (section 7).
    pub message_file: Option<String>,
    /// `-ta` / `-td`: the timer, whatever the left Shift key says; `None`: timer A when
    /// left Shift is held at the start, else timer D. See [`Options::timer`].
    pub timer: Option<Timer>,
    /// `-u[+/-]`: leave the best scores unchanged (and no "player's name" menu item).
    pub keep_scores: bool,
    /// `-vhc n0 ... n7`: the 8 intensities of the hexagons' shades, darkest first.
    /// Default $30, $60, $78, $90, $A8, $C8, $D8, $F8.
    pub hex_levels: [u8; 8],
    /// `-vhw n0 ... n7`: white added to all three components of each shade (the sum kept
    /// at most 255). Default $00, $00, $00, $00, $10, $20, $50, $80.
    pub hex_white: [u8; 8],
    /// `-vl[+/-]`: switch LED Panel off in full screen (restored at the end).
    pub led_panel_off: bool,
    /// `-vr[+/-]`: never change the resolution; a wrong one is an error.
    pub fixed_resolution: bool,
    /// `-vs[+/-]`: synchronise some drawing with the VBL.
    pub video_sync: bool,
    /// `-ws` / `-ww`: full screen or a GEM window; `None`: a window when the MiNT cookie is
    /// there, else full screen. See [`Options::window_mode`].
    pub window_mode: Option<WindowMode>,
    /// `-wp x y` / `-wpc`: where the window goes.
    pub window_placement: WindowPlacement,
    /// `-wu[+/-]`: in full screen, hold the screen semaphore all the time (accessories
    /// cannot draw).
    pub screen_locked: bool,
    /// The options files read (`-o`, or dropped on the icon), in order.
    pub options_files: Vec<String>,
    /// Options accepted but (partly) ignored as the manual says, one line each, for the
    /// `-e` output.
    pub notes: Vec<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            board: BoardColours::default(),
            date_colour: Rgb::WHITE,
            help_colour: Rgb::WHITE,
            time_colour: Rgb::WHITE,
            icon_colour: None,
            pause_colour: None,
            date: DateDisplay::WithYear,
            time: TimeDisplay::WithSeconds,
            error_output: false,
            fonts: Fonts::default(),
            assume_gdos: false,
            help_to_output: false,
            speaker_on: None,
            languages: DEFAULT_LANGUAGES.to_vec(),
            background_memory: None,
            board_side: None,
            player: Vec::new(),
            rule_file: None,
            message_file: None,
            timer: None,
            keep_scores: false,
            hex_levels: pens::HEX_COLOUR,
            hex_white: pens::HEX_WHITE,
            led_panel_off: false,
            fixed_resolution: false,
            video_sync: false,
            window_mode: None,
            window_placement: WindowPlacement::Default,
            screen_locked: false,
            options_files: Vec::new(),
            notes: Vec::new(),
        }
    }
}

impl Options {
    /// The help's language: the first of [`Options::languages`] that `available` (the
    /// languages of TETRHEX.LNG that have a help file) holds. `system` is the language of
    /// the `_AKP` cookie (bits 8–15), `None` without the cookie (then `?` and `*` stand for
    /// nothing). `None` when no preference is available: as in the manual (section 5.1), no
    /// help is shown then.
    pub fn pick_language(&self, system: Option<u8>, available: &[u8]) -> Option<u8> {
        language::pick(&self.languages, system, available)
    }

    /// Full screen or window: `-ws`/`-ww`, else a window exactly when the MiNT cookie is there.
    pub fn window_mode(&self, mint_present: bool) -> WindowMode {
        self.window_mode.unwrap_or(if mint_present { WindowMode::Window } else { WindowMode::FullScreen })
    }

    /// The timer: `-ta`/`-td`, else A when the left Shift key is held at the start, else D.
    pub fn timer(&self, left_shift_held: bool) -> Timer {
        self.timer.unwrap_or(if left_shift_held { Timer::A } else { Timer::D })
    }
}

/// A wrong options string: the exit code ([`ExitCode::BadOptions`]) and what is wrong,
/// e.g. `-n 12: the board side must be between 6 and 9 (on the command line)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    pub code: ExitCode,
    pub message: String,
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Reads the options: `config` (TETRHEX.CFG's contents, `None` without the file), then
/// `command_line`; `read_file` gives an options file's contents (`-o`, or a bare word) or
/// why it cannot.
pub fn parse(
    config: Option<&[u8]>,
    command_line: &[u8],
    read_file: &mut dyn FnMut(&str) -> Result<Vec<u8>, String>,
) -> Result<Options, OptionError> {
    let mut options = Options::default();
    let mut next = None;
    if let Some(config) = config {
        next = read_source(&mut options, config, &Source::Config)?;
    }
    if next.is_none() {
        next = read_source(&mut options, command_line, &Source::CommandLine)?;
    }
    while let Some(file) = next {
        let fail = |why: String| OptionError {
            code: ExitCode::BadOptions,
            message: format!("{}: {} ({})", file.shown, why, file.source),
        };
        if options.options_files.iter().any(|f| f.eq_ignore_ascii_case(&file.name)) {
            return Err(fail(format!("{} is read a second time: the options files make a loop", file.name)));
        }
        if options.options_files.len() == MAX_OPTIONS_FILES {
            return Err(fail(format!("more than {MAX_OPTIONS_FILES} options files read one from another")));
        }
        let text = read_file(&file.name).map_err(|why| {
            if file.bare {
                fail(format!(
                    "not a .RUL or .MSG file, so read as an options file (as -o), but it cannot be read: {why}"
                ))
            } else {
                fail(format!("the options file cannot be read: {why}"))
            }
        })?;
        options.options_files.push(file.name.clone());
        next = read_source(&mut options, &text, &Source::OptionsFile(file.name))?;
    }
    for colour in [&mut options.date_colour, &mut options.help_colour, &mut options.time_colour] {
        if *colour == Rgb::BLACK {
            *colour = Rgb::WHITE;
        }
    }
    Ok(options)
}

/// Where a string of options comes from, for messages.
enum Source {
    Config,
    CommandLine,
    OptionsFile(String),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Config => f.write_str("in TETRHEX.CFG"),
            Source::CommandLine => f.write_str("on the command line"),
            Source::OptionsFile(name) => write!(f, "in the options file {name}"),
        }
    }
}

/// An options file that replaces the rest of the string.
struct PendingFile {
    name: String,
    /// The option (or bare word) that named it, for messages.
    shown: String,
    /// Where that option was.
    source: String,
    /// Named by a bare word (dropped on the icon) rather than `-o`.
    bare: bool,
}

/// What to do after one option.
enum Step {
    Next,
    /// Read this options file instead of the rest.
    OptionsFile(String, bool),
}

/// Reads one source's options into `options`; the options file that replaces the rest, if any.
fn read_source(options: &mut Options, text: &[u8], source: &Source) -> Result<Option<PendingFile>, OptionError> {
    let mut words = Words::new(text);
    while let Some(word) = words.next() {
        let mut shown = String::new();
        let step = match word {
            Err(e) => Err(quote_error(e, &mut shown)),
            Ok(word) => {
                push_shown(&mut shown, word.raw);
                if word.is_option() {
                    option(options, &word.text[1..], &mut words, &mut shown)
                } else {
                    bare_word(options, word)
                }
            }
        };
        match step {
            Ok(Step::Next) => {}
            Ok(Step::OptionsFile(name, bare)) => {
                return Ok(Some(PendingFile { name, shown, source: source.to_string(), bare }));
            }
            Err(why) => {
                return Err(OptionError { code: ExitCode::BadOptions, message: format!("{shown}: {why} ({source})") });
            }
        }
    }
    Ok(None)
}

/// A word not starting with `-`: a file dropped on the icon.
fn bare_word(options: &mut Options, word: Word) -> Result<Step, String> {
    let name = file_name(word.text, "the file name")?;
    let upper = name.to_ascii_uppercase();
    if upper.ends_with(".RUL") {
        options.rule_file = Some(name);
    } else if upper.ends_with(".MSG") {
        options.message_file = Some(name);
    } else {
        return Ok(Step::OptionsFile(name, true));
    }
    Ok(Step::Next)
}

/// One option, `name` without its `-`; its parameters are taken from `words` and added to
/// `shown`.
fn option(options: &mut Options, name: &[u8], words: &mut Words, shown: &mut String) -> Result<Step, String> {
    let name = match core::str::from_utf8(name) {
        Ok(n) if n.is_ascii() => n.to_ascii_lowercase(),
        _ => return Err("unknown option".to_string()),
    };
    if let Some((base, on)) = switch(&name) {
        let flag = match base {
            "e" => &mut options.error_output,
            "u" => &mut options.keep_scores,
            "vl" => &mut options.led_panel_off,
            "vr" => &mut options.fixed_resolution,
            "vs" => &mut options.video_sync,
            _ => &mut options.screen_locked,
        };
        *flag = on;
        return Ok(Step::Next);
    }
    match name.as_str() {
        "b" => {
            let mut n = [0u32; 6];
            for v in n.iter_mut() {
                *v = number(words, shown, "each of the 6 intensities")?;
            }
            if n.iter().any(|&v| v > 255) {
                options.notes.push(format!("{shown}: ignored, every number must be between 0 and 255"));
            } else if (0..3).any(|c| 3 * n[c + 3] > n[c]) {
                options.notes.push(format!("{shown}: ignored, three times each step must not exceed its intensity"));
            } else {
                options.board = BoardColours {
                    front: [n[0] as u8, n[1] as u8, n[2] as u8],
                    step: [n[3] as u8, n[4] as u8, n[5] as u8],
                };
            }
        }
        "cd" => rgb(&mut options.date_colour, &mut options.notes, words, shown)?,
        "ch" => rgb(&mut options.help_colour, &mut options.notes, words, shown)?,
        "ct" => rgb(&mut options.time_colour, &mut options.notes, words, shown)?,
        "ci" => options.icon_colour = Some(ranged(words, shown, "the colour index", 0, 15)?),
        "cp" => options.pause_colour = Some(ranged(words, shown, "the colour index", 0, 15)?),
        "da" => (options.date, options.time) = (DateDisplay::WithYear, TimeDisplay::WithSeconds),
        "dd" => options.date = DateDisplay::WithoutYear,
        "dn" => (options.date, options.time) = (DateDisplay::Hidden, TimeDisplay::Hidden),
        "ds" => options.time = TimeDisplay::WithSeconds,
        "dt" => options.time = TimeDisplay::WithoutSeconds,
        "dy" => options.date = DateDisplay::WithYear,
        "f+" => options.fonts.vector_offset = number16(words, shown, "the offset of vector fonts")?,
        "fe" => options.fonts.menu_title = Some(font(words, shown)?),
        "fg" => options.fonts.game = Some(font(words, shown)?),
        "fh" => options.fonts.help = Some(font(words, shown)?),
        "fm" => options.fonts.menus = Some(font(words, shown)?),
        "fn" => options.fonts.rule_name = Some(font(words, shown)?),
        "fo" => options.fonts.game_over = Some(font(words, shown)?),
        "fp" => options.fonts.pause = Some(font(words, shown)?),
        "fr" => options.fonts.register = Some(font(words, shown)?),
        "fs" => options.fonts.scores = Some(font(words, shown)?),
        "ft" => options.fonts.title = Some(font(words, shown)?),
        "fw" => options.fonts.shareware = Some(font(words, shown)?),
        "gdos" => options.assume_gdos = true,
        "h" | "help" => options.help_to_output = true,
        "i" => {
            let word = argument(words, shown, "on or off")?;
            options.speaker_on = Some(match word.text.to_ascii_lowercase().as_slice() {
                b"on" => true,
                b"off" => false,
                _ => return Err("the speaker is switched on or off: -i on, -i off".to_string()),
            });
        }
        "l" => options.languages = languages(words, shown)?,
        "ma" => options.background_memory = Some(BackgroundMemory::KeepAllocated),
        "mf" => options.background_memory = Some(BackgroundMemory::FreeAfterDisplay),
        "n" => options.board_side = Some(ranged(words, shown, "the board side", 6, 9)?),
        "o" => {
            let word = argument(words, shown, "the options file")?;
            return Ok(Step::OptionsFile(file_name(word.text, "the options file")?, false));
        }
        "p" => options.player = player(words, shown)?,
        "r" => options.rule_file = Some(file_name(argument(words, shown, "the rule file")?.text, "the rule file")?),
        "s" => {
            let word = argument(words, shown, "the message file")?;
            options.message_file = Some(file_name(word.text, "the message file")?);
        }
        "ta" => options.timer = Some(Timer::A),
        "td" => options.timer = Some(Timer::D),
        "vhc" => options.hex_levels = eight(words, shown)?,
        "vhw" => options.hex_white = eight(words, shown)?,
        "wp" => {
            let x = number(words, shown, "the window's x")?;
            let y = number(words, shown, "the window's y")?;
            options.window_placement = WindowPlacement::At { x, y };
        }
        "wpc" => options.window_placement = WindowPlacement::Centred,
        "ws" => options.window_mode = Some(WindowMode::FullScreen),
        "ww" => options.window_mode = Some(WindowMode::Window),
        _ => return Err("unknown option".to_string()),
    }
    Ok(Step::Next)
}

/// The switch's name and whether it is set on, when `name` is a switch (`-e`, `-u`, `-vl`,
/// `-vr`, `-vs`, `-wu`, with an optional `+` or `-` after it).
fn switch(name: &str) -> Option<(&str, bool)> {
    let (base, on) = match name.as_bytes().last() {
        Some(b'+') => (&name[..name.len() - 1], true),
        Some(b'-') => (&name[..name.len() - 1], false),
        _ => (name, true),
    };
    matches!(base, "e" | "u" | "vl" | "vr" | "vs" | "wu").then_some((base, on))
}

/// The next word as a parameter called `what` (an option is not one).
fn argument<'t>(words: &mut Words<'t>, shown: &mut String, what: &str) -> Result<Word<'t>, String> {
    match words.peek() {
        None => Err(format!("{what} is missing")),
        Some(Err(e)) => {
            words.next();
            shown.push(' ');
            Err(quote_error(e, shown))
        }
        Some(Ok(word)) if word.is_option() => {
            let mut next = String::new();
            push_shown(&mut next, word.raw);
            Err(format!("{what} is missing before {next}"))
        }
        Some(Ok(word)) => {
            words.next();
            shown.push(' ');
            push_shown(shown, word.raw);
            Ok(word)
        }
    }
}

/// A number in decimal or, after `$`, in hexadecimal.
pub fn parse_number(text: &[u8]) -> Result<u32, &'static str> {
    let (digits, radix) = match text.split_first() {
        Some((b'$', rest)) => (rest, 16),
        _ => (text, 10),
    };
    if digits.is_empty() {
        return Err("must be a number (decimal, or hexadecimal after $)");
    }
    let mut value: u32 = 0;
    for &d in digits {
        let Some(digit) = (d as char).to_digit(radix) else {
            return Err("must be a number (decimal, or hexadecimal after $)");
        };
        value = value.checked_mul(radix).and_then(|v| v.checked_add(digit)).ok_or("is too large")?;
    }
    Ok(value)
}

/// The next word as a number called `what`.
fn number(words: &mut Words, shown: &mut String, what: &str) -> Result<u32, String> {
    let word = argument(words, shown, what)?;
    parse_number(word.text).map_err(|why| format!("{what} {why}"))
}

/// The next word as a number from `low` to `high`.
fn ranged(words: &mut Words, shown: &mut String, what: &str, low: u8, high: u8) -> Result<u8, String> {
    let n = number(words, shown, what)?;
    if n < u32::from(low) || n > u32::from(high) {
        return Err(format!("{what} must be between {low} and {high}"));
    }
    Ok(n as u8)
}

/// The next word as a number of 16 bits.
fn number16(words: &mut Words, shown: &mut String, what: &str) -> Result<u16, String> {
    let n = number(words, shown, what)?;
    u16::try_from(n).map_err(|_| format!("{what} must be between 0 and 65535"))
}

/// `-cd`, `-ch`, `-ct`: three intensities; one outside 0–255 leaves its component as it was.
fn rgb(colour: &mut Rgb, notes: &mut Vec<String>, words: &mut Words, shown: &mut String) -> Result<(), String> {
    let mut n = [0u32; 3];
    for v in n.iter_mut() {
        *v = number(words, shown, "each of the 3 intensities")?;
    }
    let mut ignored = false;
    for (component, value) in [&mut colour.red, &mut colour.green, &mut colour.blue].into_iter().zip(n) {
        match u8::try_from(value) {
            Ok(v) => *component = v,
            Err(_) => ignored = true,
        }
    }
    if ignored {
        notes.push(format!("{shown}: an intensity over 255 leaves its component unchanged"));
    }
    Ok(())
}

/// `-vhc`, `-vhw`: eight intensities of 0–255.
fn eight(words: &mut Words, shown: &mut String) -> Result<[u8; 8], String> {
    let mut out = [0u8; 8];
    for v in out.iter_mut() {
        *v = ranged(words, shown, "each of the 8 intensities", 0, 255)?;
    }
    Ok(out)
}

/// A font option's parameter: a number, after `+` for a vector font.
fn font(words: &mut Words, shown: &mut String) -> Result<FontChoice, String> {
    let word = argument(words, shown, "the font number")?;
    let (text, vector) = match word.text.split_first() {
        Some((b'+', rest)) => (rest, true),
        _ => (word.text, false),
    };
    let n = parse_number(text).map_err(|why| format!("the font number {why}"))?;
    let number = u16::try_from(n).map_err(|_| "the font number must be between 0 and 65535".to_string())?;
    Ok(FontChoice { number, vector })
}

/// `-l`'s parameters: every following word that is a number, `?` or `*`.
fn languages(words: &mut Words, shown: &mut String) -> Result<Vec<LanguagePreference>, String> {
    let mut out = Vec::new();
    while let Some(Ok(next)) = words.peek() {
        if next.is_option() || !(next.text == b"?" || next.text == b"*" || parse_number(next.text).is_ok()) {
            break;
        }
        let word = argument(words, shown, "a language")?;
        out.push(match word.text {
            b"?" => LanguagePreference::System,
            b"*" => LanguagePreference::CloseToSystem,
            text => {
                let n = parse_number(text).map_err(|why| format!("a language {why}"))?;
                LanguagePreference::Code(
                    u8::try_from(n).map_err(|_| "a language must be between 0 and 255".to_string())?,
                )
            }
        });
    }
    Ok(out)
}

/// `-p`'s name: quoted, printable, at most [`PLAYER_NAME_MAX`] bytes.
fn player(words: &mut Words, shown: &mut String) -> Result<Vec<u8>, String> {
    let word = argument(words, shown, "the player's name")?;
    if !word.quoted {
        return Err("the player's name must be between quotes (\"name\" or 'name')".to_string());
    }
    if word.text.len() > PLAYER_NAME_MAX {
        return Err(format!(
            "the player's name has {} characters, at most {PLAYER_NAME_MAX} fit in a best score",
            word.text.len()
        ));
    }
    if let Some(&c) = word.text.iter().find(|&&c| c < b' ' || c == 0x7F) {
        return Err(format!("the player's name holds a control character (code {c})"));
    }
    Ok(word.text.to_vec())
}

/// A file name: not empty, printable ASCII (TOS names).
fn file_name(text: &[u8], what: &str) -> Result<String, String> {
    if text.is_empty() {
        return Err(format!("{what} is empty"));
    }
    if text.iter().any(|&c| !(b' '..0x7F).contains(&c)) {
        return Err(format!("{what} must be written in printable ASCII"));
    }
    Ok(text.iter().map(|&c| c as char).collect())
}

/// A quote error's text added to `shown`, and why it is wrong.
fn quote_error(e: WordError, shown: &mut String) -> String {
    match e {
        WordError::Unterminated(text) => {
            push_shown(shown, text);
            "the quote is not closed".to_string()
        }
        WordError::TextAfterQuote(text) => {
            push_shown(shown, text);
            "a blank must follow the closing quote".to_string()
        }
    }
}

/// Adds `bytes` to a message: printable ASCII as it is, anything else as `?`; long words
/// cut after 40 bytes.
fn push_shown(shown: &mut String, bytes: &[u8]) {
    const LONGEST: usize = 40;
    for &b in bytes.iter().take(LONGEST) {
        shown.push(if (b' '..0x7F).contains(&b) { b as char } else { '?' });
    }
    if bytes.len() > LONGEST {
        shown.push_str("...");
    }
}
