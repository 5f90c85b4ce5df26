//! The full-screen host: the machine layer's screen, clock, keyboard and mouse around the
//! app.
//!
//! 1. Supervisor mode, the options (command line or `FALCON.INF`: `frontend::start_up`, as
//!    the window reads them), the machine checked: a machine
//!    that cannot show 640×480×256 gets a message (a GEM alert when started from the
//!    desktop) and exit code 20. TETRHEX's `-i on|off` switches the internal speaker
//!    (`machine::psg`; the manual leaves it so at the end).
//! 2. The screen taken from the desktop's AES (`desktop`), then the machine layer opens the
//!    screen (two buffers), starts the 1024 Hz clock on MFP Timer D (Timer A for TETRHEX's
//!    `-ta`, or left Shift held at the start: `Options::clock_timer`) and hooks the keyboard
//!    and mouse. Every one of these registers its undo action: whatever way the program
//!    leaves (return, error, panic, GEMDOS ending it), the machine and the desktop come back
//!    as they were.
//! 3. The loop: every key and mouse event goes to the app as an `Input`; while the app wants
//!    them, ticks of the real time passed (at least 20 ms, Tatham's rate); the app draws
//!    into the back buffer through a `Target`; what it damaged is shown by swapping the
//!    buffers on the vertical blank and copied into the other buffer (`sync`), the pens it
//!    changed are loaded into the VIDEL. With nothing to do the loop waits for the next
//!    frame. `Quit` ends it.
//!
//! The attract mode runs the [`attract`](super::attract) script instead of taking the
//! player's input (Esc ends it, any other key skips the wait), and the app's time is the
//! script's: it gets the ticks [`pacing`](super::pacing) gives, `TICK_MS` each, not the real
//! time passed, so what it shows depends on the script alone.

use alloc::string::ToString;
use alloc::vec::Vec;

use super::attract::Action;
use super::pacing::{self, Next, Pacer};
use super::{alert, desktop, events, palette, sync, trace};
use crate::app::onscreen::OnScreen;
use crate::app::tetrhex::options::Timer;
use crate::app::{Activity, App, Command, Input, MenulessHostRequest, Target};
use crate::frontend::files;
use crate::frontend::options::{Options, RESOLUTION_EXIT};
use crate::frontend::start_up::StartUp;
use crate::games;
use crate::gfx::{Damage, Palette, Planar, Rect};
use crate::keyboard::{Shift, scancode};
use crate::machine::cache;
use crate::machine::clock::Clock;
use crate::machine::input::{Event, KeyKind};
use crate::machine::keyboard::Keyboard;
use crate::machine::mfp::{FreeTimer, timer_a};
use crate::machine::screen::{self, Screen};
use crate::machine::system::{self, Hardware, MachineError, Os};
use crate::machine::video_mode::{Rgb, VideoMode};
use crate::runtime::{Start, heap};

const WIDTH: i32 = screen::WIDTH as i32;
const HEIGHT: i32 = screen::HEIGHT as i32;
/// The app's region: the whole screen.
const REGION: Rect = Rect::new(0, 0, WIDTH, HEIGHT);
/// The shortest tick: Tatham's front ends tick every 20 ms.
const TICK_MS: u32 = pacing::TICK_MS;

/// Runs the collection full screen; the program's exit code.
pub fn main(start: &Start) -> i32 {
    if let Err(e) = system::enter_supervisor() {
        return fail(Os::Bare, &e.to_string(), e.exit_code());
    }
    let hw = Hardware::detect();
    // Without a TOS the caches are still off as after reset; a Falcon runs with both on (TOS
    // sets them at boot, and under a TOS we leave them as the user set them). Put back on exit.
    if hw.os == Os::Bare && !cache::enable_like_tos() {
        let e = MachineError::CannotRegisterUndo;
        return fail(hw.os, &e.to_string(), e.exit_code());
    }
    // The options, TETRHEX's too (exit codes 10, 11, 12, 13, -1); `-l ?` and `*`: the
    // language of the `_AKP` cookie.
    let startup = match StartUp::read(start, hw.os, system::akp_language()) {
        Ok(s) => s,
        Err(e) => return fail(hw.os, &e.message, e.exit_code()),
    };
    let options = &startup.options;
    // TETRHEX's `-h` and `-e`, before the screen is taken.
    startup.write_console_lines();
    if let Err(e) = hw.check_full_screen() {
        return fail(hw.os, &e.to_string(), e.exit_code());
    }
    // TETRHEX's `-vr`: the screen must already be in our mode.
    let tos_mode = (hw.os == Os::Tos).then(|| VideoMode(crate::machine::xbios::vsetmode(-1)));
    if let Err(e) = options.check_fixed_resolution(hw.monitor, tos_mode) {
        return fail(hw.os, &e, RESOLUTION_EXIT);
    }
    // The frames counted since the machine started seed the random games: another seed
    // every run.
    let frames = (hw.os == Os::Tos).then(|| system::FRCLOCK.read());
    let app = match startup.app(frames) {
        Ok(app) => app,
        // TETRHEX's rule file (7, 8, -1) or a refused game ID (10).
        Err(e) => return fail(hw.os, &e.message, e.exit_code()),
    };
    let mut costs = Costs::new(options.measure);
    // TETRHEX's -ta/-td, or left Shift held at the start (TOS tells; without it the
    // keyboard is not read yet).
    let left_shift =
        hw.os == Os::Tos && Shift::from_bits_truncate(crate::machine::xbios::kbshift()).contains(Shift::LEFT_SHIFT);
    let timer = match options.clock_timer(left_shift) {
        Timer::A => FreeTimer::A,
        Timer::D => FreeTimer::D,
    };
    // TETRHEX's `-i on|off`, once nothing refuses the start; left so at the end.
    startup.switch_speaker();
    let code = match Host::open(hw, options.measure, timer) {
        Ok(mut host) => host.run(OnScreen::new(app), options, &mut costs),
        Err(e) => {
            crate::println!("{e}");
            e.exit_code()
        }
    };
    costs.report();
    code
}

/// Says why the program cannot run (a GEM alert when the desktop's AES is there, and the
/// emulator's debug channel or the console) and returns `code`.
fn fail(os: Os, message: &str, code: i32) -> i32 {
    crate::println!("{message}");
    if desktop::register_for_alert(os) {
        let text = alert::alert_text(message);
        if let Ok(text) = core::ffi::CStr::from_bytes_until_nul(&text) {
            desktop::alert(text);
        }
    }
    code
}

/// What the host holds of the machine while it runs.
struct Host {
    screen: Screen,
    clock: Clock,
    keyboard: Keyboard,
    palette: Palette,
    damage: Damage,
    /// The pens being loaded, as VIDEL colours (kept here: nothing allocates in a frame).
    rgb: [Rgb; 256],
}

impl Host {
    /// Takes the screen from the desktop, opens it, starts the clock on `timer` and the
    /// keyboard.
    fn open(hw: Hardware, measure: bool, timer: FreeTimer) -> Result<Host, MachineError> {
        if !desktop::take(hw.os) {
            return Err(MachineError::CannotRegisterUndo);
        }
        system::hook_termination()?;
        if measure {
            timer_a::install();
        }
        let screen = Screen::open(hw)?;
        let clock = Clock::start(timer, hw.os)?;
        let keyboard = Keyboard::start(hw.os, screen::WIDTH, screen::HEIGHT)?;
        trace::line(format_args!("started mode {:04x}", screen.mode().0));
        // The palette starts all black, and all of it is loaded: the VIDEL still holds the
        // desktop's colours, which a pen the app leaves black must not show.
        let mut palette = Palette::new();
        palette.mark(0, 255);
        Ok(Host { screen, clock, keyboard, palette, damage: Damage::new(), rgb: [Rgb::default(); 256] })
    }

    /// Lends the back buffer, the palette and the damage list to `f` as the app's target.
    fn with_target<R>(&mut self, f: impl FnOnce(&mut Target<'_>) -> R) -> Option<R> {
        let surface = Planar::new(self.screen.back_buffer(), WIDTH, HEIGHT).ok()?;
        let mut target = Target::new(surface, REGION, &mut self.palette, &mut self.damage);
        Some(f(&mut target))
    }

    /// Loads the pens that changed and shows what was drawn (a swap on the vertical blank),
    /// then brings the other buffer up to date; `None` if there was nothing to show, else
    /// what the work around the swap cost (the wait for the frame left out).
    fn show(&mut self, costs: &Costs) -> Option<u64> {
        let t0 = costs.now();
        if let Some((first, last)) = self.palette.take_changes() {
            let colours = palette::videl_range(&self.palette, first, last, &mut self.rgb);
            self.screen.set_palette(first, colours);
        }
        if self.damage.is_empty() {
            return None;
        }
        let t1 = costs.now();
        self.screen.present();
        let t2 = costs.now();
        let (back, front) = self.screen.back_and_front();
        for r in self.damage.rects() {
            sync::copy_damage(back, front, WIDTH, HEIGHT, *r);
        }
        self.damage.clear();
        Some(costs.cycles(t1.saturating_sub(t0) + costs.now().saturating_sub(t2)))
    }

    /// Carries out what the app left to the host; the exit code if the program is to end.
    fn carry_out(&mut self, app: &mut OnScreen<App>, request: Option<MenulessHostRequest>) -> Option<i32> {
        match request? {
            MenulessHostRequest::Quit => Some(0),
            MenulessHostRequest::ReadFile { name } => {
                let request = match files::read(&name) {
                    Ok(data) => self.with_target(|t| app.command(t, Command::LoadData(data))).flatten(),
                    Err(e) => {
                        self.with_target(|t| app.message(t, "Load", &e));
                        None
                    }
                };
                // The loaded game's own answer (an error in the file is shown by the app).
                self.carry_out(app, request)
            }
            MenulessHostRequest::WriteFile { name, data } => {
                if let Err(e) = files::write(&name, data.as_bytes()) {
                    self.with_target(|t| app.message(t, "Save", &e));
                }
                None
            }
            MenulessHostRequest::Clipboard(_) => {
                self.with_target(|t| app.message(t, "Copy", "Full screen has no clipboard to copy to."));
                None
            }
            // Full screen has no window to send back (and never says it can).
            MenulessHostRequest::ToBackground => None,
        }
    }

    /// The loop; the exit code.
    fn run(&mut self, mut app: OnScreen<App>, options: &Options, costs: &mut Costs) -> i32 {
        let t0 = costs.now();
        self.with_target(|t| app.draw_all(t));
        let drawn = costs.cycles(costs.now().saturating_sub(t0));
        let shown = self.show(costs).unwrap_or(0);
        costs.start(app.title(), drawn + shown);
        let mut inputs: u32 = 0;
        // Something happened since the last `idle` line.
        let mut busy = true;
        let mut last_tick = self.clock.millis();
        let mut attract = options.attract.then(|| Pacer::new(options.hold, self.clock.millis()));
        // The attract mode's frames count for a game's dearest frame only from its start to
        // its first screen shown (its moves): Undo and Solve are not play, and Solve's
        // search is not a frame's work.
        let mut measuring = true;
        loop {
            let t0 = costs.now();
            let mut worked = false;
            let mut started = false;
            while let Some(event) = self.keyboard.poll(self.clock.millis()) {
                if let Some(pacer) = attract.as_mut() {
                    // The attract mode plays by itself: Esc ends it, a key skips the wait.
                    if let Event::Key(k) = event
                        && k.kind == KeyKind::Down
                    {
                        if k.scancode == scancode::ESC {
                            return 0;
                        }
                        pacer.key(self.clock.millis());
                    }
                    continue;
                }
                let Some(input) = events::translate(event, self.keyboard.state().shift()) else { continue };
                inputs += 1;
                busy = true;
                worked = true;
                if let Input::KeyDown(k) | Input::KeyUp(k) = input {
                    // For the tests' logs: what the machine layer made of the keyboard's bytes.
                    let kind = if matches!(input, Input::KeyDown(_)) { "down" } else { "up" };
                    trace::line(format_args!(
                        "key {inputs} {kind} {:02x} {:02x} {:02x}",
                        k.scancode,
                        k.ascii,
                        k.shift.bits()
                    ));
                }
                let reply = self.with_target(|t| app.input(t, &input));
                if let Some(code) = self.carry_out(&mut app, reply.flatten()) {
                    return code;
                }
            }
            let now = self.clock.millis();
            if let Some(pacer) = attract.as_mut() {
                // The script's time (`pacing`): its ticks only, each of TICK_MS, at most one
                // a turn (as outside the attract mode: a frame is one tick's work, measured
                // alike), or one action.
                let reply = match pacer.next(now, app.wants_ticks()) {
                    Next::Wait => None,
                    Next::Tick => {
                        busy = true;
                        worked = true;
                        self.with_target(|t| app.input(t, &Input::Tick { ms: pacing::TICK_MS }))
                    }
                    Next::Act(action) => {
                        busy = true;
                        worked = true;
                        match action {
                            Action::Choose(n) => {
                                started = true;
                                measuring = true;
                                self.with_target(|t| app.command(t, Command::ChooseGame(n)))
                            }
                            Action::Key(k) => self.with_target(|t| app.input(t, &Input::KeyDown(k))),
                            Action::Show(shown) => {
                                trace::line(format_args!("attract {shown}"));
                                measuring = false;
                                None
                            }
                            Action::Quit => return 0,
                        }
                    }
                };
                if let Some(code) = self.carry_out(&mut app, reply.flatten()) {
                    return code;
                }
            } else if app.wants_ticks() {
                let ms = now.wrapping_sub(last_tick);
                if ms >= TICK_MS {
                    last_tick = now;
                    busy = true;
                    worked = true;
                    let reply = self.with_target(|t| app.input(t, &Input::Tick { ms }));
                    if let Some(code) = self.carry_out(&mut app, reply.flatten()) {
                        return code;
                    }
                }
            } else {
                last_tick = now;
            }
            let work = costs.cycles(costs.now().saturating_sub(t0));
            let shown = self.show(costs);
            if shown.is_none() {
                // Nothing to show: wait for the next frame (the pace of the loop when idle).
                self.screen.vbl().wait();
            }
            if worked {
                costs.heap();
                let cycles = work + shown.unwrap_or(0);
                if started {
                    costs.start(app.title(), cycles);
                } else if measuring {
                    costs.frame(app.title(), cycles);
                }
            }
            if busy && !app.wants_ticks() {
                trace::line(format_args!("idle {inputs}"));
                busy = false;
            }
        }
    }
}

/// The dearest frame of each game, in 68030 cycles (measured with MFP Timer A when the
/// `measure` option asks for it): starting a game (its first whole drawing) and playing it
/// (a move, an animation frame, a flash), each including showing it.
struct Costs {
    on: bool,
    start: Vec<u64>,
    frame: Vec<u64>,
    /// The most heap in use at the end of a frame.
    heap_peak: usize,
}

impl Costs {
    fn new(on: bool) -> Costs {
        Costs { on, start: alloc::vec![0; games::ALL.len()], frame: alloc::vec![0; games::ALL.len()], heap_peak: 0 }
    }

    fn now(&self) -> u64 {
        if self.on { timer_a::now() } else { 0 }
    }

    fn heap(&mut self) {
        if self.on {
            self.heap_peak = self.heap_peak.max(heap::usage().0);
        }
    }

    fn record(list: &mut [u64], title: &str, cycles: u64) {
        if let Some(i) = games::ALL.iter().position(|g| g.name == title) {
            list[i] = list[i].max(cycles);
        }
    }

    /// Measuring-timer units as cycles.
    fn cycles(&self, units: u64) -> u64 {
        if self.on { timer_a::units_to_cycles(units) } else { 0 }
    }

    fn start(&mut self, title: &str, cycles: u64) {
        Self::record(&mut self.start, title, cycles);
    }

    fn frame(&mut self, title: &str, cycles: u64) {
        Self::record(&mut self.frame, title, cycles);
    }

    fn report(&self) {
        if !self.on {
            return;
        }
        for (i, g) in games::ALL.iter().enumerate() {
            if self.start[i] > 0 || self.frame[i] > 0 {
                trace::line(format_args!("cost {} start {} frame {}", g.name, self.start[i], self.frame[i]));
            }
        }
        let (used, free) = heap::usage();
        trace::line(format_args!("memory heap peak {} of {} (in use at exit {})", self.heap_peak, used + free, used));
    }
}
