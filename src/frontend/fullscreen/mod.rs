//! The full-screen front end: the collection on the Falcon's own screen, 640×480 in 256
//! colours, played with the keyboard and the mouse. What `FALCON.PRG` runs.
//!
//! One file per idea:
//!
//! - [`events`]: the machine's key and mouse events as the app's `Input` (portable, tested on
//!   both machines).
//! - [`alert`]: a message as a GEM alert, for a machine that cannot run full screen (portable).
//! - [`attract`]: the attract mode's script: each game played for a few seconds (portable).
//! - [`pacing`]: when the attract mode's steps and ticks happen: the app's time is the
//!   script's (portable).
//! - [`palette`]: the app's pens as VIDEL colours (portable).
//! - [`sync`]: keeping the two screen buffers alike after a swap (portable).
//! - `host` (Falcon only): the loop — screen, clock, keyboard and mouse taken from the machine
//!   layer, the app given a `Target` on the back buffer, damage presented on the vertical
//!   blank, replies carried out, everything restored on the way out.
//! - `desktop` (Falcon only): taking the screen from the GEM desktop's AES and giving it back.
//! - `trace` (Falcon only): lines for the emulator's debug channel, which the tests read.

pub mod alert;
pub mod attract;
pub mod events;
pub mod pacing;
pub mod palette;
pub mod sync;

#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod desktop;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod host;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod trace;
