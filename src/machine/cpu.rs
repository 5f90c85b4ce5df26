//! The MC68030 itself: its status register (interrupt priority mask) and its exception
//! vector table, as far as the machine layer changes them.
//!
//! ## Status register (SR)
//!
//! | bits | meaning |
//! | --- | --- |
//! | 15–14 | trace mode (T1, T0); 0 = no tracing |
//! | 13 | S: 1 = supervisor mode (the I/O area and the vector table need it) |
//! | 12 | M: master/interrupt stack select (0 under TOS) |
//! | 10–8 | I2–I0: interrupt priority mask; interrupts of this level and below wait |
//! | 4–0 | condition codes X, N, Z, V, C |
//!
//! Interrupt levels the program meets on the Falcon: 2 HBL, 4 VBL, 6 the MFP (all of its 16
//! channels), 7 NMI. A mask of 7 blocks everything but the NMI; 5 lets the MFP through.
//!
//! ## Exception vector table
//!
//! 256 longs at the vector base register (VBR), 0 under TOS and in Hatari's TOS-less mode
//! (nothing here moves it): vector n is the handler address at n × 4. Vectors 2–11 and 14 are
//! the program errors (`runtime::exceptions`), 25–31 the autovectored interrupt levels
//! (VBL = 28), 32–47 the TRAP instructions (GEMDOS 33, AES/VDI 34, BIOS 45, XBIOS 46), 64–79
//! the MFP's 16 channels with TOS's vector base $40 (see `mfp`).

use core::sync::atomic::{AtomicBool, AtomicU8, AtomicU32, Ordering};

use super::register::{Register, register_bits};

unsafe extern "C" {
    /// In cpu.s.
    fn cpu_set_sr(sr: u32) -> u32;
    /// In cpu.s.
    fn cpu_get_sr() -> u32;
}

register_bits! {
    /// The status register's contents.
    pub struct StatusRegister(u16) {
        /// S: supervisor mode.
        const SUPERVISOR = 1 << 13;
        /// I2–I0: the interrupt priority mask (a 3-bit field, see [`StatusRegister::mask`]).
        const INTERRUPT_MASK = 7 << 8;
    }
}

impl StatusRegister {
    /// Supervisor mode, no tracing, condition codes clear, interrupts up to `level` masked.
    pub const fn supervisor_masking(level: u8) -> StatusRegister {
        StatusRegister(StatusRegister::SUPERVISOR.0 | ((level as u16 & 7) << 8))
    }

    /// The interrupt priority mask, 0–7.
    pub const fn mask(self) -> u8 {
        ((self.0 >> 8) & 7) as u8
    }

    /// `self` with the interrupt priority mask `level` (0–7), everything else kept.
    pub const fn with_mask(self, level: u8) -> StatusRegister {
        StatusRegister(self.0 & !StatusRegister::INTERRUPT_MASK.0 | ((level as u16 & 7) << 8))
    }
}

/// Interrupt level of the MFP.
pub const MFP_LEVEL: u8 = 6;

/// Sets the status register, returning the previous one.
///
/// # Safety
/// Supervisor mode only (in user mode the MOVE to SR is a privilege violation). Leaving
/// supervisor mode through this, or lowering the mask below what the running code relies
/// on, is the caller's responsibility.
pub unsafe fn set_status_register(sr: StatusRegister) -> StatusRegister {
    // SAFETY: forwarded; cpu_set_sr touches only SR and d0.
    StatusRegister(unsafe { cpu_set_sr(sr.0 as u32) } as u16)
}

/// The status register. Supervisor mode only (in user mode MOVE from SR is a privilege
/// violation on the 68030, reported as a panic).
pub fn status_register() -> StatusRegister {
    // SAFETY: cpu_get_sr reads SR into d0 and changes nothing else.
    StatusRegister(unsafe { cpu_get_sr() } as u16)
}

/// Runs `f` with every interrupt but the NMI held back (mask 7), then puts the status
/// register back as it was: for rewiring what an interrupt handler uses. Supervisor mode
/// only (in user mode the MOVE to SR is a privilege violation, reported as a panic).
pub fn without_interrupts<R>(f: impl FnOnce() -> R) -> R {
    let before = status_register();
    // SAFETY: in supervisor mode (the caller's), raising the mask only delays interrupts.
    unsafe { set_status_register(before.with_mask(7)) };
    let result = f();
    // SAFETY: the status register found on entry.
    unsafe { set_status_register(before) };
    result
}

/// The address of a routine of ours that the OS calls with JSR (an IKBD hook, `etv_term`):
/// what goes into the OS's pointer. (An exception entry, ending in RTE, is a [`Vector`].)
pub fn routine_address(routine: unsafe extern "C" fn()) -> u32 {
    // The 68030's addresses are 32 bits wide (usize is u32 on this target).
    (routine as *const ()).addr() as u32
}

/// An entry of the exception vector table: the address the CPU jumps to.
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Vector(u32);

impl Vector {
    /// The vector that runs `handler`.
    ///
    /// # Safety
    /// `handler` must be an exception entry: it runs in supervisor mode on the interrupted
    /// program's supervisor stack, saves every register it changes and ends with RTE.
    pub unsafe fn handler(handler: unsafe extern "C" fn()) -> Vector {
        // The 68030's addresses are 32 bits wide (usize is u32 on this target).
        Vector((handler as *const ()).addr() as u32)
    }

    /// The handler's address.
    pub const fn address(self) -> u32 {
        self.0
    }
}

/// The vector table's entry `number` (0–255).
pub fn vector(number: u8) -> Register<Vector> {
    // SAFETY: with VBR = 0 the 256 vectors are the longs at 0..$400, owned by the machine,
    // never by Rust memory; a `Vector` only holds a value read from the table or an exception
    // entry (`Vector::handler`'s contract).
    unsafe { Register::at(number as usize * 4) }
}

/// One vector replaced and, later, put back: what an install keeps for its undo action.
pub struct SavedVector {
    saved: AtomicBool,
    number: AtomicU8,
    previous: AtomicU32,
}

impl SavedVector {
    /// Nothing saved yet.
    pub const fn new() -> SavedVector {
        SavedVector { saved: AtomicBool::new(false), number: AtomicU8::new(0), previous: AtomicU32::new(0) }
    }

    /// Keeps vector `number`'s entry and puts `new` in its place.
    pub fn replace(&self, number: u8, new: Vector) {
        let slot = vector(number);
        self.number.store(number, Ordering::Relaxed);
        self.previous.store(slot.read().0, Ordering::Relaxed);
        self.saved.store(true, Ordering::Relaxed);
        slot.write(new);
    }

    /// The entry [`replace`](Self::replace) kept.
    pub fn previous(&self) -> Vector {
        Vector(self.previous.load(Ordering::Relaxed))
    }

    /// Puts back the entry [`replace`](Self::replace) kept (a value read from the table, so
    /// a valid vector). Does nothing when nothing was replaced, or when it was put back
    /// already.
    pub fn restore(&self) {
        if self.saved.swap(false, Ordering::Relaxed) {
            vector(self.number.load(Ordering::Relaxed)).write(self.previous());
        }
    }
}

impl Default for SavedVector {
    fn default() -> Self {
        Self::new()
    }
}
