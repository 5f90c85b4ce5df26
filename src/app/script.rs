//! The host-test front end: scripted [`Scenario`]s (inputs and commands with named screenshot
//! points) run against the app (a game in `App`, or the whole collection in `OnScreen` from
//! its start screen) on an owned surface. The same code runs on the PC, where each
//! screenshot becomes a PNG compared with a reference image, and on the 68030, where a digest
//! of each screenshot ([`screenshot_digest`]) is compared with the PC's: the 68030 draws the
//! same pixels.

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::RefCell;

use super::activity::{Activity, HostRequest, MenulessHostRequest, Target};
use super::collection::App;
use super::command::Command;
use super::input::{Buttons, Input, KeyPress};
use super::onscreen::OnScreen;
use super::picture_folder::MemoryFolder;
use super::pictures::{Pictures, SharedFolder};
use super::puzzle_activity::PuzzleActivity;
use crate::digest::Digest;
use crate::games;
use crate::gfx::{Damage, Palette, Planar};
use crate::keyboard::Shift;

/// One step of a scenario.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Step {
    /// A key goes down.
    Key(KeyPress),
    /// A left click at (`x`,`y`) of the surface: press and release.
    Click(i32, i32),
    /// Any other input.
    Input(Input),
    /// A command, as from a menu.
    Command(Command),
    /// One tick of this many milliseconds.
    Tick(u32),
    /// Ticks of this many milliseconds while the app wants them (at most 500): animations
    /// and flashes run out. Front ends tick every 20 ms; a scenario may take bigger steps to
    /// draw fewer in-between frames.
    Settle(u32),
    /// A screenshot, named `<scenario>-<name>`.
    Shot(&'static str),
    /// The step, this many times over (not itself a `Repeat`): the same as writing it out.
    Repeat(u16, &'static Step),
}

/// Where a scenario starts.
#[derive(Clone, Copy, Debug)]
pub enum Start {
    /// In a game of `App`, nothing around it (as a GEM window shows it).
    Game {
        /// The game's name in `games::ALL`.
        game: &'static str,
        /// A game ID (`params:desc` or `params#seed`).
        id: &'static str,
    },
    /// At the collection's start screen, in [`OnScreen`] (as the full-screen host shows it);
    /// the games are generated from the scenario's name as the seed.
    Collection,
    /// In a game of `App` that shows pictures (Slide), with a picture folder in memory
    /// ([`MemoryFolder`]) over a disk holding `files` (path, contents). The file selector
    /// answers each Load picture (`HostRequest::PickPictureToLoad`) with the next of `picks`.
    Pictures {
        game: &'static str,
        id: &'static str,
        files: fn() -> Vec<(String, Vec<u8>)>,
        picks: &'static [&'static str],
    },
}

/// Where a scenario starts and what happens.
#[derive(Clone, Copy, Debug)]
pub struct Scenario {
    pub name: &'static str,
    pub start: Start,
    pub width: i32,
    pub height: i32,
    pub steps: &'static [Step],
}

/// A screenshot: its full name and the picture.
pub struct Shot<'a> {
    pub name: String,
    pub surface: &'a Planar<Vec<u16>>,
    pub palette: &'a Palette,
}

/// What the scenario's app asked of its host: a window's request (a game of `App`), or what
/// `OnScreen` leaves to a host without menus of its own (the collection).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Request {
    Host(HostRequest),
    Menuless(MenulessHostRequest),
}

/// What a scenario did: every request of its app, with the index of its step.
pub type Log = Vec<(usize, Request)>;

/// The host-test front end's machine: an owned surface, its palette, the damage list.
pub struct Screen {
    pub surface: Planar<Vec<u16>>,
    pub palette: Palette,
    pub damage: Damage,
}

impl Screen {
    /// A black `width`×`height` screen (width a multiple of 16).
    pub fn new(width: i32, height: i32) -> Result<Self, String> {
        let surface = Planar::alloc(width, height).map_err(|e| alloc::format!("{:?}", e))?;
        Ok(Screen { surface, palette: Palette::new(), damage: Damage::new() })
    }
    /// The whole screen as the app's target.
    pub fn target(&mut self) -> Target<'_> {
        let region = self.surface.bounds();
        Target::new(self.surface.view(), region, &mut self.palette, &mut self.damage)
    }
}

/// The app a scenario runs: a bare `App` (as a GEM window shows it), or the collection in
/// `OnScreen` (as the full-screen host does).
enum Hosted {
    Window(App),
    Menuless(Box<OnScreen<App>>),
}

impl Hosted {
    fn draw_all(&mut self, target: &mut Target<'_>) {
        match self {
            Hosted::Window(app) => app.draw_all(target),
            Hosted::Menuless(ui) => ui.draw_all(target),
        }
    }
    fn input(&mut self, target: &mut Target<'_>, input: &Input) -> Option<Request> {
        match self {
            Hosted::Window(app) => app.input(target, input).map(Request::Host),
            Hosted::Menuless(ui) => ui.input(target, input).map(Request::Menuless),
        }
    }
    fn command(&mut self, target: &mut Target<'_>, command: Command) -> Option<Request> {
        match self {
            Hosted::Window(app) => app.command(target, command).map(Request::Host),
            Hosted::Menuless(ui) => ui.command(target, command).map(Request::Menuless),
        }
    }
    fn wants_ticks(&self) -> bool {
        match self {
            Hosted::Window(app) => app.wants_ticks(),
            Hosted::Menuless(ui) => ui.wants_ticks(),
        }
    }
}

fn make_app(scenario: &Scenario) -> Result<Hosted, String> {
    let seed = scenario.name.as_bytes();
    Ok(match scenario.start {
        Start::Game { game, id } => {
            let entry = games::find(game).ok_or_else(|| alloc::format!("no game {}", game))?;
            let mut puzzle = (entry.new)(seed);
            puzzle.set_game_id(id).map_err(|e| alloc::format!("{}: {}", id, e))?;
            puzzle.new_game(&mut crate::gfx::NullDrawing::default());
            Hosted::Window(App::with_activity(Box::new(PuzzleActivity::new(puzzle)), seed))
        }
        Start::Collection => Hosted::Menuless(Box::new(OnScreen::new(App::new(seed)))),
        Start::Pictures { game, id, files, .. } => {
            let entry = games::find(game).ok_or_else(|| alloc::format!("no game {}", game))?;
            let mut puzzle = (entry.new)(seed);
            puzzle.set_game_id(id).map_err(|e| alloc::format!("{}: {}", id, e))?;
            puzzle.new_game(&mut crate::gfx::NullDrawing::default());
            let folder: SharedFolder = Rc::new(RefCell::new(MemoryFolder::with_files(files())));
            let activity = PuzzleActivity::new(puzzle).with_pictures(Pictures::new(Some(folder.clone()), seed));
            let mut app = App::with_activity(Box::new(activity), seed);
            app.set_picture_folder(folder);
            Hosted::Window(app)
        }
    })
}

/// Runs `scenario`, calling `shot` at each screenshot point. Errors if the game or the ID is
/// not accepted. Save files the app writes (`MenulessHostRequest::WriteFile`) are kept in
/// memory and read back on `MenulessHostRequest::ReadFile`, as a host's disk would; a missing
/// one is reported through
/// `Command::LoadData` of nothing (the app's "not a save file" error).
pub fn run(scenario: &Scenario, mut shot: impl FnMut(Shot<'_>)) -> Result<Log, String> {
    let mut app = make_app(scenario)?;
    let mut files: Vec<(String, String)> = Vec::new();
    let mut screen = Screen::new(scenario.width, scenario.height)?;
    app.draw_all(&mut screen.target());
    let mut log = Log::new();
    let mut picks = match scenario.start {
        Start::Pictures { picks, .. } => picks.iter(),
        _ => [].iter(),
    };
    // A `Repeat` is its step as many times over, each under the index of the `Repeat` in
    // the log.
    let mut performed = Vec::new();
    for (i, step) in scenario.steps.iter().enumerate() {
        match step {
            Step::Repeat(_, Step::Repeat(..)) => return Err(alloc::format!("step {}: a Repeat of a Repeat", i)),
            Step::Repeat(times, once) => performed.extend(core::iter::repeat_n((i, *once), *times as usize)),
            _ => performed.push((i, step)),
        }
    }
    for (i, step) in performed {
        let mut replies: Vec<Request> = Vec::new();
        let mut input =
            |app: &mut Hosted, screen: &mut Screen, ev: Input| replies.extend(app.input(&mut screen.target(), &ev));
        match step {
            Step::Key(k) => input(&mut app, &mut screen, Input::KeyDown(*k)),
            Step::Click(x, y) => {
                for buttons in [Buttons::LEFT, Buttons::empty()] {
                    input(&mut app, &mut screen, Input::Mouse { x: *x, y: *y, buttons, shift: Shift::empty() });
                }
            }
            Step::Input(ev) => input(&mut app, &mut screen, *ev),
            Step::Command(c) => replies.extend(app.command(&mut screen.target(), c.clone())),
            Step::Tick(ms) => input(&mut app, &mut screen, Input::Tick { ms: *ms }),
            Step::Settle(ms) => {
                for _ in 0..500 {
                    if !app.wants_ticks() {
                        break;
                    }
                    input(&mut app, &mut screen, Input::Tick { ms: *ms });
                }
            }
            Step::Shot(name) => shot(Shot {
                name: alloc::format!("{}-{}", scenario.name, name),
                surface: &screen.surface,
                palette: &screen.palette,
            }),
            Step::Repeat(..) => unreachable!("unfolded above"),
        }
        for r in replies {
            match &r {
                Request::Menuless(MenulessHostRequest::WriteFile { name, data }) => {
                    files.retain(|f| f.0 != *name);
                    files.push((name.clone(), data.clone()));
                }
                Request::Menuless(MenulessHostRequest::ReadFile { name }) => {
                    let data = files.iter().find(|f| f.0 == *name).map(|f| f.1.clone()).unwrap_or_default();
                    let answer = app.command(&mut screen.target(), Command::LoadData(data.into_bytes()));
                    log.extend(answer.map(|a| (i, a)));
                }
                // The file selector: the scenario's next pick (none left: cancelled).
                Request::Host(HostRequest::PickPictureToLoad) => {
                    if let Some(path) = picks.next() {
                        let answer = app.command(&mut screen.target(), Command::LoadPictureFile((*path).into()));
                        log.extend(answer.map(|a| (i, a)));
                    }
                }
                _ => {}
            }
            log.push((i, r));
        }
        screen.damage.clear();
    }
    Ok(log)
}

/// A digest of a screenshot: every word of the surface and every pen's colour. The surface
/// is read as 32-bit words and summed twice, Fletcher's way (a running sum, and the sum of the
/// running sums, so a changed word anywhere changes the result and so does a moved one): two
/// additions per long, no multiplication, which keeps a screenshot cheap on the 68030. The
/// sums, the size and the palette then go through the crate's 64-bit [`Digest`].
pub fn screenshot_digest(surface: &Planar<Vec<u16>>, palette: &Palette) -> u64 {
    let (mut a, mut b) = (0u32, 0u32);
    // Eight longs (two groups) per turn of the loop, so the loop's own cost is paid once per 8.
    for groups in surface.words().as_chunks::<16>().0 {
        for pair in groups.as_chunks::<2>().0 {
            a = a.wrapping_add((pair[0] as u32) << 16 | pair[1] as u32);
            b = b.wrapping_add(a);
        }
    }
    // A surface 16 pixels wide and an odd number of lines high leaves one group over.
    for &w in surface.words().as_chunks::<16>().1 {
        a = a.wrapping_add(w as u32);
        b = b.wrapping_add(a);
    }
    let mut d = Digest::new();
    d.u32(surface.width() as u32);
    d.u32(surface.height() as u32);
    d.u32(a);
    d.u32(b);
    for c in palette.colours() {
        d.bytes(&[c.r, c.g, c.b]);
    }
    d.finish()
}
