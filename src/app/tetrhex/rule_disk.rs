//! [`RuleDisk`]: TETRHEX's only way to rule files on the disk, and the safe saving of a rule
//! file whose best scores changed ([`save_rule_file`]). The host owns the disk (GEMDOS on
//! the Falcon: `frontend::rule_disk`); the tests and the host-test host use [`MemoryDisk`].
//!
//! A rule file holds its best scores at its end (manual section 6.8), so a new score rewrites
//! the file. The original must never be lost or damaged, whatever fails (a full disk, a
//! write-protected floppy, a disk swapped), so the new file is written beside it first:
//!
//! 1. write the new bytes to `NAME.$$$` in the rule file's folder;
//! 2. read them back and compare;
//! 3. rename the rule file to `NAME.$$B` (its backup);
//! 4. rename `NAME.$$$` to the rule file's name;
//! 5. delete the backup.
//!
//! A failure at any step undoes the steps before it (the backup renamed back, the new file
//! renamed back to `NAME.$$$` when the backup could not be deleted) and deletes `NAME.$$$`,
//! so the rule file is left byte for byte as it was. Renames never replace a file (GEMDOS
//! `Frename` refuses an existing target), so a step cannot destroy anything either. Should
//! the machine stop between steps 3 and 4, the rule file is missing and its backup is
//! `NAME.$$B`: [`read_rule_file`] says so.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::exit_code::{ExitCode, Failure};
use crate::rul::loader::load;
use crate::rul::model::{RuleFile, ScoreEntry};
use crate::rul::scores::with_scores;

/// The largest rule file read: 255 patterns, shapes and signals, code, help in several
/// languages and 4 × 255 scores stay well below it.
pub const MAX_RULE_FILE: usize = 512 * 1024;

/// The extension of the new file written beside the rule file during a save.
pub const TEMPORARY_EXTENSION: &str = "$$$";
/// The extension the rule file has while the new one takes its name.
pub const BACKUP_EXTENSION: &str = "$$B";

/// The disk as the app shares it (the collection keeps it and gives it to each rule started).
pub type SharedRuleDisk = alloc::rc::Rc<core::cell::RefCell<dyn RuleDisk>>;

/// The rule files' disk. Paths are GEMDOS paths (`C:\TETRHEX\TETRHEX.RUL`, `TETRHEX.RUL`),
/// compared without regard to case. Errors are sentences for the player.
pub trait RuleDisk {
    /// The whole file at `path` (at most [`MAX_RULE_FILE`] bytes), or why not.
    fn read(&mut self, path: &str) -> Result<Vec<u8>, String>;
    /// Creates the file `path` (emptying it if it exists) and writes `data` into it.
    fn create(&mut self, path: &str, data: &[u8]) -> Result<(), String>;
    /// Renames `from` to `to` (in the same folder); fails if `to` exists.
    fn rename(&mut self, from: &str, to: &str) -> Result<(), String>;
    /// Deletes the file `path`.
    fn delete(&mut self, path: &str) -> Result<(), String>;
    /// Whether the file `path` exists.
    fn exists(&mut self, path: &str) -> bool;
    /// The date and time now, packed as XBIOS `Gettime` gives it (`rul::scores`): the date
    /// of a new score, as the disk would stamp a file.
    fn now(&mut self) -> u32;
}

/// `path` with the extension of its file name replaced by `extension` (added if it has
/// none): `C:\TETRHEX\TETRHEX.RUL` → `C:\TETRHEX\TETRHEX.$$$`.
pub fn sibling(path: &str, extension: &str) -> String {
    let name_at = path.rfind(['\\', ':']).map_or(0, |i| i + 1);
    let stem_len = path[name_at..].find('.').unwrap_or(path.len() - name_at);
    format!("{}.{}", &path[..name_at + stem_len], extension)
}

/// Reads and loads the rule file at `path`: its bytes (to give [`save_rule_file`] later)
/// and the rule. A missing file, an unreadable one and one that is not a rule file each get
/// their own message and exit code (7, -1 and 8: section 8.2).
pub fn read_rule_file(disk: &mut dyn RuleDisk, path: &str) -> Result<(Vec<u8>, RuleFile), Failure> {
    if !disk.exists(path) {
        let backup = sibling(path, BACKUP_EXTENSION);
        let message = if disk.exists(&backup) {
            format!(
                "The rule file {} is missing, but {} is there: a save of the scores was interrupted. \
                 Rename {} to {}.",
                path, backup, backup, path
            )
        } else {
            format!("The rule file {} was not found.", path)
        };
        return Err(Failure::new(ExitCode::RuleFileNotFound, message));
    }
    let bytes = disk
        .read(path)
        .map_err(|e| Failure::new(ExitCode::SystemError, format!("Cannot read the rule file {}: {}", path, e)))?;
    match load(&bytes) {
        Ok(rule) => Ok((bytes, rule)),
        Err(e) => Err(Failure::new(
            ExitCode::BadRuleFile,
            format!("{} is not a valid rule file ({:?} at byte {}).", path, e.reason, e.offset),
        )),
    }
}

/// Why a save did not go as it should: the message for the player, and whether the new
/// bytes are in the rule file all the same (only the last step, the backup's deletion, and
/// its undo failed).
struct Unsaved {
    message: String,
    saved: bool,
}

impl From<String> for Unsaved {
    fn from(message: String) -> Self {
        Unsaved { message, saved: false }
    }
}

/// Steps 1 and 2: `bytes` written to `temporary` and read back. On a failure `temporary` is
/// deleted (as far as the disk lets it) and the message says why.
fn write_checked(disk: &mut dyn RuleDisk, temporary: &str, bytes: &[u8]) -> Result<(), String> {
    let written = disk.create(temporary, bytes).and_then(|()| match disk.read(temporary) {
        Ok(back) if back == bytes => Ok(()),
        Ok(_) => Err(String::from("what was read back differs from what was written (disk full?)")),
        Err(e) => Err(e),
    });
    written.map_err(|e| {
        let _ = disk.delete(temporary);
        format!("Not saved: cannot write {}: {}", temporary, e)
    })
}

/// Replaces the rule file at `path` with `new_bytes` by the safe sequence of the module's
/// documentation. On an error the file at `path` is as it was. `new_bytes` must load as a
/// rule file (a bad one is refused before anything is written).
pub fn save_rule_file(disk: &mut dyn RuleDisk, path: &str, new_bytes: &[u8]) -> Result<(), String> {
    replace_rule_file(disk, path, new_bytes).map_err(|u| u.message)
}

/// The rule file `path`, which is not on the disk, written with `bytes` by the same safe
/// sequence without the steps that concern the old file: `NAME.$$$` written and read back,
/// then renamed to the rule file's name. So a full disk or a write that lies never leaves a
/// truncated rule file (the next start would refuse it, exit code 8): on an error there is
/// no rule file and no `NAME.$$$`. Refused before anything is written: bytes that do not
/// load, a rule file that is there, and a backup `NAME.$$B` (an interrupted save: the rule
/// file is in it).
pub fn create_rule_file(disk: &mut dyn RuleDisk, path: &str, bytes: &[u8]) -> Result<(), String> {
    if let Err(e) = load(bytes) {
        return Err(format!("Not saved: the new {} would not be a valid rule file ({:?}).", path, e.reason));
    }
    if disk.exists(path) {
        return Err(format!("Not saved: the rule file {} is already there.", path));
    }
    let temporary = sibling(path, TEMPORARY_EXTENSION);
    let backup = sibling(path, BACKUP_EXTENSION);
    if disk.exists(&backup) {
        return Err(format!("Not saved: {} is in the way (the backup of an interrupted save?).", backup));
    }
    write_checked(disk, &temporary, bytes)?;
    if let Err(e) = disk.rename(&temporary, path) {
        let _ = disk.delete(&temporary);
        return Err(format!("Not saved: cannot rename {} to {}: {}", temporary, path, e));
    }
    Ok(())
}

/// [`save_rule_file`], telling apart the one failure after which the new bytes are saved.
fn replace_rule_file(disk: &mut dyn RuleDisk, path: &str, new_bytes: &[u8]) -> Result<(), Unsaved> {
    if let Err(e) = load(new_bytes) {
        return Err(format!("Not saved: the new {} would not be a valid rule file ({:?}).", path, e.reason).into());
    }
    if !disk.exists(path) {
        return Err(format!("Not saved: the rule file {} was not found.", path).into());
    }
    let temporary = sibling(path, TEMPORARY_EXTENSION);
    let backup = sibling(path, BACKUP_EXTENSION);
    if disk.exists(&backup) {
        return Err(format!("Not saved: {} is in the way (the backup of an interrupted save?).", backup).into());
    }
    // 1, 2: the new file beside the old one, read back.
    write_checked(disk, &temporary, new_bytes)?;
    // 3: the old file becomes the backup.
    if let Err(e) = disk.rename(path, &backup) {
        let _ = disk.delete(&temporary);
        return Err(format!("Not saved: cannot rename {} to {}: {}", path, backup, e).into());
    }
    // 4: the new file takes the name.
    if let Err(e) = disk.rename(&temporary, path) {
        return match disk.rename(&backup, path) {
            Ok(()) => {
                let _ = disk.delete(&temporary);
                Err(format!("Not saved: cannot rename {} to {}: {}", temporary, path, e).into())
            }
            Err(e2) => Err(format!(
                "Not saved: cannot rename {} to {} ({}), nor {} back ({}). The rule file is now {}.",
                temporary, path, e, backup, e2, backup
            )
            .into()),
        };
    }
    // 5: the backup goes. If it cannot, the old file comes back.
    if let Err(e) = disk.delete(&backup) {
        if let Err(e2) = disk.rename(path, &temporary) {
            // The new file keeps the name: saved, with the backup left beside it.
            return Err(Unsaved {
                message: format!(
                    "The scores were saved, but {} could not be deleted ({}) nor the old file put back ({}).",
                    backup, e, e2
                ),
                saved: true,
            });
        }
        return match disk.rename(&backup, path) {
            Ok(()) => {
                let _ = disk.delete(&temporary);
                Err(format!("Not saved: cannot delete {}: {}", backup, e).into())
            }
            // The old file cannot come back: the new one goes back to the name, if it can.
            Err(e2) => match disk.rename(&temporary, path) {
                Ok(()) => Err(Unsaved {
                    message: format!(
                        "The scores were saved, but {} could not be deleted ({}) nor the old file put back ({}).",
                        backup, e, e2
                    ),
                    saved: true,
                }),
                Err(e3) => Err(format!(
                    "Not saved: {} could not be deleted ({}), nor renamed back ({}), nor {} to {} ({}). The rule \
                     file is now {}.",
                    backup, e, e2, temporary, path, e3, backup
                )
                .into()),
            },
        };
    }
    Ok(())
}

/// What [`save_scores`] did: the rule as the file now holds it, the last entry's rank in it
/// (`None` when it did not enter), and a message when the scores are saved but a backup is
/// left on the disk.
#[derive(Debug)]
pub struct Saved {
    pub rule: RuleFile,
    pub rank: Option<usize>,
    pub warning: Option<String>,
}

/// Puts `entries` (each a board side and a score) into the best scores of the rule file at
/// `path`, read afresh (a table changed meanwhile is kept), and saves the file safely if any
/// of them entered. Without the rule file (and without its backup), its table is `absent`'s
/// (the built-in rule file) and the file is created by [`create_rule_file`]. A missing rule
/// file whose backup is there (an interrupted save) is not created again: the message is
/// [`read_rule_file`]'s. On an error nothing of the file changed.
pub fn save_scores(
    disk: &mut dyn RuleDisk,
    path: &str,
    absent: &[u8],
    entries: &[(u8, ScoreEntry)],
) -> Result<Saved, String> {
    let exists = disk.exists(path);
    let (bytes, mut rule) = if exists || disk.exists(&sibling(path, BACKUP_EXTENSION)) {
        read_rule_file(disk, path)?
    } else {
        let rule = load(absent).map_err(|e| format!("Not saved: the built-in rule does not load ({:?}).", e.reason))?;
        (absent.to_vec(), rule)
    };
    let mut rank = None;
    let mut entered = false;
    for &(side, entry) in entries {
        rank = rule.insert_score(side, entry);
        entered |= rank.is_some();
    }
    if !entered {
        return Ok(Saved { rule, rank, warning: None });
    }
    let new_bytes = with_scores(&bytes, &rule.scores).map_err(|e| format!("Not saved: {}: {}", path, e.message()))?;
    let written = if exists {
        replace_rule_file(disk, path, &new_bytes)
    } else {
        create_rule_file(disk, path, &new_bytes).map_err(Unsaved::from)
    };
    match written {
        Ok(()) => Ok(Saved { rule, rank, warning: None }),
        Err(Unsaved { message, saved: true }) => Ok(Saved { rule, rank, warning: Some(message) }),
        Err(Unsaved { message, .. }) => Err(message),
    }
}

/// At a game's end: reads the rule file at `path` afresh, inserts `entry` into the best
/// scores of board side `side` and, if it entered, saves the file safely. Returns the
/// entry's rank (0 for the best) and the rule as saved, or `None` when the score was not
/// good enough (nothing is written then).
pub fn record_score(
    disk: &mut dyn RuleDisk,
    path: &str,
    side: u8,
    entry: ScoreEntry,
) -> Result<Option<(usize, RuleFile)>, String> {
    let (bytes, mut rule) = read_rule_file(disk, path)?;
    let Some(rank) = rule.insert_score(side, entry) else {
        return Ok(None);
    };
    let new_bytes = with_scores(&bytes, &rule.scores).map_err(|e| format!("Not saved: {}: {}", path, e.message()))?;
    save_rule_file(disk, path, &new_bytes)?;
    Ok(Some((rank, rule)))
}

/// A disk in memory (the tests' and the host-test host's), with faults on demand: every
/// call of `read`, `create`, `rename` and `delete` is one operation, numbered from 0.
#[derive(Clone, Debug, Default)]
pub struct MemoryDisk {
    /// The files by path.
    pub files: Vec<(String, Vec<u8>)>,
    /// Operations done so far.
    pub operations: usize,
    /// Operations that fail. A failing `create` leaves the first half of the data in the
    /// file (a disk that filled up); the others change nothing.
    pub failing: Vec<usize>,
    /// An operation that, if it is a `create`, writes only the first half of the data and
    /// says it all went well (a disk that lies).
    pub short_write: Option<usize>,
    /// What [`RuleDisk::now`] answers.
    pub clock: u32,
    /// A write-protected disk (a floppy's tab): every `create`, `rename` and `delete` fails
    /// and changes nothing; `read` works.
    pub write_protected: bool,
    /// The bytes the disk holds at most, all files together (`None`: no limit). A `create`
    /// that does not fit writes what fits and fails, as a full disk does.
    pub capacity: Option<usize>,
}

impl MemoryDisk {
    /// A disk with these files.
    pub fn with_files(files: &[(&str, &[u8])]) -> Self {
        MemoryDisk { files: files.iter().map(|(p, d)| (String::from(*p), d.to_vec())).collect(), ..Default::default() }
    }

    /// The contents of `path`, if it exists.
    pub fn file(&self, path: &str) -> Option<&[u8]> {
        self.files.iter().find(|f| f.0.eq_ignore_ascii_case(path)).map(|f| f.1.as_slice())
    }

    fn index(&self, path: &str) -> Option<usize> {
        self.files.iter().position(|f| f.0.eq_ignore_ascii_case(path))
    }

    /// Counts an operation; `true` when it is to fail.
    fn operation(&mut self) -> (usize, bool) {
        let n = self.operations;
        self.operations += 1;
        (n, self.failing.contains(&n))
    }
}

impl RuleDisk for MemoryDisk {
    fn read(&mut self, path: &str) -> Result<Vec<u8>, String> {
        let (n, fail) = self.operation();
        if fail {
            return Err(format!("read error (operation {})", n));
        }
        self.file(path).map(|d| d.to_vec()).ok_or_else(|| format!("{} not found", path))
    }

    fn create(&mut self, path: &str, data: &[u8]) -> Result<(), String> {
        let (n, fail) = self.operation();
        if self.write_protected {
            return Err(String::from("the disk is write-protected"));
        }
        let short = fail || self.short_write == Some(n);
        let mut kept = if short { &data[..data.len() / 2] } else { data };
        let mut full = false;
        if let Some(capacity) = self.capacity {
            let others: usize = self.files.iter().filter(|f| !f.0.eq_ignore_ascii_case(path)).map(|f| f.1.len()).sum();
            let room = capacity.saturating_sub(others);
            if kept.len() > room {
                kept = &kept[..room];
                full = true;
            }
        }
        match self.index(path) {
            Some(i) => self.files[i].1 = kept.to_vec(),
            None => self.files.push((String::from(path), kept.to_vec())),
        }
        if fail || full { Err(format!("disk full (operation {})", n)) } else { Ok(()) }
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), String> {
        let (n, fail) = self.operation();
        if self.write_protected {
            return Err(String::from("the disk is write-protected"));
        }
        if fail {
            return Err(format!("write error (operation {})", n));
        }
        if self.index(to).is_some() {
            return Err(format!("{} exists", to));
        }
        let i = self.index(from).ok_or_else(|| format!("{} not found", from))?;
        self.files[i].0 = String::from(to);
        Ok(())
    }

    fn delete(&mut self, path: &str) -> Result<(), String> {
        let (n, fail) = self.operation();
        if self.write_protected {
            return Err(String::from("the disk is write-protected"));
        }
        if fail {
            return Err(format!("write error (operation {})", n));
        }
        let i = self.index(path).ok_or_else(|| format!("{} not found", path))?;
        self.files.remove(i);
        Ok(())
    }

    fn exists(&mut self, path: &str) -> bool {
        self.index(path).is_some()
    }

    fn now(&mut self) -> u32 {
        self.clock
    }
}

/// Tests on the host and the 68030.
#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
