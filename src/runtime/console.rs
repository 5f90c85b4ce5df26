//! Text output: NatFeats when the emulator offers them, the GEMDOS console otherwise.
//!
//! `Console` implements `core::fmt::Write` with a fixed buffer (no allocation), so panics and
//! interrupt-free code paths can print.

use core::ffi::CStr;
use core::fmt;

use super::{gemdos, natfeats};

/// Buffered writer; flushes on newline, when full, and on drop.
pub struct Console {
    buf: [u8; 160],
    len: usize,
}

impl Console {
    pub const fn new() -> Self {
        Console { buf: [0; 160], len: 0 }
    }

    pub fn flush(&mut self) {
        if self.len == 0 {
            return;
        }
        self.buf[self.len] = 0;
        let text = CStr::from_bytes_until_nul(&self.buf[..=self.len]).unwrap_or(c"?");
        if !natfeats::print(text) {
            gemdos::cconws(text);
        }
        self.len = 0;
    }

    fn push(&mut self, b: u8) {
        // The GEMDOS console wants CR LF; NatFeats output goes to a Unix terminal.
        if self.len + 1 >= self.buf.len() {
            self.flush();
        }
        self.buf[self.len] = if b == 0 { b'?' } else { b };
        self.len += 1;
        if b == b'\n' {
            self.flush();
        }
    }
}

impl Default for Console {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Write for Console {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for b in s.bytes() {
            self.push(b);
        }
        Ok(())
    }
}

impl Drop for Console {
    fn drop(&mut self) {
        self.flush();
    }
}

/// Prints formatted text: `falcon_puzzles::println!("{} passed", n)`.
#[macro_export]
macro_rules! println {
    ($($arg:tt)*) => {{
        use core::fmt::Write as _;
        let mut console = $crate::runtime::console::Console::new();
        let _ = writeln!(console, $($arg)*);
    }};
}

/// Like `println!` without the newline.
#[macro_export]
macro_rules! print {
    ($($arg:tt)*) => {{
        use core::fmt::Write as _;
        let mut console = $crate::runtime::console::Console::new();
        let _ = write!(console, $($arg)*);
    }};
}

/// Prints text without going through `core::fmt` (the on-target test runner reports with
/// these, so that a miscompiled formatter cannot hide its own failure).
pub fn print_str(text: &str) {
    let mut c = Console::new();
    for b in text.bytes() {
        c.push(b);
    }
}

/// The decimal digits of `value`, most significant first, without `core::fmt`.
pub fn decimal(mut value: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut start = buf.len();
    loop {
        start -= 1;
        buf[start] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    &buf[start..]
}

/// Prints `value` in decimal, without `core::fmt`.
pub fn print_dec(value: u64) {
    let mut buf = [0u8; 20];
    let mut c = Console::new();
    for &d in decimal(value, &mut buf) {
        c.push(d);
    }
}

/// Prints `value` as 16 hexadecimal digits, without `core::fmt`.
pub fn print_hex(value: u64) {
    let mut c = Console::new();
    for shift in (0..16).rev() {
        let nibble = ((value >> (shift * 4)) & 15) as u8;
        c.push(if nibble < 10 { b'0' + nibble } else { b'a' + nibble - 10 });
    }
}
