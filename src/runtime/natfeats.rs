//! Native features: the emulator's interface for debug output and exit codes.
//!
//! Probed once at start-up (in supervisor mode, with the illegal-instruction vector
//! borrowed): on a real Falcon the opcodes do not exist and we fall back to the console.

use core::sync::atomic::{AtomicU32, Ordering};

use super::gemdos;

unsafe extern "C" {
    fn nf_probe() -> u32;
    fn nf_id(name: *const u8) -> u32;
    fn nf_call1(id: u32, arg: u32) -> i32;
}

static STDERR_ID: AtomicU32 = AtomicU32::new(0);
static EXIT_ID: AtomicU32 = AtomicU32::new(0);

/// Looks for NatFeats; afterwards `print` and `exit` use them when present.
pub fn init() {
    let was_user = !gemdos::in_supervisor_mode();
    let old_ssp = if was_user { gemdos::super_mode() } else { 0 };
    // SAFETY: supervisor mode, as nf_probe requires.
    let present = unsafe { nf_probe() } != 0;
    if was_user {
        gemdos::user_mode(old_ssp);
    }
    if present {
        // SAFETY: NatFeats exist, so the opcodes are legal.
        unsafe {
            STDERR_ID.store(nf_id(c"NF_STDERR".as_ptr().cast()), Ordering::Relaxed);
            EXIT_ID.store(nf_id(c"NF_EXIT".as_ptr().cast()), Ordering::Relaxed);
        }
    }
}

/// Prints a NUL-terminated string on the emulator host's stderr. Returns false without
/// NatFeats.
pub fn print(text: &core::ffi::CStr) -> bool {
    let id = STDERR_ID.load(Ordering::Relaxed);
    if id == 0 {
        return false;
    }
    // SAFETY: the id came from NF_ID; the string is terminated.
    unsafe { nf_call1(id, text.as_ptr() as u32) };
    true
}

/// Ends the emulation with an exit code (Hatari's NF_EXIT); returns without NatFeats.
pub fn exit(code: i32) {
    let id = EXIT_ID.load(Ordering::Relaxed);
    if id != 0 {
        // SAFETY: as above.
        unsafe { nf_call1(id, code as u32) };
    }
}

/// Prints formatted text on the emulator's debug channel alone (at most 159 bytes; nothing on
/// a real machine, never the screen): what a desk accessory or a GEM program tells the
/// tests, as its console would scribble over the desktop. No allocation.
pub fn print_fmt(args: core::fmt::Arguments<'_>) {
    if STDERR_ID.load(Ordering::Relaxed) == 0 {
        // A real machine: nothing to format for.
        return;
    }
    struct Line {
        buf: [u8; 160],
        len: usize,
    }
    impl core::fmt::Write for Line {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            for b in s.bytes() {
                if self.len + 1 < self.buf.len() {
                    self.buf[self.len] = if b == 0 { b'?' } else { b };
                    self.len += 1;
                }
            }
            Ok(())
        }
    }
    let mut line = Line { buf: [0; 160], len: 0 };
    let _ = core::fmt::Write::write_fmt(&mut line, args);
    if let Ok(text) = core::ffi::CStr::from_bytes_until_nul(&line.buf[..=line.len]) {
        print(text);
    }
}
