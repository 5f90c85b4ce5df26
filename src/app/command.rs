//! [`Command`]: everything a user can ask for outside the game itself. A GEM menu item, a
//! full-screen key press and a line of the text front end all end in the same `Command`,
//! handed to the same call (`Activity::command`).

use alloc::string::String;
use alloc::vec::Vec;

use super::dialog::Dialog;

/// A request to the app (Tatham's `UI_NEWGAME`... fake keys and menu callbacks, as one type).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// A new game with the current parameters (undoable when they did not change).
    NewGame,
    /// Back to the start position (undoable).
    Restart,
    Undo,
    Redo,
    /// Jump to the solved position (undoable).
    Solve,
    /// Play the solution move by move from here, animated.
    ShowSolution,
    /// Start a game of the `n`th preset of the Type menu.
    Preset(usize),
    /// Asks for the Custom dialog (the reply carries it).
    Custom,
    /// Asks for the "Game ID" dialog.
    GameId,
    /// Asks for the "Random seed" dialog.
    RandomSeed,
    /// Asks for the Preferences dialog.
    Preferences,
    /// A dialog the app asked for, filled in and confirmed (OK).
    ApplyDialog(Dialog),
    /// Asks to load a saved game (File > Load...): the reply asks the front end to pick a file.
    Load,
    /// The contents of the save file the user picked.
    LoadData(Vec<u8>),
    /// Asks for the save file of the game in progress (the reply carries it; the front end
    /// picks where to write it).
    Save,
    /// Asks for the position as text (Edit > Copy).
    CopyText,
    /// Asks for help on the current game.
    Help,
    /// Asks for the About text.
    About,
    /// Leave the game for the collection's start screen.
    BackToCollection,
    /// Leave the program.
    Quit,
    /// Switch to the `n`th game of the collection (`games::ALL`).
    ChooseGame(usize),
    /// Asks to load a picture of one's own (Slide's Picture > Load picture...): the reply
    /// asks the front end to pick a file.
    LoadPicture,
    /// The file the player picked for Load picture (a path, as the file selector or the
    /// file-name field gave it): the app reads it through the host's picture folder.
    LoadPictureFile(String),
    /// The rule file the player picked for TETRHEX's "load a rule" (Undo in its main menu; a
    /// path, as the file selector or the file-name field gave it): read through the host's
    /// rule disk.
    LoadRuleFile(String),
    /// Each new game picks its picture at random (Picture > Random picture); picks one now.
    RandomPicture,
    /// Show the `n`th picture (built-in ones first, then the loaded ones) from now on.
    ChoosePicture(usize),
}
