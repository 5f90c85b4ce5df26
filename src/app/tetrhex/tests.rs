use super::applied_options::country_of;
use super::*;
use crate::app::entries;
use crate::app::input::KeyPress;
use crate::app::script::{Screen, screenshot_digest};
use crate::app::{App, StartScreen};
use crate::digest::Digest;
use crate::games;
use crate::keyboard::Shift;
use crate::rul::loader::load;
use crate::rul::model::ScoreEntry;
use crate::rul::scores::{DateTime, with_scores};
use crate::rul::session::SessionState;
use alloc::rc::Rc;
use alloc::vec;
use core::cell::RefCell;
use rule_disk::MemoryDisk;

/// The test window: side 6 fits with the numbers at the right.
const W: i32 = 320;
const H: i32 = 320;

fn key(code: u8) -> Input {
    Input::KeyDown(KeyPress::special(code, Shift::empty()))
}

fn ctrl(code: u8) -> Input {
    Input::KeyDown(KeyPress::special(code, Shift::CONTROL))
}

const SPACE: Input = Input::KeyDown(KeyPress::new(scancode::SPACE, b' ', Shift::empty()));
const RETURN: Input = Input::KeyDown(KeyPress::new(scancode::RETURN, b'\r', Shift::empty()));
const ESC: Input = Input::KeyDown(KeyPress::new(scancode::ESC, 0x1B, Shift::empty()));
const Q_KEY: Input = Input::KeyDown(KeyPress::new(Q, b'q', Shift::empty()));

/// TETRHEX on a board of side 6 from `seed`, drawn.
fn game(seed: u32) -> (Screen, TetrhexActivity) {
    let mut s = Screen::new(W, H).unwrap();
    let mut a = TetrhexActivity::playing(&rules::ALL[0], 6, seed).unwrap();
    a.draw_all(&mut s.target());
    (s, a)
}

fn send(s: &mut Screen, a: &mut TetrhexActivity, input: Input) -> ActivityReply {
    a.input(&mut s.target(), &input)
}

/// What the screen shows, drawn bit by bit since the start, must equal the same state drawn
/// all at once: only changed things were drawn, and all of them. Returns the fresh screen.
fn check_incremental(s: &Screen, a: &mut TetrhexActivity) -> Screen {
    let mut fresh = Screen::new(W, H).unwrap();
    a.draw_all(&mut fresh.target());
    assert!(s.surface.words() == fresh.surface.words(), "the screen drawn step by step differs from a full redraw");
    fresh
}

/// The pen at the middle of the hexagon of cell `(c, y)`.
fn centre_pen(s: &Screen, a: &TetrhexActivity, c: i32, y: i32) -> u8 {
    let (x, py) = a.layout().cell(c, y);
    s.surface.pixel(x + 9, py + 8)
}

/// Whether any pixel of `r` has a pen for which `f` holds (the surface read once, a group
/// at a time: reading pixel by pixel costs the 68030 too much).
fn any_pixel(s: &Screen, r: Rect, f: impl Fn(u8) -> bool) -> bool {
    let pixels = s.surface.to_indexed();
    let r = r.intersect(&s.surface.bounds());
    (r.y..r.bottom()).any(|y| pixels[(y * W + r.x) as usize..(y * W + r.right()) as usize].iter().any(|&p| f(p)))
}

/// Whether any pixel of `r` has pen `pen`.
fn has_pen(s: &Screen, r: Rect, pen: u8) -> bool {
    any_pixel(s, r, |p| p == pen)
}

fn shade_of(pen: u8) -> Option<u8> {
    (pens::SHADES..=pens::LAST).contains(&pen).then(|| (pen - pens::SHADES) / 8 + 1)
}

/// Every cell of the board shows what the engine holds: the piece's and the board's
/// hexagons in their colour, empty cells empty.
fn check_cells(s: &Screen, a: &TetrhexActivity) {
    let g = a.session();
    let board = &g.vm.board;
    let mut piece = [0i32; 4];
    if let Some(p) = g.piece {
        for (k, id) in piece.iter_mut().enumerate().take(p.count as usize) {
            let (c, y) = p.hex(k);
            *id = board.at(c, y);
        }
    }
    for id in 1..=board.cell_count() as i32 {
        let (c, y) = board.pos(id);
        let pen = centre_pen(s, a, c, y);
        let want = if let Some(k) = piece.iter().position(|&p| p == id) {
            Some(g.piece.unwrap().colours[k])
        } else if board.occupied(id) {
            Some(board.cell(id).colour)
        } else {
            None
        };
        match want {
            Some(colour) => assert_eq!(shade_of(pen), Some(colour), "cell {} ({},{}) pen {}", id, c, y, pen),
            None => assert_eq!(pen, pens::EMPTY, "cell {} ({},{}) should be empty", id, c, y),
        }
    }
}

crate::test_cases! {
    fn keys_are_the_rules_signals() {
        for entry in rules::ALL {
            let rule = load(entry.file).unwrap();
            let sig = |k: KeyPress| keys::signal_for(&rule, k);
            let plain = |code: u8| KeyPress::special(code, Shift::empty());
            // Section 6.3's standard signals and keys, in the rules' order.
            let table = [
                (KeyPress::char(b'q'), 1),
                (plain(scancode::INSERT), 2),
                (plain(scancode::CLR_HOME), 3),
                (plain(scancode::DOWN), 4),
                (plain(scancode::UP), 5),
                (plain(scancode::LEFT), 6),
                (plain(scancode::RIGHT), 7),
                (KeyPress::char(b' '), 8),
                (KeyPress::special(scancode::ESC, Shift::CONTROL), 9),
                (plain(scancode::UNDO), 10),
                (plain(scancode::RETURN), 11),
                (plain(scancode::KP_PLUS), 12),
                (plain(scancode::KP_MINUS), 13),
                (plain(scancode::HELP), 14),
            ];
            for (k, id) in table {
                assert_eq!(sig(k), Some(id), "{}: {:?}", entry.name, k);
            }
            // Esc alone is not STOP; Control changes Left; Shift does not.
            assert_eq!(sig(plain(scancode::ESC)), None);
            assert_eq!(sig(KeyPress::special(scancode::LEFT, Shift::CONTROL)), None);
            assert_eq!(sig(KeyPress::special(scancode::LEFT, Shift::LEFT_SHIFT)), Some(6));
            assert_eq!(sig(KeyPress::ctrl(b'q')), None);
        }
    }

    fn the_board_the_frame_and_the_numbers_are_drawn() {
        let (s, a) = game(7);
        let l = *a.layout();
        assert!(l.board.right() <= W && l.board.bottom() <= H, "{:?}", l.board);
        check_cells(&s, &a);
        // The piece is on the screen (four hexagons in one colour).
        let p = a.session().piece.unwrap();
        assert_eq!(p.count, 4);
        // The frame all round: the cells next to the board, in the frame's pens.
        let mut frame = 0;
        l.frame_cells(|c, y| {
            frame += 1;
            assert!(pens::FRAME.contains(&centre_pen(&s, &a, c, y)), "frame ({},{})", c, y);
        });
        assert_eq!(frame, 6 * 6, "the ring of a hexagon of side 7 around the board of side 6");
        // The numbers: each label and its value in the rule's pens; no pause shown.
        for k in 0..4 {
            let place = l.numbers[k];
            assert!(place.digits.right() <= W, "number {} {:?}", k, place.digits);
            assert!(has_pen(&s, place.digits, pens::NUMBERS + 3 * k as u8 + 2), "number {}", k);
        }
        assert!(!has_pen(&s, l.pause, pens::PAUSE));
        // The radar is off at the start of TETRHEX: its box is empty.
        assert!(!a.session().vm.radar);
        assert!(!any_pixel(&s, l.radar, |p| shade_of(p).is_some()));
    }

    fn a_seeded_game_through_the_app_events() {
        let (mut s, mut a) = game(2024);
        let g = |a: &TetrhexActivity| a.session().piece.unwrap();
        let p0 = g(&a);
        // The piece falls one cell per fall period, on ticks.
        let fall = a.session().vm.fall_ms;
        assert!(fall > 20, "fall period {}", fall);
        assert!(a.wants_ticks());
        send(&mut s, &mut a, Input::Tick { ms: fall - 1 });
        assert_eq!(g(&a).at, p0.at);
        send(&mut s, &mut a, Input::Tick { ms: 1 });
        assert_eq!(g(&a).at, (p0.at.0, p0.at.1 - 2));
        check_cells(&s, &a);
        // Left, Right, Right: one column right, at the same height (y changes with |c|).
        send(&mut s, &mut a, key(scancode::LEFT));
        assert_eq!(g(&a).at.0, p0.at.0 - 1);
        send(&mut s, &mut a, key(scancode::RIGHT));
        send(&mut s, &mut a, key(scancode::RIGHT));
        assert_eq!(g(&a).at.0, p0.at.0 + 1);
        // Up turns it clockwise; Q takes it one cell down.
        let before = g(&a);
        send(&mut s, &mut a, key(scancode::UP));
        assert_ne!(g(&a).config, before.config, "the piece turns");
        let y = g(&a).at.1;
        send(&mut s, &mut a, Q_KEY);
        assert_eq!(g(&a).at.1, y - 2);
        s = check_incremental(&s, &mut a);
        check_cells(&s, &a);
        // Space drops it: four hexagons on the board, a new piece, the score up.
        let score0 = a.session().vm.vars[10];
        send(&mut s, &mut a, SPACE);
        assert_eq!(a.session().vm.board.hexagons(), 4);
        assert_eq!(a.session().pieces, 2);
        assert!(a.session().vm.vars[10] >= score0 + 3, "score {}", a.session().vm.vars[10]);
        check_cells(&s, &a);
        s = check_incremental(&s, &mut a);
        // Help: the radar shows the next piece.
        send(&mut s, &mut a, key(scancode::HELP));
        assert!(a.session().vm.radar);
        let radar = a.layout().radar;
        let next = a.session().vm.next_vars[1] as u8;
        assert!(any_pixel(&s, radar, |p| shade_of(p) == Some(next)));
        s = check_incremental(&s, &mut a);
        // Undo pauses: "-- PAUSE --", the piece stays, the level's clock keeps counting.
        send(&mut s, &mut a, key(scancode::UNDO));
        assert!(a.session().vm.paused);
        assert!(has_pen(&s, a.layout().pause, pens::PAUSE));
        let (at, time) = (g(&a).at, a.session().vm.vars[12]);
        for _ in 0..150 {
            send(&mut s, &mut a, Input::Tick { ms: 20 });
        }
        assert_eq!(g(&a).at, at);
        assert_eq!(a.session().vm.vars[12], time - 3);
        send(&mut s, &mut a, key(scancode::LEFT));
        assert_eq!(g(&a).at, at, "no move during the pause");
        // Return goes on.
        send(&mut s, &mut a, RETURN);
        assert!(!a.session().vm.paused);
        assert!(!has_pen(&s, a.layout().pause, pens::PAUSE));
        s = check_incremental(&s, &mut a);
        // Drops until the board is full: the game ends with phase S's score.
        let mut drops = 0;
        while a.session().playing() && drops < 200 {
            send(&mut s, &mut a, SPACE);
            drops += 1;
        }
        let score = match a.session().state {
            SessionState::Over(score) => score,
            other => panic!("{:?} after {} drops", other, drops),
        };
        assert_eq!(score, a.session().vm.vars[10]);
        // The last landing destroyed a line: its show comes first, then "game over".
        assert!(a.landing.step().is_some() && a.wants_ticks());
        assert!(!has_pen(&s, a.layout().board, pens::GAME_OVER));
        while a.landing.step().is_some() {
            send(&mut s, &mut a, Input::Tick { ms: 20 });
        }
        assert!(!a.wants_ticks());
        assert!(has_pen(&s, a.layout().board, pens::GAME_OVER));
        let shown = s.surface.words().to_vec();
        send(&mut s, &mut a, Input::Tick { ms: 5000 });
        send(&mut s, &mut a, SPACE);
        assert!(s.surface.words() == &shown[..], "nothing moves after the end");
        s = check_incremental(&s, &mut a);
        // Return: no player's name, so it is asked for; Ctrl-C keeps the score out: the main
        // menu. Return again: a new game on an empty board; Ctrl-Esc gives up at once.
        send(&mut s, &mut a, RETURN);
        assert_eq!(a.view(), View::Name { at_game_end: true });
        send(&mut s, &mut a, Input::KeyDown(KeyPress::ctrl(b'c')));
        assert_eq!(a.view(), View::Menu);
        assert!(a.scores(6).is_empty());
        send(&mut s, &mut a, RETURN);
        assert_eq!(a.view(), View::Game);
        assert!(a.session().playing());
        assert_eq!(a.session().vm.board.hexagons(), 0);
        assert_eq!(a.session().pieces, 1);
        check_cells(&s, &a);
        s = check_incremental(&s, &mut a);
        send(&mut s, &mut a, Input::KeyDown(KeyPress::special(scancode::ESC, Shift::CONTROL)));
        assert!(matches!(a.session().state, SessionState::Over(_)));
        check_incremental(&s, &mut a);
    }

    fn a_landing_shows_its_destruction_step_by_step() {
        let mut s = Screen::new(W, H).unwrap();
        let mut a = TetrhexActivity::playing(&rules::ALL[1], 6, 5).unwrap();
        a.draw_all(&mut s.target());
        // Drops, each in the next column, until one destroys hexagons: its first step is up,
        // the board before the destruction with the landed piece in it, and a full redraw
        // shows the same.
        let mut drops: u32 = 0;
        let mut drop_until_a_show = |s: &mut Screen, a: &mut TetrhexActivity| {
            while a.landing.step().is_none() {
                assert!(a.session().playing() && drops < 300, "no destruction after {} drops", drops);
                let column = (drops % 9) as i32 - 4;
                let side = if column < 0 { scancode::LEFT } else { scancode::RIGHT };
                for _ in 0..column.unsigned_abs() {
                    send(s, a, key(side));
                }
                send(s, a, SPACE);
                drops += 1;
            }
        };
        drop_until_a_show(&mut s, &mut a);
        let count = a.session().vm.destruction.steps().len();
        // Seed 5 gives a chain reaction: two steps.
        assert_eq!(count, 2);
        let check_step = |s: &Screen, a: &TetrhexActivity, k: usize| {
            let board = &a.session().vm.board;
            let step = &a.session().vm.destruction.steps()[k];
            for id in 1..=board.cell_count() as i32 {
                let (c, y) = board.pos(id);
                let (colour, pattern) = step[id as usize - 1];
                let pen = centre_pen(s, a, c, y);
                if pattern == 0 {
                    assert_eq!(pen, pens::EMPTY, "step {} cell {} should be empty", k, id);
                } else {
                    assert_eq!(shade_of(pen), Some(colour), "step {} cell {} pen {}", k, id, pen);
                }
            }
        };
        check_step(&s, &a, 0);
        assert!(a.session().vm.board.hexagons() < count_hexagons(&a.session().vm.destruction.steps()[0]));
        s = check_incremental(&s, &mut a);
        // The game's time stands still while the steps are shown, each for STEP_MS.
        let now = a.session().now;
        assert!(a.wants_ticks());
        for k in 0..count {
            send(&mut s, &mut a, Input::Tick { ms: landing::STEP_MS - 1 });
            assert_eq!(a.landing.step(), Some(k));
            check_step(&s, &a, k);
            send(&mut s, &mut a, Input::Tick { ms: 1 });
            assert_eq!(a.session().now, now, "no game time during the show");
        }
        // Then the board as the engine holds it, with the next piece; the game goes on.
        assert_eq!(a.landing.step(), None);
        check_cells(&s, &a);
        s = check_incremental(&s, &mut a);
        send(&mut s, &mut a, Input::Tick { ms: 20 });
        assert_eq!(a.session().now, now + 20);
        // A key during a show ends it at once and acts: Left moves the new piece.
        drop_until_a_show(&mut s, &mut a);
        let at = a.session().piece.unwrap().at;
        send(&mut s, &mut a, key(scancode::LEFT));
        assert_eq!(a.landing.step(), None);
        assert_eq!(a.session().piece.unwrap().at.0, at.0 - 1, "the key was not lost");
        check_cells(&s, &a);
        check_incremental(&s, &mut a);
    }

    fn the_landing_show_counts_its_steps_time() {
        let mut g = Session::new(a_rule(), 6, 1).unwrap();
        let mut show = LandingShow::new(&g.vm.destruction);
        assert!(!show.notice(&g.vm.destruction), "nothing new");
        // A phase that destroyed nothing has no show; one with three steps has.
        g.vm.destruction.start();
        g.vm.destruction.stop();
        assert!(!show.notice(&g.vm.destruction));
        g.vm.destruction.start();
        for _ in 0..3 {
            let kept = g.vm.destruction.before(&g.vm.board);
            g.vm.destruction.after(kept, 1);
        }
        g.vm.destruction.stop();
        assert!(show.notice(&g.vm.destruction));
        assert!(!show.notice(&g.vm.destruction), "noticed once");
        assert_eq!(show.step(), Some(0));
        assert_eq!(show.advance(landing::STEP_MS - 1), Progress::Same);
        assert_eq!(show.advance(1), Progress::Step(1));
        // A long tick goes over several steps; what is left over is dropped.
        assert_eq!(show.advance(landing::STEP_MS + 10), Progress::Step(2));
        assert_eq!(show.advance(landing::STEP_MS - 11), Progress::Same);
        assert_eq!(show.advance(1), Progress::Done);
        assert_eq!(show.step(), None);
        assert_eq!(show.advance(1000), Progress::Same);
        assert!(!show.finish());
    }

    fn the_window_pause() {
        let (mut s, mut a) = game(5);
        let at = a.session().piece.unwrap().at;
        send(&mut s, &mut a, Input::FocusLost);
        assert!(a.session().window_paused && !a.wants_ticks());
        // The window is cleared: no hexagon left, "-- PAUSE --" in the middle.
        let all = Rect::new(0, 0, W, H);
        assert!(!any_pixel(&s, all, |p| shade_of(p).is_some()));
        assert!(has_pen(&s, all, pens::PAUSE));
        send(&mut s, &mut a, key(scancode::LEFT));
        send(&mut s, &mut a, Input::Tick { ms: 5000 });
        assert_eq!(a.session().piece.unwrap().at, at);
        // Back on top: phase Q, then the PAUS signal: the game waits in its own pause.
        send(&mut s, &mut a, Input::FocusGained);
        assert!(!a.session().window_paused);
        assert!(a.session().vm.paused);
        assert!(has_pen(&s, a.layout().pause, pens::PAUSE));
        check_cells(&s, &a);
        check_incremental(&s, &mut a);
    }

    fn esc_goes_back_and_control_keypad_sets_the_side() {
        let (mut s, mut a) = game(9);
        assert_eq!(send(&mut s, &mut a, ESC), ActivityReply::Back);
        assert_eq!(send(&mut s, &mut a, Input::KeyDown(KeyPress::ctrl(b'q'))), ActivityReply::Host(HostRequest::Quit));
        // During a game the keypad keys are the rule's; in the menu, Control and ( ) / *
        // choose sides 6 to 9 for the next game.
        send(&mut s, &mut a, ctrl(scancode::KP_STAR));
        assert_eq!(a.session().vm.board.size(), 6);
        send(&mut s, &mut a, Input::KeyDown(KeyPress::special(scancode::ESC, Shift::CONTROL)));
        send(&mut s, &mut a, ESC);
        assert_eq!(a.view(), View::Menu);
        let big = Screen::new(640, 480);
        let mut big = big.unwrap();
        a.input(&mut big.target(), &ctrl(scancode::KP_STAR));
        assert_eq!(a.session().vm.board.size(), 6, "the side is for the next game");
        a.input(&mut big.target(), &RETURN);
        assert_eq!(a.session().vm.board.size(), 9);
        assert_eq!(a.session().vm.board.cell_count(), 217);
        assert!(a.layout().board.bottom() <= 480 && a.layout().numbers[3].digits.right() <= 640);
        a.input(&mut big.target(), &Input::KeyDown(KeyPress::special(scancode::ESC, Shift::CONTROL)));
        a.input(&mut big.target(), &ESC);
        send(&mut s, &mut a, ctrl(scancode::KP_LPAREN));
        send(&mut s, &mut a, RETURN);
        assert_eq!(a.session().vm.board.cell_count(), 91);
        check_cells(&s, &a);
    }

    fn every_rule_is_an_entry_of_the_collection() {
        let mut s = Screen::new(W, H).unwrap();
        let mut app = App::new(b"tetrhex");
        app.draw_all(&mut s.target());
        assert_eq!(entries::count(), games::ALL.len() + rules::ALL.len());
        for (r, rule) in rules::ALL.iter().enumerate() {
            let n = games::ALL.len() + r;
            assert_eq!(entries::name(n), rule.name);
            assert!(crate::app::help::text(rule.name).is_some(), "no help for {}", rule.name);
            assert_eq!(app.command(&mut s.target(), Command::ChooseGame(n)), None);
            assert_eq!(app.title(), rule.name);
            // The presentation, a key: the main menu, Return: the game.
            assert!(!app.wants_ticks());
            assert_eq!(app.input(&mut s.target(), &SPACE), None);
            assert_eq!(app.input(&mut s.target(), &RETURN), None);
            assert!(app.wants_ticks());
            assert_eq!(app.input(&mut s.target(), &Input::Tick { ms: 20 }), None);
            // Esc: back at the start screen, the game waiting (no ticks there).
            assert_eq!(app.input(&mut s.target(), &ESC), None);
            assert!(app.at_start_screen());
            assert!(!app.wants_ticks());
        }
        // The start screen's menu lists them too.
        let bar = StartScreen::new().menu_bar();
        let games_menu = bar.menu("Games").unwrap();
        assert_eq!(games_menu.items().count(), entries::count());
    }

    fn the_presentation_then_the_menu_then_the_game() {
        let mut s = Screen::new(W, H).unwrap();
        let mut a = TetrhexActivity::new(&rules::ALL[0], 6, 31).unwrap();
        a.draw_all(&mut s.target());
        assert_eq!(a.view(), View::Presentation);
        assert!(!a.wants_ticks());
        // The six colours' hexagons are on it.
        for colour in 1..=6 {
            assert!(any_pixel(&s, Rect::new(0, 0, W, H), |p| shade_of(p) == Some(colour)), "colour {}", colour);
        }
        send(&mut s, &mut a, SPACE);
        assert_eq!(a.view(), View::Menu);
        assert!(!a.wants_ticks());
        assert!(has_pen(&s, Rect::new(0, 0, W, H), pens::RULE_NAME));
        // Ticks in the menu do not play the waiting game.
        send(&mut s, &mut a, Input::Tick { ms: 5000 });
        assert_eq!(a.session().vm.vars[12], TetrhexActivity::playing(&rules::ALL[0], 6, 31).unwrap().session().vm.vars[12]);
        send(&mut s, &mut a, key(scancode::HELP));
        assert_eq!(a.view(), View::Help { rule: false });
        send(&mut s, &mut a, ESC);
        assert_eq!(send(&mut s, &mut a, Input::KeyDown(KeyPress::ctrl(b'q'))), ActivityReply::Host(HostRequest::Quit));
        assert_eq!(send(&mut s, &mut a, key(scancode::TAB)), ActivityReply::None);
        assert_eq!(a.view(), View::Menu);
        // Return: the game the activity was made with, from its first piece.
        send(&mut s, &mut a, RETURN);
        assert_eq!(a.view(), View::Game);
        assert!(a.wants_ticks());
        let (fresh_screen, fresh) = game(31);
        assert_eq!(a.session().piece, fresh.session().piece);
        assert!(s.surface.words() == fresh_screen.surface.words(), "the game from the menu is drawn as a fresh one");
        assert_eq!(send(&mut s, &mut a, ESC), ActivityReply::Back, "Esc during a game: back to the collection");
    }

    fn function_keys_show_the_scores_by_tens() {
        let (mut s, mut a) = game(3);
        send(&mut s, &mut a, Input::KeyDown(KeyPress::special(scancode::ESC, Shift::CONTROL)));
        send(&mut s, &mut a, ESC);
        assert_eq!(a.view(), View::Menu);
        for (k, first) in [
            (key(scancode::F1), 0),
            (key(scancode::F1 + 2), 20),
            (key(scancode::F10), 90),
            (Input::KeyDown(KeyPress::special(scancode::F1 + 1, Shift::LEFT_SHIFT)), 110),
            (key(0x54), 100),
            (key(0x5D), 190),
        ] {
            send(&mut s, &mut a, ESC);
            assert_eq!(a.view(), View::Menu);
            send(&mut s, &mut a, k);
            assert_eq!(a.view(), View::Scores { first, mark: None });
        }
        // On the scores, another Fn turns the page; Esc is the menu again.
        send(&mut s, &mut a, key(scancode::F1 + 1));
        assert_eq!(a.view(), View::Scores { first: 10, mark: None });
        // Down and Up: ten ranks on or back, from F1's page to F20's and no further (F10's
        // page reached from F9's where the host keeps F10 for its menus).
        send(&mut s, &mut a, key(scancode::UP));
        assert_eq!(a.view(), View::Scores { first: 0, mark: None });
        send(&mut s, &mut a, key(scancode::UP));
        assert_eq!(a.view(), View::Scores { first: 0, mark: None }, "nothing before rank 1");
        send(&mut s, &mut a, key(scancode::F1 + 8));
        send(&mut s, &mut a, key(scancode::DOWN));
        assert_eq!(a.view(), View::Scores { first: 90, mark: None });
        for _ in 0..12 {
            send(&mut s, &mut a, key(scancode::DOWN));
        }
        assert_eq!(a.view(), View::Scores { first: 190, mark: None }, "F20's page is the last");
        send(&mut s, &mut a, ESC);
        assert_eq!(a.view(), View::Menu);
        // The keys' line says where Down and Up go.
        use super::score_table::keys_hint;
        assert_eq!(keys_hint(0), "Down: ranks 11 to 20   Esc: main menu");
        assert_eq!(keys_hint(90), "Down, Up: other ranks   Esc: main menu");
        assert_eq!(keys_hint(190), "Up: ranks 181 to 190   Esc: main menu");
    }

    fn a_game_over_enters_the_players_score() {
        let (mut s, mut a) = game(12);
        a.set_player("Ada\u{7}Lovelace, the first programmer");
        assert_eq!(a.player(), "AdaLovelace, the first ", "printable characters only, 23 at most");
        let score = play_to_the_end(&mut s, &mut a);
        assert!(score > 0, "the scripted game scores nothing");
        send(&mut s, &mut a, RETURN);
        assert_eq!(a.view(), View::Scores { first: 0, mark: Some(0) });
        let table = a.scores(6);
        assert_eq!(table.len(), 1);
        assert_eq!(table[0].score, score as u32);
        assert_eq!(&table[0].name, b"AdaLovelace, the first \0");
        assert!(has_pen(&s, Rect::new(0, 0, W, H), pens::PROMPT), "the new rank is shown in the prompt's colour");
        // A second game: its score goes above or below the first.
        send(&mut s, &mut a, ESC);
        send(&mut s, &mut a, RETURN);
        a.set_player("Bob");
        let second = play_to_the_end(&mut s, &mut a);
        assert!(second > 0, "the second game scores");
        // Esc after the end enters the score too: leaving never loses it.
        send(&mut s, &mut a, ESC);
        let table = a.scores(6);
        let rank = if second > score { 0 } else { 1 };
        if second > 0 {
            assert_eq!(a.view(), View::Scores { first: 0, mark: Some(rank) });
            assert_eq!(table.len(), 2);
            assert_eq!(table[rank].score, second as u32);
            assert!(table[0].score >= table[1].score);
        } else {
            assert_eq!(a.view(), View::Menu);
        }
        // Without a name, it is asked for at the end, in a box at the top left over the
        // ended game; an empty name cannot be validated; the name typed becomes the player's.
        send(&mut s, &mut a, ESC);
        a.set_player("");
        send(&mut s, &mut a, RETURN);
        let before = a.scores(6).len();
        let third = play_to_the_end(&mut s, &mut a);
        send(&mut s, &mut a, RETURN);
        if !a.score_enters(third as u32) {
            assert_eq!(a.view(), View::Menu);
            return;
        }
        assert_eq!(a.view(), View::Name { at_game_end: true });
        assert!(has_pen(&s, a.layout().board, pens::GAME_OVER), "the ended game stays under the box");
        let corner = Rect::new(0, 0, 60, 12);
        assert!(has_pen(&s, corner, pens::FRAME[1]) && has_pen(&s, corner, pens::HINT), "the box at the top left");
        send(&mut s, &mut a, RETURN);
        assert_eq!(a.view(), View::Name { at_game_end: true });
        for c in *b"Cy" {
            send(&mut s, &mut a, Input::KeyDown(KeyPress::char(c)));
        }
        assert!(has_pen(&s, corner, pens::PROMPT), "the name typed is shown");
        send(&mut s, &mut a, RETURN);
        assert_eq!(a.player(), "Cy");
        assert_eq!(a.scores(6).len(), before + 1);
        assert!(matches!(a.view(), View::Scores { mark: Some(r), .. } if &a.scores(6)[r].name[..3] == b"Cy\0"));
    }

    fn the_help_viewer_and_the_players_name_from_the_menu() {
        let mut s = Screen::new(W, H).unwrap();
        let mut a = TetrhexActivity::new(&rules::ALL[0], 6, 8).unwrap();
        a.draw_all(&mut s.target());
        send(&mut s, &mut a, SPACE);
        // Shift-Help: the rule's help, from its first line; Down scrolls a line, Esc leaves.
        send(&mut s, &mut a, Input::KeyDown(KeyPress::special(scancode::HELP, Shift::RIGHT_SHIFT)));
        assert_eq!(a.view(), View::Help { rule: true });
        let help = a.help.as_ref().unwrap();
        assert!(help.line_count() > help.page(), "the rule's help is longer than a page");
        assert!(help.line_text(0).contains("TETRHEX") || !help.line_text(0).is_empty());
        let area = TetrhexActivity::help_area(Rect::new(0, 0, W, H));
        // The text in the help's pen (option -ch's colour).
        assert!(has_pen(&s, area, pens::HELP_TEXT));
        let before = s.surface.words().to_vec();
        send(&mut s, &mut a, key(scancode::DOWN));
        assert_eq!(a.help.as_ref().unwrap().top(), 1);
        assert!(s.surface.words() != &before[..], "scrolling redraws the text");
        let mut fresh = Screen::new(W, H).unwrap();
        a.draw_all(&mut fresh.target());
        assert!(s.surface.words() == fresh.surface.words(), "the scrolled text equals a full redraw");
        // A resize lays the text out again for the new region.
        let mut wide = Screen::new(640, 200).unwrap();
        let narrow_lines = a.help.as_ref().unwrap().line_count();
        a.input(&mut wide.target(), &Input::Resize);
        assert_eq!(a.view(), View::Help { rule: true });
        assert!(a.help.as_ref().unwrap().line_count() < narrow_lines, "fewer lines once wide enough");
        send(&mut s, &mut a, Input::Resize);
        send(&mut s, &mut a, ESC);
        assert_eq!(a.view(), View::Menu);
        // Help: the help on TETRHEX in the same viewer.
        send(&mut s, &mut a, key(scancode::HELP));
        assert_eq!(a.view(), View::Help { rule: false });
        assert!(a.help.as_ref().unwrap().line_count() > 0);
        send(&mut s, &mut a, ESC);
        // N: the name box; the name typed is the player's, shown in the menu; an empty name
        // from the menu means no player.
        send(&mut s, &mut a, Input::KeyDown(KeyPress::char(b'n')));
        assert_eq!(a.view(), View::Name { at_game_end: false });
        for c in *b"Zoe" {
            send(&mut s, &mut a, Input::KeyDown(KeyPress::char(c)));
        }
        send(&mut s, &mut a, RETURN);
        assert_eq!(a.view(), View::Menu);
        assert_eq!(a.player(), "Zoe");
        // The mini-buffer: Z, then Up recalls "oe".
        send(&mut s, &mut a, Input::KeyDown(KeyPress::char(b'n')));
        send(&mut s, &mut a, Input::KeyDown(KeyPress::char(b'Z')));
        send(&mut s, &mut a, key(scancode::UP));
        send(&mut s, &mut a, RETURN);
        assert_eq!(a.player(), "Zoe");
        send(&mut s, &mut a, Input::KeyDown(KeyPress::char(b'n')));
        send(&mut s, &mut a, RETURN);
        assert_eq!(a.player(), "");
        assert!(!has_pen(&s, Rect::new(0, 0, W, H / 3), pens::FRAME[1]), "the box is gone with the menu drawn again");
    }

    fn ctrl_tab_is_offered_where_the_host_can_send_its_window_back() {
        let mut s = Screen::new(W, H).unwrap();
        let mut a = TetrhexActivity::new(&rules::ALL[0], 6, 8).unwrap();
        a.draw_all(&mut s.target());
        send(&mut s, &mut a, SPACE);
        assert_eq!(a.view(), View::Menu);
        // A host that cannot (full screen, an AES without WF_BOTTOM): not listed, and
        // Ctrl-Tab does nothing.
        assert!(!a.menu_lines.items.iter().flatten().any(|(c, _)| *c == Choice::Background));
        assert_eq!(send(&mut s, &mut a, ctrl(scancode::TAB)), ActivityReply::None);
        assert_eq!(a.view(), View::Menu);
        // One that can: listed, between the scores and Quit; Ctrl-Tab or a click on its line
        // asks the host; the menu stays. Tab alone is nothing.
        a.set_host_features(HostFeatures { background: true });
        a.draw_all(&mut s.target());
        let (bx, by) = item_at(&a, Choice::Background);
        assert!(item_at(&a, Choice::Scores(1)).1 < by && by < item_at(&a, Choice::Quit).1);
        assert_eq!(send(&mut s, &mut a, ctrl(scancode::TAB)), ActivityReply::Host(HostRequest::ToBackground));
        assert_eq!(a.view(), View::Menu);
        assert_eq!(click(&mut s, &mut a, bx, by), ActivityReply::Host(HostRequest::ToBackground));
        assert_eq!(send(&mut s, &mut a, key(scancode::TAB)), ActivityReply::None);
        // During a game Ctrl-Tab is not the menu's (the rule's keys, or nothing).
        send(&mut s, &mut a, RETURN);
        assert_eq!(a.view(), View::Game);
        assert_ne!(send(&mut s, &mut a, ctrl(scancode::TAB)), ActivityReply::Host(HostRequest::ToBackground));
    }

    fn the_collection_tells_its_tetrhex_games_what_the_host_can_do() {
        let mut s = Screen::new(W, H).unwrap();
        let first_rule = games::ALL.len();
        let to_menu = |s: &mut Screen, app: &mut App, n: usize| {
            app.command(&mut s.target(), Command::ChooseGame(n));
            app.input(&mut s.target(), &SPACE);
        };
        // Told before the game starts, and a game left waiting told afterwards.
        let mut app = App::new(b"t");
        app.draw_all(&mut s.target());
        app.set_host_features(HostFeatures { background: true });
        to_menu(&mut s, &mut app, first_rule);
        assert_eq!(app.input(&mut s.target(), &ctrl(scancode::TAB)), Some(HostRequest::ToBackground));
        app.input(&mut s.target(), &ESC);
        app.set_host_features(HostFeatures::default());
        to_menu(&mut s, &mut app, first_rule);
        assert_eq!(app.input(&mut s.target(), &ctrl(scancode::TAB)), None);
        // A rule started by the options (`with_activity`), told by its host afterwards.
        let activity = TetrhexActivity::new(&rules::ALL[1], 6, 3).unwrap();
        let mut app = App::with_activity(Box::new(activity), b"t");
        app.draw_all(&mut s.target());
        app.set_host_features(HostFeatures { background: true });
        app.input(&mut s.target(), &SPACE);
        assert_eq!(app.input(&mut s.target(), &ctrl(scancode::TAB)), Some(HostRequest::ToBackground));
    }

    fn the_menu_is_clicked() {
        let mut s = Screen::new(W, H).unwrap();
        let mut a = TetrhexActivity::new(&rules::ALL[0], 6, 8).unwrap();
        a.draw_all(&mut s.target());
        click(&mut s, &mut a, 5, 5);
        assert_eq!(a.view(), View::Menu);
        // A click outside the items does nothing; holding the button is one click.
        assert_eq!(click(&mut s, &mut a, 0, H - 1), ActivityReply::None);
        assert_eq!(a.view(), View::Menu);
        let (x, y) = item_at(&a, Choice::Scores(1));
        click(&mut s, &mut a, x, y);
        assert_eq!(a.view(), View::Scores { first: 0, mark: None });
        click(&mut s, &mut a, x, y);
        assert_eq!(a.view(), View::Menu);
        let (hx, hy) = item_at(&a, Choice::ProgramHelp);
        click(&mut s, &mut a, hx, hy);
        assert_eq!(a.view(), View::Help { rule: false });
        send(&mut s, &mut a, ESC);
        let (qx, qy) = item_at(&a, Choice::Quit);
        assert_eq!(click(&mut s, &mut a, qx, qy), ActivityReply::Host(HostRequest::Quit));
        let (px, py) = item_at(&a, Choice::Play);
        send(&mut s, &mut a, Input::Mouse { x: px, y: py, buttons: Buttons::LEFT, shift: Shift::empty() });
        assert_eq!(a.view(), View::Game);
        send(&mut s, &mut a, Input::Mouse { x: px + 1, y: py, buttons: Buttons::LEFT, shift: Shift::empty() });
        assert_eq!(a.view(), View::Game);
    }

    fn scores_are_kept_in_the_rule_file_beside_the_program() {
        let disk = Rc::new(RefCell::new(MemoryDisk::default()));
        let date = DateTime { year: 1996, month: 1, day: 24, hour: 21, minute: 30, second: 4 }.pack();
        disk.borrow_mut().clock = date;
        let shared: SharedRuleDisk = disk.clone();
        let mut s = Screen::new(W, H).unwrap();
        // No file yet: the built-in rule; the first score writes the file with it.
        let mut a = TetrhexActivity::with_disk(&rules::ALL[0], 6, 12, shared.clone()).unwrap();
        a.set_player("Ada");
        a.draw_all(&mut s.target());
        send(&mut s, &mut a, SPACE);
        send(&mut s, &mut a, RETURN);
        let score = play_to_the_end(&mut s, &mut a) as u32;
        assert_eq!(send(&mut s, &mut a, RETURN), ActivityReply::None);
        assert_eq!(a.view(), View::Scores { first: 0, mark: Some(0) });
        let file = disk.borrow().file("TETRHEX.RUL").expect("the rule file is written").to_vec();
        let saved = load(&file).unwrap();
        assert_eq!(saved.scores[0].len(), 1);
        assert_eq!((saved.scores[0][0].score, saved.scores[0][0].date), (score, date));
        assert_eq!(&saved.scores[0][0].name[..4], b"Ada\0");
        assert!(with_scores(&file, &Default::default()).unwrap() == rules::ALL[0].file, "only the scores changed");
        assert_eq!(disk.borrow().files.len(), 1, "no temporary file left");
        // A new start reads the file: the score is there.
        let b = TetrhexActivity::with_disk(&rules::ALL[0], 6, 1, shared.clone()).unwrap();
        assert_eq!(b.scores(6), &saved.scores[0][..]);
        // A save that fails (the disk refuses the rename of the old file): an error to show,
        // the file as it was, the score kept for the rest of the program.
        send(&mut s, &mut a, ESC);
        send(&mut s, &mut a, RETURN);
        let second = play_to_the_end(&mut s, &mut a) as u32;
        let ops = disk.borrow().operations;
        disk.borrow_mut().failing = alloc::vec![ops + 3];
        let reply = send(&mut s, &mut a, RETURN);
        assert!(matches!(&reply, ActivityReply::Host(HostRequest::Error(why)) if why.starts_with("The score could not be saved")), "{:?}", reply);
        assert!(disk.borrow().file("TETRHEX.RUL").unwrap() == &file[..], "the rule file is unchanged");
        assert_eq!(a.scores(6).len(), 2);
        assert!(a.scores(6).iter().any(|e| e.score == second));
        // A file that is not a rule: the start stops with the reason, the file stays.
        disk.borrow_mut().files[0].1 = b"RUL3 but not really".to_vec();
        let bad = TetrhexActivity::with_disk(&rules::ALL[0], 6, 1, shared);
        assert!(
            matches!(&bad, Err(why) if why.message.contains("TETRHEX.RUL") && why.exit_code() == 8),
            "{:?}",
            bad.as_ref().err()
        );
        assert_eq!(disk.borrow().file("TETRHEX.RUL").unwrap(), b"RUL3 but not really");
    }

    fn the_options_are_honoured() {
        let o = options::parse(None, b"-n 8 -p 'Kim' -u -b 200 100 50 40 20 10 -vhc 1 2 3 4 5 6 7 255 -l 2", &mut |_| {
            Err("no files".into())
        })
        .unwrap();
        let mut s = Screen::new(640, 480).unwrap();
        let mut a = TetrhexActivity::new(&rules::ALL[0], 6, 4).unwrap();
        a.apply_options(&o, None);
        a.draw_all(&mut s.target());
        assert_eq!(a.player(), "Kim");
        // -b and -vhc: the frame's front plane and the brightest yellow (colour 6).
        assert_eq!(s.palette.get(pens::FRAME[0]), crate::gfx::Colour::rgb(200, 100, 50));
        assert_eq!(s.palette.get(pens::FRAME[3]), crate::gfx::Colour::rgb(80, 40, 20));
        assert_eq!(s.palette.get(pens::SHADES + 5 * 8 + 7), crate::gfx::Colour::rgb(255, 255, 0x80));
        assert_eq!(s.palette.get(pens::SHADES + 2 * 8), crate::gfx::Colour::rgb(0, 1, 1), "cyan, darkest");
        // -l 2: the French help.
        let french = a.rule.help.iter().position(|h| country_of(h.lang) == 2);
        assert!(french.is_some() && a.help_language == french);
        // -u: no name item in the menu, and a game's end enters nothing.
        send_to(&mut s, &mut a, SPACE);
        assert!(a.menu_lines.items.iter().flatten().all(|(c, _)| *c != Choice::PlayerName));
        send_to(&mut s, &mut a, Input::KeyDown(KeyPress::char(b'n')));
        assert_eq!(a.view(), View::Menu);
        // -n 8: the first game is on a board of side 8.
        send_to(&mut s, &mut a, RETURN);
        assert_eq!(a.session().vm.board.size(), 8);
        send_to(&mut s, &mut a, Input::KeyDown(KeyPress::special(scancode::ESC, Shift::CONTROL)));
        send_to(&mut s, &mut a, RETURN);
        assert_eq!(a.view(), View::Menu);
        assert!(a.scores(8).is_empty());
    }

    fn option_ch_colours_the_help_text() {
        let parsed = |line: &[u8]| options::parse(None, line, &mut |_| Err("no files".into())).unwrap();
        // The help on TETRHEX through the menu's Help key, with and without -ch.
        let help = |o: &Options| {
            let mut s = Screen::new(W, H).unwrap();
            let mut a = TetrhexActivity::new(&rules::ALL[0], 6, 4).unwrap();
            a.apply_options(o, None);
            a.draw_all(&mut s.target());
            send(&mut s, &mut a, SPACE);
            send(&mut s, &mut a, key(scancode::HELP));
            assert_eq!(a.view(), View::Help { rule: false });
            (s, a)
        };
        let (s, _) = help(&parsed(b""));
        assert_eq!(s.palette.get(pens::HELP_TEXT), crate::gfx::Colour::WHITE, "white by default");
        let (mut s, mut a) = help(&parsed(b"-ch 10 200 30"));
        let area = TetrhexActivity::help_area(Rect::new(0, 0, W, H));
        assert!(has_pen(&s, area, pens::HELP_TEXT), "the text is in the help pen");
        assert_eq!(s.palette.get(pens::HELP_TEXT), crate::gfx::Colour::rgb(10, 200, 30));
        assert_ne!(s.palette.get(pens::PROMPT), s.palette.get(pens::HELP_TEXT), "not the rule's prompt colour");
        // Scrolled, the text keeps its pen; the rule's help too.
        send(&mut s, &mut a, key(scancode::DOWN));
        assert!(has_pen(&s, area, pens::HELP_TEXT));
        send(&mut s, &mut a, ESC);
        send(&mut s, &mut a, Input::KeyDown(KeyPress::special(scancode::HELP, Shift::LEFT_SHIFT)));
        assert_eq!(a.view(), View::Help { rule: true });
        assert!(has_pen(&s, area, pens::HELP_TEXT));
    }

    fn option_cp_is_the_window_pauses_pen() {
        let all = Rect::new(0, 0, W, H);
        // Without -cp: the rule's pause colour.
        let (mut s, mut a) = game(5);
        send(&mut s, &mut a, Input::FocusLost);
        assert!(has_pen(&s, all, pens::PAUSE));
        // -cp 3: the fourth of the system's 16 colours, and nothing in the rule's.
        let o = options::parse(None, b"-cp 3", &mut |_| Err("no files".into())).unwrap();
        let (mut s, mut a) = game(5);
        a.apply_options(&o, None);
        a.draw_all(&mut s.target());
        send(&mut s, &mut a, Input::FocusLost);
        assert!(has_pen(&s, all, 3));
        assert!(!has_pen(&s, all, pens::PAUSE));
        // Back on top: the game pause (action +8) keeps the rule's colour at the top left.
        send(&mut s, &mut a, Input::FocusGained);
        assert!(a.session().vm.paused);
        assert!(has_pen(&s, a.layout().pause, pens::PAUSE));
        assert!(!has_pen(&s, all, 3));
    }

    fn undo_in_the_menu_loads_another_rule_from_the_disk() {
        // Without a disk there is nothing to load from: no item, Undo does nothing.
        let mut s = Screen::new(W, H).unwrap();
        let mut a = TetrhexActivity::new(&rules::ALL[0], 6, 5).unwrap();
        a.draw_all(&mut s.target());
        send(&mut s, &mut a, SPACE);
        assert!(a.menu_lines.items.iter().flatten().all(|(c, _)| *c != Choice::LoadRule));
        assert_eq!(send(&mut s, &mut a, key(scancode::UNDO)), ActivityReply::None);
        // A disk with a rule holding a best score, and a file that is not a rule.
        let mut tables: [Vec<ScoreEntry>; 4] = Default::default();
        tables[0].push(ScoreEntry::new(b"Eve", 4321, 0));
        let cols = with_scores(rules::ALL[1].file, &tables).unwrap();
        let disk = Rc::new(RefCell::new(MemoryDisk::with_files(&[("A:\\RULES\\COLS.RUL", &cols), ("BAD.RUL", b"RUL?")])));
        let shared: SharedRuleDisk = disk.clone();
        let mut a = TetrhexActivity::with_disk(&rules::ALL[0], 6, 5, shared).unwrap();
        a.set_player("Max");
        a.draw_all(&mut s.target());
        send(&mut s, &mut a, SPACE);
        let (x, y) = item_at(&a, Choice::LoadRule);
        assert_eq!(click(&mut s, &mut a, x, y), ActivityReply::Host(HostRequest::PickRuleToLoad));
        assert_eq!(send(&mut s, &mut a, key(scancode::UNDO)), ActivityReply::Host(HostRequest::PickRuleToLoad));
        // A bad file: the reason, and the rule stays.
        let reply = a.command(&mut s.target(), Command::LoadRuleFile("BAD.RUL".into()));
        assert!(matches!(&reply, ActivityReply::Host(HostRequest::Error(why)) if why.contains("BAD.RUL")), "{:?}", reply);
        assert_eq!(a.title(), "Tetrhex");
        let reply = a.command(&mut s.target(), Command::LoadRuleFile("A:\\NONE.RUL".into()));
        assert!(matches!(&reply, ActivityReply::Host(HostRequest::Error(why)) if why.contains("NONE.RUL")), "{:?}", reply);
        // The good one: its rule, its scores, the same player, the menu drawn again.
        let reply = a.command(&mut s.target(), Command::LoadRuleFile("A:\\RULES\\COLS.RUL".into()));
        assert_eq!(reply, ActivityReply::None);
        let want = load(&cols).unwrap();
        assert_eq!(a.title().as_bytes(), want.name_str());
        assert_eq!(a.view(), View::Menu);
        assert_eq!(a.player(), "Max");
        assert_eq!(a.scores(6), &want.scores[0][..]);
        assert_eq!(a.disk.as_ref().map(|(_, p)| p.as_str()), Some("A:\\RULES\\COLS.RUL"));
        let mut fresh = Screen::new(W, H).unwrap();
        a.draw_all(&mut fresh.target());
        assert!(s.surface.words() == fresh.surface.words(), "the menu is drawn for the new rule");
        assert!(disk.borrow().file("A:\\RULES\\COLS.RUL").unwrap() == &cols[..], "reading changes nothing");
    }

    fn a_rule_loaded_by_undo_keeps_the_language_l_chose() {
        // Hexcolumns has its help in French and in English; `-l 2` (French) chosen before
        // Tetrhex is left for it by Undo, and `-l ?` with the system's language French.
        let languages = |rule: &RuleFile| -> Vec<u8> { rule.help.iter().map(|h| country_of(h.lang)).collect() };
        let cols = load(rules::ALL[1].file).unwrap();
        let french = languages(&cols).iter().position(|&c| c == 2).expect("Hexcolumns has a French help");
        let english = languages(&cols).iter().position(|&c| c == 3).expect("and an English one (3, the UK)");
        let disk: SharedRuleDisk =
            Rc::new(RefCell::new(MemoryDisk::with_files(&[("COLS.RUL", rules::ALL[1].file)])));
        for (prefs, system, want) in [
            (vec![options::LanguagePreference::Code(2)], None, french),
            (vec![options::LanguagePreference::System], Some(2), french),
            (DEFAULT_LANGUAGES.to_vec(), None, english),
        ] {
            let mut s = Screen::new(W, H).unwrap();
            let mut a = TetrhexActivity::with_disk(&rules::ALL[0], 6, 5, disk.clone()).unwrap();
            let options = Options { languages: prefs, ..Options::default() };
            a.apply_options(&options, system);
            a.draw_all(&mut s.target());
            send(&mut s, &mut a, SPACE);
            assert_eq!(a.command(&mut s.target(), Command::LoadRuleFile("COLS.RUL".into())), ActivityReply::None);
            assert_eq!(a.title().as_bytes(), cols.name_str());
            assert_eq!(a.help_language, Some(want), "{:?} {:?}", options.languages, system);
        }
    }
}

/// The scripted game's screens and state, for the 68030 to draw the same.
fn scripted_game_digest() -> u64 {
    let (mut s, mut a) = game(77);
    let mut d = Digest::new();
    let steps = [
        Input::Tick { ms: 700 },
        key(scancode::LEFT),
        key(scancode::DOWN),
        SPACE,
        key(scancode::HELP),
        key(scancode::RIGHT),
        key(scancode::RIGHT),
        SPACE,
        key(scancode::UNDO),
        Input::Tick { ms: 1500 },
        RETURN,
        Input::Tick { ms: 2500 },
    ];
    for input in steps {
        send(&mut s, &mut a, input);
        d.u64(screenshot_digest(&s.surface, &s.palette));
    }
    d.u32(a.session().vm.vars[10] as u32);
    d.u32(a.session().pieces);
    d.finish()
}

crate::value_cases! {
    fn scripted_game_screens() -> u64 {
        scripted_game_digest()
    }
}

/// Plays `a` until its end: drops, with the piece sent `k % 5 − 2` columns sideways first;
/// the final score.
fn play_to_the_end(s: &mut Screen, a: &mut TetrhexActivity) -> i32 {
    let mut k: u32 = 0;
    while a.session().playing() && k < 400 {
        let side = if k % 5 < 2 { scancode::LEFT } else { scancode::RIGHT };
        for _ in 0..(k % 5).abs_diff(2) {
            send(s, a, key(side));
        }
        send(s, a, SPACE);
        k += 1;
    }
    match a.session().state {
        SessionState::Over(score) => score,
        other => panic!("{:?} after {} pieces", other, k),
    }
}

/// The hexagons of a kept board.
fn count_hexagons(board: &[crate::rul::destruction::Hexagon]) -> usize {
    board.iter().filter(|h| h.1 != 0).count()
}

/// A rule file loaded, for the sessions that tests make by hand.
fn a_rule() -> &'static crate::rul::model::RuleFile {
    super::kept_rules::rule(rules::ALL[1].file).unwrap()
}

/// `input` to `a` on `s` (any size).
fn send_to(s: &mut Screen, a: &mut TetrhexActivity, input: Input) -> ActivityReply {
    a.input(&mut s.target(), &input)
}

/// A click of the left button at (`x`, `y`): its press and its release.
fn click(s: &mut Screen, a: &mut TetrhexActivity, x: i32, y: i32) -> ActivityReply {
    let press = Input::Mouse { x, y, buttons: Buttons::LEFT, shift: Shift::empty() };
    let reply = send(s, a, press);
    send(s, a, Input::Mouse { x, y, buttons: Buttons::empty(), shift: Shift::empty() });
    reply
}

/// Where the menu's item `choice` is (its line's middle).
fn item_at(a: &TetrhexActivity, choice: Choice) -> (i32, i32) {
    let (_, r) = a.menu_lines.items.iter().flatten().find(|(c, _)| *c == choice).expect("item not listed");
    (r.x + r.w / 2, r.y + r.h / 2)
}
