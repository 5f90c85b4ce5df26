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

/// Every scenario, one per game.
pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "app-fifteen",
        game: "Fifteen",
        id: "4x4#1234",
        width: 640,
        height: 480,
        steps: &[
            Step::Shot("start"),
            key(scancode::LEFT),
            Step::Settle,
            key(scancode::DOWN),
            Step::Settle,
            // Tile 13, two left of the gap: it and 14 slide right.
            Step::Click(248, 256),
            Step::Settle,
            Step::Shot("moved"),
            key(scancode::UNDO),
            Step::Settle,
            Step::Shot("undone"),
            Step::Command(Command::Solve),
            Step::Settle,
            Step::Shot("solved"),
        ],
    },
    Scenario {
        name: "app-maze",
        game: "Maze",
        id: "12x9b#2024",
        width: 640,
        height: 480,
        steps: &[
            Step::Shot("start"),
            // The first steps of the way out.
            key(scancode::UP),
            key(scancode::LEFT),
            key(scancode::UP),
            key(scancode::UP),
            Step::Settle,
            Step::Shot("moved"),
            char(b'u'),
            Step::Settle,
            Step::Shot("undone"),
            Step::Command(Command::Solve),
            Step::Settle,
            Step::Shot("solved"),
        ],
    },
    Scenario {
        name: "app-slide",
        game: "Slide",
        id: "3#1996",
        width: 640,
        height: 480,
        steps: &[
            Step::Shot("start"),
            key(scancode::RIGHT),
            Step::Settle,
            key(scancode::DOWN),
            Step::Settle,
            Step::Shot("moved"),
            Step::Command(Command::Undo),
            Step::Settle,
            Step::Shot("undone"),
            Step::Command(Command::Solve),
            Step::Settle,
            Step::Shot("solved"),
        ],
    },
];

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
