//! The key map: what a key press means, decided in one place for every front end.
//!
//! Tatham's order (his `midend_process_key`): a key is first normalised, then offered to the
//! puzzle, and only if the puzzle ignores it do the common keys apply. Normalisation:
//!
//! - Control + a character 0x40–0x7F becomes its control code (Ctrl-N is 0x0E whether the
//!   front end reports the letter or, as TOS does, the code); other Control combinations
//!   (Ctrl-1, Ctrl-.) are dropped. Control and Shift are then removed from every key but the
//!   cursor keys, which keep them as [`Mods`].
//! - Return and Enter become "select", Space "select 2", Delete and Backspace `\b`; digits of
//!   the keypad are flagged [`Mods::NUMPAD`].
//! - Alternate combinations belong to the system (the GEM style guide) and are dropped.
//!
//! The common keys, with the one-key shortcuts preference on (the bare letters need it):
//! New `n`/`N`/Ctrl-N, Undo `u`/`U`/`*`/Ctrl-Z/Ctrl-_, Redo `r`/`R`/`#`/Ctrl-R/Ctrl-Y,
//! Quit `q`/`Q`/Ctrl-Q. Where GEM's conventions and Tatham's disagree the key map follows
//! GEM and moves Tatham's key: Ctrl-S saves and Ctrl-O loads (his Ctrl-S, Solve, becomes
//! Shift-Ctrl-S, as on his Mac port), Ctrl-C copies. The Atari's Undo and Help keys are Undo
//! and Help; Esc goes back to the collection; Shift-Ctrl-Z is Redo. `docs/keys.md` has the
//! table and the reasons.

use super::command::Command;
use super::input::KeyPress;
use crate::keyboard::scancode;
use crate::puzzle::backend::{Key, Mods, PuzzleInput};

/// What a key press means.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum KeyAction {
    /// Offer `input` to the puzzle; if the puzzle ignores it, carry out `fallback`.
    Puzzle { input: PuzzleInput, fallback: Option<Command> },
    /// A command the puzzle never sees.
    Command(Command),
    /// Nothing at all.
    Ignore,
}

impl KeyAction {
    /// Carries the action out: `offer` gives the key to the puzzle and says whether the
    /// puzzle used it. Returns the command to run, if any.
    pub fn resolve(self, offer: impl FnOnce(PuzzleInput) -> bool) -> Option<Command> {
        match self {
            KeyAction::Puzzle { input, fallback } => {
                if offer(input) {
                    None
                } else {
                    fallback
                }
            }
            KeyAction::Command(c) => Some(c),
            KeyAction::Ignore => None,
        }
    }
}

/// A menu shortcut, for the label a menu shows next to an item.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shortcut {
    /// Control + the letter.
    Ctrl(u8),
    /// Shift + Control + the letter.
    ShiftCtrl(u8),
    /// The Undo key.
    UndoKey,
    /// The Help key.
    HelpKey,
    /// Esc.
    Esc,
}

impl Shortcut {
    /// The label in plain ASCII ("^N", "Shift ^S", "Undo", "Help", "Esc"), the way GEM
    /// programs write it; a front end with its own glyphs matches on the variant instead.
    pub fn label(&self) -> alloc::string::String {
        match *self {
            Shortcut::Ctrl(c) => alloc::format!("^{}", c as char),
            Shortcut::ShiftCtrl(c) => alloc::format!("Shift ^{}", c as char),
            Shortcut::UndoKey => "Undo".into(),
            Shortcut::HelpKey => "Help".into(),
            Shortcut::Esc => "Esc".into(),
        }
    }
}

/// The key map. Its one setting is Tatham's "Keyboard shortcuts without Ctrl" preference.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KeyMap {
    /// The bare letters `n`, `u`, `r`, `q` (and their capitals) are New, Undo, Redo, Quit when
    /// the puzzle does not use them. The Control forms always work.
    pub one_key_shortcuts: bool,
}

impl Default for KeyMap {
    fn default() -> Self {
        KeyMap { one_key_shortcuts: true }
    }
}

const fn ctrl(letter: u8) -> u8 {
    letter & 0x1F
}

impl KeyMap {
    /// What `key` means.
    pub fn map(&self, key: KeyPress) -> KeyAction {
        let s = key.shift;
        if s.alternate() {
            return KeyAction::Ignore;
        }
        match key.scancode {
            scancode::UNDO => return KeyAction::Command(Command::Undo),
            scancode::HELP => return KeyAction::Command(Command::Help),
            _ => {}
        }
        let cursor = match key.scancode {
            scancode::UP => Some((Key::CursorUp, false)),
            scancode::DOWN => Some((Key::CursorDown, false)),
            scancode::LEFT => Some((Key::CursorLeft, false)),
            scancode::RIGHT => Some((Key::CursorRight, false)),
            scancode::CTRL_LEFT => Some((Key::CursorLeft, true)),
            scancode::CTRL_RIGHT => Some((Key::CursorRight, true)),
            _ => None,
        };
        if let Some((k, forced_ctrl)) = cursor {
            let mut mods = 0;
            if s.control() || forced_ctrl {
                mods |= Mods::CTRL.0;
            }
            if s.shifted() {
                mods |= Mods::SHIFT.0;
            }
            return KeyAction::Puzzle {
                input: PuzzleInput { mods: Mods(mods), ..PuzzleInput::key(k) },
                fallback: None,
            };
        }
        let mut ch = key.ascii;
        if ch == 0 {
            return KeyAction::Ignore;
        }
        // Control: fold letters (and @[\]^_) to control codes; a code TOS already folded
        // stays; any other Control combination is dropped.
        if s.control() {
            match ch {
                0x40..=0x7F => ch &= 0x1F,
                0x01..=0x1F => {}
                _ => return KeyAction::Ignore,
            }
            if s.shifted() && ch == ctrl(b'Z') {
                return KeyAction::Command(Command::Redo);
            }
            if s.shifted() && ch == ctrl(b'S') {
                return KeyAction::Command(Command::Solve);
            }
        }
        let keypad = scancode::is_keypad(key.scancode) && ch.is_ascii_digit();
        let puzzle_key = match ch {
            b'\r' | b'\n' => Key::CursorSelect,
            b' ' => Key::CursorSelect2,
            0x7F => Key::Char(8),
            c => Key::Char(c),
        };
        let mods = if keypad { Mods::NUMPAD } else { Mods::NONE };
        let input = PuzzleInput { mods, ..PuzzleInput::key(puzzle_key) };
        KeyAction::Puzzle { input, fallback: self.common_key(ch) }
    }

    /// The common key `ch` (after normalisation) stands for, if any.
    fn common_key(&self, ch: u8) -> Option<Command> {
        let one = self.one_key_shortcuts;
        Some(match ch {
            b'n' | b'N' if one => Command::NewGame,
            b'u' | b'U' if one => Command::Undo,
            b'r' | b'R' if one => Command::Redo,
            b'q' | b'Q' if one => Command::Quit,
            b'*' => Command::Undo,
            b'#' => Command::Redo,
            c if c == ctrl(b'N') => Command::NewGame,
            c if c == ctrl(b'Z') || c == ctrl(b'_') => Command::Undo,
            c if c == ctrl(b'R') || c == ctrl(b'Y') => Command::Redo,
            c if c == ctrl(b'Q') => Command::Quit,
            c if c == ctrl(b'S') => Command::Save,
            c if c == ctrl(b'O') => Command::Load,
            c if c == ctrl(b'C') => Command::CopyText,
            0x1B => Command::BackToCollection,
            _ => return None,
        })
    }

    /// The shortcut a menu shows for `command` (the one that always works, whatever the
    /// preference), if it has one.
    pub fn shortcut(&self, command: &Command) -> Option<Shortcut> {
        Some(match command {
            Command::NewGame => Shortcut::Ctrl(b'N'),
            Command::Undo => Shortcut::UndoKey,
            Command::Redo => Shortcut::Ctrl(b'Y'),
            Command::Solve => Shortcut::ShiftCtrl(b'S'),
            Command::Save => Shortcut::Ctrl(b'S'),
            Command::Load => Shortcut::Ctrl(b'O'),
            Command::CopyText => Shortcut::Ctrl(b'C'),
            Command::Quit => Shortcut::Ctrl(b'Q'),
            Command::Help => Shortcut::HelpKey,
            Command::BackToCollection => Shortcut::Esc,
            _ => return None,
        })
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
