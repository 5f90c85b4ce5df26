//! One scripted scenario per game of the collection: start, a few moves by key and mouse,
//! undo, solve (Slide: show the solution step by step), with a screenshot at each point. The host test compares the screenshots with
//! `hatari-tests/reference/app-*.png`; the 68030 test compares their digests with the host's.

use super::command::Command;
use super::input::KeyPress;
use super::script::{Scenario, Start, Step};
use crate::keyboard::{Shift, scancode};

const fn key(code: u8) -> Step {
    Step::Key(KeyPress::special(code, Shift::empty()))
}

/// Return and Esc as a keyboard gives them: scancode and ASCII code.
const RETURN: Step = Step::Key(KeyPress::new(scancode::RETURN, b'\r', Shift::empty()));
const ESC: Step = Step::Key(KeyPress::new(scancode::ESC, 0x1B, Shift::empty()));

/// TETRHEX: Space drops the piece; the landing and the next piece take their time.
const DROP: Step = Step::Key(KeyPress::new(0x39, b' ', Shift::empty()));

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
    Scenario {
        name: "app-sixteen",
        // One move from solved: the bottom row turned one place right.
        start: Start::Game { game: "Sixteen", id: "3x3:1,2,3,4,5,6,9,7,8" },
        width: WIDTH,
        height: HEIGHT,
        steps: &[
            Step::Shot("start"),
            // Control and an arrow turn the cursor's row or column; the first key only shows
            // the cursor (top left), the second turns the left column down one.
            Step::Key(KeyPress::special(scancode::DOWN, Shift::CONTROL)),
            Step::Key(KeyPress::special(scancode::DOWN, Shift::CONTROL)),
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
        name: "app-flip",
        start: Start::Game { game: "Flip", id: "3x3#1" },
        width: WIDTH,
        height: HEIGHT,
        steps: &[
            Step::Shot("start"),
            // Return flips the square under the keyboard cursor.
            char(b'\r'),
            Step::Settle(TICK),
            Step::Shot("moved"),
            key(scancode::UNDO),
            Step::Settle(TICK),
            Step::Shot("undone"),
            // Solve marks the squares to click (Flip's hints), it does not play them.
            Step::Command(Command::Solve),
            Step::Settle(TICK),
            Step::Shot("solved"),
        ],
    },
    Scenario {
        name: "app-samegame",
        start: Start::Game { game: "Same Game", id: "5x5c3s2#1" },
        width: WIDTH,
        height: HEIGHT,
        steps: &[
            Step::Shot("start"),
            // Return selects the group under the cursor, Return again removes it.
            char(b'\r'),
            Step::Shot("selected"),
            char(b'\r'),
            Step::Settle(TICK),
            Step::Shot("moved"),
            key(scancode::UNDO),
            Step::Settle(TICK),
            Step::Shot("undone"),
        ],
    },
    Scenario {
        name: "app-untangle",
        start: Start::Game { game: "Untangle", id: "6#1" },
        width: WIDTH,
        height: HEIGHT,
        steps: &[
            Step::Shot("start"),
            // Return shows the keyboard cursor on point 0 and picks it up; the arrows carry
            // it, Return puts it down.
            char(b'\r'),
            char(b'\r'),
            key(scancode::DOWN),
            key(scancode::DOWN),
            key(scancode::RIGHT),
            char(b'\r'),
            Step::Settle(TICK),
            Step::Shot("moved"),
            key(scancode::UNDO),
            Step::Settle(TICK),
            Step::Shot("undone"),
            // Solve slides every point home.
            Step::Command(Command::Solve),
            Step::Settle(TICK),
            Step::Shot("solved"),
        ],
    },
    Scenario {
        name: "app-net",
        // One turn of the top left tile from solved.
        start: Start::Game { game: "Net", id: "3x3:8dc96a342" },
        width: WIDTH,
        height: HEIGHT,
        steps: &[
            Step::Shot("start"),
            // Return turns the tile under the cursor (the source, in the middle) anticlockwise.
            char(b'\r'),
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
        name: "app-mines",
        // A 5x5 grid with mines at the two top corners but one, opened at 2,3: only the
        // square between the mines and the mines themselves are left.
        start: Start::Game { game: "Mines", id: "5x5:2,3,ua000000" },
        width: WIDTH,
        height: HEIGHT,
        steps: &[
            Step::Shot("start"),
            // Return shows the cursor (top left), Space flags the mine there; Right and Return
            // open the last safe square: the game is won and the other mine flagged.
            // (No Settle while the clock runs: a timed game always wants ticks.)
            RETURN,
            char(b' '),
            Step::Shot("flagged"),
            key(scancode::RIGHT),
            RETURN,
            Step::Settle(TICK),
            Step::Shot("won"),
            key(scancode::UNDO),
            Step::Settle(TICK),
            Step::Shot("undone"),
            // Right again and Return on the other mine: dead, the mine shown red.
            key(scancode::RIGHT),
            RETURN,
            Step::Settle(500),
            Step::Shot("dead"),
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
            // A click on the Type title opens it (4x4 ticked); a click on 3x3 chooses it.
            Step::Click(TYPE_X, TITLE_Y),
            Step::Shot("menu"),
            Step::Click(TYPE_X, FIRST_ITEM_Y),
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
            // A click on Fifteen's button starts it (4x4 from the seed). The start screen
            // lays the games out in columns by their number: a new game moves the buttons.
            Step::Click(30, 64),
            Step::Shot("game"),
            // Type > Custom... by the mouse: the title, then the item below the presets.
            Step::Click(TYPE_X, TITLE_Y),
            Step::Click(TYPE_X, 68),
            Step::Shot("custom"),
            // A width that is not a number: the dialog stays, with the reason.
            key(scancode::BACKSPACE),
            char(b'x'),
            RETURN,
            Step::Shot("custom-error"),
            // 2 by 2, then a click on OK.
            key(scancode::BACKSPACE),
            char(b'2'),
            Step::Key(KeyPress::special(scancode::TAB, Shift::empty())),
            key(scancode::BACKSPACE),
            char(b'2'),
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
    Scenario {
        name: "app-tetrhex",
        start: Start::Collection,
        // Room for a board of side 7, the radar and the numbers.
        width: TETRHEX_WIDTH,
        height: TETRHEX_HEIGHT,
        steps: &[
            // T selects Tetrhex (the first entry after the puzzles starting with T), Return
            // starts it: the presentation; a key: the main menu; Return: the game, the piece
            // at the top.
            char(b't'),
            RETURN,
            Step::Shot("presentation"),
            char(b' '),
            Step::Shot("menu"),
            // Shift-Help: the rule's help, a line down; Esc: the menu. N: the name box, Ada
            // typed; Return: Ada is the player.
            Step::Key(KeyPress::special(scancode::HELP, Shift::RIGHT_SHIFT)),
            key(scancode::DOWN),
            Step::Shot("help"),
            ESC,
            char(b'n'),
            char(b'A'),
            char(b'd'),
            char(b'a'),
            Step::Shot("name"),
            RETURN,
            RETURN,
            Step::Shot("start"),
            // It falls for 1.5 s, goes left, turns, drops; Help switches the radar on.
            Step::Tick(500),
            Step::Tick(500),
            Step::Tick(500),
            key(scancode::LEFT),
            key(scancode::UP),
            Step::Shot("falling"),
            char(b' '),
            key(scancode::HELP),
            Step::Shot("radar"),
            // Undo pauses, Return goes on; Ctrl-Esc gives up: game over.
            key(scancode::UNDO),
            Step::Shot("pause"),
            RETURN,
            Step::Key(KeyPress::new(scancode::ESC, 0x1B, Shift::CONTROL)),
            Step::Shot("over"),
            // Return: the main menu (a score of 0 does not enter the table); F1: the best
            // scores, none yet; Esc: the menu.
            RETURN,
            key(scancode::F1),
            Step::Shot("scores"),
            ESC,
            // Return: a second game, each piece dropped as it comes until the board is full;
            // its score enters the table under Ada's name: Return shows it at its rank. Esc:
            // the menu, and Esc back to the collection.
            RETURN,
            Step::Repeat(16, &DROP),
            Step::Shot("over-scored"),
            RETURN,
            Step::Shot("scored"),
            ESC,
            // N and Ctrl-C: no player's name any more. A third game to its end: its score
            // enters, so the name is asked for; Bob typed and erased leaves the box empty,
            // which Return cannot validate; Up recalls what was erased; Return saves the score
            // under it.
            char(b'n'),
            Step::Key(KeyPress::ctrl(b'c')),
            RETURN,
            Step::Repeat(16, &DROP),
            RETURN,
            char(b'B'),
            char(b'o'),
            char(b'b'),
            key(scancode::BACKSPACE),
            key(scancode::BACKSPACE),
            key(scancode::BACKSPACE),
            RETURN,
            Step::Shot("name-at-end"),
            key(scancode::UP),
            Step::Shot("name-recalled"),
            RETURN,
            Step::Shot("scored-again"),
            ESC,
            ESC,
            Step::Shot("back"),
        ],
    },
];

/// Slide with pictures of one's own, as a GEM window shows it: a built-in picture first;
/// Load picture of a broken file (an error, the game stays), then of a DEGAS picture (kept,
/// shown); moves; the game saved and loaded back with its picture.
pub const PICTURE_SCENARIOS: &[Scenario] = &[Scenario {
    name: "app-slide-picture",
    start: Start::Pictures {
        game: "Slide",
        id: "3:1,2,3,4,0,5,7,8,6",
        files: pictures::files,
        picks: &["A:\\PICS\\BROKEN.TGA", "A:\\PICS\\SUNSET.PI1"],
    },
    width: WIDTH,
    height: HEIGHT,
    steps: &[
        Step::Shot("builtin"),
        Step::Command(Command::LoadPicture),
        Step::Command(Command::LoadPicture),
        Step::Shot("start"),
        key(scancode::RIGHT),
        Step::Settle(TICK),
        key(scancode::DOWN),
        Step::Settle(TICK),
        Step::Shot("mid"),
    ],
}];

/// The TETRHEX scenario's window.
pub const TETRHEX_WIDTH: i32 = 320;
pub const TETRHEX_HEIGHT: i32 = 352;

/// Where the scenarios click the Type menu's title and its first item (the bar's titles at
/// scale 1: Desk, File, Edit, Type...).
const TYPE_X: i32 = 100;
const TITLE_Y: i32 = 5;
const FIRST_ITEM_Y: i32 = 18;

/// Where the dialogs scenario clicks OK in Fifteen's Custom dialog.
const OK_X: i32 = 80;
const OK_Y: i32 = 104;

/// Where the Fifteen scenario clicks: tile 4 (column 0, row 1; tiles of 32 pixels from
/// (48,16), the puzzle being centred at x = 32).
const CLICK_X: i32 = 64;
const CLICK_Y: i32 = 64;

pub mod pictures;
#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
