//! [`PuzzleActivity`]: one puzzle of Tatham's collection (a type-erased mid end) as an
//! [`Activity`]: it lays out the puzzle and its status bar in the region it is given, owns
//! the pens it uses, turns keys and mouse states into the mid end's input through the key map,
//! and carries out commands.
//!
//! Pens: the puzzle's colour `i` is pen `PUZZLE_PEN_BASE + i`, the status bar's background and
//! text the two pens after the puzzle's. Pens 0–15 are left alone: GEM's AES draws with them,
//! and the full-screen front end keeps them for its own menus.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};

use super::activity::{Activity, ActivityReply, HostRequest, Target};
use super::command::Command;
use super::dialog::{Dialog, DialogKind};
use super::input::Input;
use super::keymap::KeyMap;
use super::menu::{Menu, MenuBar, MenuState};
use super::mouse::MouseTracker;
use super::pictures::{Pictures, save_record};
use crate::gfx::{Canvas, Colour, Damage, Drawing, Planar, Rect, Viewport, font5x7};
use crate::puzzle::backend::PuzzleInput;
use crate::puzzle::erased::AnyPuzzle;
use crate::puzzle::midend::KeyOutcome;

/// The pen of the puzzle's colour 0.
pub const PUZZLE_PEN_BASE: u8 = 16;
/// Height of the status bar, in pixels.
pub const STATUS_BAR_HEIGHT: i32 = 16;
/// The status bar: the lowlight of Tatham's default background, black text.
pub const STATUS_BACKGROUND: Colour = Colour::rgb(0x99, 0x99, 0x99);
pub const STATUS_TEXT: Colour = Colour::BLACK;

/// Where things are in the region (surface coordinates).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Layout {
    /// The whole region the activity was given.
    pub region: Rect,
    /// The puzzle's drawing area, centred in the region above the status bar.
    pub puzzle: Rect,
    /// The status bar along the bottom of the region, if the puzzle wants one.
    pub status: Option<Rect>,
}

/// A puzzle being played.
pub struct PuzzleActivity {
    puzzle: Box<dyn AnyPuzzle>,
    viewport: Viewport,
    mouse: MouseTracker,
    layout: Layout,
    /// Number of colours the puzzle uses (its pens follow `PUZZLE_PEN_BASE`).
    colours: usize,
    focused: bool,
    /// The pictures the puzzle's tiles show (Slide), painted through the viewport.
    pictures: Option<Pictures>,
    /// What the menu bar shows, as of the last command: only commands change the
    /// parameters (the preset ticked, Copy's greying), the preferences (the shortcuts
    /// shown) and the pictures; moves, clicks and ticks never do. Working out the preset
    /// allocates, so it is done once a command, never for an event.
    menu_state: MenuState,
}

impl PuzzleActivity {
    /// Plays `puzzle`, which must have a game (after `new_game` or `deserialise`).
    pub fn new(puzzle: Box<dyn AnyPuzzle>) -> Self {
        let colours = puzzle.colours(Colour::DEFAULT_BACKGROUND).len();
        let mut viewport = Viewport::new(Rect::default());
        viewport.pens.set_base(PUZZLE_PEN_BASE);
        PuzzleActivity {
            puzzle,
            viewport,
            mouse: MouseTracker::default(),
            layout: Layout::default(),
            colours,
            focused: true,
            pictures: None,
            menu_state: MenuState::default(),
        }
        .with_menu_state()
    }

    /// The menu's state worked out again (after anything that may change it).
    fn with_menu_state(mut self) -> Self {
        self.update_menu_state();
        self
    }

    /// Works out what the menu bar shows (`Activity::menu_state`): its items change with the
    /// pictures on offer and the shortcuts' preference (their labels), its ticks and greying
    /// with the preset, Copy's ability and the picture chosen.
    fn update_menu_state(&mut self) {
        let p = &self.puzzle;
        let (pictures, current, random) =
            self.pictures.as_ref().map_or((0, 0, false), |s| (s.len(), s.current(), s.is_random()));
        let preset = p.which_preset().map_or(0, |n| n as u32 + 1);
        let flags = p.can_format_as_text_now() as u32
            | (random as u32) << 1
            | (p.can_undo() as u32) << 2
            | (p.can_redo() as u32) << 3;
        self.menu_state = MenuState {
            activity: 0,
            items: pictures << 1 | p.one_key_shortcuts() as usize,
            marks: [preset, flags, current as u32],
        };
    }

    /// The puzzle shows `pictures` (Slide): the picture to show first is picked (at random
    /// when that is on), its pens follow the status bar's.
    pub fn with_pictures(mut self, mut pictures: Pictures) -> Self {
        let first = if pictures.is_random() { pictures.pick_any() } else { pictures.current() };
        self.pictures = Some(pictures);
        if self.show_picture(first).is_err() {
            let _ = self.show_picture(0);
        }
        self.with_menu_state()
    }

    /// The pictures on offer, if the puzzle shows pictures.
    pub fn pictures(&self) -> Option<&Pictures> {
        self.pictures.as_ref()
    }

    /// The first pen of the picture: the one after the status bar's.
    fn picture_pen(&self) -> u8 {
        self.status_pens().1.saturating_add(1)
    }

    /// Makes picture `n` the one the tiles show (drawn at the next `draw_all`).
    fn show_picture(&mut self, n: usize) -> Result<(), String> {
        let first = self.picture_pen();
        let Some(p) = self.pictures.as_mut() else { return Err("This game shows no pictures".into()) };
        let source = p.source(n, first)?;
        self.viewport.picture = Some(source);
        Ok(())
    }

    /// The commands of the Picture menu.
    fn picture_command(&mut self, target: &mut Target<'_>, command: Command) -> ActivityReply {
        let first = self.picture_pen();
        let Some(pictures) = self.pictures.as_mut() else {
            return ActivityReply::Host(HostRequest::Error(format!("{} shows no pictures", self.puzzle.name())));
        };
        match command {
            Command::LoadPicture => return ActivityReply::Host(HostRequest::PickPictureToLoad),
            Command::LoadPictureFile(path) => match pictures.load_file(&path, first) {
                Ok(source) => self.viewport.picture = Some(source),
                Err(e) => return ActivityReply::Host(HostRequest::Error(e)),
            },
            Command::RandomPicture => {
                pictures.set_random(true);
                let n = pictures.pick_random();
                if let Err(e) = self.show_picture(n) {
                    return ActivityReply::Host(HostRequest::Error(e));
                }
            }
            Command::ChoosePicture(n) => {
                if n >= pictures.len() {
                    return ActivityReply::Host(HostRequest::Error(format!("There is no picture {}", n)));
                }
                pictures.set_random(false);
                if let Err(e) = self.show_picture(n) {
                    return ActivityReply::Host(HostRequest::Error(e));
                }
            }
            _ => return ActivityReply::None,
        }
        self.draw_all(target);
        ActivityReply::None
    }

    /// The save file: the mid end's, with the picture's name when the puzzle shows pictures.
    fn save_data(&self) -> String {
        let data = self.puzzle.serialise();
        match &self.pictures {
            Some(p) => save_record::add(&data, p.current_name()),
            None => data,
        }
    }

    /// After a save file was loaded: the picture it names, or when that is gone the first
    /// built-in one and a message saying so.
    fn restore_picture(&mut self, wanted: Option<String>) -> ActivityReply {
        let (Some(pictures), Some(name)) = (self.pictures.as_ref(), wanted) else { return ActivityReply::None };
        let failure = match pictures.find(&name) {
            Some(n) => match self.show_picture(n) {
                Ok(()) => return ActivityReply::None,
                Err(e) => e,
            },
            None => format!("{} is not in the {} folder any more", name, super::pictures::FOLDER),
        };
        let _ = self.show_picture(0);
        let shown = self.pictures.as_ref().map_or("", |p| p.current_name());
        ActivityReply::Host(HostRequest::Message {
            title: "Picture".into(),
            text: format!("The game was saved with the picture {}. {}: showing {} instead.", name, failure, shown),
        })
    }

    /// The mid end (for front ends that show game IDs, and for tests).
    pub fn puzzle(&self) -> &dyn AnyPuzzle {
        self.puzzle.as_ref()
    }
    /// Where the puzzle and its status bar were put by the last `draw_all`.
    pub fn layout(&self) -> Layout {
        self.layout
    }
    /// The key map, with the game's one-key-shortcuts preference (kept by the mid end,
    /// saved with its other preferences).
    pub fn keys(&self) -> KeyMap {
        KeyMap { one_key_shortcuts: self.puzzle.one_key_shortcuts() }
    }
    /// The status-bar text (a GEM front end may show it in the window's info line).
    pub fn status_text(&self) -> &str {
        self.viewport.status.text()
    }

    /// Runs `f` with the mid end and a drawing onto `target` through the puzzle's viewport,
    /// then shows what changed: for front ends and tools that call the mid end directly (the
    /// text front end's `move` command applies a move string).
    pub fn with_puzzle<R>(
        &mut self,
        target: &mut Target<'_>,
        f: impl FnOnce(&mut dyn AnyPuzzle, &mut dyn Drawing) -> R,
    ) -> R {
        let dr = &mut Canvas::new(&mut target.surface, &mut self.viewport);
        let r = f(self.puzzle.as_mut(), dr);
        self.flush(target);
        // `f` may have done what a command does.
        self.update_menu_state();
        r
    }

    fn dialog(&self, kind: DialogKind) -> Dialog {
        Dialog::new(kind, self.puzzle.get_config(kind.config_kind()))
    }

    fn status_pens(&self) -> (u8, u8) {
        let bg = (PUZZLE_PEN_BASE as usize + self.colours).min(254) as u8;
        (bg, bg + 1)
    }

    /// The last pen the activity uses (the picture's run to the end).
    fn last_pen(&self) -> u8 {
        if self.pictures.is_some() { 255 } else { self.status_pens().1 }
    }

    fn install_palette(&self, target: &mut Target<'_>) {
        let colours = self.puzzle.colours(Colour::DEFAULT_BACKGROUND);
        target.palette.set_range(PUZZLE_PEN_BASE, &colours);
        let (bg, fg) = self.status_pens();
        target.palette.set(bg, STATUS_BACKGROUND);
        target.palette.set(fg, STATUS_TEXT);
    }

    fn draw_status_bar(&self, surface: &mut Planar<&mut [u16]>, damage: &mut Damage) {
        let Some(bar) = self.layout.status else { return };
        let (bg, fg) = self.status_pens();
        surface.fill_rect(bar, bg);
        let top = bar.y + (bar.h - font5x7::HEIGHT) / 2;
        font5x7::draw(surface, bar, bar.x + 4, top, 1, self.viewport.status.text(), fg);
        damage.add(bar);
    }

    /// After any call that may have drawn: the status bar if its text changed, and the
    /// puzzle's damage handed to the front end.
    fn flush(&mut self, target: &mut Target<'_>) {
        if self.viewport.status.take_changed() {
            self.draw_status_bar(&mut target.surface, target.damage);
        }
        target.damage.add_all(&self.viewport.damage.take());
    }

    /// Offers a key or mouse event to the mid end; true if the puzzle used it.
    fn offer(&mut self, target: &mut Target<'_>, input: PuzzleInput) -> bool {
        let dr = &mut Canvas::new(&mut target.surface, &mut self.viewport);
        self.puzzle.process_key(dr, input) == KeyOutcome::Handled
    }

    fn apply_dialog(&mut self, target: &mut Target<'_>, dialog: Dialog) -> ActivityReply {
        if let Err(e) = self.puzzle.set_config(dialog.kind.config_kind(), &dialog.items) {
            return ActivityReply::Host(HostRequest::Error(e.reason.into_owned()));
        }
        if dialog.kind.starts_a_game() {
            self.start_new_game(target);
        }
        ActivityReply::None
    }

    /// A new game of the parameters now set, laid out and drawn whole (its size may differ).
    fn start_new_game(&mut self, target: &mut Target<'_>) {
        if let Some(n) = self.pictures.as_mut().filter(|p| p.is_random()).map(Pictures::pick_random) {
            let _ = self.show_picture(n);
        }
        let dr = &mut Canvas::new(&mut target.surface, &mut self.viewport);
        self.puzzle.new_game(dr);
        self.colours = self.puzzle.colours(Colour::DEFAULT_BACKGROUND).len();
        self.draw_all(target);
    }

    /// Carries out a command (`Activity::command`, which then works out the menu's state).
    fn carry_out(&mut self, target: &mut Target<'_>, command: Command) -> ActivityReply {
        if matches!(
            command,
            Command::LoadPicture | Command::LoadPictureFile(_) | Command::RandomPicture | Command::ChoosePicture(_)
        ) {
            return self.picture_command(target, command);
        }
        let name = self.puzzle.name();
        let reply = {
            let dr = &mut Canvas::new(&mut target.surface, &mut self.viewport);
            match command {
                Command::NewGame => {
                    self.start_new_game(target);
                    return ActivityReply::None;
                }
                // Nothing to undo, redo or restart is not worth a message (Tatham: silence).
                Command::Restart => {
                    let _ = self.puzzle.restart(dr);
                    ActivityReply::None
                }
                Command::Undo => {
                    let _ = self.puzzle.undo(dr);
                    ActivityReply::None
                }
                Command::Redo => {
                    let _ = self.puzzle.redo(dr);
                    ActivityReply::None
                }
                Command::Solve => match self.puzzle.solve(dr) {
                    Ok(()) => ActivityReply::None,
                    Err(e) => ActivityReply::Host(HostRequest::Error(e.reason.into_owned())),
                },
                Command::ShowSolution => match self.puzzle.show_solution(dr) {
                    Ok(()) => ActivityReply::None,
                    Err(e) => ActivityReply::Host(HostRequest::Error(e.reason.into_owned())),
                },
                Command::Preset(n) => match self.puzzle.set_preset(n) {
                    Ok(()) => {
                        self.start_new_game(target);
                        return ActivityReply::None;
                    }
                    Err(e) => ActivityReply::Host(HostRequest::Error(e.reason.into_owned())),
                },
                Command::Custom if !self.puzzle.can_configure() => {
                    ActivityReply::Host(HostRequest::Error(format!("{} has no custom configuration", name)))
                }
                Command::Custom => ActivityReply::Host(HostRequest::Dialog(self.dialog(DialogKind::Custom))),
                Command::GameId => ActivityReply::Host(HostRequest::Dialog(self.dialog(DialogKind::GameId))),
                Command::RandomSeed => ActivityReply::Host(HostRequest::Dialog(self.dialog(DialogKind::RandomSeed))),
                Command::Preferences => ActivityReply::Host(HostRequest::Dialog(self.dialog(DialogKind::Preferences))),
                Command::ApplyDialog(d) => return self.apply_dialog(target, d),
                Command::Load => ActivityReply::Host(HostRequest::PickFileToLoad),
                Command::LoadData(data) => {
                    let Ok(text) = core::str::from_utf8(&data) else {
                        return ActivityReply::Host(HostRequest::Error(
                            "Data does not appear to be a saved game file".to_string(),
                        ));
                    };
                    match self.puzzle.deserialise(dr, text) {
                        Ok(()) => {
                            self.colours = self.puzzle.colours(Colour::DEFAULT_BACKGROUND).len();
                            let reply = self.restore_picture(save_record::read(&data));
                            self.draw_all(target);
                            return reply;
                        }
                        Err(e) => ActivityReply::Host(HostRequest::Error(e.reason.into_owned())),
                    }
                }
                Command::Save => ActivityReply::Host(HostRequest::SaveFile { data: self.save_data() }),
                Command::CopyText => match self.puzzle.text_format() {
                    Some(t) => ActivityReply::Host(HostRequest::Clipboard(t)),
                    None => ActivityReply::Host(HostRequest::Error(format!("{} cannot be copied as text", name))),
                },
                Command::Help => ActivityReply::Host(HostRequest::Help { game: name }),
                Command::About => ActivityReply::Host(HostRequest::Message {
                    title: format!("About {}", name),
                    text: format!(
                        "{}\nfrom Simon Tatham's Portable Puzzle Collection\nFalcon Puzzles {}",
                        name,
                        env!("CARGO_PKG_VERSION")
                    ),
                }),
                Command::BackToCollection => ActivityReply::Back,
                Command::Quit => ActivityReply::Host(HostRequest::Quit),
                // Switching games is the job of whoever owns the activities (`App`); rules
                // are TETRHEX's.
                Command::ChooseGame(_) | Command::LoadRuleFile(_) => ActivityReply::None,
                // Carried out above.
                Command::LoadPicture
                | Command::LoadPictureFile(_)
                | Command::RandomPicture
                | Command::ChoosePicture(_) => ActivityReply::None,
            }
        };
        self.flush(target);
        reply
    }
}

impl Activity for PuzzleActivity {
    type Reply = ActivityReply;

    fn title(&self) -> &str {
        self.puzzle.name()
    }

    fn draw_all(&mut self, target: &mut Target<'_>) {
        let region = target.region;
        let bar = if self.puzzle.wants_statusbar() { STATUS_BAR_HEIGHT.min(region.h) } else { 0 };
        let (max_w, max_h) = (region.w, region.h - bar);
        let (w, h) = {
            let dr = &mut Canvas::new(&mut target.surface, &mut self.viewport);
            self.puzzle.size(dr, max_w, max_h, false)
        };
        let puzzle = Rect::new(region.x + (max_w - w) / 2, region.y + (max_h - h) / 2, w, h);
        let status = (bar > 0).then(|| Rect::new(region.x, region.bottom() - bar, region.w, bar));
        self.layout = Layout { region, puzzle, status };
        self.viewport.area.set(puzzle);
        self.install_palette(target);
        target.surface.fill_rect(region, PUZZLE_PEN_BASE);
        let dr = &mut Canvas::new(&mut target.surface, &mut self.viewport);
        self.puzzle.force_redraw(dr);
        // The picture's pens, as rendered at this size (a loaded picture's depend on it).
        if let Some(p) = self.viewport.picture.as_deref() {
            let (first, colours) = p.pens();
            target.palette.set_range(first, colours);
        }
        self.viewport.status.take_changed();
        self.viewport.damage.clear();
        self.draw_status_bar(&mut target.surface, target.damage);
        target.damage.add(region.intersect(&target.surface.bounds()));
    }

    fn input(&mut self, target: &mut Target<'_>, input: &Input) -> ActivityReply {
        let reply = match *input {
            Input::KeyDown(k) => {
                let action = self.keys().map(k);
                match action.resolve(|i| self.offer(target, i)) {
                    Some(c) => return self.command(target, c),
                    None => ActivityReply::None,
                }
            }
            Input::KeyUp(_) => ActivityReply::None,
            Input::Mouse { x, y, buttons, shift } => {
                if let Some(key) = self.mouse.update(buttons, shift) {
                    let p = self.layout.puzzle;
                    self.offer(target, PuzzleInput::mouse(key, x - p.x, y - p.y));
                }
                ActivityReply::None
            }
            Input::Tick { ms } => {
                if self.puzzle.wants_timer() {
                    let dr = &mut Canvas::new(&mut target.surface, &mut self.viewport);
                    self.puzzle.timer(dr, ms);
                }
                ActivityReply::None
            }
            Input::FocusLost => {
                self.focused = false;
                if let Some(release) = self.mouse.cancel() {
                    self.offer(target, PuzzleInput::mouse(release, -1, -1));
                }
                ActivityReply::None
            }
            Input::FocusGained => {
                self.focused = true;
                // The front end may have given our pens away meanwhile: load them again.
                target.palette.mark(PUZZLE_PEN_BASE, self.last_pen());
                ActivityReply::None
            }
            Input::Resize => {
                self.draw_all(target);
                ActivityReply::None
            }
        };
        self.flush(target);
        // A move by key or pointer changes what can be undone and redone (a command's key
        // returned above, through `command`).
        if matches!(input, Input::KeyDown(_) | Input::Mouse { .. }) {
            self.update_menu_state();
        }
        reply
    }

    fn command(&mut self, target: &mut Target<'_>, command: Command) -> ActivityReply {
        let reply = self.carry_out(target, command);
        self.update_menu_state();
        reply
    }

    fn wants_ticks(&self) -> bool {
        self.focused && self.puzzle.wants_timer()
    }

    fn menu_state(&self) -> MenuState {
        self.menu_state
    }
    fn menu_bar(&self) -> MenuBar {
        let p = &self.puzzle;
        let name = p.name();
        let k = self.keys();
        let sc = |c: &Command| k.shortcut(c);
        let mut desk = Menu::new("Desk");
        desk.item(&format!("About {}...", name), Command::About, None);
        let mut file = Menu::new("File");
        file.item("New game", Command::NewGame, sc(&Command::NewGame));
        file.item("Restart", Command::Restart, None);
        file.separator();
        file.item("Game ID...", Command::GameId, None);
        file.item("Random seed...", Command::RandomSeed, None);
        file.separator();
        file.item("Load...", Command::Load, sc(&Command::Load));
        file.item("Save...", Command::Save, sc(&Command::Save));
        file.separator();
        file.item("Back to the collection", Command::BackToCollection, sc(&Command::BackToCollection));
        file.item("Quit", Command::Quit, sc(&Command::Quit));
        let mut edit = Menu::new("Edit");
        edit.item("Undo", Command::Undo, sc(&Command::Undo)).enabled = p.can_undo();
        edit.item("Redo", Command::Redo, sc(&Command::Redo)).enabled = p.can_redo();
        edit.separator();
        edit.item("Copy as text", Command::CopyText, sc(&Command::CopyText)).enabled = p.can_format_as_text_now();
        edit.separator();
        edit.item("Solve", Command::Solve, sc(&Command::Solve)).enabled = p.can_solve();
        edit.item("Show solution", Command::ShowSolution, None).enabled = p.can_show_solution();
        edit.separator();
        edit.item("Preferences...", Command::Preferences, None);
        let mut menus = alloc::vec![desk, file, edit];
        let presets = p.presets();
        if !presets.is_empty() || p.can_configure() {
            let current = p.which_preset();
            let mut ty = Menu::new("Type");
            for (i, (label, _)) in presets.iter().enumerate() {
                ty.item(label, Command::Preset(i), None).checked = current == Some(i);
            }
            if p.can_configure() {
                ty.separator();
                ty.item("Custom...", Command::Custom, None).checked = current.is_none();
            }
            menus.push(ty);
        }
        if let Some(pictures) = &self.pictures {
            let mut menu = Menu::new("Picture");
            menu.item("Load picture...", Command::LoadPicture, None);
            menu.item("Random picture", Command::RandomPicture, None).checked = pictures.is_random();
            menu.separator();
            for (i, n) in pictures.names().iter().enumerate() {
                menu.item(n, Command::ChoosePicture(i), None).checked = i == pictures.current();
            }
            menus.push(menu);
        }
        let mut games = Menu::new("Games");
        for (i, g) in crate::games::ALL.iter().enumerate() {
            games.item(g.name, Command::ChooseGame(i), None).checked = g.name == name;
        }
        menus.push(games);
        let mut help = Menu::new("Help");
        help.item(&format!("Help on {}", name), Command::Help, sc(&Command::Help));
        menus.push(help);
        MenuBar { menus }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
