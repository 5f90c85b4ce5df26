//! TETRHEX.LNG, the language file (manual sections 4 and 5.1): for each language, the file
//! that holds the help on TETRHEX (the main menu's Help key and option `-h`).
//!
//! The manual names the file and its `HELP:` lines ("ajouter (ou modifier) la ligne HELP
//! correspondant à la bonne langue; à droite de "HELP:", écrire le nom de ce fichier (chemin
//! relatif à l'exécutable + nom du fichier)") and its error codes (11: bad language file, 12:
//! help file not found, 13: bad help format), but not the rest of its layout. This program
//! reads a text file of lines:
//!
//! ```text
//! ; the help on TETRHEX in English and in French
//! LANGUAGE 0
//! HELP: HELP\TETRHEX.TXT
//! LANGUAGE 2
//! HELP: HELP\TETRHEXF.TXT
//! ```
//!
//! - `LANGUAGE n` starts the lines of the language of TOS country code `n` (option `-l`'s
//!   codes, 0–255, decimal or `$` hex); each language once.
//! - `HELP: path` in a language: its help file, the path relative to the program's folder. A
//!   language without a `HELP:` line has no help: the Help key shows nothing, as the manual
//!   says.
//! - Any other `NAME: text` line is accepted and ignored (the original program's file held
//!   more of its messages; a file written for it can stay), as are blank lines and lines
//!   that start with `;` or `#`. Anything else is an error of code 11 that names the line.
//!
//! Without TETRHEX.LNG the help is the program's own, in English or French
//! (`program_help`). With it, the language is the first of `-l`'s preferences the file has;
//! when none is there, there is no help. A help file is plain text: lines end with CR LF, LF
//! or CR and each starts a line of the viewer (long ones are wrapped); the Atari's accented
//! letters are shown without their accents (the font has ASCII only); any other control
//! character is a format error (code 13) that names its offset.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::exit_code::{ExitCode, Failure};

/// The language file's name, beside the program.
pub const LANGUAGE_FILE: &str = "TETRHEX.LNG";

/// The longest language file read (it holds a few lines).
pub const MAX_LANGUAGE_FILE: usize = 16 * 1024;

/// The longest help file read (the built-in help is under 10 KiB).
pub const MAX_HELP_FILE: usize = 64 * 1024;

/// The longest path a `HELP:` line may give (GEMDOS's path buffers hold 128 bytes).
pub const MAX_HELP_PATH: usize = 127;

/// One language of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Language {
    /// Its TOS country code.
    pub country: u8,
    /// Its help file's path, if it has one.
    pub help: Option<String>,
}

/// A language file, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanguageFile {
    /// The languages, in the file's order.
    pub languages: Vec<Language>,
}

/// What the help on TETRHEX shows.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum ProgramHelp {
    /// The program's own text in the language `-l` picks (no TETRHEX.LNG).
    #[default]
    BuiltIn,
    /// A help file's text, as [`help_text`] made it.
    File(String),
    /// Nothing: TETRHEX.LNG has none of `-l`'s languages, or no `HELP:` line for it.
    Nothing,
}

/// A number as the options write it: decimal, or hexadecimal after `$`.
fn number(word: &str) -> Option<u32> {
    match word.strip_prefix('$') {
        Some(hex) => u32::from_str_radix(hex, 16).ok(),
        None => word.parse().ok(),
    }
}

/// Reads a language file; an error (code 11) names the line and what is wrong with it.
pub fn parse(bytes: &[u8]) -> Result<LanguageFile, Failure> {
    let bad = |line: usize, why: String| {
        let at = if line == 0 { String::new() } else { format!(" line {}", line) };
        Failure::new(ExitCode::BadLanguageFile, format!("{}{}: {}", LANGUAGE_FILE, at, why))
    };
    if bytes.len() > MAX_LANGUAGE_FILE {
        return Err(bad(0, format!("longer than {} bytes", MAX_LANGUAGE_FILE)));
    }
    let mut languages: Vec<Language> = Vec::new();
    for (n, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = n + 1;
        // ASCII only: a path with the Atari's accented letters is refused, not guessed at.
        let Some(text) = core::str::from_utf8(raw).ok().filter(|_| raw.is_ascii()) else {
            return Err(bad(line, "not plain text (a byte above 127)".into()));
        };
        let text = text.trim_matches(|c: char| c == ' ' || c == '\t' || c == '\r');
        if text.is_empty() || text.starts_with(';') || text.starts_with('#') {
            continue;
        }
        if text.chars().any(|c| c.is_ascii_control()) {
            return Err(bad(line, "a control character in the line".into()));
        }
        let mut words = text.split_ascii_whitespace();
        let first = words.next().unwrap_or("");
        if first.eq_ignore_ascii_case("LANGUAGE") {
            let (Some(code), None) = (words.next(), words.next()) else {
                return Err(bad(line, "LANGUAGE takes one number, a TOS country code".into()));
            };
            let country = number(code)
                .and_then(|c| u8::try_from(c).ok())
                .ok_or_else(|| bad(line, format!("LANGUAGE {}: a country code is a number from 0 to 255", code)))?;
            if languages.iter().any(|l| l.country == country) {
                return Err(bad(line, format!("LANGUAGE {} is given twice", country)));
            }
            languages.push(Language { country, help: None });
            continue;
        }
        let Some((name, value)) = text.split_once(':').filter(|(name, _)| is_name(name)) else {
            return Err(bad(line, format!("`{}`: neither a LANGUAGE line nor a NAME: line", text)));
        };
        if !name.eq_ignore_ascii_case("HELP") {
            continue;
        }
        let path = value.trim_matches(|c: char| c == ' ' || c == '\t');
        let Some(language) = languages.last_mut() else {
            return Err(bad(line, "HELP: before any LANGUAGE line".into()));
        };
        if language.help.is_some() {
            return Err(bad(line, format!("a second HELP: for LANGUAGE {}", language.country)));
        }
        if path.is_empty() {
            return Err(bad(line, "HELP: names no file".into()));
        }
        if path.len() > MAX_HELP_PATH {
            return Err(bad(line, format!("HELP: the path is longer than {} characters", MAX_HELP_PATH)));
        }
        language.help = Some(String::from(path));
    }
    if languages.is_empty() {
        return Err(bad(0, "no LANGUAGE line".into()));
    }
    Ok(LanguageFile { languages })
}

/// A key's name: letters, digits and `_`, at least one.
fn is_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The Atari's characters 128–184 (its accented letters and a few signs) without their
/// accents (`ß` as `s`, `«` and `»` as `"`); `?` for the ones with no ASCII look-alike,
/// and for 185–255 (Hebrew, Greek, mathematics).
const ATARI_HIGH: &[u8; 57] = b"CueaaaaceeeiiiAAEaAooouuyOUcLYsfaiounNao?????!\"\"aoOooOAAO";

/// The help file's text for the viewer: lines end with `\n`, tabs are blanks, the Atari's
/// accented letters lose their accents, a Control-Z at the very end (an old editor's end of
/// file) is dropped. An error (code 13) names `path` and the first byte that is not text.
pub fn help_text(path: &str, bytes: &[u8]) -> Result<String, Failure> {
    let bad = |why: String| Failure::new(ExitCode::BadHelp, format!("{}: {}", path, why));
    if bytes.len() > MAX_HELP_FILE {
        return Err(bad(format!("the help file is longer than {} bytes", MAX_HELP_FILE)));
    }
    let bytes = bytes.strip_suffix(&[0x1A]).unwrap_or(bytes);
    if bytes.is_empty() {
        return Err(bad("the help file is empty".into()));
    }
    let mut text = String::with_capacity(bytes.len());
    let mut k = 0;
    while k < bytes.len() {
        let b = bytes[k];
        match b {
            b'\r' => {
                text.push('\n');
                if bytes.get(k + 1) == Some(&b'\n') {
                    k += 1;
                }
            }
            b'\n' => text.push('\n'),
            b'\t' => text.push(' '),
            0x20..=0x7E => text.push(b as char),
            0x80..=0xFF => {
                text.push(ATARI_HIGH.get(usize::from(b - 0x80)).map_or('?', |&c| c as char));
            }
            _ => return Err(bad(format!("byte ${:02X} at offset {} is not text", b, k))),
        }
        k += 1;
    }
    Ok(text)
}

/// Reads a file for [`program_help`]: its bytes, `None` when it is not there, or why it
/// could not be read.
pub type ReadFile<'a> = dyn FnMut(&str) -> Result<Option<Vec<u8>>, String> + 'a;

/// The help on TETRHEX: with no language file (`language_file` is `None`) the program's own;
/// else the help file of the first language `pick` chooses among the file's (`pick` gets
/// their country codes), read with `read` (`Ok(None)` when the file is not there).
pub fn program_help(
    language_file: Option<&[u8]>,
    pick: impl Fn(&[u8]) -> Option<u8>,
    read: &mut ReadFile<'_>,
) -> Result<ProgramHelp, Failure> {
    let Some(bytes) = language_file else { return Ok(ProgramHelp::BuiltIn) };
    let file = parse(bytes)?;
    let countries: Vec<u8> = file.languages.iter().map(|l| l.country).collect();
    let Some(country) = pick(&countries) else { return Ok(ProgramHelp::Nothing) };
    let Some(path) = file.languages.iter().find(|l| l.country == country).and_then(|l| l.help.as_deref()) else {
        return Ok(ProgramHelp::Nothing);
    };
    let bytes = read(path).map_err(|why| Failure::new(ExitCode::SystemError, format!("{}: {}", path, why)))?;
    let Some(bytes) = bytes else {
        return Err(Failure::new(
            ExitCode::HelpFileNotFound,
            format!("{}: help file not found (named by {} for language {})", path, LANGUAGE_FILE, country),
        ));
    };
    help_text(path, &bytes).map(ProgramHelp::File)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
