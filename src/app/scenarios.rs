//! One scripted scenario per game of the collection: start, a few moves by key and mouse,
//! undo, solve, with a screenshot at each point. The host test compares the screenshots with
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

/// Width and height of the scenarios' screen: a small window. Drawing costs the 68030 about
/// 400,000 cycles for one 48-pixel triangle today (docs/architecture.md, "What drawing
/// costs"), so at 640x480, where tiles are 48 pixels, one scenario would cost 150-200 million
/// cycles; here the puzzles get tiles of about 30 and a scenario stays near 20 million.
pub const WIDTH: i32 = 192;
pub const HEIGHT: i32 = 144;

/// Animations are stepped in ticks of this many milliseconds (two or three frames per move):
/// every frame is drawn and checked, only fewer of them than at the front ends' 20 ms.
const TICK: u32 = 65;

/// Every scenario, one per game.
pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "app-fifteen",
        game: "Fifteen",
        id: "3x3#1234",
        width: WIDTH,
        height: HEIGHT,
        steps: &[
            Step::Shot("start"),
            key(scancode::LEFT),
            Step::Settle(TICK),
            // A click on the tile two above the gap: it and the one below slide down.
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
            // The first steps of the way out.
            key(scancode::LEFT),
            key(scancode::DOWN),
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
        id: "3#1996",
        width: WIDTH,
        height: HEIGHT,
        steps: &[
            Step::Shot("start"),
            key(scancode::RIGHT),
            Step::Settle(TICK),
            key(scancode::DOWN),
            Step::Settle(TICK),
            Step::Shot("moved"),
            Step::Command(Command::Undo),
            Step::Settle(TICK),
            Step::Shot("undone"),
            Step::Command(Command::Solve),
            Step::Settle(TICK),
            Step::Shot("solved"),
        ],
    },
];

/// Where the Fifteen scenario clicks (see its layout in the reference images).
const CLICK_X: i32 = 96;
const CLICK_Y: i32 = 32;

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
