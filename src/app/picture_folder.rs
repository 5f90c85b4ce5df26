//! [`PictureFolder`]: the app's only way to the disk for pictures. The host owns the disk
//! and implements this (the full-screen and GEM hosts with GEMDOS calls on a folder
//! `PICTURES\` beside the program; the host-test host and the tests with [`MemoryFolder`]);
//! the app decides what to read and keep (`app::pictures`).
//!
//! Names of kept pictures are bare 8.3 names (`SUNSET.PI1`), the folder's own business
//! where they live. Paths of files the player picked are whatever the file selector or the
//! file-name field gave (`A:\PICS\SUNSET.PI1`).

use alloc::string::String;
use alloc::vec::Vec;

/// The largest picture file read (a 1024×1024 uncompressed TGA is 3 MiB; a DEGAS picture 32 KiB).
pub const MAX_PICTURE_FILE: usize = 4 * 1024 * 1024;

/// Where loaded pictures are kept, and the disk behind the player's file choice.
pub trait PictureFolder {
    /// The names of the pictures kept, in the folder's order (none if there is no folder).
    fn list(&mut self) -> Vec<String>;
    /// The contents of the kept picture `name`, or why not (gone, unreadable).
    fn read_kept(&mut self, name: &str) -> Result<Vec<u8>, String>;
    /// The contents of the file at `path` (the player's choice), or why not.
    fn read_path(&mut self, path: &str) -> Result<Vec<u8>, String>;
    /// Keeps `data` as a new picture `name`, which the caller has checked is not taken
    /// (the folder is created if missing; written as a new file, then renamed).
    fn keep(&mut self, name: &str, data: &[u8]) -> Result<(), String>;
}

/// A folder in memory: the kept pictures, and other files by path (the host-test host's
/// disk; tests).
#[derive(Clone, Default, Debug)]
pub struct MemoryFolder {
    pub kept: Vec<(String, Vec<u8>)>,
    pub files: Vec<(String, Vec<u8>)>,
}

impl MemoryFolder {
    /// A folder with these files outside it (by path) and nothing kept.
    pub fn with_files(files: Vec<(String, Vec<u8>)>) -> Self {
        MemoryFolder { kept: Vec::new(), files }
    }
}

impl PictureFolder for MemoryFolder {
    fn list(&mut self) -> Vec<String> {
        self.kept.iter().map(|k| k.0.clone()).collect()
    }
    fn read_kept(&mut self, name: &str) -> Result<Vec<u8>, String> {
        let k = self.kept.iter().find(|k| k.0.eq_ignore_ascii_case(name));
        k.map(|k| k.1.clone()).ok_or_else(|| alloc::format!("Cannot open PICTURES\\{}", name))
    }
    fn read_path(&mut self, path: &str) -> Result<Vec<u8>, String> {
        let f = self.files.iter().find(|f| f.0.eq_ignore_ascii_case(path));
        f.map(|f| f.1.clone()).ok_or_else(|| alloc::format!("Cannot open {}", path))
    }
    fn keep(&mut self, name: &str, data: &[u8]) -> Result<(), String> {
        if self.kept.iter().any(|k| k.0.eq_ignore_ascii_case(name)) {
            return Err(alloc::format!("PICTURES\\{} exists already", name));
        }
        self.kept.push((name.into(), data.into()));
        Ok(())
    }
}
