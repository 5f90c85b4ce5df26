//! The full screen: 640×480 in 256 colours, two screen buffers in ST-RAM swapped at the
//! vertical blank, and the palette; everything the switch changes is saved first and put
//! back on every way out.
//!
//! | | under TOS (XBIOS) | without TOS (VIDEL directly) |
//! | --- | --- | --- |
//! | save | `VsetMode(-1)`, `Logbase`, `Physbase`, the 256 palette registers, `Setcolor(n, -1)` | every VIDEL register and both palettes (`videl::VidelState`) |
//! | switch | `VsetScreen(buf, buf, 3, mode)` (RGB/TV: then VDB/VDE for 480 lines) | timing table → VIDEL registers |
//! | swap | `VsetScreen(-1, buf, -1, -1)`, then wait for the next frame | base address handed to our VBL handler |
//! | palette | `VsetRGB` | palette registers |
//! | restore | `VsetRGB` (256), `VsetScreen(log, phys, 3, mode)`, `VsetRGB` (the old mode's), `Setpalette` | registers written back |

use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, Ordering};

use super::system::{self, Hardware, MachineError, Os};
use super::vbl::Vbl;
use super::video_mode::{Rgb, VideoMode, full_screen_mode, videl_setup, window_of_480_lines};
use super::{videl, xbios};
use crate::runtime::exit;

pub const WIDTH: i16 = 640;
pub const HEIGHT: i16 = 480;
/// Words of one screen buffer: 640×480 pixels, 8 bitplanes.
pub const SCREEN_WORDS: usize = WIDTH as usize * HEIGHT as usize / 2;

/// Saved state: written by `Screen::open` before the restorer is registered, read only by it.
struct Saved<T>(UnsafeCell<Option<T>>);
// SAFETY: single-threaded; interrupt handlers never touch it.
unsafe impl<T> Sync for Saved<T> {}

static SAVED_VIDEL: Saved<videl::VidelState> = Saved(UnsafeCell::new(None));
static SAVED_RGB: [AtomicU32; 256] = [const { AtomicU32::new(0) }; 256];
static SAVED_ST_PALETTE: [AtomicU16; 16] = [const { AtomicU16::new(0) }; 16];
static SAVED_MODE: AtomicU16 = AtomicU16::new(0);
static SAVED_LOG: AtomicU32 = AtomicU32::new(0);
static SAVED_PHYS: AtomicU32 = AtomicU32::new(0);
/// 0 nothing to restore, 1 TOS, 2 bare.
static SAVED_KIND: AtomicU8 = AtomicU8::new(0);

/// The screen while the program owns it.
pub struct Screen {
    hw: Hardware,
    vbl: Vbl,
    mode: VideoMode,
    buffers: [*mut u16; 2],
    /// Index of the buffer being shown.
    front: usize,
}

impl Screen {
    /// Checks the machine, saves the current video state, allocates two screens in ST-RAM
    /// and switches to 640×480×256 showing the first (all pen 0). Supervisor mode.
    pub fn open(hw: Hardware) -> Result<Screen, MachineError> {
        hw.check_full_screen()?;
        let current = match hw.os {
            Os::Tos => VideoMode(xbios::vsetmode(-1)),
            Os::Bare => VideoMode(if videl::SYNC.read() & 2 != 0 { VideoMode::PAL } else { 0 }),
        };
        let mode = full_screen_mode(hw.monitor, current).ok_or(MachineError::MonochromeMonitor)?;
        let bytes = mode.screen_bytes(HEIGHT as u32);
        let block = system::alloc_st_ram(2 * bytes + 256)?;
        let first = (block as u32 + 255) & !255;
        let buffers = [first as *mut u16, (first + bytes) as *mut u16];
        let vbl = Vbl::start(hw.os)?;
        if !exit::on_exit(restore) {
            return Err(MachineError::CannotRegisterUndo);
        }
        for b in buffers {
            // SAFETY: each buffer is `bytes` bytes of our ST-RAM block.
            unsafe { core::ptr::write_bytes(b as *mut u8, 0, bytes as usize) };
        }
        match hw.os {
            Os::Tos => {
                SAVED_MODE.store(current.0, Ordering::Relaxed);
                SAVED_LOG.store(xbios::logbase(), Ordering::Relaxed);
                SAVED_PHYS.store(xbios::physbase(), Ordering::Relaxed);
                // The palette as the hardware holds it: in a mode of 16 colours or fewer
                // VgetRGB/VsetRGB refuse entries above 15 (EmuTOS), but entries 16-255 are
                // still the machine's state, and ours to put back.
                for (i, s) in SAVED_RGB.iter().enumerate() {
                    s.store(Rgb::from_register(videl::PALETTE.get(i).read()).to_xbios(), Ordering::Relaxed);
                }
                for (i, s) in SAVED_ST_PALETTE.iter().enumerate() {
                    s.store(xbios::setcolor(i as u16, -1), Ordering::Relaxed);
                }
                SAVED_KIND.store(1, Ordering::Relaxed);
                xbios::vsetscreen(first, first, 3, mode.0 as i16);
                // On an RGB or TV monitor TOS's interlaced mode is 400 lines high: open its
                // display window to 480 (`VsetScreen` at exit puts TOS's values back).
                if let Some((begin, end)) = window_of_480_lines(mode) {
                    videl::VDB.write(begin);
                    videl::VDE.write(end);
                }
            }
            Os::Bare => {
                let setup = videl_setup(mode, hw.monitor).ok_or(MachineError::MonochromeMonitor)?;
                // SAFETY: single-threaded, and the restorer only reads after this store.
                unsafe { *SAVED_VIDEL.0.get() = Some(videl::VidelState::read()) };
                SAVED_KIND.store(2, Ordering::Relaxed);
                vbl.wait();
                videl::program(&setup, first);
            }
        }
        vbl.wait();
        Ok(Screen { hw, vbl, mode, buffers, front: 0 })
    }

    pub fn hardware(&self) -> Hardware {
        self.hw
    }

    pub fn mode(&self) -> VideoMode {
        self.mode
    }

    pub fn vbl(&self) -> Vbl {
        self.vbl
    }

    /// Address of buffer `i` (0 or 1).
    pub fn buffer_address(&self, i: usize) -> u32 {
        self.buffers[i] as u32
    }

    /// The buffer not being shown, to draw the next frame into: 640×480 in interleaved
    /// bitplanes (16 pixels = 8 words, plane 0 first, bit 15 leftmost).
    pub fn back_buffer(&mut self) -> &mut [u16] {
        // SAFETY: the buffer is SCREEN_WORDS words of ST-RAM owned by this Screen, and the
        // video chip only reads the other one.
        unsafe { core::slice::from_raw_parts_mut(self.buffers[1 - self.front], SCREEN_WORDS) }
    }

    /// Both buffers: the back one to draw into and the one being shown, to read from (a
    /// host that draws only what changed copies the changes across after a swap).
    pub fn back_and_front(&mut self) -> (&mut [u16], &[u16]) {
        // SAFETY: two disjoint blocks of SCREEN_WORDS words of ST-RAM owned by this Screen;
        // the video chip only reads the front one.
        unsafe {
            (
                core::slice::from_raw_parts_mut(self.buffers[1 - self.front], SCREEN_WORDS),
                core::slice::from_raw_parts(self.buffers[self.front], SCREEN_WORDS),
            )
        }
    }

    /// Shows the back buffer from the next frame on and waits until that frame has begun,
    /// so the old front buffer is free to draw into. Returns the frame count then.
    pub fn present(&mut self) -> u32 {
        let back = self.buffers[1 - self.front] as u32;
        match self.hw.os {
            Os::Tos => {
                xbios::vsetscreen(u32::MAX, back, -1, -1);
                self.vbl.wait();
            }
            Os::Bare => {
                self.vbl.request_base(back);
                while !self.vbl.request_taken() {}
            }
        }
        self.front = 1 - self.front;
        self.vbl.count()
    }

    /// Sets palette entries `first`, `first + 1`, ... (taking effect at the next frame under
    /// TOS, at once without).
    pub fn set_palette(&mut self, first: u8, colours: &[Rgb]) {
        let n = colours.len().min(256 - first as usize);
        match self.hw.os {
            Os::Tos => {
                let mut values = [0u32; 256];
                for (v, c) in values.iter_mut().zip(&colours[..n]) {
                    *v = c.to_xbios();
                }
                xbios::vsetrgb(first as u16, &values[..n]);
            }
            Os::Bare => {
                for (i, c) in colours[..n].iter().enumerate() {
                    videl::PALETTE.get(first as usize + i).write(c.to_register());
                }
            }
        }
    }
}

/// Palette handed to `Setpalette`, which the OS reads at the next frame.
static ST_PALETTE_OUT: Saved<[u16; 16]> = Saved(UnsafeCell::new(None));

/// Puts the video state back (registered by `Screen::open`).
fn restore() {
    match SAVED_KIND.swap(0, Ordering::Relaxed) {
        1 => {
            // All 256 entries while our 256-colour mode still accepts them, then the old
            // mode, then again the entries that mode has (a mode change may reset them).
            let rgb: [u32; 256] = core::array::from_fn(|i| SAVED_RGB[i].load(Ordering::Relaxed));
            xbios::vsetrgb(0, &rgb);
            xbios::vsync();
            xbios::vsync();
            let mode = VideoMode(SAVED_MODE.load(Ordering::Relaxed));
            xbios::vsetscreen(SAVED_LOG.load(Ordering::Relaxed), SAVED_PHYS.load(Ordering::Relaxed), 3, mode.0 as i16);
            let colours = if mode.bits_per_pixel() <= 4 { 16 } else { 256 };
            xbios::vsetrgb(0, &rgb[..colours]);
            // SAFETY: single-threaded; the OS reads the array at the next frame, and it stays.
            let st = unsafe { &mut *ST_PALETTE_OUT.0.get() };
            let st = st.insert(core::array::from_fn(|i| SAVED_ST_PALETTE[i].load(Ordering::Relaxed)));
            xbios::setpalette(st);
            // Both palettes are written by the OS's vertical-blank handler.
            xbios::vsync();
            xbios::vsync();
        }
        2 => {
            // SAFETY: written by `open` before this restorer was registered.
            if let Some(state) = unsafe { (*SAVED_VIDEL.0.get()).take() } {
                state.write();
            }
        }
        _ => {}
    }
}
