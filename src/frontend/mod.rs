//! Front ends: the only code that touches the machine (docs/architecture.md). Each feeds the
//! app [`Input`](crate::app::Input)s and [`Command`](crate::app::Command)s and shows the
//! pixels it draws.
//!
//! - [`fullscreen`]: the collection on the Falcon's own 640×480×256 screen (the machine
//!   layer's VIDEL screen, IKBD input and MFP clock).
//! - [`gem`]: the collection in a GEM window, and the desk accessory (docs/gem.md): the AES
//!   menu bar from the app's menus, `evnt_multi` in the app's terms, the window's redraw, the
//!   host loop. It talks to the AES and VDI only through falcon-gem's `Trap`, so it compiles
//!   everywhere and its tests run against the recorder of calls and a fake AES.
//!
//! - [`options`]: what the program is asked to do, from its command line or `FALCON.INF`,
//!   TETRHEX's personality included when it is the program (portable; both hosts).
//! - [`start_up`] (68030 only): the program's start, once for both hosts: the options read,
//!   TETRHEX's console lines and speaker, the app made.
//! - [`files`] (68030 only): save files (and the GEM clipboard's) read and written through
//!   GEMDOS, a write as a new file first, then renamed: for both hosts.
//! - [`gemdos_file`] (68030 only): a file read whole through GEMDOS, for both disks below.
//! - [`picture_folder`] (68030 only): Slide's `PICTURES\` folder through GEMDOS, for both.
//! - [`rooted_disk`]: the desk accessory's disk, names made absolute in the root of the
//!   boot drive (an accessory has no current folder of its own).
//! - [`rule_disk`] (68030 only): TETRHEX's rule files through GEMDOS (reading them, saving
//!   their best scores safely), for both.
//!
//! The host-test front end is `app::script`.

#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod files;
pub mod fullscreen;
pub mod gem;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod gemdos_file;
pub mod options;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod picture_folder;
pub mod rooted_disk;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod rule_disk;
#[cfg(all(target_arch = "m68k", feature = "target"))]
pub mod start_up;
