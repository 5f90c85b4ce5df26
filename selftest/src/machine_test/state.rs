//! A readable dump of the machine state the layer changes, for the exit tests: the host
//! compares the dump taken before the program changed anything with the one taken after
//! every undo action ran (`machine-test` program, `cargo xtask test`).
//!
//! One line per item, `state <phase> <name> <hex>`: VIDEL registers, both palettes, the
//! MFP's configuration registers (not its pending bits or running counters, which change by
//! themselves), the vectors the layer may change, and under TOS the video mode, the OS's
//! screen addresses and its keyboard vectors.

use falcon_puzzles::machine::cpu::{self, vector};
use falcon_puzzles::machine::register::Register;
use falcon_puzzles::machine::system::Os;
use falcon_puzzles::machine::{mfp, videl, xbios};
use falcon_puzzles::runtime::console::Console;

/// One line, written in one piece (the emulator's own messages share the output stream).
fn line(phase: &str, name: &str, value: u64) {
    use core::fmt::Write;
    let mut hex = [0u8; 16];
    for (i, h) in hex.iter_mut().enumerate() {
        let nibble = (value >> (60 - 4 * i)) as u8 & 15;
        *h = if nibble < 10 { b'0' + nibble } else { b'a' + nibble - 10 };
    }
    let mut c = Console::new();
    for part in ["state ", phase, " ", name, " ", core::str::from_utf8(&hex).unwrap_or("?"), "\n"] {
        let _ = c.write_str(part);
    }
}

fn indexed(phase: &str, prefix: &str, i: usize, value: u64) {
    let mut name = [0u8; 24];
    let p = prefix.as_bytes();
    name[..p.len()].copy_from_slice(p);
    let digits = [b'0' + (i / 100) as u8, b'0' + (i / 10 % 10) as u8, b'0' + (i % 10) as u8];
    name[p.len()..p.len() + 3].copy_from_slice(&digits);
    line(phase, core::str::from_utf8(&name[..p.len() + 3]).unwrap_or("?"), value);
}

/// Prints the state. Supervisor mode.
pub fn print(phase: &str, os: Os) {
    let b = |r: &Register<u8>| r.read() as u64;
    let w = |r: &Register<u16>| r.read() as u64;
    line(phase, "videl.base", videl::screen_base() as u64);
    for (name, r) in
        [("videl.sync", &videl::SYNC), ("videl.st_shift", &videl::ST_SHIFT), ("videl.hscroll", &videl::HSCROLL)]
    {
        line(phase, name, b(r));
    }
    for (name, r) in [
        ("videl.line_offset", &videl::LINE_OFFSET),
        ("videl.line_width", &videl::LINE_WIDTH),
        ("videl.spshift", &videl::SPSHIFT),
        ("videl.hht", &videl::HHT),
        ("videl.hbb", &videl::HBB),
        ("videl.hbe", &videl::HBE),
        ("videl.hdb", &videl::HDB),
        ("videl.hde", &videl::HDE),
        ("videl.hss", &videl::HSS),
        ("videl.vft", &videl::VFT),
        ("videl.vbb", &videl::VBB),
        ("videl.vbe", &videl::VBE),
        ("videl.vdb", &videl::VDB),
        ("videl.vde", &videl::VDE),
        ("videl.vss", &videl::VSS),
        ("videl.vco", &videl::VCO),
        ("videl.vctl", &videl::VCTL),
    ] {
        line(phase, name, w(r));
    }
    for i in 0..256 {
        indexed(phase, "palette.", i, videl::PALETTE.get(i).read() as u64);
    }
    for i in 0..16 {
        indexed(phase, "st_palette.", i, videl::ST_PALETTE.get(i).read() as u64);
    }
    for (name, value) in [
        ("mfp.aer", mfp::AER.read().bits()),
        ("mfp.ddr", mfp::DDR.read().bits()),
        ("mfp.iera", mfp::IERA.read().bits()),
        ("mfp.ierb", mfp::IERB.read().bits()),
        ("mfp.imra", mfp::IMRA.read().bits()),
        ("mfp.imrb", mfp::IMRB.read().bits()),
        ("mfp.vr", mfp::VR.read().bits()),
        ("mfp.tacr", mfp::TACR.read().bits()),
        ("mfp.tbcr", mfp::TBCR.read().bits()),
        ("mfp.tcdcr", mfp::TCDCR.read().bits()),
    ] {
        line(phase, name, value as u64);
    }
    line(phase, "mfp.timer_a_reload", mfp::FreeTimer::A.reload_value() as u64);
    line(phase, "mfp.timer_d_reload", mfp::FreeTimer::D.reload_value() as u64);
    line(phase, "vector.vbl", vector(28).read().address() as u64);
    for n in 0x40u8..0x50 {
        indexed(phase, "vector.mfp.", (n - 0x40) as usize, vector(n).read().address() as u64);
    }
    line(phase, "cpu.interrupt_mask", cpu::status_register().mask() as u64);
    if os == Os::Tos {
        line(phase, "tos.mode", xbios::vsetmode(-1) as u64);
        line(phase, "tos.logbase", xbios::logbase() as u64);
        line(phase, "tos.physbase", xbios::physbase() as u64);
        let kbdvecs = xbios::kbdvbase();
        for (name, offset) in [("tos.kbdvec", -4i32), ("tos.mousevec", 16)] {
            // SAFETY: longs of the OS's KBDVECS structure.
            let v = unsafe { Register::<u32>::at((kbdvecs as i32 + offset) as usize) }.read();
            line(phase, name, v as u64);
        }
    }
}
