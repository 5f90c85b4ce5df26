//! What the window reads and writes on disk (Load, Save, the clipboard's file), as a trait:
//! the host's replies take a [`Disk`], so their tests run with a disk in memory on both
//! machines. [`Gemdos`] is the machine's: `frontend::files` (a save written as a new file,
//! then renamed) on the 68030; elsewhere every call fails.

use alloc::string::String;
use alloc::vec::Vec;

/// Files and folders by path (GEMDOS paths: `C:\GAMES\FIFTEEN.SAV`).
pub trait Disk {
    /// The file `path` whole, or why not (shown to the user as it is).
    fn read(&mut self, path: &str) -> Result<Vec<u8>, String>;
    /// Writes `data` to `path` (new file, then renamed over the old one), or says why not.
    fn write(&mut self, path: &str, data: &[u8]) -> Result<(), String>;
    /// Makes the folder `path` (no trailing `\`); one that exists already is no failure, and
    /// a failure shows when its files are written.
    fn make_folder(&mut self, path: &str);
    /// The current drive and folder, as the file selector starts in them (`C:\GAMES\`,
    /// `A:\`), when the disk can say.
    fn current_folder(&mut self) -> Option<String>;
    /// The names (without folder) of the files matching `pattern` (`C:\CLIPBRD\SCRAP.*`).
    fn names(&mut self, pattern: &str) -> Vec<String>;
    /// Deletes the file `path`; whether it was deleted.
    fn delete(&mut self, path: &str) -> bool;
}

/// The folder [`Disk::current_folder`] names for `drive` (0 for A:) and GEMDOS's path of its
/// current folder (`\GAMES`, NUL-terminated, empty for the root): `C:\GAMES\`; `None` for a
/// drive beyond Z: or a path that is not text.
pub fn folder_text(drive: u16, path: &[u8]) -> Option<String> {
    let drive = u8::try_from(drive).ok().filter(|&d| d < 26)?;
    let letter = char::from(b'A' + drive);
    let end = path.iter().position(|&c| c == 0).unwrap_or(path.len());
    let path = core::str::from_utf8(&path[..end]).ok()?;
    let mut folder = alloc::format!("{letter}:");
    if !path.starts_with('\\') {
        folder.push('\\');
    }
    folder.push_str(path);
    if !folder.ends_with('\\') {
        folder.push('\\');
    }
    Some(folder)
}

/// The most names `Gemdos::names` lists.
#[cfg(all(target_arch = "m68k", feature = "target"))]
const MAX_NAMES: usize = 64;

/// The machine's disk, through GEMDOS.
pub struct Gemdos;

#[cfg(all(target_arch = "m68k", feature = "target"))]
impl Disk for Gemdos {
    fn read(&mut self, path: &str) -> Result<Vec<u8>, String> {
        crate::frontend::files::read(path)
    }

    fn write(&mut self, path: &str, data: &[u8]) -> Result<(), String> {
        crate::frontend::files::write(path, data)
    }

    fn make_folder(&mut self, path: &str) {
        if let Ok(c) = alloc::ffi::CString::new(path) {
            crate::runtime::gemdos::dcreate(&c);
        }
    }

    fn current_folder(&mut self) -> Option<String> {
        use crate::runtime::gemdos;
        let mut path = [0u8; gemdos::DGETPATH_LEN];
        if gemdos::dgetpath(&mut path, 0) < 0 {
            return None;
        }
        folder_text(gemdos::dgetdrv(), &path)
    }

    fn names(&mut self, pattern: &str) -> Vec<String> {
        crate::frontend::files::names(pattern, MAX_NAMES)
    }

    fn delete(&mut self, path: &str) -> bool {
        crate::frontend::files::delete(path)
    }
}

/// Without GEMDOS (the host's build): no disk.
#[cfg(not(all(target_arch = "m68k", feature = "target")))]
impl Disk for Gemdos {
    fn read(&mut self, path: &str) -> Result<Vec<u8>, String> {
        Err(alloc::format!("Cannot open {} (no disk here)", path))
    }

    fn write(&mut self, path: &str, _data: &[u8]) -> Result<(), String> {
        Err(alloc::format!("Cannot write {} (no disk here)", path))
    }

    fn make_folder(&mut self, _path: &str) {}

    fn current_folder(&mut self) -> Option<String> {
        None
    }

    fn names(&mut self, _pattern: &str) -> Vec<String> {
        Vec::new()
    }

    fn delete(&mut self, _path: &str) -> bool {
        false
    }
}
