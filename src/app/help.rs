//! The help texts: one per game, and one for the collection's start screen. A front end
//! shows the text for `HostRequest::Help { game }` (the on-screen host in a scrolling text box, the
//! GEM host in an alert or a window). Plain ASCII, paragraphs separated by `\n`; the front end
//! wraps the lines to its width. A game without a text here gets [`text_or_default`]'s
//! sentence, so a game added to `games::ALL` works before its help is written.

use alloc::format;
use alloc::string::String;

/// The name the start screen goes by (its title, its help entry).
pub const COLLECTION: &str = "Falcon Puzzles";

/// The help on `game` (an entry of the collection: a puzzle or a TETRHEX rule, or
/// [`COLLECTION`]), if there is one.
pub fn text(game: &str) -> Option<&'static str> {
    Some(match game {
        COLLECTION => {
            "Choose a game with the cursor keys and Return or Space, or click it. \
             In a game, Esc brings you back here; the game waits where you left it.\n\
             F10 or a click on the menu bar opens the menus: new game, presets and \
             custom sizes (Type), undo, solve, load and save.\n\
             The common keys: n new game, u or Undo undo, r or Ctrl-Y redo, \
             Shift-Ctrl-S solve, Help this text, q quit."
        }
        "Fifteen" => {
            "Slide the tiles into order, 1 in the top left corner, with the gap at \
             the bottom right.\n\
             Click a tile in the gap's row or column to slide it (and those between) \
             into the gap; or move the gap's neighbours with the cursor keys."
        }
        "Maze" => {
            "Lead the penguin out of the maze.\n\
             The cursor keys walk one step. Solve jumps out; Show solution walks \
             the way out step by step."
        }
        "Slide" => {
            "Put the picture back together: slide its tiles, one at a time, into \
             the gap until every tile is in its place.\n\
             Click a tile next to the gap, or use the cursor keys to move a \
             neighbour of the gap into it. Show solution plays the moves one by one."
        }
        "Sixteen" => {
            "Put the tiles back into order, 1 in the top left corner, by turning whole \
             rows and columns round: a tile pushed off one edge comes back on the other.\n\
             Click an arrow beside the grid to turn its row or column (the right button \
             turns the other way); or hold Ctrl or Shift with a cursor key to turn the \
             cursor's row or column."
        }
        "Flip" => {
            "Make every square light. Clicking a square flips it and the squares its \
             pattern shows (its neighbours, or a random shape).\n\
             Click a square, or move the cursor with the cursor keys and press Return. \
             Solve marks the squares to click; each click clears its mark."
        }
        "Same Game" => {
            "Clear the grid. Click a group of two or more joined squares of one colour \
             to select it, and click it again to remove it; the squares above fall and \
             empty columns close up. Bigger groups score more.\n\
             The cursor keys and Return do the same; the status line shows the score."
        }
        "Untangle" => {
            "Move the points until no two lines cross.\n\
             Drag a point with the mouse; or press Return to pick up the point under \
             the cursor, carry it with the cursor keys and press Return again to put it \
             down. Space or Tab step through the points."
        }
        "Net" => {
            "Turn the tiles so that every tile is joined to the source in the centre and \
             no wire ends in the open or closes a loop.\n\
             Left click turns a tile anticlockwise, right click clockwise, middle click \
             locks it. With the keys: cursor keys move, Return or a turns anticlockwise, \
             d clockwise, f half round, Space or s locks, j jumbles the unlocked tiles."
        }
        "Mines" => {
            "Open every square that holds no mine. An opened square shows how many of its \
             eight neighbours hold mines; a square with none opens its neighbours too. The \
             first square you open is always safe, and the rest can be found without \
             guessing.\n\
             Left click opens a square; right click flags it as a mine. Clicking a number \
             whose mines are all flagged (or a middle click) opens its other neighbours. With \
             the keys: cursor keys move, Return opens or does the same on a number, Space \
             flags. Solve shows the mines; after a death it shows the ones you missed and \
             your wrong flags.\n\
             A death is not the end: Undo and carry on."
        }
        "Tetrhex" => {
            "Pieces of four hexagons of one colour fall from the top of the hexagonal board. \
             A line is a V of hexagons of equal height from edge to edge: full lines are \
             destroyed and the hexagons above fall; k lines at once score 100 x k x k x level. \
             One piece in ten is made of bombs, which destroy the loaded components of other \
             colours they touch. The level goes up every 60 seconds.\n\
             Keys: Q down, Insert down-left, Clr-Home down-right, Down/Up turn, Left/Right \
             move, Space drops, Undo pauses, Return resumes, Help switches the radar (the \
             next piece) on and off, keypad + next level, Ctrl-Esc gives up. After the game \
             Return plays again, Control with keypad ( ) / * chooses a board of side 6 to 9. \
             Esc goes back to the collection."
        }
        "Tet'light" => {
            "The easier Tetrhex: a line is a V pointing upwards whose arms reach both edges, \
             or a straight diagonal from edge to edge; new lines formed by a fall are \
             destroyed in turn. Bombs as in Tetrhex. The level goes up every 40 seconds.\n\
             Keys: as in Tetrhex (Q, Insert, Clr-Home, arrows, Space, Undo, Return, Help, \
             keypad +, Ctrl-Esc; Esc back to the collection)."
        }
        "Hexcolumns" => {
            "Columns of three hexagons fall; turning a column (Down/Up) cycles its colours. \
             Three or more of one colour aligned in any direction are destroyed, and the \
             falls start chain reactions. Some hexagons carry a pattern: square (its whole \
             group goes), plus, minus (any other colour), star and bomb.\n\
             Keys: as in Tetrhex (Q, Insert, Clr-Home, arrows, Space, Undo, Return, Help for \
             the radar, keypad +, Ctrl-Esc; Esc back to the collection)."
        }
        _ => return None,
    })
}

/// The help on `game`, or a sentence saying there is none.
pub fn text_or_default(game: &str) -> String {
    match text(game) {
        Some(t) => t.into(),
        None => format!("No help is available for {}.", game),
    }
}
