//! The attract mode's pacing (host and 68030).

use super::*;
use crate::app::tetrhex::rules;
use crate::frontend::fullscreen::attract::{RULE_STEPS, UNDO};
use crate::games;
use crate::keyboard::scancode;
use alloc::vec::Vec;

/// What the app was given, in order: a tick, or an action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Given {
    Tick,
    Act(Action),
}

/// An app as the pacer sees it: a TETRHEX game wants ticks from Return (its game started)
/// until Esc (left); a puzzle wants `animation` ticks after each key.
struct FakeApp {
    playing: bool,
    animation: u32,
    in_rule: bool,
}

impl FakeApp {
    fn wants_ticks(&self) -> bool {
        self.playing || self.animation > 0
    }

    fn give(&mut self, g: Given) {
        match g {
            Given::Tick => self.animation = self.animation.saturating_sub(1),
            Given::Act(Action::Choose(n)) => self.in_rule = n >= games::ALL.len(),
            Given::Act(Action::Key(k)) if self.in_rule => {
                if k.scancode == scancode::RETURN {
                    self.playing = true;
                }
                if k.scancode == scancode::ESC {
                    self.playing = false;
                }
            }
            Given::Act(Action::Key(_)) => self.animation = 7,
            Given::Act(_) => {}
        }
    }
}

/// Runs the whole script with a clock that moves by the steps of `clock` in turn (a slow or
/// uneven loop), pressing a key whenever a screen is shown under `hold`; what the app was
/// given, and the time it took.
fn run(clock: &[u32], hold: bool) -> (Vec<Given>, u32) {
    let mut app = FakeApp { playing: false, animation: 0, in_rule: false };
    let mut now = 1000u32;
    let mut pacer = Pacer::new(hold, now);
    let mut given = Vec::new();
    for i in 0..1_000_000 {
        match pacer.next(now, app.wants_ticks()) {
            Next::Tick => {
                given.push(Given::Tick);
                app.give(Given::Tick);
            }
            Next::Act(Action::Quit) => return (given, now - 1000),
            Next::Act(a) => {
                given.push(Given::Act(a));
                app.give(Given::Act(a));
            }
            Next::Wait => {
                if hold && pacer.showing() {
                    pacer.key(now);
                }
                now += clock[i % clock.len()];
            }
        }
    }
    panic!("the script did not end");
}

crate::test_cases! {
    fn the_app_is_given_the_same_ticks_and_actions_however_the_clock_runs() {
        let (steady, _) = run(&[9], false);
        assert_eq!(run(&[20], false).0, steady);
        assert_eq!(run(&[7, 33, 1, 150], false).0, steady);
        assert_eq!(run(&[3000], false).0, steady);
        // Under `hold` too: a screen waits for a key, nothing moves meanwhile.
        assert_eq!(run(&[13], true).0, steady);
    }

    fn a_rule_in_play_gets_exactly_the_script_ticks_between_its_keys() {
        let (given, _) = run(&[10], false);
        let first_rule = games::ALL.len();
        let start = given.iter().position(|g| *g == Given::Act(Action::Choose(first_rule))).unwrap();
        let acts: Vec<usize> = (start..given.len()).filter(|&i| matches!(given[i], Given::Act(_))).collect();
        // After Return (the game started: it wants ticks from then on), each step gets the
        // ticks of its pace before it, none after a screen shown.
        for (k, w) in acts.windows(2).enumerate().skip(2).take(RULE_STEPS.len() - 2) {
            let ticks = w[1] - w[0] - 1;
            let want = match RULE_STEPS[k].pace {
                Pace::Ticks(n) => n as usize,
                Pace::Settled => panic!("a step in play waits for the app to settle"),
            };
            assert_eq!(ticks, want, "before step {k} ({:?})", RULE_STEPS[k].action);
        }
        // The game pause is asked for right after the first screen: no tick between.
        let shown = acts.iter().position(|&i| matches!(given[i], Given::Act(Action::Show(_)))).unwrap();
        assert_eq!(given[acts[shown] + 1], Given::Act(Action::Key(UNDO)));
        assert_eq!(given.iter().filter(|g| matches!(g, Given::Act(Action::Choose(_)))).count(),
                   games::ALL.len() + rules::ALL.len());
    }

    fn a_puzzle_animation_runs_out_before_the_next_action() {
        let (given, _) = run(&[10], false);
        let first_puzzle = given.iter().position(|g| *g == Given::Act(Action::Choose(0))).unwrap();
        let mut animation = 0;
        for g in &given[first_puzzle..] {
            match g {
                Given::Tick => animation -= 1,
                Given::Act(Action::Key(_)) => {
                    assert_eq!(animation, 0);
                    animation = 7;
                }
                Given::Act(_) => assert_eq!(animation, 0),
            }
        }
    }

    fn the_ticks_keep_the_real_pace_and_the_screens_their_time() {
        // A step paced by ticks takes their time, one TICK_MS each (a tick or an empty
        // slot); one that waits for the app PAUSE_MS after the last action (within a shown
        // screen's time when it comes after one), a screen SHOW_MS. A clock that steps
        // 4 ms at a time is late by less than a step at each action.
        let step = 4;
        let (given, took) = run(&[step], false);
        let mut script = Attract::new();
        let (mut want, mut after_show, mut actions) = (0, false, 0);
        loop {
            let s = script.advance();
            actions += 1;
            want += match s.pace {
                Pace::Ticks(n) => n * TICK_MS,
                Pace::Settled if after_show => 0,
                Pace::Settled => PAUSE_MS,
            };
            after_show = matches!(s.action, Action::Show(_));
            if after_show {
                want += SHOW_MS;
            }
            if s.action == Action::Quit {
                break;
            }
        }
        assert_eq!(actions, given.iter().filter(|g| matches!(g, Given::Act(_))).count() as u32 + 1);
        assert!(took >= want && took < want + actions * step, "took {took} ms, want {want}");
    }

    fn a_slow_loop_catches_up_a_few_ticks_and_no_more() {
        let mut p = Pacer::new(false, 0);
        // The first rule: chosen once PAUSE_MS have passed, its presentation left with Space.
        assert_eq!(p.next(0, false), Next::Wait);
        assert!(matches!(p.next(PAUSE_MS, false), Next::Act(Action::Choose(_))));
        assert!(matches!(p.next(2 * PAUSE_MS, false), Next::Act(Action::Key(_))));
        // Return's pace: 25 slots; 70 ms late, the slots due are taken at once, in a row.
        let t = 2 * PAUSE_MS + TICK_MS + 70;
        let ticks = core::iter::from_fn(|| Some(p.next(t, true))).take_while(|n| *n == Next::Tick).count();
        assert_eq!(ticks, 1 + 70 / TICK_MS as usize);
        // Far behind (a long frame), one slot and then the real pace again.
        let t = t + 10 * CATCH_UP_MS;
        assert_eq!(p.next(t, true), Next::Tick);
        assert_eq!(p.next(t, true), Next::Wait);
        assert_eq!(p.next(t + TICK_MS, true), Next::Tick);
    }

    fn a_key_ends_a_screen_shown_and_hold_waits_for_it() {
        for hold in [false, true] {
            let mut p = Pacer::new(hold, 0);
            let mut now = 0;
            while !matches!(p.next(now, false), Next::Act(Action::Show(_))) {
                now += 1;
            }
            let shown_at = now;
            assert!(p.showing());
            // Under hold nothing more happens, however long; else until SHOW_MS.
            let later = shown_at + SHOW_MS - 1;
            assert_eq!(p.next(later, true), Next::Wait);
            if hold {
                assert_eq!(p.next(shown_at + 100 * SHOW_MS, true), Next::Wait);
            }
            p.key(later);
            assert_ne!(p.next(later, true), Next::Wait);
            assert!(!p.showing());
        }
    }

    fn time_wraps() {
        assert!(before(u32::MAX - 5, 3));
        assert!(!before(3, u32::MAX - 5));
        assert!(!before(7, 7));
    }
}
