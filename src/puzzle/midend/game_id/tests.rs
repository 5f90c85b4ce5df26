//! Game IDs and the Game ID… / Random seed… dialogs, with the mid end's test game.

use crate::gfx::NullDrawing;
use crate::puzzle::backend::{ConfigItem, ErrorKind};
use crate::puzzle::midend::tests::*;
use crate::puzzle::midend::*;
use alloc::format;
use alloc::string::ToString;
use alloc::vec;

crate::test_cases! {
    fn game_id_shapes_split_like_the_reference() {
        assert_eq!(split_game_id("4x4:1,2"), (Some("4x4"), Some("1,2"), None));
        assert_eq!(split_game_id("4x4#123"), (Some("4x4"), None, Some("123")));
        assert_eq!(split_game_id("4x4#12:3"), (Some("4x4"), None, Some("12:3")));
        assert_eq!(split_game_id("4x4:1#2"), (Some("4x4"), Some("1#2"), None));
        assert_eq!(split_game_id("4x4"), (Some("4x4"), None, None));
    }

    fn desc_id_round_trips_and_keeps_generation_params() {
        let mut me = Midend::<Counter>::new(b"x");
        me.set_game_id("t7s9").unwrap();
        assert_eq!(me.params(), &CParams { target: 7, spread: 9 });
        me.set_game_id("t8:3").unwrap();
        me.new_game(&mut NullDrawing::default());
        assert_eq!(me.game_id().unwrap(), "t8:3");
        assert_eq!(me.state(), &CState { value: 3, target: 8, pending: false });
        // The spread (generation-only) survives a description ID; the target persists.
        assert_eq!(me.params(), &CParams { target: 8, spread: 9 });
        assert!(me.random_seed_id().is_none(), "a description ID has no seed");
    }

    fn seed_id_is_reproducible() {
        let mut a = Midend::<Counter>::new(b"a");
        a.new_game(&mut NullDrawing::default());
        let sid = a.random_seed_id().unwrap();
        assert!(sid.starts_with("t5s3#"));
        let seed = a.seed().unwrap();
        assert_eq!(seed.len(), 15);
        assert!(seed.bytes().all(|b| b.is_ascii_digit()) && !seed.starts_with('0'));
        let mut b = Midend::<Counter>::new(b"completely different");
        b.set_game_id(&sid).unwrap();
        b.new_game(&mut NullDrawing::default());
        assert_eq!(a.game_id(), b.game_id());
        assert_eq!(b.random_seed_id().unwrap(), sid);
    }

    /// Tatham: `params#seed` and bare params are decoded over the default parameters (so an
    /// ID means the same game whatever was played before); `params:desc` over the current.
    fn seed_and_bare_ids_start_from_the_defaults_like_tatham() {
        let mut me = Midend::<Counter>::new(b"d");
        let dr = &mut NullDrawing::default();
        me.set_game_id("s9").unwrap();
        assert_eq!(me.params(), &CParams { target: 5, spread: 9 });
        me.set_game_id("t8").unwrap();
        assert_eq!(me.params(), &CParams { target: 8, spread: 3 }, "bare params: over the defaults");
        me.set_game_id("s9").unwrap();
        me.set_game_id("t7#abc").unwrap();
        me.new_game(dr);
        assert_eq!(me.current_params(), &CParams { target: 7, spread: 3 }, "seed: over the defaults");
        assert_eq!(me.random_seed_id().unwrap(), "t7s3#abc");
        // The long-term parameters keep what the seed ID's short encoding does not say.
        assert_eq!(me.params(), &CParams { target: 7, spread: 9 });
        // The same seed ID after a different history gives the same game.
        let mut fresh = Midend::<Counter>::new(b"other");
        fresh.set_game_id("t7#abc").unwrap();
        fresh.new_game(dr);
        assert_eq!(fresh.game_id(), me.game_id());
        // A description ID decodes over the current parameters.
        me.set_game_id("t8:1").unwrap();
        assert_eq!(me.current_params(), &CParams { target: 8, spread: 9 });
    }

    /// Tatham: a game ID forgets the description of the game in play; after bare params
    /// there is no game ID until the new game (his `midend_get_game_id` asserts one exists).
    fn bare_params_do_not_keep_the_old_description() {
        let mut me = started("t5:1");
        let dr = &mut NullDrawing::default();
        me.process_key(dr, key(b'+'));
        me.set_game_id("t9").unwrap();
        assert_eq!(me.game_id(), None);
        assert_eq!(me.restart(dr).unwrap_err().kind, ErrorKind::NotPossible, "nothing to restart from");
        me.new_game(dr);
        let id = me.game_id().unwrap();
        assert!(id.starts_with("t9:") && id != "t9:1", "{}", id);
    }

    fn bad_ids_change_nothing() {
        let mut me = started("t5:1");
        let e = me.set_game_id("t0:1").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Params);
        let e = me.set_game_id("t5:9").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Description);
        assert_eq!(e.position, Some(3), "position counts from the start of the game ID");
        let e = me.set_game_id("q5").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Params);
        assert_eq!(me.game_id().unwrap(), "t5:1");
        assert_eq!(me.params(), &CParams { target: 5, spread: 3 });
    }

    /// Tatham's Game ID… and Random seed… dialogs (`CFG_DESC`, `CFG_SEED`): one text field
    /// with the current ID; what is typed goes the game-ID way, a bare string being a
    /// description or a seed of the current parameters.
    fn game_id_and_seed_dialogs_like_tatham() {
        let mut me = Midend::<Counter>::new(b"g");
        let dr = &mut NullDrawing::default();
        me.set_game_id("t6#xyz").unwrap();
        me.new_game(dr);
        let (title, items) = me.get_config(ConfigKind::Seed);
        assert_eq!(title, "Counter random selection");
        assert_eq!(items, vec![ConfigItem::String { name: "Game random seed", value: "t6s3#xyz".to_string() }]);
        let (title, items) = me.get_config(ConfigKind::Desc);
        assert_eq!(title, "Counter game selection");
        let desc = me.desc().unwrap().to_string();
        assert_eq!(items, vec![ConfigItem::String { name: "Game ID", value: format!("t6:{}", desc) }]);
        // A bare seed keeps the parameters.
        let seed = |v: &str| vec![ConfigItem::String { name: "Game random seed", value: v.to_string() }];
        me.set_config(ConfigKind::Seed, &seed("other")).unwrap();
        me.new_game(dr);
        assert_eq!(me.random_seed_id().unwrap(), "t6s3#other");
        // A bare description too; errors change nothing.
        let id = |v: &str| vec![ConfigItem::String { name: "Game ID", value: v.to_string() }];
        assert_eq!(me.set_config(ConfigKind::Desc, &id("9")).unwrap_err().kind, ErrorKind::Description);
        assert_eq!(me.set_config(ConfigKind::Desc, &id("t0:1")).unwrap_err().kind, ErrorKind::Params);
        assert_eq!(me.random_seed_id().unwrap(), "t6s3#other");
        me.set_config(ConfigKind::Desc, &id("4")).unwrap();
        me.new_game(dr);
        assert_eq!((me.game_id().unwrap().as_str(), me.random_seed_id()), ("t6:4", None));
        me.set_config(ConfigKind::Desc, &id("t3:2")).unwrap();
        me.new_game(dr);
        assert_eq!(me.game_id().unwrap(), "t3:2");
        assert_eq!(me.get_config(ConfigKind::Settings).0, "Counter configuration");
    }
}
