//! Input: mouse normalisation (every press gets exactly one release, drags and releases name
//! the pressed button), then the back end's `interpret_move`; and the labels of the keys a
//! game asks for.
//!
//! No key means anything here: what the back end ignores is the app's key map's to turn into
//! a command (Tatham's mid end did that itself; ours says [`KeyOutcome::Ignored`]).

use alloc::vec::Vec;

use super::{KeyOutcome, Midend, MoveType};
use crate::gfx::Drawing;
use crate::puzzle::backend::{Button, Game, Key, KeyLabel, MoveResult, PuzzleInput};

/// Printable ASCII, for single-character labels that live forever.
const ASCII: &str = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";

/// `button2label`: the generic label of a key a game asks for (`request_keys` with no label
/// of its own): a letter or digit is itself, the cursor keys are "Up", "Down", "Left",
/// "Right", the select key "Select", backspace "Clear". Other printable characters are
/// themselves too (his `button2label` would abort); anything else has no label (`""`).
pub fn button_label(key: Key) -> &'static str {
    match key {
        Key::CursorUp => "Up",
        Key::CursorDown => "Down",
        Key::CursorLeft => "Left",
        Key::CursorRight => "Right",
        Key::CursorSelect => "Select",
        Key::Char(8) => "Clear",
        Key::Char(c @ 0x20..=0x7e) => {
            let i = (c - 0x20) as usize;
            &ASCII[i..i + 1]
        }
        _ => "",
    }
}

impl<G: Game> Midend<G> {
    /// `midend_process_key`: normalises mouse events and offers the input to the back end.
    /// [`Handled`](KeyOutcome::Handled) if the back end made a move or updated its UI;
    /// [`Ignored`](KeyOutcome::Ignored) otherwise (the app's key map may then make a command
    /// of it). Any input cancels moves still queued by [`play_moves`](Self::play_moves).
    ///
    /// The normalisation is Tatham's: a drag or release with no button held is dropped; one
    /// naming another button is changed to the held one (Ab → Aa); a press while another
    /// button is held first releases that one (ABab → AaBb), unless the game's `button_beats`
    /// says the held button has priority, in which case the new press is dropped.
    pub fn process_key(&mut self, dr: &mut dyn Drawing, input: PuzzleInput) -> KeyOutcome {
        self.queue.clear();
        if self.statepos == 0 {
            return KeyOutcome::Ignored;
        }
        match input.key {
            Key::Press(b) => {
                let mut outcome = KeyOutcome::Ignored;
                if let Some(held) = self.pressed {
                    if G::FLAGS.button_beats(held, b) {
                        // The held button has priority: the new press never happened. Its
                        // release will end the held button's drag instead (or be dropped).
                        return KeyOutcome::Ignored;
                    }
                    // Overlapping presses (ABab): release the held button first.
                    let rel = PuzzleInput { key: Key::Release(held), ..input };
                    self.pressed = None;
                    outcome = self.really_process_key(dr, rel);
                }
                self.pressed = Some(b);
                match self.really_process_key(dr, input) {
                    KeyOutcome::Handled => KeyOutcome::Handled,
                    KeyOutcome::Ignored => outcome,
                }
            }
            Key::Drag(_) | Key::Release(_) => {
                // Drags/releases without a press are dropped; a changed button becomes the
                // pressed one (Ab → Aa).
                let Some(held) = self.pressed else { return KeyOutcome::Ignored };
                let key = if matches!(input.key, Key::Drag(_)) {
                    Key::Drag(held)
                } else {
                    self.pressed = None;
                    Key::Release(held)
                };
                self.really_process_key(dr, PuzzleInput { key, ..input })
            }
            _ => self.really_process_key(dr, input),
        }
    }

    /// Which button the mid end considers held (for tests and front ends).
    pub fn pressed_button(&self) -> Option<Button> {
        self.pressed
    }

    fn really_process_key(&mut self, dr: &mut dyn Drawing, input: PuzzleInput) -> KeyOutcome {
        self.ensure_drawstate(dr);
        let result = {
            let ui = self.ui.as_mut().expect("no ui");
            let ds = self.drawstate.as_ref().expect("no drawstate");
            G::interpret_move(&self.states[self.statepos - 1].state, ui, ds, input)
        };
        match result {
            MoveResult::Move(mv) => {
                match G::execute_move(self.state(), &mv) {
                    Ok(s) => {
                        self.push_state(s, mv, MoveType::Move);
                        self.start_anim(true);
                    }
                    Err(_) => {
                        // A back end produced a move it cannot execute: a bug, but not one
                        // worth crashing the machine for. Ignore the input.
                        debug_assert!(false, "execute_move rejected interpret_move output {}", mv);
                    }
                }
                self.redraw(dr);
                KeyOutcome::Handled
            }
            MoveResult::UiUpdate => {
                self.redraw(dr);
                // A UI change may stop or start the clock (a pause, Mines' first click...).
                self.update_timing();
                KeyOutcome::Handled
            }
            MoveResult::Ignored => KeyOutcome::Ignored,
        }
    }

    /// `midend_request_keys`: the keys the game needs beyond the cursor keys, every label
    /// filled in ([`button_label`] for those the back end left generic).
    pub fn request_keys(&self) -> Vec<KeyLabel> {
        G::request_keys(&self.curparams)
            .into_iter()
            .map(|(key, label)| KeyLabel { key, label: label.unwrap_or_else(|| button_label(key)) })
            .collect()
    }

    /// `midend_current_key_label`: what [`Key::CursorSelect`] or [`Key::CursorSelect2`] would
    /// do now ("" for any other key, before a game, or when it would do nothing).
    pub fn current_key_label(&self, key: Key) -> &'static str {
        if self.statepos == 0 || !matches!(key, Key::CursorSelect | Key::CursorSelect2) {
            return "";
        }
        G::current_key_label(self.ui(), self.state(), key)
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
