//! GEMDOS calls (trap #1), through `tos_gemdos` in traps.s.
//!
//! Each call builds its argument block exactly as TOS expects it on the stack: the function
//! number as a word first, then each argument as a big-endian word or long.

unsafe extern "C" {
    fn tos_gemdos(block: *const u8, len: u32) -> i32;
    fn tos_bios(block: *const u8, len: u32) -> i32;
    fn tos_xbios(block: *const u8, len: u32) -> i32;
    fn tos_super_to_user(ssp: u32);
}

/// An argument block of at most 16 bytes, for GEMDOS, BIOS or XBIOS (the machine layer's
/// calls use it too).
pub struct Block {
    bytes: [u8; 16],
    len: usize,
}

impl Block {
    pub fn new(function: u16) -> Self {
        let mut b = Block { bytes: [0; 16], len: 0 };
        b.word(function);
        b
    }
    pub fn word(&mut self, w: u16) -> &mut Self {
        self.bytes[self.len..self.len + 2].copy_from_slice(&w.to_be_bytes());
        self.len += 2;
        self
    }
    pub fn long(&mut self, l: u32) -> &mut Self {
        self.bytes[self.len..self.len + 4].copy_from_slice(&l.to_be_bytes());
        self.len += 4;
        self
    }
    /// GEMDOS (trap #1).
    pub fn call(&self) -> i32 {
        // SAFETY: the block is a well-formed GEMDOS argument list of even length.
        unsafe { tos_gemdos(self.bytes.as_ptr(), self.len as u32) }
    }

    /// BIOS (trap #13). Only under a TOS: Hatari's TOS-less mode has no BIOS.
    pub fn bios(&self) -> i32 {
        // SAFETY: a well-formed BIOS argument list of even length.
        unsafe { tos_bios(self.bytes.as_ptr(), self.len as u32) }
    }

    /// XBIOS (trap #14). Only under a TOS.
    pub fn xbios(&self) -> i32 {
        // SAFETY: a well-formed XBIOS argument list of even length.
        unsafe { tos_xbios(self.bytes.as_ptr(), self.len as u32) }
    }
}

/// Cconws ($09): writes a NUL-terminated string to the console.
pub fn cconws(text: &core::ffi::CStr) {
    Block::new(0x09).long(text.as_ptr() as u32).call();
}

/// Cconin ($01): waits for a key on the console (Ctrl-C there ends the process).
pub fn cconin() -> i32 {
    Block::new(0x01).call()
}

/// Super(0) ($20): enters supervisor mode on the stack we are on; returns the old supervisor
/// stack pointer, which [`user_mode`] gives back. User mode only.
pub fn super_mode() -> u32 {
    Block::new(0x20).long(0).call() as u32
}

/// Super(`ssp`) ($20) from supervisor mode: back to user mode on the stack we are on, the
/// supervisor stack pointer `ssp` that [`super_mode`] returned. The user stack pointer is
/// set to our stack first: a TOS may push on the user stack there, and the one left from
/// the last switch may now lie inside live frames (traps.s, `tos_super_to_user`).
pub fn user_mode(ssp: u32) {
    // SAFETY: called in supervisor mode (every caller checks or knows it); the routine keeps
    // the registers the C convention asks for and leaves us on the same stack.
    unsafe { tos_super_to_user(ssp) }
}

/// Super(1): is the CPU in supervisor mode?
pub fn in_supervisor_mode() -> bool {
    Block::new(0x20).long(1).call() != 0
}

/// Fwrite ($40) to a handle; returns bytes written or a negative error.
pub fn fwrite(handle: u16, data: &[u8]) -> i32 {
    Block::new(0x40).word(handle).long(data.len() as u32).long(data.as_ptr() as u32).call()
}

/// Malloc ($48): `None` when no block of that size is free.
pub fn malloc(size: u32) -> Option<*mut u8> {
    let p = Block::new(0x48).long(size).call();
    if p <= 0 { None } else { Some(p as u32 as *mut u8) }
}

/// Malloc(-1) ($48): the size of the largest free block (what "free memory" means under
/// TOS).
pub fn largest_free_block() -> u32 {
    Block::new(0x48).long(u32::MAX).call() as u32
}

/// Mxalloc ($44) with mode 0: a block of ST-RAM (what the video chip and DMA can read),
/// even when the program may otherwise be given TT-RAM. `None` when there is none.
pub fn mxalloc_st_ram(size: u32) -> Option<*mut u8> {
    let p = Block::new(0x44).long(size).word(0).call();
    if p <= 0 { None } else { Some(p as u32 as *mut u8) }
}

/// Mfree ($49).
pub fn mfree(block: *mut u8) -> i32 {
    Block::new(0x49).long(block as u32).call()
}

/// Fopen ($3D) for reading: a handle, or a negative error.
pub fn fopen_read(name: &core::ffi::CStr) -> i32 {
    Block::new(0x3d).long(name.as_ptr() as u32).word(0).call()
}

/// Fread ($3F): bytes read, or a negative error.
pub fn fread(handle: u16, buf: &mut [u8]) -> i32 {
    Block::new(0x3f).word(handle).long(buf.len() as u32).long(buf.as_mut_ptr() as u32).call()
}

/// Fcreate ($3C): creates (or empties) a file for writing; a handle, or a negative error.
pub fn fcreate(name: &core::ffi::CStr) -> i32 {
    Block::new(0x3c).long(name.as_ptr() as u32).word(0).call()
}

/// Fdelete ($41): 0, or a negative error (-33: no such file).
pub fn fdelete(name: &core::ffi::CStr) -> i32 {
    Block::new(0x41).long(name.as_ptr() as u32).call()
}

/// Frename ($56): renames `from` to `to` (which must not exist); 0, or a negative error.
pub fn frename(from: &core::ffi::CStr, to: &core::ffi::CStr) -> i32 {
    Block::new(0x56).word(0).long(from.as_ptr() as u32).long(to.as_ptr() as u32).call()
}

/// Fclose ($3E).
pub fn fclose(handle: u16) -> i32 {
    Block::new(0x3e).word(handle).call()
}

/// Mshrink ($4A): keeps the first `keep` bytes of the block at `start`.
pub fn mshrink(start: u32, keep: u32) -> i32 {
    Block::new(0x4a).word(0).long(start).long(keep).call()
}

/// Pterm ($4C): ends the process with an exit code. Restore the machine first.
pub fn pterm(code: i16) -> ! {
    Block::new(0x4c).word(code as u16).call();
    // Pterm does not come back; should it, stay here rather than run on.
    loop {
        core::hint::spin_loop();
    }
}

/// Fgetdta ($2F): the address of the process's disk transfer area (where Fsfirst and Fsnext
/// put what they found).
pub fn fgetdta() -> u32 {
    Block::new(0x2f).call() as u32
}

/// Fsetdta ($1A): makes `dta` the disk transfer area (44 bytes, word-aligned).
pub fn fsetdta(dta: u32) {
    Block::new(0x1a).long(dta).call();
}

/// Fsfirst ($4E): the first file matching `pattern` with attributes `attributes` (0: plain
/// files) into the DTA; 0, or a negative error (-33 or -49: none).
pub fn fsfirst(pattern: &core::ffi::CStr, attributes: u16) -> i32 {
    Block::new(0x4e).long(pattern.as_ptr() as u32).word(attributes).call()
}

/// Fsnext ($4F): the next file of the last Fsfirst into the DTA; 0, or a negative error.
pub fn fsnext() -> i32 {
    Block::new(0x4f).call()
}

/// Dcreate ($39): creates the folder `path`; 0, or a negative error (-36: it exists).
pub fn dcreate(path: &core::ffi::CStr) -> i32 {
    Block::new(0x39).long(path.as_ptr() as u32).call()
}

/// Ddelete ($3A): deletes the empty folder `path`; 0, or a negative error.
pub fn ddelete(path: &core::ffi::CStr) -> i32 {
    Block::new(0x3a).long(path.as_ptr() as u32).call()
}

/// Dgetdrv ($19): the current drive (0 for A:, 2 for C:, ...).
pub fn dgetdrv() -> u16 {
    Block::new(0x19).call() as u16
}

/// The most bytes [`dgetpath`] writes: TOS's 64-byte limit, and room for MiNT's longer
/// names.
pub const DGETPATH_LEN: usize = 128;

/// Dgetpath ($47): the current folder of `drive` (0 the current drive, 1 A:, ...) into
/// `buf` as a NUL-terminated path without the drive (`\GAMES\FALCON`, empty for the
/// root); 0, or a negative error (-46: no such drive).
pub fn dgetpath(buf: &mut [u8; DGETPATH_LEN], drive: u16) -> i32 {
    Block::new(0x47).long(buf.as_mut_ptr() as u32).word(drive).call()
}

/// Fattrib ($43) with flag 0: the attributes of the file or folder `name` (bit 3 a volume
/// label, bit 4 a folder), or a negative error (-33: no such file, -34: no such folder).
pub fn fattrib_get(name: &core::ffi::CStr) -> i32 {
    Block::new(0x43).long(name.as_ptr() as u32).word(0).word(0).call()
}

/// Tgetdate ($2A): today as GEMDOS packs it (bits 15–9 year − 1980, 8–5 month, 4–0 day).
pub fn tgetdate() -> u16 {
    Block::new(0x2a).call() as u16
}

/// Tgettime ($2C): the time as GEMDOS packs it (bits 15–11 hours, 10–5 minutes, 4–0
/// seconds ÷ 2).
pub fn tgettime() -> u16 {
    Block::new(0x2c).call() as u16
}
