//! The interrupt→program ring (host and 68030).

use super::*;

crate::test_cases! {
    fn events_survive_encoding() {
        for e in [
            RawEvent::Key { scancode: 0x1E, down: true },
            RawEvent::Key { scancode: 0x72, down: false },
            RawEvent::Mouse { buttons: 2, dx: -128, dy: 127 },
            RawEvent::Mouse { buttons: 1, dx: 5, dy: -1 },
        ] {
            assert_eq!(RawEvent::decode(e.encode()), Some(e));
        }
        assert_eq!(RawEvent::decode(0), None);
    }

    fn the_ring_keeps_order_and_drops_when_full() {
        let ring: Ring<4> = Ring::new();
        assert_eq!(ring.pop(), None);
        for s in 1..=4 {
            assert!(ring.push(RawEvent::Key { scancode: s, down: true }));
        }
        assert!(!ring.push(RawEvent::Key { scancode: 5, down: true }));
        assert_eq!(ring.dropped(), 1);
        for s in 1..=4 {
            assert_eq!(ring.pop(), Some(RawEvent::Key { scancode: s, down: true }));
        }
        assert_eq!(ring.pop(), None);
        // Indices wrap around many times.
        for s in 0..100u8 {
            assert!(ring.push(RawEvent::Key { scancode: s & 0x7F, down: s & 1 == 0 }));
            assert_eq!(ring.pop(), Some(RawEvent::Key { scancode: s & 0x7F, down: s & 1 == 0 }));
        }
        ring.push(RawEvent::Key { scancode: 1, down: true });
        ring.clear();
        assert_eq!(ring.pop(), None);
    }
}
