//! The help texts: one per game, and one for the collection's start screen. A front end
//! shows the text for `Reply::Help { game }` (the on-screen host in a scrolling text box, the
//! GEM host in an alert or a window). Plain ASCII, paragraphs separated by `\n`; the front end
//! wraps the lines to its width. A game without a text here gets [`text_or_default`]'s
//! sentence, so a game added to `games::ALL` works before its help is written.

use alloc::format;
use alloc::string::String;

/// The name the start screen goes by (its title, its help entry).
pub const COLLECTION: &str = "Falcon Puzzles";

/// The help on `game` (a name from `games::ALL`, or [`COLLECTION`]), if there is one.
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
