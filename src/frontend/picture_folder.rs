//! The picture folder on the disk: `PICTURES\` in the current folder (the program's own
//! when the desktop starts it), or at the root of the boot drive for the desk accessory,
//! which has no current folder of its own (`C:\PICTURES\`, as its TETRHEX files:
//! `frontend::rooted_disk`), through GEMDOS. Both hosts and the accessory give it to the
//! app (`App::set_picture_folder`); the app decides what to read and keep
//! (`app::pictures`).
//!
//! - listing: `files::names` of `PICTURES\*.*` (Fsfirst/Fsnext, the process's DTA put
//!   back after it);
//! - reading: Fopen, Fread in 4 KiB pieces up to `MAX_PICTURE_FILE`, Fclose;
//! - keeping: Dcreate of the folder (an existing one is fine), the data written to
//!   `PICTURES\NAME.$$$`, closed, then Frename to the final name, which fails rather than
//!   replace an existing file; a failed write deletes the temporary file.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::RefCell;

use crate::app::App;
use crate::app::picture_folder::{MAX_PICTURE_FILE, PictureFolder};
use crate::app::pictures::SharedFolder;
use crate::frontend::gemdos_file::{ReadError, c_name, read_whole};
use crate::machine::system::Os;
use crate::runtime::gemdos;

/// The folder's name.
const FOLDER: &str = "PICTURES";

/// The most names listed (a folder of a few hundred pictures is already a long menu).
const MAX_LISTED: usize = 200;

/// The picture folder through GEMDOS.
pub struct TosPictureFolder {
    /// The folder's path: `PICTURES` (in the current folder) or `C:\PICTURES`.
    folder: String,
}

impl TosPictureFolder {
    /// `PICTURES` in the current folder.
    pub fn in_current_folder() -> Self {
        TosPictureFolder { folder: String::from(FOLDER) }
    }

    /// `PICTURES` at the root of drive `drive` (0 = A:, 2 = C:, as `_bootdev` counts), or
    /// `None` past Z:.
    pub fn at_root_of(drive: u16) -> Option<Self> {
        Some(TosPictureFolder { folder: crate::frontend::rooted_disk::at_root(drive, FOLDER)? })
    }
}

/// Gives `app` the folder when a TOS runs (`os`); without one there is none (Hatari's
/// TOS-less mode refuses Fsetdta and Fsfirst: Slide then offers its built-in pictures only).
pub fn give_to(app: &mut App, os: Os) {
    if os == Os::Tos {
        let folder: SharedFolder = Rc::new(RefCell::new(TosPictureFolder::in_current_folder()));
        app.set_picture_folder(folder);
    }
}

/// Gives the accessory's `app` the folder at the root of the boot drive (`boot_drive`, from
/// `_bootdev`; none without a TOS or a drive).
pub fn give_to_accessory(app: &mut App, os: Os, boot_drive: Option<u16>) {
    if os == Os::Tos
        && let Some(folder) = boot_drive.and_then(TosPictureFolder::at_root_of)
    {
        let folder: SharedFolder = Rc::new(RefCell::new(folder));
        app.set_picture_folder(folder);
    }
}

/// A file read whole, or why not.
fn read(path: &str) -> Result<Vec<u8>, String> {
    read_whole(&c_name(path)?, MAX_PICTURE_FILE).map_err(|e| match e {
        ReadError::Open(code) => format!("Cannot open {} (GEMDOS error {})", path, code),
        ReadError::Read(code) => format!("Cannot read {} (GEMDOS error {})", path, code),
        ReadError::TooLarge => format!("{} is too large for a picture (at most {} KiB)", path, MAX_PICTURE_FILE / 1024),
        ReadError::NoMemory => format!("Not enough memory to read {}", path),
    })
}

impl PictureFolder for TosPictureFolder {
    fn list(&mut self) -> Vec<String> {
        let mut names = crate::frontend::files::names(&format!("{}\\*.*", self.folder), MAX_LISTED);
        // Temporary files of an interrupted keep are not pictures.
        names.retain(|name| !name.ends_with(".$$$"));
        names.sort();
        names
    }

    fn read_kept(&mut self, name: &str) -> Result<Vec<u8>, String> {
        read(&format!("{}\\{}", self.folder, name))
    }

    fn read_path(&mut self, path: &str) -> Result<Vec<u8>, String> {
        read(path)
    }

    fn keep(&mut self, name: &str, data: &[u8]) -> Result<(), String> {
        let folder = c_name(&self.folder)?;
        // An existing folder answers an error: the Fcreate below tells whether it is there.
        gemdos::dcreate(&folder);
        let stem = name.split('.').next().unwrap_or(name);
        let temp_name = format!("{}\\{}.$$$", self.folder, stem);
        let temp = c_name(&temp_name)?;
        let target = c_name(&format!("{}\\{}", self.folder, name))?;
        let handle = gemdos::fcreate(&temp);
        if handle < 0 {
            return Err(format!("Cannot create {} (GEMDOS error {})", temp_name, handle));
        }
        let written = gemdos::fwrite(handle as u16, data);
        let closed = gemdos::fclose(handle as u16);
        if written != data.len() as i32 || closed < 0 {
            gemdos::fdelete(&temp);
            return Err(format!("Cannot write {}\\{} (disk full?)", self.folder, name));
        }
        // Frename refuses an existing target: a picture already there is never replaced.
        let renamed = gemdos::frename(&temp, &target);
        if renamed < 0 {
            gemdos::fdelete(&temp);
            return Err(format!("Cannot keep {}\\{} (GEMDOS error {})", self.folder, name, renamed));
        }
        Ok(())
    }
}
