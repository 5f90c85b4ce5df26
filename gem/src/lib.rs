//! GEM bindings for the Falcon program: the AES (Application Environment Services).
//!
//! An AES call fills the parameter arrays of an [`Aes`] block, puts the address of the
//! AESPB (six pointers: control, global, intin, intout, addrin, addrout) in d1 and 200 in d0,
//! and executes `trap #2` (`falcon_gem_trap` in gem/src/trap.s; the AES clobbers d0-d2 and
//! a0-a2). `control` holds the opcode and the number of entries used in each array.
//! Opcodes and arrays as in the Atari Compendium, chapter "AES".
#![no_std]

pub mod aes;
pub mod message;
