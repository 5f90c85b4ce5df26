//! The mid end's clocks: phases, the play clock and animation frames on their own, then
//! animations, flashes and the play clock through the mid end (its test game).

use super::*;
use crate::gfx::{DrawOp, NullDrawing, RecordingDrawing, Rect};
use crate::puzzle::midend::KeyOutcome;
use crate::puzzle::midend::tests::*;
use alloc::string::ToString;

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

    fn animation_then_flash_timers() {
        let mut me = started("t2:0");
        let dr = &mut RecordingDrawing::default();
        me.process_key(dr, key(b'+'));
        assert_eq!(me.anim_progress(), ((0, 100), (0, 0)));
        assert!(me.wants_timer());
        me.timer(dr, 40);
        assert_eq!(me.anim_progress().0, (40, 100));
        dr.ops.clear();
        me.timer(dr, 10);
        // Mid-animation frame: x interpolated half way between tile 0 and tile 1.
        assert!(dr.ops.contains(&DrawOp::Rect(Rect::new(8, 0, 16, 16), 1)));
        me.timer(dr, 60);
        assert_eq!(me.anim_progress(), ((0, 0), (0, 0)), "no flash: not yet complete");
        assert!(!me.wants_timer());
        me.process_key(dr, key(b'+'));
        me.timer(dr, 100);
        assert_eq!(me.anim_progress(), ((0, 0), (0, 300)), "completion flash after the animation");
        me.timer(dr, 299);
        assert_eq!(me.anim_progress().1, (299, 300));
        me.timer(dr, 1);
        assert!(!me.wants_timer());
        // A new move during an animation finishes the old one first.
        me.process_key(dr, key(b'-'));
        me.process_key(dr, key(b'-'));
        assert_eq!(me.state().value, 0);
        assert_eq!(me.anim_progress().0, (0, 100));
    }

    fn play_clock_runs_until_won_and_is_saved() {
        let mut me = Midend::<TimedCounter>::new(b"t");
        let dr = &mut RecordingDrawing::default();
        me.set_game_id("t2:0").unwrap();
        me.new_game(dr);
        assert!(me.wants_timer(), "the clock ticks");
        me.timer(dr, 999);
        assert!(!dr.ops.iter().any(|o| matches!(o, DrawOp::Status(_))));
        me.timer(dr, 1);
        assert!(dr.ops.contains(&DrawOp::Status("[0:01] at 0".to_string())));
        me.timer(dr, 500);
        let saved = me.serialise();
        assert!(saved.contains("\nTIME    :3:1.5\n"), "written as %g: {}", saved);
        me.process_key(dr, key(b'+'));
        me.process_key(dr, key(b'+'));
        // The winning move stops the clock at once; animation and flash do not count.
        me.timer(dr, 100);
        me.timer(dr, 300);
        assert_eq!(me.elapsed_ms(), 1500);
        assert!(!me.wants_timer(), "stopped once won and the flash is over");
        me.timer(dr, 5000);
        assert_eq!(me.elapsed_ms(), 1500);
        // Undo resumes the clock; loading restores the saved time.
        me.undo(dr).unwrap();
        assert!(me.wants_timer());
        let mut back = Midend::<TimedCounter>::new(b"b");
        back.deserialise(dr, &saved).unwrap();
        assert_eq!(back.elapsed_ms(), 1500);
        assert!(back.wants_timer());
    }

    /// Tatham re-reads `timing_state` after a UI-only update (and after every finished move
    /// and tick): a pause that is only UI stops the clock at once.
    fn the_clock_follows_ui_only_updates_like_tatham() {
        let mut me = Midend::<TimedCounter>::new(b"p");
        let dr = &mut NullDrawing::default();
        me.set_game_id("t3:0").unwrap();
        me.new_game(dr);
        me.timer(dr, 700);
        assert_eq!(me.process_key(dr, key(b'p')), KeyOutcome::Handled);
        assert!(!me.wants_timer(), "paused: no more ticks wanted");
        me.timer(dr, 5000);
        assert_eq!(me.elapsed_ms(), 700);
        me.process_key(dr, key(b'p'));
        assert!(me.wants_timer());
        me.timer(dr, 300);
        assert_eq!(me.elapsed_ms(), 1000);
        // Paused during an animation: neither the end of the move nor the ticks restart it.
        me.process_key(dr, key(b'+'));
        me.process_key(dr, key(b'p'));
        me.timer(dr, 100);
        assert_eq!(me.anim_progress(), ((0, 0), (0, 0)));
        assert!(!me.wants_timer());
    }

    /// Tatham's `midend_rewrite_statusbar` puts `[m:ss] ` before a timed game's status text,
    /// even when the game has none.
    fn a_timed_game_without_status_text_shows_its_clock() {
        let mut me = Midend::<QuietTimedCounter>::new(b"q");
        let dr = &mut RecordingDrawing::default();
        me.set_game_id("t3:0").unwrap();
        me.new_game(dr);
        me.redraw(dr);
        assert!(dr.ops.contains(&DrawOp::Status("[0:00] ".to_string())), "{:?}", dr.ops);
        me.timer(dr, 61_000);
        assert!(dr.ops.contains(&DrawOp::Status("[1:01] ".to_string())));
        let erased: &dyn crate::puzzle::erased::AnyPuzzle = &me;
        assert!(erased.wants_statusbar(), "a timed game needs the status bar for its clock");
    }
}
