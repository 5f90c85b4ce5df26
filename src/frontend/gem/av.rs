//! The AV protocol's VA_START (Thing, Jinnee, Teradesk and other desktops of MiNT setups):
//! "open this" for a program that is already running, the file dropped on its icon or
//! window. The message carries the address of a command line in the sender's memory (which
//! the sender may free once we answer AV_STARTED); a name holding spaces is quoted with
//! `'`, a quote inside it doubled (the AV protocol's rule for command lines).

use alloc::string::String;

/// The longest command line read from a sender's memory: a GEMDOS path (128) with room
/// for quotes and more names.
pub const MAX_LINE: usize = 256;

/// The command line at `address` (a NUL-terminated text in the sender's memory), at most
/// [`MAX_LINE`] bytes; `None` for address 0. Only on the 68030: elsewhere an address taken
/// from a message is not ours to read (the host's tests give their own reader).
pub fn line_at(address: usize) -> Option<String> {
    if address == 0 || !cfg!(target_arch = "m68k") {
        return None;
    }
    let mut line = String::new();
    for i in 0..MAX_LINE {
        // SAFETY: under TOS every program's memory is readable, and VA_START's sender keeps
        // the text until we answer AV_STARTED (the AV protocol); the read stops at the NUL
        // or after MAX_LINE bytes.
        let b = unsafe { core::ptr::read_volatile((address as *const u8).wrapping_add(i)) };
        if b == 0 {
            break;
        }
        line.push(b as char);
    }
    Some(line)
}

/// The first name of a command line: up to the first space, or, quoted with `'`, up to
/// the closing quote (a doubled `''` inside is one quote); `None` when there is none.
pub fn first_name(line: &str) -> Option<String> {
    let line = line.trim_start();
    let mut name = String::new();
    if let Some(quoted) = line.strip_prefix('\'') {
        let mut chars = quoted.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '\'' {
                if chars.peek() != Some(&'\'') {
                    break;
                }
                chars.next();
            }
            name.push(c);
        }
    } else {
        name.extend(line.chars().take_while(|c| !c.is_whitespace()));
    }
    (!name.is_empty()).then_some(name)
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
