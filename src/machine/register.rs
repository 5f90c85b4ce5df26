//! A memory-mapped hardware register, read and written with volatile accesses.
//!
//! Every chip file of the machine layer declares its registers as `const`s of [`Register`],
//! each at its fixed address with the type of its contents (a byte, a word, or a type that
//! names the register's bits), or of [`RegisterArray`] for a row of equal registers (a
//! palette). The one `unsafe` step is `at` ([`Register::at`], [`RegisterArray::at`]): it
//! asserts that the address is that register. After that, reading and writing are ordinary safe calls, always
//! volatile (never merged, reordered among themselves or dropped by the compiler), always of
//! the register's own width (a byte register is never touched by a word access).
//!
//! Two rules the types cannot express, for every caller:
//! - The Falcon's I/O area ($FFFF8000–$FFFFFFFF) answers only in supervisor mode; in user mode
//!   an access is a bus error (reported as a panic once `runtime::exceptions` is installed).
//! - A write changes the machine. Code that changes a register must first register an undo
//!   action with `runtime::exit::on_exit`, so that every way out restores it.

use core::marker::PhantomData;

/// A register of type `T` at a fixed address.
///
/// `T` is the register's contents: `u8`, `u16`, `u32`, or a `#[repr(transparent)]` type over
/// one of them whose constants name the register's bits.
#[repr(transparent)]
pub struct Register<T> {
    address: usize,
    contents: PhantomData<T>,
}

impl<T> Clone for Register<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Register<T> {}

impl<T: Copy> Register<T> {
    /// The register at `address`.
    ///
    /// # Safety
    /// `address` must be that of a hardware register (or a word of memory the machine gives
    /// a fixed meaning, such as an exception vector) that holds a `T`, suitably aligned, and
    /// can be read and written at any time without touching memory that Rust code owns.
    pub const unsafe fn at(address: usize) -> Self {
        Register { address, contents: PhantomData }
    }

    /// The register's address.
    pub const fn address(self) -> usize {
        self.address
    }

    fn pointer(self) -> *mut T {
        // Hardware registers are outside every allocation: their addresses are the exposed
        // provenance of the machine, not of a Rust object.
        core::ptr::with_exposed_provenance_mut(self.address)
    }

    /// Reads the register (one volatile access of its width).
    pub fn read(self) -> T {
        // SAFETY: `at`'s contract: a readable register holding a T.
        unsafe { self.pointer().read_volatile() }
    }

    /// Writes the register (one volatile access of its width).
    pub fn write(self, value: T) {
        // SAFETY: `at`'s contract: a writable register holding a T, outside Rust memory.
        unsafe { self.pointer().write_volatile(value) }
    }

    /// Reads, changes and writes back the register. Not atomic: an interrupt handler that
    /// writes the same register between the read and the write loses its change, so mask
    /// interrupts around it where a handler may do that.
    pub fn modify(self, change: impl FnOnce(T) -> T) {
        self.write(change(self.read()));
    }
}

/// `N` registers of type `T` one after another, from a fixed address (a palette).
pub struct RegisterArray<T, const N: usize> {
    first: Register<T>,
}

impl<T, const N: usize> Clone for RegisterArray<T, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T, const N: usize> Copy for RegisterArray<T, N> {}

impl<T: Copy, const N: usize> RegisterArray<T, N> {
    /// The `N` registers from `address` on.
    ///
    /// # Safety
    /// Each of the `N` addresses `address + i × size_of::<T>()` must satisfy
    /// [`Register::at`]'s contract.
    pub const unsafe fn at(address: usize) -> Self {
        // SAFETY: forwarded (the first of the N).
        RegisterArray { first: unsafe { Register::at(address) } }
    }

    /// Register `i`. Panics if `i` is `N` or more.
    pub const fn get(self, i: usize) -> Register<T> {
        assert!(i < N, "register index out of range");
        // Inside the N registers `at` vouched for.
        Register { address: self.first.address + i * core::mem::size_of::<T>(), contents: PhantomData }
    }
}

/// Defines a `#[repr(transparent)]` register-contents type over an integer, with named bits
/// or values as associated constants and the set operations the chip files use.
macro_rules! register_bits {
    ($(#[$meta:meta])* $vis:vis struct $name:ident($raw:ty) { $($(#[$bit_meta:meta])* const $bit:ident = $value:expr;)* }) => {
        $(#[$meta])*
        #[repr(transparent)]
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        $vis struct $name(pub $raw);

        impl $name {
            $($(#[$bit_meta])* pub const $bit: $name = $name($value);)*
            /// No bit set.
            pub const NONE: $name = $name(0);

            /// The raw value.
            pub const fn bits(self) -> $raw {
                self.0
            }
            /// Whether every bit of `other` is set in `self`.
            pub const fn contains(self, other: $name) -> bool {
                self.0 & other.0 == other.0
            }
            /// `self` with the bits of `other` set.
            pub const fn with(self, other: $name) -> $name {
                $name(self.0 | other.0)
            }
            /// `self` with the bits of `other` cleared.
            pub const fn without(self, other: $name) -> $name {
                $name(self.0 & !other.0)
            }
            /// `self` with the bits of `mask` taken from `from` (the others kept).
            pub const fn with_bits_of(self, mask: $name, from: $name) -> $name {
                $name(self.0 & !mask.0 | from.0 & mask.0)
            }
        }
    };
}
pub(crate) use register_bits;
