//! The collection as a GEM program (FALCON.PRG started from the desktop): one window whose
//! work area shows the app's surface, the app's menu bar, and one `evnt_multi` loop.
//!
//! - Start: `appl_init`, a virtual VDI workstation, the desk area (`WF_WORKXYWH`), a
//!   window with a name, closer and mover whose work area holds the surface (at most
//!   [`WORK_SIZE`], shrunk to the desk), the menu bar from `Activity::menu_bar()`.
//! - The loop waits in `evnt_multi` for what `input::request` says (a timer only while the
//!   app wants ticks and the window is on top). WM_REDRAW copies the asked area from the
//!   surface (`redraw.rs`); WM_TOPPED tops the window; WM_MOVED moves it; WM_CLOSED and
//!   the app's `Reply::Quit` end the program; MN_SELECTED sends the item's `Command`; keys
//!   and the mouse in the work area become `Input`s. After every call the app's damage is
//!   copied to the window, its changed pens are loaded, and the menu's greying and ticks
//!   are brought up to date (a bar with other items gets a new tree).
//! - Colours: at 256 colours the app's pens 16–254 are the screen's pixels; their colours are
//!   set with `vs_color` only while our window is on top and the desktop's are given back
//!   when it is not (EmuTOS sends WM_UNTOPPED but no WM_ONTOP: after every event the host
//!   asks `wind_get(WF_TOP)`). At 16 colours and fewer the desktop's palette is left alone:
//!   each pen is shown as the nearest desktop colour (`depth.rs`).
//! - End: the desktop's colours back, the menu bar removed, the window closed and deleted,
//!   the workstation closed, `appl_exit`.
//! - Dialogs, Load, Save and Copy as text: `host/replies.rs`.
//!
//! Not here yet (docs/gem.md, "The GEM host"): sizer and fuller with the puzzle rescaled,
//! help, AP_TERM, VA_START, the accessory's window; ticks count `TICK_MS` each, not the time
//! measured.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::ffi::CStr;

use falcon_gem::aes::evnt::{EventMask, MouseButtons};
use falcon_gem::aes::graf::MouseForm;
use falcon_gem::aes::wind::{Calc, RectField};
use falcon_gem::aes::{Aes, WindowHandle, WindowParts, fsel};
use falcon_gem::message::Message;
use falcon_gem::rect::Rect as GemRect;
use falcon_gem::trap::Trap;
use falcon_gem::vdi::{Format, Mfdb, Vdi};

use super::depth::{self, PenMap};
use super::disk::Gemdos;
use super::menu::GemMenu;
use super::{input, redraw};
use crate::app::activity::{Activity, Reply, Target};
use crate::app::collection::App;
use crate::app::command::Command;
use crate::app::input::Input;
use crate::frontend::fullscreen::options::BAD_OPTIONS_EXIT;
use crate::gfx::{Damage, PLANES, Palette, Planar, Rect};

/// The largest work area (pixels): the puzzle is laid out in what the desk leaves of it.
pub const WORK_SIZE: (i16, i16) = (320, 240);
/// The window's title (the AES keeps the address).
static TITLE: &CStr = c" Falcon Puzzles ";
/// The window's parts.
const PARTS: WindowParts = WindowParts::NAME.union(WindowParts::CLOSER).union(WindowParts::MOVER);
/// The first and last pen the app may set at 256 colours (0–15 are the AES's; 255 is
/// black's pixel, VDI pen 1).
const OWN_PENS: (u8, u8) = (16, 254);

/// Why the host could not start (after `appl_init`; everything taken is given back).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartError {
    NoWorkstation,
    /// True colour (16 planes and more): not drawn yet.
    Depth(i16),
    NoWindow,
    NoMemory,
}

/// How the screen shows the surface.
enum Picture {
    /// 8 planes: the surface's words are the screen's; the desktop's pens 16–254 as read
    /// at the start, to give back.
    Direct { saved: Vec<Option<[i16; 3]>> },
    /// 1, 2 or 4 planes: each pen as the nearest desktop colour, converted into `words`.
    Converted { map: Box<PenMap>, words: Vec<u16> },
}

/// Everything the running host holds.
struct Host<A: Trap, V: Trap> {
    aes: Aes<A>,
    vdi: Vdi<V>,
    app: App,
    surface: Planar<Vec<u16>>,
    palette: Palette,
    damage: Damage,
    picture: Picture,
    planes: i16,
    window: WindowHandle,
    /// The window's work area on the screen.
    work: GemRect,
    menu: &'static GemMenu,
    on_top: bool,
    held: MouseButtons,
    mouse: (i16, i16),
}

/// The file the file selector's answer names: its folder (the path up to the last `\`,
/// the wildcard dropped) and the name; `None` without a name.
pub fn chosen_path(path: &[u8], name: &[u8]) -> Option<String> {
    let text = |b: &[u8]| {
        let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
        String::from_utf8_lossy(&b[..end]).into_owned()
    };
    let (path, name) = (text(path), text(name));
    if name.is_empty() {
        return None;
    }
    let folder = path.rfind('\\').map_or("", |i| &path[..=i]);
    Some(alloc::format!("{}{}", folder, name))
}

/// Runs the collection made by `app` in a window until the user quits; `None` when no AES
/// answers `appl_init` (then nothing was done), else the exit code. An app that cannot be
/// made (a game ID refused) is an alert with the reason and exit code
/// [`BAD_OPTIONS_EXIT`]. Call in user mode (the AES's dispatcher may switch processes) and
/// only under a TOS (without one `trap #2` has no handler).
#[cfg(target_arch = "m68k")]
pub fn run(app: impl FnOnce() -> Result<App, String>) -> Option<i32> {
    use falcon_gem::trap::Tos;
    let mut aes = Aes::new();
    aes.appl_init()?;
    // A TOS whose AES has not started (a program in the AUTO folder) leaves the version 0.
    if aes.version() == 0 {
        return None;
    }
    Some(run_on(aes, Tos, app))
}

/// Runs the collection made by `app` on the AES `aes` (after its `appl_init`), opening the
/// VDI workstation through `vdi_trap`; the exit code.
pub fn run_on<A: Trap, V: Trap>(mut aes: Aes<A>, vdi_trap: V, app: impl FnOnce() -> Result<App, String>) -> i32 {
    let app = match app() {
        Ok(app) => app,
        Err(e) => {
            let text = alert_text(3, "Falcon Puzzles", &e);
            if let Ok(c) = CStr::from_bytes_with_nul(&text) {
                aes.form_alert(1, c);
            }
            aes.appl_exit();
            return BAD_OPTIONS_EXIT;
        }
    };
    match Host::start(aes, vdi_trap, app) {
        Ok(mut host) => {
            host.run();
            host.finish()
        }
        Err(failed) => {
            let (mut aes, e) = *failed;
            let text: &CStr = match e {
                StartError::Depth(_) => c"[3][Falcon Puzzles: this screen|depth is not supported yet.][ OK ]",
                StartError::NoWindow => c"[3][Falcon Puzzles: no window left.|Close one and try again.][ OK ]",
                _ => c"[3][Falcon Puzzles could not start.][ OK ]",
            };
            aes.form_alert(1, text);
            aes.appl_exit();
            1
        }
    }
}

/// A line on the emulator's debug channel (NatFeats; nothing on a real machine): what the
/// EmuTOS test waits for.
fn say(_line: &CStr) {
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    crate::runtime::natfeats::print(_line);
}

/// The surface rectangle `r` on the screen, for a work area at `work`.
fn on_screen(r: Rect, work: GemRect) -> GemRect {
    GemRect::new(work.x + r.x as i16, work.y + r.y as i16, r.w as i16, r.h as i16)
}

impl<A: Trap, V: Trap> Host<A, V> {
    fn start(mut aes: Aes<A>, vdi_trap: V, app: App) -> Result<Self, Box<(Aes<A>, StartError)>> {
        let g = aes.graf_handle();
        let Some((mut vdi, _)) = Vdi::open(vdi_trap, g.vdi_handle) else {
            return Err(Box::new((aes, StartError::NoWorkstation)));
        };
        let planes = vdi.planes();
        if planes > PLANES as i16 {
            return Err(Box::new((aes, StartError::Depth(planes))));
        }
        let desk = aes.wind_get_rect(WindowHandle::DESK, RectField::Work).unwrap_or(vdi.screen());
        // The largest work area the desk holds (less a margin for the borders), whole groups
        // of 16 pixels wide.
        let room = aes.wind_calc(Calc::WorkFromBorder, PARTS, desk).unwrap_or(desk);
        let w = (WORK_SIZE.0.min(room.w - 16) / 16 * 16).max(16);
        let h = WORK_SIZE.1.min(room.h - 16).max(16);
        let Ok(surface) = Planar::alloc(w as i32, h as i32) else {
            return Err(Box::new((aes, StartError::NoMemory)));
        };
        let picture = if planes == PLANES as i16 {
            let saved = (OWN_PENS.0..=OWN_PENS.1).map(|pen| vdi.vq_color(pen as i16, true)).collect();
            Picture::Direct { saved }
        } else {
            let desktop = (0..(1u8 << planes).min(16))
                .filter_map(|pen| vdi.vq_color(pen as i16, true).map(|c| (depth::pixel_of_vdi_pen(pen, planes), c)))
                .collect();
            let words = alloc::vec![0u16; Mfdb::words_needed(w, h, planes)];
            Picture::Converted { map: Box::new(PenMap::new(desktop)), words }
        };
        let Some(window) = aes.wind_create(PARTS, desk) else {
            return Err(Box::new((aes, StartError::NoWindow)));
        };
        // Placed a little in from the desk's top left corner.
        let wanted = GemRect::new(room.x + 16, room.y + 16, w, h);
        let outer = aes.wind_calc(Calc::BorderFromWork, PARTS, wanted).unwrap_or(wanted);
        let menu: &'static GemMenu = Box::leak(Box::new(GemMenu::build(&app.menu_bar(), g.char_cell, vdi.screen())));
        aes.menu_bar(&menu.tree.tree, true);
        aes.graf_mouse(MouseForm::Arrow);
        aes.wind_set_name(window, TITLE);
        aes.wind_open(window, outer);
        let work = aes.wind_get_rect(window, RectField::Work).unwrap_or(wanted);
        let mut host = Host::<A, V> {
            aes,
            vdi,
            app,
            surface,
            palette: Palette::new(),
            damage: Damage::new(),
            picture,
            planes,
            window,
            work,
            menu,
            on_top: true,
            held: MouseButtons::empty(),
            mouse: (0, 0),
        };
        host.call(|app, t| {
            app.draw_all(t);
            Reply::None
        });
        say(c"gem host: window open\n");
        Ok(host)
    }

    /// Lends the app its target for one call, then shows what changed.
    fn call(&mut self, f: impl FnOnce(&mut App, &mut Target<'_>) -> Reply) -> Reply {
        let region = self.surface.bounds();
        let reply = {
            let mut target = Target::new(self.surface.view(), region, &mut self.palette, &mut self.damage);
            f(&mut self.app, &mut target)
        };
        self.show_changes();
        reply
    }

    /// Loads the changed pens and copies the damaged rectangles to the window.
    fn show_changes(&mut self) {
        let mut damage = self.damage.take();
        if let Some((first, last)) = self.palette.take_changes() {
            match &mut self.picture {
                Picture::Direct { .. } => {
                    if self.on_top {
                        self.load_pens(first, last);
                    }
                }
                Picture::Converted { map, .. } => {
                    // Other pixel values for these pens: everything is shown again.
                    map.update(&self.palette, first, last);
                    damage.add(self.surface.bounds());
                }
            }
        }
        for r in damage.rects() {
            self.show(*r);
        }
        if !self.menu.sync(&mut self.aes, &self.app.menu_bar()) {
            // Another game: a bar with other items. The AES keeps the tree's address, so
            // the new one lives as long as the program (docs/gem.md, the menu's question).
            let g = self.aes.graf_handle();
            let menu = GemMenu::build(&self.app.menu_bar(), g.char_cell, self.vdi.screen());
            self.menu = Box::leak(Box::new(menu));
            self.aes.menu_bar(&self.menu.tree.tree, true);
        }
    }

    /// Copies the surface rectangle `r` to the visible parts of the window.
    fn show(&mut self, r: Rect) {
        let area = on_screen(r, self.work);
        let size = (self.surface.width() as i16, self.surface.height() as i16);
        let result = match &mut self.picture {
            Picture::Direct { .. } => match redraw::source(&mut self.surface, self.planes) {
                Ok(src) => redraw::redraw(&mut self.aes, &mut self.vdi, self.window, area, self.work, &src, size),
                Err(e) => Err(e),
            },
            Picture::Converted { map, words } => {
                depth::convert(&self.surface, r, map, self.planes as usize, words);
                match Mfdb::new(words, size.0, size.1, self.planes, Format::Device) {
                    Ok(src) => redraw::redraw(&mut self.aes, &mut self.vdi, self.window, area, self.work, &src, size),
                    Err(e) => Err(e),
                }
            }
        };
        // A refused copy (a rectangle outside the surface or the screen) shows nothing; the
        // rectangles come from the surface's bounds and the AES's list, so none is expected.
        let _ = result;
    }

    /// Sets the VDI pens `first..=last` (of ours) to the palette's colours.
    fn load_pens(&mut self, first: u8, last: u8) {
        for pen in first.max(OWN_PENS.0)..=last.min(OWN_PENS.1) {
            self.vdi.vs_color(pen as i16, depth::thousandths(self.palette.get(pen)));
        }
    }

    /// Gives the desktop its colours back (256 colours; nothing to do at other depths).
    fn give_back_pens(&mut self) {
        if let Picture::Direct { saved } = &self.picture {
            for (pen, rgb) in (OWN_PENS.0..=OWN_PENS.1).zip(saved) {
                if let Some(rgb) = rgb {
                    self.vdi.vs_color(pen as i16, *rgb);
                }
            }
        }
    }

    /// Our window came on top or went under another: the palette and the app's focus follow.
    fn set_on_top(&mut self, on_top: bool) {
        if on_top == self.on_top {
            return;
        }
        self.on_top = on_top;
        if on_top {
            self.load_pens(OWN_PENS.0, OWN_PENS.1);
        } else {
            self.give_back_pens();
        }
        let input = if on_top { Input::FocusGained } else { Input::FocusLost };
        self.call(|app, t| app.input(t, &input));
    }

    /// The loop: returns when the user quits.
    fn run(&mut self) {
        loop {
            let ticks = self.app.wants_ticks() && self.on_top;
            let request = input::request(ticks, self.held, self.mouse.0, self.mouse.1);
            let e = self.aes.evnt_multi(&request);
            self.mouse = (e.mouse_x, e.mouse_y);
            let mut replies: Vec<Reply> = Vec::new();
            if let Some(m) = e.message()
                && !self.message(m, &mut replies)
            {
                return;
            }
            if let Some(k) = e.key {
                let key = input::key(k, e.shift);
                replies.push(self.call(|app, t| app.input(t, &key)));
            }
            if e.happened.intersects(EventMask::BUTTON | EventMask::MOUSE1) {
                replies.extend(self.pointer(&e));
            }
            if e.happened.contains(EventMask::TIMER) && ticks {
                let tick = Input::Tick { ms: input::TICK_MS };
                replies.push(self.call(|app, t| app.input(t, &tick)));
            }
            for reply in replies {
                if !self.reply(reply) {
                    return;
                }
            }
            // EmuTOS sends no WM_ONTOP: ask which window is on top.
            if let Some(top) = self.aes.wind_get_top() {
                self.set_on_top(top == self.window);
            }
        }
    }

    /// One AES message; false to quit.
    fn message(&mut self, m: Message, replies: &mut Vec<Reply>) -> bool {
        match m {
            Message::Redraw { window, area } if window == self.window => {
                let r = Rect {
                    x: (area.x - self.work.x) as i32,
                    y: (area.y - self.work.y) as i32,
                    w: area.w as i32,
                    h: area.h as i32,
                };
                let r = r.intersect(&self.surface.bounds());
                if r.w > 0 && r.h > 0 {
                    self.show(r);
                }
            }
            Message::Topped { window } if window == self.window => {
                self.aes.wind_set_top(window);
            }
            Message::NewTop { window } | Message::OnTop { window } if window == self.window => self.set_on_top(true),
            Message::Untopped { window } if window == self.window => self.set_on_top(false),
            Message::Closed { window } if window == self.window => return false,
            Message::Moved { window, rect } if window == self.window => {
                self.aes.wind_set_rect(window, RectField::Current, rect);
                if let Some(work) = self.aes.wind_get_rect(window, RectField::Work) {
                    self.work = work;
                }
            }
            Message::MenuSelected { title, item, .. } => {
                self.aes.menu_tnormal(&self.menu.tree.tree, title, true);
                if let Some(command) = self.menu.command(item).cloned() {
                    replies.push(self.call(|app, t| app.command(t, command)));
                }
            }
            _ => {}
        }
        true
    }

    /// A button or a move: the pointer as the app sees it (presses only in the work area
    /// of the window on top; a held button is followed wherever it goes).
    fn pointer(&mut self, e: &falcon_gem::aes::evnt::Events) -> Vec<Reply> {
        let mut out = Vec::new();
        let inside = self.work.contains(e.mouse_x, e.mouse_y) && self.on_top;
        if self.held.is_empty() && !inside {
            return out;
        }
        let origin = (self.work.x, self.work.y);
        let mut now = *e;
        if self.held.is_empty() && e.buttons.is_empty() && e.happened.contains(EventMask::BUTTON) {
            // A click already over when evnt_multi answered: a press, then the release.
            now.buttons = MouseButtons::LEFT;
            let press = input::mouse(&now, origin);
            out.push(self.call(|app, t| app.input(t, &press)));
            now.buttons = MouseButtons::empty();
        }
        let m = input::mouse(&now, origin);
        out.push(self.call(|app, t| app.input(t, &m)));
        self.held = now.buttons;
        out
    }

    /// What the app asked for; false to quit.
    fn reply(&mut self, reply: Reply) -> bool {
        match reply {
            // `App` carries out its activities' commands itself: a host never sees one.
            Reply::None | Reply::Back | Reply::Command(_) => {}
            Reply::Quit => return false,
            Reply::Message { title, text } => self.alert(1, &title, &text),
            Reply::Error(text) => self.alert(3, "", &text),
            Reply::PickPictureToLoad => {
                if let Some(path) = self.pick_file(c"Load picture") {
                    let reply = self.call(|app, t| app.command(t, Command::LoadPictureFile(path)));
                    return self.reply(reply);
                }
            }
            Reply::PickRuleToLoad => {
                if let Some(path) = self.pick_file(c"Load a rule") {
                    let reply = self.call(|app, t| app.command(t, Command::LoadRuleFile(path)));
                    return self.reply(reply);
                }
            }
            Reply::Dialog(dialog) => return self.run_dialog(dialog),
            Reply::PickFileToLoad => return self.load_game(&mut Gemdos),
            Reply::SaveFile { data } => self.save_game(&data, &mut Gemdos),
            Reply::Clipboard(text) => self.copy_to_clipboard(&text, &mut Gemdos),
            Reply::Help { .. }
            // The on-screen dialogs' answers (`app::onscreen`, full screen's): not asked here.
            | Reply::ReadFile { .. }
            | Reply::WriteFile { .. } => self.alert(1, "", "Not available in the window yet."),
        }
        true
    }

    /// The file the user picks with the file selector (`fsel_exinput`, titled `title`),
    /// starting in the root of the current drive showing every file; `None` on Cancel.
    fn pick_file(&mut self, title: &CStr) -> Option<String> {
        let mut path = [0u8; fsel::PATH_LEN];
        let mut name = [0u8; fsel::NAME_LEN];
        path[..4].copy_from_slice(b"\\*.*");
        if self.aes.fsel(&mut path, &mut name, title) != Some(true) {
            return None;
        }
        chosen_path(&path, &name)
    }

    /// An alert with `icon`, the title's and the text's words in lines of at most 30
    /// characters (the AES's limit), 5 lines at most, and an OK button.
    fn alert(&mut self, icon: u8, title: &str, text: &str) {
        let text = alert_text(icon, title, text);
        if let Ok(c) = CStr::from_bytes_with_nul(&text) {
            self.aes.form_alert(1, c);
        }
    }

    /// Gives everything back; the exit code.
    fn finish(mut self) -> i32 {
        self.give_back_pens();
        self.aes.menu_bar(&self.menu.tree.tree, false);
        self.aes.wind_close(self.window);
        self.aes.wind_delete(self.window);
        let Host { mut aes, vdi, .. } = self;
        vdi.close();
        aes.appl_exit();
        say(c"gem host: closed\n");
        0
    }
}

/// `form_alert`'s text: `[icon][line|line…][ OK ]`, the words of `title` and `text` in
/// lines of at most 30 characters, at most 5 lines; brackets and bars (the format's own
/// characters) become round brackets and slashes; ends with a NUL.
pub fn alert_text(icon: u8, title: &str, text: &str) -> Vec<u8> {
    let mut lines: Vec<String> = Vec::new();
    for part in [title, text] {
        let mut line = String::new();
        for word in part.split_whitespace() {
            if !line.is_empty() && line.len() + 1 + word.len() > 30 {
                lines.push(core::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.extend(word.chars().take(30));
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines.truncate(5);
    let mut out = alloc::format!("[{icon}][");
    for (i, l) in lines.iter().enumerate() {
        if i > 0 {
            out.push('|');
        }
        out.extend(l.chars().map(|c| match c {
            '[' => '(',
            ']' => ')',
            '|' => '/',
            c if c.is_ascii() && !c.is_ascii_control() => c,
            _ => '?',
        }));
    }
    out.push_str("][ OK ]\0");
    out.into_bytes()
}

pub mod replies;

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
