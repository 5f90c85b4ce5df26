//! The trap layer: the parameter arrays of the AES and the VDI, and the one place that
//! executes `trap #2` (the only `unsafe` code of the crate).
//!
//! Every binding fills the arrays of an [`AesArrays`] or [`VdiArrays`] block and hands it to
//! a [`Trap`]. On the Falcon that is [`Tos`], which builds the parameter block (AESPB: six
//! pointers; VDIPB: five) and calls `falcon_gem_trap` in `gem/src/trap.s`: d0 = 200 (AES) or
//! 115 (VDI), d1 = the block, `trap #2`. The AES and VDI clobber d0–d2/a0–a2; the assembly
//! keeps d2/a2 for the compiled caller.
//!
//! In tests the trap is a [`recorder::Recorder`], which keeps a copy of what each call put
//! into the arrays and answers with canned outputs, so the encoding of every call is checked
//! without an AES.
//!
//! Addresses go into the arrays as `usize` (`addrin`, `addrout`, the MFDB words of
//! `contrl`): 32 bits on the 68030, which is what the AES and VDI read; on a 64-bit host only
//! the recorder looks at them.

/// Executes one AES or VDI call on a parameter block.
pub trait Trap {
    /// One AES call: `control` says which and how many entries of `intin`/`addrin` are
    /// used; the AES reads them and writes `intout`, `addrout` (and, for `appl_init`,
    /// `global`; for `evnt_multi`/`evnt_mesag`, the message buffer `addrin[0]` points at).
    fn aes(&mut self, block: &mut AesArrays);
    /// One VDI call: `contrl[0]` the opcode, `contrl[1]`/`contrl[3]` the number of points
    /// in `ptsin` and words in `intin`, `contrl[5]` the sub-opcode, `contrl[6]` the
    /// workstation handle; the VDI writes `intout`, `ptsout` and their counts (`contrl[4]`,
    /// `contrl[2]`), and `contrl[6]` when it opens a workstation.
    fn vdi(&mut self, block: &mut VdiArrays);
}

/// A borrowed trap is a trap (a test keeps its recorder and lends it to an `Aes` or `Vdi`).
impl<R: Trap + ?Sized> Trap for &mut R {
    fn aes(&mut self, block: &mut AesArrays) {
        (**self).aes(block);
    }

    fn vdi(&mut self, block: &mut VdiArrays) {
        (**self).vdi(block);
    }
}

/// The AES arrays of one application, and the message buffer of its event calls.
///
/// Sizes: `control` 5 words; `global` 15 words (filled by `appl_init`); `intin` 16 words
/// (`evnt_multi` uses 16); `intout` 16 words (`evnt_multi` writes 7; room for AESes that
/// write more than they declare); `addrin` 3 addresses (`fsel_exinput` uses 3); `addrout` 1.
#[repr(C)]
pub struct AesArrays {
    pub control: [i16; 5],
    pub global: [i16; 15],
    pub intin: [i16; 16],
    pub intout: [i16; 16],
    pub addrin: [usize; 3],
    pub addrout: [usize; 1],
    /// The 16-byte message buffer of `evnt_multi`, `evnt_mesag`, `appl_read`, `appl_write`
    /// and `shel_write` modes 7 and 10; `addrin[0]` points here for those calls.
    pub message: [i16; 8],
}

impl AesArrays {
    pub const fn new() -> Self {
        AesArrays {
            control: [0; 5],
            global: [0; 15],
            intin: [0; 16],
            intout: [0; 16],
            addrin: [0; 3],
            addrout: [0; 1],
            message: [0; 8],
        }
    }

    /// The address of the message buffer, as the AES reads it from `addrin`.
    pub fn message_address(&self) -> usize {
        self.message.as_ptr() as usize
    }
}

impl Default for AesArrays {
    fn default() -> Self {
        Self::new()
    }
}

/// Words of `intin` a VDI call may use (`v_gtext`: one per character).
pub const VDI_INTIN_LEN: usize = 256;
/// Words of `intout`: `vq_scrninfo` writes 272, and some VDI enhancers one more.
pub const VDI_INTOUT_LEN: usize = 280;

/// The VDI arrays of one workstation.
///
/// `contrl`: 0 opcode, 1 points in `ptsin`, 2 points in `ptsout` (VDI), 3 words in `intin`,
/// 4 words in `intout` (VDI), 5 sub-opcode, 6 handle, 7–8 and 9–10 the source and destination
/// MFDB addresses of the raster calls (high word first).
#[repr(C)]
pub struct VdiArrays {
    pub contrl: [i16; 16],
    pub intin: [i16; VDI_INTIN_LEN],
    pub ptsin: [i16; 16],
    pub intout: [i16; VDI_INTOUT_LEN],
    pub ptsout: [i16; 16],
}

impl VdiArrays {
    pub const fn new() -> Self {
        VdiArrays {
            contrl: [0; 16],
            intin: [0; VDI_INTIN_LEN],
            ptsin: [0; 16],
            intout: [0; VDI_INTOUT_LEN],
            ptsout: [0; 16],
        }
    }
}

impl Default for VdiArrays {
    fn default() -> Self {
        Self::new()
    }
}

/// An address as the two words the VDI reads from `contrl` (high word first). The 68030's
/// addresses are 32 bits; a host address is cut to its low 32 bits (only tests see it).
pub fn address_words(address: usize) -> [i16; 2] {
    let a = address as u32;
    [(a >> 16) as u16 as i16, a as u16 as i16]
}

#[cfg(target_arch = "m68k")]
unsafe extern "C" {
    /// `trap #2` with d0 = `selector` (200: AES, 115: VDI) and d1 = `parameter_block`.
    fn falcon_gem_trap(selector: u32, parameter_block: *const usize);
}

/// The real AES and VDI of the machine (`trap #2`).
#[cfg(target_arch = "m68k")]
#[derive(Clone, Copy, Debug, Default)]
pub struct Tos;

#[cfg(target_arch = "m68k")]
impl Trap for Tos {
    fn aes(&mut self, block: &mut AesArrays) {
        // The AESPB: control, global, intin, intout, addrin, addrout.
        let pb: [usize; 6] = [
            block.control.as_mut_ptr() as usize,
            block.global.as_mut_ptr() as usize,
            block.intin.as_mut_ptr() as usize,
            block.intout.as_mut_ptr() as usize,
            block.addrin.as_mut_ptr() as usize,
            block.addrout.as_mut_ptr() as usize,
        ];
        // SAFETY: the block points at arrays we own for the duration of the call, each as
        // large as the AES writes (see AesArrays). Addresses in `addrin` come from the
        // bindings, which pass only memory that lives through the call, writable where the
        // AES writes (message buffer, object trees with interior mutability, `&mut` buffers),
        // or kept alive for as long as the AES keeps it (`&'static`).
        unsafe { falcon_gem_trap(200, pb.as_ptr()) };
    }

    fn vdi(&mut self, block: &mut VdiArrays) {
        // The VDIPB: contrl, intin, ptsin, intout, ptsout.
        let pb: [usize; 5] = [
            block.contrl.as_mut_ptr() as usize,
            block.intin.as_mut_ptr() as usize,
            block.ptsin.as_mut_ptr() as usize,
            block.intout.as_mut_ptr() as usize,
            block.ptsout.as_mut_ptr() as usize,
        ];
        // SAFETY: as for the AES; the MFDBs named in contrl[7..11] are borrowed by the raster
        // bindings for the call, their bitmaps checked to hold every pixel the call touches.
        unsafe { falcon_gem_trap(115, pb.as_ptr()) };
    }
}

/// Copies the NUL-terminated string another application sent by address (`VA_START`'s
/// command line, a BubbleGEM reply) into `out`; the number of bytes copied (at most
/// `out.len()`, without the NUL).
///
/// # Safety
/// `address` must point at readable memory holding a NUL-terminated string, or at least
/// `out.len()` readable bytes: the protocol of the message that carried it promises this.
pub unsafe fn copy_foreign_string(address: usize, out: &mut [u8]) -> usize {
    let p = address as *const u8;
    let mut n = 0;
    while n < out.len() {
        // SAFETY: within the string or the `out.len()` bytes the caller vouches for.
        let b = unsafe { p.add(n).read() };
        if b == 0 {
            break;
        }
        out[n] = b;
        n += 1;
    }
    n
}

/// The test double: records every call, answers with canned outputs.
#[cfg(any(test, feature = "target-tests"))]
pub mod recorder;

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
