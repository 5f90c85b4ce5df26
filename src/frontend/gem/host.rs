//! The collection in a GEM window: as a program (FALCON.PRG started from the desktop) or as
//! a desk accessory (FALCON.ACC, opened from the Desk menu over the running program). One
//! window whose work area shows the app's surface and one `evnt_multi` loop.
//!
//! - Start: a virtual VDI workstation, the desk area (`WF_WORKXYWH`), the surface (at most
//!   [`WORK_SIZE`], shrunk to the desk) and the app's first picture in it; the program then
//!   puts up the app's menu bar and opens its window (name, closer, mover). The accessory
//!   allocates the same at start-up (under TOS whatever it allocates later belongs to the
//!   program running then) and opens its window on AC_OPEN; it has no menu bar (the running
//!   program's is on the screen): the app's keys are its commands.
//! - The loop waits in `evnt_multi` for what `input::request` says (a timer only while the
//!   app wants ticks and the window is on top; only messages while the accessory's window is
//!   closed). WM_REDRAW copies the asked area from the surface (`redraw.rs`); WM_TOPPED tops
//!   the window; WM_MOVED moves it; WM_CLOSED and the app's `HostRequest::Quit` end the program,
//!   or close the accessory's window; AC_OPEN opens or tops the accessory's window; AC_CLOSE
//!   (the AES has closed it already, a program is ending or starting) forgets it;
//!   MN_SELECTED sends the item's `Command`; keys and the mouse in the work area become
//!   `Input`s. After every call the app's damage is copied to the window and its changed
//!   pens are loaded. The menu is brought up to date only when the app's `menu_state`
//!   differs from the one last shown: another game's bar (its tree built once, kept), or
//!   the greying and ticks that changed. The accessory has no menu bar: F10 in its window
//!   shows the app's menus in a dialog (`menu_dialog.rs`, run in `host/replies.rs`).
//! - The loop allocates nothing: each answer of the app is carried out as it comes (a Quit
//!   answering a new size too), and the app's menu bar is built only when its state says
//!   it changed (a command). Tested by counting allocations on both machines.
//! - Colours: at 256 colours the app's pens 16–254 are the screen's pixels; their colours are
//!   set with `vs_color` only while our window is on top and the desktop's are given back
//!   when it is not, or closes (EmuTOS sends WM_UNTOPPED but no WM_ONTOP: after every event
//!   the host asks `wind_get(WF_TOP)`). At 16 colours and fewer the desktop's palette is left
//!   alone: each pen is shown as the nearest desktop colour (`depth.rs`).
//! - End (the program): the desktop's colours back, the menu bar removed, the window closed
//!   and deleted, the workstation closed, `appl_exit`. The accessory never ends.
//! - Dialogs, Load, Save and Copy as text: `host/replies.rs`.
//!
//! - Sizer and fuller: the app laid out again in the new work area; AP_TERM is Quit, even
//!   inside a dialog (the dialogs run in `Aes::form_run`, which hands messages over); where
//!   the AES has iconify (AES 4.1), the icon shows the middle of the picture.
//!
//! - VA_START (the AV protocol): the save file the sender names is loaded as Load does,
//!   AV_STARTED answered (`host/replies.rs`, `gem::av`).
//!
//! Not here yet (docs/gem.md, "The GEM host"): ticks count `TICK_MS` each, not the time
//! measured.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::ffi::CStr;

use falcon_gem::aes::capabilities::Capabilities;
use falcon_gem::aes::evnt::{EventMask, EventRequest, MouseButtons};
use falcon_gem::aes::form::Dial;
use falcon_gem::aes::graf::MouseForm;
use falcon_gem::aes::wind::{Calc, RectField};
use falcon_gem::aes::{Aes, AppId, WindowHandle, WindowParts};
use falcon_gem::message::Message;
use falcon_gem::rect::Rect as GemRect;
use falcon_gem::trap::Trap;
use falcon_gem::vdi::{Format, Mfdb, Vdi};

use super::depth::{self, PenMap};
use super::disk::Gemdos;
use super::first_place::{WindowPlacement, first_outer};
use super::menu::GemMenu;
use super::{icon, input, redraw};
use crate::app::activity::{Activity, HostFeatures, HostRequest, Target};
use crate::app::collection::App;
use crate::app::command::Command;
use crate::app::input::Input;
use crate::app::menu::MenuState;
use crate::app::tetrhex::exit_code::Failure;
use crate::gfx::{Damage, PLANES, Palette, Planar, Rect};
use crate::keyboard::scancode;
use replies::ANY_FILE;

/// The work area when the window first opens (pixels), shrunk to the desk.
pub const WORK_SIZE: (i16, i16) = (320, 240);
/// The smallest work area the sizer leaves.
pub const MIN_WORK_SIZE: (i16, i16) = (160, 120);
/// The largest work area of the accessory: its surface comes out of the heap it allocates
/// at start-up (`runtime::ACCESSORY_HEAP`). The program's is the desk's.
pub const ACCESSORY_MAX_WORK_SIZE: (i16, i16) = (480, 352);
/// The window's title on the collection's start screen (the AES keeps the address).
static TITLE: &CStr = c" Falcon Puzzles ";

/// The window's titles: " Falcon Puzzles - <game> " for each entry of the collection, made
/// once at start-up and kept for ever (the AES keeps the address of WF_NAME's text, not a
/// copy); anything else (a rule loaded from disk) is titled [`TITLE`].
pub struct Titles(Vec<(&'static str, &'static CStr)>);

impl Titles {
    /// One title for each entry of the collection.
    pub fn new() -> Titles {
        let titles = (0..crate::app::entries::count())
            .map(crate::app::entries::name)
            .filter_map(|name| {
                let text = alloc::format!(" Falcon Puzzles - {} ", super::dialog::atari_text(name));
                let c = alloc::ffi::CString::new(text).ok()?;
                Some((name, &*Box::leak(c.into_boxed_c_str())))
            })
            .collect();
        Titles(titles)
    }

    /// The title for the app's `title` (the game played).
    pub fn of(&self, title: &str) -> &'static CStr {
        self.0.iter().find(|(name, _)| *name == title).map_or(TITLE, |(_, c)| c)
    }
}

impl Default for Titles {
    fn default() -> Self {
        Titles::new()
    }
}
/// The window's parts.
const PARTS: WindowParts = WindowParts::NAME
    .union(WindowParts::CLOSER)
    .union(WindowParts::MOVER)
    .union(WindowParts::SIZER)
    .union(WindowParts::FULLER);
/// The first and last pen the app may set at 256 colours (0–15 are the AES's; 255 is
/// black's pixel, VDI pen 1).
const OWN_PENS: (u8, u8) = (16, 254);

/// Why the host could not start (everything taken is given back).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartError {
    NoWorkstation,
    /// True colour (16 planes and more): not drawn yet.
    Depth(i16),
    NoWindow,
    NoMemory,
}

impl StartError {
    /// What went wrong, in a sentence.
    fn reason(self) -> &'static str {
        match self {
            StartError::Depth(_) => "This screen depth is not supported yet.",
            StartError::NoWindow => "No window is left: close one and try again.",
            StartError::NoMemory => "Not enough memory for its picture.",
            StartError::NoWorkstation => "The VDI gave it no workstation.",
        }
    }

    /// The alert that says it.
    fn alert(self) -> &'static CStr {
        match self {
            StartError::Depth(_) => c"[3][Falcon Puzzles: this screen|depth is not supported yet.][ OK ]",
            StartError::NoWindow => c"[3][Falcon Puzzles: no window left.|Close one and try again.][ OK ]",
            StartError::NoMemory => c"[3][Falcon Puzzles: not enough|memory for its picture.][ OK ]",
            StartError::NoWorkstation => c"[3][Falcon Puzzles could not start.][ OK ]",
        }
    }
}

/// Who the host is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// FALCON.PRG: the menu bar is ours; closing the window ends the program.
    Program,
    /// FALCON.ACC: no menu bar; the window opens on AC_OPEN, and closing it goes back to
    /// waiting for the Desk menu.
    Accessory,
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
    role: Role,
    surface: Planar<Vec<u16>>,
    palette: Palette,
    damage: Damage,
    picture: Picture,
    planes: i16,
    /// The desk area (`WF_WORKXYWH` at the start).
    desk: GemRect,
    /// Our window, while it is open.
    window: Option<WindowHandle>,
    /// Where the window opens (its outer rectangle; moved with it).
    outer: GemRect,
    /// The window's work area on the screen.
    work: GemRect,
    /// The part of the surface the app draws in (the work area's size, at most the
    /// surface's): the app lays itself out again when it changes.
    size: (i32, i32),
    /// Whether the fuller made the window full (the next click gives the previous size).
    fulled: bool,
    /// The program's menu bar (the accessory has none).
    menu: Option<&'static GemMenu>,
    /// Every menu tree built so far, by the bar it shows (`MenuState`'s activity and
    /// items). The AES keeps a tree's address, so none is freed; a game played again gets
    /// its tree back, so there are only as many as bars shown (about one a game).
    trees: Vec<((usize, usize), &'static GemMenu)>,
    /// What the menu bar showed when it was last brought up to date (`Activity::menu_state`):
    /// the bar is built again and synced only when the app's differs.
    menu_state: MenuState,
    titles: Titles,
    /// The title the window shows.
    title: &'static CStr,
    /// What the AES offers (iconify and AP_TERM only from AES 4.1, MiNT's and MagiC's).
    caps: Capabilities,
    /// The window is iconified: its small work area shows the middle of the picture, or
    /// the hexagon of `icon_colour`.
    iconified: bool,
    /// TETRHEX's `-ci n`: the icon is a hexagon in system colour n (`icon.rs`).
    icon_colour: Option<u8>,
    on_top: bool,
    /// Part of the window was redrawn for the AES (WM_REDRAW): another window, or a menu,
    /// covered it and is gone. Its owner may have set pens 16–254 and given the desktop's
    /// back without our hearing of it (EmuTOS tells a window nothing when an accessory's
    /// window opens over it), so at 256 colours ours are loaded again if we are on top.
    uncovered: bool,
    held: MouseButtons,
    mouse: (i16, i16),
    /// The folder of the last file picked in the file selector (`C:\GAMES\`), where it
    /// starts next time; before the first, the current folder.
    selector_folder: Option<String>,
    /// Reads VA_START's command line at an address (`av::line_at`; the tests give theirs).
    read_line: fn(usize) -> Option<String>,
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
    Some(alloc::format!("{}{}", folder_of(&path), name))
}

/// The folder of a path: up to and including its last `\` (`C:\PICS\` of
/// `C:\PICS\*.PI1`), empty without one.
pub fn folder_of(path: &str) -> &str {
    path.rfind('\\').map_or("", |i| &path[..=i])
}

/// How the program's window looks: where it first opens (TETRHEX's `-wp`, `-wpc`:
/// `first_place.rs`) and its icon's colour (`-ci`: `icon.rs`; `None`, the middle of the
/// picture).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowLook {
    pub placement: WindowPlacement,
    pub icon_colour: Option<u8>,
}

impl From<WindowPlacement> for WindowLook {
    fn from(placement: WindowPlacement) -> Self {
        WindowLook { placement, icon_colour: None }
    }
}

/// Runs the collection made by `app` in a window until the user quits, the window as `look`
/// says; `None` when no AES answers `appl_init` (then nothing was done), else the exit code.
/// An app that cannot be made (a game ID refused, TETRHEX's rule file missing or bad) is an
/// alert with the reason and the failure's exit code (10, 7, 8: TETRHEX's section 8.2).
/// Call in user mode (the AES's dispatcher may switch processes) and only under a TOS
/// (without one `trap #2` has no handler).
#[cfg(target_arch = "m68k")]
pub fn run(look: WindowLook, app: impl FnOnce() -> Result<App, Failure>) -> Option<i32> {
    use falcon_gem::trap::Tos;
    let mut aes = Aes::new();
    aes.appl_init()?;
    // A TOS whose AES has not started (a program in the AUTO folder) leaves the version 0.
    if aes.version() == 0 {
        return None;
    }
    Some(run_on(aes, Tos, look, app))
}

/// Runs the collection made by `app` on the AES `aes` (after its `appl_init`), opening the
/// VDI workstation through `vdi_trap`, the window first at `placement`; the exit code.
pub fn run_on<A: Trap, V: Trap>(
    mut aes: Aes<A>,
    vdi_trap: V,
    look: impl Into<WindowLook>,
    app: impl FnOnce() -> Result<App, Failure>,
) -> i32 {
    let look = look.into();
    let app = match app() {
        Ok(app) => app,
        Err(e) => {
            alert_with(&mut aes, 3, "Falcon Puzzles", &e.message);
            aes.appl_exit();
            return e.exit_code();
        }
    };
    match Host::start(aes, vdi_trap, app, Role::Program) {
        Ok(mut host) => {
            host.outer = first_outer(look.placement, host.outer, host.desk);
            host.icon_colour = look.icon_colour;
            let opened = host.open_window();
            if opened {
                while host.step() {}
                host.close_window();
            } else {
                host.aes.form_alert(1, StartError::NoWindow.alert());
            }
            host.finish();
            if opened { 0 } else { 1 }
        }
        Err(failed) => {
            let (mut aes, e) = *failed;
            aes.form_alert(1, e.alert());
            aes.appl_exit();
            1
        }
    }
}

/// The desk accessory (after `appl_init` and `menu_register`): the collection made by `app`
/// at start-up, its window opened from the Desk menu. [`Accessory::step`] waits for and
/// answers one event; the accessory calls it for ever.
pub struct Accessory<A: Trap, V: Trap>(Served<A, V>);

/// What the accessory serves.
enum Served<A: Trap, V: Trap> {
    Window(Box<Host<A, V>>),
    /// The host could not start: AC_OPEN shows why.
    Broken {
        aes: Aes<A>,
        why: String,
    },
}

impl<A: Trap, V: Trap> Accessory<A, V> {
    /// Makes the app and everything its window needs, now (at start-up, before the first
    /// event: the memory is the accessory's own).
    pub fn start(aes: Aes<A>, vdi_trap: V, app: impl FnOnce() -> Result<App, String>) -> Self {
        let app = match app() {
            Ok(app) => app,
            Err(why) => return Accessory(Served::Broken { aes, why }),
        };
        Accessory(match Host::start(aes, vdi_trap, app, Role::Accessory) {
            Ok(host) => Served::Window(Box::new(host)),
            Err(failed) => {
                let (aes, e) = *failed;
                let why = e.reason().into();
                Served::Broken { aes, why }
            }
        })
    }

    /// Waits for one event and answers it.
    pub fn step(&mut self) {
        match &mut self.0 {
            Served::Window(host) => {
                host.step();
            }
            Served::Broken { aes, why } => {
                if let Message::AccOpen { .. } = aes.evnt_mesag().decode() {
                    let why = why.clone();
                    alert_with(aes, 3, "Falcon Puzzles could not start:", &why);
                }
            }
        }
    }

    /// Whether the accessory's window is open.
    pub fn is_open(&self) -> bool {
        matches!(&self.0, Served::Window(host) if host.window.is_some())
    }
}

/// A line on the emulator's debug channel (NatFeats; nothing on a real machine): what the
/// EmuTOS test waits for.
fn say(_line: &CStr) {
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    crate::runtime::natfeats::print(_line);
}

/// The desktop's depth on the debug channel: the EmuTOS tests check which one they got.
fn say_depth(_planes: i16) {
    #[cfg(all(target_arch = "m68k", feature = "target"))]
    crate::runtime::natfeats::print_fmt(format_args!("gem host: desktop of {_planes} planes\n"));
}

/// The surface rectangle `r` on the screen, for a work area at `work`.
fn on_screen(r: Rect, work: GemRect) -> GemRect {
    GemRect::new(work.x + r.x as i16, work.y + r.y as i16, r.w as i16, r.h as i16)
}

/// An alert (`alert_text`) on `aes`.
fn alert_with<A: Trap>(aes: &mut Aes<A>, icon: u8, title: &str, text: &str) {
    let text = alert_text(icon, title, text);
    if let Ok(c) = CStr::from_bytes_with_nul(&text) {
        aes.form_alert(1, c);
    }
}

impl<A: Trap, V: Trap> Host<A, V> {
    /// Everything but the window: the workstation, the surface with the app's first picture,
    /// and the program's menu bar.
    fn start(mut aes: Aes<A>, vdi_trap: V, app: App, role: Role) -> Result<Self, Box<(Aes<A>, StartError)>> {
        let g = aes.graf_handle();
        let Some((vdi, _)) = Vdi::open(vdi_trap, g.vdi_handle) else {
            return Err(Box::new((aes, StartError::NoWorkstation)));
        };
        let planes = vdi.planes();
        say_depth(planes);
        if planes > PLANES as i16 {
            vdi.close();
            return Err(Box::new((aes, StartError::Depth(planes))));
        }
        // What the AES offers; that we understand AP_TERM, where it can be said.
        let caps = aes.capabilities(false);
        aes.shel_announce_ap_term(&caps);
        let desk = aes.wind_get_rect(WindowHandle::DESK, RectField::Work).unwrap_or(vdi.screen());
        // The largest work area the desk holds (less a margin for the borders), whole groups
        // of 16 pixels wide.
        // The surface holds the largest work area: the desk's (the program's) or
        // ACCESSORY_MAX_WORK_SIZE, in whole groups of 16 pixels.
        let room = aes.wind_calc(Calc::WorkFromBorder, PARTS, desk).unwrap_or(desk);
        let largest = match role {
            Role::Program => (room.w, room.h),
            Role::Accessory => (room.w.min(ACCESSORY_MAX_WORK_SIZE.0), room.h.min(ACCESSORY_MAX_WORK_SIZE.1)),
        };
        let (sw, sh) = ((largest.0 / 16 * 16).max(16), largest.1.max(16));
        // The first work area, a little in from the desk's top left corner.
        let w = (WORK_SIZE.0.min(room.w - 16) / 16 * 16).clamp(16, sw);
        let h = WORK_SIZE.1.min(room.h - 16).clamp(16, sh);
        let Ok(surface) = Planar::alloc(sw as i32, sh as i32) else {
            vdi.close();
            return Err(Box::new((aes, StartError::NoMemory)));
        };
        let mut vdi = vdi;
        let picture = if planes == PLANES as i16 {
            let saved = (OWN_PENS.0..=OWN_PENS.1).map(|pen| vdi.vq_color(pen as i16, true)).collect();
            Picture::Direct { saved }
        } else {
            let desktop = (0..(1u8 << planes).min(16))
                .filter_map(|pen| vdi.vq_color(pen as i16, true).map(|c| (depth::pixel_of_vdi_pen(pen, planes), c)))
                .collect();
            let words = alloc::vec![0u16; Mfdb::words_needed(sw, sh, planes)];
            Picture::Converted { map: Box::new(PenMap::new(desktop)), words }
        };
        let wanted = GemRect::new(room.x + 16, room.y + 16, w, h);
        let outer = aes.wind_calc(Calc::BorderFromWork, PARTS, wanted).unwrap_or(wanted);
        let menu = match role {
            Role::Program => {
                let menu: &'static GemMenu =
                    Box::leak(Box::new(GemMenu::build(&app.menu_bar(), g.char_cell, vdi.screen())));
                aes.menu_bar(&menu.tree.tree, true);
                Some(menu)
            }
            Role::Accessory => None,
        };
        let menu_state = app.menu_state();
        let trees = menu.iter().map(|&m| ((menu_state.activity, menu_state.items), m)).collect();
        let mut host = Host::<A, V> {
            aes,
            vdi,
            app,
            role,
            surface,
            palette: Palette::new(),
            damage: Damage::new(),
            picture,
            planes,
            desk,
            window: None,
            outer,
            work: wanted,
            size: (w as i32, h as i32),
            fulled: false,
            menu,
            trees,
            menu_state,
            titles: Titles::new(),
            title: TITLE,
            caps,
            iconified: false,
            icon_colour: None,
            on_top: false,
            uncovered: false,
            held: MouseButtons::empty(),
            mouse: (0, 0),
            selector_folder: None,
            read_line: super::av::line_at,
        };
        host.app.set_host_features(features(&host.caps));
        host.call(|app, t| {
            app.draw_all(t);
            None
        });
        Ok(host)
    }

    /// Opens the window where it was last (the AES sends WM_REDRAW for its work area) and
    /// puts it on top; false when the AES has no window left.
    fn open_window(&mut self) -> bool {
        // The iconifier only where the AES has iconify.
        let parts = if self.caps.iconify() { PARTS | WindowParts::SMALLER } else { PARTS };
        let Some(window) = self.aes.wind_create(parts, self.desk) else {
            return false;
        };
        self.aes.graf_mouse(MouseForm::Arrow);
        self.title = self.titles.of(self.app.title());
        self.aes.wind_set_name(window, self.title);
        self.aes.wind_open(window, self.outer);
        if let Some(work) = self.aes.wind_get_rect(window, RectField::Work) {
            self.work = work;
        }
        self.window = Some(window);
        self.iconified = false;
        self.held = MouseButtons::empty();
        self.set_on_top(true);
        say(c"gem host: window open\n");
        true
    }

    /// Moves or sizes the window to `outer`, its work area kept between
    /// [`MIN_WORK_SIZE`] and the surface's size; when that size changes, the app lays
    /// itself out again in it and draws everything (the AES sends no WM_REDRAW for a
    /// smaller window). False to quit (the app's answer to the new layout).
    fn place(&mut self, window: WindowHandle, outer: GemRect) -> bool {
        let (sw, sh) = (self.surface.width() as i16, self.surface.height() as i16);
        let work = self.aes.wind_calc(Calc::WorkFromBorder, PARTS, outer).unwrap_or(outer);
        let fitted = GemRect::new(
            work.x,
            work.y,
            work.w.clamp(MIN_WORK_SIZE.0.min(sw), sw),
            work.h.clamp(MIN_WORK_SIZE.1.min(sh), sh),
        );
        let outer = self.aes.wind_calc(Calc::BorderFromWork, PARTS, fitted).unwrap_or(outer);
        self.aes.wind_set_rect(window, RectField::Current, outer);
        self.outer = outer;
        self.work = self.aes.wind_get_rect(window, RectField::Work).unwrap_or(fitted);
        let size = (self.work.w.min(sw) as i32, self.work.h.min(sh) as i32);
        if size != self.size {
            self.size = size;
            let reply = self.call(|app, t| app.input(t, &Input::Resize));
            // Carried out as any other answer: a Quit ends the program, or closes the
            // accessory's window.
            return self.reply(reply);
        }
        true
    }

    /// Gives the desktop's colours back, then closes and deletes the window.
    fn close_window(&mut self) {
        self.set_on_top(false);
        if let Some(window) = self.window.take() {
            self.aes.wind_close(window);
            self.aes.wind_delete(window);
        }
    }

    /// The AES closed the window itself (AC_CLOSE): only our side is left to tidy.
    fn forget_window(&mut self) {
        self.window = None;
        self.set_on_top(false);
    }

    /// Lends the app its target for one call, then shows what changed.
    fn call(&mut self, f: impl FnOnce(&mut App, &mut Target<'_>) -> Option<HostRequest>) -> Option<HostRequest> {
        let region = Rect { x: 0, y: 0, w: self.size.0, h: self.size.1 };
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
        let title = self.titles.of(self.app.title());
        if let Some(window) = self.window
            && title != self.title
        {
            self.title = title;
            self.aes.wind_set_name(window, title);
        }
        if self.menu.is_some() {
            let state = self.app.menu_state();
            if state != self.menu_state {
                self.update_menu(state);
            }
        }
    }

    /// Brings the menu bar up to date with the app's, whose state is now `state` (called
    /// only when it changed: building the app's bar allocates). Another activity, or other
    /// items or labels: that bar's tree (built the first time, kept in `trees`) is put up;
    /// then the greying and ticks that changed are set (`GemMenu::sync`).
    fn update_menu(&mut self, state: MenuState) {
        let Some(shown) = self.menu else { return };
        let key = (state.activity, state.items);
        self.menu_state = state;
        let bar = self.app.menu_bar();
        let kept = self.trees.iter().position(|(k, _)| *k == key);
        let menu = match kept {
            Some(i) if self.trees[i].1.same_items(&bar) => self.trees[i].1,
            _ => {
                let g = self.aes.graf_handle();
                let menu: &'static GemMenu = Box::leak(Box::new(GemMenu::build(&bar, g.char_cell, self.vdi.screen())));
                match kept {
                    Some(i) => self.trees[i].1 = menu,
                    None => self.trees.push((key, menu)),
                }
                menu
            }
        };
        if !core::ptr::eq(menu, shown) {
            self.aes.menu_bar(&menu.tree.tree, true);
            self.menu = Some(menu);
        }
        menu.sync(&mut self.aes, &bar);
    }

    /// Copies the surface rectangle `r` to the visible parts of the window (nothing while
    /// it is closed: the surface keeps the picture).
    fn show(&mut self, r: Rect) {
        let Some(window) = self.window else {
            return;
        };
        let origin = self.origin();
        let area = on_screen(r, origin);
        if let Some(pen) = self.icon_colour.filter(|_| self.iconified) {
            icon::draw(&mut self.aes, &mut self.vdi, window, area, self.work, pen);
            return;
        }
        let size = (self.surface.width() as i16, self.surface.height() as i16);
        let result = match &mut self.picture {
            Picture::Direct { .. } => match redraw::source(&mut self.surface, self.planes) {
                Ok(src) => redraw::redraw(&mut self.aes, &mut self.vdi, window, area, origin, &src, size),
                Err(e) => redraw::Walked { copied: 0, refused: Some(e) },
            },
            Picture::Converted { map, words } => {
                depth::convert(&self.surface, r, map, self.planes as usize, words);
                match Mfdb::new(words, size.0, size.1, self.planes, Format::Device) {
                    Ok(src) => redraw::redraw(&mut self.aes, &mut self.vdi, window, area, origin, &src, size),
                    Err(e) => redraw::Walked { copied: 0, refused: Some(e) },
                }
            }
        };
        // A refused copy shows nothing of its rectangle, and the walk goes on; the
        // rectangles are cut to the surface and to the screen, so none is expected.
        let _ = result;
    }

    /// Where the surface's top left corner lies on the screen: the work area's corner; when
    /// iconified, so that the middle of the picture shows in the icon's small work area
    /// (the rectangle list keeps every copy inside it).
    fn origin(&self) -> GemRect {
        if !self.iconified {
            return self.work;
        }
        let dx = ((self.size.0 - self.work.w as i32) / 2).max(0) as i16;
        let dy = ((self.size.1 - self.work.h as i32) / 2).max(0) as i16;
        GemRect::new(self.work.x - dx, self.work.y - dy, self.size.0 as i16, self.size.1 as i16)
    }

    /// Sets the VDI pens `first..=last` (of ours) to the palette's colours (256 colours;
    /// nothing to do at other depths).
    fn load_pens(&mut self, first: u8, last: u8) {
        if !matches!(self.picture, Picture::Direct { .. }) {
            return;
        }
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

    /// Our window came on top or went under another (or closed): the palette and the app's
    /// focus follow.
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
        say(match (self.role, on_top) {
            (Role::Program, true) => c"gem host: program on top\n",
            (Role::Program, false) => c"gem host: program not on top\n",
            (Role::Accessory, true) => c"gem host: accessory on top\n",
            (Role::Accessory, false) => c"gem host: accessory not on top\n",
        });
        let input = if on_top { Input::FocusGained } else { Input::FocusLost };
        self.call(|app, t| app.input(t, &input));
    }

    /// At 256 colours, once we learn late that `top` is on top instead of our window (at
    /// our next event), our pens went back to the desktop's after its owner may have loaded
    /// its own: the AES is asked to redraw it (`form_dial(FMD_FINISH)` over it sends its
    /// owner WM_REDRAW), and an owner that loads its pens on a redraw, as this host does,
    /// shows its colours again.
    fn redraw_new_top(&mut self, top: WindowHandle) {
        if top == WindowHandle::DESK || !matches!(self.picture, Picture::Direct { .. }) {
            return;
        }
        if let Some(area) = self.aes.wind_get_rect(top, RectField::Current) {
            self.aes.form_dial(Dial::Finish, area, area);
        }
    }

    /// Sends the window behind the others (`wind_set(WF_BOTTOM)`, where the AES has it: the
    /// app is told so, `HostFeatures::background`); the next window on top gets the
    /// keyboard, and the check after each event (`wind_get(WF_TOP)`) takes the focus away.
    fn send_to_background(&mut self) {
        if let Some(window) = self.window {
            self.aes.wind_set_bottom(&self.caps, window);
        }
    }

    /// Waits for one event and answers it; false when the program is to end.
    fn step(&mut self) -> bool {
        let ticks = self.app.wants_ticks() && self.on_top && self.window.is_some() && !self.iconified;
        let request = if self.window.is_some() {
            input::request(ticks, self.held, self.mouse.0, self.mouse.1)
        } else {
            // The accessory's window is closed: only the Desk menu and the AES speak to it.
            EventRequest { message: true, ..Default::default() }
        };
        let e = self.aes.evnt_multi(&request);
        self.mouse = (e.mouse_x, e.mouse_y);
        // Each answer of the app is carried out as it comes (nothing is kept: the loop
        // allocates nothing); what comes after a Quit that closed the accessory's window
        // is not sent (the window it was for is gone).
        if let Some(m) = e.raw_message
            && !self.message(m.decode(), m.sender())
        {
            return false;
        }
        if let Some(k) = e.key
            && self.takes_input()
        {
            // F10 in the accessory's window: its menu, which has no bar (as full screen's
            // F10 opens its on-screen menus).
            let go_on = if self.role == Role::Accessory && k.scancode == scancode::F10 {
                self.run_menu_dialog()
            } else {
                let key = input::key(k, e.shift);
                let reply = self.call(|app, t| app.input(t, &key));
                self.reply(reply)
            };
            if !go_on {
                return false;
            }
        }
        if e.happened.intersects(EventMask::BUTTON | EventMask::MOUSE1) && self.takes_input() && !self.pointer(&e) {
            return false;
        }
        if e.happened.contains(EventMask::TIMER) && ticks && self.takes_input() {
            let tick = Input::Tick { ms: input::TICK_MS };
            let reply = self.call(|app, t| app.input(t, &tick));
            if !self.reply(reply) {
                return false;
            }
        }
        // EmuTOS sends no WM_ONTOP: ask which window is on top (an icon on top has no game
        // to play).
        let was_on_top = self.on_top;
        if let Some(window) = self.window
            && let Some(top) = self.aes.wind_get_top()
        {
            self.set_on_top(top == window && !self.iconified);
            if was_on_top && !self.on_top && top != window {
                self.redraw_new_top(top);
            }
        }
        // On top all along and uncovered: our pens again (coming on top loaded them).
        if core::mem::take(&mut self.uncovered) && was_on_top && self.on_top {
            self.load_pens(OWN_PENS.0, OWN_PENS.1);
        }
        true
    }

    /// Whether keys, the pointer and ticks go to the app: while the window is open and not
    /// an icon (an icon's are for the window it stands for).
    fn takes_input(&self) -> bool {
        self.window.is_some() && !self.iconified
    }

    /// The user closed the window or quit: the program ends (false); the accessory's
    /// window closes and it waits again (true).
    fn quit(&mut self) -> bool {
        match self.role {
            Role::Program => false,
            Role::Accessory => {
                self.close_window();
                say(c"gem host: window closed\n");
                true
            }
        }
    }

    /// One AES message, sent by `from`; false to quit.
    fn message(&mut self, m: Message, from: AppId) -> bool {
        let ours = |w: WindowHandle| Some(w) == self.window;
        match m {
            Message::AccOpen { .. } => match self.window {
                Some(window) => {
                    self.aes.wind_set_top(window);
                }
                None => {
                    if !self.open_window() {
                        self.aes.form_alert(1, StartError::NoWindow.alert());
                    }
                }
            },
            Message::AccClose { .. } => {
                self.forget_window();
                say(c"gem host: window forgotten\n");
            }
            Message::Redraw { window, area } if ours(window) => {
                let origin = self.origin();
                let r = Rect {
                    x: (area.x - origin.x) as i32,
                    y: (area.y - origin.y) as i32,
                    w: area.w as i32,
                    h: area.h as i32,
                };
                let r = r.intersect(&Rect { x: 0, y: 0, w: self.size.0, h: self.size.1 });
                if r.w > 0 && r.h > 0 {
                    self.show(r);
                }
                self.uncovered = true;
            }
            Message::Topped { window } if ours(window) => {
                self.aes.wind_set_top(window);
            }
            Message::NewTop { window } | Message::OnTop { window } if ours(window) => self.set_on_top(true),
            Message::Untopped { window } if ours(window) => self.set_on_top(false),
            Message::Bottomed { window } if ours(window) => self.send_to_background(),
            Message::Closed { window } if ours(window) => return self.quit(),
            // A multitasking AES ends us (shutdown, a resolution change): as Quit.
            Message::Terminate { .. } => return self.quit(),
            Message::VaStart { command } => return self.open_dropped(command, from, &mut Gemdos),
            Message::Iconify { window, rect } | Message::AllIconify { window, rect } if ours(window) => {
                if self.aes.wind_set_iconify(&self.caps, window, rect) {
                    self.iconified = true;
                    self.work = self.aes.wind_get_rect(window, RectField::Work).unwrap_or(rect);
                    // The game waits while it is an icon.
                    self.set_on_top(false);
                }
            }
            Message::Uniconify { window, rect } if ours(window) => {
                if self.aes.wind_set_uniconify(&self.caps, window, rect) {
                    self.iconified = false;
                    self.outer = rect;
                    if let Some(work) = self.aes.wind_get_rect(window, RectField::Work) {
                        self.work = work;
                    }
                    self.aes.wind_set_top(window);
                }
            }
            Message::Moved { window, rect } if ours(window) && self.iconified => {
                // The icon moves; the window keeps its own place for when it comes back.
                self.aes.wind_set_rect(window, RectField::Current, rect);
                self.work = self.aes.wind_get_rect(window, RectField::Work).unwrap_or(rect);
            }
            Message::Moved { window, rect } if ours(window) => return self.place(window, rect),
            Message::Sized { window, rect } if ours(window) => {
                self.fulled = false;
                return self.place(window, rect);
            }
            Message::Fulled { window } if ours(window) => {
                // Full: the desk (given to wind_create), cut to the surface by `place`;
                // again: the size before.
                let field = if self.fulled { RectField::Previous } else { RectField::Full };
                if let Some(rect) = self.aes.wind_get_rect(window, field) {
                    self.fulled = !self.fulled;
                    return self.place(window, rect);
                }
            }
            Message::MenuSelected { title, item, .. } => {
                let command = self.menu.and_then(|menu| {
                    self.aes.menu_tnormal(&menu.tree.tree, title, true);
                    menu.command(item).cloned()
                });
                if let Some(command) = command {
                    let reply = self.call(|app, t| app.command(t, command));
                    return self.reply(reply);
                }
            }
            _ => {}
        }
        true
    }

    /// A button or a move: the pointer as the app sees it (presses only in the work area
    /// of the window on top; a held button is followed wherever it goes), the app's answers
    /// carried out; false to quit.
    fn pointer(&mut self, e: &falcon_gem::aes::evnt::Events) -> bool {
        let inside = self.work.contains(e.mouse_x, e.mouse_y) && self.on_top;
        if self.held.is_empty() && !inside {
            return true;
        }
        let origin = (self.work.x, self.work.y);
        // A click already over, or a double click the AES counted: each change in turn.
        let inputs = input::pointer(e, self.held, origin);
        self.held = e.buttons;
        for (i, m) in inputs.as_slice().iter().enumerate() {
            if i > 0 && !self.takes_input() {
                // The app's last answer closed the window or made it an icon.
                break;
            }
            let reply = self.call(|app, t| app.input(t, m));
            if !self.reply(reply) {
                return false;
            }
        }
        true
    }

    /// What the app asked for; false to quit.
    fn reply(&mut self, request: Option<HostRequest>) -> bool {
        let Some(request) = request else { return true };
        match request {
            HostRequest::Quit => return self.quit(),
            HostRequest::Message { title, text } => self.alert(1, &title, &text),
            HostRequest::Error(text) => self.alert(3, "", &text),
            HostRequest::PickPictureToLoad => {
                if let Some(path) = self.pick(c"Load picture", ANY_FILE, "", &mut Gemdos) {
                    let reply = self.call(|app, t| app.command(t, Command::LoadPictureFile(path)));
                    return self.reply(reply);
                }
            }
            HostRequest::PickRuleToLoad => {
                if let Some(path) = self.pick(c"Load a rule", ANY_FILE, "", &mut Gemdos) {
                    let reply = self.call(|app, t| app.command(t, Command::LoadRuleFile(path)));
                    return self.reply(reply);
                }
            }
            HostRequest::Dialog(dialog) => return self.run_dialog(dialog),
            HostRequest::PickFileToLoad => return self.load_game(&mut Gemdos),
            HostRequest::SaveFile { data } => self.save_game(&data, &mut Gemdos),
            HostRequest::Clipboard(text) => self.copy_to_clipboard(&text, &mut Gemdos),
            HostRequest::Help { game } => return self.show_help(game),
            HostRequest::ToBackground => self.send_to_background(),
        }
        true
    }

    /// An alert with `icon`, the title's and the text's words in lines of at most 30
    /// characters (the AES's limit), 5 lines at most, and an OK button.
    fn alert(&mut self, icon: u8, title: &str, text: &str) {
        alert_with(&mut self.aes, icon, title, text);
    }

    /// Gives everything back (the window closed already): the menu bar removed, the
    /// workstation closed, `appl_exit`.
    fn finish(self) {
        let Host { mut aes, vdi, menu, .. } = self;
        if let Some(menu) = menu {
            aes.menu_bar(&menu.tree.tree, false);
        }
        vdi.close();
        aes.appl_exit();
        say(c"gem host: closed\n");
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

/// What a window on this AES can do for the app: be sent behind the others where
/// `wind_set(WF_BOTTOM)` exists.
fn features(caps: &Capabilities) -> HostFeatures {
    HostFeatures { background: caps.bottom() }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
