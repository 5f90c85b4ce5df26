//! The BIOS and XBIOS calls of the machine layer (Atari Compendium, "BIOS/XBIOS function
//! reference"; tos.hyp). Only under a TOS: Hatari's TOS-less mode has neither.

use crate::runtime::gemdos::Block;

/// BIOS 5 `Setexc(number, handler)`: sets exception vector `number` (vectors $100+ are the
/// OS's own: $101 etv_critic, $102 etv_term) and returns the old one; -1 only reads.
pub fn setexc(number: u16, handler: u32) -> u32 {
    Block::new(5).word(number).long(handler).bios() as u32
}

/// BIOS 11 `Kbshift(-1)`: the shift state (bits as `keyboard::Shift`).
pub fn kbshift() -> u8 {
    Block::new(11).word(0xFFFF).bios() as u8
}

/// XBIOS 2 `Physbase()`: the screen address the video chip shows.
pub fn physbase() -> u32 {
    Block::new(2).xbios() as u32
}

/// XBIOS 3 `Logbase()`: the screen address the OS draws to.
pub fn logbase() -> u32 {
    Block::new(3).xbios() as u32
}

/// XBIOS 5 `VsetScreen(log, phys, rez, mode)` (`Setscreen` on the Falcon): -1 leaves an
/// address or the resolution alone; `rez` 3 with a Falcon mode word changes the mode.
/// Returns the old mode when the mode changes.
pub fn vsetscreen(log: u32, phys: u32, rez: i16, mode: i16) -> i32 {
    Block::new(5).long(log).long(phys).word(rez as u16).word(mode as u16).xbios()
}

/// XBIOS 6 `Setpalette(palette)`: the 16 ST-compatible colours, taken by the OS at the
/// next vertical blank (the array must live until then).
pub fn setpalette(palette: &[u16; 16]) {
    Block::new(6).long(palette.as_ptr() as u32).xbios();
}

/// XBIOS 7 `Setcolor(n, colour)`: sets ST-compatible colour `n` (-1 only reads); returns
/// the old one.
pub fn setcolor(n: u16, colour: i16) -> u16 {
    Block::new(7).word(n).word(colour as u16).xbios() as u16
}

/// XBIOS 16 `Keytbl(-1, -1, -1)`: the keyboard's ASCII tables (unshifted, shifted, Caps
/// Lock: three pointers to 128 bytes, the first three longs of the structure returned).
pub fn keytbl() -> u32 {
    Block::new(16).long(u32::MAX).long(u32::MAX).long(u32::MAX).xbios() as u32
}

/// XBIOS 31 `Xbtimer(timer, control, data, handler)`: sets up an MFP timer (0 A, 1 B, 2 C,
/// 3 D), installs its interrupt vector and enables its interrupt.
pub fn xbtimer(timer: u16, control: u16, data: u16, handler: u32) {
    Block::new(31).word(timer).word(control).word(data).long(handler).xbios();
}

/// XBIOS 29 `Offgibit(mask)`: clears the bits of the sound chip's port A that are clear in
/// `mask` (an AND mask), in one uninterrupted read-modify-write (`psg`).
pub fn offgibit(mask: u8) {
    Block::new(29).word(u16::from(mask)).xbios();
}

/// XBIOS 30 `Ongibit(mask)`: sets the bits of the sound chip's port A that are set in
/// `mask` (an OR mask), in one uninterrupted read-modify-write (`psg`).
pub fn ongibit(mask: u8) {
    Block::new(30).word(u16::from(mask)).xbios();
}

/// XBIOS 34 `Kbdvbase()`: the OS's IKBD vector table (`KBDVECS`); the undocumented
/// `kbdvec` of TOS 2+ sits in the long just before it.
pub fn kbdvbase() -> u32 {
    Block::new(34).xbios() as u32
}

/// XBIOS 35 `Kbrate(-1, -1)`: the auto-repeat delay (high byte) and rate (low byte), in
/// 20 ms ticks.
pub fn kbrate() -> u16 {
    Block::new(35).word(0xFFFF).word(0xFFFF).xbios() as u16
}

/// XBIOS 37 `Vsync()`: waits for the next vertical blank.
pub fn vsync() {
    Block::new(37).xbios();
}

/// XBIOS 88 `VsetMode(mode)`: sets the Falcon video mode (-1: only reads); returns the old.
pub fn vsetmode(mode: i16) -> u16 {
    Block::new(88).word(mode as u16).xbios() as u16
}

/// XBIOS 89 `mon_type()`: 0 mono, 1 RGB, 2 VGA, 3 TV. Returns 89 where unimplemented.
pub fn mon_type() -> i32 {
    Block::new(89).xbios()
}

/// XBIOS 93 `VsetRGB(index, count, colours)`: sets palette entries from `$00RRGGBB` longs
/// (applied at the next vertical blank).
pub fn vsetrgb(index: u16, colours: &[u32]) {
    Block::new(93).word(index).word(colours.len() as u16).long(colours.as_ptr() as u32).xbios();
}

/// XBIOS 94 `VgetRGB(index, count, colours)`: reads palette entries as `$00RRGGBB`.
pub fn vgetrgb(index: u16, colours: &mut [u32]) {
    Block::new(94).word(index).word(colours.len() as u16).long(colours.as_mut_ptr() as u32).xbios();
}
