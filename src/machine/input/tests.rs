//! The keyboard's and the mouse's state made from the ring's events (host and 68030).

use super::*;
use crate::keyboard::scancode;
use crate::machine::keymap;

fn input() -> InputState<'static> {
    InputState::new(keymap::us(), RepeatRate { delay_ms: 300, interval_ms: 40 }, 640, 480)
}

fn key(e: Option<Event>) -> KeyEvent {
    match e {
        Some(Event::Key(k)) => k,
        other => panic!("expected a key, got {other:?}"),
    }
}

crate::test_cases! {
    fn keys_carry_ascii_and_shift_state() {
        let mut i = input();
        let a = i.apply(RawEvent::Key { scancode: 0x1E, down: true }, 0);
        assert_eq!(a, Event::Key(KeyEvent { scancode: 0x1E, ascii: b'a', shift: Shift::empty(), kind: KeyKind::Down }));
        i.apply(RawEvent::Key { scancode: 0x1E, down: false }, 0);
        i.apply(RawEvent::Key { scancode: scancode::LEFT_SHIFT, down: true }, 0);
        let shifted = key(Some(i.apply(RawEvent::Key { scancode: 0x03, down: true }, 0)));
        assert_eq!((shifted.ascii, shifted.shift), (b'@', Shift::LEFT_SHIFT));
        i.apply(RawEvent::Key { scancode: scancode::LEFT_SHIFT, down: false }, 0);
        i.apply(RawEvent::Key { scancode: scancode::CONTROL, down: true }, 0);
        assert_eq!(key(Some(i.apply(RawEvent::Key { scancode: 0x2E, down: true }, 0))).ascii, 3, "Ctrl-C");
        i.apply(RawEvent::Key { scancode: scancode::CONTROL, down: false }, 0);
        i.apply(RawEvent::Key { scancode: scancode::CAPS_LOCK, down: true }, 0);
        i.apply(RawEvent::Key { scancode: scancode::CAPS_LOCK, down: false }, 0);
        let caps = key(Some(i.apply(RawEvent::Key { scancode: 0x10, down: true }, 0)));
        assert_eq!((caps.ascii, caps.shift.caps_lock()), (b'Q', true));
        assert_eq!(key(Some(i.apply(RawEvent::Key { scancode: 0x02, down: true }, 0))).ascii, b'1');
        assert_eq!(key(Some(i.apply(RawEvent::Key { scancode: scancode::UP, down: true }, 0))).ascii, 0);
    }

    fn a_held_key_repeats_until_released() {
        let ring: Ring<8> = Ring::new();
        let mut i = input();
        ring.push(RawEvent::Key { scancode: scancode::LEFT, down: true });
        assert_eq!(key(i.poll(&ring, 1000)).kind, KeyKind::Down);
        assert_eq!(i.poll(&ring, 1299), None);
        let r = key(i.poll(&ring, 1300));
        assert_eq!((r.scancode, r.kind), (scancode::LEFT, KeyKind::Repeat));
        assert_eq!(i.poll(&ring, 1339), None);
        assert_eq!(key(i.poll(&ring, 1340)).kind, KeyKind::Repeat);
        // A modifier pressed meanwhile does not stop the repeat; releasing the key does.
        ring.push(RawEvent::Key { scancode: scancode::LEFT_SHIFT, down: true });
        assert_eq!(key(i.poll(&ring, 1341)).scancode, scancode::LEFT_SHIFT);
        let r = key(i.poll(&ring, 1380));
        assert_eq!((r.kind, r.shift.shifted()), (KeyKind::Repeat, true));
        ring.push(RawEvent::Key { scancode: scancode::LEFT, down: false });
        assert_eq!(key(i.poll(&ring, 1390)).kind, KeyKind::Up);
        assert_eq!(i.poll(&ring, 5000), None);
        assert_eq!(RepeatRate::from_kbrate(0x0F02), RepeatRate::TOS_DEFAULT);
    }

    fn the_mouse_moves_within_the_screen() {
        let mut i = input();
        assert_eq!(i.mouse(), MouseState { x: 320, y: 240, buttons: 0 });
        // IKBD left button is bit 1; ours is bit 0.
        let e = i.apply(RawEvent::Mouse { buttons: 2, dx: 10, dy: -20 }, 0);
        assert_eq!(e, Event::Mouse { state: MouseState { x: 330, y: 220, buttons: 1 }, changed: 1 });
        let e = i.apply(RawEvent::Mouse { buttons: 1, dx: 0, dy: 0 }, 0);
        assert_eq!(e, Event::Mouse { state: MouseState { x: 330, y: 220, buttons: 2 }, changed: 3 });
        for _ in 0..10 {
            i.apply(RawEvent::Mouse { buttons: 0, dx: 127, dy: 127 }, 0);
        }
        assert_eq!(i.mouse(), MouseState { x: 639, y: 479, buttons: 0 });
        for _ in 0..10 {
            i.apply(RawEvent::Mouse { buttons: 0, dx: -128, dy: -128 }, 0);
        }
        assert_eq!((i.mouse().x, i.mouse().y), (0, 0));
    }
}
