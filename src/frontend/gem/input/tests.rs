use super::*;
use falcon_gem::aes::evnt::EventMask;

crate::test_cases! {
    fn idle_waits_for_messages_keys_and_a_press_without_a_timer() {
        let r = request(false, MouseButtons::empty(), 100, 50);
        assert_eq!(r.mask(), EventMask::MESSAGE | EventMask::KEYBOARD | EventMask::BUTTON);
        assert_eq!(r.button, Some(ButtonWait::EITHER_PRESSED));
        assert_eq!(r.timer_ms, None);
    }

    fn a_held_button_waits_for_its_release_or_a_move() {
        let r = request(true, MouseButtons::LEFT, 100, 50);
        assert_eq!(r.mask(), EventMask::MESSAGE | EventMask::KEYBOARD | EventMask::BUTTON | EventMask::MOUSE1 | EventMask::TIMER);
        assert_eq!(r.button, Some(ButtonWait { clicks: 1, mask: MouseButtons::LEFT, state: MouseButtons::empty() }));
        assert_eq!(r.mouse1, Some(MouseRect { leave: true, rect: Rect::new(100, 50, 1, 1) }));
        assert_eq!(r.timer_ms, Some(TICK_MS));
    }

    fn keys_keep_scancode_ascii_and_shift() {
        // Ctrl-N as TOS reports it: the control code.
        let k = key(Key { scancode: 0x31, ascii: 0x0E }, KeyShift::CONTROL | KeyShift::LEFT_SHIFT);
        assert_eq!(k, Input::KeyDown(KeyPress::new(0x31, 0x0E, Shift::CONTROL | Shift::LEFT_SHIFT)));
        let undo = key(Key::from_word(0x6100), KeyShift::empty());
        assert_eq!(undo, Input::KeyDown(KeyPress::special(0x61, Shift::empty())));
        assert_eq!(shift(KeyShift::ALTERNATE | KeyShift::RIGHT_SHIFT), Shift::ALTERNATE | Shift::RIGHT_SHIFT);
    }

    fn the_pointer_is_placed_on_the_surface() {
        let e = Events {
            mouse_x: 130,
            mouse_y: 95,
            buttons: MouseButtons::LEFT | MouseButtons::RIGHT,
            shift: KeyShift::LEFT_SHIFT,
            ..Default::default()
        };
        let got = mouse(&e, (100, 60));
        assert_eq!(got, Input::Mouse { x: 30, y: 35, buttons: Buttons::LEFT | Buttons::RIGHT, shift: Shift::LEFT_SHIFT });
    }
}
