//! CPU exception handlers: a crash becomes a reported panic instead of a dead machine.
//!
//! Installed in supervisor mode on vectors 2-11 and 14 (the 68030's program errors); the
//! previous vectors come back through `exit` on every way out. The entries are in traps.s.

use crate::machine::cpu::{SavedVector, Vector};

unsafe extern "C" {
    fn cpu_exception_2();
    fn cpu_exception_3();
    fn cpu_exception_4();
    fn cpu_exception_5();
    fn cpu_exception_6();
    fn cpu_exception_7();
    fn cpu_exception_8();
    fn cpu_exception_9();
    fn cpu_exception_10();
    fn cpu_exception_11();
    fn cpu_exception_14();
}

const VECTORS: [u8; 11] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14];
static SAVED: [SavedVector; 11] = [const { SavedVector::new() }; 11];

fn name(vector: u32) -> &'static str {
    match vector {
        2 => "bus error",
        3 => "address error",
        4 => "illegal instruction",
        5 => "division by zero",
        6 => "CHK",
        7 => "TRAPV",
        8 => "privilege violation",
        9 => "trace",
        10 => "line A",
        11 => "line F (no FPU)",
        14 => "format error",
        _ => "exception",
    }
}

/// Takes over the program-error vectors. Supervisor mode only (VBR is 0 under TOS).
pub fn install() -> bool {
    if !super::exit::on_exit(uninstall) {
        return false;
    }
    let entries: [unsafe extern "C" fn(); 11] = [
        cpu_exception_2,
        cpu_exception_3,
        cpu_exception_4,
        cpu_exception_5,
        cpu_exception_6,
        cpu_exception_7,
        cpu_exception_8,
        cpu_exception_9,
        cpu_exception_10,
        cpu_exception_11,
        cpu_exception_14,
    ];
    for ((&v, entry), saved) in VECTORS.iter().zip(entries).zip(&SAVED) {
        // SAFETY: supervisor mode; each entry in traps.s saves what it changes and never
        // returns (it reports the exception as a panic, which exits through `uninstall`).
        saved.replace(v, unsafe { Vector::handler(entry) });
    }
    true
}

fn uninstall() {
    for saved in &SAVED {
        saved.restore();
    }
}

/// Called by the entries with the frame: SR (word), PC (long), format/vector (word), ...
///
/// # Safety
/// Only the entries in traps.s call it, with the exception frame the CPU built.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn __falcon_cpu_exception(vector: u32, frame: *const u16) -> ! {
    // SAFETY: the CPU built this frame on the supervisor stack.
    let (sr, pc) = unsafe { (frame.read(), (frame.add(1) as *const u32).read_unaligned()) };
    panic!("CPU exception {vector} ({}) at PC {pc:#x}, SR {sr:#06x}", name(vector))
}
