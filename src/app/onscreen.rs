//! [`OnScreen`]: menus and dialogs drawn by the app itself, for a host that has no native
//! ones (the full-screen host). It wraps any [`Activity`] (normally [`App`](super::App)):
//! draws the activity's [`MenuBar`] as a bar along the top of the region with pull-down
//! menus, shows the dialogs, messages and help the activity replies with, lets the user edit
//! and confirm them, and ends in the same [`Command`]s a GEM menu or dialog would send. The
//! activity draws in the region below the bar and knows nothing of this; the GEM host uses the
//! activity without the wrapper and renders the same data with the AES.
//!
//! # Interface for hosts
//!
//! ```text
//! let mut ui = OnScreen::new(App::new(seed));     // the collection, menus on the screen
//! ui.draw_all(&mut target);                        // at start and when the screen was lost
//! match ui.input(&mut target, &event) { ... }      // keys, mouse, ticks (while wants_ticks())
//! ```
//!
//! The host then acts on what is still its own, a [`MenulessHostRequest`]: `Quit`;
//! `ReadFile { name }` (read it, send `Command::LoadData(bytes)` through
//! [`OnScreen::command`], or report the failure with [`OnScreen::message`]);
//! `WriteFile { name, data }` (new file, then rename; report failures the same way);
//! `Clipboard(text)`; `ToBackground`. Every other [`HostRequest`] of the app (menus, dialogs,
//! messages, errors, help, Load and Save's file names, Load picture's file name, which goes
//! back to the activity as `Command::LoadPictureFile`) is carried out inside and answers
//! `None`.
//!
//! # Keys and mouse
//!
//! F10 opens the first menu (docs/keys.md); Left and Right go from menu to menu, Up and Down
//! through the items, Return or Space choose, Esc closes. A click on a title opens its menu,
//! a release on an item chooses it, a click outside closes it. Dialogs: see [`form`]. While a
//! menu or dialog is open the activity gets no input and no ticks (animations wait), and the
//! pixels under the box are kept and put back when it closes.
//!
//! # Pens
//!
//! Pens 1–7 ([`pens`]), from the range the puzzles leave to the host (0–15); pen 0 (the
//! screen border) and 8–15 stay the host's.

pub mod form;
pub mod pulldown;
pub mod text_box;

use alloc::string::String;
use alloc::vec::Vec;

use self::form::{Form, Purpose};
use self::pulldown::Pulldown;
use self::text_box::TextBox;
use super::activity::{Activity, HostRequest, MenulessHostRequest, Target};
use super::command::Command;
use super::dialog::{ConfigItem, Dialog};
use super::help;
use super::input::{Buttons, Input, KeyPress};
use super::menu::{MenuBar, MenuState};
use super::widgets;
use crate::gfx::{Planar, Rect};
use crate::keyboard::scancode;

/// The pens of the on-screen menus and dialogs, and their colours.
pub mod pens {
    use crate::gfx::Colour;

    /// Menus, text boxes and fields.
    pub const PAPER: u8 = 1;
    /// Text and frames.
    pub const INK: u8 = 2;
    /// Disabled items, separators, hints.
    pub const GREY: u8 = 3;
    /// The highlighted item, title bars, the focus.
    pub const SELECT: u8 = 4;
    /// Text on `SELECT`.
    pub const SELECT_TEXT: u8 = 5;
    /// The face of a dialog.
    pub const FACE: u8 = 6;
    /// An error in a dialog.
    pub const ERROR: u8 = 7;

    /// Pens `PAPER..=ERROR`, in order.
    pub const COLOURS: [Colour; 7] = [
        Colour::WHITE,
        Colour::BLACK,
        Colour::rgb(0x80, 0x80, 0x80),
        Colour::rgb(0x00, 0x00, 0x80),
        Colour::WHITE,
        Colour::rgb(0xd8, 0xd8, 0xd8),
        Colour::rgb(0xc0, 0x00, 0x00),
    ];
}

/// The save file's name Load and Save propose for the game `title`: its letters and digits,
/// at most 8, in capitals, and `.SAV` (8.3, as TOS wants; `PUZZLE.SAV` without any).
pub fn save_file_name(title: &str) -> String {
    let mut name: String = title.chars().filter(char::is_ascii_alphanumeric).take(8).collect::<String>().to_uppercase();
    if name.is_empty() {
        name.push_str("PUZZLE");
    }
    name.push_str(".SAV");
    name
}

/// What a key or click did to an open menu or dialog.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Nothing to show.
    Stay,
    /// Draw it again.
    Redraw,
    /// Close it (Esc, Cancel).
    Close,
    /// A menu item was chosen.
    Command(Command),
    /// A dialog's OK.
    Submit,
}

/// What is open over the activity.
enum Popup {
    Menu(Pulldown),
    Form(Form),
    Text(TextBox),
}

impl Popup {
    fn rect(&self) -> Rect {
        match self {
            Popup::Menu(m) => m.rect(),
            Popup::Form(f) => f.rect(),
            Popup::Text(t) => t.rect(),
        }
    }
    /// Draws what changed since the last call (all of it after `invalidate`); returns where.
    fn draw(&mut self, s: &mut Planar<&mut [u16]>) -> Rect {
        match self {
            Popup::Menu(m) => m.draw(s),
            Popup::Form(f) => f.draw(s),
            Popup::Text(t) => t.draw(s),
        }
    }
    fn invalidate(&mut self) {
        match self {
            Popup::Menu(m) => m.invalidate(),
            Popup::Form(f) => f.invalidate(),
            Popup::Text(_) => {}
        }
    }
}

/// The pixels under an open box, to put back when it closes: the whole 16-pixel groups it
/// touches, kept in a surface of their own (saved and restored by the aligned copy blitter:
/// whole words, no shifting).
struct Under {
    /// Where the groups are (surface coordinates).
    rect: Rect,
    pixels: Planar<Vec<u16>>,
}

impl Under {
    /// Saves the groups under `rect` (on the surface, not empty); `None` without the memory.
    fn save(surface: &Planar<&mut [u16]>, rect: Rect) -> Option<Under> {
        let (x0, x1) = (rect.x & !15, (rect.right() + 15) & !15);
        let groups = Rect::new(x0, rect.y, x1 - x0, rect.h);
        let mut words = Vec::new();
        let n = Planar::<Vec<u16>>::words_needed(groups.w, groups.h);
        words.try_reserve_exact(n).ok()?;
        words.resize(n, 0);
        let mut pixels = Planar::new(words, groups.w, groups.h).ok()?;
        pixels.copy_from(surface, groups, 0, 0);
        Some(Under { rect: groups, pixels })
    }

    /// Puts the groups back; returns where.
    fn restore(self, surface: &mut Planar<&mut [u16]>) -> Rect {
        surface.copy_from(&self.pixels, self.pixels.bounds(), self.rect.x, self.rect.y);
        self.rect
    }
}

/// An activity with menus and dialogs drawn on the screen.
pub struct OnScreen<A: Activity<Reply = Option<HostRequest>>> {
    inner: A,
    region: Rect,
    bar: Rect,
    scale: i32,
    /// The bar's titles and where they are.
    titles: Vec<(String, Rect)>,
    /// The activity's title when the bar was drawn (another game: other menus).
    shown_title: String,
    popup: Option<Popup>,
    under: Option<Under>,
    buttons: Buttons,
    /// A press went to the activity: the mouse is its until the button comes up.
    inner_has_mouse: bool,
}

impl<A: Activity<Reply = Option<HostRequest>>> OnScreen<A> {
    /// Wraps `inner`. Nothing is drawn until `draw_all`.
    pub fn new(inner: A) -> Self {
        OnScreen {
            inner,
            region: Rect::default(),
            bar: Rect::default(),
            scale: 1,
            titles: Vec::new(),
            shown_title: String::new(),
            popup: None,
            under: None,
            buttons: Buttons::empty(),
            inner_has_mouse: false,
        }
    }

    pub fn inner(&self) -> &A {
        &self.inner
    }
    pub fn inner_mut(&mut self) -> &mut A {
        &mut self.inner
    }

    /// Whether a menu, dialog or message is open.
    pub fn is_open(&self) -> bool {
        self.popup.is_some()
    }
    /// The open box, if any (surface coordinates).
    pub fn open_rect(&self) -> Option<Rect> {
        self.popup.as_ref().map(Popup::rect)
    }
    /// The menu bar (after `draw_all`).
    pub fn bar(&self) -> Rect {
        self.bar
    }
    /// Where the bar's title `n` is (after `draw_all`).
    pub fn title_rect(&self, n: usize) -> Option<Rect> {
        self.titles.get(n).map(|t| t.1)
    }
    /// The open dialog's box, OK and Cancel buttons and item controls, for scripts that click.
    pub fn form_places(&self) -> Option<(Rect, Rect, Vec<Rect>)> {
        match &self.popup {
            Some(Popup::Form(f)) => {
                let (ok, cancel) = f.buttons();
                Some((ok, cancel, (0..f.items.len()).map(|n| f.control(n)).collect()))
            }
            _ => None,
        }
    }

    /// Shows a message (the host's own: a file that could not be read or written).
    pub fn message(&mut self, target: &mut Target<'_>, title: &str, text: &str) {
        self.open(target, Popup::Text(TextBox::new(title.into(), text.into())));
    }

    /// The region the activity draws in: the app's region below the bar.
    fn inner_region(&self) -> Rect {
        Rect::new(self.region.x, self.bar.bottom(), self.region.w, self.region.bottom() - self.bar.bottom())
    }

    /// Runs `f` on the activity with the target's region narrowed to the activity's.
    fn with_inner<R>(&mut self, target: &mut Target<'_>, f: impl FnOnce(&mut A, &mut Target<'_>) -> R) -> R {
        let outer = target.region;
        target.region = self.inner_region();
        let r = f(&mut self.inner, target);
        target.region = outer;
        r
    }

    fn read_titles(&mut self) {
        let bar = self.inner.menu_bar();
        self.shown_title = self.inner.title().into();
        let (cw, scale) = (widgets::char_width(self.scale), self.scale);
        let mut x = self.bar.x + cw / 2;
        self.titles = bar
            .menus
            .into_iter()
            .map(|m| {
                let w = widgets::text_width(&m.title, scale) + cw;
                let r = Rect::new(x, self.bar.y, w, self.bar.h - scale);
                x += w;
                (m.title, r)
            })
            .collect();
    }

    fn draw_bar(&mut self, target: &mut Target<'_>) {
        let (bar, scale) = (self.bar, self.scale);
        let s = &mut target.surface;
        s.fill_rect(bar, pens::PAPER);
        s.fill_rect(Rect::new(bar.x, bar.bottom() - scale, bar.w, scale), pens::INK);
        let open = match &self.popup {
            Some(Popup::Menu(m)) => Some(m.title),
            _ => None,
        };
        let cw = widgets::char_width(scale);
        for (n, (title, r)) in self.titles.iter().enumerate() {
            let ink = if open == Some(n) {
                s.fill_rect(*r, pens::SELECT);
                pens::SELECT_TEXT
            } else {
                pens::INK
            };
            widgets::text_in(s, *r, cw / 2, scale, title, ink);
        }
        // The activity's name at the right, where there is room.
        let end = self.titles.last().map_or(bar.x, |t| t.1.right());
        let name_w = widgets::text_width(&self.shown_title, scale);
        if bar.right() - cw - name_w > end + 2 * cw {
            let r = Rect::new(bar.right() - cw - name_w, bar.y, name_w, bar.h - scale);
            widgets::text_in(s, r, 0, scale, &self.shown_title, pens::GREY);
        }
        target.damage.add(bar);
    }

    /// After the activity ran: another game has other menus.
    fn refresh_bar(&mut self, target: &mut Target<'_>) {
        if self.inner.title() != self.shown_title {
            self.read_titles();
            self.draw_bar(target);
        }
    }

    /// Opens `popup` (closing what was open): keeps the pixels under it, draws it.
    fn open(&mut self, target: &mut Target<'_>, mut popup: Popup) {
        self.close(target);
        let region = self.region;
        let rect = match &mut popup {
            Popup::Menu(m) => m.rect(),
            Popup::Form(f) => f.layout(region, self.scale),
            Popup::Text(t) => t.layout(region, self.scale),
        };
        let rect = rect.intersect(&target.surface.bounds());
        if !rect.is_empty() {
            self.under = Under::save(&target.surface, rect);
        }
        popup.invalidate();
        self.popup = Some(popup);
        if matches!(self.popup, Some(Popup::Menu(_))) {
            self.draw_bar(target);
        }
        self.redraw(target);
    }

    fn redraw(&mut self, target: &mut Target<'_>) {
        if let Some(p) = &mut self.popup {
            let r = p.draw(&mut target.surface);
            target.damage.add(r);
        }
    }

    /// Closes what is open and puts the pixels under it back.
    fn close(&mut self, target: &mut Target<'_>) {
        let Some(popup) = self.popup.take() else { return };
        match self.under.take() {
            Some(u) => {
                let r = u.restore(&mut target.surface);
                target.damage.add(r);
            }
            // No memory for the copy: the activity draws everything again.
            None => {
                self.with_inner(target, |a, t| a.draw_all(t));
            }
        }
        if matches!(popup, Popup::Menu(_)) {
            self.draw_bar(target);
        }
    }

    fn open_menu(&mut self, target: &mut Target<'_>, n: usize, keyboard: bool) {
        let Some((_, title_rect)) = self.titles.get(n).cloned() else { return };
        let Some(menu) = self.inner.menu_bar().menus.into_iter().nth(n) else { return };
        let inner = self.inner_region();
        let menu = Pulldown::new(n, menu, title_rect, inner, self.scale, keyboard);
        self.open(target, Popup::Menu(menu));
    }

    /// A command to the activity, then what its reply asks for.
    fn run(&mut self, target: &mut Target<'_>, command: Command) -> Option<MenulessHostRequest> {
        let reply = self.with_inner(target, |a, t| a.command(t, command));
        self.refresh_bar(target);
        self.answer(target, reply)
    }

    /// Carries out the requests that are the on-screen host's; passes on the rest.
    fn answer(&mut self, target: &mut Target<'_>, request: Option<HostRequest>) -> Option<MenulessHostRequest> {
        let popup = match request? {
            HostRequest::Dialog(d) => Popup::Form(Form::new(Purpose::Dialog(d.kind), d.title, d.items)),
            HostRequest::Message { title, text } => Popup::Text(TextBox::new(title, text)),
            HostRequest::Error(e) => Popup::Text(TextBox::new("Error".into(), e)),
            HostRequest::Help { game } => {
                Popup::Text(TextBox::new(alloc::format!("Help on {}", game), help::text_or_default(game)))
            }
            HostRequest::PickFileToLoad => {
                Popup::Form(Form::new(Purpose::Load, "Load game".into(), self.file_name_field()))
            }
            HostRequest::PickPictureToLoad => Popup::Form(Form::new(
                Purpose::LoadPicture,
                "Load picture".into(),
                alloc::vec![ConfigItem::String { name: "File name", value: String::new() }],
            )),
            HostRequest::PickRuleToLoad => Popup::Form(Form::new(
                Purpose::LoadRule,
                "Load a rule".into(),
                alloc::vec![ConfigItem::String { name: "File name", value: String::new() }],
            )),
            HostRequest::SaveFile { data } => {
                Popup::Form(Form::new(Purpose::Save(data), "Save game".into(), self.file_name_field()))
            }
            HostRequest::Quit => return Some(MenulessHostRequest::Quit),
            HostRequest::Clipboard(text) => return Some(MenulessHostRequest::Clipboard(text)),
            HostRequest::ToBackground => return Some(MenulessHostRequest::ToBackground),
        };
        self.open(target, popup);
        None
    }

    /// The file-name field of Load and Save, proposing the game's name (8.3, as TOS wants).
    fn file_name_field(&self) -> Vec<ConfigItem> {
        alloc::vec![ConfigItem::String { name: "File name", value: save_file_name(self.inner.title()) }]
    }

    /// What a key or click did to the open box.
    fn outcome(&mut self, target: &mut Target<'_>, outcome: Outcome) -> Option<MenulessHostRequest> {
        match outcome {
            Outcome::Stay => None,
            Outcome::Redraw => {
                self.redraw(target);
                None
            }
            Outcome::Close => {
                self.close(target);
                None
            }
            Outcome::Command(c) => {
                self.close(target);
                self.run(target, c)
            }
            Outcome::Submit => self.submit(target),
        }
    }

    /// A dialog's OK: closes it, then sends what it asked for. A dialog the activity refuses
    /// opens again with the reason.
    fn submit(&mut self, target: &mut Target<'_>) -> Option<MenulessHostRequest> {
        self.close_keeping_form(target).and_then(|mut form| match form.purpose.clone() {
            Purpose::Dialog(kind) => {
                let dialog = Dialog { kind, title: form.title.clone(), items: form.items.clone() };
                let reply = self.with_inner(target, |a, t| a.command(t, Command::ApplyDialog(dialog)));
                self.refresh_bar(target);
                match reply {
                    Some(HostRequest::Error(e)) => {
                        form.error = Some(e);
                        self.open(target, Popup::Form(form));
                        None
                    }
                    other => self.answer(target, other),
                }
            }
            Purpose::Load => Some(MenulessHostRequest::ReadFile { name: form.text() }),
            Purpose::Save(data) => Some(MenulessHostRequest::WriteFile { name: form.text(), data }),
            // The activity reads the picture through the host's folder; a refusal is shown.
            Purpose::LoadPicture => self.run(target, Command::LoadPictureFile(form.text())),
            Purpose::LoadRule => self.run(target, Command::LoadRuleFile(form.text())),
        })
    }

    fn close_keeping_form(&mut self, target: &mut Target<'_>) -> Option<Form> {
        let form = match self.popup.take() {
            Some(Popup::Form(f)) => f,
            other => {
                self.popup = other;
                return None;
            }
        };
        // Put back a placeholder so `close` restores the pixels.
        self.popup = Some(Popup::Text(TextBox::new(String::new(), String::new())));
        self.close(target);
        Some(form)
    }

    fn key(&mut self, target: &mut Target<'_>, k: KeyPress) -> Option<MenulessHostRequest> {
        let outcome = match &mut self.popup {
            None if k.scancode == scancode::F10 && !self.titles.is_empty() => {
                self.open_menu(target, 0, true);
                return None;
            }
            None => {
                let reply = self.with_inner(target, |a, t| a.input(t, &Input::KeyDown(k)));
                self.refresh_bar(target);
                return self.answer(target, reply);
            }
            Some(Popup::Menu(m)) => match k.scancode {
                scancode::LEFT | scancode::RIGHT => {
                    let n = self.titles.len();
                    let next = if k.scancode == scancode::LEFT { (m.title + n - 1) % n } else { (m.title + 1) % n };
                    self.open_menu(target, next, true);
                    return None;
                }
                scancode::F10 => Outcome::Close,
                _ => m.key(k),
            },
            Some(Popup::Form(f)) => f.key(k),
            Some(Popup::Text(t)) => t.key(k),
        };
        self.outcome(target, outcome)
    }

    fn mouse(
        &mut self,
        target: &mut Target<'_>,
        input: &Input,
        x: i32,
        y: i32,
        buttons: Buttons,
    ) -> Option<MenulessHostRequest> {
        let was = core::mem::replace(&mut self.buttons, buttons);
        let pressed = buttons.contains(Buttons::LEFT) && !was.contains(Buttons::LEFT);
        let released = !buttons.contains(Buttons::LEFT) && was.contains(Buttons::LEFT);
        if self.inner_has_mouse && self.popup.is_some() {
            // A box opened during a drag (F10): the activity still gets its release.
            if buttons.is_empty() {
                self.inner_has_mouse = false;
                self.with_inner(target, |a, t| a.input(t, input));
                if let Some(p) = &mut self.popup {
                    p.invalidate();
                }
                self.redraw(target);
            }
            return None;
        }
        if self.popup.is_none() && (self.inner_has_mouse || !(pressed && self.bar.contains(x, y))) {
            if was.is_empty() && !buttons.is_empty() {
                self.inner_has_mouse = true;
            }
            if buttons.is_empty() {
                self.inner_has_mouse = false;
            }
            let reply = self.with_inner(target, |a, t| a.input(t, input));
            self.refresh_bar(target);
            return self.answer(target, reply);
        }
        let title_at = self.titles.iter().position(|t| t.1.contains(x, y));
        let outcome = match &mut self.popup {
            None => {
                if let Some(n) = title_at {
                    self.open_menu(target, n, false);
                }
                return None;
            }
            Some(Popup::Menu(m)) => {
                if pressed {
                    match title_at {
                        Some(n) if n == m.title => Outcome::Close,
                        Some(n) => {
                            self.open_menu(target, n, false);
                            return None;
                        }
                        None if m.rect().contains(x, y) => m.track(x, y),
                        None => Outcome::Close,
                    }
                } else if released {
                    m.release(x, y)
                } else {
                    m.track(x, y)
                }
            }
            Some(Popup::Form(f)) if pressed => f.press(x, y),
            Some(Popup::Text(_)) if pressed => Outcome::Close,
            Some(_) => Outcome::Stay,
        };
        self.outcome(target, outcome)
    }
}

impl<A: Activity<Reply = Option<HostRequest>>> Activity for OnScreen<A> {
    type Reply = Option<MenulessHostRequest>;

    fn title(&self) -> &str {
        self.inner.title()
    }

    fn draw_all(&mut self, target: &mut Target<'_>) {
        self.region = target.region;
        self.scale = widgets::scale_for(self.region);
        let h = (widgets::line_height(self.scale) + self.scale).min(self.region.h);
        self.bar = Rect::new(self.region.x, self.region.y, self.region.w, h);
        target.palette.set_range(pens::PAPER, &pens::COLOURS);
        // What was under an open box is gone with the old layout; a menu closes.
        self.under = None;
        let popup = self.popup.take().filter(|p| !matches!(p, Popup::Menu(_)));
        self.read_titles();
        self.draw_bar(target);
        self.with_inner(target, |a, t| a.draw_all(t));
        if let Some(p) = popup {
            self.open(target, p);
        }
        target.damage.add(self.region.intersect(&target.surface.bounds()));
    }

    fn input(&mut self, target: &mut Target<'_>, input: &Input) -> Option<MenulessHostRequest> {
        match *input {
            Input::KeyDown(k) => self.key(target, k),
            Input::Mouse { x, y, buttons, .. } => self.mouse(target, input, x, y, buttons),
            Input::Resize => {
                self.draw_all(target);
                None
            }
            Input::FocusGained => {
                target.palette.mark(pens::PAPER, pens::ERROR);
                let reply = self.with_inner(target, |a, t| a.input(t, input));
                self.answer(target, reply)
            }
            // While a box is open the activity waits (no ticks, no keys).
            Input::Tick { .. } | Input::KeyUp(_) if self.popup.is_some() => None,
            _ => {
                let reply = self.with_inner(target, |a, t| a.input(t, input));
                self.answer(target, reply)
            }
        }
    }

    fn command(&mut self, target: &mut Target<'_>, command: Command) -> Option<MenulessHostRequest> {
        self.close(target);
        self.run(target, command)
    }

    fn wants_ticks(&self) -> bool {
        self.popup.is_none() && self.inner.wants_ticks()
    }

    fn menu_bar(&self) -> MenuBar {
        self.inner.menu_bar()
    }

    fn menu_state(&self) -> MenuState {
        self.inner.menu_state()
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
