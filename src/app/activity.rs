//! [`Activity`]: what the app runs (a puzzle, the collection's start screen, TETRHEX), and
//! [`Target`]: what it draws on. Events in, pixels out; the answers by audience:
//! [`ActivityReply`] (an activity to the app that owns it), [`HostRequest`] (the app to any
//! host), [`MenulessHostRequest`] (the on-screen menus to a host without menus of its own).
//!
//! A front end owns the surface and the palette. For every call it lends them in a `Target`:
//! the surface (any storage, seen as a borrowed slice), the region of it that belongs to the
//! app, the palette, and a [`Damage`] list the activity adds every changed rectangle to. The
//! front end then shows exactly those rectangles (full screen: nothing to do, or a copy to the
//! shown buffer; GEM: `vro_cpyfm` through the window's rectangle list) and loads the pens the
//! palette reports changed. Drawing happens *during* the calls, as in Tatham's mid end: a move
//! draws its animation's first frame at once, a tick the next frame.

use alloc::string::String;

use super::command::Command;
use super::dialog::Dialog;
use super::input::Input;
use super::menu::{MenuBar, MenuState};
use crate::gfx::{Damage, Palette, Planar, Rect};

/// What an activity draws on, for the length of one call.
pub struct Target<'a> {
    /// The whole surface (screen RAM, an off-screen buffer, an owned buffer).
    pub surface: Planar<&'a mut [u16]>,
    /// The part of the surface that is the app's (a window's work area; the whole screen).
    pub region: Rect,
    pub palette: &'a mut Palette,
    /// Where the activity reports what it changed (surface coordinates).
    pub damage: &'a mut Damage,
}

impl<'a> Target<'a> {
    pub fn new(surface: Planar<&'a mut [u16]>, region: Rect, palette: &'a mut Palette, damage: &'a mut Damage) -> Self {
        Target { surface, region, palette, damage }
    }
}

/// What the app asks of its host, whichever it is (the GEM window or accessory, the
/// host-test front end; for the full-screen host, [`OnScreen`](super::OnScreen) answers most
/// of it on the screen and passes on a [`MenulessHostRequest`]). [`App`](super::App) answers
/// each call with `Option<HostRequest>`: `None` when the damage and palette say all.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum HostRequest {
    /// Leave the program (Tatham's `PKR_QUIT`).
    Quit,
    /// Show this dialog; on OK send it back in `Command::ApplyDialog`.
    Dialog(Dialog),
    /// Show a message (About...).
    Message { title: String, text: String },
    /// Show an error (a bad game ID, a bad save file, no solution): an alert with the reason.
    /// A dialog that got this answer stays open.
    Error(String),
    /// Let the user pick a save file, then send its contents in `Command::LoadData`.
    PickFileToLoad,
    /// Let the user pick a picture file (GEM: the file selector), then send its path in
    /// `Command::LoadPictureFile` (the app reads it through its `PictureFolder`).
    PickPictureToLoad,
    /// Let the user pick a TETRHEX rule file (`*.RUL`), then send its path in
    /// `Command::LoadRuleFile` (the activity reads it through the host's rule disk).
    PickRuleToLoad,
    /// Let the user pick where to save, then write `data` there (new file, then rename).
    SaveFile { data: String },
    /// Put this text on the clipboard (GEM: `scrap.txt`, then `SC_CHANGED`).
    Clipboard(String),
    /// Show the help on this game (the front end finds the text; Tatham's front ends say
    /// "Help file is not installed" when there is none).
    Help { game: &'static str },
    /// Put the program's window behind the others (TETRHEX's Ctrl-Tab). Asked only of a
    /// host whose [`HostFeatures::background`] said it can.
    ToBackground,
}

/// What a host without menus, dialogs or a file selector of its own (the full-screen one)
/// is asked by [`OnScreen`](super::OnScreen), which draws those on the screen and so
/// answers every other [`HostRequest`] itself: the requests passed on, and the on-screen
/// Load and Save dialogs' file names. `OnScreen` answers each call with
/// `Option<MenulessHostRequest>`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MenulessHostRequest {
    /// Leave the program.
    Quit,
    /// Put this text on the clipboard (where there is one).
    Clipboard(String),
    /// Put the program's window behind the others (asked only of a host that said it can).
    ToBackground,
    /// Read the file `name` (the on-screen Load dialog's answer) and send its contents in
    /// `Command::LoadData`, or report why not (`OnScreen::message`).
    ReadFile { name: String },
    /// Write `data` to the file `name` (the on-screen Save dialog's answer): new file, then
    /// rename.
    WriteFile { name: String, data: String },
}

/// What an activity the app runs (a puzzle, TETRHEX, the start screen) answers its owner,
/// [`App`](super::App): something only the app can do, or a request it passes on to the host.
/// Hosts never see one.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ActivityReply {
    /// Nothing (the damage and palette say what to show).
    None,
    /// Go back to the collection's start screen.
    Back,
    /// Carry out this command: what an activity cannot do itself (the start screen's
    /// choice of a game).
    Command(Command),
    /// Pass this on to the host.
    Host(HostRequest),
}

impl ActivityReply {
    /// What the host is to do of it: its request, none for what only the app does (an
    /// answer the app has no use for at that point; hosts always ignored those).
    pub fn for_host(self) -> Option<HostRequest> {
        match self {
            ActivityReply::Host(request) => Some(request),
            ActivityReply::None | ActivityReply::Back | ActivityReply::Command(_) => None,
        }
    }
}

impl From<HostRequest> for ActivityReply {
    fn from(request: HostRequest) -> Self {
        ActivityReply::Host(request)
    }
}

/// What the host can do beyond drawing and input, told to the app once it runs (an activity
/// offers only what its host can carry out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HostFeatures {
    /// The host's window can be sent behind the others (GEM: `wind_set(WF_BOTTOM)`, AES 4).
    pub background: bool,
}

/// Something that takes input and commands and draws into the target's region: an activity
/// the app runs (answering [`ActivityReply`]), the app itself (answering its host
/// `Option<HostRequest>`), the app in [`OnScreen`](super::OnScreen) (answering
/// `Option<MenulessHostRequest>`).
pub trait Activity {
    /// What `input` and `command` answer: who the answer is for decides what it may ask.
    type Reply;
    /// The name for a window title ("Fifteen").
    fn title(&self) -> &str;
    /// Lays out the region and draws all of it (at start, after `Input::Resize`, or when the
    /// front end lost the surface's contents). Reports the whole region as damaged and sets
    /// the pens it uses.
    fn draw_all(&mut self, target: &mut Target<'_>);
    /// One event from the front end.
    fn input(&mut self, target: &mut Target<'_>, input: &Input) -> Self::Reply;
    /// One command (a menu item, a shortcut, a confirmed dialog).
    fn command(&mut self, target: &mut Target<'_>, command: Command) -> Self::Reply;
    /// Whether the front end should send `Input::Tick`s (animations, flashes, clocks). A
    /// front end that sleeps in `evnt_multi` adds its timer only while this is true.
    fn wants_ticks(&self) -> bool;
    /// The menu bar as it stands now (build it again after a command: ticks and greying
    /// change with the game).
    fn menu_bar(&self) -> MenuBar;
    /// What `menu_bar` would show, in a few words that cost nothing to make (no allocation:
    /// a host asks after every event). Equal states, equal bars.
    fn menu_state(&self) -> MenuState;
    /// What the host can do (the app tells every activity, at the start and when it
    /// changes); nothing by default.
    fn set_host_features(&mut self, _features: HostFeatures) {}
}
