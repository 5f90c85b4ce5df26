//! The machine layer: the Falcon's chips, one file per chip, each register a typed volatile
//! `Register` (`register.rs`) at its fixed address, documented like the hardware
//! manual; and the services the full-screen front end stands on: video (640×480×256, double
//! buffering, palette), the game clock (MFP Timer A or D, 1024 Hz), the VBL counter,
//! keyboard and mouse. docs/machine.md describes the layer (files, interface, what is saved
//! and restored, its test); docs/falcon.md the hardware and OS facts it relies on.
//!
//! Every change to the machine registers an undo action with `runtime::exit::on_exit`, so
//! normal exit, error exit, panic and (under TOS) termination by GEMDOS all restore it.
//! Under TOS the layer goes through the OS (XBIOS, BIOS, the OS's keyboard hooks); without
//! one (Hatari's `--tos none`) it programs the hardware directly.
//!
//! - The chips: `register` (the register type), `cpu` (status register, vector table),
//!   `cache` (the 68030's caches switched on as TOS does), `mfp` (interrupts and timers;
//!   `mfp::saved`, `mfp::timer_a`), `videl`, `acia`, `psg` (the sound chip's port A: the
//!   internal speaker),
//!   and the OS: `xbios`, `system`.
//! - The services: `screen`, `vbl`, `clock`, `keyboard` (keyboard and mouse).
//! - The portable half, compiled everywhere and tested on the host and on the 68030:
//!   `ikbd_parser` (the IKBD's packets), `input_ring` (the interrupt→program ring), `input`
//!   (the keyboard's and mouse's state and events), `keymap`, `timing`, `video_mode`.

pub mod ikbd_parser;
pub mod input;
pub mod input_ring;
pub mod keymap;
pub mod timing;
pub mod video_mode;

#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod acia;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod cache;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod clock;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod cpu;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod keyboard;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod mfp;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod psg;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod register;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod screen;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod system;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod vbl;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod videl;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod xbios;
