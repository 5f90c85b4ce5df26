//! [`StatusText`]: the status-bar text a drawing client set, kept for whoever shows it.

use alloc::string::String;

/// The last status-bar text a client set, and whether it changed since it was last shown.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StatusText {
    text: String,
    changed: bool,
}

impl Default for StatusText {
    fn default() -> Self {
        Self::new()
    }
}

impl StatusText {
    /// No text, room for a line of 80 characters (setting one allocates nothing).
    pub fn new() -> Self {
        StatusText { text: String::with_capacity(80), changed: false }
    }
    /// Sets the text; a text different from the last is a change.
    pub fn set(&mut self, text: &str) {
        if self.text != text {
            self.text.clear();
            self.text.push_str(text);
            self.changed = true;
        }
    }
    /// The last text set.
    pub fn text(&self) -> &str {
        &self.text
    }
    /// Whether the text changed since the last call (then it must be shown).
    pub fn take_changed(&mut self) -> bool {
        core::mem::take(&mut self.changed)
    }
}
