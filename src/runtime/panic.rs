//! The panic handler: reports message and location, restores the machine, exits with 9.
//!
//! The on-target test runner installs a hook instead, which records the failure and jumps
//! back to the runner so the next test can run.

use core::panic::PanicInfo;
use core::sync::atomic::{AtomicUsize, Ordering};

/// Exit code of a panicking program.
pub const PANIC_EXIT_CODE: i16 = 9;

static HOOK: AtomicUsize = AtomicUsize::new(0);

/// Installs a function called after the panic is reported (it must not return), or removes
/// it with `None`.
pub fn set_hook(hook: Option<fn() -> !>) {
    HOOK.store(hook.map_or(0, |f| f as usize), Ordering::Relaxed);
}

#[panic_handler]
fn panic(info: &PanicInfo) -> ! {
    match info.location() {
        Some(l) => crate::println!("panicked at {}:{}:{}: {}", l.file(), l.line(), l.column(), info.message()),
        None => crate::println!("panicked: {}", info.message()),
    }
    let hook = HOOK.load(Ordering::Relaxed);
    if hook != 0 {
        // SAFETY: only set_hook stores here, from a `fn() -> !`.
        let hook: fn() -> ! = unsafe { core::mem::transmute(hook) };
        hook();
    }
    super::exit::exit(PANIC_EXIT_CODE)
}

/// LLVM lowers `llvm.trap` (reached unreachable code, a failed internal check) to a call of
/// `abort` on the 68k. We turn it into a panic, so it is reported and, under the test
/// runner, counted as the current test's failure.
#[unsafe(no_mangle)]
pub extern "C" fn abort() -> ! {
    panic!("abort(): the program reached a trap (unreachable code)")
}
