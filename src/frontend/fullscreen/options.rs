//! What `FALCON.PRG` is asked to do: words from its command line (a `.GTP` asks for one) or,
//! when that is empty, from the file `FALCON.INF` beside it (Hatari passes no command line,
//! with or without a TOS).
//!
//! | words | meaning |
//! | --- | --- |
//! | `game NAME` | start with this game of the collection (case does not matter) instead of the start screen |
//! | `id ID` | start with this game ID (`params:description` or `params#seed`) of that game |
//! | `seed TEXT` | seed the random games with `TEXT` instead of the clock |
//! | `attract` | the attract mode: each game played for a few seconds, then the program ends |
//! | `hold` | in the attract mode, each game stays on the screen until a key is pressed (for a test bench that takes a screenshot of each) |
//! | `measure` | measure every frame with MFP Timer A; report the dearest of each game |
//! | `fullscreen` | full screen even when the desktop's AES is there (without it, FALCON.PRG started from the desktop runs the collection in a window) |
//!
//! The window (`frontend::gem::host`) takes `game`, `id` and `seed`; the attract mode and
//! the measurements are full screen's alone.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};

use crate::app::{App, PuzzleActivity};
use crate::games;
use crate::gfx::NullDrawing;
use crate::puzzle::erased::GameEntry;

/// The options, parsed.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Options {
    /// Index in `games::ALL` of the game to start with.
    pub game: Option<usize>,
    pub id: Option<String>,
    pub seed: Option<String>,
    pub attract: bool,
    /// The attract mode waits for a key after showing each game, instead of a few seconds.
    pub hold: bool,
    pub measure: bool,
    /// Full screen even when an AES could give the program a window.
    pub fullscreen: bool,
}

/// Exit code of options that are not understood.
pub const BAD_OPTIONS_EXIT: i32 = 2;

impl Options {
    /// Parses `text` (words separated by blanks, tabs or line ends); an error names what was
    /// not understood.
    pub fn parse(text: &str) -> Result<Options, String> {
        let mut o = Options::default();
        let mut words = text.split_ascii_whitespace();
        while let Some(w) = words.next() {
            let mut value = || words.next().ok_or_else(|| format!("option `{}` needs a value", w));
            match w {
                "game" => {
                    let name = value()?;
                    let i = games::ALL
                        .iter()
                        .position(|g| g.name.eq_ignore_ascii_case(name))
                        .ok_or_else(|| format!("no game called `{}` in the collection", name))?;
                    o.game = Some(i);
                }
                "id" => o.id = Some(value()?.to_string()),
                "seed" => o.seed = Some(value()?.to_string()),
                "attract" => o.attract = true,
                "hold" => o.hold = true,
                "measure" => o.measure = true,
                "fullscreen" => o.fullscreen = true,
                other => {
                    return Err(format!(
                        "unknown option `{}` (options: game NAME, id ID, seed TEXT, attract, hold, measure, fullscreen)",
                        other
                    ));
                }
            }
        }
        if o.hold && !o.attract {
            return Err("option `hold` is for the attract mode: it needs `attract`".to_string());
        }
        if o.id.is_some() && o.game.is_none() {
            return Err("option `id` needs `game NAME` to say whose ID it is".to_string());
        }
        Ok(o)
    }

    /// Whether these options can be carried out in a window: the attract mode and the
    /// measurements are full screen's alone (an error says to add `fullscreen`).
    pub fn check_for_window(&self) -> Result<(), String> {
        match (self.attract, self.measure) {
            (true, _) => Err("option `attract` is full screen's: add `fullscreen`".to_string()),
            (_, true) => Err("option `measure` is full screen's: add `fullscreen`".to_string()),
            _ => Ok(()),
        }
    }

    /// The game asked for, if any.
    pub fn first_game(&self) -> Option<&'static GameEntry> {
        self.game.map(|n| &games::ALL[n])
    }

    /// The collection: at its start screen, or in the game (and game ID) asked for; its
    /// random games seeded with `seed`. An error says why the game ID was refused.
    pub fn app(&self, seed: &[u8]) -> Result<App, String> {
        let Some(entry) = self.first_game() else { return Ok(App::new(seed)) };
        let mut puzzle = match &self.id {
            None => (entry.new)(&[seed, entry.name.as_bytes()].concat()),
            Some(id) => {
                let mut puzzle = (entry.new)(seed);
                puzzle.set_game_id(id).map_err(|e| format!("{} game ID {}: {}", entry.name, id, e))?;
                puzzle
            }
        };
        puzzle.new_game(&mut NullDrawing::default());
        Ok(App::with_activity(Box::new(PuzzleActivity::new(puzzle)), seed))
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
