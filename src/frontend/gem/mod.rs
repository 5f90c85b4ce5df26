//! The collection (`app::collection::App`) as a GEM citizen: one window, the AES menu bar,
//! `evnt_multi` (docs/gem.md, "The GEM host").
//!
//! | file | what |
//! | --- | --- |
//! | `menu.rs` | the AES menu tree made from `Activity::menu_bar()`, item → `Command`, greying and ticks kept up to date |
//! | `input.rs` | what to wait for (`EventRequest`: no timer unless the app animates) and `evnt_multi`'s answers as `app::input::Input` |
//! | `redraw.rs` | the window's picture (an off-screen `gfx::Planar` in the screen's device format) copied with `vro_cpyfm` to each rectangle of the AES's list |

pub mod input;
pub mod menu;
pub mod redraw;
