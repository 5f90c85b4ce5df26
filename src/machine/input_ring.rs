//! The interrupt→program ring of keyboard and mouse events: what the interrupt side
//! (`keyboard.rs`: the OS's IKBD hooks under TOS, the ACIA interrupt without one) records,
//! one [`RawEvent`] a slot, in fixed memory with atomic loads and stores only (no allocation,
//! no lock), and the program drains (`input::InputState::poll`). Plain Rust, so it runs and
//! is tested on the host too.

use core::sync::atomic::{AtomicU16, AtomicU32, Ordering};

/// What the interrupt side records: one key transition or one relative mouse packet.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RawEvent {
    /// A key went down (`down`) or up; `scancode` without the break bit.
    Key { scancode: u8, down: bool },
    /// A relative mouse packet: buttons (bit 1 left, bit 0 right, as the IKBD sends them)
    /// and the movement since the last packet.
    Mouse { buttons: u8, dx: i8, dy: i8 },
}

impl RawEvent {
    const KEY: u32 = 1 << 24;
    const MOUSE: u32 = 2 << 24;

    /// Packs the event into one word, so a ring slot is written with one store.
    pub const fn encode(self) -> u32 {
        match self {
            RawEvent::Key { scancode, down } => Self::KEY | (scancode as u32) << 8 | down as u32,
            RawEvent::Mouse { buttons, dx, dy } => {
                Self::MOUSE | (buttons as u32 & 3) << 16 | (dx as u8 as u32) << 8 | dy as u8 as u32
            }
        }
    }

    /// The inverse of [`encode`](Self::encode); `None` for a word no event encodes to.
    pub const fn decode(word: u32) -> Option<RawEvent> {
        match word & 0xFF00_0000 {
            Self::KEY => Some(RawEvent::Key { scancode: (word >> 8) as u8 & 0x7F, down: word & 1 != 0 }),
            Self::MOUSE => Some(RawEvent::Mouse {
                buttons: (word >> 16) as u8 & 3,
                dx: (word >> 8) as u8 as i8,
                dy: word as u8 as i8,
            }),
            _ => None,
        }
    }
}

/// A single-producer (interrupt), single-consumer (program) ring of encoded events.
/// `N` must be a power of two at most 32768. When full, new events are dropped and counted.
pub struct Ring<const N: usize> {
    slots: [AtomicU32; N],
    /// Next slot the consumer reads; written by the consumer only.
    head: AtomicU16,
    /// Next slot the producer writes; written by the producer only.
    tail: AtomicU16,
    dropped: AtomicU16,
}

impl<const N: usize> Ring<N> {
    const MASK: u16 = {
        assert!(N.is_power_of_two() && N <= 32768);
        (N - 1) as u16
    };

    pub const fn new() -> Self {
        Ring {
            slots: [const { AtomicU32::new(0) }; N],
            head: AtomicU16::new(0),
            tail: AtomicU16::new(0),
            dropped: AtomicU16::new(0),
        }
    }

    /// Producer side (the interrupt handler). Returns false if the ring was full.
    pub fn push(&self, event: RawEvent) -> bool {
        let tail = self.tail.load(Ordering::Relaxed);
        let head = self.head.load(Ordering::Acquire);
        if tail.wrapping_sub(head) > Self::MASK {
            self.dropped.store(self.dropped.load(Ordering::Relaxed).wrapping_add(1), Ordering::Relaxed);
            return false;
        }
        self.slots[(tail & Self::MASK) as usize].store(event.encode(), Ordering::Relaxed);
        self.tail.store(tail.wrapping_add(1), Ordering::Release);
        true
    }

    /// Consumer side (the program).
    pub fn pop(&self) -> Option<RawEvent> {
        let head = self.head.load(Ordering::Relaxed);
        if head == self.tail.load(Ordering::Acquire) {
            return None;
        }
        let word = self.slots[(head & Self::MASK) as usize].load(Ordering::Relaxed);
        self.head.store(head.wrapping_add(1), Ordering::Release);
        RawEvent::decode(word)
    }

    /// Events lost because the program did not drain the ring in time.
    pub fn dropped(&self) -> u16 {
        self.dropped.load(Ordering::Relaxed)
    }

    /// Forgets every pending event (consumer side).
    pub fn clear(&self) {
        self.head.store(self.tail.load(Ordering::Acquire), Ordering::Release);
    }
}

impl<const N: usize> Default for Ring<N> {
    fn default() -> Self {
        Self::new()
    }
}

/// The ring the interrupt side of `keyboard.rs` fills.
pub static INPUT_RING: Ring<128> = Ring::new();

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
