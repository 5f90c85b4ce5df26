//! One scripted scenario per game of the collection: start, a few moves by key and mouse,
//! undo, solve (Slide: show the solution step by step), with a screenshot at each point. The host test compares the screenshots with
//! `hatari-tests/reference/app-*.png`; the 68030 test compares their digests with the host's.

use super::command::Command;
use super::input::{KeyPress, Shift, scancode};
use super::script::{Scenario, Start, Step};

const fn key(code: u8) -> Step {
    Step::Key(KeyPress::special(code, Shift::empty()))
}

/// Return and Esc as a keyboard gives them: scancode and ASCII code.
const RETURN: Step = Step::Key(KeyPress::new(scancode::RETURN, b'\r', Shift::empty()));
const ESC: Step = Step::Key(KeyPress::new(scancode::ESC, 0x1B, Shift::empty()));

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
        // One move from solved, so Solve redraws two tiles, not all.
        start: Start::Game { game: "Fifteen", id: "3x3:1,2,3,4,5,0,7,8,6" },
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
        start: Start::Game { game: "Maze", id: "7x5b#2024" },

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
        // Two moves from solved: Slide's solver is cheap from there (from a shuffled 3x3
        // start it costs the 68030 about 28 million cycles), and showing the solution
        // animates two moves and the completion flash.
        start: Start::Game { game: "Slide", id: "3:1,2,3,4,0,5,7,8,6" },
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

/// The collection as the full-screen host shows it (start screen, on-screen menus and
/// dialogs), in the same small window: start screen → game → menu → preset → moves → undo →
/// solve → back, and the dialogs, help, save and load.
pub const COLLECTION_SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "app-collection",
        start: Start::Collection,
        width: WIDTH,
        height: HEIGHT,
        steps: &[
            Step::Shot("start"),
            // Down to Maze and back up to Fifteen, then Return starts it (4x4 from the seed).
            key(scancode::DOWN),
            key(scancode::UP),
            RETURN,
            // F10 opens Desk; Right three times to Type, Down to its second entry (4x4 is
            // ticked, 3x3 highlighted first).
            key(scancode::F10),
            key(scancode::RIGHT),
            key(scancode::RIGHT),
            key(scancode::RIGHT),
            Step::Shot("menu"),
            RETURN,
            Step::Shot("preset"),
            key(scancode::UP),
            key(scancode::RIGHT),
            Step::Settle(TICK),
            Step::Shot("moved"),
            char(b'u'),
            Step::Settle(TICK),
            Step::Shot("undone"),
            // Edit > Solve by the keyboard: Edit is two menus right of Desk.
            key(scancode::F10),
            key(scancode::RIGHT),
            key(scancode::RIGHT),
            // Up wraps round to Preferences..., then Solve (Show solution is greyed: Fifteen
            // has none).
            key(scancode::UP),
            key(scancode::UP),
            Step::Shot("edit-menu"),
            RETURN,
            Step::Settle(TICK),
            Step::Shot("solved"),
            ESC,
            Step::Shot("back"),
        ],
    },
    Scenario {
        name: "app-dialogs",
        start: Start::Collection,
        width: WIDTH,
        height: HEIGHT,
        steps: &[
            // A click on Slide's button starts it.
            Step::Click(96, 104),
            Step::Shot("slide"),
            // Type > Custom... by the mouse: the title, then the item.
            Step::Click(105, 5),
            Step::Click(110, 57),
            Step::Shot("custom"),
            // A size that is not a number: the dialog stays, with the reason.
            key(scancode::BACKSPACE),
            char(b'x'),
            RETURN,
            Step::Shot("custom-error"),
            key(scancode::BACKSPACE),
            char(b'3'),
            Step::Click(OK_X, OK_Y),
            Step::Shot("custom-game"),
            // Edit > Preferences... (Up from Undo wraps to it): a check box.
            key(scancode::F10),
            key(scancode::RIGHT),
            key(scancode::RIGHT),
            key(scancode::UP),
            RETURN,
            Step::Shot("preferences"),
            ESC,
            key(scancode::HELP),
            Step::Shot("help"),
            RETURN,
            // Save, move, load: the position saved comes back.
            Step::Key(KeyPress::ctrl(b's')),
            Step::Shot("save"),
            RETURN,
            key(scancode::LEFT),
            Step::Settle(TICK),
            Step::Key(KeyPress::ctrl(b'o')),
            RETURN,
            Step::Shot("loaded"),
            ESC,
            Step::Shot("back"),
        ],
    },
];

/// Where the dialogs scenario clicks OK in Slide's Custom dialog.
const OK_X: i32 = 80;
const OK_Y: i32 = 100;

/// Where the Fifteen scenario clicks: tile 4 (column 0, row 1; tiles of 32 pixels from
/// (48,16), the puzzle being centred at x = 32).
const CLICK_X: i32 = 64;
const CLICK_Y: i32 = 64;

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
