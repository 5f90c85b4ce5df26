//! The MC68901 Multi-Function Peripheral at $FFFFFA01 (registers on odd addresses).
//! Only the parts a program may borrow: Timer A and Timer D (shared/notes/falcon-gem.md).

pub mod registers;
pub mod timer;
