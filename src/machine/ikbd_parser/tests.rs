//! The IKBD's packets from single bytes (host and 68030).

use super::*;

crate::test_cases! {
    fn ikbd_bytes_become_keys_and_mouse_packets() {
        let p = IkbdParser::new();
        assert_eq!(p.feed(0x1E), Some(RawEvent::Key { scancode: 0x1E, down: true }));
        assert_eq!(p.feed(0x9E), Some(RawEvent::Key { scancode: 0x1E, down: false }));
        // Relative mouse, left button (bit 1), dx = +3, dy = -2.
        assert_eq!(p.feed(0xFA), None);
        assert_eq!(p.feed(0x03), None);
        assert_eq!(p.feed(0xFE), Some(RawEvent::Mouse { buttons: 2, dx: 3, dy: -2 }));
        // A clock packet ($FC + 6 bytes) hides keys-looking bytes inside it.
        for b in [0xFC, 0x24, 0x11, 0x30, 0x12, 0x1E, 0x1F] {
            assert_eq!(p.feed(b), None);
        }
        // Joystick packets are skipped, then keys again.
        assert_eq!(p.feed(0xFF), None);
        assert_eq!(p.feed(0x01), None);
        assert_eq!(p.feed(0x39), Some(RawEvent::Key { scancode: 0x39, down: true }));
        p.feed(0xF8);
        p.reset();
        assert_eq!(p.feed(0x10), Some(RawEvent::Key { scancode: 0x10, down: true }));
    }
}
