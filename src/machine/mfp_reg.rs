//! The MC68901 Multi-Function Peripheral (MFP) at $FFFFFA01: interrupt controller for the
//! level-6 interrupts, four timers, 8 general-purpose I/O lines. Byte registers on odd
//! addresses (Atari Compendium, "MFP 68901"; Motorola MC68901 data sheet for the names).
//!
//! Interrupt channels are numbered 0–15; channels 8–15 are in the "A" registers (bit n−8),
//! 0–7 in the "B" registers. The vector of channel n is the vector base (VR bits 7–4, $40
//! under TOS) + n, so channel 13 (Timer A) uses vector $4D at address $134.
//!
//! | channel | source | used by |
//! | --- | --- | --- |
//! | 15 | GPIP 7: monochrome monitor detect | – |
//! | 13 | Timer A | **ours to borrow** (game clock, or the test program's cycle counter) |
//! | 8 | Timer B | TOS (HBL counting in ST modes) |
//! | 6 | GPIP 4: the ACIAs (keyboard, MIDI) | TOS, or our IKBD handler without TOS |
//! | 5 | Timer C | **TOS's 200 Hz system clock: never ours** |
//! | 4 | Timer D | **ours to borrow** (game clock); TOS also uses it as a baud-rate clock |

use super::reg::Reg;

// SAFETY (every `Reg::new` of this file): these are the MFP's byte registers at the
// addresses of the Atari Compendium's MFP table, readable and writable in supervisor mode.

/// GPIP: general-purpose I/O data. Bit 4 is low while an ACIA requests an interrupt.
pub const GPIP: Reg<u8> = unsafe { Reg::new(0xFFFF_FA01) };
/// AER: active edge of each GPIP line (0 falling, 1 rising).
pub const AER: Reg<u8> = unsafe { Reg::new(0xFFFF_FA03) };
/// DDR: data direction of each GPIP line (0 input).
pub const DDR: Reg<u8> = unsafe { Reg::new(0xFFFF_FA05) };
/// IERA/IERB: interrupt enable. A disabled channel never becomes pending.
pub const IERA: Reg<u8> = unsafe { Reg::new(0xFFFF_FA07) };
pub const IERB: Reg<u8> = unsafe { Reg::new(0xFFFF_FA09) };
/// IPRA/IPRB: interrupt pending. Writing 0 to a bit clears it, 1 leaves it.
pub const IPRA: Reg<u8> = unsafe { Reg::new(0xFFFF_FA0B) };
pub const IPRB: Reg<u8> = unsafe { Reg::new(0xFFFF_FA0D) };
/// ISRA/ISRB: interrupt in service (software end-of-interrupt mode): set while the handler
/// runs, blocking channels of lower priority; the handler clears its bit by writing 0 to it
/// (and 1 to the others).
pub const ISRA: Reg<u8> = unsafe { Reg::new(0xFFFF_FA0F) };
pub const ISRB: Reg<u8> = unsafe { Reg::new(0xFFFF_FA11) };
/// IMRA/IMRB: interrupt mask. A masked channel can be pending but is not passed to the CPU.
pub const IMRA: Reg<u8> = unsafe { Reg::new(0xFFFF_FA13) };
pub const IMRB: Reg<u8> = unsafe { Reg::new(0xFFFF_FA15) };
/// VR: vector register. Bits 7–4 vector base (TOS: $4), bit 3 S: software end-of-interrupt.
pub const VR: Reg<u8> = unsafe { Reg::new(0xFFFF_FA17) };
/// TACR/TBCR: Timer A/B control. Bits 3–0: 0 stopped, 1–7 delay mode with prescaler 4, 10,
/// 16, 50, 64, 100, 200; 8 event count; 9–15 pulse-width mode.
pub const TACR: Reg<u8> = unsafe { Reg::new(0xFFFF_FA19) };
pub const TBCR: Reg<u8> = unsafe { Reg::new(0xFFFF_FA1B) };
/// TCDCR: Timer C (bits 6–4) and Timer D (bits 2–0) control, delay mode only, same
/// prescaler codes. Change only your own half.
pub const TCDCR: Reg<u8> = unsafe { Reg::new(0xFFFF_FA1D) };
/// TADR–TDDR: timer data. Writing sets the reload value (0 means 256), and the counter too
/// while the timer is stopped; reading gives the current count.
pub const TADR: Reg<u8> = unsafe { Reg::new(0xFFFF_FA1F) };
pub const TBDR: Reg<u8> = unsafe { Reg::new(0xFFFF_FA21) };
pub const TCDR: Reg<u8> = unsafe { Reg::new(0xFFFF_FA23) };
pub const TDDR: Reg<u8> = unsafe { Reg::new(0xFFFF_FA25) };

/// The timer clock on every Atari: 2.4576 MHz.
pub const TIMER_CLOCK_HZ: u32 = 2_457_600;
/// The vector base TOS programs (VR = $48: base $40, software end-of-interrupt).
pub const TOS_VR: u8 = 0x48;

/// Delay-mode prescaler codes (TxCR bits 2–0).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Prescale {
    Div4 = 1,
    Div10 = 2,
    Div16 = 3,
    Div50 = 4,
    Div64 = 5,
    Div100 = 6,
    Div200 = 7,
}

/// An interrupt channel: its bit in the A or B registers and its vector number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Channel(pub u8);

impl Channel {
    pub const TIMER_D: Channel = Channel(4);
    pub const TIMER_C: Channel = Channel(5);
    pub const ACIA: Channel = Channel(6);
    pub const TIMER_A: Channel = Channel(13);

    const fn in_a(self) -> bool {
        self.0 >= 8
    }

    /// The channel's bit in its IERx/IPRx/ISRx/IMRx register.
    pub const fn bit(self) -> u8 {
        1 << (self.0 & 7)
    }

    pub const fn enable_register(self) -> Reg<u8> {
        if self.in_a() { IERA } else { IERB }
    }
    pub const fn mask_register(self) -> Reg<u8> {
        if self.in_a() { IMRA } else { IMRB }
    }
    pub const fn pending_register(self) -> Reg<u8> {
        if self.in_a() { IPRA } else { IPRB }
    }
    pub const fn in_service_register(self) -> Reg<u8> {
        if self.in_a() { ISRA } else { ISRB }
    }

    /// Vector number with the vector base of `vr`.
    pub const fn vector(self, vr: u8) -> u16 {
        (vr & 0xF0) as u16 + self.0 as u16
    }

    /// Enables and unmasks (both bits), as XBIOS `Jenabint` does.
    pub fn enable(self) {
        self.enable_register().modify(|v| v | self.bit());
        self.mask_register().modify(|v| v | self.bit());
    }

    /// Disables, masks, and clears pending and in-service, as XBIOS `Jdisint` does.
    pub fn disable(self) {
        self.enable_register().modify(|v| v & !self.bit());
        self.mask_register().modify(|v| v & !self.bit());
        self.pending_register().write(!self.bit());
        self.in_service_register().write(!self.bit());
    }

    /// Puts the enable and mask bits back as they were in `enable`/`mask` (saved register
    /// values), leaving the other channels alone.
    pub fn restore_bits(self, enable: u8, mask: u8) {
        let b = self.bit();
        self.enable_register().modify(|v| v & !b | enable & b);
        self.mask_register().modify(|v| v & !b | mask & b);
    }
}

/// The timers a program may borrow. Timer C is the system's 200 Hz clock and Timer B
/// TOS's, so they are not in this type at all (agb keeps its system timers apart the same
/// way).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FreeTimer {
    A,
    D,
}

impl FreeTimer {
    pub const fn channel(self) -> Channel {
        match self {
            FreeTimer::A => Channel::TIMER_A,
            FreeTimer::D => Channel::TIMER_D,
        }
    }

    /// The timer's number for XBIOS `Xbtimer` (0 = A, 1 = B, 2 = C, 3 = D).
    pub const fn xbios_number(self) -> u16 {
        match self {
            FreeTimer::A => 0,
            FreeTimer::D => 3,
        }
    }

    /// The timer's data register.
    pub const fn data(self) -> Reg<u8> {
        match self {
            FreeTimer::A => TADR,
            FreeTimer::D => TDDR,
        }
    }

    /// The control bits of this timer (Timer D shares TCDCR with Timer C: only bits 2–0).
    pub fn control(self) -> u8 {
        match self {
            FreeTimer::A => TACR.read() & 0x0F,
            FreeTimer::D => TCDCR.read() & 0x07,
        }
    }

    /// Sets only this timer's control bits.
    pub fn set_control(self, control: u8) {
        match self {
            FreeTimer::A => TACR.write(control & 0x0F),
            FreeTimer::D => TCDCR.modify(|v| v & 0xF0 | control & 0x07),
        }
    }

    /// The reload value of the data register. A stopped timer's data register holds it; a
    /// running one only shows the count going down from it, so we watch the count for a
    /// while and take the highest value seen (0 = 256 if the counter was seen at 0 next to
    /// 255). Used to put back a timer TOS left running (Timer D, the baud-rate clock).
    pub fn reload_value(self) -> u8 {
        let data = self.data();
        if self.control() == 0 {
            return data.read();
        }
        let (mut max, mut zero) = (0u8, false);
        for _ in 0..20_000 {
            let v = data.read();
            zero |= v == 0;
            max = max.max(v);
        }
        if zero && max == 255 { 0 } else { max }
    }
}
