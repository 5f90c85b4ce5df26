//! The VIDEL, the Falcon's video chip, at $FFFF8200, and its palette at $FFFF9800
//! (register names from the Atari Compendium, "Falcon030 VIDEL" and the EmuTOS sources).
//! Word registers unless stated; all need supervisor mode.
//!
//! This file programs the chip directly: used without TOS, and to read the machine's state
//! for the exit tests. Under TOS the mode is changed through XBIOS instead (`screen.rs`).

use super::register::{Register, RegisterArray};
use super::video_mode::{Monitor, VidelSetup};

// SAFETY (every `Register::at`/`RegisterArray::at` of this file): the VIDEL's registers at
// the addresses the Compendium gives, with the width given.

/// Screen base address, bits 23–16 (byte). Writing it (or the mid byte) clears the low byte
/// on the STE and Falcon: write high, mid, then low. Latched at the start of each frame.
pub const VBASE_HI: Register<u8> = unsafe { Register::at(0xFFFF_8201) };
/// Screen base address, bits 15–8 (byte).
pub const VBASE_MID: Register<u8> = unsafe { Register::at(0xFFFF_8203) };
/// Screen base address, bits 7–0 (byte; the Falcon needs an even address).
pub const VBASE_LO: Register<u8> = unsafe { Register::at(0xFFFF_820D) };
/// Monitor type (byte at $FFFF8006): bits 7–6 = 0 mono, 1 RGB, 2 VGA, 3 TV.
pub const MONITOR: Register<u8> = unsafe { Register::at(0xFFFF_8006) };
/// Sync mode (byte): bit 1 set = 50 Hz, clear = 60 Hz (TV/RGB).
pub const SYNC: Register<u8> = unsafe { Register::at(0xFFFF_820A) };
/// Line offset: words skipped at the end of each line (for a virtual screen wider than
/// the display).
pub const LINE_OFFSET: Register<u16> = unsafe { Register::at(0xFFFF_820E) };
/// VWRAP: words per line.
pub const LINE_WIDTH: Register<u16> = unsafe { Register::at(0xFFFF_8210) };
/// ST shift mode (byte): 0 ST low, 1 ST medium, 2 ST high. Writing it resets VWRAP and
/// VCTL to the ST mode's values.
pub const ST_SHIFT: Register<u8> = unsafe { Register::at(0xFFFF_8260) };
/// Horizontal fine scroll (byte): pixels, 0–15.
pub const HSCROLL: Register<u8> = unsafe { Register::at(0xFFFF_8265) };
/// SPSHIFT: Falcon shift mode. $0400 2 colours, $0010 256 colours (8 bitplanes), $0100
/// true colour; 0 with ST_SHIFT choosing the ST modes.
pub const SPSHIFT: Register<u16> = unsafe { Register::at(0xFFFF_8266) };
/// HHT, HBB, HBE, HDB, HDE, HSS: horizontal hold timer, border begin/end, display
/// begin/end, sync start.
pub const HHT: Register<u16> = unsafe { Register::at(0xFFFF_8282) };
pub const HBB: Register<u16> = unsafe { Register::at(0xFFFF_8284) };
pub const HBE: Register<u16> = unsafe { Register::at(0xFFFF_8286) };
pub const HDB: Register<u16> = unsafe { Register::at(0xFFFF_8288) };
pub const HDE: Register<u16> = unsafe { Register::at(0xFFFF_828A) };
pub const HSS: Register<u16> = unsafe { Register::at(0xFFFF_828C) };
/// VFT, VBB, VBE, VDB, VDE, VSS: vertical frequency timer, border begin/end, display
/// begin/end, sync start (half lines).
pub const VFT: Register<u16> = unsafe { Register::at(0xFFFF_82A2) };
pub const VBB: Register<u16> = unsafe { Register::at(0xFFFF_82A4) };
pub const VBE: Register<u16> = unsafe { Register::at(0xFFFF_82A6) };
pub const VDB: Register<u16> = unsafe { Register::at(0xFFFF_82A8) };
pub const VDE: Register<u16> = unsafe { Register::at(0xFFFF_82AA) };
pub const VSS: Register<u16> = unsafe { Register::at(0xFFFF_82AC) };
/// VCO: video clock and monitor control ($0186 VGA, $0181 RGB, $0183 TV).
pub const VCO: Register<u16> = unsafe { Register::at(0xFFFF_82C0) };
/// VCTL: video control. VGA: bit 0 line doubling, bits 3–2 pixel width; TV/RGB: bit 1
/// interlace, bits 3–2 pixel width.
pub const VCTL: Register<u16> = unsafe { Register::at(0xFFFF_82C2) };
/// The 256 palette registers: `RRRRRRxx GGGGGGxx 00000000 BBBBBBxx`.
pub const PALETTE: RegisterArray<u32, 256> = unsafe { RegisterArray::at(0xFFFF_9800) };
/// The 16 ST-compatible palette registers (`0000 RRRR GGGG BBBB`, STE bit order), used by
/// the ST modes.
pub const ST_PALETTE: RegisterArray<u16, 16> = unsafe { RegisterArray::at(0xFFFF_8240) };

/// The monitor from the VIDEL's monitor bits.
pub fn monitor() -> Monitor {
    Monitor::from_code((MONITOR.read() >> 6) as u16)
}

/// The screen base address as the registers hold it.
pub fn screen_base() -> u32 {
    (VBASE_HI.read() as u32) << 16 | (VBASE_MID.read() as u32) << 8 | VBASE_LO.read() as u32
}

/// Sets the screen base (taken at the next frame): high, mid, low, in that order.
pub fn set_screen_base(addr: u32) {
    VBASE_HI.write((addr >> 16) as u8);
    VBASE_MID.write((addr >> 8) as u8);
    VBASE_LO.write(addr as u8);
}

/// Writes the sync mode only if it changes: in Hatari 2.4.1, writing it (even the value it
/// already holds) makes it read back with bit 1 set, which would look like 50 Hz.
fn set_sync(value: u8) {
    if SYNC.read() & 3 != value & 3 {
        SYNC.write(value);
    }
}

const TIMING: [Register<u16>; 12] = [HHT, HBB, HBE, HDB, HDE, HSS, VFT, VBB, VBE, VDB, VDE, VSS];

/// Everything of the VIDEL a mode switch changes, as read from the registers.
pub struct VidelState {
    timing: [u16; 12],
    sync: u8,
    line_offset: u16,
    line_width: u16,
    st_shift: u8,
    hscroll: u8,
    spshift: u16,
    vco: u16,
    vctl: u16,
    base: u32,
    palette: [u32; 256],
    st_palette: [u16; 16],
}

impl VidelState {
    pub fn read() -> VidelState {
        VidelState {
            timing: TIMING.map(|r| r.read()),
            sync: SYNC.read(),
            line_offset: LINE_OFFSET.read(),
            line_width: LINE_WIDTH.read(),
            st_shift: ST_SHIFT.read(),
            hscroll: HSCROLL.read(),
            spshift: SPSHIFT.read(),
            vco: VCO.read(),
            vctl: VCTL.read(),
            base: screen_base(),
            palette: core::array::from_fn(|i| PALETTE.get(i).read()),
            st_palette: core::array::from_fn(|i| ST_PALETTE.get(i).read()),
        }
    }

    /// Puts every register back. The ST shift register goes first, because writing it
    /// resets VWRAP and VCTL (and, in Hatari, the sync mode); SPSHIFT after it, then the rest.
    pub fn write(&self) {
        for (r, &v) in TIMING.iter().zip(&self.timing) {
            r.write(v);
        }
        ST_SHIFT.write(self.st_shift);
        SPSHIFT.write(self.spshift);
        set_sync(self.sync);
        LINE_OFFSET.write(self.line_offset);
        LINE_WIDTH.write(self.line_width);
        HSCROLL.write(self.hscroll);
        VCO.write(self.vco);
        VCTL.write(self.vctl);
        set_screen_base(self.base);
        for (i, &c) in self.st_palette.iter().enumerate() {
            ST_PALETTE.get(i).write(c);
        }
        for (i, &c) in self.palette.iter().enumerate() {
            PALETTE.get(i).write(c);
        }
    }
}

/// Programs a mode (timing from `video_mode::videl_setup`) and the screen base, in the
/// order TOS 4 uses: timing, then ST shift cleared, offset, width, control, SPSHIFT.
pub fn program(setup: &VidelSetup, base: u32) {
    set_sync(if setup.sync_50hz { 2 } else { 0 });
    let t = &setup.timing;
    for (r, v) in
        TIMING.iter().zip([t.hht, t.hbb, t.hbe, t.hdb, t.hde, t.hss, t.vft, t.vbb, t.vbe, t.vdb, t.vde, t.vss])
    {
        r.write(v);
    }
    ST_SHIFT.write(0);
    LINE_OFFSET.write(0);
    HSCROLL.write(0);
    LINE_WIDTH.write(setup.line_words);
    VCTL.write(setup.vctl);
    VCO.write(setup.vco);
    SPSHIFT.write(0);
    SPSHIFT.write(setup.spshift);
    set_screen_base(base);
}
