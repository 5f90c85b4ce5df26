//! The conformance suite: every game of [`games::ALL`](super::ALL) passes the same checks
//! through its [`Game`](crate::puzzle::backend::Game) implementation, as Tatham tests every
//! `struct game` alike (his `fuzzpuzz.c`, `benchmark.sh`, `CHECKLST.txt`):
//!
//! - the game ID round trip: generate, game ID, decode, the same state
//!   ([`checks::ids_round_trip`]);
//! - the save-file round trip: the same state, undo chain and file
//!   ([`checks::saves_round_trip`]);
//! - random moves, Undo to the start, Redo to the end, the same states on the way
//!   ([`checks::undo_and_redo_retrace_the_moves`]);
//! - after every move, an incremental redraw pixel-equal to a full redraw
//!   ([`checks::incremental_redraws_equal_full_redraws`]);
//! - Solve ends in a completed state ([`checks::solve_completes`]);
//! - damaged parameters, IDs, moves and save files refused with a reason, never a panic
//!   ([`checks::damaged_input_is_refused_with_a_reason`]);
//! - the text format ([`checks::text_format_is_consistent`]);
//! - one generation benchmark per preset, `68030 bench generate_<game>_<preset>`
//!   ([`generation::bench`]).
//!
//! A game is tested by being listed in `games/mod.rs` (`every_game!`): its conformance
//! cases are a suite `falcon_puzzles::games::conformance::<game>` of the 68030 run, and
//! each case is also a host test. Both machines play the [`SHARED`] sample (the first
//! preset, one seed); the host alone also plays every preset with three seeds
//! ([`SWEEP`], the tests `..::every_preset::..`), and in the full tier damages each input
//! 20,000 times ([`DAMAGE_SWEEP`], `..::every_preset::damaged_input_at_length`).

pub mod checks;
pub mod generation;
pub mod mutate;
pub mod play;

/// How much of a game a check plays.
pub struct Sample {
    /// How many of the presets (in the Type menu's order).
    pub presets: usize,
    /// The seeds of each preset's games.
    pub seeds: &'static [&'static str],
    /// Random inputs played in each game.
    pub inputs: usize,
    /// Damaged copies of each parameter string, game ID, move list and save file.
    pub damaged: usize,
    /// The drawing area of headless games (the tile size follows from it).
    pub area: (i32, i32),
    /// The screen of the redraw checks (the puzzle above a status line).
    pub screen: (i32, i32),
}

/// What both machines play: the first preset, one seed, a screen small enough for the
/// 68030's budget.
pub const SHARED: Sample =
    Sample { presets: 1, seeds: &["1"], inputs: 12, damaged: 12, area: (320, 224), screen: (192, 160) };

/// What the host plays besides: every preset, three seeds, more moves and damage, the
/// full-screen size.
pub const SWEEP: Sample = Sample {
    presets: usize::MAX,
    seeds: &["1", "2", "3"],
    inputs: 40,
    damaged: 400,
    area: (640, 464),
    screen: (640, 480),
};

/// The full tier's damage (`cargo xtask test --full`): every preset, one seed, 20,000
/// damaged copies of each input.
pub const DAMAGE_SWEEP: Sample =
    Sample { presets: usize::MAX, seeds: &["1"], inputs: 40, damaged: 20_000, area: (640, 464), screen: (640, 480) };

/// One suite per game: its conformance cases (the [`SHARED`] sample, on both machines),
/// the host's sweep over every preset ([`SWEEP`]), and its generation benchmark.
macro_rules! conformance_suites {
    ($($module:ident::$game:ident),* $(,)?) => {
        $(
            #[doc = concat!("The conformance cases of `", stringify!($game), "`.")]
            pub mod $module {
                use super::checks;

                type G = crate::games::$module::$game;

                crate::test_cases! {
                    fn ids_round_trip() { checks::ids_round_trip::<G>(&super::SHARED) }
                    fn saves_round_trip() { checks::saves_round_trip::<G>(&super::SHARED) }
                    fn undo_and_redo_retrace_the_moves() { checks::undo_and_redo_retrace_the_moves::<G>(&super::SHARED) }
                    fn incremental_redraws_equal_full_redraws() { checks::incremental_redraws_equal_full_redraws::<G>(&super::SHARED) }
                    fn solve_completes() { checks::solve_completes::<G>(&super::SHARED) }
                    fn damaged_input_is_refused_with_a_reason() { checks::damaged_input_is_refused_with_a_reason::<G>(&super::SHARED) }
                    fn text_format_is_consistent() { checks::text_format_is_consistent::<G>(&super::SHARED) }
                }

                /// The host's sweep: every preset, three seeds.
                #[cfg(test)]
                mod every_preset {
                    use super::{G, checks};
                    use crate::games::conformance::SWEEP;

                    #[test]
                    fn ids_round_trip() { checks::ids_round_trip::<G>(&SWEEP) }
                    #[test]
                    fn saves_round_trip() { checks::saves_round_trip::<G>(&SWEEP) }
                    #[test]
                    fn undo_and_redo_retrace_the_moves() { checks::undo_and_redo_retrace_the_moves::<G>(&SWEEP) }
                    #[test]
                    fn incremental_redraws_equal_full_redraws() { checks::incremental_redraws_equal_full_redraws::<G>(&SWEEP) }
                    #[test]
                    fn solve_completes() { checks::solve_completes::<G>(&SWEEP) }
                    #[test]
                    fn damaged_input_is_refused_with_a_reason() { checks::damaged_input_is_refused_with_a_reason::<G>(&SWEEP) }
                    #[test]
                    fn text_format_is_consistent() { checks::text_format_is_consistent::<G>(&SWEEP) }
                    #[test]
                    #[ignore = "full tier: 20,000 damaged copies of each input of every preset"]
                    fn damaged_input_at_length() {
                        checks::damaged_input_is_refused_with_a_reason::<G>(&crate::games::conformance::DAMAGE_SWEEP)
                    }
                }

                crate::bench_cases! {
                    fn generate(b: &mut Bench) { super::generation::bench::<G>(b) }
                }
            }
        )*

        /// Every game's conformance suite, for the 68030 run.
        pub const SUITES: &[crate::testcase::Suite] = &[$(
            crate::testcase::Suite {
                name: concat!(module_path!(), "::", stringify!($module)),
                tests: $module::TESTS,
                values: &[],
            }
        ),*];

        /// Every game's generation benchmark.
        pub const BENCHES: &[&[crate::testcase::BenchCase]] = &[$($module::BENCHES),*];
    };
}

every_game!(conformance_suites);
