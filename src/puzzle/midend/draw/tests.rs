//! Drawing: sizes, the status bar, and draw states freed on every path.

use crate::gfx::{DrawOp, RecordingDrawing};
use crate::puzzle::midend::tests::*;
use crate::puzzle::midend::*;
use alloc::string::ToString;

crate::test_cases! {
    /// Every path that throws a draw state away frees it (its blitters) through the drawing.
    fn draw_states_are_freed_on_every_path() {
        let dr = &mut BlitterCount::default();
        let mut me = Midend::<Counter>::new(b"f");
        me.set_game_id("t5:0").unwrap();
        me.new_game(dr);
        me.size(dr, 200, 100, false);
        me.redraw(dr);
        assert_eq!(dr.live.len(), 1);
        me.size(dr, 100, 100, true);
        me.force_redraw(dr);
        me.process_key(dr, key(b'+'));
        me.new_game(dr);
        me.redraw(dr);
        assert_eq!(dr.live.len(), 1, "new game");
        me.undo(dr).unwrap();
        me.redraw(dr);
        assert_eq!(dr.live.len(), 1, "undo of a new game");
        let saved = me.serialise();
        me.deserialise(dr, &saved).unwrap();
        me.redraw(dr);
        assert_eq!(dr.live.len(), 1, "load");
        me.free_drawstate(dr);
        assert!(dr.live.is_empty(), "before dropping the mid end");
    }

    fn status_bar_and_size() {
        let mut me = started("t5:0");
        let dr = &mut RecordingDrawing::default();
        assert_eq!(me.size(dr, 640, 400, false), (82, 18));
        assert_eq!(me.size(dr, 50, 400, false), (47, 11), "tile shrinks to fit");
        assert_eq!(me.size(dr, 300, 400, true), (297, 61), "user size may grow the tile");
        assert_eq!(me.tilesize(), 59);
        dr.ops.clear();
        me.redraw(dr);
        assert!(dr.ops.contains(&DrawOp::Status("at 0".to_string())));
        dr.ops.clear();
        me.redraw(dr);
        assert!(!dr.ops.iter().any(|o| matches!(o, DrawOp::Status(_))), "unchanged status not resent");
    }
}
