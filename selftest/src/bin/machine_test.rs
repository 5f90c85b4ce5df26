//! The machine layer's test program, driven by `cargo xtask test` through Hatari, without a
//! TOS and under EmuTOS (xtask/src/machinetest.rs).
//!
//! The scenario comes from `MACHTEST.INF` next to the program (Hatari cannot pass a command
//! line in either mode): a word, then optionally the game clock's timer (`a` or `d`).
//!
//! - `show`: full screen, picture A shown, `screen A`; after Space, picture B swapped in on
//!   the vertical blank, `screen B`; then every key and mouse event is reported until Esc;
//!   then the measurements; exit 0.
//! - `error`: full screen, then the program ends with exit code 3 (an error return).
//! - `panic`: full screen, then a panic (exit code 9).
//! - `pterm` (TOS): full screen, then a bare GEMDOS Pterm(4) that skips our exit: the
//!   `etv_term` hook must restore the machine.
//! - `ctrlc` (TOS): full screen, then a GEMDOS console read until the user's Ctrl-C ends
//!   the process (GEMDOS's own Pterm(-32)).
//!
//! Every scenario prints the machine state before any change (`state before ...`) and after
//! every undo action ran (`state after ...`, from the first undo action registered, which
//! runs last); the host compares the two. Output lines (NatFeats):
//!   `machine-test os <tos|bare> machine <hex> video <hex> monitor <name>`
//!   `machine-test mode <hex> buffers <hex> <hex>`
//!   `machine-test speaker <port A before> <after -i off> <after -i on>` (hex)
//!   `machine-test screen A|B`
//!   `machine-test key <scancode> <ascii> <shift> <down|up|repeat>` (decimal)
//!   `machine-test mouse <x> <y> <buttons> <changed>` (decimal)
//!   `machine-test bench <name> <cycles>` / `machine-test clock ...`
#![no_std]
#![no_main]

extern crate alloc;

use core::sync::atomic::{AtomicI32, Ordering};

use falcon_puzzles::keyboard::scancode;
use falcon_puzzles::machine::clock::Clock;
use falcon_puzzles::machine::input::{Event, KeyKind};
use falcon_puzzles::machine::keyboard::Keyboard;
use falcon_puzzles::machine::mfp::FreeTimer;
use falcon_puzzles::machine::mfp::timer_a as timer;
use falcon_puzzles::machine::psg;
use falcon_puzzles::machine::screen::Screen;
use falcon_puzzles::machine::system::{self, Hardware, MachineError, Os};
use falcon_puzzles::println;
use falcon_puzzles::runtime::console::print_str;
use falcon_puzzles::runtime::{Start, exit, gemdos, natfeats};
use falcon_selftest::machine_test::{pattern, state};

// The measuring routines are in src/machine_test/bench.s; vbl_handler is the machine layer's
// (src/machine/vbl.s).
unsafe extern "C" {
    fn spin(n: u32);
    fn call_as_interrupt(handler: unsafe extern "C" fn());
    fn interrupt_return_only();
    fn vbl_handler();
}

static OS_IS_TOS: AtomicI32 = AtomicI32::new(0);
/// For the `pterm` scenario: the exit code to report after the state (GEMDOS's Pterm ends
/// the process after our undo actions, and the emulator must end with it).
static EXIT_AFTER_STATE: AtomicI32 = AtomicI32::new(-1);

fn os() -> Os {
    if OS_IS_TOS.load(Ordering::Relaxed) != 0 { Os::Tos } else { Os::Bare }
}

/// The first undo action: runs last, after everything else was put back.
fn state_after() {
    state::print("after", os());
    print_str("machine-test restored\n");
    let code = EXIT_AFTER_STATE.load(Ordering::Relaxed);
    if code >= 0 {
        falcon_puzzles::runtime::report_exit(code);
        natfeats::exit(code);
    }
}

struct Scenario {
    name: [u8; 8],
    len: usize,
    timer: FreeTimer,
}

impl Scenario {
    fn name(&self) -> &str {
        core::str::from_utf8(&self.name[..self.len]).unwrap_or("?")
    }
}

fn read_scenario() -> Scenario {
    let mut buf = [0u8; 32];
    let handle = gemdos::fopen_read(c"MACHTEST.INF");
    let n = if handle >= 0 {
        let n = gemdos::fread(handle as u16, &mut buf);
        gemdos::fclose(handle as u16);
        n.max(0) as usize
    } else {
        0
    };
    let text = &buf[..n];
    let mut words = text.split(|b| b.is_ascii_whitespace()).filter(|w| !w.is_empty());
    let mut s = Scenario { name: *b"show    ", len: 4, timer: FreeTimer::D };
    if let Some(w) = words.next() {
        s.len = w.len().min(8);
        s.name[..s.len].copy_from_slice(&w[..s.len]);
    }
    if words.next() == Some(b"a") {
        s.timer = FreeTimer::A;
    }
    s
}

/// TETRHEX's `-i off` then `-i on` (`psg::set_internal_speaker`: XBIOS under a TOS, the
/// chip without one), port A read back after each, then the speaker as it was:
/// `machine-test speaker <before> <after off> <after on>`; the host checks that only bit 6
/// changed, set then clear.
fn speaker(os: Os) {
    let before = psg::port_a();
    psg::set_internal_speaker(os, false);
    let off = psg::port_a();
    psg::set_internal_speaker(os, true);
    let on = psg::port_a();
    psg::set_internal_speaker(os, before & psg::SPEAKER_OFF == 0);
    hex_line("machine-test speaker", &[before.into(), off.into(), on.into()]);
}

/// `label` and 8-digit hex values, written as one line.
fn hex_line(label: &str, values: &[u32]) {
    use core::fmt::Write;
    let mut c = falcon_puzzles::runtime::console::Console::new();
    let _ = c.write_str(label);
    for &v in values {
        let _ = write!(c, " {v:08x}");
    }
    let _ = c.write_str("\n");
}

fn draw(screen: &mut Screen, b: bool) {
    let buffer = screen.back_buffer();
    for (y, line) in buffer.as_chunks_mut::<320>().0.iter_mut().enumerate() {
        pattern::planar_line(b, y, line);
    }
}

#[unsafe(no_mangle)]
pub fn falcon_main(_start: &Start) -> i32 {
    let scenario = read_scenario();
    println!("machine-test start {}", scenario.name());
    match run(&scenario) {
        Ok(code) => code,
        Err(e) => {
            println!("{e}");
            e.exit_code()
        }
    }
}

fn run(scenario: &Scenario) -> Result<i32, MachineError> {
    system::enter_supervisor()?;
    let hw = Hardware::detect();
    OS_IS_TOS.store((hw.os == Os::Tos) as i32, Ordering::Relaxed);
    hex_line(
        if hw.os == Os::Tos { "machine-test os tos machine/video" } else { "machine-test os bare machine/video" },
        &[hw.machine, hw.video],
    );
    println!("machine-test monitor {}", hw.monitor.name());
    hw.check_full_screen()?;
    state::print("before", hw.os);
    if !exit::on_exit(state_after) {
        return Err(MachineError::CannotRegisterUndo);
    }
    system::hook_termination()?;
    // The cycle counter (Timer A) only when the clock does not need that timer.
    let measuring = scenario.timer == FreeTimer::D && timer::install();
    let mut screen = Screen::open(hw)?;
    let clock = Clock::start(scenario.timer, hw.os)?;
    let mut keyboard = Keyboard::start(hw.os, 640, 480)?;
    let palette: [_; 256] = core::array::from_fn(|p| pattern::colour(p as u8));
    screen.set_palette(0, &palette);
    draw(&mut screen, false);
    screen.present();
    hex_line("machine-test mode", &[screen.mode().0 as u32, screen.buffer_address(0), screen.buffer_address(1)]);
    speaker(hw.os);
    let vbl = screen.vbl();
    for _ in 0..3 {
        vbl.wait();
    }
    match scenario.name() {
        "error" => {
            print_str("machine-test ending with an error\n");
            return Ok(3);
        }
        "panic" => panic!("machine-test: a deliberate panic with the machine taken"),
        "pterm" => {
            EXIT_AFTER_STATE.store(4, Ordering::Relaxed);
            print_str("machine-test calling Pterm(4) directly\n");
            gemdos::pterm(4);
        }
        "ctrlc" => {
            EXIT_AFTER_STATE.store(32, Ordering::Relaxed);
            print_str("machine-test waiting in Cconin for Ctrl-C\n");
            loop {
                gemdos::cconin();
            }
        }
        _ => {}
    }
    print_str("machine-test screen A\n");
    wait_for_key(&mut keyboard, &clock, scancode::SPACE);
    draw(&mut screen, true);
    screen.present();
    for _ in 0..3 {
        vbl.wait();
    }
    print_str("machine-test screen B\n");
    report_input(&mut keyboard, &clock);
    if measuring {
        measure(&mut screen, &clock);
    }
    Ok(0)
}

fn wait_for_key(keyboard: &mut Keyboard, clock: &Clock, wanted: u8) {
    loop {
        if let Some(Event::Key(k)) = keyboard.poll(clock.millis())
            && k.scancode == wanted
            && k.kind == KeyKind::Down
        {
            return;
        }
    }
}

/// Reports every event until Esc goes down.
fn report_input(keyboard: &mut Keyboard, clock: &Clock) {
    loop {
        match keyboard.poll(clock.millis()) {
            Some(Event::Key(k)) => {
                let kind = match k.kind {
                    KeyKind::Down => "down",
                    KeyKind::Up => "up",
                    KeyKind::Repeat => "repeat",
                };
                // One line, one write: the emulator's messages share the output stream.
                println!("machine-test key {} {} {} {kind}", k.scancode, k.ascii, k.shift.bits());
                if k.scancode == scancode::ESC && k.kind == KeyKind::Down {
                    return;
                }
            }
            Some(Event::Mouse { state, changed }) => {
                println!("machine-test mouse {} {} {} {changed}", state.x, state.y, state.buttons);
            }
            None => {}
        }
    }
}

fn bench(name: &str, cycles: u64) {
    println!("machine-test bench {name} {cycles}");
}

/// Cycles of `f`, measured with the Timer A cycle counter.
fn cycles(f: impl FnOnce()) -> u64 {
    let t0 = timer::now();
    f();
    timer::units_to_cycles(timer::now().saturating_sub(t0))
}

fn measure(screen: &mut Screen, clock: &Clock) {
    const SPIN: u32 = 1_000_000;
    // The clock's interrupt: the same busy loop with the interrupt held back and let
    // through; the difference over the number of interrupts taken.
    clock.set_masked(true);
    // SAFETY: a plain busy loop.
    let off = cycles(|| unsafe { spin(SPIN) });
    clock.set_masked(false);
    let t0 = clock.ticks();
    // SAFETY: as above.
    let on = cycles(|| unsafe { spin(SPIN) });
    let ticks = (clock.ticks() - t0) as u64;
    bench("clock_interrupt", on.saturating_sub(off) / ticks.max(1));
    // A swap: the request (what the program pays) and, without TOS, our VBL handler's
    // work with a request pending, called with a hand-made exception frame.
    // What measuring itself costs, taken off the figures below.
    let overhead = cycles(|| {});
    let back = screen.buffer_address(1);
    let hw = screen.hardware();
    // A swap request, 100 times (the back buffer shown again and again).
    let request = cycles(|| {
        for _ in 0..100 {
            match hw.os {
                Os::Tos => {
                    falcon_puzzles::machine::xbios::vsetscreen(u32::MAX, back, -1, -1);
                }
                Os::Bare => screen.vbl().request_base(back),
            }
        }
    });
    bench("swap_request", request.saturating_sub(overhead) / 100);
    if hw.os == Os::Bare {
        screen.vbl().request_base(0);
    }
    if hw.os == Os::Bare {
        const CALLS: u64 = 1000;
        let per_call = |handler: unsafe extern "C" fn()| {
            let total = cycles(|| {
                for _ in 0..CALLS {
                    screen.vbl().request_base(back);
                    // SAFETY: builds a format-0 exception frame (vector $70) returning to the
                    // loop, as the interrupt would; the handlers touch only what they save.
                    unsafe { call_as_interrupt(handler) };
                }
            });
            total / CALLS
        };
        let with_swap = per_call(vbl_handler);
        let baseline = per_call(interrupt_return_only);
        bench("vbl_handler_with_swap", with_swap.saturating_sub(baseline));
    }
    // The millisecond clock against the Timer A cycle counter and the frame counter.
    let vbl = screen.vbl();
    vbl.wait();
    let (ms0, t0, f0) = (clock.millis(), timer::now(), vbl.count());
    for _ in 0..120 {
        vbl.wait();
    }
    let (ms1, t1, f1) = (clock.millis(), timer::now(), vbl.count());
    println!(
        "machine-test clock {} ms by the game clock, {} ms by Timer A, {} frames",
        ms1 - ms0,
        (t1 - t0) * 1000 / 614_400,
        f1 - f0
    );
}
