//! The date and the time of options `-da -dd -dy -dn -ds -dt` (colours `-cd`, `-ct`): their
//! texts, and the main menu's clock line driven through the activity's events with a disk's
//! clock.

use super::*;
use crate::app::activity::{Activity, ActivityReply};
use crate::app::input::{Input, KeyPress};
use crate::app::script::Screen;
use crate::app::tetrhex::options::{self, Options};
use crate::app::tetrhex::rule_disk::{MemoryDisk, SharedRuleDisk};
use crate::app::tetrhex::{TetrhexActivity, View, rules};
use crate::gfx::Colour;
use crate::keyboard::{Shift, scancode};
use alloc::rc::Rc;
use core::cell::RefCell;

const W: i32 = 320;
const H: i32 = 320;

/// 24 November 2026, 13:45:08 (a packed time has even seconds).
fn moment(second: u8) -> DateTime {
    DateTime { year: 2026, month: 11, day: 24, hour: 13, minute: 45, second }
}

fn parsed(line: &str) -> Options {
    options::parse(None, line.as_bytes(), &mut |_| Err("no files".into())).unwrap()
}

/// TETRHEX with `line`'s options on a disk whose clock reads `clock`, at its main menu.
fn menu(line: &str, clock: u32) -> (Screen, TetrhexActivity, Rc<RefCell<MemoryDisk>>) {
    let disk = Rc::new(RefCell::new(MemoryDisk { clock, ..MemoryDisk::default() }));
    let shared: SharedRuleDisk = disk.clone();
    let mut a = TetrhexActivity::with_disk(&rules::ALL[0], 6, 3, shared).unwrap();
    a.apply_options(&parsed(line), None);
    let mut s = Screen::new(W, H).unwrap();
    a.draw_all(&mut s.target());
    send(&mut s, &mut a, Input::KeyDown(KeyPress::new(scancode::SPACE, b' ', Shift::empty())));
    assert_eq!(a.view(), View::Menu);
    (s, a, disk)
}

fn send(s: &mut Screen, a: &mut TetrhexActivity, input: Input) -> ActivityReply {
    a.input(&mut s.target(), &input)
}

/// The menu as `-dn` draws it (no clock line), with `date` at the clock line's left and
/// `time` at its right drawn over it: what the screen must hold, word for word.
fn expected(date: &str, time: &str) -> Screen {
    let (mut s, _, _) = menu("-dn", moment(8).pack());
    let region = s.surface.bounds();
    let r = line(region);
    let scale = widgets::scale_for(region);
    let margin = 2 * widgets::char_width(scale);
    let mut t = s.target();
    widgets::line_text(&mut t.surface, r, r.x + margin, r.y, scale, date, pens::DATE);
    let x = r.right() - margin - widgets::text_width(time, scale);
    widgets::line_text(&mut t.surface, r, x, r.y, scale, time, pens::TIME);
    s
}

fn same_screen(s: &Screen, want: &Screen, what: &str) {
    assert!(s.surface.words() == want.surface.words(), "the menu should show {what}");
}

crate::test_cases! {
    fn the_texts_follow_the_options() {
        let d = moment(8);
        let mut b = [0u8; 10];
        assert_eq!(date_text(&d, DateDisplay::WithYear, &mut b), "24/11/2026");
        assert_eq!(date_text(&d, DateDisplay::WithoutYear, &mut b), "24/11");
        assert_eq!(date_text(&d, DateDisplay::Hidden, &mut b), "");
        let mut t = [0u8; 8];
        assert_eq!(time_text(&d, TimeDisplay::WithSeconds, &mut t), "13:45:08");
        assert_eq!(time_text(&d, TimeDisplay::WithoutSeconds, &mut t), "13:45");
        assert_eq!(time_text(&d, TimeDisplay::Hidden, &mut t), "");
        let early = DateTime { year: 1996, month: 1, day: 2, hour: 0, minute: 5, second: 0 };
        assert_eq!(date_text(&early, DateDisplay::WithYear, &mut b), "02/01/1996");
        assert_eq!(time_text(&early, TimeDisplay::WithSeconds, &mut t), "00:05:00");
    }

    fn the_clock_counts_the_odd_seconds() {
        let mut c = Clock::default();
        assert_eq!(c.now(), None, "no date: nothing to show");
        c.read(moment(8).pack(), 0);
        assert_eq!(c.now(), Some(moment(8)));
        c.read(moment(8).pack(), 980);
        assert_eq!(c.now(), Some(moment(8)));
        c.read(moment(8).pack(), 20);
        assert_eq!(c.now(), Some(moment(9)), "a second after the packed time changed");
        c.read(moment(8).pack(), 5000);
        assert_eq!(c.now(), Some(moment(9)), "never past the next even second");
        c.read(moment(10).pack(), 20);
        assert_eq!(c.now(), Some(moment(10)));
    }

    fn the_menu_shows_the_date_and_time_the_options_ask_for() {
        let now = moment(8).pack();
        // Defaults (-da): the date with the year, the time with the seconds.
        let (s, a, _) = menu("", now);
        same_screen(&s, &expected("24/11/2026", "13:45:08"), "24/11/2026 and 13:45:08");
        assert!(a.wants_ticks(), "the menu's clock runs");
        let (s, _, _) = menu("-dd -dt", now);
        same_screen(&s, &expected("24/11", "13:45"), "24/11 and 13:45");
        let (s, _, _) = menu("-dy -ds", now);
        same_screen(&s, &expected("24/11/2026", "13:45:08"), "24/11/2026 and 13:45:08");
        let (s, _, _) = menu("-dn -dd", now);
        same_screen(&s, &expected("24/11", ""), "the date alone");
        let (s, _, _) = menu("-dn -ds", now);
        same_screen(&s, &expected("", "13:45:08"), "the time alone");
        // -dn: nothing, and no ticks wanted for it.
        let (s, a, _) = menu("-dn", now);
        let none = expected("", "");
        same_screen(&s, &none, "no clock");
        assert!(!a.wants_ticks());
        // -cd and -ct: the pens' colours.
        let (s, _, _) = menu("-cd 255 0 0 -ct 0 0 255", now);
        assert_eq!(s.palette.get(pens::DATE), Colour::rgb(255, 0, 0));
        assert_eq!(s.palette.get(pens::TIME), Colour::rgb(0, 0, 255));
        let (s, _, _) = menu("", now);
        assert_eq!(s.palette.get(pens::DATE), Colour::WHITE);
        assert_eq!(s.palette.get(pens::TIME), Colour::WHITE);
    }

    fn the_menus_clock_goes_on_with_the_ticks() {
        let (mut s, mut a, disk) = menu("", moment(8).pack());
        send(&mut s, &mut a, Input::Tick { ms: 500 });
        same_screen(&s, &expected("24/11/2026", "13:45:08"), "13:45:08 still");
        send(&mut s, &mut a, Input::Tick { ms: 500 });
        same_screen(&s, &expected("24/11/2026", "13:45:09"), "13:45:09");
        disk.borrow_mut().clock = DateTime { year: 2026, month: 11, day: 25, hour: 0, minute: 0, second: 0 }.pack();
        send(&mut s, &mut a, Input::Tick { ms: 20 });
        same_screen(&s, &expected("25/11/2026", "00:00:00"), "the next day");
        // In a game the clock line is not drawn: the game's screen is the game's.
        send(&mut s, &mut a, Input::KeyDown(KeyPress::new(scancode::RETURN, b'\r', Shift::empty())));
        assert_eq!(a.view(), View::Game);
        let mut fresh = Screen::new(W, H).unwrap();
        a.draw_all(&mut fresh.target());
        assert!(s.surface.words() == fresh.surface.words());
        assert!(!s.surface.to_indexed().iter().any(|&p| p == pens::DATE || p == pens::TIME));
    }

    fn without_a_clock_the_menu_shows_none() {
        // A disk whose clock holds no date, and no disk at all (TOS-less): the menu as -dn's.
        let (s, a, _) = menu("", 0);
        same_screen(&s, &expected("", ""), "no clock");
        assert!(!a.wants_ticks());
        let diskless = |line: &str| {
            let mut a = TetrhexActivity::new(&rules::ALL[0], 6, 3).unwrap();
            a.apply_options(&parsed(line), None);
            let mut s = Screen::new(W, H).unwrap();
            a.draw_all(&mut s.target());
            send(&mut s, &mut a, Input::KeyDown(KeyPress::new(scancode::SPACE, b' ', Shift::empty())));
            (s, a)
        };
        let (s, a) = diskless("-da");
        same_screen(&s, &diskless("-dn").0, "no clock");
        assert!(!a.wants_ticks());
    }
}
