//! The TOS runtime of the Falcon program: what runs between `_start` (src/runtime/start.s)
//! and the program's `falcon_main`, and on every way out.
//!
//! Only compiled for the m68k target with the `target` feature.

pub mod console;
pub mod exceptions;
pub mod exit;
pub mod gemdos;
pub mod heap;
pub mod natfeats;
pub mod panic;

/// The GEMDOS basepage (Atari Compendium, "Process Basepage"). Only the fields we read.
#[repr(C)]
pub struct Basepage {
    /// Lowest address of the transient program area (the basepage itself).
    pub lowtpa: u32,
    /// First byte above the transient program area.
    pub hitpa: u32,
    pub tbase: u32,
    pub tlen: u32,
    pub dbase: u32,
    pub dlen: u32,
    pub bbase: u32,
    pub blen: u32,
    pub dta: u32,
    pub parent: u32,
    pub reserved: u32,
    pub env: u32,
    pub undefined: [u8; 80],
    /// Command line: length byte, then the text (not always terminated).
    pub cmdlin: [u8; 128],
}

/// How the program was started.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flavour {
    /// .PRG, .GTP or .TOS: started by the desktop or a shell with a command line.
    Program,
    /// .ACC: loaded by the AES at boot; must never terminate.
    Accessory,
}

/// What the start-up code hands to the program.
pub struct Start {
    pub flavour: Flavour,
    pub basepage: &'static Basepage,
    /// Bytes of heap made available to the allocator.
    pub heap_size: usize,
}

impl Start {
    /// The command line (empty for an accessory).
    pub fn command_line(&self) -> &'static [u8] {
        if self.flavour == Flavour::Accessory {
            return &[];
        }
        let len = (self.basepage.cmdlin[0] as usize).min(126);
        let text = &self.basepage.cmdlin[1..1 + len];
        let end = text.iter().position(|&b| b == 0 || b == b'\r').unwrap_or(len);
        &text[..end]
    }
}

unsafe extern "Rust" {
    /// Defined by the program (`#[unsafe(no_mangle)]`); its result is the exit code.
    fn falcon_main(start: &Start) -> i32;
}

unsafe extern "C" {
    /// End of the bss, from the linker script.
    static __falcon_bss_end: u8;
}

/// Heap kept above the bss for a program (Mshrink keeps it); an accessory Mallocs it.
const PROGRAM_HEAP_MAX: usize = 2 * 1024 * 1024;
/// An accessory's heap, taken at boot: its window's surface (at most
/// `frontend::gem::host::ACCESSORY_MAX_WORK_SIZE`, 8 planes, and the same at the desktop's
/// depth) and the games it plays.
pub const ACCESSORY_HEAP: usize = 512 * 1024;
/// Memory left to the system above our heap when the TPA is small.
const TPA_MARGIN: usize = 64 * 1024;

/// Called by start.s on our own stack. Never returns for an accessory.
///
/// # Safety
/// Only start.s calls it, with the basepage TOS or the AES passed to the program.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn __falcon_start(basepage: *const Basepage, is_accessory: u32) -> i32 {
    // SAFETY: TOS (or the AES) passes a valid basepage that lives as long as the process.
    let basepage: &'static Basepage = unsafe { &*basepage };
    let flavour = if is_accessory != 0 { Flavour::Accessory } else { Flavour::Program };
    let heap_size = match flavour {
        Flavour::Program => {
            let bss_end = (&raw const __falcon_bss_end) as usize;
            let free = (basepage.hitpa as usize).saturating_sub(bss_end + TPA_MARGIN);
            let heap_size = free.min(PROGRAM_HEAP_MAX) & !15;
            let keep = bss_end + heap_size - basepage.lowtpa as usize;
            gemdos::mshrink(basepage.lowtpa, keep as u32);
            // SAFETY: [bss_end, bss_end + heap_size) is inside the TPA we just kept.
            unsafe { heap::init(bss_end as *mut u8, heap_size) };
            heap_size
        }
        Flavour::Accessory => match gemdos::malloc(ACCESSORY_HEAP as u32) {
            Some(p) => {
                // SAFETY: Malloc returned this block for us alone.
                unsafe { heap::init(p, ACCESSORY_HEAP) };
                ACCESSORY_HEAP
            }
            None => 0,
        },
    };
    natfeats::init();
    let start = Start { flavour, basepage, heap_size };
    // SAFETY: the program defines falcon_main with this signature.
    let code = unsafe { falcon_main(&start) };
    exit::restore_machine();
    report_exit(code);
    code
}

/// Tells the emulator's debug channel (only there: nothing on a real machine's screen)
/// how the program ended, for the test runner under a TOS: `falcon-exit <code>`.
pub fn report_exit(code: i32) {
    let mut line = [0u8; 32];
    line[..12].copy_from_slice(b"falcon-exit ");
    let mut len = 12;
    if code < 0 {
        line[len] = b'-';
        len += 1;
    }
    let mut buf = [0u8; 20];
    for &d in console::decimal(code.unsigned_abs() as u64, &mut buf) {
        line[len] = d;
        len += 1;
    }
    line[len] = b'\n';
    if let Ok(text) = core::ffi::CStr::from_bytes_until_nul(&line) {
        natfeats::print(text);
    }
}
