//! [`RootedDisk`]: a [`RuleDisk`] whose names are all taken from the root of one drive, the
//! desk accessory's disk.
//!
//! Under TOS a desk accessory has no current folder of its own: GEMDOS resolves a relative
//! name, or one without a drive, in the current folder and drive of whichever program runs
//! at that moment (the desktop's window, a game's folder...). TETRHEX's manual says the same
//! of the original accessory ("the current path is not local to the application", which
//! caused errors) and keeps its files at the root of the boot partition. So the accessory's
//! TETRHEX names every file absolutely: this adaptor makes each name absolute in the root of
//! the drive it is given (the boot drive, system variable `_bootdev`, read by the 68030
//! code that builds it) and hands it to the disk it wraps (`TosRuleDisk` there, the
//! in-memory disk in the tests). The rule, per name:
//!
//! | name | becomes | why |
//! | --- | --- | --- |
//! | `TETRHEX.RUL`, `RULES\X.RUL` | `C:\TETRHEX.RUL`, `C:\RULES\X.RUL` | relative: from the root |
//! | `\TETRHEX.RUL` | `C:\TETRHEX.RUL` | no drive: the boot drive's, not the running program's |
//! | `A:TETRHEX.RUL` | `A:\TETRHEX.RUL` | a drive without a folder means that drive's current folder, which is the running program's too: its root |
//! | `A:\X\TETRHEX.RUL` | kept | already absolute (the file selector's names) |
//!
//! Nothing else changes: the errors are the wrapped disk's, with the absolute names in them,
//! which tell the player where the file was looked for.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::app::tetrhex::rule_disk::RuleDisk;

/// The letter of GEMDOS drive number `drive` (0 = `A`, 2 = `C`, as `_bootdev` counts), or
/// `None` past `Z`.
pub fn drive_letter(drive: u16) -> Option<char> {
    char::from_u32(u32::from(b'A') + u32::from(drive)).filter(|c| c.is_ascii_uppercase())
}

/// `name` (relative, no drive) at the root of drive number `drive`: `C:\PICTURES`; `None`
/// past `Z`.
pub fn at_root(drive: u16, name: &str) -> Option<String> {
    Some(format!("{}:\\{}", drive_letter(drive)?, name))
}

/// A disk whose names are made absolute in the root of `drive` before `inner` sees them.
pub struct RootedDisk<D> {
    /// The drive letter, `A`–`Z`.
    drive: char,
    inner: D,
}

impl<D> RootedDisk<D> {
    /// The root of drive number `drive` (0 = A:, 2 = C:, as GEMDOS and `_bootdev` count),
    /// or `None` for a number past Z:.
    pub fn new(drive: u16, inner: D) -> Option<Self> {
        Some(RootedDisk { drive: drive_letter(drive)?, inner })
    }

    /// The root as a name: `C:\`.
    pub fn root(&self) -> String {
        format!("{}:\\", self.drive)
    }

    /// `name` made absolute by the rule of the module's documentation.
    pub fn absolute(&self, name: &str) -> String {
        let bytes = name.as_bytes();
        let (drive, rest) = if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' {
            (char::from(bytes[0]), &name[2..])
        } else {
            (self.drive, name)
        };
        format!("{}:\\{}", drive, rest.strip_prefix('\\').unwrap_or(rest))
    }

    /// The disk it wraps.
    pub fn inner(&self) -> &D {
        &self.inner
    }
}

impl<D: RuleDisk> RuleDisk for RootedDisk<D> {
    fn read(&mut self, path: &str) -> Result<Vec<u8>, String> {
        let path = self.absolute(path);
        self.inner.read(&path)
    }

    fn create(&mut self, path: &str, data: &[u8]) -> Result<(), String> {
        let path = self.absolute(path);
        self.inner.create(&path, data)
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), String> {
        let (from, to) = (self.absolute(from), self.absolute(to));
        self.inner.rename(&from, &to)
    }

    fn delete(&mut self, path: &str) -> Result<(), String> {
        let path = self.absolute(path);
        self.inner.delete(&path)
    }

    fn exists(&mut self, path: &str) -> bool {
        let path = self.absolute(path);
        self.inner.exists(&path)
    }

    fn now(&mut self) -> u32 {
        self.inner.now()
    }
}

/// Tests on the host and the 68030.
#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
