//! Every way out of the program restores the machine first.
//!
//! Code that changes machine state (vectors, palette, resolution, mouse, supervisor mode)
//! registers an undo function here; `restore_machine` runs them newest first, once. Normal
//! exit, error exit and panic all go through it.

use core::cell::UnsafeCell;

const MAX_RESTORERS: usize = 16;

/// The undo actions registered so far, and how many there are.
type RestorerList = ([Option<fn()>; MAX_RESTORERS], usize);

struct Restorers {
    list: UnsafeCell<RestorerList>,
}

// SAFETY: single-threaded; interrupt handlers never touch this list.
unsafe impl Sync for Restorers {}

static RESTORERS: Restorers = Restorers { list: UnsafeCell::new(([None; MAX_RESTORERS], 0)) };

/// Registers an undo action. Returns false when the table is full (the caller must then
/// not change the machine).
pub fn on_exit(restore: fn()) -> bool {
    // SAFETY: single-threaded, see above.
    let (list, len) = unsafe { &mut *RESTORERS.list.get() };
    if *len == MAX_RESTORERS {
        return false;
    }
    list[*len] = Some(restore);
    *len += 1;
    true
}

/// Runs every registered undo action, newest first, and forgets them.
pub fn restore_machine() {
    loop {
        // SAFETY: single-threaded; the entry is taken before it runs, so a panic inside a
        // restorer cannot run it twice.
        let next = unsafe {
            let (list, len) = &mut *RESTORERS.list.get();
            if *len == 0 {
                None
            } else {
                *len -= 1;
                list[*len].take()
            }
        };
        match next {
            Some(f) => f(),
            None => break,
        }
    }
}

/// Restores the machine and ends the process (and the emulation, under Hatari).
pub fn exit(code: i16) -> ! {
    restore_machine();
    super::natfeats::exit(code as i32);
    super::gemdos::pterm(code)
}
