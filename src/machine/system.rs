//! What machine this is and who owns it: the operating system (TOS or none), the cookie jar
//! (`_MCH`, `_VDO`), supervisor mode, ST-RAM, and the hook that restores the machine when
//! GEMDOS ends the process by itself (Ctrl-C, or a Pterm that bypassed our exit).

use core::fmt;
use core::sync::atomic::{AtomicU32, Ordering};

use super::register::Register;
use super::video_mode::Monitor;
use super::{videl, xbios};
use crate::runtime::{exit, gemdos};

// SAFETY (every `Register::at` of this file): TOS system variables in low memory (Atari
// Compendium, "System variables"), longs at these addresses on every TOS; zero without one.

/// `_sysbase`: the OS header, 0 without a TOS.
const SYSBASE: Register<u32> = unsafe { Register::at(0x4F2) };
/// `_p_cookies`: the cookie jar, 0 when there is none.
const P_COOKIES: Register<u32> = unsafe { Register::at(0x5A0) };
/// `_frclock`: frames since boot, counted by TOS's vertical-blank handler.
pub const FRCLOCK: Register<u32> = unsafe { Register::at(0x466) };
/// `_bootdev`: the drive the system booted from, as GEMDOS numbers drives (0 = A:,
/// 2 = C:); the desk accessories' files live at its root.
const BOOTDEV: Register<u16> = unsafe { Register::at(0x446) };
/// `phystop`: the end of ST-RAM.
const PHYSTOP: Register<u32> = unsafe { Register::at(0x42E) };

/// The `_MCH` and `_VDO` value of a Falcon (and of Falcon-compatible machines).
pub const FALCON_MACHINE: u32 = 0x0003_0000;
/// Where TT-RAM (FastRAM) begins; the VIDEL cannot show anything at or above it.
pub const ST_RAM_END: u32 = 0x0100_0000;

unsafe extern "C" {
    fn probe_read_word(addr: u32) -> i32;
    fn etv_term_hook();
    static mut etv_term_previous: u32;
}

/// Who owns the machine besides us.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Os {
    /// A TOS (Atari TOS 4, EmuTOS): go through XBIOS and the OS's hooks.
    Tos,
    /// Nothing (Hatari's `--tos none`): program the chips directly.
    Bare,
}

/// What the machine is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Hardware {
    pub os: Os,
    /// Cookie `_MCH` (under TOS), or what probing found without one.
    pub machine: u32,
    /// Cookie `_VDO`, or what probing found.
    pub video: u32,
    pub monitor: Monitor,
}

/// Why the machine layer refuses to start. Each has a message for the user and an exit code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MachineError {
    /// No VIDEL: not a Falcon-compatible 256-colour display.
    NotFalcon { machine: u32, video: u32 },
    /// A Falcon on a monochrome monitor cannot show 256 colours.
    MonochromeMonitor,
    /// Not enough ST-RAM for two screens.
    NoScreenMemory { bytes: u32 },
    /// Too many undo actions registered (a programming error).
    CannotRegisterUndo,
    /// The OS's keyboard vectors are not there (TOS before 2.0).
    NoKeyboardHook,
}

impl MachineError {
    /// The program's exit code for this error.
    pub const fn exit_code(self) -> i32 {
        match self {
            MachineError::NotFalcon { .. } | MachineError::MonochromeMonitor => 20,
            MachineError::NoScreenMemory { .. } => 21,
            MachineError::CannotRegisterUndo | MachineError::NoKeyboardHook => 22,
        }
    }
}

impl fmt::Display for MachineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MachineError::NotFalcon { machine, video } => write!(
                f,
                "This program needs an Atari Falcon030 or a compatible 256-colour display (VIDEL); \
                 this machine reports _MCH {machine:#010x}, _VDO {video:#010x}."
            ),
            MachineError::MonochromeMonitor => {
                write!(f, "This program needs a colour monitor (VGA, RGB or TV); a monochrome monitor is connected.")
            }
            MachineError::NoScreenMemory { bytes } => {
                write!(f, "Not enough ST-RAM for the screens ({bytes} bytes needed).")
            }
            MachineError::CannotRegisterUndo => write!(f, "Internal error: too many machine changes to undo."),
            MachineError::NoKeyboardHook => write!(f, "This program needs TOS 2.0 or later (keyboard vectors)."),
        }
    }
}

/// Looks for a cookie in the jar (tag as four ASCII bytes). Supervisor mode.
pub fn cookie(tag: &[u8; 4]) -> Option<u32> {
    let mut p = P_COOKIES.read() as *const u32;
    if p.is_null() {
        return None;
    }
    let tag = u32::from_be_bytes(*tag);
    for _ in 0..1024 {
        // SAFETY: the cookie jar is a list of (tag, value) longs ending with tag 0, in
        // memory the OS owns and keeps; the loop is bounded against a broken jar.
        let (t, v) = unsafe { (p.read_volatile(), p.add(1).read_volatile()) };
        if t == 0 {
            return None;
        }
        if t == tag {
            return Some(v);
        }
        // SAFETY: the next pair of the same list.
        p = unsafe { p.add(2) };
    }
    None
}

/// The system's language, a TOS country code: bits 8–15 of the `_AKP` cookie (the keyboard
/// layout is bits 0–7); `None` without a TOS or without the cookie. Supervisor mode.
pub fn akp_language() -> Option<u8> {
    if os() != Os::Tos {
        return None;
    }
    cookie(b"_AKP").map(|v| (v >> 8) as u8)
}

/// The drive the system booted from (`_bootdev`, 0 = A:, 2 = C:); `None` without a TOS.
/// Supervisor mode.
pub fn boot_drive() -> Option<u16> {
    if os() != Os::Tos {
        return None;
    }
    Some(BOOTDEV.read())
}

/// Which OS runs: a TOS sets `_sysbase`; Hatari's TOS-less mode leaves it 0.
pub fn os() -> Os {
    if SYSBASE.read() != 0 { Os::Tos } else { Os::Bare }
}

/// Reads a word of hardware, `None` if nothing answers at that address.
pub fn probe_word(addr: u32) -> Option<u16> {
    // SAFETY: supervisor mode; the routine catches the bus error of an absent chip.
    let v = unsafe { probe_read_word(addr) };
    if v < 0 { None } else { Some(v as u16) }
}

impl Hardware {
    /// Detects the machine. Supervisor mode.
    pub fn detect() -> Hardware {
        let os = os();
        match os {
            Os::Tos => {
                let machine = cookie(b"_MCH").unwrap_or(0);
                let video = cookie(b"_VDO").unwrap_or(0);
                let code = xbios::mon_type();
                // mon_type exists only where XBIOS knows the VIDEL (it returns its own
                // function number, 89, elsewhere).
                let monitor = if (0..=3).contains(&code) { Monitor::from_code(code as u16) } else { Monitor::Mono };
                Hardware { os, machine, video, monitor }
            }
            Os::Bare => {
                // No cookies without TOS: a VIDEL answers at its horizontal hold timer.
                let videl = probe_word(videl::HHT.address() as u32).is_some();
                let id = if videl { FALCON_MACHINE } else { 0 };
                let monitor = if videl { videl::monitor() } else { Monitor::Mono };
                Hardware { os, machine: id, video: id, monitor }
            }
        }
    }

    /// The VIDEL is there and can show 256 colours on the monitor connected.
    pub fn check_full_screen(&self) -> Result<(), MachineError> {
        if self.video >> 16 != FALCON_MACHINE >> 16 {
            return Err(MachineError::NotFalcon { machine: self.machine, video: self.video });
        }
        if self.monitor == Monitor::Mono {
            return Err(MachineError::MonochromeMonitor);
        }
        Ok(())
    }
}

static OLD_SSP: AtomicU32 = AtomicU32::new(0);

fn leave_supervisor() {
    let ssp = OLD_SSP.swap(0, Ordering::Relaxed);
    if ssp != 0 {
        gemdos::user_mode(ssp);
    }
}

/// Enters supervisor mode for the rest of the program (the machine layer reads and writes
/// hardware everywhere); back to user mode on every way out. Does nothing if already there.
pub fn enter_supervisor() -> Result<(), MachineError> {
    if gemdos::in_supervisor_mode() {
        return Ok(());
    }
    if !exit::on_exit(leave_supervisor) {
        return Err(MachineError::CannotRegisterUndo);
    }
    OLD_SSP.store(gemdos::super_mode(), Ordering::Relaxed);
    Ok(())
}

/// Runs `f` in supervisor mode and comes back to the mode the caller was in: a short look at
/// the system variables (which OS runs, the frame counter) before the program has chosen
/// its host. The program stays on its own stack throughout.
pub fn briefly_in_supervisor_mode<R>(f: impl FnOnce() -> R) -> R {
    if gemdos::in_supervisor_mode() {
        return f();
    }
    let ssp = gemdos::super_mode();
    let r = f();
    gemdos::user_mode(ssp);
    r
}

/// Runs `f` in user mode when `enter_supervisor` switched to supervisor mode (the AES must
/// not be called in supervisor mode: its dispatcher may switch to another process), then
/// back to supervisor mode. The program stays on its own stack throughout.
pub fn in_user_mode<R>(f: impl FnOnce() -> R) -> R {
    let ssp = OLD_SSP.load(Ordering::Relaxed);
    if ssp == 0 || !gemdos::in_supervisor_mode() {
        return f();
    }
    gemdos::user_mode(ssp);
    let r = f();
    OLD_SSP.store(gemdos::super_mode(), Ordering::Relaxed);
    r
}

/// Called by `etv_term_hook` when GEMDOS ends the process.
#[unsafe(no_mangle)]
extern "C" fn machine_on_termination() {
    exit::restore_machine();
}

fn unhook_termination() {
    // SAFETY: written once by `hook_termination` before the hook can run.
    let previous = unsafe { etv_term_previous };
    xbios::setexc(0x102, previous);
}

/// Under TOS: restores the machine also when GEMDOS ends the process without going through
/// our exit (Ctrl-C in a console call, a stray Pterm), through the `etv_term` vector.
pub fn hook_termination() -> Result<(), MachineError> {
    if os() != Os::Tos {
        return Ok(());
    }
    if !exit::on_exit(unhook_termination) {
        return Err(MachineError::CannotRegisterUndo);
    }
    // SAFETY: single-threaded; the hook reads the variable only after Setexc installed it.
    unsafe { etv_term_previous = xbios::setexc(0x102, u32::MAX) };
    xbios::setexc(0x102, super::cpu::routine_address(etv_term_hook));
    Ok(())
}

/// A block of ST-RAM, freed on exit (under TOS; without one it comes from the heap, which
/// is ST-RAM there, and lives until the end).
pub fn alloc_st_ram(bytes: u32) -> Result<*mut u8, MachineError> {
    let fail = MachineError::NoScreenMemory { bytes };
    match os() {
        Os::Tos => {
            let p = gemdos::mxalloc_st_ram(bytes).ok_or(fail)?;
            if !register_free(p) {
                gemdos::mfree(p);
                return Err(MachineError::CannotRegisterUndo);
            }
            Ok(p)
        }
        Os::Bare => {
            let layout = core::alloc::Layout::from_size_align(bytes as usize, 256).map_err(|_| fail)?;
            // SAFETY: a non-zero size; the block is never freed (the program ends first).
            let p = unsafe { alloc::alloc::alloc(layout) };
            let end = p as u32 + bytes;
            if p.is_null() || end > st_ram_top() {
                return Err(fail);
            }
            Ok(p)
        }
    }
}

/// The end of ST-RAM: `phystop`, or the Falcon's largest ST-RAM (14 MiB) where nothing set it.
fn st_ram_top() -> u32 {
    match PHYSTOP.read() {
        0 => 0x00E0_0000,
        top => top.min(ST_RAM_END),
    }
}

const MAX_BLOCKS: usize = 4;
static BLOCKS: [AtomicU32; MAX_BLOCKS] = [const { AtomicU32::new(0) }; MAX_BLOCKS];

fn free_blocks() {
    for b in &BLOCKS {
        let p = b.swap(0, Ordering::Relaxed);
        if p != 0 {
            gemdos::mfree(p as *mut u8);
        }
    }
}

fn register_free(p: *mut u8) -> bool {
    let Some(slot) = BLOCKS.iter().find(|b| b.load(Ordering::Relaxed) == 0) else { return false };
    if BLOCKS.iter().all(|b| b.load(Ordering::Relaxed) == 0) && !exit::on_exit(free_blocks) {
        return false;
    }
    slot.store(p as u32, Ordering::Relaxed);
    true
}
