//! Falcon video modes, the portable half: the mode word of XBIOS `VsetMode`, the VIDEL
//! timing of the modes this program sets without TOS, and the two palette formats.
//! The hardware half (registers, switching, saving and restoring) is in `videl.rs`.

/// A Falcon video mode word (XBIOS `VsetMode`, Atari Compendium "VsetMode()"):
///
/// | bit | name | meaning |
/// | --- | --- | --- |
/// | 0–2 | BPS | bits per pixel: 0 = 1, 1 = 2, 2 = 4, 3 = 8, 4 = 16 |
/// | 3 | COL80 | 80 columns (640 pixels wide) instead of 40 (320) |
/// | 4 | VGA | VGA timing (31 kHz) instead of TV/RGB (15 kHz) |
/// | 5 | PAL | 50 Hz instead of 60 Hz (TV/RGB only) |
/// | 6 | OVERSCAN | overscan (TV/RGB only: ×1.2 both ways) |
/// | 7 | STMODES | ST-compatible mode |
/// | 8 | VERTFLAG | VGA: line doubling (half the lines); TV/RGB: interlace (twice the lines) |
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct VideoMode(pub u16);

impl VideoMode {
    pub const BPS_MASK: u16 = 0x0007;
    pub const BPS8: u16 = 0x0003;
    pub const COL80: u16 = 0x0008;
    pub const VGA: u16 = 0x0010;
    pub const PAL: u16 = 0x0020;
    pub const OVERSCAN: u16 = 0x0040;
    pub const STMODES: u16 = 0x0080;
    pub const VERTFLAG: u16 = 0x0100;

    /// 640×480, 256 colours, VGA monitor (31 kHz, 60 Hz, no line doubling).
    pub const VGA_640X480X8: VideoMode = VideoMode(Self::VGA | Self::COL80 | Self::BPS8);
    /// 640×480, 256 colours on an RGB or TV monitor: 640×240 interlaced to 480 lines,
    /// 60 Hz (NTSC timing); add PAL for 50 Hz.
    pub const RGB_640X480X8_INTERLACED: VideoMode = VideoMode(Self::VERTFLAG | Self::COL80 | Self::BPS8);

    pub const fn bits_per_pixel(self) -> u16 {
        1 << (self.0 & Self::BPS_MASK)
    }

    pub const fn is_vga(self) -> bool {
        self.0 & Self::VGA != 0
    }

    /// Width of a line in words (VIDEL `VWRAP`, $FFFF8210): 40 or 80 columns of 8 pixels,
    /// times the bits per pixel, over 16 bits per word (no overscan).
    pub const fn line_words(self) -> u16 {
        let columns: u16 = if self.0 & Self::COL80 != 0 { 40 } else { 20 };
        columns << (self.0 & Self::BPS_MASK)
    }

    /// Bytes of one screen: 640×480×8 gives 307,200.
    pub const fn screen_bytes(self, height: u32) -> u32 {
        self.line_words() as u32 * 2 * height
    }
}

/// The monitor, as XBIOS `mon_type` or the VIDEL's monitor bits (bits 7–6 of $FFFF8006)
/// give it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Monitor {
    /// SM124 and friends: 640×400 monochrome only.
    Mono,
    Rgb,
    Vga,
    Tv,
}

impl Monitor {
    pub const fn from_code(code: u16) -> Monitor {
        match code & 3 {
            0 => Monitor::Mono,
            1 => Monitor::Rgb,
            2 => Monitor::Vga,
            _ => Monitor::Tv,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Monitor::Mono => "monochrome",
            Monitor::Rgb => "RGB",
            Monitor::Vga => "VGA",
            Monitor::Tv => "TV",
        }
    }
}

/// Which 640×480×256 mode a monitor gets: VGA mode on a VGA monitor, the interlaced mode on
/// RGB or TV (keeping the current 50/60 Hz choice, as TETRHEX did), nothing on a monochrome
/// monitor.
pub fn full_screen_mode(monitor: Monitor, current: VideoMode) -> Option<VideoMode> {
    match monitor {
        Monitor::Mono => None,
        Monitor::Vga => Some(VideoMode::VGA_640X480X8),
        Monitor::Rgb | Monitor::Tv => {
            Some(VideoMode(VideoMode::RGB_640X480X8_INTERLACED.0 | current.0 & VideoMode::PAL))
        }
    }
}

/// The VIDEL's horizontal and vertical timing for one mode (registers $FFFF8282–$FFFF828C
/// and $FFFF82A2–$FFFF82AC). Horizontal values count in units of the pixel clock divided
/// as the mode says, vertical values in half lines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Timing {
    /// HHT: horizontal hold timer (line length).
    pub hht: u16,
    /// HBB: horizontal border begin.
    pub hbb: u16,
    /// HBE: horizontal border end.
    pub hbe: u16,
    /// HDB: horizontal display begin.
    pub hdb: u16,
    /// HDE: horizontal display end.
    pub hde: u16,
    /// HSS: horizontal sync start.
    pub hss: u16,
    /// VFT: vertical frequency timer (frame length).
    pub vft: u16,
    /// VBB: vertical border begin.
    pub vbb: u16,
    /// VBE: vertical border end.
    pub vbe: u16,
    /// VDB: vertical display begin.
    pub vdb: u16,
    /// VDE: vertical display end.
    pub vde: u16,
    /// VSS: vertical sync start.
    pub vss: u16,
}

/// Everything the VIDEL needs for one mode besides the screen address.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct VidelSetup {
    pub timing: Timing,
    /// $FFFF820A bit 1: 50 Hz (PAL) sync.
    pub sync_50hz: bool,
    /// $FFFF8210 VWRAP: words per line.
    pub line_words: u16,
    /// $FFFF82C0 VCO: clock and monitor control.
    pub vco: u16,
    /// $FFFF82C2 VCTL: pixel width, interlace, line doubling.
    pub vctl: u16,
    /// $FFFF8266 SPSHIFT: $0010 = 8 bitplanes.
    pub spshift: u16,
}

/// VDB and VDE for 480 interlaced lines on a 15 kHz monitor, 60 Hz (NTSC timing): TOS's
/// $004C–$01DC (400 lines) would be $0024–$0204, which ends after the vertical blank begins
/// ($0201); this is the same window moved up 6 half lines.
pub const NTSC_480_LINES: (u16, u16) = (0x001E, 0x01FE);
/// VDB and VDE for 480 interlaced lines, 50 Hz (PAL timing): TOS's $007E–$020E (400 lines)
/// opened 40 half lines each way.
pub const PAL_480_LINES: (u16, u16) = (0x0056, 0x0236);

/// The display window (VDB, VDE) that makes `mode` 480 lines high where TOS's own table gives
/// fewer: the interlaced modes of 15 kHz monitors (TOS shows 400 lines there). `None` for
/// the VGA mode, which TOS already shows at 480 lines.
pub fn window_of_480_lines(mode: VideoMode) -> Option<(u16, u16)> {
    if mode.0 & !VideoMode::PAL != VideoMode::RGB_640X480X8_INTERLACED.0 {
        return None;
    }
    Some(if mode.0 & VideoMode::PAL != 0 { PAL_480_LINES } else { NTSC_480_LINES })
}

/// The register values for the 640×480×256 modes, from TOS 4.04's mode table as the EmuTOS
/// sources document it (`bios/videl.c`, modes $001B, $010B and $012B), checked by
/// screenshot in Hatari (docs/machine.md). `None` for modes we never program directly.
pub fn videl_setup(mode: VideoMode, monitor: Monitor) -> Option<VidelSetup> {
    let vga = Timing {
        hht: 0x00C6,
        hbb: 0x008D,
        hbe: 0x0015,
        hdb: 0x02AB,
        hde: 0x0084,
        hss: 0x0096,
        vft: 0x0419,
        vbb: 0x03FF,
        vbe: 0x003F,
        vdb: 0x003F,
        vde: 0x03FF,
        vss: 0x0415,
    };
    // 80 columns, 8 bitplanes on a 15 kHz monitor, interlaced: NTSC (60 Hz) and PAL (50 Hz).
    // TOS's table shows 400 lines there (VDE - VDB = 400 half lines a field); ours shows 480,
    // the display window opened by 40 half lines each way around the same middle (PAL: 625
    // lines a frame, 480 of them well inside the picture), or for NTSC (525 lines a frame)
    // as much as its blanking window (VBE $16 to VBB $201) allows, moved down to fit.
    let ntsc = Timing {
        hht: 0x01FF,
        hbb: 0x0197,
        hbe: 0x0050,
        hdb: 0x005D,
        hde: 0x010D,
        hss: 0x01B4,
        vft: 0x020C,
        vbb: 0x0201,
        vbe: 0x0016,
        vdb: NTSC_480_LINES.0,
        vde: NTSC_480_LINES.1,
        vss: 0x0207,
    };
    let pal = Timing {
        hht: 0x01FE,
        hbb: 0x0199,
        hbe: 0x0050,
        hdb: 0x005D,
        hde: 0x010E,
        hss: 0x01B2,
        vft: 0x0270,
        vbb: 0x0265,
        vbe: 0x002F,
        vdb: PAL_480_LINES.0,
        vde: PAL_480_LINES.1,
        vss: 0x026B,
    };
    let line_words = mode.line_words();
    match (mode, monitor) {
        (VideoMode::VGA_640X480X8, Monitor::Vga) => {
            Some(VidelSetup { timing: vga, sync_50hz: false, line_words, vco: 0x0186, vctl: 0x0008, spshift: 0x0010 })
        }
        (m, Monitor::Rgb | Monitor::Tv) if m.0 & !VideoMode::PAL == VideoMode::RGB_640X480X8_INTERLACED.0 => {
            let pal_mode = m.0 & VideoMode::PAL != 0;
            Some(VidelSetup {
                timing: if pal_mode { pal } else { ntsc },
                sync_50hz: pal_mode,
                line_words,
                vco: if monitor == Monitor::Tv { 0x0183 } else { 0x0181 },
                vctl: 0x0006,
                spshift: 0x0010,
            })
        }
        _ => None,
    }
}

/// A colour with 8 bits per gun (the VIDEL uses the top 6).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Rgb {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

impl Rgb {
    pub const fn new(r: u8, g: u8, b: u8) -> Rgb {
        Rgb { r, g, b }
    }

    /// The VIDEL palette register format ($FFFF9800 + 4n): `RRRRRRxx GGGGGGxx 00000000
    /// BBBBBBxx`, the low two bits of each gun ignored.
    pub const fn to_register(self) -> u32 {
        (self.r as u32 & 0xFC) << 24 | (self.g as u32 & 0xFC) << 16 | (self.b as u32 & 0xFC)
    }

    pub const fn from_register(reg: u32) -> Rgb {
        Rgb { r: (reg >> 24) as u8 & 0xFC, g: (reg >> 16) as u8 & 0xFC, b: reg as u8 & 0xFC }
    }

    /// The format of XBIOS `VsetRGB`/`VgetRGB`: `$00RRGGBB`.
    pub const fn to_xbios(self) -> u32 {
        (self.r as u32) << 16 | (self.g as u32) << 8 | self.b as u32
    }

    pub const fn from_xbios(value: u32) -> Rgb {
        Rgb { r: (value >> 16) as u8, g: (value >> 8) as u8, b: value as u8 }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
