//! A message as a GEM alert string for `form_alert`: `[3][line|line|...][ OK ]`, the stop
//! sign, at most 5 lines of at most 30 characters (the AES's limits), words wrapped, the
//! characters that delimit the string (`[`, `]`, `|`) replaced.

use alloc::string::String;
use alloc::vec::Vec;

/// Characters per line and lines of an alert.
pub const LINE: usize = 30;
pub const LINES: usize = 5;

/// The alert string for `message`, NUL-terminated.
pub fn alert_text(message: &str) -> Vec<u8> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in message.split_ascii_whitespace() {
        let word: String = word.chars().map(|c| if matches!(c, '[' | ']' | '|') { '/' } else { c }).collect();
        let mut word = word.as_str();
        loop {
            let room = if current.is_empty() { LINE } else { LINE.saturating_sub(current.len() + 1) };
            if word.len() <= room {
                if !current.is_empty() {
                    current.push(' ');
                }
                current.push_str(word);
                break;
            }
            if current.is_empty() {
                // A word longer than a line is cut.
                let cut = (0..=LINE).rev().find(|&i| word.is_char_boundary(i)).unwrap_or(0);
                lines.push(String::from(&word[..cut]));
                word = &word[cut..];
            } else {
                lines.push(core::mem::take(&mut current));
            }
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines.truncate(LINES);
    let mut out = Vec::from(&b"[3]["[..]);
    for (i, l) in lines.iter().enumerate() {
        if i > 0 {
            out.push(b'|');
        }
        out.extend(l.bytes().map(|b| if b.is_ascii() { b } else { b'?' }));
    }
    out.extend_from_slice(b"][ OK ]\0");
    out
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
