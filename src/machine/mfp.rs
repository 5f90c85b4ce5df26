//! MFP register addresses (Atari Compendium, "MFP 68901"). Byte registers, odd addresses.

/// Interrupt enable A: bit 5 Timer A, bit 4 receive buffer full, ...
pub const IERA: usize = 0xFFFF_FA07;
/// Interrupt pending A (write 0 to a bit to clear it).
pub const IPRA: usize = 0xFFFF_FA0B;
/// Interrupt in-service A (software end-of-interrupt mode: the handler clears its bit).
pub const ISRA: usize = 0xFFFF_FA0F;
/// Interrupt mask A.
pub const IMRA: usize = 0xFFFF_FA13;
/// Vector register: bits 7-4 vector base (TOS: $40), bit 3 software end-of-interrupt.
pub const VR: usize = 0xFFFF_FA17;
/// Timer A control: 0 stop, 1-7 delay mode with prescale 4, 10, 16, 50, 64, 100, 200.
pub const TACR: usize = 0xFFFF_FA19;
/// Timer A data: reload value (0 means 256); reading gives the current count.
pub const TADR: usize = 0xFFFF_FA1F;

/// The MFP's timer clock on the Falcon, Hz.
pub const CLOCK_HZ: u32 = 2_457_600;
/// Bit of Timer A in IERA/IPRA/ISRA/IMRA.
pub const TIMER_A_BIT: u8 = 1 << 5;
/// MFP vector number of Timer A relative to the base in VR.
pub const TIMER_A_VECTOR: u8 = 13;

/// Reads a byte register.
///
/// # Safety
/// `addr` must be an MFP register; supervisor mode.
pub unsafe fn read(addr: usize) -> u8 {
    // SAFETY: forwarded.
    unsafe { core::ptr::read_volatile(addr as *const u8) }
}

/// Writes a byte register.
///
/// # Safety
/// As `read`; the write must leave the MFP in a state the system can live with.
pub unsafe fn write(addr: usize, value: u8) {
    // SAFETY: forwarded.
    unsafe { core::ptr::write_volatile(addr as *mut u8, value) }
}
