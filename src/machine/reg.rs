//! Typed volatile access to memory-mapped registers and system variables.
//!
//! A minimal local helper until the shared register type of the `crates` branch lands.
//! Every register of the machine layer is a `const` of these types; creating one is
//! `unsafe` (the address must be a register of that width), reading and writing it is not,
//! but both need supervisor mode: in user mode the 68030 takes a bus error, which the
//! runtime reports as a panic.

use core::marker::PhantomData;

/// A register or system variable of type `T` (u8, u16 or u32) at a fixed address.
pub struct Reg<T> {
    addr: usize,
    _type: PhantomData<T>,
}

impl<T: Copy> Reg<T> {
    /// # Safety
    /// `addr` must be a readable and writable register or variable of type `T`, aligned for it.
    pub const unsafe fn new(addr: usize) -> Self {
        Reg { addr, _type: PhantomData }
    }

    pub fn read(&self) -> T {
        // SAFETY: `new`'s contract: a valid, aligned register.
        unsafe { core::ptr::read_volatile(self.addr as *const T) }
    }

    pub fn write(&self, value: T) {
        // SAFETY: as `read`.
        unsafe { core::ptr::write_volatile(self.addr as *mut T, value) }
    }

    pub const fn addr(&self) -> usize {
        self.addr
    }
}

impl Reg<u8> {
    /// Read, change, write.
    pub fn modify(&self, f: impl FnOnce(u8) -> u8) {
        self.write(f(self.read()));
    }
}

/// `N` consecutive registers of type `T` (a palette).
pub struct RegArray<T, const N: usize> {
    addr: usize,
    _type: PhantomData<T>,
}

impl<T: Copy, const N: usize> RegArray<T, N> {
    /// # Safety
    /// As [`Reg::new`], for each of the `N` registers.
    pub const unsafe fn new(addr: usize) -> Self {
        RegArray { addr, _type: PhantomData }
    }

    /// Panics if `i >= N`.
    pub fn read(&self, i: usize) -> T {
        assert!(i < N);
        // SAFETY: inside the array `new` vouched for.
        unsafe { core::ptr::read_volatile((self.addr as *const T).add(i)) }
    }

    pub fn write(&self, i: usize, value: T) {
        assert!(i < N);
        // SAFETY: as `read`.
        unsafe { core::ptr::write_volatile((self.addr as *mut T).add(i), value) }
    }
}

/// An exception vector: a long in low memory holding a handler's address.
pub struct Vector(Reg<u32>);

impl Vector {
    /// Vector number `n` at address 4n (the vector base register is 0 under TOS and here).
    pub const fn number(n: u16) -> Vector {
        // SAFETY: vectors 0-255 are the longs at 0-$3FF, readable and writable in supervisor mode.
        Vector(unsafe { Reg::new(n as usize * 4) })
    }

    pub fn read(&self) -> u32 {
        self.0.read()
    }

    pub fn write(&self, handler: u32) {
        self.0.write(handler)
    }

    pub const fn number_of(&self) -> u16 {
        (self.0.addr() / 4) as u16
    }
}
