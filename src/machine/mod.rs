//! The machine layer: the Falcon's chips, one file per chip, each register a typed volatile
//! [`Register`](register::Register) at its fixed address, documented like the hardware
//! manual (what each bit means). Only for the 68030 (`cfg(target_arch = "m68k")`, feature
//! `target`); front ends use it, the portable layers never do.
//!
//! - [`register`]: the register type, the one place where an address becomes a register.
//! - [`cpu`]: the 68030's status register (interrupt mask) and exception vector table.
//! - [`mfp`]: the MC68901 Multi-Function Peripheral (interrupts, timers); [`mfp::timer_a`],
//!   Timer A as the cycle counter of the measurements.
//!
//! What a program may borrow, and how it gives it back, is in docs/falcon.md.

pub mod cpu;
pub mod mfp;
pub mod register;
