//! The emulator as a test bench: Hatari run headless and unattended (`hatari`: options,
//! watchdog, sessions with keys, screenshots and an X display for the mouse) and the floppy
//! images it is given (`floppy`).

pub mod floppy;
pub mod hatari;
