//! [`Keyboard`]: the keyboard and mouse service, the one owner of their interrupt. The
//! Intelligent Keyboard (IKBD) talks to the CPU through the keyboard ACIA (`acia.rs`).
//!
//! - Under TOS the OS's ACIA handler assembles the packets; we hook two of its vectors
//!   (XBIOS `Kbdvbase`): `kbdvec` (every key byte; we pass it on to the OS afterwards, so
//!   its shift state and Ctrl-C keep working) and `mousevec` (relative mouse packets; not
//!   passed on, so the OS's pointer stays still and hidden under our screen).
//! - Without TOS our handler sits on MFP channel 6 (vector $118), reads the ACIA itself and
//!   reassembles the packets (`ikbd_parser.rs`).
//!
//! Either way the interrupt side only records [`RawEvent`]s in [`INPUT_RING`] (fixed
//! memory, atomic stores); the program drains it through [`Keyboard::poll`].

use core::sync::atomic::{AtomicU8, AtomicU32, Ordering};

use super::cpu::{self, Vector};
use super::ikbd_parser::IKBD_PARSER;
use super::input::{Event, InputState, KeyTables, RepeatRate};
use super::input_ring::{INPUT_RING, RawEvent};
use super::mfp::saved::SavedChannel;
use super::mfp::{self, Channel, Lines};
use super::register::Register;
use super::system::{MachineError, Os};
use super::{acia, keymap, xbios};
use crate::runtime::exit;

unsafe extern "C" {
    fn acia_handler();
    fn kbdvec_hook();
    fn mousevec_hook();
    static mut kbdvec_previous: u32;
}

/// Called by `acia_handler` (no TOS) with each byte from the keyboard.
#[unsafe(no_mangle)]
extern "C" fn machine_ikbd_byte(byte: u32) {
    if let Some(event) = IKBD_PARSER.feed(byte as u8) {
        INPUT_RING.push(event);
    }
}

/// Called by `kbdvec_hook` (TOS) with each key byte.
#[unsafe(no_mangle)]
extern "C" fn machine_ikbd_key(byte: u32) {
    let byte = byte as u8;
    INPUT_RING.push(RawEvent::Key { scancode: byte & 0x7F, down: byte & 0x80 == 0 });
}

/// Called by `mousevec_hook` (TOS) with a relative mouse packet.
#[unsafe(no_mangle)]
extern "C" fn machine_ikbd_mouse(packet: *const u8) {
    // SAFETY: the OS passes its packet buffer: a header and two movement bytes.
    let (header, dx, dy) = unsafe { (packet.read(), packet.add(1).read(), packet.add(2).read()) };
    INPUT_RING.push(RawEvent::Mouse { buttons: header & 3, dx: dx as i8, dy: dy as i8 });
}

/// Which hooks are in place: 0 none, 1 TOS's vectors, 2 the ACIA vector.
static HOOKED: AtomicU8 = AtomicU8::new(0);
static KBDVECS: AtomicU32 = AtomicU32::new(0);
static SAVED_MOUSEVEC: AtomicU32 = AtomicU32::new(0);
/// Without TOS: the ACIA's MFP channel and the active-edge register.
static SAVED_CHANNEL: SavedChannel = SavedChannel::new();
static SAVED_AER: AtomicU8 = AtomicU8::new(0);

/// Offsets in TOS's `KBDVECS` (from `Kbdvbase()`): `kbdvec` is the long before it
/// (TOS 2+), `mousevec` the fifth long.
const KBDVEC_OFFSET: isize = -4;
const MOUSEVEC_OFFSET: isize = 16;

fn kbdvecs_long(offset: isize) -> Register<u32> {
    // SAFETY: a long of the OS's KBDVECS structure (address from Kbdvbase), which the OS
    // keeps for as long as it runs and reads only from its keyboard interrupt.
    unsafe { Register::at((KBDVECS.load(Ordering::Relaxed) as isize + offset) as usize) }
}

/// The keyboard and mouse, hooked.
pub struct Keyboard {
    state: InputState<'static>,
}

impl Keyboard {
    /// Hooks the keyboard and mouse for a `width`×`height` screen. Supervisor mode.
    pub fn start(os: Os, width: i16, height: i16) -> Result<Keyboard, MachineError> {
        if HOOKED.load(Ordering::Relaxed) != 0 {
            unhook();
        }
        if !exit::on_exit(unhook) {
            return Err(MachineError::CannotRegisterUndo);
        }
        let (tables, rate) = match os {
            Os::Tos => (tos_tables(), RepeatRate::from_kbrate(xbios::kbrate())),
            Os::Bare => (keymap::us(), RepeatRate::TOS_DEFAULT),
        };
        IKBD_PARSER.reset();
        INPUT_RING.clear();
        if os == Os::Tos {
            let base = xbios::kbdvbase();
            if base == 0 {
                return Err(MachineError::NoKeyboardHook);
            }
            KBDVECS.store(base, Ordering::Relaxed);
        }
        // Interrupts off while vectors change; everything changed is saved first and put back
        // by `unhook`.
        cpu::without_interrupts(|| match os {
            Os::Tos => {
                // SAFETY: single-threaded; the hook reads it only once installed below.
                unsafe { kbdvec_previous = kbdvecs_long(KBDVEC_OFFSET).read() };
                SAVED_MOUSEVEC.store(kbdvecs_long(MOUSEVEC_OFFSET).read(), Ordering::Relaxed);
                kbdvecs_long(KBDVEC_OFFSET).write(cpu::routine_address(kbdvec_hook));
                kbdvecs_long(MOUSEVEC_OFFSET).write(cpu::routine_address(mousevec_hook));
                HOOKED.store(1, Ordering::Relaxed);
            }
            Os::Bare => {
                // SAFETY: acia_handler is an interrupt entry ending in RTE that saves what
                // it uses.
                SAVED_CHANNEL.hook(Channel::ACIA, unsafe { Vector::handler(acia_handler) });
                // The ACIA's interrupt line is active low: interrupt on the falling edge.
                let aer = mfp::AER.read();
                SAVED_AER.store(aer.bits(), Ordering::Relaxed);
                mfp::AER.write(aer.without(Lines::ACIA));
                acia::CONTROL.write(acia::Control::TOS);
                while acia::STATUS.read().contains(acia::Status::RECEIVE_FULL) {
                    acia::DATA.read();
                }
                Channel::ACIA.enable();
                HOOKED.store(2, Ordering::Relaxed);
            }
        });
        Ok(Keyboard { state: InputState::new(tables, rate, width, height) })
    }

    /// The next key or mouse event, if any (auto-repeat measured on `now_ms`).
    pub fn poll(&mut self, now_ms: u32) -> Option<Event> {
        self.state.poll(&INPUT_RING, now_ms)
    }

    /// The keyboard's and the mouse's state now (the shift keys held, the pointer).
    pub fn state(&self) -> &InputState<'static> {
        &self.state
    }

    /// Events lost because the ring was full.
    pub fn dropped(&self) -> u16 {
        INPUT_RING.dropped()
    }
}

/// The OS's keyboard tables (the user's layout).
fn tos_tables() -> KeyTables<'static> {
    let t = xbios::keytbl() as *const u32;
    // SAFETY: Keytbl returns the OS's table structure, whose first three longs point to the
    // unshifted, shifted and Caps Lock tables of 128 bytes each, alive as long as the OS.
    unsafe {
        let table = |i: usize| &*(t.add(i).read() as *const [u8; 128]);
        KeyTables { unshifted: table(0), shifted: table(1), caps_lock: table(2) }
    }
}

fn unhook() {
    let hooked = HOOKED.swap(0, Ordering::Relaxed);
    if hooked == 0 {
        return;
    }
    // Puts back what `start` saved, interrupts off meanwhile.
    cpu::without_interrupts(|| {
        if hooked == 1 {
            // SAFETY: written by `start` before the hook was installed.
            kbdvecs_long(KBDVEC_OFFSET).write(unsafe { kbdvec_previous });
            kbdvecs_long(MOUSEVEC_OFFSET).write(SAVED_MOUSEVEC.load(Ordering::Relaxed));
        } else {
            SAVED_CHANNEL.restore();
            mfp::AER.write(Lines(SAVED_AER.load(Ordering::Relaxed)));
        }
    });
}
