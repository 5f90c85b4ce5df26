//! The app layer: everything between the front ends (which own the machine) and the games.
//! Portable, `no_std`, no TOS: it runs on the PC in `cargo test` and on the 68030 alike.
//!
//! Front ends feed [`Input`] (keys with IKBD scancode, ASCII and shift state; mouse states;
//! ticks in milliseconds; focus; resize) and [`Command`]s (from menus and dialogs) to an
//! [`Activity`], lending it a [`Target`] to draw on; the activity reports what it changed
//! (damage, palette) and answers: an activity answers [`App`] (an [`ActivityReply`]: go
//! back, choose a game, or a request for the host), the app its host (a [`HostRequest`]: show
//! a dialog, save a file, quit...), [`OnScreen`] a host without menus (a
//! [`MenulessHostRequest`]: quit, read or write this file).
//!
//! - [`keymap`]: what a key means (Tatham's order: the puzzle first, then the common keys).
//! - [`menu`] and [`dialog`]: menus and dialogs as data, for the GEM and full-screen front
//!   ends to render.
//! - [`PuzzleActivity`]: a puzzle with its status bar; [`StartScreen`]: the list of games;
//!   [`App`]: the collection, from the start screen to a game and back.
//! - [`OnScreen`]: menus, dialogs, messages and help drawn by the app, for the full-screen
//!   host (which has no AES); [`help`]: the help texts; [`widgets`]: what they draw with.
//! - [`script`]: the host-test front end, scripted scenarios with screenshots.
//!
//! `docs/architecture.md` shows where this sits, `docs/keys.md` the key table.

pub mod activity;
pub mod collection;
pub mod command;
pub mod dialog;
pub mod entries;
pub mod help;
pub mod input;
pub mod keymap;
pub mod menu;
pub mod mouse;
pub mod onscreen;
pub mod picture_folder;
pub mod pictures;
pub mod puzzle_activity;
pub mod scenarios;
pub mod script;
pub mod start_screen;
pub mod tetrhex;
pub mod widgets;

pub use activity::{Activity, ActivityReply, HostFeatures, HostRequest, MenulessHostRequest, Target};
pub use collection::App;
pub use command::Command;
pub use dialog::{Dialog, DialogKind};
pub use input::{Buttons, Input, KeyPress};
pub use keymap::{KeyAction, KeyMap, Shortcut};
pub use menu::{Menu, MenuBar, MenuEntry, MenuItem};
pub use onscreen::OnScreen;
pub use picture_folder::{MemoryFolder, PictureFolder};
pub use pictures::{Pictures, SharedFolder};
pub use puzzle_activity::{Layout, PuzzleActivity};
pub use start_screen::StartScreen;
