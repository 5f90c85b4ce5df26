//! Building Falcon programs: the pinned toolchain and what the build needs installed
//! (`toolchain`, `setup`), what is built (`programs`), and the pipeline from Rust to a TOS
//! executable (`pipeline`: LLVM code generation with our barriers `llvm`, the assembly
//! repairs `asm`, the TOS writer `tos`, the verifier `verify`).

pub mod asm;
pub mod llvm;
pub mod pipeline;
pub mod programs;
pub mod setup;
pub mod toolchain;
pub mod tos;
pub mod verify;
