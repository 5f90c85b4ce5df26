//! One scripted scenario per game of the collection: start, a few moves by key and mouse,
//! undo, solve (Slide: show the solution step by step), with a screenshot at each point. The host test compares the screenshots with
//! `hatari-tests/reference/app-*.png`; the 68030 test compares their digests with the host's.

use super::command::Command;
use super::input::{KeyPress, Shift, scancode};
use super::script::{Scenario, Step};

const fn key(code: u8) -> Step {
    Step::Key(KeyPress::special(code, Shift::empty()))
}

const fn char(c: u8) -> Step {
    Step::Key(KeyPress::char(c))
}

/// Width and height of the scenarios' screen: a small window. Drawing is the cost on the
/// 68030 today (about 400,000 cycles for one 48-pixel triangle: docs/architecture.md, "What
/// drawing costs"), so at 640x480, where tiles are 48 pixels, one scenario cost 150-200
/// million cycles; here tiles are about 30 pixels and a scenario about 20 million.
pub const WIDTH: i32 = 192;
pub const HEIGHT: i32 = 144;

/// Animations run in ticks of this many milliseconds (the front ends tick every 20 ms; the
/// frames drawn in between are checked all the same).
const TICK: u32 = 65;

/// Every scenario, one per game.
pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "app-fifteen",
        game: "Fifteen",
        // One move from solved, so Solve redraws two tiles, not all.
        id: "3x3:1,2,3,4,5,0,7,8,6",
        width: WIDTH,
        height: HEIGHT,
        steps: &[
            Step::Shot("start"),
            // A click on the tile two left of the gap: it and the next slide right. (The other
            // scenarios move by cursor keys.)
            Step::Click(CLICK_X, CLICK_Y),
            Step::Settle(TICK),
            Step::Shot("moved"),
            key(scancode::UNDO),
            Step::Settle(TICK),
            Step::Shot("undone"),
            Step::Command(Command::Solve),
            Step::Settle(TICK),
            Step::Shot("solved"),
        ],
    },
    Scenario {
        name: "app-maze",
        game: "Maze",
        id: "7x5b#2024",
        width: WIDTH,
        height: HEIGHT,
        steps: &[
            Step::Shot("start"),
            // The first steps of the way out (Maze draws all of itself after every step).
            key(scancode::LEFT),
            key(scancode::DOWN),
            Step::Settle(TICK),
            Step::Shot("moved"),
            char(b'u'),
            Step::Settle(TICK),
            Step::Shot("undone"),
            Step::Command(Command::Solve),
            Step::Settle(TICK),
            Step::Shot("solved"),
        ],
    },
    Scenario {
        name: "app-slide",
        game: "Slide",
        // Two moves from solved: Slide's solver is cheap from there (from a shuffled 3x3
        // start it costs the 68030 about 28 million cycles), and showing the solution
        // animates two moves and the completion flash.
        id: "3:1,2,3,4,0,5,7,8,6",
        width: WIDTH,
        height: HEIGHT,
        steps: &[
            Step::Shot("start"),
            key(scancode::RIGHT),
            Step::Settle(TICK),
            Step::Shot("moved"),
            Step::Command(Command::Undo),
            Step::Settle(TICK),
            Step::Shot("undone"),
            Step::Command(Command::ShowSolution),
            Step::Settle(TICK),
            Step::Shot("solved"),
        ],
    },
];

/// Where the Fifteen scenario clicks: tile 4 (column 0, row 1; tiles of 32 pixels from
/// (48,16), the puzzle being centred at x = 32).
const CLICK_X: i32 = 64;
const CLICK_Y: i32 = 64;

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
