//! The GEM host under EmuTOS: FALCON.PRG started from the desktop opens the collection in
//! a window (src/frontend/gem/host.rs) and the host plays a user's part:
//!
//! - its options (`FALCON.INF`: `seed falcon`, no `fullscreen`) give it a window and the
//!   same games every run;
//! - at `gem host: window open` the screen (desktop, our menu bar, the window with the
//!   collection's start screen) is compared with `hatari-tests/reference/gem-host-start.png`;
//! - Return starts the game selected (the first, Fifteen): `gem-host-game.png`;
//! - a key (cursor down: Fifteen slides the tile above the gap into it) changes the picture:
//!   `gem-host-moved.png`;
//! - Control-S puts up the file selector of Save (`gem-host-save.png`, FIFTEEN.SAV
//!   proposed), Return writes the file; `u` takes the move back (`gem-host-undone.png`);
//!   Control-O and Return load the file: the moved game again (`gem-host-loaded.png`);
//! - Help shows the game's help in a dialog (`gem-host-help.png`), Return closes it;
//! - the pointer, moved by EmuTOS's mouse emulation (Alternate and the cursor keys, 8
//!   pixels a press; Alternate-Insert is the left button), clicks the fuller: the window
//!   fills the desk and the game is laid out again in it (`gem-host-fulled.png`); the
//!   fuller again: the window as it was (`gem-host-unfulled.png`); the sizer dragged right
//!   and down: a larger window, the game laid out again (`gem-host-sized.png`); the
//!   pointer is then put back where it was at the start;
//! - `q` (the app's Quit) ends the program: `gem host: closed`, exit code 0, and the
//!   screen comes back to the bare desktop (`gem-desktop.png`, the GEM bindings test's).
//!
//! `gem_host_256` runs the start of the same steps (up to the first move, then `q`) on a
//! desktop of 256 colours: EmuTOS booted in VGA 640×480 with 8 planes (the mode in Hatari's
//! NVRAM, `hatari::nvram`); its references are `gem256-*.png`. There FALCON.ACC's window is
//! also opened over the program's from the Desk menu (`gem256-accessory.png`), F10 shows its
//! menus in a dialog (`gem256-accessory-menu.png`), Return closes it, Games clicked in it
//! opens that menu (`gem256-accessory-games.png`) and Net clicked starts Net in the
//! accessory's window (`gem256-accessory-net.png`); `q` closes it and the program's window
//! is on top with its own pens again (`gem256-moved.png`).
//!
//! With `UPDATE_REFERENCE=1` the references are written instead of compared (look at them
//! before committing).

use std::path::Path;

use super::tally::{Counts, Tally};
use crate::build::pipeline;
use crate::emulator::hatari::{self, RunOptions, RunResult, Session, VGA_640X480_256_COLOURS, VGA_640X480_MONOCHROME};

/// ST scancodes: Return, cursor down, Q, S, U, O, Control, Help, F10; Alternate, Insert and the
/// other cursor keys for the mouse emulation.
const RETURN: u8 = 28;
const DOWN: u8 = 80;
const Q: u8 = 16;
const S: u8 = 31;
const U: u8 = 22;
const O: u8 = 24;
const CONTROL: u8 = 29;
const HELP: u8 = 98;
const F10: u8 = 68;
const ALTERNATE: u8 = 56;
const INSERT: u8 = 82;
const UP: u8 = 72;
const LEFT: u8 = 75;
const RIGHT: u8 = 77;

/// Pixels the pointer moves for one Alternate-cursor press, and with Shift held as well
/// (EmuTOS's `handle_mouse_mode`, as Atari's TOS).
const POINTER_STEP: i32 = 8;
const POINTER_FINE_STEP: i32 = 1;
const LEFT_SHIFT: u8 = 42;

/// The bottom left corner of the 640×480 screen, where the VDI stops a pointer pushed
/// down and left.
const CORNER: (i32, i32) = (0, 479);

/// The pointer under EmuTOS's mouse emulation: Alternate held while the cursor keys move it
/// and Insert is the left button. The emulator's own pointer is never touched, so the
/// pointer is where the presses put it, counted from a corner it is pushed into first: the
/// bottom left one, so that it never crosses the menu bar (a title under the pointer drops
/// its menu).
struct Pointer {
    x: i32,
    y: i32,
}

impl Pointer {
    /// Alternate goes down and the pointer into the corner.
    fn home(session: &mut Session) -> Result<Pointer, String> {
        session.event(&format!("keydown {ALTERNATE}"))?;
        let mut p = Pointer { x: 0, y: 0 };
        p.rehome(session)?;
        Ok(p)
    }

    /// The pointer pushed into the corner again: after a drag, where EmuTOS moves it once
    /// more as each cursor key comes up while the button is held.
    fn rehome(&mut self, session: &mut Session) -> Result<(), String> {
        // More than the screen's worth each way.
        self.steps(session, LEFT, 640 / POINTER_STEP + 2, false)?;
        self.steps(session, DOWN, 480 / POINTER_STEP + 2, false)?;
        (self.x, self.y) = CORNER;
        Ok(())
    }

    /// `n` presses of the cursor key `key`, 8 pixels each, or 1 with `fine` (Shift held).
    fn steps(&mut self, session: &mut Session, key: u8, n: i32, fine: bool) -> Result<(), String> {
        if n == 0 {
            return Ok(());
        }
        if fine {
            session.event(&format!("keydown {LEFT_SHIFT}"))?;
        }
        for _ in 0..n {
            session.press(key)?;
            // One press at a time reaches the mouse vector (no key repeat).
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        if fine {
            session.event(&format!("keyup {LEFT_SHIFT}"))?;
        }
        let d = n * if fine { POINTER_FINE_STEP } else { POINTER_STEP };
        match key {
            LEFT => self.x -= d,
            RIGHT => self.x += d,
            UP => self.y -= d,
            _ => self.y += d,
        }
        Ok(())
    }

    /// Moves the pointer to (x, y): across first, then up or down.
    fn to(&mut self, session: &mut Session, x: i32, y: i32) -> Result<(), String> {
        for (from, to, less, more) in [(self.x, x, LEFT, RIGHT), (self.y, y, UP, DOWN)] {
            let (d, key) = if to < from { (from - to, less) } else { (to - from, more) };
            self.steps(session, key, d / POINTER_STEP, false)?;
            self.steps(session, key, d % POINTER_STEP, true)?;
        }
        Ok(())
    }

    /// The left button pressed (`true`) or released.
    fn button(&self, session: &mut Session, down: bool) -> Result<(), String> {
        session.event(&format!("{} {INSERT}", if down { "keydown" } else { "keyup" }))?;
        std::thread::sleep(std::time::Duration::from_millis(200));
        Ok(())
    }

    fn click(&self, session: &mut Session) -> Result<(), String> {
        self.button(session, true)?;
        self.button(session, false)
    }

    /// Alternate released: the keyboard types again.
    fn done(self, session: &mut Session) -> Result<(), String> {
        session.event(&format!("keyup {ALTERNATE}"))
    }
}

/// Where the pointer is when the desktop starts: the middle of the screen by its largest
/// coordinates (639 / 2, 479 / 2), as the references, the desktop's included, show it
/// (measured: put at 320,240 it is drawn one pixel right and down of the desktop's).
const POINTER_AT_START: (i32, i32) = (319, 239);

/// Points inside the fuller and the sizer of the window as it opens (`gem-host-start.png`:
/// the window from 16,36 to 361,299) and inside the fuller of the window fulled (the desk:
/// from y 19, 640 wide).
const FULLER: (i32, i32) = (348, 46);
const FULLER_WHEN_FULL: (i32, i32) = (630, 28);
const SIZER: (i32, i32) = (348, 289);

/// The Desk menu's title, and the height of the first accessory's entry in its menu (the
/// program's About, a line, then the accessories, 16 pixels a row).
const DESK_TITLE: (i32, i32) = (40, 9);
const FIRST_ACCESSORY_Y: i32 = 59;

/// The Games title in the accessory's menu dialog on the start screen
/// (`gem256-accessory-menu.png`: the dialog centred on the screen, from 210,190 to
/// 430,306).
const MENU_DIALOG_GAMES: (i32, i32) = (344, 217);
/// Net in the Games menu of that dialog (`gem256-accessory-games.png`: the dialog from
/// 210,102 to 430,394, Net the eighth item).
const MENU_DIALOG_NET: (i32, i32) = (256, 273);

/// The key `scancode` pressed with Control held.
fn control(session: &mut Session, scancode: u8) -> Result<(), String> {
    session.event(&format!("keydown {CONTROL}"))?;
    session.press(scancode)?;
    session.event(&format!("keyup {CONTROL}"))
}

/// Compares the screen with the reference `name` (or writes it with `UPDATE_REFERENCE=1`,
/// except the desktop's, which belongs to the GEM bindings test).
fn screen_matches(session: &mut Session, name: &str, attempts: u32) -> Result<(), String> {
    let reference = pipeline::root().join("hatari-tests/reference").join(name);
    if std::env::var("UPDATE_REFERENCE").as_deref() == Ok("1") && name != "gem-desktop.png" {
        return session.write_reference(&reference, 3);
    }
    let kept = pipeline::root().join("build").join(format!("gemhost-{name}"));
    session.screen_matches(&reference, attempts, &kept)
}

/// FALCON.PRG built at `opt_level` and started from the desktop of `tos` booted in
/// `boot_video_mode` (Hatari's default when `None`), with its options file (a window, a
/// fixed seed) and, `with_accessory`, FALCON.ACC beside it (EmuTOS loads it at boot): the
/// running session, or `None` with the failure counted.
fn start_program(
    tos: &Path,
    opt_level: &str,
    boot_video_mode: Option<u16>,
    with_accessory: bool,
    tally: &mut Tally,
) -> Option<Session> {
    let built = pipeline::program("falcon").and_then(|program| {
        pipeline::build_and_report(&pipeline::BuildOptions {
            program,
            opt_level: opt_level.to_string(),
            symbols: true,
            tosless: false,
        })
    });
    let built = match built {
        Ok(b) => b,
        Err(e) => {
            tally.judge("build", Err(e));
            return None;
        }
    };
    // The options file: a window (no `fullscreen`), a fixed seed.
    let dir = match hatari::tempdir("gemhost") {
        Ok(dir) => dir,
        Err(e) => {
            tally.judge("options_file", Err(e));
            return None;
        }
    };
    let inf = dir.join("FALCON.INF");
    if let Err(e) = std::fs::write(&inf, "seed falcon\r\n") {
        tally.judge("options_file", Err(format!("{}: {e}", inf.display())));
        return None;
    }
    let mut extra_files = vec![inf];
    if with_accessory {
        extra_files.push(built.acc);
    }
    let opts = RunOptions {
        program: built.prg,
        extra_files,
        quit_on_pterm: false,
        tos: Some(tos.to_path_buf()),
        // The pointer's trips (a cursor key a step) take most of these.
        max_vbls: 150_000,
        screenshot_on_timeout: Some(pipeline::root().join("build/gemhost-timeout.png")),
        wall_seconds: 600,
        fifo: true,
        boot_video_mode,
        ..Default::default()
    };
    let session = Session::start(&opts);
    let _ = std::fs::remove_dir_all(&dir);
    match session {
        Ok(s) => Some(s),
        Err(e) => {
            tally.judge("start", Err(e));
            None
        }
    }
}

/// Runs FALCON.PRG under `tos` and plays the steps above; one line per test.
pub fn gem_host(tos: &Path, opt_level: &str) -> Counts {
    let mut tally = Tally::new("EmuTOS test gem_host::");
    let Some(mut session) = start_program(tos, opt_level, None, false, &mut tally) else {
        return tally.counts;
    };
    let opened = session.wait_for("gem host: window open", 180).map(|_| ());
    let failed_to_open = opened.is_err();
    tally.judge("window_opens_from_the_desktop", opened);
    if failed_to_open {
        let _ = session.quit();
        return tally.counts;
    }
    tally.judge("window_shows_the_start_screen", screen_matches(&mut session, "gem-host-start.png", 10));
    let game = session.press(RETURN).and_then(|()| {
        // The game is made and drawn (its picture converted to the desktop's 16 colours):
        // let that end before a reference is written.
        std::thread::sleep(std::time::Duration::from_secs(3));
        screen_matches(&mut session, "gem-host-game.png", 20)
    });
    tally.judge("return_starts_the_first_game", game);
    let moved = session.press(DOWN).and_then(|()| {
        // The slide is animated: let it end before a reference is written.
        std::thread::sleep(std::time::Duration::from_secs(3));
        screen_matches(&mut session, "gem-host-moved.png", 10)
    });
    tally.judge("a_key_moves_a_tile", moved);
    // Save, undo, load: the file selector of Save (proposing FIFTEEN.SAV), Return writes
    // it; `u` takes the move back; Load (Ctrl-O) and Return read it: the moved game again.
    let settle = || std::thread::sleep(std::time::Duration::from_secs(3));
    let save = control(&mut session, S).and_then(|()| {
        settle();
        screen_matches(&mut session, "gem-host-save.png", 10)
    });
    tally.judge("ctrl_s_asks_where_to_save", save);
    let undone = session.press(RETURN).and_then(|()| {
        settle();
        session.press(U)
    });
    let undone = undone.and_then(|()| {
        settle();
        screen_matches(&mut session, "gem-host-undone.png", 10)
    });
    tally.judge("saved_then_undone", undone);
    let loaded = control(&mut session, O).and_then(|()| {
        settle();
        session.press(RETURN)
    });
    let loaded = loaded.and_then(|()| {
        settle();
        screen_matches(&mut session, "gem-host-loaded.png", 10)
    });
    tally.judge("ctrl_o_loads_the_saved_game", loaded);
    // Help: the game's help in an AES dialog (one page for Fifteen); Return is its OK.
    let help = session.press(HELP).and_then(|()| {
        settle();
        screen_matches(&mut session, "gem-host-help.png", 10)
    });
    let help = help.and_then(|()| {
        session.press(RETURN)?;
        settle();
        screen_matches(&mut session, "gem-host-loaded.png", 10)
    });
    tally.judge("help_key_shows_the_games_help", help);
    // The window's parts, clicked and dragged with the pointer.
    let mut pointer = None;
    let fulled = Pointer::home(&mut session).and_then(|mut p| {
        p.to(&mut session, FULLER.0, FULLER.1)?;
        p.click(&mut session)?;
        pointer = Some(p);
        settle();
        screen_matches(&mut session, "gem-host-fulled.png", 10)
    });
    tally.judge("the_fuller_fills_the_desk", fulled);
    let unfulled = match pointer.as_mut() {
        Some(p) => p.to(&mut session, FULLER_WHEN_FULL.0, FULLER_WHEN_FULL.1).and_then(|()| {
            p.click(&mut session)?;
            settle();
            screen_matches(&mut session, "gem-host-unfulled.png", 10)
        }),
        None => Err("the pointer was not moved".into()),
    };
    tally.judge("the_fuller_again_gives_the_size_before", unfulled);
    let sized = match pointer.as_mut() {
        Some(p) => p.to(&mut session, SIZER.0, SIZER.1).and_then(|()| {
            p.button(&mut session, true)?;
            p.to(&mut session, SIZER.0 + 80, SIZER.1 + 40)?;
            p.button(&mut session, false)?;
            settle();
            screen_matches(&mut session, "gem-host-sized.png", 10)
        }),
        None => Err("the pointer was not moved".into()),
    };
    tally.judge("the_sizer_makes_the_window_larger", sized);
    // The pointer back where the desktop's reference has it, and the keyboard typing again.
    if let Some(mut p) = pointer {
        let back = p
            .rehome(&mut session)
            .and_then(|()| p.to(&mut session, POINTER_AT_START.0, POINTER_AT_START.1))
            .and_then(|()| p.done(&mut session));
        if let Err(e) = back {
            tally.judge("pointer_back_at_the_start", Err(e));
        }
    }
    quit_and_check(session, &mut tally, "gem-desktop.png", "");
    tally.counts
}

/// `q` (the app's Quit): the program says it closed, ends with exit code 0, and the screen
/// is the bare desktop again (`desktop`); `suffix` ends the tests' names.
fn quit_and_check(mut session: Session, tally: &mut Tally, desktop: &str, suffix: &str) {
    let closed = session.press(Q).and_then(|()| session.wait_for_any(&["gem host: closed"], 60).map(|_| ()));
    let ended = closed.and_then(|()| session.wait_for_any(&["falcon-exit"], 60));
    let desktop = match &ended {
        Ok(_) => screen_matches(&mut session, desktop, 20),
        Err(_) => Err("the program did not end".into()),
    };
    let result = match session.quit() {
        Ok(r) => r,
        Err(e) => RunResult { exit_code: -1, output: e, timed_out: false },
    };
    let clean = match ended {
        Ok(line) if line.trim() == "falcon-exit 0" => Ok(()),
        Ok(line) => Err(format!("{}; output:\n{}", line.trim(), result.output)),
        Err(e) => Err(format!("{e}; output:\n{}", result.output)),
    };
    tally.judge(&format!("quit_key_ends_with_exit_code_0{suffix}"), clean);
    tally.judge(&format!("desktop_intact_after_quit{suffix}"), desktop);
}

/// The same program on a desktop of 256 colours (EmuTOS booted in VGA 640×480 with 8
/// planes, the mode in Hatari's NVRAM): the window shows the surface's own words (no
/// conversion), the app's pens 16–254 loaded while the window is on top, and at the end the
/// desktop's pens given back (`gem256-desktop.png`, the desktop's colours as EmuTOS set them
/// at boot). The test names end in `_256`.
pub fn gem_host_256(tos: &Path, opt_level: &str) -> Counts {
    let mut tally = Tally::new("EmuTOS test gem_host::");
    let Some(mut session) = first_steps(tos, opt_level, &COLOURS_256, true, &mut tally) else {
        return tally.counts;
    };
    let settle = || std::thread::sleep(std::time::Duration::from_secs(3));
    // A second window: the accessory's, opened from the Desk menu over the program's
    // (EmuTOS tells the program nothing), shows the collection in its pens; `q` there
    // closes it and gives the desktop's pens back, and the program's window, redrawn, is
    // on top with its own pens again (they were lost before the host loaded them on a
    // redraw: the window showed EmuTOS's colours).
    let untopped = Pointer::home(&mut session).and_then(|mut p| {
        p.to(&mut session, DESK_TITLE.0, DESK_TITLE.1)?;
        p.to(&mut session, DESK_TITLE.0, FIRST_ACCESSORY_Y)?;
        p.click(&mut session)?;
        for line in ["acc: opened", "gem host: accessory on top"] {
            session.wait_for(line, 60)?;
        }
        p.rehome(&mut session)?;
        p.to(&mut session, POINTER_AT_START.0, POINTER_AT_START.1)?;
        p.done(&mut session)?;
        settle();
        screen_matches(&mut session, "gem256-accessory.png", 10)
    });
    tally.judge("the_accessory_s_window_untops_the_program_s_256", untopped);
    // The accessory has no menu bar: F10 shows its menus in a dialog (File open first);
    // Return is its Cancel.
    let menu = session.press(F10).and_then(|()| {
        settle();
        screen_matches(&mut session, "gem256-accessory-menu.png", 10)
    });
    tally.judge("f10_shows_the_accessory_s_menus_256", menu);
    let closed = session.press(RETURN).and_then(|()| {
        settle();
        screen_matches(&mut session, "gem256-accessory.png", 10)
    });
    tally.judge("return_closes_the_accessory_s_menus_256", closed);
    // A title clicked opens its menu (Games: every game of the collection), an item
    // clicked is carried out (Net starts in the accessory's window).
    let click_at = |session: &mut Session, at: (i32, i32)| {
        let mut p = Pointer::home(session)?;
        p.to(session, at.0, at.1)?;
        p.click(session)?;
        p.rehome(session)?;
        p.to(session, POINTER_AT_START.0, POINTER_AT_START.1)?;
        p.done(session)?;
        settle();
        Ok::<(), String>(())
    };
    let games = session.press(F10).and_then(|()| {
        settle();
        click_at(&mut session, MENU_DIALOG_GAMES)?;
        screen_matches(&mut session, "gem256-accessory-games.png", 10)
    });
    tally.judge("a_title_of_the_accessory_s_menus_opens_its_menu_256", games);
    let net = click_at(&mut session, MENU_DIALOG_NET)
        .and_then(|()| screen_matches(&mut session, "gem256-accessory-net.png", 20));
    tally.judge("an_item_of_the_accessory_s_menus_is_carried_out_256", net);
    let topped = session.press(Q).and_then(|()| {
        session.wait_for("acc: closed", 60)?;
        settle();
        screen_matches(&mut session, "gem256-moved.png", 10)
    });
    tally.judge("the_program_s_window_is_on_top_again_with_its_pens_256", topped);
    quit_and_check(session, &mut tally, "gem256-desktop.png", "_256");
    tally.counts
}

/// The same program on a monochrome desktop (EmuTOS booted in VGA 640×480 with one plane):
/// each of the app's pens is shown as the nearer of black and white (`depth.rs`), and the
/// start screen, Fifteen and a move must be readable (`gemmono-*.png`, looked at). The
/// test names end in `_mono`.
pub fn gem_host_mono(tos: &Path, opt_level: &str) -> Counts {
    let mut tally = Tally::new("EmuTOS test gem_host::");
    if let Some(session) = first_steps(tos, opt_level, &MONOCHROME, false, &mut tally) {
        quit_and_check(session, &mut tally, "gemmono-desktop.png", "_mono");
    }
    tally.counts
}

/// A desktop the GEM host tests boot EmuTOS in.
struct Desktop {
    /// The Falcon mode word written into Hatari's NVRAM.
    mode: u16,
    /// What the host must say it found: `gem host: desktop of N planes`.
    planes: &'static str,
    /// For the message when EmuTOS booted in another depth.
    what: &'static str,
    /// The first part of the references' names (`gem256-start.png`), the end of the tests'.
    prefix: &'static str,
    suffix: &'static str,
    /// The name of the test of the depth.
    depth_test: &'static str,
}

const COLOURS_256: Desktop = Desktop {
    mode: VGA_640X480_256_COLOURS,
    planes: " 8 planes",
    what: "256 colours",
    prefix: "gem256",
    suffix: "_256",
    depth_test: "desktop_of_256_colours",
};

const MONOCHROME: Desktop = Desktop {
    mode: VGA_640X480_MONOCHROME,
    planes: " 1 planes",
    what: "monochrome",
    prefix: "gemmono",
    suffix: "_mono",
    depth_test: "desktop_of_2_colours",
};

/// FALCON.PRG started from the desktop booted as `desktop` says (with FALCON.ACC beside it
/// when `with_accessory`): the depth the host found, its window open and on top, the start
/// screen, Return (Fifteen) and a key's move compared with `PREFIX-start.png`,
/// `PREFIX-game.png` and `PREFIX-moved.png`. The running session, or `None` (the failure
/// counted) when the window did not open.
fn first_steps(
    tos: &Path,
    opt_level: &str,
    desktop: &Desktop,
    with_accessory: bool,
    tally: &mut Tally,
) -> Option<Session> {
    let mut session = start_program(tos, opt_level, Some(desktop.mode), with_accessory, tally)?;
    let depth = session.wait_for("gem host: desktop of", 180).and_then(|line| match line.contains(desktop.planes) {
        true => Ok(()),
        false => Err(format!("EmuTOS did not boot in {}: {}", desktop.what, line.trim())),
    });
    tally.judge(desktop.depth_test, depth);
    // The window opens on top (that line taken, so that the later one is the next).
    let opened =
        session.wait_for("gem host: window open", 180).and_then(|_| session.wait_for("gem host: program on top", 60));
    let failed_to_open = opened.is_err();
    let suffix = desktop.suffix;
    tally.judge(&format!("window_opens_from_the_desktop{suffix}"), opened.map(|_| ()));
    if failed_to_open {
        let _ = session.quit();
        return None;
    }
    let settle = || std::thread::sleep(std::time::Duration::from_secs(3));
    let prefix = desktop.prefix;
    let start = screen_matches(&mut session, &format!("{prefix}-start.png"), 10);
    tally.judge(&format!("window_shows_the_start_screen{suffix}"), start);
    let game = session.press(RETURN).and_then(|()| {
        settle();
        screen_matches(&mut session, &format!("{prefix}-game.png"), 20)
    });
    tally.judge(&format!("return_starts_the_first_game{suffix}"), game);
    let moved = session.press(DOWN).and_then(|()| {
        settle();
        screen_matches(&mut session, &format!("{prefix}-moved.png"), 10)
    });
    tally.judge(&format!("a_key_moves_a_tile{suffix}"), moved);
    Some(session)
}
