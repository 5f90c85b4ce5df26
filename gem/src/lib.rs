//! GEM bindings for the Falcon program: the AES (windows, menus, dialogs, events) and the
//! VDI (drawing into windows), typed, over the parameter arrays of `trap #2`.
//!
//! - [`trap`]: the arrays and the one place that executes the trap (the only `unsafe` of
//!   the crate); a recorder stands in for the AES and VDI in tests.
//! - [`aes`]: [`aes::Aes`], one method per AES call, grouped by library; what the AES
//!   offers beyond 3.40 through one query ([`aes::Capabilities`]).
//! - [`message`]: AES messages decoded into [`message::Message`].
//! - [`object`]: object trees built in code (menu bars, dialogs), no resource file.
//! - [`vdi`]: [`vdi::Vdi`], a virtual workstation; raster copies between checked bitmaps.
//! - [`rect`]: the one rectangle type (GRECT), converted to the VDI's corners in one place.
//!
//! Each binding's documentation names the call as the Atari Compendium does and gives its
//! opcode; the tests check every call's arrays against the Compendium's tables, on the host
//! and on the 68030. `docs/gem.md` is the map for a front end.
#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod aes;
pub mod message;
pub mod object;
pub mod rect;
pub mod trap;
pub mod vdi;

pub use rect::Rect;

/// `test_cases!`: tests written once, run on the host and on the 68030.
#[cfg(any(test, feature = "target-tests"))]
pub mod testcase;
