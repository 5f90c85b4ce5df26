//! Lines for the emulator's debug channel (NatFeats), which the tests and `cargo xtask run`
//! read: `fullscreen idle N` when the app has finished with the N-th input, `fullscreen
//! attract GAME` when the attract mode shows a game, the measurements. On a real Falcon there
//! is no such channel and nothing is written: never the console, which would scribble over the
//! full screen.

use crate::runtime::natfeats;

/// Writes `fullscreen ` and the formatted arguments as one line (at most 159 bytes, no
/// allocation; without NatFeats nothing is even formatted).
pub fn line(args: core::fmt::Arguments<'_>) {
    natfeats::print_fmt(format_args!("fullscreen {args}\n"));
}
