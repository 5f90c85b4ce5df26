//! Preferences (Tatham's `get_prefs`/`set_prefs`, `midend_save_prefs`/`midend_load_prefs`):
//! the mid end's own (`one-key-shortcuts`) and the back end's, as dialog controls and as a
//! preferences file in his format, one `keyword=value` per line:
//!
//! ```text
//! one-key-shortcuts=true
//! flash-type=red
//! ```
//!
//! Booleans are `true`/`false`, choices their keyword, strings their text (a newline in one
//! continues on the next line after a space). Reading skips blank lines and `#` comments and
//! ignores unknown keywords (a later version's); any other fault rejects the whole file and
//! changes nothing. The front end does the file I/O under the names [`prefs_file_name`] gives.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::Midend;
use crate::puzzle::backend::{ConfigItem, ErrorKind, Game, Preference, PuzzleError};

/// The mid end's own preference keyword (Tatham's).
pub const ONE_KEY_SHORTCUTS: &str = "one-key-shortcuts";

/// The first eight letters and digits of a game's name, upper case ("Same Game" → `SAMEGAME`),
/// or `PUZZLE` for a name without any.
fn file_stem(game_name: &str) -> String {
    let stem: String =
        game_name.chars().filter(char::is_ascii_alphanumeric).take(8).map(|c| c.to_ascii_uppercase()).collect();
    if stem.is_empty() { String::from("PUZZLE") } else { stem }
}

/// The preferences file of a game, an 8.3 name safe on TOS (GEMDOS) and everywhere else:
/// `FIFTEEN.CFG`. Tatham's front ends use the lower-cased name without spaces plus `.conf`.
pub fn prefs_file_name(game_name: &str) -> String {
    let mut s = file_stem(game_name);
    s.push_str(".CFG");
    s
}

/// The name to write new preferences under before renaming over
/// [`prefs_file_name`] (so a failed write never destroys the old file): `FIFTEEN.TMP`.
pub fn prefs_temp_file_name(game_name: &str) -> String {
    let mut s = file_stem(game_name);
    s.push_str(".TMP");
    s
}

fn prefs_err(reason: &'static str, line: usize) -> PuzzleError {
    PuzzleError::at(ErrorKind::Preferences, reason, line)
}

/// Whether two controls are the same control (kind, name, choices), whatever their values.
fn same_control(a: &ConfigItem, b: &ConfigItem) -> bool {
    match (a, b) {
        (ConfigItem::String { name: x, .. }, ConfigItem::String { name: y, .. }) => x == y,
        (ConfigItem::Boolean { name: x, .. }, ConfigItem::Boolean { name: y, .. }) => x == y,
        (ConfigItem::Choices { name: x, choices: cx, .. }, ConfigItem::Choices { name: y, choices: cy, selected }) => {
            x == y && cx == cy && *selected < cy.len()
        }
        _ => false,
    }
}

impl<G: Game> Midend<G> {
    /// The mid end's `one-key-shortcuts` preference: whether the app's key map should take
    /// plain letters as commands (`n` new game, `u` undo...) besides their Ctrl forms.
    pub fn one_key_shortcuts(&self) -> bool {
        self.one_key_shortcuts
    }

    /// `midend_get_prefs`: every preference with its current value, the mid end's first.
    pub fn prefs(&self) -> Vec<Preference> {
        let mut all = vec![Preference {
            kw: ONE_KEY_SHORTCUTS,
            item: ConfigItem::Boolean { name: "Keyboard shortcuts without Ctrl", value: self.one_key_shortcuts },
            choice_kws: &[],
        }];
        let mut be = G::get_prefs(self.ui.as_ref());
        if self.ui.is_none()
            && let Some(saved) = &self.be_prefs
        {
            for (p, item) in be.iter_mut().zip(saved) {
                p.item = item.clone();
            }
        }
        all.extend(be);
        all
    }

    /// `midend_set_prefs`: takes the controls of [`prefs`](Self::prefs) with new values;
    /// they apply to the game in play and to every later one. Controls that do not match
    /// change nothing.
    pub(super) fn set_prefs(&mut self, items: &[ConfigItem]) -> Result<(), PuzzleError> {
        let current = self.prefs();
        if items.len() != current.len() || !items.iter().zip(&current).all(|(a, b)| same_control(a, &b.item)) {
            return Err(PuzzleError::new(ErrorKind::NotPossible, "These are not this puzzle's preferences"));
        }
        if let ConfigItem::Boolean { value, .. } = items[0] {
            self.one_key_shortcuts = value;
        }
        let be = items[1..].to_vec();
        if let Some(ui) = self.ui.as_mut() {
            G::set_prefs(ui, &be);
        }
        self.be_prefs = Some(be);
        Ok(())
    }

    /// Gives a new `Ui` the back end's preferences as last set (`midend_apply_prefs`).
    pub(super) fn apply_prefs(&self, ui: &mut G::Ui) {
        if let Some(p) = &self.be_prefs {
            G::set_prefs(ui, p);
        }
    }

    /// `midend_save_prefs`: the preferences file's text.
    pub fn save_prefs(&self) -> String {
        let mut out = String::new();
        for p in self.prefs() {
            debug_assert!(p.kw.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'), "bad keyword {}", p.kw);
            out.push_str(p.kw);
            out.push('=');
            match &p.item {
                ConfigItem::Boolean { value, .. } => out.push_str(if *value { "true" } else { "false" }),
                ConfigItem::String { value, .. } => {
                    for c in value.chars() {
                        out.push(c);
                        if c == '\n' {
                            out.push(' ');
                        }
                    }
                }
                ConfigItem::Choices { selected, .. } => {
                    out.push_str(p.choice_kws.get(*selected).copied().unwrap_or(""))
                }
            }
            out.push('\n');
        }
        out
    }

    /// `midend_load_prefs`: reads a preferences file and applies it, or changes nothing and
    /// says what is wrong on which line. Besides Tatham's format it takes CR LF line ends
    /// (what TOS editors write).
    pub fn load_prefs(&mut self, text: &str) -> Result<(), PuzzleError> {
        let mut prefs = self.prefs();
        let b = text.as_bytes();
        let mut i = 0;
        let mut line = 1;
        // One byte, with CR LF read as LF.
        let next = |i: &mut usize| -> Option<u8> {
            let c = *b.get(*i)?;
            *i += 1;
            if c == b'\r' && b.get(*i) == Some(&b'\n') {
                *i += 1;
                return Some(b'\n');
            }
            Some(c)
        };
        while let Some(c) = next(&mut i) {
            if c == b'#' || c == b'\n' {
                // A comment or blank line.
                let mut c = c;
                while c != b'\n' {
                    match next(&mut i) {
                        Some(x) => c = x,
                        None => break,
                    }
                }
                line += 1;
                continue;
            }
            let mut kw = vec![c];
            loop {
                match next(&mut i) {
                    None => return Err(prefs_err("Partial line at end of preferences file", line)),
                    Some(b'\n') => return Err(prefs_err("Expected '=' after keyword", line)),
                    Some(b'=') => break,
                    Some(x) => kw.push(x),
                }
            }
            let start_line = line;
            let mut val = Vec::new();
            loop {
                match next(&mut i) {
                    None => break,
                    Some(b'\n') => {
                        line += 1;
                        // A newline followed by a space continues the value.
                        if b.get(i) == Some(&b' ') {
                            i += 1;
                            val.push(b'\n');
                        } else {
                            break;
                        }
                    }
                    Some(x) => val.push(x),
                }
            }
            // Unknown keywords are a later version's: skipped.
            let Some(p) = prefs.iter_mut().find(|p| p.kw.as_bytes() == kw.as_slice()) else { continue };
            match &mut p.item {
                ConfigItem::Boolean { value, .. } => {
                    *value = match val.as_slice() {
                        b"true" => true,
                        b"false" => false,
                        _ => return Err(prefs_err("Value for boolean was not 'true' or 'false'", start_line)),
                    }
                }
                ConfigItem::String { value, .. } => *value = String::from_utf8_lossy(&val).into_owned(),
                ConfigItem::Choices { selected, .. } => {
                    *selected = p
                        .choice_kws
                        .iter()
                        .position(|k| k.as_bytes() == val.as_slice())
                        .ok_or(prefs_err("Invalid value for enumeration", start_line))?;
                }
            }
        }
        let items: Vec<ConfigItem> = prefs.into_iter().map(|p| p.item).collect();
        self.set_prefs(&items)
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
