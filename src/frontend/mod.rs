//! Front ends: the only code that touches the machine (docs/architecture.md). Each feeds the
//! app [`Input`](crate::app::Input)s and [`Command`](crate::app::Command)s and shows the
//! pixels it draws.
//!
//! - [`fullscreen`]: the collection on the Falcon's own 640×480×256 screen (the machine
//!   layer's VIDEL screen, IKBD input and MFP clock).
//!
//! The host-test front end is `app::script`; the GEM window front end is still to come.

pub mod fullscreen;
