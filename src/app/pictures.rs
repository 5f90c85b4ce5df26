//! [`Pictures`]: Slide's pictures in the app. The built-in ones (`picture::builtin`, drawn
//! procedurally) and the ones the player loaded, kept in the host's [`PictureFolder`]
//! (`PICTURES\` beside the program) under 8.3 names so that they are offered again next
//! time; which one is shown; "Random picture" (each new game picks one at random among all
//! of them); and loading a file the player picked: read through the folder, decoded and
//! fitted by `picture`, refused with the decoder's reason, kept under a name of its own.
//!
//! - [`names`]: the 8.3 names; [`save_record`]: the picture's name in a save file;
//!   [`source`]: the pictures as `gfx::PictureSource`s the canvas paints tiles from.
//!
//! docs/slide.md describes the commands, the folder, the save record and the messages.

pub mod names;
pub mod save_record;
pub mod source;

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::RefCell;

use self::source::{BuiltinSource, LoadedSource};
use super::picture_folder::{MAX_PICTURE_FILE, PictureFolder};
use crate::gfx::PictureSource;
use crate::picture::{self, builtin::BUILTIN};
use crate::puzzle::random::RandomState;

/// The host's folder, shared by the collection and the game that shows pictures.
pub type SharedFolder = Rc<RefCell<dyn PictureFolder>>;

/// The folder's name as the player sees it (messages).
pub const FOLDER: &str = "PICTURES";

/// The pictures on offer and the one shown.
pub struct Pictures {
    folder: Option<SharedFolder>,
    /// The kept pictures' names (after the built-in ones in the list).
    kept: Vec<String>,
    current: usize,
    random: bool,
    rng: RandomState,
}

impl Pictures {
    /// The built-in pictures and those kept in `folder` (none without one); random choice
    /// on, seeded by `seed`; the first picture shown.
    pub fn new(folder: Option<SharedFolder>, seed: &[u8]) -> Self {
        let mut kept: Vec<String> = folder.as_ref().map(|f| f.borrow_mut().list()).unwrap_or_default();
        // A built-in picture's name wins (they have no dot, so this only drops oddities).
        kept.retain(|k| picture::builtin::find(k).is_none());
        Pictures { folder, kept, current: 0, random: true, rng: RandomState::new(&[seed, b"pictures"].concat()) }
    }

    /// Every picture's name: the built-in ones, then the kept ones.
    pub fn names(&self) -> Vec<&str> {
        BUILTIN.iter().map(|b| b.name).chain(self.kept.iter().map(String::as_str)).collect()
    }
    pub fn len(&self) -> usize {
        BUILTIN.len() + self.kept.len()
    }
    pub fn is_empty(&self) -> bool {
        false
    }
    /// The number of the picture shown.
    pub fn current(&self) -> usize {
        self.current
    }
    /// The name of the picture shown.
    pub fn current_name(&self) -> &str {
        self.names()[self.current]
    }
    /// Whether each new game picks a picture at random.
    pub fn is_random(&self) -> bool {
        self.random
    }
    pub fn set_random(&mut self, on: bool) {
        self.random = on;
    }
    /// The number of the picture called `name` (case does not matter).
    pub fn find(&self, name: &str) -> Option<usize> {
        self.names().iter().position(|n| n.eq_ignore_ascii_case(name))
    }

    /// Picks any picture at random (the first game's).
    pub fn pick_any(&mut self) -> usize {
        self.current = self.rng.upto(self.len() as u32) as usize;
        self.current
    }

    /// Picks a picture at random (another than the one shown, when there is another).
    pub fn pick_random(&mut self) -> usize {
        let n = self.len() as u32;
        if n > 1 {
            let k = self.rng.upto(n - 1) as usize;
            self.current = if k >= self.current { k + 1 } else { k };
        }
        self.current
    }

    /// Picture `n` as a source with pens from `first_pen`, and it becomes the one shown; a
    /// kept picture that cannot be read or decoded any more is refused with the reason (the
    /// one shown stays).
    pub fn source(&mut self, n: usize, first_pen: u8) -> Result<Box<dyn PictureSource>, String> {
        if let Some(b) = BUILTIN.get(n) {
            self.current = n;
            return Ok(Box::new(BuiltinSource::new(b, first_pen)));
        }
        let name = self.kept.get(n - BUILTIN.len()).cloned().ok_or_else(|| alloc::format!("No picture {}", n))?;
        let folder = self.folder.as_ref().ok_or_else(|| alloc::format!("No {} folder", FOLDER))?;
        let data = folder.borrow_mut().read_kept(&name)?;
        let image = picture::decode(&data).map_err(|e| alloc::format!("{}\\{}: {}", FOLDER, name, e))?;
        self.current = n;
        Ok(Box::new(LoadedSource::new(name, image, first_pen)))
    }

    /// Reads the file at `path`, decodes it, keeps it in the folder (under its own 8.3
    /// name, or the name of the same picture kept before) and shows it: its source, with
    /// pens from `first_pen`. Refused with a message that says what is wrong (the file
    /// cannot be read; the decoder's reason; the folder cannot take it), nothing changed.
    pub fn load_file(&mut self, path: &str, first_pen: u8) -> Result<Box<dyn PictureSource>, String> {
        let folder = self.folder.clone().ok_or_else(|| alloc::format!("No {} folder to keep pictures in", FOLDER))?;
        let data = folder.borrow_mut().read_path(path)?;
        if data.len() > MAX_PICTURE_FILE {
            return Err(alloc::format!("{} is too large for a picture", names::file_name(path)));
        }
        let format = picture::sniff(&data);
        let image = picture::decode(&data).map_err(|e| alloc::format!("{}: {}", names::file_name(path), e))?;
        let ext = format.map_or("PIC", |f| f.extension());
        let name = self.keep(&folder, &names::short_name(path, ext), &data)?;
        let n = match self.find(&name) {
            Some(n) => n,
            None => {
                self.kept.push(name.clone());
                self.len() - 1
            }
        };
        self.current = n;
        self.random = false;
        Ok(Box::new(LoadedSource::new(name, image, first_pen)))
    }

    /// Keeps `data` under `wanted` or one of its alternatives: a name already holding the
    /// same bytes is used as it is, one holding another picture is never overwritten.
    fn keep(&self, folder: &SharedFolder, wanted: &str, data: &[u8]) -> Result<String, String> {
        let mut f = folder.borrow_mut();
        let listed = f.list();
        let candidates = core::iter::once(String::from(wanted)).chain((1..=9).map(|k| names::alternative(wanted, k)));
        for name in candidates {
            let taken = listed.iter().any(|l| l.eq_ignore_ascii_case(&name)) || picture::builtin::find(&name).is_some();
            if !taken {
                f.keep(&name, data)?;
                return Ok(name);
            }
            if f.read_kept(&name).is_ok_and(|d| d == data) {
                return Ok(name);
            }
        }
        Err(alloc::format!("{} has ten pictures called {}: rename the file", FOLDER, wanted))
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
