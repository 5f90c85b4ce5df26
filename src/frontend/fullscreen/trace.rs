//! Lines for the emulator's debug channel (NatFeats), which the tests and `cargo xtask run`
//! read: `fullscreen idle N` when the app has finished with the N-th input, `fullscreen
//! attract GAME` when the attract mode shows a game, the measurements. On a real Falcon there
//! is no such channel and nothing is written: never the console, which would scribble over the
//! full screen.

use core::fmt::Write;

use crate::runtime::natfeats;

/// A line of at most 95 characters, built without allocating.
struct Line {
    buf: [u8; 96],
    len: usize,
}

impl Write for Line {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        for &b in s.as_bytes() {
            if self.len + 1 < self.buf.len() && b != 0 {
                self.buf[self.len] = b;
                self.len += 1;
            }
        }
        Ok(())
    }
}

/// Writes `fullscreen ` and the formatted arguments as one line.
pub fn line(args: core::fmt::Arguments<'_>) {
    let mut l = Line { buf: [0; 96], len: 0 };
    let _ = l.write_str("fullscreen ");
    let _ = l.write_fmt(args);
    let _ = l.write_str("\n");
    l.buf[l.len] = 0;
    if let Ok(text) = core::ffi::CStr::from_bytes_until_nul(&l.buf[..=l.len]) {
        natfeats::print(text);
    }
}
