use super::*;

crate::test_cases! {
    fn states_become_press_drag_release() {
        let mut m = MouseTracker::default();
        let none = Shift::empty();
        assert_eq!(m.update(Buttons::empty(), none), None, "moving without a button is nothing");
        assert_eq!(m.update(Buttons::LEFT, none), Some(Key::Press(Button::Left)));
        assert_eq!(m.update(Buttons::LEFT, none), Some(Key::Drag(Button::Left)));
        assert_eq!(m.update(Buttons::empty(), none), Some(Key::Release(Button::Left)));
        assert_eq!(m.update(Buttons::RIGHT, none), Some(Key::Press(Button::Right)));
        assert_eq!(m.update(Buttons::empty(), Shift::LEFT_SHIFT), Some(Key::Release(Button::Right)));
    }

    fn shift_and_alternate_click_are_the_missing_buttons() {
        let mut m = MouseTracker::default();
        assert_eq!(m.update(Buttons::LEFT, Shift::RIGHT_SHIFT), Some(Key::Press(Button::Middle)));
        // Letting go of Shift mid-drag does not change the button.
        assert_eq!(m.update(Buttons::LEFT, Shift::empty()), Some(Key::Drag(Button::Middle)));
        assert_eq!(m.update(Buttons::empty(), Shift::empty()), Some(Key::Release(Button::Middle)));
        assert_eq!(m.update(Buttons::LEFT, Shift::ALTERNATE), Some(Key::Press(Button::Right)));
        assert_eq!(m.cancel(), Some(Key::Release(Button::Right)));
        assert_eq!(m.cancel(), None);
    }

    fn a_second_button_is_a_new_press() {
        let mut m = MouseTracker::default();
        let none = Shift::empty();
        m.update(Buttons::LEFT, none);
        // The mid end releases the left button itself before this press (Tatham's rule).
        assert_eq!(m.update(Buttons::LEFT | Buttons::RIGHT, none), Some(Key::Press(Button::Right)));
        assert_eq!(m.update(Buttons::LEFT, none), Some(Key::Release(Button::Right)));
        assert_eq!(m.update(Buttons::LEFT, none), None, "the left button's press already ended");
        assert_eq!(m.update(Buttons::empty(), none), None);
    }
}
