//! Input: mouse normalisation (every press gets exactly one release, drags and releases name
//! the pressed button), then the back end's `interpret_move`.

use super::{KeyOutcome, Midend, MoveType};
use crate::puzzle::backend::{Button, Game, Input, Key, Mods, MoveResult};
use crate::puzzle::drawing::Drawing;

impl<G: Game> Midend<G> {
    /// `midend_process_key`: normalises mouse events, offers the input to the back end, and
    /// otherwise handles the standard keys (n = new game, u/^Z = undo, r/^R/^Y = redo,
    /// q/^Q = quit, s = solve).
    pub fn process_key(&mut self, dr: &mut dyn Drawing, input: Input) -> KeyOutcome {
        self.queue.clear();
        if self.statepos == 0 {
            return KeyOutcome::Continue;
        }
        match input.key {
            Key::Press(b) => {
                if let Some(held) = self.pressed {
                    if G::FLAGS.button_beats(held, b) {
                        // The held button has priority: the new press never happened. Its
                        // release will end the held button's drag instead (or be dropped).
                        return KeyOutcome::Continue;
                    }
                    // Overlapping presses (ABab): release the held button first.
                    let rel = Input { key: Key::Release(held), ..input };
                    self.pressed = None;
                    if self.really_process_key(dr, rel) == KeyOutcome::Quit {
                        return KeyOutcome::Quit;
                    }
                }
                self.pressed = Some(b);
                self.really_process_key(dr, input)
            }
            Key::Drag(_) | Key::Release(_) => {
                // Drags/releases without a press are dropped; a changed button becomes the
                // pressed one (Ab → Aa).
                let Some(held) = self.pressed else { return KeyOutcome::Continue };
                let key = if matches!(input.key, Key::Drag(_)) {
                    Key::Drag(held)
                } else {
                    self.pressed = None;
                    Key::Release(held)
                };
                self.really_process_key(dr, Input { key, ..input })
            }
            _ => self.really_process_key(dr, input),
        }
    }

    /// Which button the mid end considers held (for tests and front ends).
    pub fn pressed_button(&self) -> Option<Button> {
        self.pressed
    }

    pub(super) fn really_process_key(&mut self, dr: &mut dyn Drawing, input: Input) -> KeyOutcome {
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
                KeyOutcome::Continue
            }
            MoveResult::UiUpdate => {
                self.redraw(dr);
                KeyOutcome::Continue
            }
            MoveResult::Ignored => self.standard_key(dr, input),
        }
    }

    pub(super) fn standard_key(&mut self, dr: &mut dyn Drawing, input: Input) -> KeyOutcome {
        let Key::Char(c) = input.key else { return KeyOutcome::Continue };
        let ctrl = input.mods.has(Mods::CTRL);
        match (c, ctrl) {
            (b'n' | b'N', false) | (0x0e, _) | (b'n' | b'N', true) => {
                self.new_game();
                self.redraw(dr);
            }
            (b'u' | b'U', _) | (0x1a | 0x1f, _) => {
                let _ = self.undo(dr);
            }
            (b'r' | b'R', _) | (0x12 | 0x19, _) => {
                let _ = self.redo(dr);
            }
            (b'q' | b'Q', _) | (0x11, _) => return KeyOutcome::Quit,
            (b's' | b'S', _) if G::CAN_SOLVE => {
                let _ = self.solve(dr);
            }
            _ => {}
        }
        KeyOutcome::Continue
    }
}
