//! The MC68901 Multi-Function Peripheral (MFP): the Falcon's interrupt controller for 16
//! sources, four timers, 8 general-purpose I/O lines and a USART.
//!
//! Its 24 byte registers sit on the odd addresses $FFFFFA01–$FFFFFA2F (the chip is on the
//! low half of the 16-bit bus); the even addresses between them are not the chip. All are
//! supervisor-only (see `register`).
//!
//! ## Interrupt channels
//!
//! The MFP interrupts the CPU at level 6 and supplies a vector number: the vector base (the
//! high nibble of [`VR`]; TOS sets $40) plus the channel, 0–15. A higher channel has priority.
//! Each channel has one bit in four register pairs: enable (IER), pending (IPR), in service
//! (ISR), mask (IMR). Channels 8–15 are the A registers (bit = channel − 8), 0–7 the B
//! registers (bit = channel):
//!
//! | channel | A/B bit | source on the Falcon (as TOS names it) |
//! | --- | --- | --- |
//! | 15 | A 7 | GPIP 7 (on the ST the monochrome-monitor detect; unused here) |
//! | 14 | A 6 | GPIP 6: RS-232 ring indicator |
//! | 13 | A 5 | **Timer A** (free for programs: the game clock with TETRHEX's `-ta`, or the measurement timer `mfp::timer_a`) |
//! | 12 | A 4 | USART receive buffer full |
//! | 11 | A 3 | USART receive error |
//! | 10 | A 2 | USART transmit buffer empty |
//! | 9 | A 1 | USART transmit error |
//! | 8 | A 0 | Timer B |
//! | 7 | B 7 | GPIP 5: floppy/hard-disk controller |
//! | 6 | B 6 | GPIP 4: keyboard and MIDI ACIAs (IKBD) |
//! | 5 | B 5 | Timer C: TOS's 200 Hz system clock (`_hz_200`) |
//! | 4 | B 4 | Timer D: RS-232 baud-rate clock (free for programs that leave the serial port: the game clock) |
//! | 3 | B 3 | GPIP 3 (on the ST the blitter-done line; unused here) |
//! | 2 | B 2 | GPIP 2: RS-232 CTS |
//! | 1 | B 1 | GPIP 1: RS-232 DCD |
//! | 0 | B 0 | GPIP 0: Centronics (printer) busy |
//!
//! An interrupt reaches the CPU only if its channel is enabled and unmasked. Enabling sets
//! nothing pending; disabling a channel also clears its pending bit. Pending bits are cleared
//! by writing 0 to them (a 1 leaves a bit alone), as are in-service bits.
//!
//! In software end-of-interrupt mode (VR bit 3, TOS's choice) the in-service bit is set when
//! the CPU takes the interrupt and blocks that channel and all lower ones until the handler
//! clears it; so every handler must clear its own ISR bit before its RTE.
//!
//! ## Timers
//!
//! Each timer counts its data register down once per prescaled clock tick (the MFP's timer
//! clock on the Falcon is 2.4576 MHz, [`CLOCK_HZ`]); on reaching zero it raises its interrupt
//! and reloads the value last written to the data register (0 means 256). Reading a data
//! register gives the current count. Timers A and B have a control register each ([`TACR`],
//! [`TBCR`], see [`TimerControl`]); C and D share one ([`TCDCR`]: bits 6–4 Timer C's mode,
//! bits 2–0 Timer D's, delay modes only).
//!
//! ## What this file offers besides the registers
//!
//! [`Channel`] sets a channel's bits without the caller choosing between the A and B
//! registers; [`FreeTimer`] is Timer A or D, the two a program may borrow, with their mode,
//! data register and reload value; [`saved`] keeps what borrowing a channel or a timer
//! changes and puts it back; [`timer_a`] is the measurement timer.
//!
//! Sources: the MC68901 data sheet (register map, channel priorities, end-of-interrupt
//! modes); the Atari Compendium (the Falcon's channel assignments, TOS's vector base).

use super::register::{Register, register_bits};

/// The MFP's timer clock on the Falcon, Hz.
pub const CLOCK_HZ: u32 = 2_457_600;

register_bits! {
    /// A bit per channel of the A registers (channels 15–8): [`IERA`], [`IPRA`], [`ISRA`],
    /// [`IMRA`].
    pub struct ChannelsA(u8) {
        /// Channel 15, GPIP 7.
        const GPIP7 = 1 << 7;
        /// Channel 14, GPIP 6 (RS-232 ring indicator).
        const GPIP6 = 1 << 6;
        /// Channel 13, Timer A.
        const TIMER_A = 1 << 5;
        /// Channel 12, USART receive buffer full.
        const RECEIVE_FULL = 1 << 4;
        /// Channel 11, USART receive error.
        const RECEIVE_ERROR = 1 << 3;
        /// Channel 10, USART transmit buffer empty.
        const TRANSMIT_EMPTY = 1 << 2;
        /// Channel 9, USART transmit error.
        const TRANSMIT_ERROR = 1 << 1;
        /// Channel 8, Timer B.
        const TIMER_B = 1 << 0;
    }
}

register_bits! {
    /// A bit per channel of the B registers (channels 7–0): [`IERB`], [`IPRB`], [`ISRB`],
    /// [`IMRB`].
    pub struct ChannelsB(u8) {
        /// Channel 7, GPIP 5 (floppy/hard-disk controller).
        const GPIP5 = 1 << 7;
        /// Channel 6, GPIP 4 (keyboard and MIDI ACIAs).
        const GPIP4 = 1 << 6;
        /// Channel 5, Timer C (TOS's 200 Hz clock).
        const TIMER_C = 1 << 5;
        /// Channel 4, Timer D.
        const TIMER_D = 1 << 4;
        /// Channel 3, GPIP 3.
        const GPIP3 = 1 << 3;
        /// Channel 2, GPIP 2 (RS-232 CTS).
        const GPIP2 = 1 << 2;
        /// Channel 1, GPIP 1 (RS-232 DCD).
        const GPIP1 = 1 << 1;
        /// Channel 0, GPIP 0 (Centronics busy).
        const GPIP0 = 1 << 0;
    }
}

register_bits! {
    /// The vector register: bits 7–4 the vector base (the vector number of channel 0 is
    /// base + 0, of channel 15 base + 15), bit 3 software end-of-interrupt, bits 2–0 unused.
    pub struct VectorRegister(u8) {
        /// Bits 7–4: the vector base.
        const BASE = 0xF0;
        /// Bit 3: software end-of-interrupt mode (handlers clear their ISR bit).
        const SOFTWARE_EOI = 1 << 3;
        /// What TOS sets: base $40 (vectors 64–79, at $100–$13C), software end-of-interrupt.
        const TOS = 0x48;
    }
}

impl VectorRegister {
    /// The vector number of `channel` (0–15).
    pub const fn vector(self, channel: u8) -> u8 {
        (self.0 & VectorRegister::BASE.0) + (channel & 15)
    }
}

register_bits! {
    /// A timer control register ([`TACR`], [`TBCR`]). Bits 3–0 select the mode: 0 stopped,
    /// 1–7 delay mode with a prescaler, 8 event count, 9–15 pulse-width measurement with the
    /// prescalers of modes 1–7. Bit 4 resets the timer's output line; bits 7–5 are unused.
    pub struct TimerControl(u8) {
        /// Mode 0: the timer is stopped (its count is kept).
        const STOPPED = 0;
        /// Delay mode, the clock divided by 4 (614,400 ticks a second).
        const DELAY_4 = 1;
        /// Delay mode, divided by 10.
        const DELAY_10 = 2;
        /// Delay mode, divided by 16.
        const DELAY_16 = 3;
        /// Delay mode, divided by 50.
        const DELAY_50 = 4;
        /// Delay mode, divided by 64.
        const DELAY_64 = 5;
        /// Delay mode, divided by 100.
        const DELAY_100 = 6;
        /// Delay mode, divided by 200.
        const DELAY_200 = 7;
        /// Mode 8: event count, one tick per active edge of the timer's input line.
        const EVENT_COUNT = 8;
        /// Bits 3–0: the mode field (bit 4, the output reset, reads back as 0).
        const MODE = 0x0F;
    }
}

register_bits! {
    /// Timers C and D's shared control register ([`TCDCR`]): two 3-bit mode fields, each
    /// holding a value 0–7 of [`TimerControl`] (stopped or a delay mode).
    pub struct TimersCdControl(u8) {
        /// Bits 6–4: Timer C's mode (TOS's 200 Hz clock: never ours to change).
        const TIMER_C = 0x70;
        /// Bits 2–0: Timer D's mode.
        const TIMER_D = 0x07;
    }
}

register_bits! {
    /// The general-purpose I/O lines ([`GPIP`], [`AER`], [`DDR`]), bit n = line n.
    pub struct Lines(u8) {
        /// Line 4: the keyboard/MIDI ACIAs' interrupt request (active low).
        const ACIA = 1 << 4;
        /// Line 5: the disk controllers' interrupt request (active low).
        const DISK = 1 << 5;
    }
}

// SAFETY (every register below): the MFP's registers at the odd addresses of
// $FFFFFA00–$FFFFFA2F (MC68901 register map), one byte each, holding the type given.

/// GPIP, general-purpose I/O data: the current level of the 8 lines (inputs), or the value
/// driven (lines set as outputs in [`DDR`]).
pub const GPIP: Register<Lines> = unsafe { Register::at(0xFFFF_FA01) };
/// AER, active edge: bit n = 1 makes a rising edge of line n interrupt, 0 a falling edge.
pub const AER: Register<Lines> = unsafe { Register::at(0xFFFF_FA03) };
/// DDR, data direction: bit n = 1 makes line n an output.
pub const DDR: Register<Lines> = unsafe { Register::at(0xFFFF_FA05) };
/// IERA, interrupt enable A (channels 15–8).
pub const IERA: Register<ChannelsA> = unsafe { Register::at(0xFFFF_FA07) };
/// IERB, interrupt enable B (channels 7–0).
pub const IERB: Register<ChannelsB> = unsafe { Register::at(0xFFFF_FA09) };
/// IPRA, interrupt pending A: write 0 to a bit to clear it, 1 to leave it.
pub const IPRA: Register<ChannelsA> = unsafe { Register::at(0xFFFF_FA0B) };
/// IPRB, interrupt pending B: write 0 to a bit to clear it, 1 to leave it.
pub const IPRB: Register<ChannelsB> = unsafe { Register::at(0xFFFF_FA0D) };
/// ISRA, interrupt in service A (software end-of-interrupt mode): a handler writes its bit
/// as 0 (and the others as 1) to end its interrupt.
pub const ISRA: Register<ChannelsA> = unsafe { Register::at(0xFFFF_FA0F) };
/// ISRB, interrupt in service B: as [`ISRA`].
pub const ISRB: Register<ChannelsB> = unsafe { Register::at(0xFFFF_FA11) };
/// IMRA, interrupt mask A: bit 1 lets an enabled channel's interrupt through, 0 holds it
/// pending.
pub const IMRA: Register<ChannelsA> = unsafe { Register::at(0xFFFF_FA13) };
/// IMRB, interrupt mask B: as [`IMRA`].
pub const IMRB: Register<ChannelsB> = unsafe { Register::at(0xFFFF_FA15) };
/// VR, vector register: vector base and end-of-interrupt mode.
pub const VR: Register<VectorRegister> = unsafe { Register::at(0xFFFF_FA17) };
/// TACR, Timer A control.
pub const TACR: Register<TimerControl> = unsafe { Register::at(0xFFFF_FA19) };
/// TBCR, Timer B control.
pub const TBCR: Register<TimerControl> = unsafe { Register::at(0xFFFF_FA1B) };
/// TCDCR, Timers C and D control: bits 6–4 Timer C's mode, bits 2–0 Timer D's.
pub const TCDCR: Register<TimersCdControl> = unsafe { Register::at(0xFFFF_FA1D) };
/// TADR, Timer A data: write the reload value (0 = 256); read the current count.
pub const TADR: Register<u8> = unsafe { Register::at(0xFFFF_FA1F) };
/// TBDR, Timer B data: as [`TADR`].
pub const TBDR: Register<u8> = unsafe { Register::at(0xFFFF_FA21) };
/// TCDR, Timer C data: as [`TADR`].
pub const TCDR: Register<u8> = unsafe { Register::at(0xFFFF_FA23) };
/// TDDR, Timer D data: as [`TADR`].
pub const TDDR: Register<u8> = unsafe { Register::at(0xFFFF_FA25) };
/// SCR, USART synchronous character.
pub const SCR: Register<u8> = unsafe { Register::at(0xFFFF_FA27) };
/// UCR, USART control: clock divide, word length, stop bits, parity.
pub const UCR: Register<u8> = unsafe { Register::at(0xFFFF_FA29) };
/// RSR, USART receiver status.
pub const RSR: Register<u8> = unsafe { Register::at(0xFFFF_FA2B) };
/// TSR, USART transmitter status.
pub const TSR: Register<u8> = unsafe { Register::at(0xFFFF_FA2D) };
/// UDR, USART data.
pub const UDR: Register<u8> = unsafe { Register::at(0xFFFF_FA2F) };

/// An interrupt channel, 0–15 (the table above): one bit in each of the A registers
/// (channels 8–15) or the B registers (0–7).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Channel(u8);

impl Channel {
    /// Channel 13, Timer A.
    pub const TIMER_A: Channel = Channel(13);
    /// Channel 6, GPIP 4: the keyboard and MIDI ACIAs.
    pub const ACIA: Channel = Channel(6);
    /// Channel 5, Timer C (TOS's 200 Hz clock).
    pub const TIMER_C: Channel = Channel(5);
    /// Channel 4, Timer D.
    pub const TIMER_D: Channel = Channel(4);

    /// The channel's number, 0–15.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The vector number the MFP supplies for this channel under vector register `vr`.
    pub const fn vector(self, vr: VectorRegister) -> u8 {
        vr.vector(self.0)
    }

    const fn a_bit(self) -> Option<ChannelsA> {
        if self.0 >= 8 { Some(ChannelsA(1 << (self.0 - 8))) } else { None }
    }

    const fn b_bit(self) -> ChannelsB {
        ChannelsB(1 << (self.0 & 7))
    }

    /// Whether the channel's bit is set in the A/B register pair `a`, `b`.
    fn bit_in(self, a: Register<ChannelsA>, b: Register<ChannelsB>) -> bool {
        match self.a_bit() {
            Some(bit) => a.read().contains(bit),
            None => b.read().contains(self.b_bit()),
        }
    }

    /// Sets or clears the channel's bit in the A/B register pair `a`, `b`, leaving the others.
    fn set_bit_in(self, a: Register<ChannelsA>, b: Register<ChannelsB>, on: bool) {
        match self.a_bit() {
            Some(bit) => a.modify(|r| if on { r.with(bit) } else { r.without(bit) }),
            None => b.modify(|r| if on { r.with(self.b_bit()) } else { r.without(self.b_bit()) }),
        }
    }

    /// Clears the channel's bit in a pending or in-service pair (0 clears a bit, 1 leaves it).
    fn clear_bit_in(self, a: Register<ChannelsA>, b: Register<ChannelsB>) {
        match self.a_bit() {
            Some(bit) => a.write(ChannelsA(!bit.bits())),
            None => b.write(ChannelsB(!self.b_bit().bits())),
        }
    }

    /// The enable bit (IERA/IERB).
    pub fn enabled(self) -> bool {
        self.bit_in(IERA, IERB)
    }

    /// Sets the enable bit; disabling also clears the channel's pending bit.
    pub fn set_enabled(self, on: bool) {
        self.set_bit_in(IERA, IERB, on);
    }

    /// The mask bit (IMRA/IMRB): 1 lets the interrupt through.
    pub fn unmasked(self) -> bool {
        self.bit_in(IMRA, IMRB)
    }

    /// Sets the mask bit: `false` holds the interrupt pending.
    pub fn set_unmasked(self, on: bool) {
        self.set_bit_in(IMRA, IMRB, on);
    }

    /// Enables and unmasks the channel, as XBIOS `Jenabint` does.
    pub fn enable(self) {
        self.set_enabled(true);
        self.set_unmasked(true);
    }

    /// Forgets an interrupt that is waiting (IPRA/IPRB).
    pub fn clear_pending(self) {
        self.clear_bit_in(IPRA, IPRB);
    }

    /// Ends an interrupt in service (ISRA/ISRB), as a handler does before its RTE.
    pub fn end_of_interrupt(self) {
        self.clear_bit_in(ISRA, ISRB);
    }
}

/// The timers a program may borrow. Timer C is TOS's 200 Hz clock and Timer B TOS's, so they
/// are not in this type at all.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FreeTimer {
    /// Timer A: its own control register (TACR), channel 13.
    A,
    /// Timer D: bits 2–0 of TCDCR, channel 4; under TOS also the serial port's baud-rate clock.
    D,
}

impl FreeTimer {
    /// The timer's interrupt channel.
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
    pub const fn data(self) -> Register<u8> {
        match self {
            FreeTimer::A => TADR,
            FreeTimer::D => TDDR,
        }
    }

    /// The timer's mode (Timer D's is one of the values 0–7: stopped or a delay mode).
    pub fn control(self) -> TimerControl {
        match self {
            FreeTimer::A => TimerControl(TACR.read().bits() & TimerControl::MODE.bits()),
            FreeTimer::D => TimerControl(TCDCR.read().bits() & TimersCdControl::TIMER_D.bits()),
        }
    }

    /// Sets the timer's mode, leaving Timer C's half of TCDCR alone.
    pub fn set_control(self, control: TimerControl) {
        match self {
            FreeTimer::A => TACR.write(TimerControl(control.bits() & TimerControl::MODE.bits())),
            FreeTimer::D => TCDCR.modify(|r| r.with_bits_of(TimersCdControl::TIMER_D, TimersCdControl(control.bits()))),
        }
    }

    /// Starts the timer: stopped, reload value `data` (0 = 256), its channel enabled and
    /// unmasked, then mode `control`.
    pub fn start(self, control: TimerControl, data: u8) {
        self.set_control(TimerControl::STOPPED);
        self.data().write(data);
        self.channel().enable();
        self.set_control(control);
    }

    /// The reload value of the data register. A stopped timer's data register holds it; a
    /// running one only shows the count going down from it, so the count is watched over
    /// 20,000 reads and the highest value seen taken (0 = 256 if the count was seen at 0
    /// next to 255). Call it with interrupts let through: the reads take about 25 ms.
    pub fn reload_value(self) -> u8 {
        let data = self.data();
        if self.control() == TimerControl::STOPPED {
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

pub mod saved;
pub mod timer_a;
