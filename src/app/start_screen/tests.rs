use super::*;
use crate::app::input::KeyPress;
use crate::app::script::Screen;
use crate::keyboard::Shift;

fn key(code: u8) -> Input {
    Input::KeyDown(KeyPress::special(code, Shift::empty()))
}

fn mouse(x: i32, y: i32, buttons: Buttons) -> Input {
    Input::Mouse { x, y, buttons, shift: Shift::empty() }
}

fn centre(r: Rect) -> (i32, i32) {
    (r.x + r.w / 2, r.y + r.h / 2)
}

/// The buttons of `n` games laid out in `region`: each inside it, no two overlapping.
fn check_grid(region: Rect, n: usize) {
    let g = Grid::layout(region, n);
    let rects: alloc::vec::Vec<Rect> = (0..n).map(|i| g.button(i)).collect();
    for (i, r) in rects.iter().enumerate() {
        assert!(!r.is_empty() && r.union(&region) == region, "button {} {:?} outside {:?}", i, r, region);
        for o in &rects[i + 1..] {
            assert!(r.intersect(o).is_empty(), "{:?} overlaps {:?}", r, o);
        }
    }
}

crate::test_cases! {
    fn every_game_has_a_button_and_keys_choose() {
        let mut s = Screen::new(192, 144).unwrap();
        let mut start = StartScreen::new();
        start.draw_all(&mut s.target());
        assert_eq!(start.title(), COLLECTION);
        for n in 0..games::ALL.len() {
            assert!(start.grid.at(centre(start.button(n)).0, centre(start.button(n)).1) == Some(n));
        }
        // The selected button is drawn in the selection's colour, the others not.
        let (x, y) = (start.button(0).x + 2, start.button(0).y + 2);
        assert_eq!(s.surface.pixel(x, y), SELECTED_FACE);
        assert_eq!(s.surface.pixel(start.button(1).x + 2, start.button(1).y + 2), FACE);
        s.damage.clear();
        assert_eq!(start.input(&mut s.target(), &key(scancode::DOWN)), ActivityReply::None);
        assert_eq!(start.selected(), 1);
        assert_eq!(s.damage.bounding_box(), start.button(0).union(&start.button(1)), "only the two buttons change");
        assert_eq!(s.surface.pixel(x, y), FACE);
        // Up stops at the first game; a letter finds the next game starting with it.
        start.input(&mut s.target(), &key(scancode::UP));
        start.input(&mut s.target(), &key(scancode::UP));
        assert_eq!(start.selected(), 0);
        // (Pressed again, the same letter goes on to the next game with it: Maze, then Mines.)
        let last = games::ALL.len() - 1;
        let letter = games::ALL[last].name.as_bytes()[0].to_ascii_lowercase();
        let mut before = start.selected();
        for _ in 0..games::ALL.len() {
            start.input(&mut s.target(), &Input::KeyDown(KeyPress::char(letter)));
            let now = start.selected();
            assert!(now > before && games::ALL[now].name.as_bytes()[0].to_ascii_lowercase() == letter);
            before = now;
            if now == last {
                break;
            }
        }
        assert_eq!(start.selected(), last);
        let enter = Input::KeyDown(KeyPress::new(scancode::RETURN, b'\r', Shift::empty()));
        assert_eq!(start.input(&mut s.target(), &enter), ActivityReply::Command(Command::ChooseGame(last)));
        assert_eq!(start.input(&mut s.target(), &key(scancode::SPACE)), ActivityReply::Command(Command::ChooseGame(last)));
        assert_eq!(start.input(&mut s.target(), &Input::KeyDown(KeyPress::char(b'q'))), ActivityReply::Host(HostRequest::Quit));
        assert_eq!(start.input(&mut s.target(), &key(scancode::HELP)), ActivityReply::Host(HostRequest::Help { game: COLLECTION }));
    }

    fn a_click_chooses_the_game_it_began_and_ended_on() {
        let mut s = Screen::new(192, 144).unwrap();
        let mut start = StartScreen::new();
        start.draw_all(&mut s.target());
        let (x, y) = centre(start.button(1));
        assert_eq!(start.input(&mut s.target(), &mouse(x, y, Buttons::LEFT)), ActivityReply::None);
        assert_eq!(start.selected(), 1, "the press selects");
        assert_eq!(start.input(&mut s.target(), &mouse(x, y, Buttons::empty())), ActivityReply::Command(Command::ChooseGame(1)));
        // Pressed on one game, released on another: nothing.
        let (x2, y2) = centre(start.button(0));
        start.input(&mut s.target(), &mouse(x, y, Buttons::LEFT));
        assert_eq!(start.input(&mut s.target(), &mouse(x2, y2, Buttons::empty())), ActivityReply::None);
        // A click beside the buttons: nothing.
        start.input(&mut s.target(), &mouse(1, 1, Buttons::LEFT));
        assert_eq!(start.input(&mut s.target(), &mouse(1, 1, Buttons::empty())), ActivityReply::None);
    }

    fn the_grid_fits_any_screen_and_any_number_of_games() {
        for region in [Rect::new(0, 12, 192, 132), Rect::new(0, 0, 640, 480), Rect::new(0, 26, 640, 454), Rect::new(16, 8, 320, 200)] {
            for n in [1, 3, 12, 40] {
                check_grid(region, n);
            }
        }
        // The full screen uses the bigger text.
        assert_eq!(Grid::layout(Rect::new(0, 0, 640, 480), 3).scale, 2);
        assert_eq!(Grid::layout(Rect::new(0, 0, 192, 144), 3).scale, 1);
    }

    fn menus_offer_every_game_about_help_and_quit() {
        let bar = StartScreen::new().menu_bar();
        for (i, g) in games::ALL.iter().enumerate() {
            assert_eq!(bar.find(&Command::ChooseGame(i)).map(|m| m.label.as_str()), Some(g.name));
        }
        assert!(bar.find(&Command::About).is_some() && bar.find(&Command::Help).is_some());
        assert!(bar.find(&Command::Quit).is_some());
        let mut s = Screen::new(96, 64).unwrap();
        let ActivityReply::Host(HostRequest::Message { text, .. }) = StartScreen::new().command(&mut s.target(), Command::About) else {
            panic!("About gives a message")
        };
        assert!(text.contains(env!("CARGO_PKG_VERSION")), "{}", text);
    }
}
