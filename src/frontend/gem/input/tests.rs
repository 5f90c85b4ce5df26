use super::*;

/// A button answer at screen (130, 95): `buttons` held now, `clicks` counted.
fn button_answer(buttons: MouseButtons, clicks: i16) -> Events {
    Events { happened: EventMask::BUTTON, mouse_x: 130, mouse_y: 95, buttons, clicks, ..Default::default() }
}

/// The pointer at (30, 35) on the surface with `buttons`.
fn at(buttons: Buttons) -> Input {
    Input::Mouse { x: 30, y: 35, buttons, shift: Shift::empty() }
}

crate::test_cases! {
    fn idle_waits_for_messages_keys_and_a_press_without_a_timer() {
        let r = request(false, MouseButtons::empty(), 100, 50);
        assert_eq!(r.mask(), EventMask::MESSAGE | EventMask::KEYBOARD | EventMask::BUTTON);
        // One click: the press answered at once, not held for the double-click time.
        assert_eq!(r.button, Some(ButtonWait::EITHER_PRESSED_ONCE));
        assert_eq!(r.button.map(|b| b.clicks), Some(0x101));
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

    fn a_press_is_one_change_and_the_release_another() {
        let pressed = pointer(&button_answer(MouseButtons::LEFT, 1), MouseButtons::empty(), (100, 60));
        assert_eq!(pressed.as_slice(), [at(Buttons::LEFT)]);
        // Held: the release (or a drag) as it is now, whatever the count.
        let released = pointer(&button_answer(MouseButtons::empty(), 1), MouseButtons::LEFT, (100, 60));
        assert_eq!(released.as_slice(), [at(Buttons::empty())]);
        let mut dragged = button_answer(MouseButtons::RIGHT, 0);
        dragged.happened = EventMask::MOUSE1;
        assert_eq!(pointer(&dragged, MouseButtons::RIGHT, (100, 60)).as_slice(), [at(Buttons::RIGHT)]);
    }

    fn a_click_already_over_is_a_press_and_a_release_of_the_left_button() {
        let clicked = pointer(&button_answer(MouseButtons::empty(), 1), MouseButtons::empty(), (100, 60));
        assert_eq!(clicked.as_slice(), [at(Buttons::LEFT), at(Buttons::empty())]);
    }

    fn a_double_click_the_aes_counted_is_two_clicks() {
        // Over: two presses and releases (a Fifteen tile clicked twice moves twice).
        let over = pointer(&button_answer(MouseButtons::empty(), 2), MouseButtons::empty(), (100, 60));
        assert_eq!(over.as_slice(), [at(Buttons::LEFT), at(Buttons::empty()), at(Buttons::LEFT), at(Buttons::empty())]);
        // The second press still held: it stays pressed.
        let held = pointer(&button_answer(MouseButtons::RIGHT, 2), MouseButtons::empty(), (100, 60));
        assert_eq!(held.as_slice(), [at(Buttons::RIGHT), at(Buttons::empty()), at(Buttons::RIGHT)]);
        // More than two counted: taken as two; none (an AES that counts nothing): as one.
        let many = pointer(&button_answer(MouseButtons::empty(), 5), MouseButtons::empty(), (100, 60));
        assert_eq!(many.as_slice(), over.as_slice());
        let none = pointer(&button_answer(MouseButtons::LEFT, 0), MouseButtons::empty(), (100, 60));
        assert_eq!(none.as_slice(), [at(Buttons::LEFT)]);
    }
}
