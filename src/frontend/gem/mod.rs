//! The collection (`app::collection::App`) as a GEM citizen: one window, the AES menu bar,
//! `evnt_multi` (docs/gem.md, "The GEM host").
//!
//! | file | what |
//! | --- | --- |
//! | `dialog.rs` | the app's dialogs (`app::dialog::Dialog`) as AES trees laid out in character cells, and the answers read back |
//! | `menu.rs` | the AES menu tree made from `Activity::menu_bar()`, item → `Command`, greying and ticks kept up to date |
//! | `menu_dialog.rs` | the accessory's menu (F10): the app's menu bar as an AES dialog, titles along the top, the open menu's items below |
//! | `input.rs` | what to wait for (`EventRequest`: no timer unless the app animates) and `evnt_multi`'s answers as `app::input::Input` |
//! | `av.rs` | VA_START (the AV protocol of MiNT's desktops): the command line at the message's address, its first name |
//! | `clipboard.rs` | the GEM clipboard: its folder from `scrp_read`'s answer, `SCRAP.TXT`'s bytes |
//! | `depth.rs` | the picture at the desktop's depth: each pen as the nearest desktop colour, the surface converted to 1, 2 or 4 planes |
//! | `help.rs` | the app's help text in an AES dialog, a page at a time (Back, Next, OK) |
//! | `disk.rs` | `Disk`: what Load, Save and the clipboard read and write (GEMDOS on the 68030, in memory in tests) |
//! | `host.rs` | the program and the desk accessory: the window (sized, fulled, titled after the game), the menu bar, the `evnt_multi` loop, everything given back at the end; `host/replies.rs`: dialogs, help, Load, Save and the clipboard |
//! | `redraw.rs` | the window's picture (an off-screen `gfx::Planar` in the screen's device format) copied with `vro_cpyfm` to each rectangle of the AES's list |

pub mod av;
pub mod clipboard;
pub mod depth;
pub mod dialog;
pub mod disk;
pub mod first_place;
pub mod help;
pub mod host;
pub mod icon;
pub mod input;
pub mod menu;
pub mod menu_dialog;
pub mod redraw;
