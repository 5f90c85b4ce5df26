//! The mid end's clocks on their own: phases, the play clock and animation frames.

use super::*;

crate::test_cases! {
    fn a_phase_runs_to_its_length_and_then_draws_as_over() {
        let mut p = Phase::start(100);
        assert!(p.is_running() && !p.is_over());
        p.advance(40);
        assert_eq!((p.pos, p.frame()), (40, 40));
        p.advance(60);
        assert!(p.is_over());
        assert_eq!(p.frame(), 0, "the last frame is drawn as the final position");
        p.advance(u32::MAX);
        assert_eq!(p.pos, u32::MAX, "saturates");
        let mut stopped = Phase::start(0);
        stopped.advance(10);
        assert_eq!(stopped, Phase::default(), "a stopped phase does not move");
    }

    fn the_play_clock_reports_whole_seconds_and_formats_like_tatham() {
        let mut c = PlayClock::default();
        assert!(!c.tick(5000), "stopped: no time passes");
        assert_eq!(c.elapsed, 0);
        c.running = true;
        assert!(!c.tick(999));
        assert!(c.tick(1), "1.000 s: the shown second changes");
        assert!(!c.tick(500));
        assert_eq!(c.prefix(), "[0:01] ");
        c.elapsed = 61 * 60 * 1000 + 5 * 1000 + 999;
        assert_eq!(c.prefix(), "[61:05] ", "minutes are not wrapped into hours");
    }

    fn an_animation_frame_exists_only_while_the_move_animates() {
        let mut a: Animation<u32> = Animation::default();
        assert!(!a.move_pending() && !a.wants_timer());
        a.begin_move(7, -1);
        assert!(a.move_pending(), "an unfinished move without animation is still pending");
        assert_eq!(a.frame(), None);
        a.set_anim(100);
        a.anim.advance(30);
        assert_eq!(a.frame(), Some((&7, -1, 30)));
        a.anim.advance(70);
        assert_eq!(a.frame(), None, "over: draw the new state alone");
        a.end_move();
        assert!(!a.move_pending());
        assert_eq!(a.dir, 0);
    }

    fn the_flash_stops_itself_and_zero_length_never_starts() {
        let mut a: Animation<u32> = Animation::default();
        a.start_flash(0);
        assert!(!a.flash.is_running());
        a.start_flash(300);
        a.advance_flash(299);
        assert_eq!(a.flash, Phase { pos: 299, len: 300 });
        assert!(a.wants_timer());
        a.advance_flash(1);
        assert_eq!(a.flash, Phase::default());
        assert!(!a.wants_timer());
        a.clock.running = true;
        assert!(a.wants_timer(), "a running clock needs ticks too");
    }
}
