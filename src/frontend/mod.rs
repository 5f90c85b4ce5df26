//! Front ends: the hosts that run the app (`app::Activity`) on a machine.
//!
//! - `gem`: the collection in a GEM window (issue 9), its portable half: the AES menu bar
//!   from the app's menus, `evnt_multi` in the app's terms, the window's redraw. It talks to
//!   the AES and VDI only through falcon-gem's `Trap`, so its host tests run against the
//!   recorder of calls.
//!
//! The full-screen host sits on the machine layer (`machine`).

pub mod gem;
